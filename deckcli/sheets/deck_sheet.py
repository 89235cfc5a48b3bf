"""What a deck sheet shows, assembled from the analysis and the rules: pull list, side deck, verdicts, charts.

Nothing here draws HTML; :mod:`deckcli.sheets.pages` renders these records
through the Jinja2 templates. Counts include copies; Strength is printed
Strength; probabilities are fractions 0–1 from :mod:`deckcli.analysis.probability` (exact).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

from deckcli.analysis.main_deck import MainDeck, main_deck
from deckcli.analysis.odds import draw_model
from deckcli.analysis.probability import p_at_least_one
from deckcli.analysis.stats import (
    exposure_table,
    histogram_table,
    row_table,
    side_deck_table,
    strength_table,
)
from deckcli.catalog.abilities import ability_name
from deckcli.catalog.loading import default_catalog
from deckcli.catalog.model import ROW_NAMES, ROWS, Card, Catalog
from deckcli.catalog.names import fold
from deckcli.deck.resolution import Placed, ResolvedDeck
from deckcli.rules.builtin import builtin_rule_set, builtin_rule_sets
from deckcli.rules.judging import judge_deck
from deckcli.sheets.charts import (
    DASHES,
    PALETTE,
    Bar,
    Chart,
    Series,
    bar_chart,
    histogram,
    line_chart,
)
from deckcli.text import counted

if TYPE_CHECKING:
    from deckcli.game.simulation.report import SimulationReport

KIND_TITLES = {"leader": "Leader", "hero": "Heroes", "unit": "Unit Cards", "special": "Special Cards",
               "weather": "Weather Cards"}
"""Box-sorting order of kinds (rulebook §5): the Leader, Heroes, other units, Special Cards, Weather Cards."""
KIND_ORDER = tuple(KIND_TITLES)
KEY_ABILITIES = ("spy", "medic", "scorch", "horn", "decoy", "mardroeme", "morale", "summon", "berserker")
"""Abilities that make a card a key card for the odds chart (besides Heroes and Muster groups)."""
HAND_SIZES = range(1, 16)
"""The hand sizes the odds chart plots (cards held, 1 to 15)."""


@dataclass(frozen=True)
class PullLine:
    """One card to take from the box: ``name``, ``copies``, printed ``strength``, its ``abilities`` in words."""

    name: str
    copies: int
    strength: int | None
    abilities: str
    hero: bool = False
    shared: bool = False


@dataclass(frozen=True)
class PullGroup:
    """Cards of one kind and row, in name order, as a player sorts the box."""

    title: str
    lines: tuple[PullLine, ...]

    @property
    def copies(self) -> int:
        return sum(line.copies for line in self.lines)


@dataclass(frozen=True)
class SideLine:
    """A side-deck card to set aside (§2): ``needed`` copies, ``listed`` in ``[side]``, for which cards."""

    name: str
    needed: int
    listed: int
    printed: int
    reason: str


@dataclass(frozen=True)
class RuleVerdict:
    """The deck under one built-in rule set: ``legal``, the summary figures, every violation message."""

    rules: str
    label: str
    legal: bool
    summary: str
    findings: tuple[str, ...]


@dataclass(frozen=True)
class DeckSheet:
    """Everything a deck sheet prints for one deck."""

    where: str
    name: str
    faction: str
    leader: str | None
    leader_ability: str | None
    leader_activation: str | None
    pull: tuple[PullGroup, ...]
    side: tuple[SideLine, ...]
    verdicts: tuple[RuleVerdict, ...]
    charts: tuple[Chart, ...]
    units: int
    heroes: int
    specials: int
    strength: int
    deck_size: int
    hero_names: tuple[str, ...]
    left_out: tuple[str, ...] = field(default=())
    unresolved: bool = False
    simulation: SimulationReport | None = None
    """The simulated matchups (``sheet --simulate``), or ``None``."""

    @property
    def matchups(self) -> list[dict[str, str]]:
        """The simulated matchups as the sheet's table shows them (opponent, games, won, drew, lost, win rate
        with its 95% interval), the overall row last; none without a simulation."""
        return self.simulation.matchup_rows() if self.simulation is not None else []

    @property
    def measured(self) -> str:
        """What the simulated matchups measured, in a sentence ("" without a simulation)."""
        from deckcli.game.simulation.report import measured

        return measured(self.simulation.plan) if self.simulation is not None else ""

    @property
    def advanced(self) -> RuleVerdict | None:
        """The verdict under the Advanced rules (every Tournament deck follows them, §15)."""
        return next((v for v in self.verdicts if v.rules == "advanced"), None)

    @property
    def cards_to_pull(self) -> int:
        """Every card to take from the box: the Leader, the main deck and the side deck."""
        return sum(g.copies for g in self.pull) + sum(s.needed if s.needed else s.listed for s in self.side)


def box_order(card: Card) -> tuple[int, tuple[int, ...], str]:
    """Sort key of the pull list: kind, then row, then name (accents and case ignored)."""
    return KIND_ORDER.index(card.kind), tuple(ROWS.index(r) for r in card.rows), fold(card.name)


def _group_title(card: Card) -> str:
    kind = KIND_TITLES[card.kind]
    if not card.is_unit:
        return kind
    if len(card.rows) > 1:
        return f"{kind}: Agile ({' or '.join(ROW_NAMES[r] for r in card.rows)})"
    return f"{kind}: {ROW_NAMES[card.rows[0]]}" if card.rows else kind


def _abilities(card: Card) -> str:
    """The card's abilities in words, unless they only repeat its name (Decoy, Biting Frost)."""
    names = [n for n in dict.fromkeys(ability_name(code) for code in card.abilities) if n != card.name]
    return ", ".join(names)


def pull_list(deck: ResolvedDeck, shared: Sequence[str] = ()) -> tuple[PullGroup, ...]:
    """The Leader and the main deck's cards grouped by kind and row, in box order (side deck apart)."""
    placed = [*deck.leaders, *(p for p in deck.main.values() if not p.card.side_deck)]
    groups: dict[str, list[PullLine]] = {}
    for p in sorted(placed, key=lambda p: box_order(p.card)):
        line = PullLine(p.card.name, p.copies, p.card.strength, _abilities(p.card), p.card.is_hero,
                        p.card.name in shared)
        groups.setdefault(_group_title(p.card), []).append(line)
    return tuple(PullGroup(title, tuple(lines)) for title, lines in groups.items())


def side_lines(main: MainDeck, deck: ResolvedDeck) -> tuple[SideLine, ...]:
    """The side-deck cards to set aside before play (§2), from the stats side-deck table."""
    lines = []
    for row in side_deck_table(main, deck).rows:
        reason = f"for {', '.join(row['for'])}" if row["for"] else "listed in [side]; no card of the deck needs it"
        lines.append(SideLine(row["card"], row["needed"], row["in_side"], row["in_set"], reason))
    return tuple(lines)


def rule_verdicts(deck: ResolvedDeck) -> tuple[RuleVerdict, ...]:
    """The deck judged under every built-in deck rule set (standard, advanced, solo)."""
    verdicts = []
    for name in builtin_rule_sets():
        rule_set = builtin_rule_set(name)
        report = judge_deck(deck, rule_set)
        verdicts.append(RuleVerdict(name, rule_set.label, bool(report.legal), report.summary,
                                    tuple(f"{f.code}: {f.message}" for f in report.violations)))
    return tuple(verdicts)


def row_chart(main: MainDeck) -> Chart:
    """Units per row (Heroes stacked apart), Agile units in a row of their own."""
    rows = row_table(main).rows
    bars = [Bar(r["row"], (r["cards"] - r["heroes"], r["heroes"]), counted(r["cards"], "unit", "units"))
            for r in rows]
    figures = [(r["row"], str(r["cards"]), str(r["heroes"]), str(r["strength"])) for r in rows]
    return bar_chart("rows", "Units per row", bars, ("row", "units", "of them Heroes", "Strength"), figures,
                     parts=("units", "Heroes"),
                     note="An Agile unit is counted once, in the Agile row: its row is chosen when it is played.")


def strength_chart(main: MainDeck) -> Chart:
    """The Strength curve: units per printed Strength value."""
    counts = [(r["strength"], r["cards"]) for r in histogram_table(main).rows]
    total = strength_table(main).rows[0]
    note = (f"{counted(total['units'], 'unit', 'units')}, {total['total']} Strength in all "
            f"(Advanced cap {total['advanced_cap']}); Heroes count.")
    return histogram("strength", "Strength curve", counts, note)


def weather_chart(main: MainDeck, catalog: Catalog) -> Chart:
    """Per Weather Card, the share of the deck's non-Hero Strength on the rows it hits (§12)."""
    rows = exposure_table(main, catalog).rows
    bars = []
    figures = []
    for r in rows:
        fixed = r["share"] or 0.0
        agile = (r["share_with_agile"] or 0.0) - fixed
        shown = f"{fixed:.0%}" + (f" (+{agile:.0%} Agile)" if agile > 0.0005 else "")
        bars.append(Bar(f"{r['weather']}: {', '.join(r['rows'])}", (fixed, agile), shown))
        figures.append((r["weather"], ", ".join(r["rows"]), str(r["units"]), str(r["strength"]),
                        _percent(r["share"]), _percent(r["share_with_agile"])))
    headers = ("Weather Card", "rows hit", "units hit", "Strength hit", "share", "share with Agile")
    note = "Share of the deck's non-Hero Strength a Weather Card sets to 1 (Heroes are immune, §12)."
    return bar_chart("weather", "Weather exposure per row", bars, headers, figures, scale=1.0,
                     parts=("units of that row", "Agile units, if played there"), note=note)


def _percent(value: float | None) -> str:
    return "" if value is None else f"{value:.1%}"


def _key_cards(main: MainDeck) -> list[Placed]:
    return [p for p in main.cards if p.card.is_hero or any(p.card.has(a) for a in KEY_ABILITIES)]


def odds_chart(main: MainDeck) -> Chart | None:
    """Chance of holding each key card and each Muster group against hand size, without and with the exchange.

    The chance depends only on the copies (k) in the N-card main deck, so
    cards and groups with the same k share one line (§6 exchange: set-aside
    model, hand + exchanges distinct cards seen). ``None`` for an empty deck.
    """
    if main.size == 0:
        return None
    model = draw_model(main)
    n, hand, exchanges = model.deck_size, model.hand_size, model.exchanges
    by_copies: dict[int, list[str]] = {}
    for p in _key_cards(main):
        by_copies.setdefault(p.copies, []).append(p.card.name)
    for group in main.groups("muster"):
        by_copies.setdefault(group.puller_copies, []).append(f"{group.name} group (Muster)")
    if not by_copies:
        return None
    hands = [h for h in HAND_SIZES if h <= n]
    series: list[Series] = []
    legend = [("#444", "", "as drawn"), ("#444", DASHES[1], f"after {counted(exchanges, 'exchange', 'exchanges')}")]
    figures = []
    for index, (copies, names) in enumerate(sorted(by_copies.items())):
        mark = str(index + 1)
        who = f"{mark}. {counted(copies, 'copy', 'copies')}: {', '.join(names)}"
        series.append(Series(who, tuple((h, p_at_least_one(n, copies, h)) for h in hands), index, 0, mark))
        legend.append((PALETTE[index % len(PALETTE)], "", who))
        if exchanges:
            series.append(Series(f"{mark}. with {counted(exchanges, 'exchange', 'exchanges')}",
                                 tuple((h, p_at_least_one(n, copies, min(h + exchanges, n))) for h in hands),
                                 index, 1, mark + "x"))
        cells = [mark, str(copies)]
        for h in (hand - 2, hand, hand + 2):
            if 1 <= h <= n:
                cells.append(f"{p_at_least_one(n, copies, h):.0%} / {p_at_least_one(n, copies, min(h + exchanges, n)):.0%}")
            else:
                cells.append("")
        figures.append(cells)
    headers = ("line", "copies", *(f"hand {h}" for h in (hand - 2, hand, hand + 2)))
    note = (f"N = {n} cards in the main deck; opening hand {hand}. Solid: the hand as drawn; dashed: after "
            f"{counted(exchanges, 'exchange', 'exchanges')} (§6, set-aside: {hand + exchanges} distinct cards seen). "
            "Each cell: without / with the exchange. Cards with the same copies share a line; a Muster group counts the "
            "copies of the cards that bring it.")
    return line_chart("odds", "Chance of holding a key card", series, "cards in hand", headers, figures,
                      marker=hand, note=note, legend=legend)


def deck_sheet(deck: ResolvedDeck, shared: Sequence[str] = (), catalog: Catalog | None = None,
               simulation: SimulationReport | None = None) -> DeckSheet:
    """Assemble the sheet of a resolved deck; ``shared`` names Heroes to highlight (a registration's shared Heroes);
    ``simulation`` holds its simulated matchups (``sheet --simulate``)."""
    catalog = catalog or default_catalog()
    main = main_deck(deck)
    charts = [row_chart(main), strength_chart(main), weather_chart(main, catalog)]
    odds = odds_chart(main)
    if odds is not None:
        charts.append(odds)
    leader = main.leader
    units = main.units
    return DeckSheet(
        where=deck.where,
        name=deck.source.name or deck.where,
        faction=deck.faction.name,
        leader=leader.name if leader else None,
        leader_ability=leader.leader_ability if leader else None,
        leader_activation=leader.activation if leader else None,
        pull=pull_list(deck, shared),
        side=side_lines(main, deck),
        verdicts=rule_verdicts(deck),
        charts=tuple(charts),
        units=sum(p.copies for p in units),
        heroes=sum(p.copies for p in units if p.card.is_hero),
        specials=sum(p.copies for p in main.cards if p.card.is_special),
        strength=sum(p.copies * (p.card.strength or 0) for p in units),
        deck_size=main.size,
        hero_names=tuple(p.card.name for p in units if p.card.is_hero),
        left_out=tuple(f.message for f in main.left_out),
        unresolved=main.unresolved,
        simulation=simulation,
    )
