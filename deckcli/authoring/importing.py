"""Plain deck lists, as people type them in chats and forums, turned into deck files (``deckcli import``).

A line is one of:

- ``3 Blue Stripes Commando``, ``3x Blue Stripes Commando``, ``3 x …``, ``3× …``;
- ``Blue Stripes Commando x3``, ``… ×3``, ``… (x3)``, ``… (3)``, ``"…" = 3``;
- ``Blue Stripes Commando``: one copy;
- ``Leader: NAME``, ``Faction: NAME``, ``Name: TEXT`` (or ``Deck:``), ``Totals: …`` (ignored:
  ``deckcli export`` writes it);
- a heading ending in ``:`` (``Units:``, ``Close Combat (12 units):``): under a heading
  naming the Leader, lines are the Leader; under one naming the side deck, side-deck cards;
- a blank line, or a ``#`` comment (Markdown headings too), except that a ``## TITLE``
  before anything else is the deck's name, as ``export --to markdown`` writes it.

List bullets (``-``, ``*``, ``•``), ``**bold**`` and a note in brackets after a name
(``(Strength 4, Tight Bond)``) are passed over, so ``export --to markdown`` reads back
too. Repeated names add up. Names resolve exactly as in ``validate``
(:func:`deckcli.deck.resolution.resolve_deck`); nothing is dropped without a finding.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from deckcli.catalog.model import NEUTRAL, Card, Catalog, FactionSet
from deckcli.catalog.names import fold, visible
from deckcli.deck.reading import MAX_COPIES, MAX_DISTINCT_NAMES, DeckFile, Entry
from deckcli.deck.resolution import (
    Placed,
    ResolvedDeck,
    resolve_deck,
    unresolved_findings,
)
from deckcli.errors import DeckFileError
from deckcli.files.budget import check_line_lengths
from deckcli.findings import Finding

_BULLET = re.compile(r"^(?:[-*+•]\s+)+")


_EMPHASIS = re.compile(r"\*\*|__")


_INLINE_COMMENT = re.compile(r"\s+#.*$")


_KEY = re.compile(r"^(leader|faction|name|deck|totals?)\s*:\s*(.*)$", re.IGNORECASE)


_COUNT_FIRST = re.compile(r"^(?P<n>\d+)\s*[x×]?\s+(?P<name>\S.*)$", re.IGNORECASE)


_COUNT_LAST = (
    re.compile(r"^(?P<name>.+?)\s+[x×]\s*(?P<n>\d+)$", re.IGNORECASE),
    re.compile(r"^(?P<name>.+?)\s*×\s*(?P<n>\d+)$"),
    re.compile(r"^(?P<name>.+?)\s*\(\s*[x×]?\s*(?P<n>\d+)\s*\)$", re.IGNORECASE),
    re.compile(r"^(?P<name>.+?)\s*=\s*(?P<n>\d+)$"),
)


_NOTE = re.compile(r"\s*(?:\((?:[^()]|\([^()]*\))*\)|\[[^\[\]]*\])$")


_QUOTES = "\"'“”„‘’«»"


_DECIMAL_COUNT = re.compile(r"^(?P<n>\d+[.,]\d+)\s*[x×]?\s+(?P<name>\S.*)$|^(?P<name2>.+?)\s*[x×=]\s*(?P<n2>\d+[.,]\d+)$", re.I)


_TITLE = re.compile(r"^##\s+(?P<title>\S.*?)\s*$")


@dataclass
class DeckList:
    """A plain list read line by line, names not yet resolved.

    ``entries`` are :class:`deckcli.deck.reading.Entry` records (section ``leader``,
    ``cards`` or ``side``) with their 1-based lines; ``problems`` the lines that
    could not be read; ``faction`` / ``name`` come from ``Faction:`` / ``Name:`` lines.
    """

    where: str
    entries: list[Entry] = field(default_factory=list)
    problems: list[Finding] = field(default_factory=list)
    faction: str | None = None
    faction_line: int | None = None
    name: str | None = None


def parse_list(text: str, where: str) -> DeckList:
    """Read every line of a plain deck list (the forms in this module's docstring).

    A line that cannot be read becomes a ``bad-line`` problem. Raises
    :class:`DeckFileError` (exit code 2) when the text is a TOML deck file
    already, which is not a list to import, has a line longer than the input
    budget allows (:data:`deckcli.files.budget.MAX_LINE_CHARS`) or more than
    :data:`deckcli.deck.reading.MAX_DISTINCT_NAMES` card lines (good or bad).
    """
    _refuse_deck_file(text, where)
    check_line_lengths(text, where, DeckFileError)
    listed = DeckList(where)
    section = "cards"
    for number, raw in enumerate(text.splitlines(), start=1):
        title = _TITLE.match(raw.strip())
        if title and listed.name is None and not (listed.entries or listed.problems or listed.faction):
            listed.name = title["title"]  # a Markdown title before anything else, as export --to markdown writes
            continue
        line = _clean(raw)
        if not line:
            continue
        key = _KEY.match(line)
        if key and key[1].casefold() in ("name", "deck"):
            key = _KEY.match(_clean(raw, keep_comment=True))  # a deck's name may hold a "#": "Deck #2"
        if key and key[2].strip():
            _key_line(listed, key[1].casefold(), key[2].strip(), number)
        elif line.endswith(":"):
            section = _section_of(line)
        else:
            _card_line(listed, line, number, section)
        if len(listed.entries) + len(listed.problems) > MAX_DISTINCT_NAMES:
            # Each name is looked up with its "did you mean": a deck file's own limit keeps that bounded.
            raise DeckFileError(
                f"holds more than {MAX_DISTINCT_NAMES} card lines; a deck file lists at most {MAX_DISTINCT_NAMES} names",
                where=where,
                line=number,
            )
    return listed


def _refuse_deck_file(text: str, where: str) -> None:
    import tomllib

    from deckcli.files.budget import check_toml_text

    try:
        check_toml_text(text, where, DeckFileError)
        document = tomllib.loads(text)
    except (DeckFileError, tomllib.TOMLDecodeError, RecursionError):
        return  # not a deck file: a list is read line by line, whatever its size
    if "faction" in document or isinstance(document.get("cards"), dict):
        raise DeckFileError(
            "is a deck file (TOML) already, not a card list: check it with deckcli validate, tidy it with deckcli fmt",
            where=where,
        )


def _clean(raw: str, keep_comment: bool = False) -> str:
    # Runs of spaces become one: the patterns below try a split at each space, and a run of
    # thousands of them made that quadratic (seconds a line).
    line = " ".join(visible(raw).split())
    if line.startswith("#"):
        return ""
    line = _EMPHASIS.sub("", _BULLET.sub("", line))
    return line if keep_comment else _INLINE_COMMENT.sub("", line).strip()


def _key_line(listed: DeckList, key: str, value: str, number: int) -> None:
    if key == "leader":
        _card_line(listed, value, number, "leader")
    elif key == "faction":
        if listed.faction is not None and fold(listed.faction) != fold(value):
            listed.problems.append(
                Finding("bad-line", f"Faction: {value} contradicts Faction: {listed.faction} on line {listed.faction_line}", number)
            )
            return
        listed.faction, listed.faction_line = value, number
    elif key in ("name", "deck"):
        listed.name = value


def _section_of(heading: str) -> str:
    folded = fold(heading)
    if "leader" in folded:
        return "leader"
    return "side" if "side" in folded else "cards"


def _card_line(listed: DeckList, line: str, number: int, section: str) -> None:
    decimal = _DECIMAL_COUNT.match(line)
    if decimal:
        count, named = decimal["n"] or decimal["n2"], decimal["name"] or decimal["name2"]
        listed.problems.append(
            Finding("bad-line", f"{count} copies of {named}: a count is a whole number from 1 to {MAX_COPIES}", number, named)
        )
        return
    copies, name = _count_and_name(line)
    name = name.strip().strip(_QUOTES).strip()
    if not name:
        listed.problems.append(Finding("bad-line", f"cannot read {line!r}: no card name", number))
    elif not 1 <= copies <= MAX_COPIES:
        listed.problems.append(
            Finding("bad-line", f"{_shown(copies)} copies of {name}: a count is a whole number from 1 to {MAX_COPIES}", number, name)
        )
    else:
        listed.entries.append(Entry(name, copies, number, section))


def _count_and_name(line: str, notes_stripped: bool = False) -> tuple[int, str]:
    first = _COUNT_FIRST.match(line)
    if first:
        return _whole(first["n"]), _strip_notes(first["name"])
    for pattern in _COUNT_LAST:
        last = pattern.match(line)
        if last:
            return _whole(last["n"]), _strip_notes(last["name"])
    bare = _strip_notes(line)
    if bare != line and bare and not notes_stripped:
        return _count_and_name(bare, notes_stripped=True)
    return 1, bare or line


MAX_NOTES = 8
NOTE_CHARS = 200
"""Notes stripped from the end of one line at most ("(x2) [foil]"): each strip reads the whole line."""


def _whole(digits: str) -> int:
    """A typed count; one of more digits than any count has is simply too many (int() refuses 4,301 digits)."""
    return int(digits) if len(digits) <= 6 else 10**6


def _shown(copies: int) -> str:
    return str(copies) if copies < 10**6 else "a million or more"


def _strip_notes(text: str) -> str:
    for _round in range(MAX_NOTES):
        # A note ends the line and is short: looked for in the last NOTE_CHARS only, so a line costs no more than that.
        found = _NOTE.search(text, max(0, len(text) - NOTE_CHARS))
        if found is None or found.start() == 0:
            return text
        text = text[: found.start()]
    return text


class UndecidedFaction(DeckFileError):
    """No faction could be told for an imported list (exit code 2); ``problems`` are its lines not used, which may be why."""

    def __init__(self, reason: str, where: str, problems: list[Finding]) -> None:
        super().__init__(reason, where=where)
        self.problems = problems


@dataclass
class Imported:
    """A deck list turned into a deck file.

    ``text`` is the deck file (canonical, see :mod:`deckcli.authoring.canonical_form`);
    ``problems`` every line left out (unreadable, unknown or ambiguous name, bad
    ``Faction:``), with its line; ``faction`` the faction set chosen and
    ``faction_from`` how it was chosen; ``cards`` the copies in ``[cards]``.
    """

    text: str
    problems: list[Finding]
    faction: FactionSet
    faction_from: str
    cards: int


def import_list(listed: DeckList, catalog: Catalog, faction: FactionSet | None = None) -> Imported:
    """Resolve a :class:`DeckList` and write it as a deck file.

    The faction is ``faction`` (``--faction``), else the ``Faction:`` line, else the
    Leader's faction, else the faction whose own cards the list holds most copies
    of. A Leader Card listed once among the cards, with no ``Leader:`` line,
    becomes the Leader; side-deck cards go to ``[side]`` (rulebook §2).

    Raises :class:`UndecidedFaction` (exit code 2) when the faction cannot be told.
    """
    problems = list(listed.problems)
    placeholder = faction or next(iter(catalog.factions.values()))
    source = DeckFile(
        where=listed.where,
        faction=placeholder.name,
        faction_line=None,
        leaders=tuple(e for e in listed.entries if e.section == "leader"),
        cards=tuple(e for e in listed.entries if e.section == "cards"),
        side=tuple(e for e in listed.entries if e.section == "side"),
    )
    resolved = resolve_deck(source, catalog)
    problems += unresolved_findings(resolved)
    leaders, main, side = _placements(resolved, problems)
    try:
        chosen, how = _choose_faction(listed, catalog, faction, leaders, {**main, **side}, problems)
    except DeckFileError as error:
        problems.sort(key=lambda f: (f.line is None, f.line or 0))
        raise UndecidedFaction(error.reason, listed.where, problems) from None
    foreign = [card for card in leaders if card.name not in chosen.copies]
    problems += [
        Finding("off-faction", f"{card.name} is not one of the {chosen.name} Leaders (the faction comes from {how})",
                resolved.line_of(card.name, "leader"), card.name)
        for card in foreign
    ]
    leaders = [card for card in leaders if card not in foreign]
    problems += [
        Finding("bad-line", f"{placed.card.name}: {placed.copies} copies in all; a deck file holds at most {MAX_COPIES}",
                placed.lines[-1], placed.card.name)
        for placed in (*main.values(), *side.values())
        if placed.copies > MAX_COPIES
    ]
    document: dict[str, Any] = {"name": listed.name} if listed.name else {}
    document["faction"] = chosen.name
    if leaders:
        document["leader"] = leaders[0].name if len(leaders) == 1 else [card.name for card in leaders]
    document["cards"] = {name: p.copies for name, p in main.items() if p.copies <= MAX_COPIES}
    if side:
        document["side"] = {name: p.copies for name, p in side.items() if p.copies <= MAX_COPIES}
    problems.sort(key=lambda f: (f.line is None, f.line or 0))
    return Imported(_deck_text(document, listed.where), problems, chosen, how, sum(document["cards"].values()))


def _placements(
    resolved: ResolvedDeck, problems: list[Finding]
) -> tuple[list[Card], dict[str, Placed], dict[str, Placed]]:
    """Leader, ``[cards]`` and ``[side]`` of the imported deck: every card where it belongs (§2).

    A name under a Leader heading that is no Leader Card is a problem (its line
    is not used); side-deck cards go to ``[side]`` and other cards to ``[cards]``.
    """
    leaders = []
    for placed in resolved.leaders:
        if placed.card.is_leader:
            leaders.append(placed.card)
        else:
            problems.append(Finding("not-a-leader", f"{placed.card.name} is not a Leader Card", placed.line, placed.card.name))
    main = dict(resolved.main)
    side = dict(resolved.side)
    if not resolved.leaders:
        found = [name for name, placed in main.items() if placed.card.is_leader and placed.copies == 1]
        leaders = [main.pop(name).card for name in found]
    for source, target, belongs in ((main, side, True), (side, main, False)):
        for name in [name for name, placed in source.items() if placed.card.side_deck is belongs]:
            moved = source.pop(name)
            if name in target:
                target[name].copies += moved.copies
            else:
                target[name] = moved
    return leaders, main, side


def _choose_faction(
    listed: DeckList,
    catalog: Catalog,
    given: FactionSet | None,
    leaders: list[Card],
    placed: dict[str, Placed],
    problems: list[Finding],
) -> tuple[FactionSet, str]:
    if given is not None:
        return given, "--faction"
    if listed.faction is not None:
        try:
            return catalog.faction(listed.faction), "the Faction: line"
        except KeyError:
            choices = ", ".join(f.name for f in catalog.factions.values())
            problems.append(Finding("bad-line", f'unknown faction "{listed.faction}": choose one of {choices}',
                                    listed.faction_line))
    homes = [card.home for card in leaders if card.is_leader and card.home != NEUTRAL]
    if homes:
        return catalog.factions[homes[0]], f"the Leader {leaders[0].name}"
    tally: Counter[str] = Counter()
    for p in placed.values():
        if p.card.home != NEUTRAL:
            tally[p.card.home] += p.copies
    ranked = tally.most_common(2)
    if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
        return catalog.factions[ranked[0][0]], "the cards"
    raise DeckFileError(
        "cannot tell the faction: no Leader and no faction's own cards decide it; give --faction",
        where=listed.where,
    )


def _deck_text(document: dict[str, Any], where: str) -> str:
    import tomli_w

    from deckcli.authoring.canonical_form import canonical_text

    header = f"# Imported by deckcli import from {' '.join(where.split())}. Check it with deckcli validate.\n"
    return canonical_text(header + tomli_w.dumps(document), where)
