"""The input budget: what a document may hold before any parser sees it.

``tomllib`` builds each dotted key as a growing tuple (a 100 KB key takes
minutes), recurses once per nested list or inline table, and refuses an
integer of more than 4,300 digits with a ``ValueError`` of its own; ``tomlkit``,
``json`` and ``jsonschema`` recurse per level too. So every file deckcli reads
(deck files, registrations, catalog files, house rules) is measured here first,
in one linear pass over its text, and refused with its line, column and a
one-line reason when it exceeds any of these bounds:

=====================  ======  ===================================================
bound                  value   measured as
=====================  ======  ===================================================
:data:`MAX_LINE_CHARS`  10,000  characters on one line (TOML only: minified JSON is normal)
:data:`MAX_KEY_PARTS`       16  parts of one dotted key or table header (``a.b.c`` is 3)
:data:`MAX_DEPTH`           32  levels of a value: header parts + key parts + lists
                                around it (JSON: ``[`` and ``{``)
:data:`MAX_DIGITS`          64  digits in one number, in its own base (``0x``, ``0o``, ``0b`` too;
                                TOML integers are 64-bit: 19 decimal digits, 16 hexadecimal)
:data:`MAX_ITEMS`       20,000  key parts, values and list items in one file (JSON: ``,`` and ``:``)
=====================  ======  ===================================================

A file that ``fmt`` (or an edit) rewrites goes through tomlkit, much slower
than tomllib, and meets tighter bounds too: :data:`MAX_EDIT_CHARS`,
:data:`MAX_EDIT_ITEMS` and :data:`MAX_EDIT_DOTTED`.

An ordinary deck file is 2 levels deep with keys of 1 or 2 parts. The scanner
follows the TOML 1.0 lexical rules as ``tomllib`` applies them (strings,
escapes, comments, key and value positions); where the text stops being TOML
it stops measuring and leaves the syntax error to the parser, which never
reads past that point either.
"""

from __future__ import annotations

import itertools
import re
from typing import NoReturn

from deckcli.errors import DeckcliError

MAX_LINE_CHARS = 10_000
MAX_KEY_PARTS = 16
MAX_DEPTH = 32
MAX_DIGITS = 64
MAX_ITEMS = 20_000
MAX_EDIT_ITEMS = 5_000
"""Keys and values in a file ``fmt`` or an edit rewrites: tomlkit, which keeps comments, is pure Python."""
MAX_EDIT_CHARS = 128 * 1024
"""Characters of a file to edit: tomlkit reads about 100 KB a second on a busy 2-core machine
(a deck at the 1,000-name limit is about 40 KB)."""
MAX_EDIT_DOTTED = 16
"""Dotted keys and dotted table headers (``a.b = 1``, ``[a.b]``) in a file to edit: tomlkit slows down
with each one as the square of their number (250 dotted keys took 19 s)."""

__all__ = ["TOML_STRING", "MAX_DEPTH", "MAX_DIGITS", "MAX_ITEMS", "MAX_KEY_PARTS", "MAX_LINE_CHARS", "MAX_EDIT_CHARS", "MAX_EDIT_DOTTED", "MAX_EDIT_ITEMS", "check_json_text", "check_line_lengths", "check_toml_text", "digit_count"]

_SPACE = re.compile(r"[ \t]*+")
_BLANKS = re.compile(r"(?:[ \t\n]++|#[^\n]*+)*+")
"""Whitespace, newlines and comments: between statements, and between the items of a list."""
_COMMENT = re.compile(r"(?:#[^\n]*+)?")
_KEY_PART = re.compile(r"""[A-Za-z0-9_-]++|"(?:[^"\\\n]++|\\[^\n])*+"|'[^'\n]*+'""")
_DOT = re.compile(r"[ \t]*+\.[ \t]*+")
TOML_STRING = re.compile(
    r'"""(?:[^"\\]++|\\.|"(?!""))*+""""{0,2}'
    r"|'''(?:[^']++|'(?!''))*+''''{0,2}"
    r'|"(?:[^"\\\n]++|\\[^\n])*+"'
    r"|'[^'\n]*+'",
    re.DOTALL,
)
"""A TOML string of any of the four kinds (basic, literal, and their multi-line forms), from its opening quote."""
_SCALAR = re.compile(r"""(?:[0-9]{4}-[0-9]{2}-[0-9]{2} (?=[0-9]{2}:))?[^ \t\n,\[\]{}#"'=]++""")
"""A number, a boolean or a date (a date and time may be parted by one space)."""
_LONG_LINE = re.compile(r"(?<![^\n])[^\r\n]{%d}" % (MAX_LINE_CHARS + 1))
"""A line longer than the bound, tried only where a line starts (so each line is read once)."""
_NOT_DIGITS = re.compile(r"[^0-9]+")
_RADIX_DIGITS = {"0x": re.compile(r"[^0-9A-Fa-f]+"), "0o": re.compile(r"[^0-7]+"), "0b": re.compile(r"[^01]+")}
"""What is no digit of a hexadecimal, octal or binary integer (``0xdead_beef``): Python turns a value of any
size into one of these, but never one of more than 4,300 decimal digits back into text."""
_JSON_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
"""A JSON string, or an unterminated one to the end: it always matches, so no quote is tried twice."""
_JSON_BRACKET = re.compile(r"[\[\]{}]")
_JSON_LONG_NUMBER = re.compile(r"[0-9]{%d,}" % (MAX_DIGITS + 1))


class _Refusal(Exception):
    """Something in the text over a bound: the reason and where it starts (an index into the text)."""

    def __init__(self, reason: str, position: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.position = position


class _NotToml(Exception):
    """The text stops being TOML here: the parser will say why, and reads no further either."""


def _refuse(text: str, position: int, reason: str, where: str, error: type[DeckcliError]) -> NoReturn:
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    raise error(f"{reason} (deckcli's input budget)", where=where, line=line, column=column)


def check_line_lengths(text: str, where: str, error: type[DeckcliError]) -> None:
    """Refuse ``text`` with a line longer than :data:`MAX_LINE_CHARS` (any text format; a CR ending is not counted).

    Raises ``error`` naming ``where`` and the line. Each line is read once.
    """
    long_line = _LONG_LINE.search(text)
    if long_line:
        rest = text.find("\n", long_line.start())
        length = len(text[long_line.start() : rest if rest >= 0 else len(text)].rstrip("\r"))
        raise error(
            f"a line of {length:,} characters; a line holds at most {MAX_LINE_CHARS:,} (deckcli's input budget)",
            where=where,
            line=text.count("\n", 0, long_line.start()) + 1,
        )


def check_toml_text(text: str, where: str, error: type[DeckcliError], *, editing: bool = False) -> None:
    """Refuse TOML ``text`` beyond the budget before a parser reads it; linear in its length.

    With ``editing`` (the text goes to tomlkit, to be rewritten with its
    comments kept), the tighter :data:`MAX_EDIT_ITEMS` and :data:`MAX_EDIT_DOTTED` apply too.

    ``where`` names the file in the message and ``error`` is the
    :class:`~deckcli.errors.DeckcliError` subclass raised (exit code 2), with
    the line and column of the first thing over a bound. Text that is not TOML
    is measured up to where it stops being TOML; the parser reports the rest.
    """
    check_line_lengths(text, where, error)
    if editing and len(text) > MAX_EDIT_CHARS:
        raise error(
            f"{len(text):,} characters; a file to rewrite holds at most {MAX_EDIT_CHARS:,} "
            "(deckcli's input budget: the editor that keeps comments is slow)",
            where=where,
        )
    source = text.replace("\r\n", "\n")
    try:
        _TomlScan(source, editing).document()
    except _NotToml:
        return
    except _Refusal as refusal:
        _refuse(source, refusal.position, refusal.reason, where, error)


class _TomlScan:
    """One walk over a TOML document as ``tomllib`` reads it, measuring as it goes."""

    def __init__(self, source: str, editing: bool = False) -> None:
        self.source = source
        self.items = 0
        self.dotted = 0
        self.editing = editing

    def count(self, position: int, items: int = 1) -> None:
        self.items += items
        if self.items > MAX_ITEMS:
            raise _Refusal(f"more than {MAX_ITEMS:,} keys and values in one file", position)
        if self.editing and self.items > MAX_EDIT_ITEMS:
            raise _Refusal(f"more than {MAX_EDIT_ITEMS:,} keys and values in a file to rewrite", position)

    def count_dotted(self, parts: int, position: int) -> None:
        if parts > 1 and self.editing:
            self.dotted += 1
            if self.dotted > MAX_EDIT_DOTTED:
                raise _Refusal(
                    f"more than {MAX_EDIT_DOTTED} dotted keys or dotted table headers in a file to rewrite "
                    "(write [cards] with one name a line)",
                    position,
                )

    def skip(self, pattern: re.Pattern[str], pos: int) -> int:
        found = pattern.match(self.source, pos)
        assert found is not None  # every skipping pattern matches the empty string
        return found.end()

    def document(self) -> None:
        source, pos, end = self.source, 0, len(self.source)
        table_depth = 0
        while True:
            pos = self.skip(_BLANKS, pos)
            if pos >= end:
                return
            if source[pos] == "[":
                many = source.startswith("[[", pos)
                pos = self.skip(_SPACE, pos + (2 if many else 1))
                pos, parts = self.key(pos, 1 if many else 0)
                table_depth = parts + (1 if many else 0)
                pos = self.skip(_SPACE, pos)
                closing = "]]" if many else "]"
                if not source.startswith(closing, pos):
                    raise _NotToml
                pos += len(closing)
            else:
                pos, parts = self.key(pos, table_depth)
                pos = self.equals(pos)
                pos = self.value(pos, table_depth + parts)
            pos = self.skip(_SPACE, pos)
            pos = self.skip(_COMMENT, pos)
            if pos < end and source[pos] != "\n":
                raise _NotToml

    def key(self, pos: int, depth: int) -> tuple[int, int]:
        """Read a dotted key ``depth`` levels deep at ``pos``: its end and its number of parts."""
        parts, start = 0, pos
        while True:
            part = _KEY_PART.match(self.source, pos)
            if part is None:
                raise _NotToml
            parts += 1
            self.count(pos)
            if parts > MAX_KEY_PARTS:
                raise _Refusal(f"a dotted key or table header of more than {MAX_KEY_PARTS} parts", start)
            if depth + parts > MAX_DEPTH:
                raise _Refusal(f"keys, tables and lists nested more than {MAX_DEPTH} levels deep", pos)
            dot = _DOT.match(self.source, part.end())
            if dot is None:
                self.count_dotted(parts, start)
                return part.end(), parts
            pos = dot.end()

    def equals(self, pos: int) -> int:
        pos = self.skip(_SPACE, pos)
        if not self.source.startswith("=", pos):
            raise _NotToml
        return self.skip(_SPACE, pos + 1)

    def value(self, pos: int, depth: int) -> int:  # noqa: C901 - one loop over one value reads best whole
        """Measure the value at ``pos`` (a list or an inline table with all it holds), ``depth`` levels deep; its end.

        An explicit stack of open lists and tables: recursion is what this guards against.
        """
        source, end = self.source, len(self.source)
        stack: list[tuple[str, int]] = []  # each open list or table with its own depth
        while True:
            if pos >= end:
                raise _NotToml
            char = source[pos]
            self.count(pos)
            if char in "[{":
                # A list's items are a level below it; an inline table's keys count their own parts.
                depth += 1 if char == "[" else 0
                if depth > MAX_DEPTH:
                    raise _Refusal(f"keys, tables and lists nested more than {MAX_DEPTH} levels deep", pos)
                stack.append((char, depth))
                if char == "[":
                    pos = self.skip(_BLANKS, pos + 1)
                    if not source.startswith("]", pos):
                        continue
                else:
                    pos = self.skip(_SPACE, pos + 1)
                    if not source.startswith("}", pos):
                        pos, parts = self.key(pos, depth)
                        pos = self.equals(pos)
                        depth += parts
                        continue
                stack.pop()
                pos += 1
            elif char in "\"'":
                string = TOML_STRING.match(source, pos)
                if string is None:
                    raise _NotToml
                pos = string.end()
            else:
                scalar = _SCALAR.match(source, pos)
                if scalar is None:
                    raise _NotToml
                digits = digit_count(scalar.group())
                if digits > MAX_DIGITS:
                    raise _Refusal(f"a number of {digits:,} digits; a number has at most {MAX_DIGITS}", pos)
                pos = scalar.end()
            # After a value: close what it ends, or go on to the next item.
            while stack:
                kind, depth = stack[-1]
                pos = self.skip(_BLANKS if kind == "[" else _SPACE, pos)
                if source.startswith("]" if kind == "[" else "}", pos):
                    stack.pop()
                    pos += 1
                    continue
                if not source.startswith(",", pos):
                    raise _NotToml
                if kind == "[":
                    pos = self.skip(_BLANKS, pos + 1)
                    if source.startswith("]", pos):  # a trailing comma
                        stack.pop()
                        pos += 1
                        continue
                else:
                    pos = self.skip(_SPACE, pos + 1)
                    pos, parts = self.key(pos, depth)
                    pos = self.equals(pos)
                    depth += parts
                break
            else:
                return pos


def digit_count(number: str) -> int:
    """The digits of ``number`` as written (a TOML or command-line number), in its own base: ``0xff`` has 2,
    ``1_000`` 4, ``1.5e3`` 3. What :data:`MAX_DIGITS` bounds."""
    radix = _RADIX_DIGITS.get(number.lstrip("+-")[:2])
    if radix is not None:
        return len(radix.sub("", number.lstrip("+-")[2:]))
    return len(_NOT_DIGITS.sub("", number))


def check_json_text(text: str, where: str, error: type[DeckcliError]) -> None:
    """Refuse JSON ``text`` beyond the budget before ``json`` reads it; linear in its length.

    Bounds: :data:`MAX_DEPTH` levels of ``[`` and ``{``, :data:`MAX_DIGITS`
    digits in a number, :data:`MAX_ITEMS` members and items. Raises ``error``
    (a :class:`~deckcli.errors.DeckcliError` subclass, exit code 2) naming
    ``where`` with the line and column.
    """
    # Strings blanked out (same length, so positions hold): what is left is structure and numbers.
    structure = _JSON_STRING.sub(lambda found: '"' + " " * (len(found.group()) - 2) + '"', text)
    long_number = _JSON_LONG_NUMBER.search(structure)
    if long_number:
        digits = len(long_number.group())
        _refuse(text, long_number.start(), f"a number of {digits:,} digits; a number has at most {MAX_DIGITS}", where, error)
    if structure.count(",") + structure.count(":") > MAX_ITEMS:
        position = next(itertools.islice(re.finditer("[,:]", structure), MAX_ITEMS, None)).start()
        _refuse(text, position, f"more than {MAX_ITEMS:,} members and items in one file", where, error)
    depth = 0
    for bracket in _JSON_BRACKET.finditer(structure):
        if bracket.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                _refuse(text, bracket.start(), f"lists and objects nested more than {MAX_DEPTH} levels deep", where, error)
        else:
            depth -= 1
