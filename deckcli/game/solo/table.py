"""``deckcli solo --table``: a whole game of Gwent Solo kept by deckcli while it is played at the table (§18–20).

Both decks are physical. The player says each card the automaton reveals from its deck (and the one found by a
Muster, picked at random by a Medic under Invader of the North, lying under a Decoy, the Leader of the variant),
and their own plays and passes; deckcli resolves the automaton's turns by §18–20 (:mod:`deckcli.game.solo.automaton`)
and keeps the board, the totals, the rounds and the gems.

What deckcli does not see, it does not pretend to: the player's hand is whatever they say they play (any card of
their deck not yet played: the hand and the deck are one pool here), and the automaton's deck is the cards of its
set not yet revealed, in no known order. The random picks of the rules that the players would make at the table
(the unit Monsters keeps, Skellige's two returned units) come from ``seed``, and are said.

The library asks and tells through two functions the caller gives (:func:`play_table_game`): it never prints or
reads. Every answer that moves the game on is a decision (:class:`Decided`): the player's action of a turn (§7), a
choice inside a move (the engine's decision points, :data:`deckcli.game.actions.QUESTIONS`), a card the automaton
reveals. A game is its setup and the decisions taken, in order: given them again it applies them without asking and
stands where it stood, between two decisions (saving and resuming are that, whatever the questions' wording).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from deckcli.game.solo.card_play import SEAT, solo_of

if TYPE_CHECKING:
    from collections.abc import Sequence

    from deckcli.catalog.model import Card, Catalog
    from deckcli.game.actions import Action
    from deckcli.game.agents import Agents, PlayerView
    from deckcli.game.cards import GameDeck
    from deckcli.game.solo.card_play import Instruction
    from deckcli.game.state import Game

PLAYER = 1 - SEAT
COMMANDS = ("pass", "leader", "board", "help")
"""The words of the player's turn besides a card's name."""
HELP = ("Your turn: type the card you play (its name, or the beginning of its words; Tab completes), leader to use "
        "your Leader, pass to pass, board to see the board again. At any question: undo takes back your last answer, "
        "save saves the game, quit saves it and stops.")
CONFIRM = ("yes", "no")
"""The answers to a move that a word only half-names (``clear`` for Clear Weather): asked before it is played."""
QUOTED = 40
"""Characters of a typed answer quoted back in a refusal at most (longer ones end in an ellipsis): the refusal stays
a line of the terminal's width."""


ASKED = {"medic": "your Medic plays a non-Hero unit of your discard pile (§10): which", "row": "which row"}
"""The questions of :data:`deckcli.game.agents.QUESTIONS` as the table asks them of the player."""


class Question(NamedTuple):
    """What deckcli asks now: ``kind`` (``move``: the player's turn; ``reveal``: a card the automaton reveals;
    ``search``, ``random``, ``under``, ``leader``, ``discard``; ``choose``: one of ``options``, by name or number;
    ``confirm``: yes or no, before a move that a word only half-named),
    the ``text`` asked, the ``options`` a name may complete to, whether an empty answer is taken (``optional``), and
    the ``error`` of the answer before (empty the first time)."""

    kind: str
    text: str
    options: tuple[str, ...] = ()
    optional: bool = False
    error: str = ""


Ask = Callable[[Question], str]
Tell = Callable[[list[str]], None]


class TableSetup(NamedTuple):
    """A game at the table: the player's deck (a :class:`GameDeck`), the automaton's faction (a slug), the Leader
    variant, the seed of the random picks."""

    deck: GameDeck
    faction: str
    leader_variant: bool = False
    seed: int = 1


class _Wrong(Exception):
    """An answer that does not fit: asked again with the reason."""


class Decided(NamedTuple):
    """A decision taken: its ``question`` and the ``answer``, in the engine's terms, not the words typed.

    ``act``: the turn's action (:data:`deckcli.game.actions.Action`, card instances); a question of
    :data:`deckcli.game.actions.QUESTIONS` an ability of the player's card asks (``medic``, ``row``...): the option
    taken (a card instance or a row number); ``discard-from-hand``: the card instance the player discards (§20); what
    the player tells of the automaton's cards, by name, its deck being in no known order: ``reveal`` (its top card),
    ``under`` (the card under its Decoy), ``search`` (the card its Muster or Leader found, ``""``: none), ``random``
    (its Medic's random pick), ``leader`` (the Leader variant's Leader, §18)."""

    question: str
    answer: Any


NAMED = ("reveal", "under", "search", "random", "leader")
"""The questions answered by a card's name (:class:`Decided`)."""


class NotThisGame(Exception):
    """A decision given to :func:`play_table_game` that the game does not offer where it comes (another deckcli
    plays it into another game): ``index`` (0 up) and ``reason``."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"decision {index + 1}: {reason}")
        self.index = index
        self.reason = reason


Record = Callable[[list[Decided], str, str], None]
"""Called with the decisions taken so far after each one, what the last was in words and the digest of the game's
log when it was taken (:func:`log_digest`); after the last one is taken back (a card that cannot be what was owed,
asked again), with the decisions left and two empty texts."""


def decided_of(item: Any) -> Decided | None:
    """The decision a save holds as ``[question, answer]`` (JSON: lists, whole numbers, text), or ``None`` when it is
    not of that shape (whether the game offers it is checked as it is applied: :class:`NotThisGame`)."""
    from deckcli.game.actions import QUESTIONS

    if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
        return None
    question, answer = item

    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and -1 <= value < 10_000

    if question == "act":
        good = isinstance(answer, list) and len(answer) == 4 and all(whole(part) for part in answer)
        return Decided(question, tuple(answer)) if good else None
    if question in NAMED:
        good = isinstance(answer, str) and len(answer) <= 200 and answer.isprintable()
        return Decided(question, answer) if good else None
    if question in QUESTIONS:
        return Decided(question, answer) if whole(answer) else None
    return None


def log_digest(game: Game) -> str:
    """The SHA-256 of the game's log (JSON, keys sorted) in 64 hexadecimal digits: what a save is checked by."""
    import hashlib
    import json

    return hashlib.sha256(json.dumps(game.log or [], sort_keys=True, default=repr).encode()).hexdigest()


def new_table_game(setup: TableSetup, catalog: Catalog) -> Game:
    """The game at its start (§18): the player's cards all in one pool (hand and deck), the automaton's deck every
    card of its set, the automaton starting but against Scoia'tael (§19)."""
    from deckcli.game.modes import SCOIATAEL
    from deckcli.game.rounds import new_game
    from deckcli.game.solo.automaton import Solo, faction_cards, solo_decks

    decks = solo_decks(setup.deck, setup.faction, catalog)
    solo = Solo(deck_known=False, pool=faction_cards(catalog, setup.faction)[0], at_table=True)
    game = new_game(decks, setup.seed, mode=solo)
    game.frames.clear()  # the table sets the game up itself: the player's cards are in their hands, not dealt here
    game.hand[PLAYER], game.deck[PLAYER] = game.deck[PLAYER], []
    game.starter = game.to_move = PLAYER if game.faction[PLAYER] == SCOIATAEL else SEAT
    game.log = []
    return game


def play_table_game(setup: TableSetup, ask: Ask, tell: Tell, decided: Sequence[Decided] = (),
                    record: Record | None = None) -> Game:
    """Play a whole game of Gwent Solo at the table: ``ask`` is called for every answer deckcli needs (a
    :class:`Question`; it may raise to stop the game, such as ``KeyboardInterrupt``), ``tell`` with the lines to
    show after every step (the steps, the board and both totals, the rounds and the end). The ``decided`` are
    applied first, in order, without asking (a saved game resumed); ``record`` is told of every decision taken
    (:data:`Record`). Returns the game over. Raises :class:`NotThisGame` for a decision of ``decided`` the game does
    not offer where it comes."""
    from deckcli.catalog.loading import default_catalog

    catalog = default_catalog()
    table = _Table(new_table_game(setup, catalog), catalog, setup, ask, tell, decided, record)
    table.run()
    return table.game


class _Seat:
    """The player's seat: every question an ability asks the player goes to the table."""

    name = "table"

    def __init__(self, table: _Table) -> None:
        self.table = table

    def act(self, view: PlayerView, actions: list[Action]) -> Action:
        raise AssertionError("the player's turn is asked by the table, never through an agent")

    def choose(self, view: PlayerView, question: str, options: list[int], card: int) -> int:
        return self.table.choose(question, options, card)

    def exchange(self, view: PlayerView) -> int | None:
        return None

    def starter(self, view: PlayerView) -> int:
        return SEAT


class _Table:
    def __init__(self, game: Game, catalog: Catalog, setup: TableSetup, ask: Ask, tell: Tell,
                 decided: Sequence[Decided] = (), record: Record | None = None) -> None:
        from deckcli.game.agents import Agents
        from deckcli.game.solo.automaton import Unasked

        self.game = game
        self.catalog = catalog
        self.setup = setup
        self.ask = ask
        self.tell = tell
        self.agents: Agents = Agents(_Seat(self), Unasked())
        self.under = 0
        """Cards put under its Decoys this round, face down: out of its deck, not yet named."""
        self.leaders = sorted(card.name for card in catalog.cards.values()
                              if card.is_leader and card.name in catalog.factions[setup.faction].copies)
        self.told = 0
        """The log's events told so far."""
        self.given = list(decided)
        """The decisions still to apply without asking."""
        self.taken: list[Decided] = []
        self.record = record
        self.applied = False
        """Whether the last decision taken was one given (not asked)."""

    # Asking ----------------------------------------------------------------------------------------------

    def answer(self, question: Question, read: Callable[[str], object]) -> object:
        """Ask until ``read`` takes the answer (it raises :class:`_Wrong` with the reason otherwise)."""
        error = ""
        while True:
            text = self.ask(question._replace(error=error)).strip()
            try:
                return read(text)
            except _Wrong as wrong:
                error = str(wrong)

    def decide(self, question: str, legal: Callable[[Any], bool], asking: Callable[[], Any],
               said: Callable[[Any], str]) -> Any:
        """The next decision, of ``question``: the next given one (checked: it must be this question and ``legal``)
        or, none left, the player's (``asking``); kept, and recorded with what it was in words (``said``)."""
        self.applied = bool(self.given)
        if self.given:
            given = self.given.pop(0)
            index = len(self.taken)
            if given.question != question:
                raise NotThisGame(index, f"{given.question}, where the game asks for {question}")
            if not legal(given.answer):
                raise NotThisGame(index, f"{question} {list(given.answer) if question == 'act' else given.answer!r}"
                                         " is not one the game offers there")
            answer = given.answer
        else:
            answer = asking()
        self.taken.append(Decided(question, answer))
        if self.record is not None:
            self.record(list(self.taken), said(answer), log_digest(self.game))
        return answer

    def retract(self, reason: str) -> None:
        """The last decision taken cannot be played (a card that cannot be what was owed): taken back to be asked
        again, or, if it was given, :class:`NotThisGame`."""
        if self.applied:
            raise NotThisGame(len(self.taken) - 1, reason)
        self.taken.pop()
        if self.record is not None:
            self.record(list(self.taken), "", "")

    def choose(self, question: str, options: list[int], card: int) -> int:
        """An ability of the player's card asks the player (a Medic's unit, a row...): one of ``options``."""
        from deckcli.game.actions import QUESTIONS
        from deckcli.game.cards import ROW_NAMES

        rows = "row" in question
        named = {(ROW_NAMES[option] if rows else self.game.cards.name[option]): option for option in reversed(options)}
        labels = sorted(named, key=lambda label: options.index(named[label]))  # copies of a card are one answer
        what = ASKED.get(question) or QUESTIONS.get(question, question).split(" (")[0]
        if len(labels) == 1:
            return named[labels[0]]
        whose = f"{self.game.cards.name[card]}: " if card >= 0 else ""
        asked = Question("choose", f"{whose}{what}: {', '.join(labels)}?", tuple(labels))

        def asking() -> int:
            index = self.answer(asked, lambda text: _pick(text, labels))
            assert isinstance(index, int)
            return named[labels[index]]

        chosen = self.decide(question, lambda option: option in options, asking,
                             lambda option: ROW_NAMES[option] if rows else self.game.cards.name[option])
        assert isinstance(chosen, int)
        return chosen

    def card_named(self, text: str, names: list[str], what: str) -> str:
        """The one name of ``names`` that ``text`` means (as deck files match, or by the beginnings of its words)."""
        return self.named(text, names, what)[0]

    def named(self, text: str, names: list[str], what: str) -> tuple[str, bool]:
        """The one name of ``names`` that ``text`` means, and whether ``text`` only half-names it (the beginnings of
        its words, ``clear`` for Clear Weather, rather than a name as deck files match it). Raises :class:`_Wrong`
        with the reason (no name, several, none: "did you mean")."""
        from deckcli.catalog.lookup import name_words, words_begin
        from deckcli.catalog.names import fold, suggest
        from deckcli.text import did_you_mean, printable

        if not text:
            raise _Wrong(f"name {what}")
        found = {card.name for card in self.catalog.find(text)} & set(names)
        loose = not found
        if not found:
            typed = name_words(text)
            found = {name for name in names if typed and words_begin(typed, name_words(name))}
        if len(found) == 1:
            return found.pop(), loose
        if found:
            raise _Wrong(f'"{printable(text, QUOTED)}" may mean {", ".join(sorted(found))}: type more of it')
        close = suggest(text, {fold(name): name for name in names}, limit=5)
        raise _Wrong(f'"{printable(text, QUOTED)}" is not {what}{did_you_mean(close)}')

    # The game --------------------------------------------------------------------------------------------

    def run(self) -> None:
        game = self.game
        who = "you start" if game.to_move == PLAYER else "the automaton starts (§18)"
        self.tell([f"Gwent Solo at the table: your {self.faction(PLAYER)} against the automaton of "
                   f"{self.faction(SEAT)}{' (the Leader variant)' if self.setup.leader_variant else ''}; {who}.",
                   "Draw your 10 cards and exchange up to two (§6); the automaton has no hand."])
        while not game.over:
            if game.to_move == SEAT:
                self.automaton_turn()
            else:
                self.player_turn()

    def faction(self, seat: int) -> str:
        return self.catalog.factions[self.game.faction[seat]].name

    def player_turn(self) -> None:
        from deckcli.game.actions import LEADER_ACTION, PASS_ACTION
        from deckcli.game.rounds import turn_actions
        from deckcli.game.solo.card_play import move_agile

        game = self.game
        actions = turn_actions(game, PLAYER)
        if LEADER_ACTION not in actions and self.leader_usable():
            actions.insert(-1, LEADER_ACTION)
        names = sorted({game.cards.name[a[1]] for a in actions if a[1] >= 0})
        options = (*names, *COMMANDS)

        def read(text: str) -> Action | None:
            word = text.casefold()
            if word == "board":
                self.tell(self.board_lines())
                return None
            if word in ("help", "?"):
                self.tell([HELP])
                return None
            if word == "pass":
                return PASS_ACTION
            if word == "leader":
                if LEADER_ACTION not in actions:
                    raise _Wrong("your Leader cannot be used now (used, cancelled, or it would do nothing)")
                return LEADER_ACTION
            typed = text.removeprefix("play ").strip()
            name, loose = self.named(typed, names, "a card you can play now")
            if loose and not self.confirmed(f'"{typed}": play {name}? (yes or no)'):
                return None
            return self.placed(name, [a for a in actions if a[1] >= 0 and game.cards.name[a[1]] == name])

        def asking() -> Action:
            action = None
            while action is None:
                found = self.answer(Question("move", "Your move (a card, leader, pass, board, help):", options), read)
                action = found if isinstance(found, tuple) else None
            return action

        def said(action: Action) -> str:
            return "pass" if action == PASS_ACTION else "leader" if action == LEADER_ACTION else game.cards.name[action[1]]

        action = self.decide("act", lambda taken: taken in actions, asking, said)
        mark = len(game.log or [])
        self.step(action)
        if action != PASS_ACTION:
            move_agile(game)  # its Agile units move when your card makes another row better (§19)
        self.report(mark)

    def step(self, action: Action) -> None:
        """The player's action (§7); after a pass the automaton takes its final turn, then the round ends (§18)."""
        from deckcli.game.abilities import play_from_hand
        from deckcli.game.actions import LEADER, PASS
        from deckcli.game.agents import resolve
        from deckcli.game.leaders import use_leader

        game = self.game
        kind, card, row, target = action
        if kind == PASS:
            game.passed[PLAYER] = True
            game.emit("pass", PLAYER)
        elif kind == LEADER:  # a Leader that searches the deck searches the one pool of hand and deck
            game.deck[PLAYER], game.hand[PLAYER] = game.hand[PLAYER], []
            try:
                use_leader(game, PLAYER)
                resolve(game, self.agents)
            finally:
                game.hand[PLAYER], game.deck[PLAYER] = game.hand[PLAYER] + game.deck[PLAYER], []
        else:
            play_from_hand(game, PLAYER, card, row, target)
            resolve(game, self.agents)
        game.to_move = SEAT

    def leader_usable(self) -> bool:
        """Whether the player's Leader would do something now with the pool of hand and deck taken as the deck (a
        Leader that plays a card of the deck: King of Temeria, King of the Wild Hunt...)."""
        from deckcli.game.leaders import usable

        game = self.game
        game.deck[PLAYER], game.hand[PLAYER] = game.hand[PLAYER], []
        try:
            return usable(game, PLAYER)
        finally:
            game.hand[PLAYER], game.deck[PLAYER] = game.deck[PLAYER], []

    def confirmed(self, text: str) -> bool:
        """Whether the player answers yes to ``text`` (a move a word only half-named: played once confirmed)."""
        def read(answer: str) -> bool:
            for word in CONFIRM:
                if answer and word.startswith(answer.casefold()):
                    return word == "yes"
            raise _Wrong("answer yes or no")

        return bool(self.answer(Question("confirm", text, CONFIRM), read))

    def placed(self, name: str, actions: list[Action]) -> Action:
        """Which of the ways to play ``name`` the player means: its row, or the unit a Decoy takes back."""
        from deckcli.game.cards import ROW_NAMES

        if len(actions) == 1:
            return actions[0]
        cards = self.game.cards
        labels = [cards.name[a[3]] + f" ({ROW_NAMES[a[2]]})" if a[3] >= 0 else ROW_NAMES[a[2]] for a in actions]
        asked = Question("choose", f"{name}: {', '.join(labels)}?", tuple(labels))
        index = self.answer(asked, lambda text: _pick(text, labels))
        assert isinstance(index, int)
        return actions[index]

    # The automaton (§18–20) --------------------------------------------------------------------------------

    def left(self) -> int:
        """Cards left in its deck: its set's cards not yet revealed, less those face down under its Decoys."""
        return len(self.game.deck[SEAT]) - self.under

    def automaton_turn(self) -> None:
        """Its turn (§18): it reveals its top card (two after a round it won as Northern Realms, §19) and plays it,
        and more as its cards say; its deck empty, it passes. After the player has passed this is its final turn,
        then the round ends."""
        from deckcli.game.solo.card_play import Instruction

        game = self.game
        solo = solo_of(game)
        mark = len(game.log or [])
        if not game.passed[SEAT] and self.left() > 0:
            owed = 2 if solo.extra_card else 1
            solo.extra_card = False
            self.owe([Instruction("turn", 1, (), "")] * owed)
        elif not game.passed[SEAT]:
            game.passed[SEAT] = True
            game.emit("pass", SEAT)
        self.report(mark)
        if game.passed[PLAYER]:
            if not game.passed[SEAT]:
                game.passed[SEAT] = True
                game.emit("pass", SEAT)
            self.end_round()
        else:
            game.to_move = PLAYER

    def owe(self, owed: list[Instruction]) -> None:
        """Ask for each card it owes, in the order it is owed, and play it; what each card owes in turn comes first."""
        from deckcli.game.solo.reveal import FULFILLED, _answer

        game = self.game
        solo = solo_of(game)
        while owed:
            top = owed.pop(0)
            if top.action in ("turn", "reveal") and self.left() <= 0:
                self.tell(["  Its deck is empty: it plays no more card."])
                continue
            mark = len(solo.instructions)
            card = self.revealed(top)
            if card is None:
                continue
            instance = self.take(card, top)
            try:
                _answer(game, top, card, "", instance)
            except Exception as error:  # noqa: BLE001 - the card cannot be what was owed: asked again
                from deckcli.errors import CardLookupError

                if not isinstance(error, CardLookupError):
                    raise
                self.retract(str(error))
                self.tell([f"  {error}"])
                owed.insert(0, top)
                continue
            self.tell_steps()
            rest = [top._replace(number=top.number - 1)] if top.number > 1 else []
            new = solo.instructions[mark:]
            self.follow(new)
            owed[:0] = [*(i for i in new if i.action in FULFILLED), *rest]

    def follow(self, new: list[Instruction]) -> None:
        """What the player does at the table besides revealing: told, and kept (a card under a Decoy, a card of the
        hand discarded, the discard piles shuffled back)."""
        from deckcli.game.solo.reveal import FULFILLED

        game = self.game
        for told in new:
            if told.action == "under-decoy":
                self.under += 1
            if told.action not in FULFILLED and told.action != "score":
                self.tell([f"  At the table: {told.text.split(' (deckcli solo')[0]}."])
            if told.action == "discard":
                self.discard_from_hand()
            elif told.action == "shuffle":  # both discard piles back into the decks (Crach an Craite)
                game.deck[SEAT] += game.discard[SEAT]
                game.hand[PLAYER] += game.discard[PLAYER]
                game.discard[SEAT], game.discard[PLAYER] = [], []

    def discard_from_hand(self) -> None:
        """A card of the player's hand discarded, of their choice (Emhyr var Emreis: Emperor of Nilfgaard, §20)."""
        game = self.game
        names = sorted({game.cards.name[card] for card in game.hand[PLAYER]})
        if not names:
            return

        def asking() -> int:
            name = self.answer(Question("discard", "Which card of your hand do you discard?", tuple(names)),
                               lambda t: self.card_named(t, names, "a card of your hand"))
            return next(c for c in game.hand[PLAYER] if game.cards.name[c] == name)

        card = self.decide("discard-from-hand", lambda taken: taken in game.hand[PLAYER], asking,
                           lambda taken: game.cards.name[taken])
        name = game.cards.name[card]
        game.hand[PLAYER].remove(card)
        game.discard[PLAYER].append(card)
        self.tell([f"  you discard {name}"])

    def revealed(self, owed: Instruction) -> Card | None:
        """The card the player reveals for ``owed`` (``None``: a Muster that found nothing)."""
        game = self.game
        pool = sorted({game.cards.name[card] for card in game.deck[SEAT]})
        if owed.action == "search":
            found = sorted(set(owed.cards) & set(pool))
            if not found:
                return None
            text = (f"Its Muster: search its deck from the top for the first {' or '.join(found)}; which did you "
                    "find (Enter: none, then shuffle its deck)?")
            asked, names = Question("search", text, tuple(found), optional=True), ["", *found]
            read: Callable[[str], object] = (
                lambda t: self.card_named(t, found, "a card its Muster searches for") if t else "")
        elif owed.action == "random":
            names = list(owed.cards)
            text = f"Its Medic under Invader of the North: pick one of {', '.join(names)} at random: which?"
            asked = Question("random", text, tuple(names))
            read = lambda t: self.card_named(t, names, "a unit of its discard pile")  # noqa: E731
        else:
            what = "the card under its Decoy" if owed.action == "under" else "the top card of its deck"
            text = f"The automaton reveals {what} ({self.left()} left): which card?"
            asked, names = Question("reveal", text, tuple(pool)), pool
            read = lambda t: self.card_named(t, pool, "a card left in its deck")  # noqa: E731
        question = owed.action if owed.action in ("search", "random", "under") else "reveal"
        name = self.decide(question, lambda taken: taken in names, lambda: self.answer(asked, read),
                           lambda taken: taken or "none")
        assert isinstance(name, str)
        return self.catalog.cards[name] if name else None

    def take(self, card: Card, owed: Instruction) -> int | None:
        """The instance of ``card`` leaving its deck (or, for a Medic's random pick, its discard pile: ``None``)."""
        if owed.action == "random":
            return None
        deck = self.game.deck[SEAT]
        instance = next(c for c in deck if self.game.cards.name[c] == card.name)
        deck.remove(instance)
        if owed.action == "under":
            self.under -= 1
        return instance

    def end_round(self) -> None:
        """Both have passed (§9): the cards under its Decoys are named and played (a Weather Card then gives no more
        card), the Leader variant's Leader if you are ahead (§18), then the score, the gems and the next round."""
        from deckcli.game.agents import resolve
        from deckcli.game.rounds import end_round
        from deckcli.game.solo.card_play import Instruction
        from deckcli.game.solo.leaders import resolve_leader

        game = self.game
        solo = solo_of(game)
        mark = len(game.log or [])
        solo.scoring = True
        self.owe([Instruction("under", 1, (), "")] * len(solo.decoys))
        if self.setup.leader_variant and self.leaders and game.score(PLAYER) > game.score(SEAT):
            text = (f"You lead {game.score(PLAYER)} to {game.score(SEAT)}: the automaton reveals the top Leader of its "
                    "pile (the Leader variant, §18): which?")
            leaders = self.leaders
            name = self.decide("leader", lambda taken: taken in leaders,
                               lambda: self.answer(Question("leader", text, tuple(leaders)),
                                                   lambda t: self.card_named(t, leaders, "a Leader left in its pile")),
                               str)
            assert isinstance(name, str)
            self.leaders.remove(name)
            solo.revealed.append(name)
            before = len(solo.instructions)
            resolve_leader(game, name)
            resolve(game, self.agents)
            from deckcli.game.solo.reveal import FULFILLED

            self.tell_steps()
            self.follow(solo.instructions[before:])
            self.owe([i for i in solo.instructions[before:] if i.action in FULFILLED])
        solo.scoring = False
        if len(game.log or []) > mark:
            self.report(mark)
        totals = f"you {game.score(PLAYER)}, the automaton {game.score(SEAT)}"
        ending = len(game.log or [])
        end_round(game)
        resolve(game, self.agents)
        winner = game.round_winners[-1]
        said = "you win it" if winner == PLAYER else "the automaton wins it" if winner == SEAT else "a tie"
        lines = [f"Round {len(game.round_winners)} ends: {totals}: {said}. Gems: you {game.gems[PLAYER]}, the "
                 f"automaton {game.gems[SEAT]}."]
        lines += [f"  {line}" for line in self.events(ending, through_round_end=True)]
        self.told = len(game.log or [])
        if game.over:
            result = ("you win the game" if game.winner == PLAYER else "the automaton wins the game"
                      if game.winner == SEAT else "the game is a draw")
            lines.append(f"Game over: {result}.")
        else:
            starts = "you start" if game.to_move == PLAYER else "the automaton starts"
            lines += [f"Round {game.round}: {starts}.", *self.board_lines()]
        self.tell(lines)

    # What is shown ---------------------------------------------------------------------------------------

    def report(self, mark: int) -> None:
        """The steps not yet told (since ``mark`` at the earliest), then the board and both totals."""
        self.told = max(self.told, mark)
        self.tell_steps()
        self.tell(self.board_lines())

    def tell_steps(self) -> None:
        """The steps logged since the last told, each as it happens."""
        lines = self.events(self.told)
        self.told = len(self.game.log or [])
        if lines:
            self.tell([f"  {line}" for line in lines])

    def events(self, mark: int, through_round_end: bool = False) -> list[str]:
        """The lines telling the log's events from ``mark``: up to the round's end, or ``through_round_end`` (the
        end of a round: what Monsters keep, logged before it, and what Skellige returns, after it)."""
        from deckcli.game.solo.reveal import _say, _step

        game = self.game
        lines = []
        for event in (game.log or [])[mark:]:
            if event["event"] == "round_end":
                if through_round_end:
                    continue
                break
            step = _step(game, event)
            if step["action"] == "leader" and event["player"] == PLAYER:
                lines.append(f"you use your Leader {event['card']}")
            elif step["action"]:
                who = "you" if event["player"] == PLAYER else "it"
                said = _say(step)
                lines.append(f"{who}: {said}" if step["action"] in ("play", "leader") else said)
            elif event["event"] == "pass":
                lines.append("you pass" if event["player"] == PLAYER else "it passes")
            elif event["event"] == "return":
                lines.append(f"{event['card']} returns to the battlefield (Skellige, §3; picked at random, --seed)")
            elif event["event"] == "keep":
                lines.append(f"{event['card']} stays on the battlefield (Monsters, §3; picked at random, --seed)")
        return lines

    def board_lines(self) -> list[str]:
        """The battlefield: each side's rows with each card's Strength now, the Weather, the totals and gems."""
        from deckcli.game.cards import ROW_NAMES

        game = self.game
        weather = ", ".join(game.cards.name[card] for card in game.weather) or "none"
        lines = [f"Round {game.round}. Weather: {weather}."]
        for seat, who in ((SEAT, "The automaton"), (PLAYER, "You")):
            passed = ", passed" if game.passed[seat] else ""
            extra = f", its deck {self.left()}" if seat == SEAT else ""
            gems = f"{game.gems[seat]} {'gem' if game.gems[seat] == 1 else 'gems'}"
            lines.append(f"{who}: {game.score(seat)} ({gems}{extra}{passed})")
            for row in range(3):
                slot = seat * 3 + row
                cards = game.rows[slot]
                if not cards:
                    continue
                values = game.row_values(slot)
                horn = " [Horn]" if game.horn[slot] != -1 else ""
                shown = ", ".join(f"{game.cards.name[c]} {v}" for c, v in zip(cards, values))
                lines.append(f"  {ROW_NAMES[row]} {sum(values)}{horn}: {shown}")
        return lines


def _pick(text: str, labels: list[str]) -> int:
    """The option ``text`` names: its number (1 up) or the beginning of its label."""
    if text.isdigit() and 1 <= int(text) <= len(labels):
        return int(text) - 1
    folded = text.casefold()
    found = [n for n, label in enumerate(labels) if label.casefold().startswith(folded)] if folded else []
    if len(found) == 1:
        return found[0]
    raise _Wrong(f"answer with one of: {', '.join(f'{n} {label}' for n, label in enumerate(labels, 1))}")
