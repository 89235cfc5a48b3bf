"""The ``heuristic`` bot: a player's habits, written down as rules (no look-ahead beyond the card it plays).

Each turn it values every action by two figures: the Strength it swings now (its side's total less the
opponent's, after the action, against before) and what it costs (what the card would be worth kept for
later, less what the action brings back to the hand: the two cards a Spy draws, the unit a Decoy takes
back). Then, by the state of the game (rulebook §7, §9):

- the opponent has passed: ahead, it passes; behind, it plays the cheapest card that wins the round, or,
  when no single card does, its strongest, while the round is worth what it costs: it does not fall more
  than a card behind the opponent's hand for a round that does not decide the game (never over-commits);
- Spies first, while the deck has cards to draw (§10: two cards for one), and a Spy the opponent laid on
  its side taken back with a Decoy, to be played again (§11);
- before passing a round it has won, or giving one up, a card that brings more back to the hand than it
  costs: a Decoy taking back a unit worth keeping, while the lead still holds (§11);
- a round it may lose (round one; round two after winning round one): ahead by more than the opponent's
  strongest unit, it passes (catching up takes them two cards); behind, it catches up when one cheap card
  does, else passes early, keeping its cards for the rounds that count, unless it holds two cards more;
- a round it must win (its last gem): it answers every lead with the cheapest card that retakes it, and
  passes only when the opponent has no card left to answer with.

Weather, Scorch, a Commander's Horn and the Leader are valued by what they swing on the board as it lies
against a keeping value, so they wait for the turn they swing most. Of two actions that swing alike it takes the
cheaper (the Leader before a card doing the same). About to pass, it uses the Leader first when that gains anything
in a round whose loss ends the game, or when the Leader alone wins a round it would give up (§5: it costs no card,
and is worth nothing once the game is over). Every question an ability asks is
answered by the same values (:meth:`HeuristicBot.choose`); the exchange (§6) sets aside the card worth least
kept while a card drawn from the deck is worth more on average.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from deckcli.game.abilities import ROW_SCORCH_THRESHOLD
from deckcli.game.actions import LEADER, LEADER_ACTION, PASS, PASS_ACTION
from deckcli.game.bots.heuristic_params import DEFAULT, YARDSTICK, HeuristicParams
from deckcli.game.bots.heuristic_tables import TableHeuristic
from deckcli.game.cards import (
    AGILE, BERSERKER, CLEAR, DECOY, HERO, HORN, MARDROEME, MEDIC, MORALE, MUSTER, ROW_SCORCH, SCORCH, SPECIAL, SPY,
    SUMMON, TIGHT_BOND, UNIT, WEATHER,
)

if TYPE_CHECKING:
    from collections.abc import MutableSequence

    from deckcli.game.actions import Action
    from deckcli.game.agents import PlayerView

Option = tuple[int, float, "Action", bool]
"""An action valued: ``(swing, cost, action, draws cards as a Spy)``."""

PREVIEWED = MEDIC | MUSTER | ROW_SCORCH | SCORCH | MARDROEME | BERSERKER | CLEAR
"""Abilities valued by playing the action on an imagined copy of the game (their effect reaches beyond a row)."""
NILFGAARD = "nilfgaard"


class _Unshuffled(random.Random):
    """The random source of a what-if: its shuffles leave a deck as it is (the value of playing a card now
    does not depend on the order of the deck it leaves behind); its other draws are seeded as usual."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        return None


class _Hand:
    """What the keeping values of one decision share, gathered once: the player's hand and deck, the Muster
    and Tight Bond groups in the hand; on first need, the Strength of each Muster group left in the deck and the
    groups on the player's rows. ``known`` keeps the values that depend on the card alone (every card but the
    Muster and Tight Bond units), shared by the decisions of a game."""

    __slots__ = ("view", "known", "hand", "deck", "in_hand", "_in_deck", "_on_board", "params")

    def __init__(self, view: PlayerView, known: dict[int, float], params: HeuristicParams) -> None:
        group = view.cards.group
        self.view = view
        self.params = params
        self.known = known
        self.hand = view.hand
        self.deck = view.own_deck()
        self.in_hand: dict[int, int] = {}
        for card in self.hand:
            if group[card] >= 0:
                self.in_hand[group[card]] = self.in_hand.get(group[card], 0) + 1
        self._in_deck: dict[int, int] | None = None
        self._on_board: set[int] | None = None

    def in_deck(self, group_of: int) -> int:
        """The printed Strength of the cards of group ``group_of`` left in the deck."""
        if self._in_deck is None:
            cards = self.view.cards
            group, power = cards.group, cards.power
            self._in_deck = {}
            for card in self.deck:
                if group[card] >= 0:
                    self._in_deck[group[card]] = self._in_deck.get(group[card], 0) + power[card]
        return self._in_deck.get(group_of, 0)

    def on_board(self, group_of: int) -> bool:
        """Whether a card of group ``group_of`` lies on the player's rows."""
        if self._on_board is None:
            view = self.view
            group = view.cards.group
            me = view.player
            self._on_board = {group[c] for slot in range(me * 3, me * 3 + 3) for c in view.row(slot) if group[c] >= 0}
        return group_of in self._on_board

    def keep(self, card: int) -> float:
        """What ``card`` is worth kept in the hand for later, in Strength."""
        value = self.known.get(card)
        if value is None:
            value = self._keep(card)
            if not self.view.cards.ability[card] & (MUSTER | TIGHT_BOND):
                self.known[card] = value
        return value

    def _keep(self, card: int) -> float:
        cards = self.view.cards
        kind = cards.kind[card]
        bits = cards.ability[card]
        p = self.params
        if kind == SPECIAL:
            for bit, value in ((SCORCH, p.scorch_keep), (HORN, p.horn_keep), (DECOY, p.decoy_keep),
                               (MARDROEME, p.mardroeme_keep)):
                if bits & bit:
                    return value
            return p.other_keep
        if kind == WEATHER:
            return p.clear_keep if bits & CLEAR else p.weather_keep
        power = float(cards.power[card])
        if bits & SPY:
            return 2 * p.card - power
        group = cards.group[card]
        if bits & MUSTER:
            # another card of the group in the hand brings this one along for free; alone, it brings the deck's
            return 1.0 if self.in_hand.get(group, 0) > (card in self.hand) else power + self.in_deck(group)
        value = power + (p.hero_bonus if kind == HERO else 0.0) + (p.medic_bonus if bits & MEDIC else 0.0)
        if bits & TIGHT_BOND and (self.in_hand.get(group, 0) > (card in self.hand) or self.on_board(group)):
            value *= p.bond_factor
        if bits & AGILE:
            value += p.agile_bonus
        if bits & ROW_SCORCH:
            value += p.row_scorch_bonus
        return value


class HeuristicBot:
    """Plays by the rules of thumb of the module docstring. Its random source serves only the random picks of
    an ability it values on an imagined copy of the game (:meth:`PlayerView.determinized`)."""

    name = "heuristic"

    def __init__(self, seed: int, params: HeuristicParams | None = None) -> None:
        self.rng = _Unshuffled(seed)
        self.params = params or DEFAULT
        self._table: object = None
        self._keeps: dict[int, float] = {}
        self._tables = TableHeuristic()

    def _hand(self, view: PlayerView) -> _Hand:
        """The decision's :class:`_Hand`, sharing the values known for this game's cards (kept per card table)."""
        if self._table is not view.cards:
            self._table, self._keeps = view.cards, {}
        return _Hand(view, self._keeps, self.params)

    # turns ---------------------------------------------------------------------------------------------

    def act(self, view: PlayerView, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        if view.players > 2:
            return self._tables.act(view, actions)
        chosen = self._act(view, actions)
        if chosen == PASS_ACTION and LEADER_ACTION in actions:
            # about to pass: the Leader first when it gains anything in a round whose loss ends the game (§9: it is
            # worth nothing once the game is over), or when it alone wins a round about to be given up (it costs no
            # card, §5)
            me = view.player
            base = view.score(me) - view.score(1 - me)
            swing = self._leader(view, LEADER_ACTION, base, self._hand(view))[0]
            if swing > 0 and (view.gems[me] == 1 or base < 0 <= base + swing - (0 if _wins_ties(view) else 1)):
                return LEADER_ACTION
        return chosen

    def _act(self, view: PlayerView, actions: list[Action]) -> Action:
        me = view.player
        opp = 1 - me
        lead = view.score(me) - view.score(opp)
        wins_ties = _wins_ties(view)
        need = 1 - lead - (1 if wins_ties else 0)  # Strength to gain to win the round now (<= 0: it is won)
        gems = view.gems
        must = gems[me] == 1
        decides = gems[opp] == 1
        hand, hand_opp = view.hand_size(me), view.hand_size(opp)
        passed = view.passed[opp]
        settled = passed or (must and not hand_opp)
        if need <= 0 and (settled or (decides and not must)):
            floor = need if settled else need + self._threat(view)
            return self._before_passing(view, actions, floor)
        if need <= 0 and not must and not decides:
            threat = self._threat(view)
            if 1 - need > threat + self.params.threat_margin:
                return self._before_passing(view, actions, need - 1 + threat + 1)
        options = self.options(view, actions)
        if not options:
            return PASS_ACTION
        p = self.params
        if passed:
            chosen = _catch_up(options, need, must or decides, hand - hand_opp, p.overcommit)
            return _free(options, None, p.free) or chosen if chosen == PASS_ACTION else chosen
        if view.deck_size(me):
            spies = [o for o in options if o[3]]
            if spies:
                return max(spies, key=_strongest_cheapest)[2]
            ability = view.cards.ability
            taken = [o for o in options if o[2][3] >= 0 and ability[o[2][3]] & SPY]
            if taken and not must:  # a Spy the opponent laid here, taken back to be played again (§11)
                return min(taken, key=lambda o: o[1])[2]
        if must:
            return _contest(options, need, hand_opp)
        if decides:
            if hand - hand_opp < p.bleed_card_lead:
                return _contest(options, need, hand_opp)
            return _cheap_win(options, need, p) or PASS_ACTION
        if need <= 0:
            cheap = [o for o in options if o[0] > 0 and o[1] <= p.cheap_when_ahead]
            if cheap:
                return min(cheap, key=lambda o: o[1])[2]
            return (_cheapest_gain(options) if hand > hand_opp else None) or PASS_ACTION
        won = _cheap_win(options, need, p)
        if won is not None:
            return won
        if hand - hand_opp >= p.contest_card_lead:
            return _contest(options, need, hand_opp)
        return _free(options, None, p.free) or PASS_ACTION

    def _before_passing(self, view: PlayerView, actions: list[Action], floor: int) -> Action:
        """About to pass with the round won: first a card that brings more back to the hand than it costs (a Decoy
        taking back a unit worth keeping, a Spy laid on this side), while the lead still holds: ``floor`` is the
        least swing that keeps it (§11)."""
        decoys = [a for a in actions if a[3] >= 0]
        if not decoys:
            return PASS_ACTION
        return _free(self.options(view, decoys), floor, self.params.free) or PASS_ACTION

    @staticmethod
    def _threat(view: PlayerView) -> int:
        """The Strength the opponent's best single unit could add: the strongest unit of their unseen cards
        (their decklist less what has been seen, :meth:`PlayerView.opponent_unseen`); 0 for an empty hand."""
        if not view.hand_size(1 - view.player):
            return 0
        cards = view.cards
        kind, power, ability = cards.kind, cards.power, cards.ability
        return max((power[c] for c in view.opponent_unseen() if kind[c] <= HERO and not ability[c] & SPY), default=0)

    # values ----------------------------------------------------------------------------------------------

    def options(self, view: PlayerView, actions: list[Action]) -> list[Option]:
        """Every action but passing, valued (:data:`Option`): the Strength it swings now (own total less the
        opponent's) and what it costs (the card's keeping value less the keeping value of what comes to the
        hand; a card drawn from the deck counts as :attr:`HeuristicParams.card`)."""
        me = view.player
        hand = self._hand(view)
        plain: dict[int, bool] = {}
        base = view.score(me) - view.score(1 - me)
        options: list[Option] = []
        for action in actions:
            if action[0] == LEADER:
                options.append(self._leader(view, action, base, hand))
            elif action[0] != PASS:
                options.append(self._card(view, action, base, hand, plain))
        return options

    def _leader(self, view: PlayerView, action: Action, base: int, hand: _Hand) -> Option:
        """The Leader valued as the card its text is like (a Horn, a row's Scorch, a Weather Card from the deck),
        else played on an imagined copy."""
        from deckcli.game.leaders import ACTIVE

        me = view.player
        ability = ACTIVE.get(view.leader(me) or "")  # what the Leader does: its text is public (§5)
        if ability is not None and ability.horn_row >= 0:
            slot = me * 3 + ability.horn_row
            return view.row_total_with_horn(slot) - view.row_total(slot), self.params.leader_keep, action, False
        if ability is not None and ability.scorch_row >= 0:
            swing = _row_scorch_swing(view, (1 - me) * 3 + ability.scorch_row)
            if swing is not None:
                return swing, self.params.leader_keep, action, False
        if ability is not None and ability.plays:
            cards = view.cards
            found = next((c for c in hand.deck if cards.name[c] == ability.plays), -1)
            if found >= 0 and cards.kind[found] == WEATHER and not cards.ability[found] & CLEAR:
                swing = _weather_swing(view, view.weather_mask | cards.weather_rows[found], base)
                return swing, self.params.leader_keep, action, False
        swing, gain = self._preview(view, action, base, hand)
        return swing, self.params.leader_keep - gain, action, False

    def _card(self, view: PlayerView, action: Action, base: int, hand: _Hand, plain: dict[int, bool]) -> Option:
        """A card of the hand played: valued on the board as it lies where its effect is plain to count, else
        played on an imagined copy."""
        cards = view.cards
        kind, ability = cards.kind[action[1]], cards.ability[action[1]]
        _what, card, row, target = action
        me = view.player
        keep = hand.keep(card)
        if kind <= HERO:
            slot = (1 - me if ability & SPY else me) * 3 + row
            alone = kind == HERO or not ability & (TIGHT_BOND | MORALE | HORN | PREVIEWED)
            if alone and kind != HERO:
                known = plain.get(slot)
                alone = plain[slot] = view.row_is_plain(slot) if known is None else known
            added = cards.power[card] if alone else view.gain_with([(slot, card)])
            if ability & SPY and not ability & PREVIEWED:
                drawn = min(2, len(hand.deck))
                return -added, -drawn * self.params.card, action, drawn > 0
            if not ability & PREVIEWED:
                return added, keep, action, False
            if ability & MUSTER:
                mustered = _mustered(view, hand, card, row)
                if mustered is not None:
                    return mustered[0], keep + mustered[1], action, False
            elif ability & PREVIEWED == MEDIC and not ability & SPY:
                healed = _healed(view, hand, card, row)
                if healed is not None:
                    return healed, keep, action, False
            elif ability & PREVIEWED == ROW_SCORCH and not ability & SPY:
                burnt = _row_scorch_swing(view, (1 - me) * 3 + cards.scorch_row[card])
                if burnt is not None:
                    return added + burnt, keep, action, False
        elif kind == WEATHER:
            mask = 0 if ability & CLEAR else view.weather_mask | cards.weather_rows[card]
            return _weather_swing(view, mask, base), keep, action, False
        elif ability & HORN:
            slot = me * 3 + row
            return view.row_total_with_horn(slot) - view.row_total(slot), keep, action, False
        elif ability & DECOY:
            slot = me * 3 + row
            return view.row_total_without(slot, [target]) - view.row_total(slot), keep - hand.keep(target), action, False
        elif ability & SCORCH:
            burnt = _scorch_swing(view, view.strongest((0, 1, 2, 3, 4, 5)))
            if burnt is not None:
                return burnt, keep, action, False
        swing, gain = self._preview(view, action, base, hand)
        return swing, keep - gain, action, False

    def _preview(self, view: PlayerView, action: Action, base: int, hand: _Hand) -> tuple[int, float]:
        """Play ``action`` on an imagined copy of the game: the swing, and the keeping value of what came to the
        hand (a card drawn from the deck counts as :attr:`HeuristicParams.card`) less that of what else left it."""
        from deckcli.game.agents import Agents, resolve_move

        me = view.player
        game = view.determinized(self.rng, shuffled=False)
        before = set(game.hand[me])
        deck = set(game.deck[me])
        resolve_move(game, action, Agents(self, self))
        swing = game.score(me) - game.score(1 - me) - base
        now = set(game.hand[me])
        gain = 0.0
        for card in now - before:
            gain += self.params.card if card in deck else hand.keep(card)
        for card in before - now:
            if card != action[1]:
                gain -= hand.keep(card)
        return swing, gain

    def keep(self, view: PlayerView, card: int) -> float:
        """What ``card`` is worth kept in ``view``'s player's hand for later, in Strength."""
        return self._hand(view).keep(card)

    # the other decisions -----------------------------------------------------------------------------------

    def choose(self, view: PlayerView, question: str, options: list[int], card: int) -> int:
        if len(options) == 1:
            return options[0]
        if view.players > 2:
            return self._tables.choose(view, question, options, card)
        me = view.player
        if question == "row":
            return max(options, key=lambda row: view.gain_with([(me * 3 + row, card)]))
        if question == "mardroeme-row":
            return max(options, key=lambda row: _berserkers(view, me * 3 + row))
        if question == "weather-from-deck":
            base = view.score(me) - view.score(1 - me)
            struck, ability = view.cards.weather_rows, view.cards.ability
            return max(options, key=lambda c: _weather_swing(
                view, 0 if ability[c] & CLEAR else view.weather_mask | struck[c], base))
        if question == "bond-from-deck":
            rows = view.cards.rows
            return max(options, key=lambda c: view.gain_with([(me * 3 + rows[c][0], c)]))
        hand = self._hand(view)
        if question == "discard-from-hand":
            return min(options, key=hand.keep)
        return max(options, key=hand.keep)

    def exchange(self, view: PlayerView) -> int | None:
        """The card of the hand worth least kept, when a card drawn from the deck is worth more on average."""
        if view.players > 2:
            return self._tables.exchange(view)
        hand = self._hand(view)
        if not hand.hand or not hand.deck:
            return None
        worst, card = min((hand.keep(c), c) for c in hand.hand)
        average = sum(hand.keep(c) for c in hand.deck) / len(hand.deck)
        return card if worst < average - self.params.exchange_margin else None

    def starter(self, view: PlayerView) -> int:
        """The opponent starts: the second player has the last word in round one (§7: they see every card
        played before choosing to pass). At a table of more than two, itself."""
        return 1 - view.player if view.players == 2 else view.player


class FixedHeuristicBot(HeuristicBot):
    """The heuristic bot with the table :data:`~deckcli.game.bots.heuristic_params.YARDSTICK`, whatever the default
    becomes: a yardstick that does not move (``--bot heuristic-fixed``)."""

    name = "heuristic-fixed"

    def __init__(self, seed: int) -> None:
        super().__init__(seed, YARDSTICK)


def _strongest_cheapest(option: Option) -> tuple[int, float]:
    """The key of the strongest option, the cheaper of two that swing alike (the Leader before a card doing the
    same)."""
    return option[0], -option[1]


def _wins_ties(view: PlayerView) -> bool:
    """Whether the player wins a tied round: Nilfgaard against another faction (§3)."""
    return view.faction(view.player) == NILFGAARD and view.faction(1 - view.player) != NILFGAARD


def _free(options: list[Option], floor: int | None, below: float) -> Action | None:
    """The action that brings most back to the hand for its cost (a Decoy taking back a unit worth more than the
    Decoy kept), its cost under ``below`` (:attr:`HeuristicParams.free`), its swing no lower than ``floor`` (``None``:
    any swing, the round being given up)."""
    free = [o for o in options if o[1] < below and (floor is None or o[0] >= floor) and not o[3]]
    return min(free, key=lambda o: o[1])[2] if free else None


def _catch_up(options: list[Option], need: int, decisive: bool, card_lead: int, overcommit: int) -> Action:
    """The opponent has passed: win the round as cheaply as it can be won, or pass."""
    if need <= 0:
        return PASS_ACTION
    winners = [o for o in options if o[0] >= need]
    if winners:
        best = min(winners, key=lambda o: o[1])
        if decisive or card_lead >= 0 or best[1] <= need:
            return best[2]
    cards = _cards_needed(options, need)
    if cards is not None and (decisive or card_lead - cards >= -overcommit):
        return max(options, key=_strongest_cheapest)[2]
    return PASS_ACTION


def _contest(options: list[Option], need: int, hand_opp: int) -> Action:
    """A round to win: retake the lead with the cheapest card that does, or keep it with the cheapest card that
    adds anything; pass when ahead and the opponent has no card left, or when nothing helps."""
    if need <= 0:
        if hand_opp == 0:
            return PASS_ACTION
        return _cheapest_gain(options) or PASS_ACTION
    winners = [o for o in options if o[0] >= need]
    if winners:
        return min(winners, key=lambda o: o[1])[2]
    best = max(options, key=_strongest_cheapest)
    return best[2] if best[0] > 0 else PASS_ACTION


def _cheap_win(options: list[Option], need: int, p: HeuristicParams) -> Action | None:
    """The cheapest action that wins the round now, when it costs about what it gains (``None``: none does)."""
    winners = [o for o in options if o[0] >= need]
    if not winners:
        return None
    best = min(winners, key=lambda o: o[1])
    return best[2] if best[1] <= max(need, p.cheap_win_floor) + p.cheap_win_slack else None


def _cheapest_gain(options: list[Option]) -> Action | None:
    helping = [o for o in options if o[0] > 0]
    return min(helping, key=lambda o: o[1])[2] if helping else None


def _cards_needed(options: list[Option], need: int) -> int | None:
    """How many cards, strongest first, it takes to gain ``need`` (``None``: all of them do not)."""
    total = 0
    seen = set()
    for option in sorted(options, key=lambda o: -o[0]):
        card = option[2][1]
        if card in seen or option[0] <= 0:
            continue
        seen.add(card)
        total += option[0]
        if total >= need:
            return len(seen)
    return None


def _mustered(view: PlayerView, hand: _Hand, card: int, row: int) -> tuple[int, float] | None:
    """A Muster unit played to ``row`` with its group from the hand and the deck (§10), valued without playing
    it: the Strength the rows gain, and the keeping value of the hand's cards it brings along. ``None`` when a
    card of the group has an ability of its own to resolve (then it is played on a copy)."""
    cards = view.cards
    group, kind, ability, rows = cards.group, cards.kind, cards.ability, cards.rows
    me = view.player
    placements = [(me * 3 + row, card)]
    riders = 0.0
    for source in (hand.hand, hand.deck):
        for other in source:
            if other == card or group[other] != group[card] or kind[other] > HERO:
                continue
            if ability[other] & (PREVIEWED & ~MUSTER | SPY):
                return None
            placements.append((me * 3 + rows[other][0], other))
            if source is hand.hand:
                riders += 1.0
    return view.gain_with(placements), riders


def _healed(view: PlayerView, hand: _Hand, card: int, row: int) -> int | None:
    """A Medic played to ``row`` (§10) with the unit it brings back (the one of its discard pile worth most kept,
    as :meth:`HeuristicBot.choose` picks it), valued without playing it: the Strength the rows gain. ``None``
    when that unit has an ability of its own to resolve, or Emhyr var Emreis: Invader of the North picks it at
    random (then it is played on a copy)."""
    cards = view.cards
    me = view.player
    units = [c for c in view.discard(me) if cards.kind[c] == UNIT]
    placements = [(me * 3 + row, card)]
    if units:
        if view.random_revive:
            return None
        revived = max(units, key=hand.keep)
        if cards.ability[revived] & (PREVIEWED | SPY) or len(cards.rows[revived]) > 1:
            return None
        placements.append((me * 3 + cards.rows[revived][0], revived))
    return view.gain_with(placements)


def _berserkers(view: PlayerView, slot: int) -> int:
    ability = view.cards.ability
    return sum(1 for c in view.row(slot) if ability[c] & BERSERKER)


def _weather_swing(view: PlayerView, mask: int, base: int) -> int:
    """The swing of the rows of ``mask`` being the ones Weather strikes, from the lead ``base`` (§12): this player's
    total less the opponent's under that Weather, less ``base`` (:meth:`PlayerView.scores_under_weather` gives the
    totals by side, side 0 first, whichever seat the player is in)."""
    scores = view.scores_under_weather(mask)
    return scores[view.player] - scores[1 - view.player] - base


def _scorch_swing(view: PlayerView, victims: list[tuple[int, int]]) -> int | None:
    """The swing of ``victims`` leaving the battlefield (a Scorch, §10, §11): what the opponent's rows lose less
    what this player's lose, every other unit of those rows counted again (a Tight Bond partner, a Morale Boost
    gone). ``None`` when a victim is a Summon (its side-deck card would take the field: then the Scorch is
    played on a copy)."""
    cards = view.cards
    if any(cards.ability[card] & SUMMON for _slot, card in victims):
        return None
    me = view.player
    swing = 0
    by_slot: dict[int, list[int]] = {}
    for slot, card in victims:
        by_slot.setdefault(slot, []).append(card)
    for slot, burnt in by_slot.items():
        lost = view.row_total(slot) - view.row_total_without(slot, burnt)
        swing += -lost if slot // 3 == me else lost
    return swing


def _row_scorch_swing(view: PlayerView, slot: int) -> int | None:
    """A Scorch of the opponent's row ``slot`` alone (§10: only when it totals 10 Strength or more)."""
    return _scorch_swing(view, view.strongest((slot,))) if view.row_total(slot) >= ROW_SCORCH_THRESHOLD else 0
