"""Reading a Tournament registration: a TOML file naming deck files relative to itself.

```toml
player = "Alex"
decks = ["monsters.toml", "nilfgaard.toml", "skellige.toml"]
```

A registration is told from a deck file by its keys: ``decks`` against
``faction`` (docs/architecture.md). How many decks it must name is the lineup rule set's
``deck_count`` (3 for a Tournament, rulebook §15).
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from deckcli.errors import DeckFileError
from deckcli.files import schema_checks
from deckcli.files.reading import (
    STDIN,
    decode_text,
    display_path,
    first_repeat,
    read_bytes,
)
from deckcli.files.schemas import jsonable, packaged_schema, strict_validator_class
from deckcli.files.toml_lines import key_lines, parse_toml
from deckcli.findings import Finding
from deckcli.text import counted, printable

if TYPE_CHECKING:
    from jsonschema.protocols import Validator


@dataclass(frozen=True)
class Registration:
    """A registration read from ``where``: its ``player`` (or ``None``) and deck paths.

    ``decks`` are the deck files as paths usable from the working folder (each
    name joined to the registration's folder), in the order written;
    ``warnings`` an ``unknown-key`` finding for each key deckcli does not use
    and an ``outside-folder`` finding for each deck path that is absolute,
    leaves the registration's folder or goes through a symbolic link that
    leads out of it (a registration names its own decks, beside it; a path
    elsewhere may name a file that is not the player's).
    """

    where: str
    player: str | None
    decks: tuple[str, ...]
    warnings: tuple[Finding, ...] = ()
    outside: tuple[str, ...] = ()
    """The paths of ``decks`` outside the registration's folder: written as absolute paths, leaving it
    (``../``), or through a symbolic link that leads out."""
    player_key: str | None = None
    """When there is no ``player``: the key written where it was most likely meant (``plyer``, ``Player``)."""


@functools.cache
def _registration_validator() -> Validator:
    return strict_validator_class()(packaged_schema("registration"))


def parse_registration(data: bytes, where: str, folder: str, deck_count: int, label: str = "Tournament lineup") -> Registration:
    """Turn a registration file's bytes into a :class:`Registration`.

    ``folder`` is the folder deck names are relative to; ``deck_count`` the
    number of decks the lineup needs, ``label`` what the lineup is called in
    messages ("Tournament lineup"). Raises :class:`DeckFileError` (exit code
    2) naming ``where`` (and the line where known) when the file is not UTF-8 or
    TOML, is a deck file, lacks ``decks``, names another number of decks,
    names a deck file that does not exist, or names one deck file twice.
    """
    text = decode_text(data, where)
    document = jsonable(parse_toml(text, where))
    lines = key_lines(text)
    if "decks" not in document and "faction" in document:
        raise DeckFileError(
            f"is a deck file, not a registration: give {deck_count} deck files, "
            'or a registration naming them with decks = ["a.toml", …]',
            where=where,
        )
    check = schema_checks.fast_check("registration")
    errors = [] if check is not None and check(document) else list(_registration_validator().iter_errors(document))
    if errors:
        error = min(errors, key=lambda e: len(e.path))
        top = str(error.path[0]) if error.path else None
        if error.validator == "required":
            reason = 'no decks: add a line such as decks = ["monsters.toml", "nilfgaard.toml", "skellige.toml"]'
        else:
            schema = packaged_schema("registration")
            reason = schema["properties"].get(top, schema).get("x-message", error.message)
        raise DeckFileError(reason, where=where, line=lines.get((top,)) if top else None)
    names = document["decks"]
    line = lines.get(("decks",))
    if len(names) != deck_count:
        raise DeckFileError(
            f"names {counted(len(names), 'deck file', 'deck files')}; "
            f"a {label} has exactly {deck_count}",
            where=where,
            line=line,
        )
    decks = deck_paths(names, folder)
    missing = [(name, path) for name, path in zip(names, decks) if not os.path.isfile(path)]
    if missing:
        problems = "; ".join(f'"{name}": {path} {_state(path)}' for name, path in missing)
        files = "a deck file" if len(missing) == 1 else f"{len(missing)} deck files"
        first = _line_naming(text, missing[0][0], line)
        raise DeckFileError(f"names {files} it cannot use: {problems}", where=where, line=first)
    repeat = first_repeat(decks)
    if repeat:
        earlier, name = names[repeat[0]], names[repeat[1]]
        raise DeckFileError(
            f'names {decks[repeat[1]]} twice ("{earlier}" and "{name}"): a {label} is {deck_count} different decks',
            where=where,
            line=_line_naming(text, name, line, after=_line_naming(text, earlier, line)),
        )
    outside = [(name, path, how) for name, path in zip(names, decks) if (how := _outside_how(name, folder))]
    warnings = tuple(
        Finding("unknown-key", f"key {key!r} is not part of a registration (player, decks) and is ignored", lines.get((key,)))
        for key in document
        if key not in ("player", "decks")
    ) + tuple(
        Finding(
            "outside-folder",
            f'deck path "{printable(name)}" is {how}: a registration names decks in its own folder or below',
            _line_naming(text, name, line),
        )
        for name, _path, how in outside
    )
    player = document.get("player")
    return Registration(
        where=where,
        player=player,
        decks=decks,
        warnings=warnings,
        outside=tuple(path for _name, path, _how in outside),
        player_key=_meant_player(document) if player is None else None,
    )


def deck_paths(names: Sequence[str], folder: str) -> tuple[str, ...]:
    """The deck files a registration in ``folder`` names, as paths usable from the working folder (normalised)."""
    return tuple(os.path.normpath(os.path.join(folder, name)) for name in names)


def might_name_decks(data: bytes) -> bool:
    """Whether a file's bytes could hold a ``decks`` key: its name written out, or a TOML escape that could spell it.

    ``False`` means the file is surely no registration (a deck file, or no TOML
    at all), told without parsing it: TOML spells a key's letters only as
    themselves or, in a quoted key, as ``\\u`` / ``\\U`` escapes.
    """
    return b"decks" in data or b"\\u" in data or b"\\U" in data


def _meant_player(document: dict[str, object]) -> str | None:
    """The key deckcli does not use that was most likely meant to be ``player`` (``Player``, ``plyer``), or ``None``."""
    import difflib

    others = [key for key in document if key not in ("player", "decks")]
    same = [key for key in others if key.casefold() == "player"]
    close = same or difflib.get_close_matches("player", [key.casefold() for key in others], n=1, cutoff=0.75)
    if not close:
        return None
    return next(key for key in others if key.casefold() == close[0].casefold())


def _outside_how(name: str, folder: str) -> str | None:
    """How a deck path as written leaves the registration's folder (``absolute``, ``outside …``), or ``None``.

    A path written inside the folder is still outside when one of its parts
    below the folder is a symbolic link that leads out of it.
    """
    normal = os.path.normpath(name)
    if os.path.isabs(name):
        return "absolute"
    if normal == os.pardir or normal.startswith(os.pardir + os.sep):
        return "outside the registration's folder"
    parts = normal.split(os.sep)
    linked = any(os.path.islink(os.path.join(folder, *parts[: end + 1])) for end in range(len(parts)))
    if linked and not _within(os.path.realpath(os.path.join(folder, normal)), os.path.realpath(folder or os.curdir)):
        return "a link that leads outside the registration's folder"
    return None


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _state(path: str) -> str:
    if os.path.isdir(path):
        return "is a folder, not a deck file"
    return "is not a regular file" if os.path.exists(path) else "does not exist"


def _line_naming(text: str, name: str, decks_line: int | None, after: int | None = None) -> int | None:
    """The line, from the ``decks`` key on, where ``name`` is written in quotes (a list may span lines).

    With ``after``, a line naming it after that one if there is one (a name written twice).
    """
    if decks_line is None:
        return None
    found = [
        number
        for number, line in enumerate(text.splitlines()[decks_line - 1 :], start=decks_line)
        if f'"{name}"' in line or f"'{name}'" in line
    ]
    later = [number for number in found if after is not None and number > after]
    return (later or found or [decks_line])[0]


def read_registration(path: str, deck_count: int, label: str = "Tournament lineup") -> Registration:
    """Read the registration file at ``path`` (``-`` is standard input; then deck names are relative to here).

    Raises :class:`DeckFileError` (exit code 2) as :func:`parse_registration` does,
    and for a file that is missing or cannot be read.
    """
    where = display_path(path)
    folder = "" if path == STDIN else os.path.dirname(path)
    return parse_registration(read_bytes(path), where, folder, deck_count, label)
