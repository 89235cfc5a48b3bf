"""The decks of a simulated run: deck files and starter decks read, judged and brought to the table, and
Gwent Solo's automated opponents.

A deck plays only when it is legal under the standard rules (§2), and in Gwent Solo under the Solo rules
(§18: no Weather Card but Clear Weather): a game between decks no table would accept measures nothing. An
illegal deck raises :class:`IllegalDeckError` (exit code 1) carrying its findings and the verdict ``deckcli
validate`` gives it under those rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from deckcli.errors import EXIT_ILLEGAL, DeckcliError
from deckcli.game.simulation.runs import SOLO, SOLO_LEADER_VARIANT, Entrant

if TYPE_CHECKING:
    from deckcli.deck.resolution import ResolvedDeck

STARTERS = "starters"
"""The ``--vs`` value naming every faction's starter deck."""
ALL_FACTIONS = "all"
"""The ``--solo`` value naming the automaton of every faction."""
STARTER_FOLDER = "deckcli/decks"
"""Where the starter decks are, in the package (``decks/`` in the repository links to it)."""


class IllegalDeckError(DeckcliError):
    """A deck of a simulated run is not legal under its rules (exit code 1): ``findings`` are its violations,
    the reason its verdict as ``deckcli validate --rules RULES`` words it."""

    exit_code = EXIT_ILLEGAL


class Opposition(NamedTuple):
    """One ``--vs`` value, read: ``kind`` ``"starters"`` (every faction's starter deck), ``"faction"`` (that
    faction's starter deck: ``value`` is its slug) or ``"file"`` (a deck file: ``value`` is its path)."""

    kind: str
    value: str = ""


def entrant(deck: ResolvedDeck, source: str, rules: str = "standard") -> Entrant:
    """A resolved deck brought to the table, once it is legal under the built-in ``rules`` (``standard``; ``solo``
    for the player's deck of Gwent Solo, §18).

    Raises :class:`IllegalDeckError` (exit 1) for a deck that is not (unknown card names included).
    """
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.cards import deck_from_resolved
    from deckcli.render.verdicts import verdict_line
    from deckcli.rules.builtin import builtin_rule_set
    from deckcli.rules.judging import judge_deck

    report = judge_deck(deck, builtin_rule_set(rules))
    if not report.legal:
        error = IllegalDeckError(verdict_line(report).removeprefix(f"{deck.where}: "), where=deck.where)
        error.findings = tuple(report.violations)
        raise error
    game_deck = deck_from_resolved(deck, default_catalog())
    leader = game_deck.leader.name if game_deck.leader is not None else None
    return Entrant(deck.source.name or deck.where, source, deck.faction.name, leader, game_deck)


def file_entrant(path: str) -> Entrant:
    """The deck file at ``path`` (``-``: standard input), read and judged (:func:`entrant`).

    Raises :class:`deckcli.errors.DeckFileError` (exit 2) for an unreadable file.
    """
    from deckcli.rules.judging import read_resolved_deck

    deck = read_resolved_deck(path)
    return entrant(deck, deck.where)


def starter_entrant(slug: str) -> Entrant:
    """The starter deck of the faction ``slug``, as the package ships it (``deckcli/decks/SLUG-starter.toml``).

    Raises :class:`deckcli.errors.CatalogError` (exit 2) when this installation lacks it.
    """
    from importlib import resources

    from deckcli.catalog.loading import default_catalog
    from deckcli.deck.reading import parse_deck
    from deckcli.deck.resolution import resolve_deck
    from deckcli.errors import CatalogError

    where = f"{STARTER_FOLDER}/{slug}-starter.toml"
    try:
        data = resources.files("deckcli.decks").joinpath(f"{slug}-starter.toml").read_bytes()
    except (FileNotFoundError, ModuleNotFoundError):
        raise CatalogError("the starter deck is missing from this deckcli installation", where=where) from None
    return entrant(resolve_deck(parse_deck(data, where), default_catalog()), where)._replace(starter=True)


def opponents(opposition: tuple[Opposition, ...]) -> tuple[Entrant, ...]:
    """The decks ``--vs`` names, in the order given (none: every starter deck the package ships, in the
    catalog's order of factions); a deck named twice plays its matchup twice."""
    from importlib import resources

    from deckcli.catalog.loading import default_catalog

    shipped = resources.files("deckcli.decks")
    every = [f.slug for f in default_catalog().factions.values() if shipped.joinpath(f"{f.slug}-starter.toml").is_file()]
    found: list[Entrant] = []
    for wanted in opposition or (Opposition(STARTERS),):
        if wanted.kind == STARTERS:
            found += [starter_entrant(slug) for slug in every]
        elif wanted.kind == "faction":
            found.append(starter_entrant(wanted.value))
        else:
            found.append(file_entrant(wanted.value))
    return tuple(found)


def automatons(factions: tuple[str, ...], leader_variant: bool = False,
               players: tuple[str, ...] = ()) -> tuple[Entrant, ...]:
    """Gwent Solo's automated opponent of each faction of ``factions`` (slugs; ``all``: the five, in the catalog's
    order, but the ``players``' factions, slugs: the automaton plays "another" faction, §18), in the order given:
    its deck every card of the faction's set, side deck apart, its Leaders a face-down pile (§18); with
    ``leader_variant``, playing the Leader variant. A faction named twice plays its matchup twice.

    Raises ``KeyError`` for a faction the catalog does not know, ``ValueError`` for a player's own faction named
    (§18).
    """
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.solo.automaton import automaton_deck

    catalog = default_catalog()
    for player in players:
        if player in factions:
            raise ValueError(f"in Gwent Solo the automaton plays another faction than yours (§18), and the deck is "
                             f"{catalog.factions[player].name}")
    slugs = [slug for wanted in factions
             for slug in ([f for f in catalog.factions if f not in players] if wanted == ALL_FACTIONS else [wanted])]
    mode = SOLO_LEADER_VARIANT if leader_variant else SOLO
    return tuple(Entrant(f"{catalog.factions[slug].name} automaton", "", catalog.factions[slug].name, None,
                         automaton_deck(catalog, slug), mode) for slug in slugs)
