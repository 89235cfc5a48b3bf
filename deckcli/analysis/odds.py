"""The odds table of a deck: exact draw probabilities per card, Muster group or combined question.

The math is in :mod:`deckcli.analysis.probability`; this module decides what is asked. The
model (rulebook §6, reference/README.md): the opening hand is 10 cards (11
with Francesca Findabair: Daisy of the Valley); the exchange sets cards aside
and draws replacements, and the cards set aside are not redrawn, so a player
hunting a card sees hand + exchanges distinct cards; each Spy played draws 2
more (§10). A Muster group row is the chance of holding a card whose Muster
brings the group (§10; see :mod:`deckcli.analysis.main_deck` for Cerys and Gaunter
O'Dimm).
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple, Sequence

from deckcli.analysis.main_deck import MainDeck, is_spy, main_deck
from deckcli.analysis.probability import (
    EXCHANGES,
    OPENING_HAND,
    expected_copies,
    opening_hand_size,
    p_at_least_one,
    p_holding,
    p_with_spies,
)
from deckcli.catalog.loading import default_catalog
from deckcli.catalog.model import Card, Catalog
from deckcli.deck.resolution import ResolvedDeck
from deckcli.errors import CardLookupError, DrawQuestionError
from deckcli.render.tables import Table, percent
from deckcli.text import counted, did_you_mean, either

SPY_COLUMNS = (1, 2)
"""Spies played, one column each."""


_CARD_FIELDS = ("card", "kind", "copies", "deck_size", "hand_size", "exchanges", "p_opening",
                "p_after_exchange", "p_with_1_spy", "p_with_2_spies", "expected_in_opening")


_CARD_COLUMNS = {
    "card": "card", "copies": "copies", "p_opening": "opening hand", "p_after_exchange": "after exchange",
    "p_with_1_spy": "with 1 Spy", "p_with_2_spies": "with 2 Spies", "expected_in_opening": "expected in hand",
}


_QUESTION_FIELDS = ("question", "deck_size", "hand_size", "exchanges", "p_opening", "p_after_exchange")


_QUESTION_COLUMNS = {"question": "holding", "p_opening": "opening hand", "p_after_exchange": "after exchange"}


class DrawModel(NamedTuple):
    """What the player sees: ``deck_size`` (N), ``hand_size`` (h), ``exchanges`` (e), and the deck's Spies."""

    deck_size: int
    hand_size: int
    exchanges: int
    deck_spies: int
    hand_reason: str = ""

    @property
    def seen_after_exchange(self) -> int:
        """Distinct cards seen after the exchange (set-aside model), at most N."""
        return min(self.hand_size + self.exchanges, self.deck_size)

    def notes(self, spies: bool = True, muster: bool = False) -> tuple[str, ...]:
        """The assumptions, one line each, for the table header: the Spy columns' with ``spies`` (and with it
        what a Muster group row is), else what a Muster group row is with ``muster``."""
        hand = f"opening hand {self.hand_size}" + (f" ({self.hand_reason})" if self.hand_reason else "")
        exchanges = f"up to {counted(self.exchanges, 'exchange', 'exchanges')}" if self.exchanges else "no exchange"
        notes = [
            f"N = {counted(self.deck_size, 'card', 'cards')} in the main deck (Leader and side deck excluded); {hand}; "
            f"{exchanges}.",
            f"Exchange model: set-aside (rulebook §6): exchanged cards are not redrawn, so "
            f"{self.seen_after_exchange} distinct cards are seen after the exchange."
            if self.exchanges
            else "No exchange: the after-exchange column is the opening hand.",
        ]
        if spies:
            notes.append(
                f"Each Spy played draws 2 cards (§10); the deck has {counted(self.deck_spies, 'Spy', 'Spies')} "
                "(a Spy column is blank when it has fewer). Spy columns count every card seen as a new one; "
                "the exchanged cards go back into the deck (§6) and could be redrawn, so they read a little "
                f"high. {_MUSTER_NOTE}"
            )
        elif muster:
            notes.append(_MUSTER_NOTE)
        return tuple(notes)


_MUSTER_NOTE = "Muster group rows: holding any card whose Muster brings the group."


def draw_model(main: MainDeck, hand: int | None = None, exchanges: int = EXCHANGES) -> DrawModel:
    """The draw model of ``main``: ``hand`` cards (default 10, 11 with Daisy of the Valley, §6), ``exchanges``.

    The default hand is the whole main deck when that holds fewer cards (an unfinished deck).

    Raises :class:`DrawQuestionError` (exit 2) for a hand below 1, negative
    exchanges or a ``hand`` larger than the deck.
    """
    if hand is not None and hand < 1:
        raise DrawQuestionError(f"--hand {hand}: a hand holds at least 1 card", where=main.where)
    if exchanges < 0:
        raise DrawQuestionError(f"--exchanges {exchanges}: cannot exchange fewer than 0 cards", where=main.where)
    reason = ""
    if hand is None:
        hand = opening_hand_size(main.leader.name if main.leader else None)
        reason = main.leader.name if main.leader and hand != OPENING_HAND else ""
        if hand > main.size:
            held = f"it holds only {counted(main.size, 'card', 'cards')}" if main.size else "it is empty"
            hand, reason = main.size, f"the whole main deck: {held}"
    elif hand > main.size:
        raise DrawQuestionError(
            f"--hand {hand}: the main deck holds only {counted(main.size, 'card', 'cards')} to draw from", where=main.where
        )
    return DrawModel(main.size, hand, exchanges, main.spies, reason)


def find_deck_card(main: MainDeck, name: str, option: str, catalog: Catalog) -> Card:
    """The main-deck card that ``name`` (given with ``option``, e.g. ``--card``) means.

    Raises :class:`CardLookupError` (exit 2) with the reason when ``name`` is
    no card, is ambiguous, is a Leader or a side-deck card (never drawn, §2),
    or is not in the main deck.
    """
    where = main.where
    found = catalog.find(name)
    said = f'{option} "{name}"'
    if not found:
        close = catalog.suggest(name)
        raise CardLookupError(f"{said}: no such card{did_you_mean(close)}", where=where)
    if len(found) > 1:
        raise CardLookupError(f"{said}: ambiguous, may mean {either([c.name for c in found])}", where=where)
    card = found[0]
    if card.is_leader:
        whose = "the deck's Leader" if main.leader == card else "a Leader Card"
        raise CardLookupError(f"{said}: {card.name} is {whose}; a Leader is never drawn (§2)", where=where)
    if card.side_deck:
        raise CardLookupError(
            f"{said}: {card.name} is a side-deck card; it is set aside, never drawn (§2)", where=where
        )
    if main.copies_of(card.name) == 0:
        raise CardLookupError(f"{said}: {card.name} is not in the main deck", where=where)
    return card


def card_rows(main: MainDeck, model: DrawModel, only: Sequence[Card] = ()) -> list[dict[str, Any]]:
    """One row per distinct card of the main deck (or of ``only``, in that order), then one per Muster group.

    A row holds ``card``, ``kind`` (``card`` or ``muster-group``), ``copies``
    (k; for a group, copies of the cards that bring it), ``deck_size``,
    ``hand_size``, ``exchanges``, ``p_opening``, ``p_after_exchange``,
    ``p_with_1_spy``, ``p_with_2_spies`` (fractions 0–1, ``None`` when the deck
    has fewer Spies) and ``expected_in_opening`` (copies). With ``only``,
    the group rows are those of the named cards' groups.
    """
    placed = {p.card.name: p for p in main.cards}
    chosen = [placed[c.name] for c in dict.fromkeys(only)] if only else main.cards
    rows = [
        _row(model, p.card.name, "card", p.copies, p.copies if is_spy(p.card) else 0) for p in chosen
    ]
    names = {p.card.name for p in chosen}
    for group in main.groups("muster"):
        if only and not names & {p.card.name for p in group.members}:
            continue
        label = f"{group.name} group (Muster: {', '.join(p.card.name for p in group.pullers)})"
        spy_copies = sum(p.copies for p in group.pullers if is_spy(p.card))
        rows.append(_row(model, label, "muster-group", group.puller_copies, spy_copies))
    return rows


def _row(model: DrawModel, label: str, kind: str, copies: int, spy_copies: int) -> dict[str, Any]:
    n, h, e = model.deck_size, model.hand_size, model.exchanges
    row: dict[str, Any] = {
        "card": label,
        "kind": kind,
        "copies": copies,
        "deck_size": n,
        "hand_size": h,
        "exchanges": e,
        "p_opening": p_at_least_one(n, copies, h),
        "p_after_exchange": p_at_least_one(n, copies, h + e),
    }
    for spies in SPY_COLUMNS:
        key = f"p_with_{spies}_spy" if spies == 1 else f"p_with_{spies}_spies"
        row[key] = p_with_spies(n, copies, h + e, spies, model.deck_spies, spy_copies)
    row["expected_in_opening"] = expected_copies(n, copies, h)
    return row


def question_row(main: MainDeck, model: DrawModel, wants: dict[str, int]) -> dict[str, Any]:
    """The combined question: holding at least ``wants[name]`` copies of every named card at once.

    Returns ``question`` (words), ``cards`` (name -> at least), ``deck_size``,
    ``hand_size``, ``exchanges``, ``p_opening`` and ``p_after_exchange``
    (fractions 0–1, exact multivariate hypergeometric).
    """
    pairs = [(main.copies_of(name), least) for name, least in wants.items()]
    n, h, e = model.deck_size, model.hand_size, model.exchanges
    return {
        "question": " and ".join(
            f"{name}" if least == 1 else f"{least}+ {name}" for name, least in wants.items()
        ),
        "cards": dict(wants),
        "deck_size": n,
        "hand_size": h,
        "exchanges": e,
        "p_opening": p_holding(n, pairs, h),
        "p_after_exchange": p_holding(n, pairs, h + e, keep=h),
    }


def _shown(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            k: percent(v) if k.startswith("p_") else (f"{v:.2f}" if k == "expected_in_opening" else v)
            for k, v in row.items()
        }
        for row in rows
    ]


class OddsReport(NamedTuple):
    """The odds of one deck: its main deck, the draw model and the table (one row per card or question)."""

    main: MainDeck
    model: DrawModel
    table: Table

    def render(self, fmt: str, width: int | None = None) -> str:
        """The table in ``fmt``: JSON is one object (``deck``, ``rows``); tabulate formats add the
        assumptions as a header, and fit ``width`` columns (``None``: one line per row)."""
        if fmt == "json":
            from deckcli.render.documents import document_json

            return document_json({"deck": self.main.where, "rows": self.table.rows})
        return self.table.render(fmt, width=width)


def draw_odds(
    deck: ResolvedDeck,
    cards: Sequence[str] = (),
    hand: int | None = None,
    exchanges: int = EXCHANGES,
    all_of: Sequence[str] = (),
    at_least: Sequence[tuple[int, str]] = (),
    catalog: Catalog | None = None,
) -> OddsReport:
    """The odds report of ``deck``.

    ``cards`` limits the per-card table to those names; ``all_of`` (at least
    one copy each) and ``at_least`` (``(K, name)`` pairs) ask one combined
    question instead, answered for the opening hand and after the exchange.
    Raises :class:`CardLookupError` (exit 2) for a name that is not a card of
    the main deck, :class:`DrawQuestionError` (exit 2) for a hand larger than
    the deck or more copies asked than it holds, ``ValueError`` for a hand
    below 1 or negative exchanges.
    """
    catalog = catalog or default_catalog()
    main = main_deck(deck)
    model = draw_model(main, hand, exchanges)
    title = f"Draw odds: {main.where}"
    if all_of or at_least:
        wants: dict[str, int] = {}
        asked = [(1, name, "--all") for name in all_of] + [(k, name, "--at-least") for k, name in at_least]
        for least, name, option in asked:
            card = find_deck_card(main, name, option, catalog)
            wants[card.name] = max(least, wants.get(card.name, 0))
            held = main.copies_of(card.name)
            if least > held:
                raise DrawQuestionError(
                    f"{option} {least} {name}: the main deck holds {held} {card.name}, so no hand holds {least}",
                    where=main.where,
                )
        row = question_row(main, model, wants)
        table = Table("question", title, _QUESTION_COLUMNS, _QUESTION_FIELDS, [row], _shown([row]),
                      model.notes(spies=False))
        return OddsReport(main, model, table)
    only = [find_deck_card(main, name, "--card", catalog) for name in cards]
    rows = card_rows(main, model, only)
    spies = model.deck_spies > 0  # without a Spy the Spy columns would stay blank: not shown, nor explained
    columns = _CARD_COLUMNS if spies else {k: v for k, v in _CARD_COLUMNS.items() if not k.startswith("p_with_")}
    notes = model.notes(spies=spies, muster=any(row["kind"] == "muster-group" for row in rows))
    table = Table("odds", title, columns, _CARD_FIELDS, rows, _shown(rows), notes)
    return OddsReport(main, model, table)
