"""The heuristic bot's numbers, in one table (issue 27): what a card is worth kept, when to pass, when to spend the
Leader, how much to commit to a round, when to bleed the opponent in round two.

Values are in Strength (the unit of a row's total, rulebook §8) unless said: a keeping value is what a card is worth
kept in the hand for a later round; an action is taken when what it swings now is worth what it costs kept. The
defaults are the table ``tools/tune_heuristic.py`` found (a black-box search, Optuna's TPE sampler, over games against
the search bot), committed as ``benchmarks/heuristic-params.json``; the tests check that the two agree.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True)
class HeuristicParams:
    """Every number the heuristic bot decides by (:mod:`deckcli.game.bots.heuristic_bot`)."""

    card: float = 5.0
    """What one more card in the hand is worth: about what a deck's average card brings (a Spy draws two)."""
    leader_keep: float = 2.5
    """What keeping the Leader for later is worth (it is used once, §5): below a card that does the same, so that the
    Leader goes first."""
    scorch_keep: float = 7.0
    horn_keep: float = 7.0
    decoy_keep: float = 4.0
    mardroeme_keep: float = 3.0
    weather_keep: float = 5.0
    clear_keep: float = 3.0
    other_keep: float = 2.0
    """The keeping values of the Special and Weather Cards (Scorch, Commander's Horn, Decoy, Mardroeme, a Weather Card,
    Clear Weather, any other)."""
    hero_bonus: float = 2.0
    medic_bonus: float = 3.0
    bond_factor: float = 1.5
    agile_bonus: float = 0.5
    row_scorch_bonus: float = 2.0
    """A Unit Card kept is worth its Strength, plus these for a Hero, a Medic, an Agile unit, a row's Scorch, and times
    ``bond_factor`` for a Tight Bond unit whose partner is in the hand or on the row."""
    free: float = -1.0
    """A card is played for what it brings back to the hand (a Decoy taking back a unit) when its cost is below this."""
    exchange_margin: float = 0.5
    """The exchange (§6) sets a card aside when it is worth this much less kept than the deck's average card."""
    threat_margin: float = 0.0
    """Ahead in a round it may lose, it passes when its lead exceeds the opponent's strongest unseen unit by more
    than this (catching up then takes them two cards)."""
    cheap_when_ahead: float = 3.0
    """Ahead in a round it may lose (with the opponent's strongest unit able to retake it), it adds a card costing at
    most this."""
    cheap_win_floor: float = 4.0
    cheap_win_slack: float = 2.0
    """A card wins the round now "cheaply" when it costs at most ``max(need, cheap_win_floor) + cheap_win_slack``."""
    contest_card_lead: int = 2
    """Behind in a round it may lose, with no cheap win, it fights on while holding at least this many cards more."""
    overcommit: int = 1
    """After the opponent has passed, it falls at most this many cards behind their hand to win a round that does
    not decide the game."""
    bleed_card_lead: int = 0
    """Round two after winning round one: it contests the round (making the opponent spend cards) while its hand is
    smaller than the opponent's plus this; else it wins it only cheaply, or passes."""

    def as_dict(self) -> dict[str, float]:
        return {key: float(value) for key, value in asdict(self).items()}

    @classmethod
    def from_dict(cls, values: dict[str, float]) -> HeuristicParams:
        """A table from ``values`` (names of :class:`HeuristicParams`; missing ones keep their defaults). Raises
        ``KeyError`` for a name that is not one."""
        known = {field.name: field.type for field in fields(cls)}
        for key in values:
            if key not in known:
                raise KeyError(key)
        made: dict[str, Any] = {key: int(round(value)) if known[key] == "int" else float(value)
                                for key, value in values.items()}
        return cls(**made)


DEFAULT = HeuristicParams()
"""The table the heuristic bot plays by unless given another."""
YARDSTICK = HeuristicParams(
    card=5.0, leader_keep=2.5, scorch_keep=7.0, horn_keep=7.0, decoy_keep=4.0, mardroeme_keep=3.0, weather_keep=5.0,
    clear_keep=3.0, other_keep=2.0, hero_bonus=2.0, medic_bonus=3.0, bond_factor=1.5, agile_bonus=0.5,
    row_scorch_bonus=2.0, free=-1.0, exchange_margin=0.5, threat_margin=0.0, cheap_when_ahead=3.0,
    cheap_win_floor=4.0, cheap_win_slack=2.0, contest_card_lead=2, overcommit=1, bleed_card_lead=0)
"""The table of the heuristic bot the strong bot's targets were set against (issue 37), written out so that
retuning :data:`DEFAULT` leaves it as it is: the ``heuristic-fixed`` bot, the ladder's fixed yardstick."""
