"""Deck statistics: composition tables of the main deck, from printed card facts.

All counts include copies; Heroes are Unit Cards and Weather Cards Special
Cards (rulebook §2, §5, §12); Strength is the printed Strength. An Agile unit
(Close or Ranged Combat, §10) is counted once, in its own "Agile" row, since
the player picks its row when playing it. The Leader and side-deck cards are
never in the main deck (§2).
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, cast

from deckcli.analysis.main_deck import Group, MainDeck, main_deck
from deckcli.catalog.abilities import ability_name
from deckcli.catalog.loading import default_catalog
from deckcli.catalog.model import ROW_NAMES, ROWS, Card, Catalog
from deckcli.deck.resolution import Placed, ResolvedDeck
from deckcli.files.schemas import packaged_schema
from deckcli.render.tables import Table, percent, render_tables
from deckcli.text import counted

COUNTED_ABILITIES = (
    "spy", "medic", "muster", "tight-bond", "morale", "horn", "scorch", "agile", "berserker", "mardroeme", "summon",
    "decoy",
)
"""The abilities the ability table counts (§10, §11), named as :mod:`deckcli.catalog.abilities` names them."""


WEATHER_ROWS = {"frost": ("close",), "fog": ("ranged",), "rain": ("siege",), "storm": ("ranged", "siege")}
"""The rows each Weather ability hits (§12); Clear Weather hits none."""


AGILE = "Agile (Close or Ranged)"


BAR = "█"


TABLES = ("kinds", "rows", "abilities", "strength", "histogram", "groups", "exposure", "scorch", "side-deck")
"""Every table of ``deckcli stats``, in output order (the ``--table`` choices)."""


_SINGLE_ROW = ("strength",)


_CardTest = Callable[[Card], bool]
"""Which cards a count keeps; the lambdas below that bind a loop value are cast to it (mypy cannot infer them)."""


def advanced_strength_cap() -> int:
    """The Advanced limit on combined unit Strength (130, §14), read from the Advanced rule schema."""
    return cast(int, packaged_schema("rules/advanced")["properties"]["unit_strength"]["maximum"])


def _copies(cards: list[Placed], keep: Callable[[Card], bool] = lambda _card: True) -> int:
    return sum(p.copies for p in cards if keep(p.card))


def _strength(cards: list[Placed], keep: Callable[[Card], bool] = lambda _card: True) -> int:
    return sum(p.copies * (p.card.strength or 0) for p in cards if keep(p.card))


def _is_agile(card: Card) -> bool:
    return card.has("agile") or len(card.rows) > 1


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def kind_table(main: MainDeck) -> Table:
    """Cards by kind: Leader, units (Heroes apart), Heroes, Special Cards (Weather apart), Weather Cards, total."""
    cards, units = main.cards, main.units
    kinds = [
        ("Leader (not shuffled)", main.leaders, None),
        ("Unit Cards (Heroes apart)", _copies(units, lambda c: not c.is_hero), _strength(units, lambda c: not c.is_hero)),
        ("Heroes", _copies(units, lambda c: c.is_hero), _strength(units, lambda c: c.is_hero)),
        ("Special Cards (Weather apart)", _copies(cards, lambda c: c.kind == "special"), None),
        ("Weather Cards", _copies(cards, lambda c: c.is_weather), None),
        ("Main deck", main.size, _strength(units)),
    ]
    rows = [{"kind": k, "cards": n, "strength": s} for k, n, s in kinds]
    columns = {"kind": "kind", "cards": "cards", "strength": "Strength"}
    return Table("kinds", "Cards by kind", columns, tuple(columns), rows)


def row_table(main: MainDeck) -> Table:
    """Unit Cards by row: Close Combat, Ranged Combat, Siege, and Agile units apart (counted once)."""
    units = main.units
    rows = []
    for label, keep in [
        *((ROW_NAMES[r], cast(_CardTest, lambda c, r=r: not _is_agile(c) and r in c.rows)) for r in ROWS),
        (AGILE, _is_agile),
    ]:
        rows.append({
            "row": label,
            "cards": _copies(units, keep),
            "heroes": _copies(units, cast(_CardTest, lambda c, keep=keep: keep(c) and c.is_hero)),
            "strength": _strength(units, keep),
        })
    columns = {"row": "row", "cards": "units", "heroes": "Heroes", "strength": "Strength"}
    notes = ("Agile units are counted once, in the Agile row: the player picks Close or Ranged when playing them.",)
    return Table("rows", "Units by row", columns, tuple(columns), rows, notes=notes)


def ability_table(main: MainDeck) -> Table:
    """Cards carrying each ability (Unit and Special Cards; a Hero's ability counts too)."""
    rows = [
        {"ability": ability_name(code), "cards": _copies(main.cards, cast(_CardTest, lambda c, a=code: c.has(a)))}
        for code in COUNTED_ABILITIES
    ]
    columns = {"ability": "ability", "cards": "cards"}
    return Table("abilities", "Cards by ability", columns, tuple(columns), rows)


def strength_table(main: MainDeck) -> Table:
    """Unit Strength: units, total printed Strength, mean per unit, the Advanced cap and the headroom under it."""
    units = main.units
    count, total, cap = _copies(units), _strength(units), advanced_strength_cap()
    mean = total / count if count else None
    row = {"units": count, "total": total, "mean_per_unit": mean, "advanced_cap": cap, "headroom": cap - total}
    shown = {**row, "mean_per_unit": None if mean is None else f"{mean:.2f}"}
    columns = {"units": "units", "total": "total Strength", "mean_per_unit": "mean per unit",
               "advanced_cap": "Advanced cap", "headroom": "headroom"}
    notes = ("Heroes count (§14); a negative headroom is Strength over the Advanced cap.",)
    return Table("strength", "Strength", columns, tuple(columns), [row], [shown], notes)


def histogram_table(main: MainDeck) -> Table:
    """Units per printed Strength, every value from the lowest to the highest present."""
    units = main.units
    values = [p.card.strength or 0 for p in units]
    rows = []
    for value in range(min(values), max(values) + 1) if values else ():
        at_value = cast(_CardTest, lambda c, v=value: (c.strength or 0) == v)
        rows.append({"strength": value, "cards": _copies(units, at_value)})
    shown = [{**row, "bar": BAR * row["cards"]} for row in rows]
    columns = {"strength": "Strength", "cards": "units", "bar": "█ a unit"}
    return Table("histogram", "Strength histogram", columns, ("strength", "cards"), rows, shown)


def _members_list(members: tuple[Placed, ...]) -> list[str]:
    """The members as a text table shows them (``Cerys ×1``), one item each so that a cell wraps between them."""
    return [f"{p.card.name} ×{p.copies}" for p in members]


def _group_row(group: Group) -> dict[str, Any]:
    muster = group.ability == "muster"
    bonded = sum(p.copies * (p.card.strength or 0) * group.copies for p in group.members)
    return {
        "group": group.name,
        "ability": "Muster" if muster else "Tight Bond",
        "members": [{"card": p.card.name, "copies": p.copies} for p in group.members],
        "copies": group.copies,
        "strength": group.strength,
        "pulled_by": [p.card.name for p in group.pullers] if muster else None,
        "bonded_strength": None if muster else bonded,
    }


def group_table(main: MainDeck) -> Table:
    """Each Muster group and Tight Bond group present, with its copies and printed Strength.

    ``members`` lists ``{"card", "copies"}``; ``bonded_strength`` is a Tight Bond group's Strength with every copy on one
    row (each copy multiplied by the number of copies, §10); ``pulled_by`` the
    Muster cards that bring the group (Cerys brings the Shield Maidens, who do
    not bring her).
    """
    groups = [*main.groups("muster"), *main.groups("tight-bond")]
    rows = [_group_row(g) for g in groups]
    shown = [
        {**row, "members": _members_list(g.members), "pulled_by": row["pulled_by"] or []}
        for row, g in zip(rows, groups)
    ]
    columns = {"group": "group", "ability": "ability", "members": "cards", "copies": "copies",
               "strength": "Strength", "pulled_by": "brought by", "bonded_strength": "Strength bonded"}
    # In a narrow terminal "brought by" moves under the table: seven columns leave the cards no room.
    return Table("groups", "Muster and Tight Bond groups", columns, tuple(columns), rows, shown,
                 movable=("pulled_by",), label="group")


def exposure_table(main: MainDeck, catalog: Catalog) -> Table:
    """Per Weather Card: the non-Hero units on the rows it hits and their share of non-Hero Strength (§12).

    ``strength`` counts units that can only be played on those rows;
    ``agile_strength`` the Agile units that could be (worst case: all played there).
    """
    units = [p for p in main.units if not p.card.is_hero]
    whole = _strength(units)
    rows: list[dict[str, Any]] = []
    for ability, hit in WEATHER_ROWS.items():
        fixed = [p for p in units if not _is_agile(p.card) and set(p.card.rows) & set(hit)]
        agile = [p for p in units if _is_agile(p.card) and set(p.card.rows) & set(hit)]
        strength, agile_strength = _strength(fixed), _strength(agile)
        for card in (c for c in catalog.cards.values() if c.is_weather and ability in c.abilities):
            rows.append({
                "weather": card.name,
                "rows": [ROW_NAMES[r] for r in hit],
                "units": _copies(fixed),
                "strength": strength,
                "share": _share(strength, whole),
                "agile_strength": agile_strength,
                "share_with_agile": _share(strength + agile_strength, whole),
            })
    shown = [{**r, "share": percent(r["share"]), "share_with_agile": percent(r["share_with_agile"])} for r in rows]
    columns = {"weather": "Weather Card", "rows": "rows", "units": "units hit", "strength": "Strength hit",
               "share": "share", "agile_strength": "Agile Strength", "share_with_agile": "share with Agile"}
    notes = (
        f"Share of the deck's {whole} non-Hero Strength on the rows a Weather Card sets to 1; "
        "Heroes are immune. Agile units count only when all are played on a hit row.",
    )
    return Table("exposure", "Exposure to Weather", columns, tuple(columns), rows, shown, notes)


def scorch_table(main: MainDeck) -> Table:
    """The units a Scorch would remove now: the highest printed Strength among non-Hero units (§11)."""
    units = [p for p in main.units if not p.card.is_hero]
    top = max((p.card.strength or 0 for p in units), default=None)
    rows: list[dict[str, Any]] = [{"card": p.card.name, "copies": p.copies, "strength": p.card.strength or 0}
            for p in units if (p.card.strength or 0) == top]
    if rows:
        count = sum(r["copies"] for r in rows)
        note = (
            f"{counted(count, 'card', 'cards')} of Strength {top}: the highest non-Hero Strength, as printed. On the "
            "table Scorch takes the highest Strength then (§11): Tight Bond, Morale Boost, a Horn or Weather change it."
        )
    else:
        note = "No non-Hero units: a Scorch would remove none."
    columns = {"card": "card", "copies": "copies", "strength": "Strength"}
    return Table("scorch", "Scorch would remove", columns, tuple(columns), rows, notes=(note,))


def side_deck_table(main: MainDeck, deck: ResolvedDeck) -> Table:
    """The side-deck cards to set aside before play (§2), derived from the main deck's Summon and Berserker cards.

    ``needed`` is one per copy of the source card; ``in_set`` the copies the
    faction's set prints; ``in_side`` the copies the deck file's ``[side]`` lists.
    """
    needed: dict[str, list[Placed]] = {}
    for placed in main.cards:
        if placed.card.side_deck_card:
            needed.setdefault(placed.card.side_deck_card, []).append(placed)
    for name in deck.side:
        needed.setdefault(name, [])
    rows = [
        {
            "card": name,
            "for": [p.card.name for p in sources],
            "needed": _copies(sources),
            "in_set": deck.faction.copies.get(name, 0),
            "in_side": deck.side[name].copies if name in deck.side else 0,
        }
        for name, sources in needed.items()
    ]
    columns = {"card": "side-deck card", "for": "for", "needed": "needed", "in_set": "set prints",
               "in_side": "in [side]"}
    return Table("side-deck", "Side deck to set aside", columns, tuple(columns), rows)


class StatsReport(NamedTuple):
    """The statistics of one deck: its main deck and every table (see :data:`TABLES`)."""

    main: MainDeck
    faction: str
    tables: list[Table]

    def render(self, fmt: str, only: str | None = None, width: int | None = None) -> str:
        """Every table (or the one named ``only``) in ``fmt``, tables fitting ``width`` columns.

        JSON is one object: the deckcli and format versions, ``deck``,
        ``faction``, ``leader``, ``deck_size`` and one key per table
        (``side-deck`` as ``side_deck``), each a list of rows (``strength`` one
        object); with ``only``, just that table's key.
        """
        from deckcli.render.documents import document_json

        tables = [t for t in self.tables if only in (None, t.key)]
        if fmt != "json":
            return render_tables(tables, fmt, width)
        values = {t.key: t.rows[0] if t.key in _SINGLE_ROW else t.rows for t in tables}
        document: dict[str, Any] = {
            "deck": self.main.where,
            "faction": self.faction,
            "leader": self.main.leader.name if self.main.leader else None,
            "deck_size": self.main.size,
        }
        document.update({key.replace("-", "_"): value for key, value in values.items()})
        return document_json(document)


def deck_stats(deck: ResolvedDeck, catalog: Catalog | None = None) -> StatsReport:
    """Every statistics table of ``deck``'s main deck (names that are not cards are left out)."""
    main = main_deck(deck)
    tables = [
        kind_table(main), row_table(main), ability_table(main), strength_table(main), histogram_table(main),
        group_table(main), exposure_table(main, catalog or default_catalog()), scorch_table(main),
        side_deck_table(main, deck),
    ]
    return StatsReport(main, deck.faction.name, tables)
