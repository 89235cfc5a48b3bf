"""Reading a file's bytes and text: standard input, the 1 MiB limit, UTF-8, paths as shown in messages."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO, Sequence, cast

from deckcli.errors import DeckFileError
from deckcli.text import printable

STDIN = "-"


MAX_FILE_BYTES = 1024 * 1024


def display_path(path: str) -> str:
    """How a path is shown in messages (``-`` is standard input)."""
    if path == STDIN:
        return "<stdin>"
    return printable(path, limit=240) if path else "''"


def file_identity(path: str) -> object:
    """What makes two paths one file: device and inode (hard links, symbolic links, ``./``), else the real path."""
    if path == STDIN:
        return path
    try:
        found = os.stat(path)
    except OSError:
        return os.path.realpath(path)
    return (found.st_dev, found.st_ino)


_inputs: dict[object, str] | None = None
"""While a command runs (:func:`watching_inputs`): each file it has read, by :func:`file_identity`, to the path
as given. ``None`` outside a command (library use): nothing is kept."""


@contextmanager
def watching_inputs() -> Iterator[None]:
    """Keep, for the block (one command's run), every file read through this module or named to
    :func:`note_input`, so that a file the command writes is never one of them (:func:`input_named`)."""
    global _inputs
    before, _inputs = _inputs, {}
    try:
        yield
    finally:
        _inputs = before


def note_input(path: str) -> None:
    """Count ``path`` among the files the running command reads (standard input and a missing file aside)."""
    if _inputs is not None and path != STDIN and os.path.exists(path):
        _inputs.setdefault(file_identity(path), path)


def input_named(path: str) -> str | None:
    """The path (as given when it was read) of the file the running command has read that ``path`` names (also
    through ``./``, a link or another hard link), or ``None``."""
    if _inputs is None or not os.path.exists(path):
        return None
    return _inputs.get(file_identity(path))


def first_repeat(paths: Sequence[str]) -> tuple[int, int] | None:
    """The positions ``(earlier, later)`` of the first path naming a file an earlier one names, or ``None``."""
    seen: dict[object, int] = {}
    for index, path in enumerate(paths):
        identity = file_identity(path)
        if identity in seen:
            return seen[identity], index
        seen[identity] = index
    return None


def read_bytes(path: str, what: str = "deck file", *, regular: bool = False) -> bytes:
    """Read a file (``-`` is standard input), at most :data:`MAX_FILE_BYTES`.

    ``what`` names the kind of file expected, for the messages. With ``regular``
    only a regular file is read: a pipe, a device or a socket is refused without
    waiting on it (a folder of files the player points deckcli at, such as
    ``DECKCLI_CATALOG``, where ``<(…)`` makes no sense and ``/dev/zero`` never ends).
    Raises :class:`DeckFileError` for a missing file, a directory, a file that cannot
    be read or one that is too large, naming the file.
    """
    where = display_path(path)
    try:
        if path == STDIN:
            data = _standard_input(where, what).read(MAX_FILE_BYTES + 1)
        elif regular:
            data = _read_regular(path, what, where)
        else:
            handle, mode = open_input(path)
            with handle:
                data = handle.read(MAX_FILE_BYTES + 1)
            if stat.S_ISFIFO(mode) and not data:
                raise DeckFileError(NOTHING_WRITTEN, where=where)
    except FileNotFoundError:
        reason = "is a link to a missing file" if os.path.islink(path) else "no such file"
        raise DeckFileError(reason, where=where) from None
    except IsADirectoryError:
        raise DeckFileError(f"is a folder, not a {what}", where=where) from None
    except PermissionError:
        raise DeckFileError("cannot be read: permission denied", where=where) from None
    except OSError as error:
        raise DeckFileError(f"cannot be read: {error.strerror or error}", where=where) from None
    if len(data) > MAX_FILE_BYTES:
        raise DeckFileError(f"is larger than 1 MiB: not a {what}", where=where)
    note_input(path)
    return data


NOTHING_WRITTEN = ("is a named pipe that nothing wrote to (no program had it open for writing): give the file "
                   "itself, or start what writes the pipe first")


def open_input(path: str) -> tuple[BinaryIO, int]:
    """``path`` opened to read its bytes, and its file mode (``os.fstat``'s ``st_mode``). Opened without blocking, so
    that a named pipe no program writes to is opened at once (reading it then finds nothing) instead of waiting for a
    writer for ever; a pipe then reads as usual (``<(…)``, whose writer is already there). Raises ``OSError`` as
    ``open`` does (``IsADirectoryError`` for a folder)."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(path)
        os.set_blocking(descriptor, True)
    except BaseException:
        os.close(descriptor)
        raise
    return open(descriptor, "rb"), mode


def _read_regular(path: str, what: str, where: str) -> bytes:
    """At most :data:`MAX_FILE_BYTES` + 1 bytes of the regular file at ``path`` (:func:`open_input`): a pipe, a
    device or a socket is refused before a byte is read. Raises ``OSError`` as ``open`` does."""
    handle, mode = open_input(path)
    with handle:
        if not stat.S_ISREG(mode):
            raise DeckFileError(f"is not a regular file (a pipe, a device or a socket): not a {what}", where=where)
        return handle.read(MAX_FILE_BYTES + 1)


def _standard_input(where: str, what: str) -> BinaryIO:
    """Standard input's byte stream; :class:`DeckFileError` when deckcli was started with it closed (``<&-``)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None or stream.closed:
        piped = "the deck" if what == "deck file" else f"the {what}"
        raise DeckFileError(f"standard input is closed: give the file's name instead of -, or pipe {piped} in",
                            where=where)
    return cast(BinaryIO, stream)


UTF8_BOM = b"\xef\xbb\xbf"


def byte_order_mark(data: bytes) -> str:
    """``"\\ufeff"`` when ``data`` starts with a UTF-8 byte-order mark, else ``""``: what a rewrite puts back in front."""
    return "\ufeff" if data.startswith(UTF8_BOM) else ""


def decode_text(data: bytes, where: str) -> str:
    """Decode UTF-8 (a byte-order mark is dropped). Raises :class:`DeckFileError` with the line."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or _looks_like_utf16(data[:200]):
        raise DeckFileError("is not UTF-8 text (it looks like UTF-16); save it as UTF-8", where=where, line=1)
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise DeckFileError("holds NUL bytes: not a text file", where=where, line=line)
    if data.startswith(UTF8_BOM):
        data = data[len(UTF8_BOM):]  # the byte-order mark (the utf-8-sig codec would cost its import on every start)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise DeckFileError(
            f"is not UTF-8 text (byte 0x{data[error.start]:02x}); save it as UTF-8",
            where=where,
            line=line,
        ) from None


def _looks_like_utf16(head: bytes) -> bool:
    """Text in UTF-16 has a NUL in every other byte when it is mostly ASCII."""
    odd, even = head[1::2].count(0), head[0::2].count(0)
    return len(head) >= 4 and ((odd > len(head) // 4 and even == 0) or (even > len(head) // 4 and odd == 0))
