"""What each ability means, in the words of the rules, as data.

One entry per ability code of the catalog (``schemas/catalog.schema.json``):
the game's name for it, the rulebook section, and one sentence of the rules
(sections 5, 10, 11, 12 and the FAQ of section 21 of the tutorial). Abilities
that read differently on a Special Card than on a Unit Card (Commander's Horn,
Scorch, Mardroeme) carry both sentences.
"""

from __future__ import annotations

from typing import NamedTuple


class Ability(NamedTuple):
    """One ability: ``code`` as in the catalog, ``name`` as printed in the rules, ``section`` (``"§10"``).

    ``rule`` is its sentence on a Unit Card; ``special_rule`` on a Special or
    Weather Card when that differs, from the section ``special_section``.
    """

    code: str
    name: str
    section: str
    rule: str
    special_rule: str | None = None
    special_section: str = "§11"

    def explain(self, on_special: bool) -> tuple[str, str]:
        """``(section, sentence)`` for a Special / Weather Card (``on_special``) or a Unit Card."""
        if on_special and self.special_rule:
            return self.special_section, self.special_rule
        return self.section, self.rule


def _row_scorch(code: str, row: str) -> Ability:
    return Ability(
        code,
        f"Scorch ({row})",
        "§10",
        f"If the opponent's {row} row totals at least 10 Strength, discard the strongest non-Hero "
        "unit or units in that row (all of them when several share the highest Strength).",
    )


def _weather(code: str, name: str, rows: str) -> Ability:
    return Ability(
        code,
        name,
        "§12",
        f"Weather: sets the base Strength of every non-Hero unit in the {rows} on both sides "
        "to 1, before the other modifiers apply.",
    )


ABILITIES: dict[str, Ability] = {
    ability.code: ability
    for ability in (
        Ability("agile", "Agile", "§10",
                "Play it in either the Close Combat or the Ranged Combat row; once placed, it cannot move."),
        Ability("medic", "Medic", "§10",
                "Choose a non-Hero Unit Card from your discard pile and play it immediately."),
        Ability("spy", "Spy", "§10",
                "Play it on the opponent's side, where its Strength counts for them; "
                "in return, draw two cards from your deck."),
        Ability("muster", "Muster", "§10",
                "Find every card of its group in your hand and deck, play them immediately, "
                "then shuffle the deck."),
        Ability("tight-bond", "Tight Bond", "§10",
                "Multiply its Strength by the number of matching allied units in play, itself included: "
                "two copies of Strength 4 are worth 8 each, three are worth 12 each."),
        Ability("morale", "Morale Boost", "§10",
                "Adds 1 Strength to every other unit in its row; it does not boost itself."),
        Ability("horn", "Commander's Horn", "§10",
                "Doubles the Strength of every other unit in its row unless a Horn already affects "
                "that row; it does not double its own Strength.",
                special_rule="Doubles the Strength of the units in the row it is played on; only one "
                "Special Card Horn may be played per row, and Heroes do not benefit."),
        Ability("scorch", "Scorch", "§11",
                "Follows the Special Card Scorch rule (FAQ, §21): discard the unit or units with the "
                "highest current Strength across the whole battlefield, both sides, Heroes excluded.",
                special_rule="Discard the unit or units with the highest current Strength across the "
                "entire battlefield, your own side included and Heroes excluded, then discard Scorch "
                "itself; there is no 10-Strength threshold."),
        _row_scorch("scorch-close", "Close Combat"),
        _row_scorch("scorch-ranged", "Ranged Combat"),
        _row_scorch("scorch-siege", "Siege"),
        Ability("summon", "Summon", "§10",
                "When this card is discarded from the battlefield, the end of a round included, "
                "replace it with its side-deck card."),
        Ability("berserker", "Berserker", "§10",
                "When a Mardroeme transforms it, play its replacement from the side deck and remove "
                "this Berserker from the game (it does not go to the discard pile)."),
        Ability("mardroeme", "Mardroeme", "§10",
                "Triggers the transformation of every Berserker in its row.",
                special_rule="Place it on a combat row to transform every Berserker in that row."),
        Ability("decoy", "Decoy", "§11",
                "Replace a non-Hero unit on your side of the battlefield and return that unit to your "
                "hand; Decoy stays in its place with Strength 0. It can take back a Spy your opponent "
                "placed on your side."),
        _weather("frost", "Biting Frost", "Close Combat row"),
        _weather("fog", "Impenetrable Fog", "Ranged Combat row"),
        _weather("rain", "Torrential Rain", "Siege row"),
        _weather("storm", "Skellige Storm", "Ranged Combat and Siege rows"),
        Ability("clear", "Clear Weather", "§12",
                "Discard every Weather Card on the battlefield and cancel their effects, "
                "then discard Clear Weather itself."),
    )
}


HERO_RULE = Ability(
    "hero",
    "Hero",
    "§5",
    "Special abilities do not affect it, whether they come from Special Cards, Unit Cards or "
    "Leaders: Weather does not reduce its Strength, a Horn does not double it, a Medic cannot "
    "recover it, and Scorch and Decoy cannot take it.",
)


SIDE_DECK_RULE = (
    "Side-deck card: kept outside the main deck, beside the play area, until an ability brings it "
    "in; it is never shuffled into the deck (§2)."
)


ACTIVATION_RULES: dict[str, str] = {
    "active": "Active: used once per game, and using it takes your turn (§5).",
    "passive": "Passive: always in effect, without spending a turn (§5).",
}


KIND_NAMES: dict[str, str] = {
    "leader": "Leader",
    "unit": "Unit Card",
    "hero": "Hero",
    "special": "Special Card",
    "weather": "Weather Card",
}


def ability_name(code: str) -> str:
    """The game's name of an ability code (``"tight-bond"`` -> ``"Tight Bond"``)."""
    return ABILITIES[code].name if code in ABILITIES else code
