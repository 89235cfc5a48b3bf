"""The heuristic bot's habits at a table of more than two players: Free For All (§16) and two versus two (§17).

It sees only its :class:`~deckcli.game.agents.PlayerView` (its hand, a teammate's hand, what lies face up). It
values an action by the totals it would leave on every side (a what-if on the board: no ability beyond the card's
own Strength, Horn, Weather or Scorch is foreseen) and:

- Free For All (§16): counts the opponents it would exceed, each a point; plays the cheapest card that exceeds
  more of them, passes when no card would add a point. A Spy goes to the opponent it can most afford to feed:
  one it still exceeds with the Spy's Strength added, else the lowest total (§16: "Choose which opponent
  receives the Spy").
- Two versus two (§17): counts the team's margin over the other team. A player whose team leads passes for the
  team while the teammate, still in the round, holds at least as many cards (the teammate answers for both and
  the team keeps its cards); behind, it plays the cheapest card that puts the team ahead, and concedes a round
  it cannot win when the other team has passed and the team keeps a gem to spare.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcli.game.abilities import ROW_SCORCH_THRESHOLD
from deckcli.game.actions import LEADER, PASS, PASS_ACTION, PLAY
from deckcli.game.cards import CLEAR, DECOY, HERO, HORN, SCORCH, SPY, WEATHER
from deckcli.game.leaders import ACTIVE
from deckcli.game.modes import NILFGAARD

if TYPE_CHECKING:
    from collections.abc import Sequence

    from deckcli.game.actions import Action
    from deckcli.game.agents import PlayerView

SPECIAL_COST = 5
"""What the heuristic counts a Special or Weather Card as worth keeping at such a table, in Strength."""


class TableHeuristic:
    """The rules of thumb in the module's docstring; deterministic."""

    # what an action leaves on the table ------------------------------------------------------------------

    def totals_after(self, view: PlayerView, action: Action) -> list[int] | None:
        """Every side's total after ``action`` as far as the bot foresees it (``None``: it cannot say)."""
        kind, card, row, target = action
        totals = view.scores()
        if kind == LEADER:
            leader = ACTIVE.get(view.leader(view.player) or "")
            if leader is None:
                return None
            if leader.horn_row >= 0:
                slot = view.side * 3 + leader.horn_row
                totals[view.side] += view.row_total_with_horn(slot) - view.row_total(slot)
                return totals
            if leader.scorch_row >= 0:
                for side in view.opposing_sides():
                    slot = side * 3 + leader.scorch_row
                    if view.row_total(slot) >= ROW_SCORCH_THRESHOLD:
                        totals[side] -= _taken(view, view.strongest((slot,)))
                return totals
            return None
        cards = view.cards
        kind_of, bits = cards.kind[card], cards.ability[card]
        if kind_of <= HERO:
            side = (target if target >= 0 else view.opposing_sides()[0]) if bits & SPY else view.side
            slot = side * 3 + row
            totals[side] += view.row_total_with(slot, card) - view.row_total(slot)
            return totals
        if kind_of == WEATHER:
            mask = 0 if bits & CLEAR else view.weather_mask | cards.weather_rows[card]
            return view.scores_under_weather(mask)
        if bits & HORN:
            slot = view.side * 3 + row
            totals[view.side] += view.row_total_with_horn(slot) - view.row_total(slot)
            return totals
        if bits & SCORCH:
            victims = view.strongest(tuple(range(view.sides * 3)))
            for side in range(view.sides):
                totals[side] -= _taken(view, [v for v in victims if v[0] // 3 == side])
            return totals
        if bits & DECOY:
            slot = view.side * 3 + row
            totals[view.side] -= _taken(view, [(slot, target)])
            return totals
        return None

    @staticmethod
    def cost(view: PlayerView, action: Action) -> int:
        """What playing ``action`` spends: the card's printed Strength (a Special or Weather Card counts
        :data:`SPECIAL_COST`; a Spy, which brings two cards, -10; the Leader 8)."""
        kind, card, _row, _target = action
        if kind == LEADER:
            return 8
        cards = view.cards
        if cards.ability[card] & SPY and cards.kind[card] <= HERO:
            return -10
        return cards.power[card] if cards.kind[card] <= HERO else SPECIAL_COST

    # Free For All ------------------------------------------------------------------------------------------

    def exceeded(self, view: PlayerView, totals: list[int]) -> int:
        """The opponents ``totals`` would have this player exceed, a tie counting for Nilfgaard (§16)."""
        own = totals[view.side]
        nilfgaard = view.faction(view.player) == NILFGAARD
        return sum(1 for side in view.opposing_sides() if own > totals[side] or (own == totals[side] and nilfgaard))

    def act_ffa(self, view: PlayerView, actions: list[Action]) -> Action:
        """§16: the action that exceeds the most opponents, the cheapest of those; with opponents still in the
        round it keeps ahead of them while its hand holds out, alone it plays only for another point."""
        totals = view.scores()
        now = self.exceeded(view, totals)
        passed = view.passed
        active = [p for p in range(view.players) if p != view.player and not passed[p]]
        threatened = any(totals[view.side_of(p)] >= totals[view.side] for p in active)
        best: tuple[float, int, Action] | None = None
        for index, action in enumerate(actions):
            if action[0] == PASS:
                continue
            after = self.totals_after(view, action)
            if after is None:
                continue
            gained = self.exceeded(view, after) - now
            value = gained - 0.05 * self.cost(view, action)
            if gained < 0 or (value <= 0 and not (threatened and gained >= 0 and len(view.hand) > 2)):
                continue
            if best is None or (value, -index) > (best[0], -best[1]):
                best = (value, index, action)
        return best[2] if best is not None else PASS_ACTION

    def spy_side(self, view: PlayerView, options: Sequence[int], strength: int) -> int:
        """§16: the opponent to receive a Spy: one this player still exceeds with the Spy's Strength added, the
        lowest such total; else the lowest total of all."""
        totals = view.scores()
        own = totals[view.side]
        safe = [side for side in options if totals[side] + strength < own]
        return min(safe or options, key=lambda side: (totals[side], side))

    # two versus two ---------------------------------------------------------------------------------------

    def act_teams(self, view: PlayerView, actions: list[Action]) -> Action:
        own, enemy = view.side, 1 - view.side
        totals = view.scores()
        margin = totals[own] - totals[enemy]
        passed = view.passed
        enemies_in = [p for p in range(view.players) if view.side_of(p) == enemy and not passed[p]]
        mate = view.teammate
        mate_in = not passed[mate]
        if margin > 0 and not enemies_in:
            return PASS_ACTION
        if margin > 0 and mate_in and view.hand_size(mate) >= view.hand_size(view.player):
            return PASS_ACTION  # pass for the team: the teammate holds the lead with more cards in hand
        options: list[tuple[int, int, int, Action]] = []
        for index, action in enumerate(actions):
            if action[0] == PASS:
                continue
            totals_after = self.totals_after(view, action)
            if totals_after is None:
                continue
            after = totals_after[own] - totals_after[enemy]
            options.append((after, self.cost(view, action), index, action))
        spies = [o for o in options if o[1] < 0 and o[0] > 0]
        if spies:
            return spies[0][3]
        ahead = [o for o in options if o[0] > 0]
        if margin > 0:
            if not ahead:
                return PASS_ACTION
            return min(ahead, key=lambda o: (o[1], o[2]))[3] if margin < 10 else PASS_ACTION
        if ahead:
            return min(ahead, key=lambda o: (o[1], o[2]))[3]
        spare = view.gems[own] > 1
        if not enemies_in and spare:
            return PASS_ACTION  # concede a round the team cannot win, and keep its cards
        gaining = [o for o in options if o[0] > margin]
        if not gaining:
            return PASS_ACTION
        return max(gaining, key=lambda o: (o[0], -o[1], -o[2]))[3]

    # the agent's answers ----------------------------------------------------------------------------------

    def act(self, view: PlayerView, actions: list[Action]) -> Action:
        if view.mode == "ffa":
            action = self.act_ffa(view, actions)
        else:
            action = self.act_teams(view, actions)
        if action[0] == PLAY and view.cards.ability[action[1]] & SPY and view.cards.kind[action[1]] <= HERO:
            # the Spy's side is the bot's choice (§16): the action offering that side
            side = self.spy_side(view, view.opposing_sides(), view.cards.power[action[1]])
            for other in actions:
                if other[:3] == action[:3] and other[3] == side:
                    return other
        return action

    def choose(self, view: PlayerView, question: str, options: list[int], card: int) -> int:
        cards = view.cards
        if question == "spy-side":
            return self.spy_side(view, options, cards.power[card])
        if question in ("row", "mardroeme-row"):
            if card < 0 or cards.kind[card] > HERO:
                return options[0]
            side = view.side
            return max(options, key=lambda row: (view.row_total_with(side * 3 + row, card) - view.row_total(side * 3 + row), -row))
        if question == "discard-from-hand":
            return min(options, key=lambda c: (cards.power[c] if cards.kind[c] <= HERO else SPECIAL_COST, c))
        return max(options, key=lambda c: (cards.power[c], -c))

    def exchange(self, view: PlayerView) -> int | None:
        """Set aside a Weather Card other than Clear Weather, if any (one a game of several opponents values
        least); else keep the hand."""
        cards = view.cards
        weather = [c for c in view.hand if cards.kind[c] == WEATHER and not cards.ability[c] & CLEAR]
        return weather[0] if weather else None


def _taken(view: PlayerView, victims: list[tuple[int, int]]) -> int:
    """The Strength ``victims`` (``(slot, card)``) count where they lie."""
    total = 0
    for slot, card in victims:
        values = view.row_values(slot)
        total += values[view.row(slot).index(card)]
    return total
