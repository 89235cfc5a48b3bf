"""The decks of a simulated run: deck files and starter decks read, judged and brought to the table.

A deck plays only when it is legal under the standard rules (§2): a game between decks no table would
accept measures nothing. An illegal deck raises :class:`IllegalDeckError` (exit code 1) carrying its
findings and the verdict ``deckcli validate`` gives it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from deckcli.errors import EXIT_ILLEGAL, DeckcliError
from deckcli.game.simulation import Entrant

if TYPE_CHECKING:
    from deckcli.deck.resolution import ResolvedDeck

STARTERS = "starters"
"""The ``--vs`` value naming every faction's starter deck."""
STARTER_FOLDER = "deckcli/decks"
"""Where the starter decks are, in the package (``decks/`` in the repository links to it)."""


class IllegalDeckError(DeckcliError):
    """A deck of a simulated run is not legal under the standard rules (exit code 1): ``findings`` are its
    violations, the reason its verdict as ``deckcli validate`` words it."""

    exit_code = EXIT_ILLEGAL


class Opposition(NamedTuple):
    """One ``--vs`` value, read: ``kind`` ``"starters"`` (every faction's starter deck), ``"faction"`` (that
    faction's starter deck: ``value`` is its slug) or ``"file"`` (a deck file: ``value`` is its path)."""

    kind: str
    value: str = ""


def entrant(deck: ResolvedDeck, source: str) -> Entrant:
    """A resolved deck brought to the table, once it is legal under the standard rules.

    Raises :class:`IllegalDeckError` (exit 1) for a deck that is not (unknown card names included).
    """
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.cards import deck_from_resolved
    from deckcli.render.verdicts import verdict_line
    from deckcli.rules.builtin import builtin_rule_set
    from deckcli.rules.judging import judge_deck

    report = judge_deck(deck, builtin_rule_set("standard"))
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
    return entrant(resolve_deck(parse_deck(data, where), default_catalog()), where)


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
