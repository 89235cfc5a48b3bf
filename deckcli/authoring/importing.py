"""Plain deck lists, as people type them in chats and forums, turned into deck files (``deckcli import``).

A line is one of (docs/authoring.md, "deckcli import", lists them all):

- a count first: ``3 Blue Stripes Commando``, ``3x …``, ``3 x …``, ``3× …``, ``3,…``, ``3<TAB>…``;
- a count last: ``… x3``, ``… x 3``, ``… ×3``, ``… 3x``, ``… (3x)``, ``… (x3)``, ``… (3)``,
  ``… (3 copies)``, ``… 3 copies``, ``… 1 copy``, ``… (three)``, ``… [3]``, ``… [x3]``, ``… - 3``, ``…,3``, ``…<TAB>3``,
  ``… 3``, ``"…" = 3``, and ``…: 3`` only after a whole card name (``Vampire: Katakan`` is a name);
- ``1. Name``, ``2) Name``: a numbered list, the number is no count;
- ``Blue Stripes Commando``: one copy;
- ``Leader: NAME`` (or ``Leader - NAME``), ``Faction: NAME``, ``Name: TEXT`` (or ``Deck:``,
  ``Title:``; ``"…"`` in double quotes reads JSON escapes), ``Totals: …`` (ignored:
  ``deckcli export`` writes it); a first line that names no card and is close to none is the title;
- a heading ending in ``:`` or a Markdown ``###`` heading: under a heading naming the Leader,
  lines are the Leader; under one naming the side deck, side-deck cards; under one marked
  "by mistake" (``deckcli export``), cards stay in the section it names;
- a line only in bold (``**Units**``, ``**Side deck**``) that names no card: a heading, as above;
- a blank line, a ``#`` or ``//`` comment (Markdown headings too; also at a line's end, after a
  space), except that a ``## TITLE`` before anything else is the deck's name, as ``export --to
  markdown`` writes it.

A line ending like a count that none of these forms reads (``(2 of 3)``, ``x3.5``) is a
``bad-line`` problem, never one copy. List bullets (``-``, ``*``, ``•``, emoji: ``▪️``, ``👉``), emoji
after a line (``… ×3 💪``), quotes (``"…"``, ``「…」``), ``**bold**`` and a note
in brackets after a name (``(Strength 4, Tight Bond)``) are passed over, so ``export --to
markdown`` reads back too. Repeated names add up. Names resolve exactly as in ``validate``
(:func:`deckcli.deck.resolution.resolve_deck`); nothing is dropped without a finding.
gwent-classic deck files (JSON) are read by :mod:`deckcli.authoring.gwent_classic`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from deckcli.authoring.deck_list import DeckList, shown_copies
from deckcli.catalog.model import NEUTRAL, Card, Catalog, FactionSet
from deckcli.catalog.names import fold, visible
from deckcli.deck.reading import MAX_COPIES, MAX_DISTINCT_NAMES, DeckFile, Entry
from deckcli.deck.resolution import Placed, ResolvedDeck, resolve_deck
from deckcli.errors import EXIT_ILLEGAL, EXIT_OK, DeckFileError
from deckcli.files.budget import check_line_lengths
from deckcli.findings import Finding
from deckcli.rules.judging import unresolved_findings
from deckcli.rules.messages import coded_message
from deckcli.text import counted

_BULLET = re.compile(r"^(?:[-*+•]\s+)+")
_PICTURES = "\U0001F000-\U0001FAFF\u2190-\u21FF\u2300-\u23FF\u2460-\u27BF\u2900-\u297F\u2B00-\u2BFF\uFE0E\uFE0F\u20E3"
"""Emoji and the symbols chats put before a line (``▪️``, ``👉``, ``✅``, ``➡``) or after it (``💪``): no card name holds one."""
_PICTURE_RUN = re.compile(rf"^[{_PICTURES}][{_PICTURES}\s]*")
"""Emoji at a line's start, with the spaces among and after them; matched on the reversed line for its end (linear time)."""
_BOLD_LINE = re.compile(r"^(?:\*\*|__)(?P<title>[^*_]*?\S)(?:\*\*|__):?$")
"""A line in bold, nothing else on it (``**Units**``): a heading, unless it names a card."""
_NUMBERED = re.compile(r"^\d{1,3}[.)]\s+(?=\S)")
"""``1. Name``, ``2) Name``: a numbered list; the number is the position, not a count."""
_EMPHASIS = re.compile(r"\*\*|__")
_INLINE_COMMENT = re.compile(r"\s+(?:#|//).*$")
_KEY = re.compile(r"^(leader|faction|name|deck|title|totals?)\s*(?::|\s[-–—]+)\s*(.*)$", re.IGNORECASE)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_N = r"(?P<n>\d+|" + "|".join(_WORDS) + r")"
_TIMES = r"[x×]"
_COPIES = r"(?:\s*(?:[x×]|cop(?:y|ies)))?"
_COUNT_FIRST = (
    re.compile(rf"^(?P<n>\d+)\s*{_TIMES}\s*(?P<name>\S.*)$", re.IGNORECASE),  # 3x Name, 3 x Name, 3×Name
    re.compile(r"^(?P<n>\d+)(?:\s*[,\t]\s*|\s+)(?P<name>\D.*)$"),  # 3 Name, 3,Name, 3<TAB>Name
)
_COUNT_LAST = (
    re.compile(rf"^(?P<name>.+?)\s+{_TIMES}\s*{_N}$", re.IGNORECASE),  # Name x3, Name x 3, Name x three
    re.compile(rf"^(?P<name>.+?)\s*×\s*{_N}$", re.IGNORECASE),  # Name×3
    re.compile(rf"^(?P<name>.+?)\s+(?P<n>\d+)\s*{_TIMES}$", re.IGNORECASE),  # Name 3x
    re.compile(rf"^(?P<name>.+?)\s*\(\s*(?:{_TIMES}\s*)?{_N}{_COPIES}\s*\)$", re.IGNORECASE),  # (3x) (x3) (3 copies) (three)
    re.compile(rf"^(?P<name>.+?)\s*\[\s*(?:{_TIMES}\s*)?{_N}{_COPIES}\s*\]$", re.IGNORECASE),  # [3] [x3]
    re.compile(rf"^(?P<name>.+?)\s+{_N}\s+cop(?:y|ies)$", re.IGNORECASE),  # Name 1 copy, Name 3 copies
    re.compile(r"^(?P<name>.+?)\s+(?P<n>-\d+)$"),  # Name -1: a negative count, refused as such
    re.compile(r"^(?P<name>.+?)\s+(?P<n>\d{1,3}(?:,\d{3})+)$"),  # Name 1,000: one count, refused as too many
    re.compile(r"^(?P<name>.+?)\s+(?:-+\s+|[–—][-–—]*\s*)(?P<n>\d+)$"),  # Name - 3, Name –3
    re.compile(r"^(?P<name>.+?)\s*,\s*(?P<n>\d+)$"),  # Name,3
    re.compile(r"^(?P<name>.+?)\t\s*(?P<n>\d+)$"),  # Name<TAB>3
    re.compile(r"^(?P<name>.+?)\s*=\s*(?P<n>\d+)$"),  # "Name" = 3
    re.compile(r"^(?P<name>.+?)\s+(?P<n>\d+)$"),  # Name 3
)
_COLON_COUNT = re.compile(r"^(?P<name>.+?)\s*:\s*(?P<n>\d+)$")
"""``Name: 3``: read only when the text before the colon is a whole card name (``Vampire: Katakan`` is one name)."""
_NOTE_BACKWARDS = re.compile(r"(?:\)(?:[^()]|\)[^()]*\()*\(|\][^\[\]]*\[)\s*")
"""A note in brackets at the end of a line (``(Strength 4)``, ``[x2]``, one level of brackets inside a
``(…)``), with the spaces before it, read backwards: matched on the reversed line, it costs the note's length
alone, where searching a line for a note at its end tries every position of it (a line of 3,300 notes: 0.6 s)."""
_COUNTISH = re.compile(r"\d|\b(?:" + "|".join(_WORDS) + r"|cop(?:y|ies))\b", re.IGNORECASE)
_STRENGTH_NOTE = re.compile(r"\bstrength\b", re.IGNORECASE)
_COUNTISH_TAIL = re.compile(
    r"(?:\s[x×]\s*\S+|[x×]\d\S*|(?:\s[-–—]+|[,:=\t])\s*\S*\d\S*|\s\d+\S*)\s*$", re.IGNORECASE
)
"""A line end that looks like a count but is none of the forms read: ``x3.5``, ``- 3 cards``, ``: 3a``."""
_QUOTES = "\"'“”„‘’«»「」『』"
_DECIMAL_COUNT = re.compile(
    r"^(?P<n>\d+[.,]\d+)\s*[x×]?\s+(?P<name>\S.*)$|^(?P<name2>.+?)\s*[x×=]\s*(?P<n2>\d+[.,]\d+)$", re.I
)
_TITLE = re.compile(r"^##\s+(?P<title>\S.*?)\s*$")
_HEADING = re.compile(r"^###+\s+(?P<title>\S.*?)\s*$")
_QUOTED_NAME = re.compile(r"^(?:[-*+•]\s+)?(?:\*\*)?(?:name|deck|title)\s*:\s*(?:\*\*)?\s*(?P<value>.*)$", re.IGNORECASE)
_KEPT = "by mistake"
"""The mark ``deckcli export`` puts on a heading over cards listed in the wrong section: they stay there."""


def read_list(text: str, where: str, catalog: Catalog) -> DeckList:
    """Read a deck list in any form ``deckcli import`` takes: a gwent-classic deck file (JSON,
    :mod:`deckcli.authoring.gwent_classic`) or a plain list (:func:`parse_list`)."""
    from deckcli.authoring.gwent_classic import is_gwent_classic, read_gwent_classic
    from deckcli.files.budget import check_json_text

    if text.lstrip().startswith(("{", "[")):
        check_json_text(text, where, DeckFileError)  # before json reads it: a number of 5,000 digits, 10,000 levels
    if is_gwent_classic(text):
        return read_gwent_classic(text, where, catalog)
    if text.lstrip().startswith(("{", "[")):
        _refuse_broken_json(text, where)
    return parse_list(text, where, catalog)


def _refuse_broken_json(text: str, where: str) -> None:
    """A file that opens like a JSON object (a gwent-classic deck file) but is not valid JSON is said to be
    broken, with the place, rather than read line by line as a card list; valid JSON of another shape is said
    not to be a gwent-classic deck file. Raises :class:`DeckFileError`."""
    import json

    opens_as_object = text.lstrip().startswith("{")
    try:
        document = json.loads(text)
    except RecursionError:
        raise DeckFileError("is JSON nested too deeply to be a gwent-classic deck file", where=where) from None
    except json.JSONDecodeError as error:
        if not opens_as_object:
            return  # "[…" that is not JSON: a card list's own line, read as one
        raise DeckFileError(
            f"is not valid JSON ({error.msg}): a gwent-classic deck file must be whole; save it again",
            where=where, line=error.lineno, column=error.colno,
        ) from None
    shape = "a JSON list" if isinstance(document, list) else "JSON without a cards list" if isinstance(document, dict) else "JSON"
    raise DeckFileError(
        f"is {shape}, not a gwent-classic deck file (a JSON object with faction, leader and cards: a list of "
        "[ID, COPIES] pairs)",
        where=where,
    )


def parse_list(text: str, where: str, catalog: Catalog | None = None) -> DeckList:
    """Read every line of a plain deck list (the forms in this module's docstring).

    A line that cannot be read becomes a ``bad-line`` problem. ``catalog``
    decides ``Name: 3`` (a count only after a whole card name) and whether a
    first line that names no card is the deck's title; without it neither is
    read. Raises :class:`DeckFileError` (exit code 2) when the text is a TOML
    deck file already, which is not a list to import, has a line longer than the
    input budget allows (:data:`deckcli.files.budget.MAX_LINE_CHARS`) or more than
    :data:`deckcli.deck.reading.MAX_DISTINCT_NAMES` card lines (good or bad).
    """
    _refuse_deck_file(text, where)
    check_line_lengths(text, where, DeckFileError)
    listed = DeckList(where)
    section, kept = "cards", False
    for number, raw in enumerate(text.splitlines(), start=1):
        first = not (listed.entries or listed.problems or listed.faction or listed.name is not None)
        title = _TITLE.match(raw.strip())
        if title and first:
            listed.name = _read_name(title["title"])  # a Markdown title before anything else, as export --to markdown writes
            continue
        quoted = _QUOTED_NAME.match(raw.strip())
        if quoted and quoted["value"][:1] == '"':
            listed.name = _read_name(quoted["value"])  # a name export quoted: read before any cleaning
            continue
        heading = _HEADING.match(raw.strip())
        bold = None if heading else _bold_heading(raw, catalog)
        if heading or bold is not None:  # a Markdown section heading (export --to markdown writes them), a bold one
            named = heading["title"] if heading else str(bold)
            section, kept = _section_of(named), _KEPT in fold(named)
            continue
        line = _clean(raw)
        if not line:
            continue
        key = _KEY.match(line)
        if key and key[1].casefold() in ("name", "deck", "title"):
            key = _KEY.match(_clean(raw, keep_comment=True))  # a deck's name may hold a "#": "Deck #2"
        if key and key[2].strip():
            _key_line(listed, key[1].casefold(), key[2].strip(), number)
        elif line.endswith(":"):
            section, kept = _section_of(line), _KEPT in fold(line)
        elif first and catalog is not None and _is_title(line, catalog):
            listed.name = line
            listed.notes.append(Finding("title", f"{line!r} names no card: taken as the deck's name", number))
        else:
            _card_line(listed, line, number, section, catalog)
            if kept:
                listed.kept.add(number)
        if len(listed.entries) + len(listed.problems) > MAX_DISTINCT_NAMES:
            # Each name is looked up with its "did you mean": a deck file's own limit keeps that bounded.
            raise DeckFileError(
                f"holds more than {MAX_DISTINCT_NAMES} card lines; a deck file lists at most {MAX_DISTINCT_NAMES} names",
                where=where,
                line=number,
            )
    return listed


def _is_title(line: str, catalog: Catalog) -> bool:
    """A first line with no count that names no card and is close to none: the deck's title (``My Temeria deck``)."""
    copies, _name = _count_and_name(line, catalog)
    return copies is None and not catalog.find(line) and not catalog.suggest(line) and not _COUNTISH_TAIL.search(line)


def _read_name(text: str) -> str:
    """A deck's name as ``deckcli export`` writes it: quoted with escapes when plain text would not read back."""
    if len(text) >= 2 and text[0] == text[-1] == '"':
        import json

        try:
            value = json.loads(text)
        except ValueError:
            return text
        return value if isinstance(value, str) else text
    return text


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
    line = _PICTURE_RUN.sub("", " ".join(visible(raw).split()))
    if line.startswith(("#", "//")):
        return ""
    line = _EMPHASIS.sub("", _BULLET.sub("", line))
    line = _NUMBERED.sub("", line)
    if keep_comment:  # a deck's name: kept whole, its emoji too
        return line
    return _without_pictures(_INLINE_COMMENT.sub("", line)).strip()


def _without_pictures(line: str) -> str:
    """``line`` without the emoji at its start and at its end."""
    line = _PICTURE_RUN.sub("", line)
    tail = _PICTURE_RUN.match(line[::-1])
    return line[: len(line) - tail.end()] if tail else line


def _bold_heading(raw: str, catalog: Catalog | None) -> str | None:
    """The title of a line that is only bold text (``**Units**``, ``▪️ **Side deck:**``) naming no card, else ``None``."""
    bold = _BOLD_LINE.match(_BULLET.sub("", _without_pictures(" ".join(visible(raw).split()))))
    if bold is None:
        return None
    title = bold["title"].strip()
    if catalog is not None and catalog.find(_count_and_name(title, catalog)[1].strip().strip(_QUOTES)):
        return None
    return title


def _key_line(listed: DeckList, key: str, value: str, number: int) -> None:
    if key == "leader":
        _card_line(listed, value, number, "leader", None)
    elif key == "faction":
        if listed.faction is not None and fold(listed.faction) != fold(value):
            listed.problems.append(
                Finding("bad-line", f"Faction: {value} contradicts Faction: {listed.faction} on line {listed.faction_line}", number)
            )
            return
        listed.faction, listed.faction_line = value, number
    elif key in ("name", "deck", "title"):
        listed.name = _read_name(value)


def _section_of(heading: str) -> str:
    folded = fold(heading)
    if _KEPT in folded:
        return "side" if "[side]" in folded else "cards"
    if "leader" in folded:
        return "leader"
    return "side" if "side" in folded else "cards"


def _card_line(listed: DeckList, line: str, number: int, section: str, catalog: Catalog | None) -> None:
    decimal = _DECIMAL_COUNT.match(line)
    if decimal:
        count, named = decimal["n"] or decimal["n2"], decimal["name"] or decimal["name2"]
        listed.problems.append(
            Finding("bad-line", f"{count} copies of {named}: a count is a whole number from 1 to {MAX_COPIES}", number, named)
        )
        return
    copies, name = _count_and_name(line, catalog)
    name = name.strip().strip(_QUOTES).strip()
    if not name:
        listed.problems.append(Finding("bad-line", f"cannot read {line!r}: no card name", number))
    elif copies is None and _unreadable_count(name, catalog):
        listed.problems.append(
            Finding("bad-line", f"cannot read the count in {line!r}: write 3x NAME, NAME x3 or NAME (3)", number, name)
        )
    elif copies is not None and not 1 <= copies <= MAX_COPIES:
        listed.problems.append(
            Finding("bad-line", f"{shown_copies(copies)} copies of {name}: a count is a whole number from 1 to {MAX_COPIES}", number, name)
        )
    else:
        listed.entries.append(Entry(name, copies or 1, number, section))


def _unreadable_count(name: str, catalog: Catalog | None) -> bool:
    """Whether a name read with no count ends like a count (``(2 of 3)``, ``x3.5``): never a silent one copy."""
    if catalog is not None and catalog.find(name):
        return False
    bracket = next(_trailing_notes(name), None)
    if bracket and _COUNTISH.search(bracket[1]) and not _STRENGTH_NOTE.search(bracket[1]):
        return True
    return bool(_COUNTISH_TAIL.search(name))


def _count_and_name(line: str, catalog: Catalog | None) -> tuple[int | None, str]:
    """The count a line gives (``None`` when it gives none: one copy) and the name, notes removed."""
    for pattern in _COUNT_FIRST:
        first = pattern.match(line)
        if first:
            return _whole(first["n"]), _strip_notes(first["name"])
    for pattern in _COUNT_LAST:
        last = pattern.match(line)
        if last:
            return _number(last["n"]), _strip_notes(last["name"])
    colon = _COLON_COUNT.match(line)
    if colon and catalog is not None and catalog.is_name(colon["name"].strip().strip(_QUOTES)):
        return _whole(colon["n"]), colon["name"]
    bare = _strip_notes(line)
    if bare != line and bare:
        copies, name = _count_and_name(bare, catalog)
        return copies, name
    return None, line


def _number(text: str) -> int:
    return _WORDS[text.casefold()] if text.casefold() in _WORDS else _whole(text)


def _whole(digits: str) -> int:
    """A typed count; one of more digits than any count has is simply too many (int() refuses 4,301 digits)."""
    digits = digits.replace(",", "")  # 1,000
    return int(digits) if len(digits) <= 6 else 10**6


def _strip_notes(text: str) -> str:
    """``text`` without the notes in brackets at its end (``(Strength 4, Tight Bond)``); a note that looks like a count
    stays, and so does one that is all the text."""
    kept = len(text)
    for start, note in _trailing_notes(text):
        if start == 0 or (_COUNTISH.search(note) and not _STRENGTH_NOTE.search(note)):
            break
        kept = start
    return text[:kept]


def _trailing_notes(text: str) -> Iterator[tuple[int, str]]:
    """The notes in brackets at the end of ``text``, the last first: where each starts, and its text (the spaces
    before it included). In all, one pass over the notes."""
    backwards = text[::-1]
    end = 0
    while (note := _NOTE_BACKWARDS.match(backwards, end)) is not None:
        start = len(text) - note.end()
        yield start, text[start : len(text) - end]
        end = note.end()


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
    ``faction_from`` how it was chosen; ``cards`` the copies in ``[cards]``;
    ``notes`` warnings about what was written as the list had it (a Leader of
    another faction, a card in the wrong section kept there, a line taken as the name).
    """

    text: str
    problems: list[Finding]
    faction: FactionSet
    faction_from: str
    cards: int
    notes: list[Finding] = field(default_factory=list)
    unit: tuple[str, str] = ("line", "lines")

    @property
    def exit_code(self) -> int:
        """1 when some line was not used (the deck misses what the list meant), else 0."""
        return EXIT_ILLEGAL if self.problems else EXIT_OK

    def refusal(self, where: str) -> str:
        """What is said when lines were not used and nothing is written (no ``--partial``)."""
        unused = counted(len(self.problems), *self.unit)
        return f"{where}: {unused} not used; nothing written (fix them, or use --partial to write the rest)"

    def written(self, output: str) -> str:
        """What is said once the deck file ``output`` is written."""
        left_out = f", {counted(len(self.problems), *self.unit)} left out" if self.problems else ""
        return (f"wrote {output}: {counted(self.cards, 'card', 'cards')}, {self.faction.name} "
                f"(from {self.faction_from}){left_out}; check it with: deckcli validate {output}")


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
    notes = list(listed.notes)
    leaders, main, side = _placements(resolved, listed.kept, notes)
    try:
        chosen, how = _choose_faction(listed, catalog, faction, leaders, {**main, **side}, problems)
    except DeckFileError as error:
        problems.sort(key=lambda f: (f.line is None, f.line or 0))
        raise UndecidedFaction(error.reason, listed.where, problems) from None
    notes += [
        Finding("off-faction",
                f"{coded_message('off-faction', card=card.name, faction_name=chosen.name)} (the faction comes from {how}); "
                "kept as written: deckcli validate reports it", resolved.line_of(card.name, "leader"), card.name)
        for card in leaders
        if card.name not in chosen.copies
    ]
    problems += [
        Finding("bad-line", f"{placed.card.name}: {placed.copies} copies in all; a deck file holds at most {MAX_COPIES}",
                placed.lines[-1], placed.card.name)
        for placed in (*main.values(), *side.values())
        if placed.copies > MAX_COPIES
    ]
    document: dict[str, Any] = {"name": listed.name} if listed.name is not None else {}
    document["faction"] = chosen.name
    if leaders:
        document["leader"] = leaders[0].name if len(leaders) == 1 else [card.name for card in leaders]
    document["cards"] = {name: p.copies for name, p in main.items() if p.copies <= MAX_COPIES}
    if side:
        document["side"] = {name: p.copies for name, p in side.items() if p.copies <= MAX_COPIES}
    problems.sort(key=lambda f: (f.line is None, f.line or 0))
    notes.sort(key=lambda f: (f.line is None, f.line or 0))
    return Imported(_deck_text(document, listed.where), problems, chosen, how, sum(document["cards"].values()), notes,
                    listed.unit)


def _placements(
    resolved: ResolvedDeck, kept: set[int], notes: list[Finding]
) -> tuple[list[Card], dict[str, Placed], dict[str, Placed]]:
    """Leader, ``[cards]`` and ``[side]`` of the imported deck: every card where it belongs (§2).

    A card under a heading marked "by mistake" (its lines in ``kept``) stays in
    the section it was listed in, as ``deckcli export`` printed it; so does a
    name under a Leader heading that is no Leader Card (a note says so).
    Otherwise side-deck cards go to ``[side]`` and other cards to ``[cards]``,
    and a Leader Card listed once among the cards, with no Leader line, is the Leader.
    """
    leaders = []
    for placed in resolved.leaders:
        leaders.append(placed.card)
        if not placed.card.is_leader:
            message = coded_message("not-a-leader", card=placed.card.name, faction_name="deck's")
            notes.append(Finding("not-a-leader", f"{message}; kept as written: deckcli validate reports it",
                                 placed.line, placed.card.name))
    main = dict(resolved.main)
    side = dict(resolved.side)

    def movable(placed: Placed) -> bool:
        lines = [line for line in placed.lines if line is not None]
        return not lines or not all(line in kept for line in lines)

    if not resolved.leaders:
        found = [name for name, placed in main.items() if placed.card.is_leader and placed.copies == 1 and movable(placed)]
        leaders = [main.pop(name).card for name in found]
    for source, target, belongs in ((main, side, True), (side, main, False)):
        for name in [name for name, placed in source.items() if placed.card.side_deck is belongs and movable(placed)]:
            moved = source.pop(name)
            if name in target:
                target[name].copies += moved.copies
            else:
                target[name] = moved
    for placed in (*main.values(), *side.values()):
        if not movable(placed) and placed.lines:
            where = "[side]" if placed.card.name in side and side[placed.card.name] is placed else "[cards]"
            notes.append(Finding("kept", f"{placed.card.name} stays in {where}, where the list puts it by mistake: "
                                 "deckcli validate reports it", placed.lines[0], placed.card.name))
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
            return catalog.faction(listed.faction), listed.faction_from
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
    from deckcli.files.toml_text import safe_toml_text

    header = f"# Imported by deckcli import from {' '.join(where.split())}. Check it with deckcli validate.\n"
    return canonical_text(safe_toml_text(header + tomli_w.dumps(document)), where)
