"""The files of ``deckcli tune``: the deck it starts from (made legal first as ``deckcli fix`` would), the player's
collection (``--collection``), and the deck file's text with the changes made (``--apply``: comments kept)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from deckcli.errors import EXIT_ILLEGAL, DeckcliError, DeckFileError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from deckcli.catalog.model import Catalog
    from deckcli.deck.resolution import ResolvedDeck
    from deckcli.findings import Finding
    from deckcli.repair.plan import Change
    from deckcli.rules.rule_set import RuleSet


class IllegalStartError(DeckcliError):
    """No legal deck to start from (exit code 1): names to correct, or no legal deck within the set and --keep."""

    exit_code = EXIT_ILLEGAL


class Start(NamedTuple):
    """Where a tune starts: the legal ``deck``, its file ``text`` (the repaired text when ``fix`` changed it),
    the ``repaired`` changes (none when the deck was legal), the file's name as shown, its bytes as read, and the
    warnings its reading raised."""

    deck: ResolvedDeck
    text: str
    repaired: list[Change]
    where: str
    original: bytes
    warnings: Sequence[Finding]


def starting_deck(path: str, rule_set: RuleSet, keep: Sequence[str], catalog: Catalog) -> Start:
    """The deck file at ``path`` as a tune starts from it: as it is when legal under ``rule_set``, else with the
    fewest changes that make it legal (:func:`deckcli.repair.plan.plan_fix`, ``keep`` pinned).

    Raises :class:`IllegalStartError` (exit 1) when its names need correcting or no legal deck exists, and
    :class:`DeckFileError` (exit 2) for an unreadable file.
    """
    from deckcli.deck.reading import parse_deck
    from deckcli.deck.resolution import resolve_deck
    from deckcli.files.reading import decode_text
    from deckcli.repair.plan import plan_fix

    plan = plan_fix(path, rule_set, keep=keep, catalog=catalog)
    if plan.exit_code != 0 or plan.original is None:
        raise IllegalStartError("; ".join(line.strip() for line in plan.lines()))
    text = plan.text if plan.text is not None else decode_text(plan.original, plan.deck)
    deck = resolve_deck(parse_deck(text.encode("utf-8"), plan.deck), catalog)
    return Start(deck, text, plan.changes, plan.deck, plan.original, deck.warnings)


def read_collection(path: str, catalog: Catalog) -> dict[str, int]:
    """The copies a player owns, from a TOML file of ``card name = copies`` (a ``[cards]`` table, as a deck file's,
    or the same keys at the top): catalog names to copies.

    Raises :class:`DeckFileError` (exit 2) for an unreadable file, a count that is not a whole number 0–90, or a
    name that is not one card (with what the catalog suggests).
    """
    import tomllib

    from deckcli.catalog.lookup import lookup_card
    from deckcli.errors import CardLookupError
    from deckcli.files.reading import decode_text, display_path, read_bytes

    where = display_path(path)
    data = read_bytes(path, "collection file")
    try:
        document = tomllib.loads(decode_text(data, where))
    except tomllib.TOMLDecodeError as error:
        raise DeckFileError(f"is not TOML: {error}", where=where) from None
    table = document.get("cards", document)
    if not isinstance(table, dict):
        raise DeckFileError("[cards] must be a table of card = copies", where=where)
    owned: dict[str, int] = {}
    for name, copies in table.items():
        if isinstance(copies, bool) or not isinstance(copies, int) or not 0 <= copies <= 90:
            raise DeckFileError(f"{name}: the copies owned must be a whole number 0 to 90, such as {name!r} = 2",
                                where=where)
        try:
            card = lookup_card(catalog, name)
        except CardLookupError as error:
            raise DeckFileError(f"{name}: {error}", where=where) from None
        owned[card.name] = owned.get(card.name, 0) + copies
    return owned


def tuned_text(text: str, where: str, catalog: Catalog, start: ResolvedDeck, final: ResolvedDeck) -> str:
    """``text`` (the start's deck file) with the copies and Leader of ``final``: counts edited in place, comments
    and order kept (:mod:`deckcli.authoring.deck_edits`)."""
    from deckcli.authoring.deck_edits import set_copies, set_leader

    names = dict.fromkeys([*start.main, *final.main])
    changes = {("cards", name): final.main[name].copies if name in final.main else 0 for name in names
               if (start.main[name].copies if name in start.main else 0)
               != (final.main[name].copies if name in final.main else 0)}
    if changes:
        text = set_copies(text, where, catalog, changes)
    leaders = [placed.card.name for placed in final.leaders]
    if leaders != [placed.card.name for placed in start.leaders] and len(leaders) == 1:
        text = set_leader(text, where, leaders[0])
    return text
