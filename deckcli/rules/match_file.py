"""Reading a matrix file (``deckcli tournament --matrix FILE``): how each of my decks fares against each of theirs.

```toml
theirs = ["Northern Realms", "Scoia'tael", "Skellige"]

[win]       # each of my decks: the probability (0–1) of winning a game against each of theirs
Monsters = [0.55, 0.48, 0.62]
Nilfgaard = [0.50, 0.51, 0.45]
Skellige = [0.40, 0.58, 0.52]

[draw]      # optional: the probability of a drawn game (a deck left out: none)
Monsters = [0.0, 0.02, 0.0]
```

``schemas/tournament-matrix.schema.json`` checks its shape; the rest of a game is their win, so ``win + draw``
is at most 1 (checked here, with the line).
"""

from __future__ import annotations

import functools
import json
import math
from typing import TYPE_CHECKING, Any

from deckcli.errors import DeckcliError
from deckcli.rules.match import MatchMatrix
from deckcli.text import printable

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

SCHEMA = "tournament-matrix"


class MatrixFileError(DeckcliError):
    """A matrix file cannot be used (exit code 2): not UTF-8 TOML, or not the shape of
    ``schemas/tournament-matrix.schema.json``, or a game's win and draw above 1."""


@functools.cache
def _validator() -> Validator:
    from deckcli.files.schemas import packaged_schema, strict_validator_class

    return strict_validator_class()(packaged_schema(SCHEMA))


def parse_matrix(data: bytes, where: str) -> MatchMatrix:
    """The :class:`MatchMatrix` a matrix file's bytes give: my decks the keys of ``[win]`` in order, theirs
    ``theirs``.

    Raises :class:`MatrixFileError` (exit code 2) naming ``where`` and the line: not UTF-8 or TOML, a key
    that is not ``theirs``, ``win`` or ``draw``, another number of decks than three, a rate outside 0–1, a deck
    name that is not one line of printable text (blank, a line break, a control character), a ``[draw]`` deck
    that ``[win]`` does not name, a rate that is not a number (``nan``, which passes every bound), or a game whose win
    and draw are above 1.
    """
    from deckcli.files.reading import decode_text
    from deckcli.files.schemas import jsonable, packaged_schema
    from deckcli.files.toml_lines import key_lines, parse_toml

    text = decode_text(data, where)
    document = jsonable(parse_toml(text, where, error=MatrixFileError))
    lines = key_lines(text)
    errors = list(_validator().iter_errors(document))
    if errors:
        error = min(errors, key=lambda e: (len(e.path), list(map(str, e.path))))
        path = tuple(str(part) for part in error.path)
        schema = packaged_schema(SCHEMA)
        if not path:
            if not isinstance(document, dict):
                raise MatrixFileError(schema["x-message"], where=where)
            extra = [key for key in document if key not in schema["properties"]]
            if extra:
                raise MatrixFileError(f"key {extra[0]!r} is not part of a matrix file (theirs, win, draw)",
                                      where=where, line=lines.get((extra[0],)))
            missing = next(key for key in schema["required"] if key not in document)
            raise MatrixFileError(f"no {missing}: {schema['properties'][missing]['x-message']}", where=where)
        reason = schema["properties"][path[0]]["x-message"]
        if len(path) > 1 and isinstance(document[path[0]], dict):
            row = document[path[0]][path[1]]
            reason = f"[{path[0]}] {printable(path[1], limit=60)}: {_row_problem(row)}; {reason}"
        elif len(path) > 1:  # an item of theirs: blank, or not text
            reason = f"theirs: {_toml_value(document[path[0]][int(path[1])])} is not a deck's name; {reason}"
        raise MatrixFileError(reason, where=where, line=_line(lines, path))
    win: dict[str, list[float]] = document["win"]
    draw: dict[str, list[float]] = document.get("draw", {})
    for name, line in [(name, lines.get(("theirs",))) for name in document["theirs"]] + [
            (name, _line(lines, ("win", name))) for name in win]:
        if not name.strip() or not name.isprintable():
            raise MatrixFileError(f"the deck name {name!r} is not one line of text (blank, or holding a line "
                                  "break, tab or control character): name each deck as its table row shows it, such "
                                  'as "Monsters"', where=where, line=line)
    for name in draw:
        if name not in win:
            raise MatrixFileError(f"[draw] names {name!r}, which is not a deck of [win] ({', '.join(win)})",
                                  where=where, line=_line(lines, ("draw", name)))
    for table, rows in (("win", win), ("draw", draw)):
        for name, row in rows.items():
            for column, rate in enumerate(row):
                if math.isnan(rate):  # JSON Schema's bounds, and win + draw <= 1, are all false for NaN
                    raise MatrixFileError(
                        f"[{table}] {printable(name, limit=60)}: {_toml_value(rate)} against {document['theirs'][column]!r} is not a number: "
                        "give a fraction 0–1, such as 0.5", where=where, line=_line(lines, (table, name)))
    zero = [0.0, 0.0, 0.0]
    for name, row in win.items():
        for column, (won, drawn) in enumerate(zip(row, draw.get(name, zero))):
            if won + drawn > 1 + 1e-9:
                raise MatrixFileError(
                    f"{name!r} against {document['theirs'][column]!r}: win {won} and draw {drawn} make more than 1 "
                    "(the rest of the games are their wins): lower one of them",
                    where=where, line=_line(lines, ("draw" if name in draw else "win", name)))
    return MatchMatrix.of(list(win), document["theirs"], list(win.values()), [draw.get(name, zero) for name in win])


def _toml_value(value: Any) -> str:
    """``value`` as TOML writes it (``nan``, ``"A"``, ``5``), cut to 40 characters."""
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    text = json.dumps(value, ensure_ascii=False) if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _row_problem(instance: Any) -> str:
    if isinstance(instance, list):
        return f"{instance!r} is not three fractions 0–1"
    return f"{instance!r} is not a list of three fractions"


def _line(lines: dict[tuple[str, ...], int], path: tuple[str, ...]) -> int | None:
    """The line of the deepest key of ``path`` that is written (a row's line, else its table's)."""
    for end in range(min(len(path), 2), 0, -1):
        if path[:end] in lines:
            return lines[path[:end]]
    return None


def read_matrix(path: str) -> MatchMatrix:
    """Read the matrix file at ``path`` (``-``: standard input). Raises :class:`MatrixFileError` (exit code 2) as
    :func:`parse_matrix` does, and :class:`deckcli.errors.DeckFileError` for a file that is missing or cannot
    be read."""
    from deckcli.files.reading import display_path, read_bytes

    return parse_matrix(read_bytes(path, "matrix file"), display_path(path))
