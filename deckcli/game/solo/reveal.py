"""``deckcli solo``: what Gwent Solo's automated opponent does with the card it has just revealed (§18–20).

The position is a board file (:mod:`deckcli.game.board`): ``me`` the player, ``opponent`` the automaton,
with its discard pile where a Medic needs one. When the board lists the automaton's ``deck`` (the top card
last), a rule that needs a card of it (the two cards after a Spy, the next after a Weather Card, the card a
Muster finds, the card under a Decoy) takes it from there; when it does not, the report says what the player
must do at the table instead. A side deck the board leaves out is what the side's set prints of side-deck
cards, less those on the board (§2). A Leader of the automaton's faction may be revealed too (the Leader
variant, §18): its adaptation of §20 is resolved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from deckcli.errors import CardLookupError, EXIT_OK
from deckcli.text import either, printable

if TYPE_CHECKING:
    from collections.abc import Sequence
    from collections import Counter

    from deckcli.catalog.model import Card, Catalog, FactionSet
    from deckcli.game.board import Board
    from deckcli.game.position import BattlefieldSide, Placed
    from deckcli.game.solo.card_play import Instruction
    from deckcli.game.state import Game

SIDE_NAMES = ("me", "opponent")


class SoloReport(NamedTuple):
    """What the automaton did: the board file, its faction, the card revealed (and its kind), the ``steps`` in
    order (each a dict: ``action``, ``card``, ``side``, ``row``, and ``from``, ``replaced``, ``why`` where they
    apply), what the player must do ``next`` (each ``action``, ``count``, ``cards``, ``text``), the new totals;
    ``reveals`` every card revealed, in order (name, kind); ``written`` the file the position after its turn is
    written to, and ``board_text`` that position as a board file (``None`` without one)."""

    board: str
    faction: str
    card: str
    kind: str
    steps: list[dict[str, Any]]
    next: list[dict[str, Any]]
    totals: dict[str, int]
    exit_code: int = EXIT_OK
    reveals: list[tuple[str, str]] = []
    written: str | None = None
    board_text: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The JSON document's fields: ``board``, ``faction``, ``revealed`` (``card``, ``kind``), ``steps``,
        ``plays`` and ``discards`` (each ``card``, ``side``, ``row``, in order; a Medic's card and the unit it
        brings back both in ``plays``), ``moves`` (``card``, ``side``, ``from``, ``to``), ``next``, ``totals``,
        ``reveals`` (each ``card``, ``kind``) and ``written`` (the board file written, or ``None``)."""
        def placed(step: dict[str, Any]) -> dict[str, Any]:
            return {"card": step["card"], "side": step["side"], "row": step["row"]}

        return {
            "board": self.board,
            "faction": self.faction,
            "revealed": {"card": self.card, "kind": self.kind},
            "steps": self.steps,
            "plays": [placed(step) for step in self.steps if step["action"] == "play"],
            "discards": [placed(step) for step in self.steps if step["action"] == "discard"],
            "moves": [{"card": step["card"], "side": step["side"], "from": step["from"], "to": step["row"]}
                      for step in self.steps if step["action"] == "move"],
            "next": self.next,
            "totals": self.totals,
            "reveals": [{"card": card, "kind": kind} for card, kind in self.reveals],
            "written": self.written,
        }


FULFILLED = ("turn", "under", "reveal", "search", "random")
"""What a revealed card answers: its turn's card, the card under a Decoy as the round ends, a card its deck owes,
the card a Muster found, the unit a Medic under Invader of the North picked at random."""


def solo_reveal(path: str, names: Sequence[str], output: str | None = None) -> SoloReport:
    """The automaton of the board file at ``path`` plays the cards ``names`` it reveals, in order (§18–20): the first
    on its turn, each next one as its chained turn gives it (after a Weather Card, a Spy, a Muster's search, a Medic's
    random pick). With ``output`` (a path, as messages name it) the report holds the board after its turn
    (:attr:`SoloReport.board_text`) and its next steps name that file.

    Raises :class:`deckcli.errors.BoardFileError` for a board that cannot be read or cannot happen, and
    :class:`CardLookupError` (exit code 2, with "did you mean") for a name that is no card of the automaton's
    faction set, no name at all, a card whose every copy is already on the board, or a card that cannot follow the
    one before (its turn is over, the card under a Decoy stays face down, a Muster found another card)."""
    from collections import Counter

    from deckcli.catalog.loading import default_catalog
    from deckcli.files.reading import STDIN
    from deckcli.game.board import board_text, read_board
    from deckcli.game.position import build_position
    from deckcli.game.rounds import run_frames
    from deckcli.game.solo.automaton import Solo, faction_cards
    from deckcli.game.solo.card_play import Instruction, move_agile
    from deckcli.game.solo.leaders import resolve_leader

    catalog = default_catalog()
    board = read_board(path, catalog, solo=True)
    faction = catalog.factions[board.seats[1].faction]
    cards: list[Card] = []
    counted: Counter[str] = Counter()
    for name in names:
        cards.append(revealed_card(catalog, name, faction, board, counted))
        counted[cards[-1].name] += 1
    if any(card.is_leader for card in cards[1:]):
        leader = next(card for card in cards[1:] if card.is_leader)
        raise CardLookupError(f"{leader.name} is a Leader: the Leader variant reveals one as the round is scored "
                              "(§18), never after another card: give it as the only --reveal", where=board.where)
    both_passed = board.seats[0].passed and board.seats[1].passed
    if both_passed and not board.decoys and not cards[0].is_leader:
        raise CardLookupError(f"{cards[0].name}: both sides have passed, so the round is over and scored (§9): the "
                              "automaton reveals no more card, but the one under a Decoy of its (decoys = N under "
                              "[opponent]) or a Leader of the variant", where=board.where)
    if output is not None and cards and cards[0].is_leader:
        raise CardLookupError(f"{cards[0].name} is revealed as the round is scored (§18): the round ends there, "
                              "so there is no position to write: leave -o off", where=board.where)
    sides = tuple(side if side.side else side._replace(side=_side_deck(catalog, board.seats[player].faction, side,
                                                                       player))
                  for player, side in enumerate(board.sides))
    game = build_position(board.position._replace(sides=sides, to_move=1), catalog)
    deck, _, _ = faction_cards(catalog, faction.slug)
    solo = Solo(deck_known=bool(board.seats[1].deck), pool=deck, at_table=True)
    game.mode = solo
    decoy = catalog.cards["Decoy"]
    solo.decoys = [[game.cards.add(decoy), -1] for _ in range(board.decoys)]
    game.owner += [1] * (len(game.cards) - len(game.owner))
    solo.scoring = cards[0].is_leader or both_passed
    game.log = []
    move_agile(game)
    before = len(game.log)
    first = cards[0]
    if first.is_leader and game.score(0) <= game.score(1):
        raise CardLookupError(f"{first.name} is a Leader: the Leader variant reveals one only when the round is scored "
                              f"and your total is the higher (§18), and here you have {game.score(0)} against its "
                              f"{game.score(1)}: reveal the card from the top of its deck instead", where=board.where)
    owed: list[Instruction]
    if first.is_leader:
        solo.revealed.append(first.name)
        resolve_leader(game, first.name)
        run_frames(game)
        solo.instruct("score", "the round is scored now: you win it only if your total is still the higher")
        owed = _owed_since(game, 0)
    else:
        under = Instruction("under", 1, (), "") if both_passed and board.decoys else None
        owed = [under] * board.decoys if under is not None else [Instruction("turn", 1, (), "")]
        for number, card in enumerate(cards):
            if not owed:
                raise CardLookupError(_cannot_follow(card, cards[number - 1], game), where=board.where)
            top = owed.pop(0)
            if top.action == "search" and card.name not in top.cards and owed:
                top = owed.pop(0)  # its deck held none of them: the card is the next one it owes
            mark = len(solo.instructions)
            _answer(game, top, card, board.where)
            rest = [top._replace(number=top.number - 1, text=_reveal_text(top.number - 1))] if top.number > 1 else []
            owed = _owed_since(game, mark) + rest + owed
    steps = [_step(game, event) for event in game.log]
    for step in steps[:before]:
        step["why"] = "after your card, before the reveal: " + step.get("why", "")
    if board.seats[0].passed and not first.is_leader:
        solo.instruct("score", "you have passed, so this was its final turn (§18): once it has played what it "
                           "owes, the round ends and is scored")
    words = "-" if path == STDIN else _shell_word(board.where)
    chained = " ".join([words, *(f"--reveal {_shell_word(card.name)}" for card in cards), "--reveal CARD"])
    if output is not None:
        chained += f" -o {_shell_word(output)}"
    later = words if output is None else "BOARD" if output == STDIN else _shell_word(output)  # -o -: printed
    told = [i for i in solo.instructions if i.action not in FULFILLED]
    upcoming = [{"action": i.action, "count": i.number, "cards": list(i.cards),
                 "text": i.text.replace(" BOARD --reveal CARD", f" {chained}").replace(" BOARD ", f" {later} ")}
                for i in [*owed, *told] if i.action != "turn"]
    text = None
    if output is not None:
        game.to_move = 1 if owed else 0
        if board.seats[0].passed and not owed:
            game.passed[1] = True  # its final turn is over: the round is scored (or the cards under its Decoys come)
        note = ("Gwent Solo: the position after the automaton's turn, written by\n"
                f"deckcli solo {printable(words)}" + "".join(f" --reveal {_shell_word(card.name)}" for card in cards))
        text = board_text(game, (catalog.factions[board.seats[0].faction].name, faction.name),
                          decoys=len(solo.decoys), note=note)
    return SoloReport(board.where, faction.name, first.name, _kind(first), [s for s in steps if s["action"]], upcoming,
                      {"me": game.score(0), "opponent": game.score(1)}, reveals=[(c.name, _kind(c)) for c in cards],
                      written=output, board_text=text)


def _owed_since(game: Game, mark: int) -> list[Instruction]:
    """The instructions given since ``mark`` that a revealed card answers, in the order they are answered."""
    from deckcli.game.solo.card_play import solo_of

    return [i for i in solo_of(game).instructions[mark:] if i.action in FULFILLED]


def _reveal_text(owed: int) -> str:
    from deckcli.game.solo.card_play import reveal_text

    return reveal_text(owed) if owed > 0 else ""


def _answer(game: Game, owed: Instruction, card: Card, where: str, instance: int | None = None) -> None:
    """``card``, revealed, played as what the automaton ``owed``: a card of its turn or deck, the card under a Decoy
    (the Decoy then discarded), the card a Muster found (it does not muster again), a Medic's random pick.
    ``instance``: the card's instance taken from its deck (``None``: a new one; a random pick: from its discard
    pile). Raises :class:`CardLookupError` for a card that is not what a Muster searches for or a Medic picks among."""
    from deckcli.game.solo.card_play import move_agile, play_card_owed, play_owed, play_unit_now, solo_of, unit_row

    solo = solo_of(game)
    seat = solo.automaton
    if owed.action in ("search", "random") and card.name not in owed.cards:
        what = "its Muster searches its deck for" if owed.action == "search" else "its Medic picks at random among"
        raise CardLookupError(f"{card.name} cannot follow: {what} {either(list(owed.cards))} (§19)"
                              + ("; leave --reveal off when its deck holds none" if owed.action == "search" else ""),
                              where=where)
    if owed.action in ("turn", "reveal", "under") or (owed.action == "search" and not owed.text.startswith("Muster")):
        # a card of its turn or deck; a Leader's search plays what it finds as a revealed card (§20)
        why = None
        if owed.action == "under":
            decoy, _ = solo.decoys.pop(0)
            game.discard[seat].append(decoy)
            why = "the card under its Decoy, played as the round ends"
        elif owed.action == "search":
            why = "found in its deck by its Leader"
        play_card_owed(game, _new_card(game, card) if instance is None else instance, why)
        return
    if owed.action == "search":
        unit, why = _new_card(game, card) if instance is None else instance, "found by its Muster"
    else:
        pile = game.discard[seat]
        unit = next(c for c in reversed(pile) if game.cards.name[c] == card.name)
        pile.remove(unit)
        why = "brought back by its Medic, picked at random (Invader of the North)"
    row, row_why = unit_row(game, unit)
    more = play_unit_now(game, unit, row, muster=False, why=f"{why}; {row_why}" if row_why else why)
    move_agile(game)
    play_owed(game, more)


def _new_card(game: Game, card: Card) -> int:
    """A card the automaton has just revealed at the table, added to the game's card table as its own."""
    from deckcli.game.solo.card_play import solo_of

    game.owner.append(solo_of(game).automaton)
    return game.cards.add(card)


def _cannot_follow(card: Card, previous: Card, game: Game) -> str:
    """Why ``card`` cannot be revealed after ``previous``: the automaton's turn is over."""
    from deckcli.game.solo.card_play import solo_of

    if any(i.action == "under-decoy" for i in solo_of(game).instructions):
        return (f"{card.name} cannot follow {previous.name}: the card under its Decoy stays face down until the round "
                "ends (§19), and its turn is over: it is your turn")
    return (f"{card.name} cannot follow {previous.name}: its turn is over, it owes no more card (§18: only a Weather "
            "Card, a Spy or a Muster gives it more): it is your turn; reveal the card on its next turn")


def revealed_card(catalog: Catalog, name: str, faction: FactionSet, board: Board,
                  revealed: Counter[str] | None = None) -> Card:
    """The card ``name`` means in the automaton's deck (``faction``'s set, side deck apart) or Leader pile: as
    in deck files, or by the beginnings of its words when they name one card of that set (``horn``).

    Raises :class:`CardLookupError` for no name, a name of no card of that set (with "did you mean" among its
    cards), a side-deck card, or a card whose every copy the set prints is on the board already or ``revealed``
    before it (copies by name)."""
    from deckcli.catalog.names import fold, suggest
    from deckcli.text import did_you_mean, printable

    own = {fold(card): card for card in faction.copies if not catalog.cards[card].side_deck}
    if not name.strip():
        raise CardLookupError(f"--reveal needs the card the automaton has just revealed, a card of the {faction.name} "
                              "set (its deck) or one of its Leaders")
    found = [card for card in catalog.find(name) if card.name in faction.copies]
    if not found:  # as deckcli card: the beginnings of its words, when they name one card of the set (horn, frost)
        from deckcli.catalog.lookup import name_words, words_begin

        typed = name_words(name)
        loose = [catalog.cards[card] for card in faction.copies if typed and words_begin(typed, name_words(card))]
        found = loose if len(loose) == 1 else []
    if len(found) > 1:
        from deckcli.catalog.lookup import ambiguous_reason

        raise CardLookupError(ambiguous_reason(name, [card.name for card in found]))
    if not found:  # every card whose name begins so (vamp: the five Vampires), else the closest three
        beginning = fold(name)
        starting = sum(key.startswith(beginning) for key in own) if len(beginning) >= 3 else 0
        close = suggest(name, own, limit=max(3, starting))
        known = catalog.find(name)
        what = f"{known[0].name} is" if len(known) == 1 else f'"{printable(name)}" is'
        if not known:
            what = f'"{printable(name)}" is no card of the {faction.name} set'
            raise CardLookupError(f"{what}, the automaton's deck{did_you_mean(close)}")
        raise CardLookupError(f"{what} not in the {faction.name} set, the automaton's deck{did_you_mean(close)}")
    card = found[0]
    if card.side_deck:
        raise CardLookupError(f"{card.name} is a side-deck card: it never lies in the automaton's deck (§2)")
    printed = faction.copies[card.name]
    shown = _copies_shown(board, card.name, card.name in catalog.factions[board.seats[0].faction].copies)
    shown += ["revealed before it"] * (revealed[card.name] if revealed is not None else 0)
    if not card.is_leader and len(shown) >= printed:
        zones = ", ".join(f"{zone} ×{shown.count(zone)}" if shown.count(zone) > 1 else zone
                          for zone in dict.fromkeys(shown))
        raise CardLookupError(f"the {faction.name} set prints {printed} {card.name}, and the board already shows "
                              f"{len(shown)} of the automaton's ({zones}): it cannot reveal another (leave the "
                              "card it reveals off the board file)", where=board.where)
    return card


def _side_deck(catalog: Catalog, faction: str, side: BattlefieldSide, player: int) -> tuple[Placed, ...]:
    """What ``faction``'s set prints of side-deck cards, less the copies lying on ``side`` (§2), as ``player``'s."""
    from collections import Counter

    from deckcli.game.position import Placed

    printed = catalog.factions[faction].copies
    left = Counter({name: copies for name, copies in printed.items() if catalog.cards[name].side_deck})
    left.subtract(placed.card.name for row in side.rows for placed in row)
    return tuple(Placed(catalog.cards[name], player) for name, copies in left.items() for _ in range(max(copies, 0)))


def _copies_shown(board: Board, name: str, players_too: bool) -> list[str]:
    """Where the board shows copies of ``name`` as the automaton's, one zone (``opponent.close``) per copy: on its
    side (but the player's Spies), its Spies on the player's side, its discard pile (but a Spy the player's set prints
    too, ``players_too``: the player's Spy played onto its side is discarded there, §9), deck and hand, its Horns
    and Mardroeme."""
    me, opponent = board.sides
    rows = ("close", "ranged", "siege")
    zones = [f"opponent.{rows[r]}" for r, row in enumerate(opponent.rows) for placed in row
             if placed.card.name == name and "spy" not in placed.card.abilities]
    zones += [f"me.{rows[r]}" for r, row in enumerate(me.rows) for placed in row
              if placed.card.name == name and "spy" in placed.card.abilities]
    held = board.seats[1]
    for key, zone in (("discard", opponent.discard), ("deck", held.deck), ("hand", held.hand)):
        zones += [f"opponent.{key}" for placed in zone if placed.card.name == name
                  and not (key == "discard" and players_too and "spy" in placed.card.abilities)]
    if name == "Commander's Horn":
        zones += ["opponent.horns"] * len(opponent.horns)
    if name == "Mardroeme":
        zones += ["opponent.mardroeme"] * len(opponent.mardroeme)
    return zones


def _kind(card: Card) -> str:
    from deckcli.catalog.abilities import KIND_NAMES

    return KIND_NAMES[card.kind]


def _shell_word(path: str) -> str:
    import shlex

    return shlex.quote(path)


def _step(game: Game, event: dict[str, Any]) -> dict[str, Any]:
    """One logged event as a step of the report (``action`` empty for an event the report does not show)."""
    kind = event["event"]
    player = event["player"]
    step: dict[str, Any] = {"action": "", "card": event["card"], "side": None, "row": event["row"]}
    if kind == "play":
        side = event.get("side", player)
        step.update(action="play", side=SIDE_NAMES[side])
    elif kind in ("discard", "summon", "transform", "move"):
        step.update(action=kind, side=SIDE_NAMES[player])
        if kind == "transform":
            step["replaced"] = event["replaced"]
        if kind == "move":
            step["from"] = event["from"]
    elif kind == "leader":
        step.update(action="leader", side=SIDE_NAMES[player])
    if "why" in event:
        step["why"] = event["why"]
    return step


# Text -------------------------------------------------------------------------------------------------------


def render_solo(report: SoloReport, fmt: str, width: int | None) -> str:
    """The report as ``json`` (a versioned document) or ``text``: a line per step with its reason, the totals,
    then what the player does next; lines wrapped to ``width`` columns (``None``: one line each)."""
    if fmt == "json":
        from deckcli.render.documents import document_json

        return document_json(report.as_dict())
    from deckcli.render.layout import Layout

    layout = Layout(width=width)
    lines = layout.wrap(f"{report.board}: the opponent ({report.faction}) reveals {report.card}")
    for number, step in enumerate(report.steps, 1):
        lines += layout.wrap(f"  {number}. {_say(step)}", indent="  ")
    if not report.steps:
        lines += layout.wrap("  nothing happens", indent="  ")
    lines += layout.wrap(f"Totals: you {report.totals['me']}, the opponent {report.totals['opponent']}")
    if not report.next and report.written == "-":
        lines += layout.wrap("Next: your turn: the position after its turn is printed on standard output; save it as "
                             "BOARD, add your card to it, then deckcli solo BOARD --reveal CARD for its next")
    elif not report.next and report.written is not None:
        lines += layout.wrap(f"Next: your turn: {report.written} holds the position after its turn; add your card to "
                             f"it, then deckcli solo {_shell_word(report.written)} --reveal CARD for its next")
    elif not report.next:
        lines += layout.wrap("Next: your turn")
    for upcoming in report.next:
        lines += layout.wrap(f"Next: {upcoming['text']}")
    return "\n".join(lines)


_ROWS = {"close": "Close Combat", "ranged": "Ranged Combat", "siege": "Siege"}


def _say(step: dict[str, Any]) -> str:
    """One step in words: ``Commander's Horn on Siege: +12; Close Combat would give +11``."""
    whose = "your" if step["side"] == "me" else "its"
    row = _ROWS.get(step["row"] or "", "")
    card = step["card"]
    action = step["action"]
    if action == "play":
        said = f"{card} on {'your ' if step['side'] == 'me' else ''}{row}" if row else card
    elif action == "discard":
        said = f"{whose} {card}{f' ({row})' if row else ''} is discarded"
    elif action == "summon":
        said = f"{card} takes the field on {whose} {row} (Summon)"
    elif action == "transform":
        said = f"{step['replaced']} turns into {card} on {whose} {row} (Berserker)"
    elif action == "move":
        said = f"{card} moves from {_ROWS[step['from']]} to {row} (Agile)"
    else:
        said = f"reveals the Leader {card}"
    why = step.get("why")
    return f"{said}: {why}" if why else said
