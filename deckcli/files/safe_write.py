"""Writing files without losing anything the player owns.

Every command that writes a file goes through :func:`write_text`: it refuses to
replace an existing file unless told to (``--force``), writes UTF-8 to a
temporary file in the same folder and then renames it over the target, so a
crash or a full disk never leaves half a deck behind.

A file edited in place (``add``, ``remove``, ``fmt``, ``fix --apply``) is read,
changed and rewritten under :func:`editing`, an exclusive lock on the file, so
two deckcli commands editing one deck take turns and both changes land; and
:func:`rewrite_text` compares the file with the bytes the change was made from
just before the rename, so a change another program wrote meanwhile is never
silently lost (the edit is refused instead).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from deckcli.errors import OutputError

EXISTS = "already exists: nothing written (use --force to replace it)"

LOCK_WAIT_SECONDS = 10.0
"""How long an edit waits for another deckcli editing the same file before it gives up (nothing written)."""

CHANGED = ("changed while deckcli was editing it (another program wrote it): nothing written, so that change is "
           "kept; run the command again")


def write_text(path: str | Path, text: str, *, force: bool = False) -> None:
    """Write ``text`` (UTF-8, line ends as given) to ``path`` atomically, as :func:`write_bytes` does."""
    write_bytes(path, text.encode("utf-8"), force=force)


def write_bytes(path: str | Path, data: bytes, *, force: bool = False) -> None:
    """Write ``data`` (a PDF, or encoded text) to ``path`` atomically.

    Without ``force`` an existing file is never replaced, not even by a file
    written at the same moment by another program. A symbolic link is followed,
    so the file it points to is rewritten and the link stays. A new file gets
    the usual permissions (``0666`` less the umask); a replaced one keeps its own
    mode, owner and group, and extended attributes where they can be copied
    (as :func:`rewrite_text` does: a file of another user is refused, never taken over).

    Raises :class:`OutputError` (exit code 2) when ``path`` is blank, names a
    folder (``x/``, ``x/.``) or a device (never replaced, even with ``force``), its folder does not
    exist, the file exists and ``force`` is false, it is a file the running command has read (never
    replaced, even with ``force``), or the place cannot be written.
    """
    with streamed_file(path, force=force) as stream:
        stream.write(data)


@contextmanager
def streamed_file(path: str | Path, *, force: bool = False) -> Iterator[BinaryIO]:
    """A file written as a stream, atomically: ``with streamed_file(path) as stream: stream.write(...)``.

    What is written goes to a temporary file beside ``path``, which takes the name only when the block ends
    without an error (as :func:`write_bytes` says); an error, or an interruption, leaves no file and no
    temporary file behind. The checks come first, before anything is written: a run that would end refusing
    to replace its file stops before it starts. Raises :class:`OutputError` (exit code 2) as :func:`write_bytes`.
    """
    where = str(path)
    target = check_writable(path, force=force)
    folder = target.parent
    try:
        handle, temporary = temporary_beside(str(folder), target.name)
    except OSError as error:
        raise _write_error(error, where) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            try:
                yield stream
                stream.flush()
            except OSError as error:
                raise _write_error(error, where) from None
            before = target.stat() if target.exists() else None
            mode = stat.S_IMODE(before.st_mode) if before is not None else _new_file_mode()
            if before is not None:
                if not force:
                    raise OutputError(EXISTS, where=where)
                _keep_owner(stream.fileno(), before, where)
                _copy_attributes(str(target), stream.fileno())
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        if force:
            os.replace(temporary, target)
        else:
            _link_new(temporary, target, where)
    except OSError as error:
        raise _write_error(error, where) from None
    finally:
        if os.path.lexists(temporary):
            os.unlink(temporary)


def _check_folder_writable(folder: Path, where: str) -> None:
    """Refuse a file whose folder this process cannot write in: a file is written beside its target and renamed
    into place, so the folder must take a new file (found before the work, not after it)."""
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write here: permission denied (the folder {str(folder)!r} takes no new file): "
                          "nothing written; give a file in a folder of yours", where=where)


def check_writable(path: str | Path, *, force: bool = False) -> Path:
    """The file :func:`streamed_file` would write for ``path`` (a symbolic link's target), after its checks.

    A command that works a long time before it writes (``tournament --choose -o``) calls it first, so that it
    is refused before the work rather than after. Raises :class:`OutputError` (exit code 2) as
    :func:`write_bytes`: a blank name, a folder, a device, a missing folder, a file that exists without
    ``force``, or a file the running command has read (:func:`deckcli.files.reading.watching_inputs`), even with
    ``force``.
    """
    where = str(path)
    if not where.strip():
        raise OutputError(f"{where!r} is an empty file name: give the name of a file to write")
    target = Path(os.path.realpath(path)) if Path(path).is_symlink() else Path(path)
    if target.is_dir() or where.endswith((os.sep, "/")) or os.path.basename(where) in (".", ".."):
        raise OutputError("names a folder: give the name of a file to write", where=where)
    if target.exists() and not target.is_file():
        raise OutputError("is not a regular file (a device or a pipe): nothing written", where=where)
    folder = target.parent
    if not folder.is_dir():
        problem = "is not a folder" if folder.exists() else "does not exist"
        raise OutputError(f"cannot write here: {str(folder)!r} {problem}", where=where)
    _check_folder_writable(folder, where)
    from deckcli.files.reading import input_named

    source = input_named(str(target))
    if source is not None:
        raise _an_input(where, source, "the output")
    if target.exists() and not force:
        raise OutputError(EXISTS, where=where)
    return target


def refuse_an_input(path: str | Path, inputs: Sequence[str], what: str) -> None:
    """Raise :class:`OutputError` (exit code 2) when ``path``, a file to write, is one of ``inputs`` (the files the
    command reads: also through ``./``, a link or another hard link): ``--force`` replaces a file the player
    chose to replace, never the deck being played. ``what`` says what would be written (``the game log``).

    A command that writes only after a long run calls it first, before those files are read; any file it has read
    by the time it writes is refused in any case (:func:`check_writable`)."""
    from deckcli.files.reading import STDIN, file_identity

    if not os.path.exists(path):
        return
    written = file_identity(str(path))
    for source in inputs:
        if source and source != STDIN and file_identity(source) == written:
            raise _an_input(str(path), source, what)


def _an_input(where: str, source: str, what: str) -> OutputError:
    from deckcli.files.reading import display_path

    return OutputError(f"is {display_path(source)}, which this command reads: {what} would replace it, even with "
                       "--force; give another file", where=where)


def temporary_beside(folder: str, name: str) -> tuple[int, str]:
    """A new temporary file for the file ``name`` of ``folder``: ``(descriptor, path)``, its name
    ``.NAME.PID.XXXXXXXX.tmp`` (this process's id, random letters), readable and writable by this user only.

    Temporary files of ``name`` left in ``folder`` by a deckcli that no longer runs (killed with ``kill -9``, the
    machine switched off: nothing could remove them) are removed first: those of that exact name whose process
    id is not a live process, regular files of this user. Raises ``OSError`` when the folder cannot be written.
    """
    _remove_stale(folder, name)
    return tempfile.mkstemp(dir=folder, prefix=f".{name}.{os.getpid()}.", suffix=".tmp")


def _remove_stale(folder: str, name: str) -> None:
    import re

    if os.name != "posix":  # elsewhere a process cannot be asked whether it runs without being signalled
        return
    pattern = re.compile(rf"\.{re.escape(name)}\.([0-9]{{1,10}})\.[a-z0-9_]{{8}}\.tmp")
    try:
        entries = os.scandir(folder or ".")
    except OSError:
        return
    with entries:
        for entry in entries:
            found = pattern.fullmatch(entry.name)
            if found is None or _alive(int(found[1])):
                continue
            try:
                if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_uid == os.getuid():
                    os.unlink(entry.path)
            except OSError:
                continue  # gone meanwhile, or not ours to remove: left as it is


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a process that runs (or may: another user's, which cannot be asked)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _link_new(temporary: str, target: Path, where: str) -> None:
    """Give the written file its name only if that name is still free (no overwrite race)."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise OutputError(EXISTS, where=where) from None
    except OSError:
        # Some file systems cannot hard-link; the check above stays the guard.
        if target.exists():
            raise OutputError(EXISTS, where=where) from None
        os.replace(temporary, target)


def _new_file_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _write_error(error: OSError, where: str) -> OutputError:
    if isinstance(error, PermissionError):
        return OutputError("cannot write here: permission denied", where=where)
    return OutputError(f"cannot write here: {error.strerror or error}", where=where)


@contextlib.contextmanager
def editing(paths: Sequence[str | Path], waiting: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold an exclusive lock on each file of ``paths`` while it is read, changed and rewritten in place.

    Another deckcli editing one of them waits for its turn (``waiting`` is called once, with the file's name,
    when it has to), at most :data:`LOCK_WAIT_SECONDS`; then it reads the file as this edit left it. The lock is
    ``flock`` on the file itself (no lock file is left behind): after a rename gave the name a new file, a
    waiting edit sees the lock it got is on the old one and takes the new one's. Files that cannot be locked
    (missing, unreadable, not regular, no ``fcntl`` on this system) are edited without the lock: reading or
    :func:`rewrite_text` says what is wrong, and its comparison still guards the change.

    Raises :class:`OutputError` (exit code 2) when another edit holds a file past the wait.
    """
    held: list[int] = []
    try:
        for target in sorted({os.path.realpath(path) for path in paths}):  # one order: no two edits wait on each other
            descriptor = _locked(target, str(next(p for p in paths if os.path.realpath(p) == target)), waiting)
            if descriptor is not None:
                held.append(descriptor)
        yield
    finally:
        for descriptor in held:
            os.close(descriptor)  # closing releases the lock


def _locked(target: str, where: str, waiting: Callable[[str], None] | None) -> int | None:
    """A descriptor holding the exclusive lock of the file now named ``target``, or ``None`` when it cannot be locked."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no flock on this system: the comparison before the rename is the guard
        return None
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    told = False
    while True:
        try:
            descriptor = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        except (OSError, ValueError):
            return None
        try:
            locked = os.fstat(descriptor)
            if not stat.S_ISREG(locked.st_mode):
                os.close(descriptor)
                return None
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            if time.monotonic() > deadline:
                raise OutputError(f"another deckcli has been editing it for {LOCK_WAIT_SECONDS:g} s: nothing written; "
                                  "run the command again once that one is done", where=where) from None
            if waiting is not None and not told:
                waiting(where)
                told = True
            time.sleep(0.02)
            continue
        except OSError:  # a file system without locks (some network ones)
            os.close(descriptor)
            return None
        try:
            now = os.stat(target)
        except OSError:
            now = None
        if now is not None and (now.st_dev, now.st_ino) == (locked.st_dev, locked.st_ino):
            return descriptor
        os.close(descriptor)  # renamed over while we waited: lock the file the name gives now


def check_unchanged(path: str | Path, expected: bytes) -> None:
    """Refuse to rewrite the file at ``path`` when it no longer holds ``expected``, the bytes an edit was made from.

    Raises :class:`OutputError` (exit code 2) saying so; nothing is written.
    """
    from deckcli.errors import DeckFileError
    from deckcli.files.reading import read_bytes

    try:
        now = read_bytes(os.path.realpath(path), regular=True)
    except DeckFileError:
        now = None
    if now != expected:
        raise OutputError(CHANGED, where=str(path))


def rewrite_text(path: str | Path, text: str, *, force: bool = False, expected: bytes | None = None) -> None:
    """Replace the text of the existing file at ``path`` in place, atomically (``fmt``, ``add``, ``fix --apply``).

    What the file was stays as it was: its mode, its owner and group (when run
    as root, or as its owner), its extended attributes where they can be
    copied, and every symbolic link to it (a link, or a chain of links, is
    followed and the file it leads to is rewritten). The new text is written to
    a temporary file beside that file and renamed over it, so a reader sees the
    old text or the new, never half of either.

    A file with other hard links is refused unless ``force``: a rename gives
    this name the new text and leaves the other names with the old one, which
    ``force`` accepts. ``expected`` is the bytes the new text was made from:
    when the file holds other bytes by the time of the rename, another program
    wrote it meanwhile and nothing is written (:func:`check_unchanged`); an edit
    holds :func:`editing` around its read and this rewrite, so that another
    deckcli never gets in between. Raises :class:`OutputError` (exit code 2) when the file
    does not exist or is not a regular file, is read-only (no write permission
    for the user, or, for root, no write bit at all), has other hard links
    (without ``force``), belongs to another user or group that this user
    cannot give the new file, or its folder cannot be written.
    """
    where = str(path)
    target = os.path.realpath(path)
    before = check_rewritable(path, force=force)
    folder = os.path.dirname(target)
    try:
        handle, temporary = temporary_beside(folder, os.path.basename(target))
    except PermissionError:
        raise OutputError(
            "cannot be rewritten: its folder is not writable (an atomic rewrite puts a new file beside it)", where=where
        ) from None
    except OSError as error:
        raise _write_error(error, where) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(text.encode("utf-8"))
            stream.flush()
            _keep_owner(stream.fileno(), before, where)
            os.fchmod(stream.fileno(), stat.S_IMODE(before.st_mode))
            _copy_attributes(target, stream.fileno())
            os.fsync(stream.fileno())
        if expected is not None:
            check_unchanged(path, expected)
        os.replace(temporary, target)
    except OSError as error:
        raise _write_error(error, where) from None
    finally:
        if os.path.lexists(temporary):
            os.unlink(temporary)


def _read_only(target: str, found: os.stat_result) -> bool:
    """Whether the file is not to be written: no permission for this user, or (for root, whom permissions do not stop) no write bit at all."""
    if not os.access(target, os.W_OK):
        return True
    return os.geteuid() == 0 and not found.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def _keep_owner(descriptor: int, before: os.stat_result, where: str) -> None:
    """Give the new file the old one's owner and group, or refuse (the rename would hand the file to this user)."""
    now = os.fstat(descriptor)
    if (now.st_uid, now.st_gid) == (before.st_uid, before.st_gid):
        return
    try:
        os.fchown(descriptor, before.st_uid, before.st_gid)
    except PermissionError:
        whose = "another user" if now.st_uid != before.st_uid else "a group this user is not in"
        raise OutputError(
            f"belongs to {whose}: a rewrite would make it this user's file; nothing written "
            "(run as its owner, or as root)",
            where=where,
        ) from None


def _copy_attributes(target: str, descriptor: int) -> None:
    """Copy extended attributes (access control lists among them) where the system allows; best effort."""
    listxattr = getattr(os, "listxattr", None)
    if listxattr is None:
        return
    try:
        names = listxattr(target)
    except OSError:
        return
    for name in names:
        try:
            os.setxattr(descriptor, name, os.getxattr(target, name))
        except OSError:
            continue


def check_rewritable(path: str | Path, *, force: bool = False) -> os.stat_result:
    """What :func:`rewrite_text` would refuse, checked without writing: call it for every file first when
    several are rewritten together (``tournament --fix --apply``), so that none is written unless all can be.

    Returns the file's status. Raises :class:`OutputError` (exit code 2) as :func:`rewrite_text` does.
    """
    where = str(path)
    target = os.path.realpath(path)
    try:
        before = os.stat(target)
    except FileNotFoundError:
        reason = "is a link to a missing file" if os.path.islink(path) else "no such file"
        raise OutputError(f"{reason}: nothing to rewrite", where=where) from None
    except OSError as error:
        raise _write_error(error, where) from None
    if not stat.S_ISREG(before.st_mode):
        raise OutputError("is not a regular file (a folder, a device or a pipe): nothing written", where=where)
    if _read_only(target, before):
        raise OutputError("is read-only: nothing written (make it writable first, e.g. chmod u+w)", where=where)
    _check_folder_writable(Path(target).parent, where)
    if before.st_nlink > 1 and not force:
        others = before.st_nlink - 1
        names = "another name" if others == 1 else f"{others} other names"
        raise OutputError(
            f"has {names} (hard links): a rewrite would give only this name the new text, and the other "
            f"{'name' if others == 1 else 'names'} would keep the old text; nothing written "
            "(use --force to rewrite this name anyway)",
            where=where,
        )
    return before
