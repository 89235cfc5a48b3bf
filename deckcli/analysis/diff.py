"""What changed between two decks (``deckcli diff``): cards, profile figures and opening-hand odds.

``p_opening`` is the probability (0–1) of holding at least one copy of a card
in the opening hand: 10 cards, 11 with the Leader Francesca Findabair: Daisy of
the Valley (rulebook §6), drawn from the main deck's counted cards (Leaders and
side-deck cards listed in ``[cards]`` are never shuffled in, §2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckcli.analysis.probability import opening_hand_size, p_at_least_one
from deckcli.catalog.ordering import deck_order
from deckcli.deck.resolution import Placed, ResolvedDeck
from deckcli.rules.profile import deck_profile

FIGURES = ("cards", "units", "heroes", "specials", "weather", "unit_strength", "spies", "medics")


FIGURE_NAMES = {
    "faction": "faction", "leader": "Leader", "cards": "cards in the main deck", "units": "Unit Cards",
    "heroes": "Heroes", "specials": "Special Cards", "weather": "Weather Cards", "unit_strength": "unit Strength",
    "spies": "Spies", "medics": "Medics", "hand_size": "opening hand",
}
"""How the text tables name each figure (JSON and CSV keep the keys)."""


SECTION_NAMES = {"main": "main deck", "side": "side deck"}


TABLE_TITLES = {
    "cards": "Cards added (+) and removed (-)",
    "figures": "Profile figures",
    "p_opening": "p_opening: chance of at least one copy in the opening hand",
}


@dataclass
class DeckDiff:
    """The difference between two decks as records, one list per table.

    ``cards``: ``{"card", "section" ("main"/"side"), "old", "new", "change"}`` for
    every card whose copies differ; ``figures``: ``{"figure", "old", "new",
    "change"}`` (``change`` is ``None`` for a changed Leader or faction);
    ``p_opening``: ``{"card", "old", "new", "change"}`` (fractions 0–1) for each
    card counted in either main deck (0 in the deck without it).
    """

    old: str
    new: str
    cards: list[dict[str, Any]]
    figures: list[dict[str, Any]]
    p_opening: list[dict[str, Any]]

    def as_dict(self) -> dict[str, Any]:
        """The JSON document ``diff --format json`` prints."""
        return {"old": self.old, "new": self.new, "cards": self.cards, "figures": self.figures,
                "p_opening": self.p_opening}

    def flat_rows(self) -> list[dict[str, Any]]:
        """Every record in one table (for CSV): ``table``, ``name``, ``old``, ``new``, ``change``."""
        rows = []
        for table in TABLE_TITLES:
            for record in getattr(self, table):
                name = record.get("card") or record.get("figure")
                if record.get("section") == "side":
                    name = f"{name} (side deck)"
                rows.append({"table": table, "name": name, "old": record["old"], "new": record["new"],
                             "change": record["change"]})
        return rows


def hand_size(profile: dict[str, Any]) -> int:
    """Opening hand size of a profiled deck: 10, or 11 with Daisy of the Valley (rulebook §6)."""
    return opening_hand_size(profile.get("leader"))


def diff_decks(old: ResolvedDeck, new: ResolvedDeck) -> DeckDiff:
    """Compare two resolved decks (names already checked: unknown names are left out)."""
    before, after = deck_profile(old), deck_profile(new)
    return DeckDiff(old.where, new.where, _card_changes(old, new), _figures(before, after),
                    _p_opening(old, new, before, after))


def _card_changes(old: ResolvedDeck, new: ResolvedDeck) -> list[dict[str, Any]]:
    records = []
    for section in ("main", "side"):
        was: dict[str, Placed] = getattr(old, section)
        now: dict[str, Placed] = getattr(new, section)
        cards = {name: placed.card for name, placed in {**was, **now}.items()}
        for name in sorted(cards, key=lambda n: deck_order(cards[n])):
            before = was[name].copies if name in was else 0
            after = now[name].copies if name in now else 0
            if before != after:
                records.append({"card": name, "section": section, "old": before, "new": after,
                                "change": after - before})
    return records


def _figures(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    records = []
    for key in ("faction_name", "leader"):
        if before[key] != after[key]:
            records.append({"figure": key.removesuffix("_name"), "old": before[key], "new": after[key], "change": None})
    values = [(key, _figure(before, key), _figure(after, key)) for key in FIGURES]
    values.append(("hand_size", hand_size(before), hand_size(after)))
    records += [{"figure": key, "old": a, "new": b, "change": b - a} for key, a, b in values
                if key != "hand_size" or a != b]
    return records


def _figure(profile: dict[str, Any], key: str) -> int:
    return sum(profile["cards"].values()) if key == "cards" else profile[key]


def _p_opening(old: ResolvedDeck, new: ResolvedDeck, before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """Each card counted in either main deck, in deck order: its chance in both, 0 in the deck that lacks it (the
    cards added and removed are the changes that move it most)."""
    placed = {**{n: p.card for n, p in old.main.items()}, **{n: p.card for n, p in new.main.items()}}
    every = sorted(dict.fromkeys([*before["cards"], *after["cards"]]), key=lambda name: deck_order(placed[name]))
    sizes = (sum(before["cards"].values()), sum(after["cards"].values()))
    hands = (hand_size(before), hand_size(after))
    records = []
    for name in every:
        p_old = p_at_least_one(sizes[0], before["cards"][name], hands[0]) if name in before["cards"] else 0.0
        p_new = p_at_least_one(sizes[1], after["cards"][name], hands[1]) if name in after["cards"] else 0.0
        records.append({"card": name, "old": p_old, "new": p_new, "change": p_new - p_old})
    return records


def render_diff(diff: DeckDiff, fmt: str, width: int | None = None) -> str:
    """The diff in ``fmt``: ``json`` (one object), ``csv`` (one flat table) or a tabulate format (three titled tables).

    Table formats show probabilities rounded to 4 decimals, and fit ``width``
    columns (``None``: one line per row).
    """
    from deckcli.render.documents import document_json
    from deckcli.render.formats import render_rows
    from deckcli.render.layout import Layout

    if fmt == "json":
        return document_json(diff.as_dict())
    if fmt == "csv":
        return render_rows(diff.flat_rows(), "csv")
    prose = Layout(width=width)
    blocks = ["\n".join([*prose.wrap(f"old: {diff.old}"), *prose.wrap(f"new: {diff.new}")])]
    for table, title in TABLE_TITLES.items():
        records = getattr(diff, table)
        if not records:
            blocks.append("\n".join(prose.wrap(f"{title}: none")))
            continue
        heading = "\n".join(prose.wrap(f"{title}:"))
        blocks.append(f"{heading}\n{render_rows([shown_record(table, r) for r in records], fmt, width=width)}")
    return "\n\n".join(blocks)


def shown_record(table: str, record: dict[str, Any]) -> dict[str, Any]:
    """A record as a text table shows it: game terms, a signed change, probabilities as percentages."""
    shown = dict(record)
    if "figure" in shown:
        shown["figure"] = FIGURE_NAMES.get(shown["figure"], shown["figure"])
    if "section" in shown:
        shown["section"] = SECTION_NAMES.get(shown["section"], shown["section"])
    change = shown["change"]
    if table == "p_opening":
        old, new = round(record["old"] * 100, 1), round(record["new"] * 100, 1)
        points = round(new - old, 1)  # the change between the figures shown, so the row adds up
        if points:
            moved = f"{points:+.1f} points"
        else:
            moved = "0" if not change else f"{'+' if change > 0 else '-'}<0.1 points"
        shown.update(old=f"{old:.1f}%", new=f"{new:.1f}%", change=moved)
    elif change is not None:
        shown["change"] = f"{change:+d}" if change else "0"
    return shown
