"""The tournament desk: many registrations judged in one call, one summary row each.

The registrations come from the command line or from a folder and its
sub-folders (``--dir``), found by :func:`find_desk`. Either way each file is
read as a file named on the command line is (:func:`deckcli.files.reading.read_bytes`:
1 MiB, regular files only in a folder; the input budget before TOML), and the
deck files each registration names are indexed once, by file, so that a deck
file two registrations name is known before the first of them is judged.
:meth:`Desk.judge` then judges one registration at a time and hands on its
:class:`DeskEntry`; nothing keeps an entry's report once its row is taken, so
a desk's memory holds the paths and the index, not the reports.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Iterator, NamedTuple, Sequence

from deckcli.deck.registration import deck_paths, might_name_decks, parse_registration
from deckcli.errors import EXIT_UNUSABLE, DeckcliError, DeckFileError
from deckcli.files.reading import STDIN, decode_text, display_path, file_identity, read_bytes
from deckcli.files.toml_lines import parse_toml
from deckcli.rules.lineups import LineupReport, judge_registration, lineup_rules

TOML_SUFFIX = ".toml"

SHOWN_OWNERS = 3
"""Other registrations a row's ``shared_decks`` names before "and N other registrations"."""


class Share(NamedTuple):
    """A deck file this registration names that others name too.

    ``deck`` is the file as this registration names it (as shown), ``key`` the
    file's identity (one per file, however spelt), ``others`` the first
    :data:`SHOWN_OWNERS` other registrations (as shown) and ``named_by`` how many
    registrations name it, this one included.
    """

    deck: str
    key: object
    others: tuple[str, ...]
    named_by: int


@dataclass
class DeskEntry:
    """One registration at the desk: the file as given, and its ``report`` or the ``error`` that stopped it.

    ``error`` is set when the registration cannot be used (not TOML, no
    ``decks``, a missing deck file, a folder that cannot be listed, …) or one
    of its deck files cannot be read; ``report`` is ``None`` in the first case.
    ``player`` is the name the row shows: the registration's ``player``, or,
    when it names none (or misspells the key), its folder's name, with a
    ``notes`` line saying so. ``shares`` lists its deck files that other
    registrations name too.
    """

    path: str
    where: str
    player: str
    report: LineupReport | None = None
    error: DeckcliError | None = None
    shares: list[Share] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """0 legal, 1 breaks a rule, 2 could not be judged."""
        if self.report is not None and self.report.legal is not None:
            return self.report.exit_code
        return self.error.exit_code if self.error is not None else EXIT_UNUSABLE

    @property
    def verdict(self) -> str:
        """``legal``, ``not legal`` or ``not judged``."""
        if self.report is None or self.report.legal is None:
            return "not judged"
        return "legal" if self.report.legal else "not legal"

    def row(self) -> dict[str, Any]:
        """The summary row: ``player``, ``registration``, ``legal`` (``None`` when not judged), ``verdict``,
        ``factions`` (names, one per deck), ``codes`` (the lineup's broken codes, then the decks'),
        ``decks`` (deck files), ``shared_decks`` (``FILE (also in REG, …)``), ``error`` (the reason it
        was not judged, or ``None``) and ``notes`` (about the row itself: the player's name taken from the folder)."""
        report = self.report
        decks = [d.deck for d in report.decks] if report is not None else []
        factions = [str(d.profile.get("faction_name")) for d in report.decks if d.profile] if report else []
        codes: list[str] = []
        if report is not None:
            codes = [f.code for f in report.violations]
            codes += [f.code for d in report.decks for f in d.violations]
        return {
            "player": self.player,
            "registration": self.where,
            "legal": report.legal if report is not None else None,
            "verdict": self.verdict,
            "factions": factions,
            "codes": list(dict.fromkeys(codes)),
            "decks": decks,
            "shared_decks": [f"{share.deck} (also in {few(share.others, share.named_by - 1)})" for share in self.shares],
            "error": self.error.located() if self.error is not None else None,
            "notes": list(self.notes),
        }


def few(names: Sequence[str], total: int) -> str:
    """``a, b`` or, when ``total`` is more than the ``names`` shown, ``a, b, c and 4 other registrations``."""
    shown = ", ".join(names)
    return shown if total <= len(names) else f"{shown} and {total - len(names)} other registrations"


class Desk:
    """The registrations of one desk run, in order, and the index of the deck files they name.

    ``paths`` are the registrations (files, or folders that cannot be listed);
    ``unusable`` holds, for a path the desk will not open (a folder it cannot
    list, a pipe or device named ``*.toml``), why; ``owners`` maps the identity
    of each deck file named by two or more registrations to those
    registrations' paths, in order. ``held`` keeps the bytes of what can be read
    only once (standard input, a pipe named on the command line), to be judged
    as read; ``top`` the folder of
    ``--dir``, whose own registrations are shown by their file's name when they
    name no player (they share one folder).
    """

    def __init__(self, top: str | None = None) -> None:
        self.paths: list[str] = []
        self.unusable: dict[str, DeckcliError] = {}
        self.owners: dict[object, list[str]] = {}
        self.held: dict[str, bytes] = {}
        self.top = top
        self._first: dict[object, str] = {}

    def index(self, path: str, names: object, folder: str) -> None:
        """Note the deck files the registration at ``path`` names (``names`` as written, relative to ``folder``)."""
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            return  # not a list of names: the registration is refused when it is judged
        for key in dict.fromkeys(_file_key(deck) for deck in deck_paths(names, folder)):
            owner = self._first.setdefault(key, path)
            if owner != path:
                self.owners.setdefault(key, [owner]).append(path)

    def named(self, path: str) -> bool:
        """Whether some registration indexed so far names the file at ``path`` as a deck file."""
        return _file_key(path) in self._first

    def found(self) -> Desk:
        """The desk once every registration is indexed: the files named once are forgotten (only shares are kept)."""
        self._first = {}
        return self

    def judge(self, name: str = "tournament") -> Iterator[DeskEntry]:
        """Judge each registration in turn under the lineup rule set ``name``, yielding its entry as soon as it
        is judged. Never raises for a bad registration or deck file: the entry holds the error."""
        from deckcli.deck.registration import read_registration

        rules = lineup_rules(name)
        for path in self.paths:
            entry = DeskEntry(path=path, where=display_path(path), player="")
            try:
                if path in self.unusable:
                    raise self.unusable[path]
                if path in self.held:
                    folder = "" if path == STDIN else os.path.dirname(path)
                    registration = parse_registration(self.held[path], entry.where, folder, rules.deck_count, rules.label)
                else:
                    registration = read_registration(path, rules.deck_count, rules.label)
            except DeckcliError as error:
                entry.error = error
                if path in self.unusable:
                    self._name_player(entry, "no registration read")
                else:
                    player, readable = _player_named(path, self.held.get(path))
                    entry.player = player or ""
                    if not player:
                        self._name_player(entry, "names no player" if readable else "no player could be read")
                yield entry
                continue
            entry.report = judge_registration(registration, rules)
            entry.error = next((d.error for d in entry.report.decks if d.error is not None), None)
            entry.player = registration.player or ""
            if not entry.player.strip():
                key = registration.player_key
                self._name_player(entry, f"no player (is {key!r} meant to be player?)" if key else "names no player")
            entry.shares = self._shares(path, registration.decks, entry.report)
            yield entry

    def _shares(self, path: str, decks: Sequence[str], report: LineupReport) -> list[Share]:
        shares = []
        for deck, judged in zip(decks, report.decks):
            key = _file_key(deck) if self.owners else None
            group = self.owners.get(key) if key is not None else None
            if group is not None:
                others = tuple(display_path(o) for o in islice((o for o in group if o != path), SHOWN_OWNERS))
                shares.append(Share(judged.deck, key, others, len(group)))
        return shares

    def _name_player(self, entry: DeskEntry, why: str) -> None:
        """Show the entry by its folder's name (its file's, at the top of ``--dir``), with a note saying ``why``.

        A folder that cannot be listed is shown by its own name; standard input by the working folder's.
        """
        if entry.path == STDIN:
            whose, shown = "the working folder's name", os.path.basename(os.getcwd())
        elif entry.path in self.unusable and os.path.isdir(entry.path):
            whose, shown = "its folder's name", os.path.basename(os.path.abspath(entry.path))
        elif self.top is not None and (os.path.dirname(entry.path) or os.curdir) == os.path.normpath(self.top):
            whose, shown = "its file's name", os.path.splitext(os.path.basename(entry.path))[0]
        else:
            whose, shown = "its folder's name", os.path.basename(os.path.dirname(os.path.abspath(entry.path)))
        entry.player = shown or os.path.abspath(entry.path)
        entry.notes.append(f"{why}: shown by {whose}, {entry.player}")


def _file_key(path: str) -> object:
    """:func:`~deckcli.files.reading.file_identity` as one number where it is a device and an inode: an index of
    every deck file of 100,000 registrations holds a key for each."""
    identity = file_identity(path)
    return (identity[0] << 64) | identity[1] if isinstance(identity, tuple) else identity


def _player_named(path: str, held: bytes | None) -> tuple[str | None, bool]:
    """The ``player`` of a registration that cannot be judged (``None`` when it names none), and whether the
    file reads as TOML at all."""
    where = display_path(path)
    try:
        data = held if held is not None else read_bytes(path, "registration")
        player = parse_toml(decode_text(data, where), where).get("player")
    except DeckcliError:
        return None, False
    return (player if isinstance(player, str) and player.strip() else None), True


def looks_like_registration(path: str) -> bool:
    """Whether ``path`` reads as a registration (TOML with ``decks``); ``False`` for deck files, unreadable
    files, which are then reported where they are judged, and what can be read only once (standard input, a
    pipe), which is left unread for the command.

    The file is read within the same limits as any input (1 MiB, the input budget).
    """
    if path == STDIN or not os.path.isfile(path):
        return False
    try:
        return "decks" in parse_toml(decode_text(read_bytes(path), display_path(path)), display_path(path))
    except DeckcliError:
        return False


def find_desk(files: Sequence[str], folder: str | None = None) -> Desk:
    """The desk of the registrations named in ``files`` (each a row, in the order given), then of those under
    ``folder`` (``--dir``; see below), with the deck files each names indexed.

    Each file is read here, as a file named on the command line is (see the
    module); standard input and a pipe, which can be read only once, are held.
    Under ``folder`` (sub-folders too, in natural order: ``p2`` before
    ``p10``) a ``*.toml`` file is a registration when it holds ``decks``; a
    deck file (``faction``, no ``decks``) is not; a file that cannot be read as
    either (not TOML, too large, unreadable, a pipe or a device, which is not
    opened) is judged as a registration, so that the desk reports it, unless a
    registration names it as one of its deck files: then it is reported under
    that registration only. A sub-folder that cannot be listed is a row of its
    own, not judged. Raises :class:`DeckcliError` (exit 2) when ``folder`` is
    not a folder, cannot be listed, or holds no registration.
    """
    desk = Desk(top=folder)
    for path in files:
        desk.paths.append(path)
        try:
            data = read_bytes(path, "registration")
            if path == STDIN or not os.path.isfile(path):
                desk.held[path] = data
            _index_registration(desk, path, data)
        except DeckcliError:
            continue  # reported when it is judged
    if folder is not None:
        _find_in_folder(desk, folder)
    return desk.found()


def _index_registration(desk: Desk, path: str, data: bytes) -> bool:
    """Index the deck files of the registration in ``data``; whether it reads as one (TOML with ``decks``).

    Raises :class:`DeckcliError` when ``data`` is not UTF-8 TOML within the input budget.
    """
    where = display_path(path)
    document = parse_toml(decode_text(data, where), where)
    if "decks" not in document:
        return False
    desk.index(path, document["decks"], "" if path == STDIN else os.path.dirname(path))
    return True


def _find_in_folder(desk: Desk, folder: str) -> None:
    """Add the registrations under ``folder`` to ``desk`` (see :func:`find_desk`)."""
    if not os.path.isdir(folder):
        state = "is not a folder" if os.path.exists(folder) else "does not exist"
        raise DeckcliError(f"{state}: --dir takes the folder holding the registrations", where=display_path(folder))
    candidates: list[tuple[str, str]] = []  # (path, what it is), in the order found
    start, current = 0, None

    def settle() -> None:
        """Forget the deck files of the folder just listed that a registration names by now: judged there."""
        candidates[start:] = [(path, kind) for path, kind in candidates[start:] if kind != "file" or not desk.named(path)]

    for path, error, listed in _toml_files(folder):
        if os.path.dirname(path) != current:
            settle()
            start, current = len(candidates), os.path.dirname(path)
        if error is not None:
            desk.unusable[path] = error
            candidates.append((path, "file" if listed else "folder"))
            continue
        try:
            data = read_bytes(path, "registration")
            registration = might_name_decks(data) and _index_registration(desk, path, data)
        except DeckcliError:
            registration = False
        candidates.append((path, "registration" if registration else "file"))
    settle()
    before = len(desk.paths)
    for path, kind in candidates:
        if kind == "file" and (desk.named(path) or path not in desk.unusable and _is_deck_file(path)):
            continue  # a deck file, or what a registration names as one: judged there
        desk.paths.append(path)
    if len(desk.paths) == before:
        raise DeckcliError('holds no registration (a *.toml file with decks = ["a.toml", …])', where=display_path(folder))


def _is_deck_file(path: str) -> bool:
    """Whether the file at ``path`` reads as a deck file: TOML with ``faction`` and no ``decks``."""
    where = display_path(path)
    try:
        document = parse_toml(decode_text(read_bytes(path), where), where)
    except DeckcliError:
        return False
    return "faction" in document and "decks" not in document


def _toml_files(folder: str) -> Iterator[tuple[str, DeckcliError | None, bool]]:
    """Every ``*.toml`` under ``folder``, each folder's files before its sub-folders, in natural order.

    Yields ``(path, None, True)`` for a regular file, and ``(path, error, listed)``
    for what the desk will not open: a ``*.toml`` that is not a regular file (a
    pipe would wait for a writer, a device never end; ``listed`` ``True``) and a
    sub-folder that cannot be listed (its registrations would vanish unseen;
    ``listed`` ``False``). Links to folders are not followed (a link may loop).
    Raises :class:`DeckcliError` when ``folder`` itself cannot be listed.
    """
    stack = [folder]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as listing:
                found = sorted(listing, key=lambda entry: natural_key(entry.name))
        except OSError as error:
            reason, where = f"cannot be listed: {_os_reason(error)}", display_path(current)
            if current == folder:
                raise DeckcliError(f"{reason}: --dir takes a folder deckcli may read", where=where) from None
            yield current, DeckFileError(f"{reason}: the registrations in it are not judged", where=where), False
            continue
        folders = []
        for entry in found:
            path = os.path.normpath(entry.path)
            if _is_folder(entry):
                folders.append(path)
            elif entry.name.endswith(TOML_SUFFIX):
                yield path, None if _is_regular(entry) else DeckFileError(
                    "is not a regular file (a pipe, a device or a link to one): the desk reads only files",
                    where=display_path(path),
                ), True
        stack.extend(reversed(folders))


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def _is_regular(entry: os.DirEntry[str]) -> bool:
    """A regular file, or a link to one; a link to nothing counts too (reading it says it is broken)."""
    try:
        return entry.is_file() or (entry.is_symlink() and not os.path.exists(entry.path))
    except OSError:
        return True


def _os_reason(error: OSError) -> str:
    return "permission denied" if isinstance(error, PermissionError) else str(error.strerror or error).lower()


_DIGITS = re.compile(r"(\d+)")


def natural_key(name: str) -> list[tuple[int, int | str]]:
    """Sort key putting ``p2`` before ``p10``: runs of decimal digits compare as numbers.

    Only what ``\\d`` matches is read as a number (any script's decimal digits);
    a character such as ``²`` that ``str.isdigit`` accepts but ``int`` does not is text.
    """
    return [(0, int(part)) if odd else (1, part) for odd, part in _alternating(_DIGITS.split(name)) if part]


def _alternating(parts: list[str]) -> Iterator[tuple[bool, str]]:
    """``re.split`` with one group: the text between matches, then a match, in turn."""
    return ((index % 2 == 1, part) for index, part in enumerate(parts))
