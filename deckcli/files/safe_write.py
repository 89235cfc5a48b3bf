"""Writing files without losing anything the player owns.

Every command that writes a file goes through :func:`write_text`: it refuses to
replace an existing file unless told to (``--force``), writes UTF-8 to a
temporary file in the same folder and then renames it over the target, so a
crash or a full disk never leaves half a deck behind.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from deckcli.errors import OutputError

EXISTS = "already exists: nothing written (use --force to replace it)"


def write_text(path: str | Path, text: str, *, force: bool = False) -> None:
    """Write ``text`` (UTF-8, line ends as given) to ``path`` atomically, as :func:`write_bytes` does."""
    write_bytes(path, text.encode("utf-8"), force=force)


def write_bytes(path: str | Path, data: bytes, *, force: bool = False) -> None:
    """Write ``data`` (a PDF, or encoded text) to ``path`` atomically.

    Without ``force`` an existing file is never replaced, not even by a file
    written at the same moment by another program. A symbolic link is followed,
    so the file it points to is rewritten and the link stays. A new file gets
    the usual permissions (``0666`` less the umask); a replaced one keeps its own.

    Raises :class:`OutputError` (exit code 2) when ``path`` is blank, names a
    folder (``x/``, ``x/.``) or a device (never replaced, even with ``force``), its folder does not
    exist, the file exists and ``force`` is false, or the place cannot be written.
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
    exists = target.exists()
    if exists and not force:
        raise OutputError(EXISTS, where=where)
    mode = _mode_of(target) if exists else _new_file_mode()
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as error:
        raise _write_error(error, where) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
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


def _mode_of(target: Path) -> int:
    return target.stat().st_mode & 0o7777


def _new_file_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _write_error(error: OSError, where: str) -> OutputError:
    if isinstance(error, PermissionError):
        return OutputError("cannot write here: permission denied", where=where)
    return OutputError(f"cannot write here: {error.strerror or error}", where=where)


def rewrite_text(path: str | Path, text: str, *, force: bool = False) -> None:
    """Replace the text of the existing file at ``path`` in place, atomically (``fmt``, ``add``, ``fix --apply``).

    ``force`` allows what a plain rewrite refuses. Raises :class:`OutputError`
    (exit code 2) as :func:`write_text` does.
    """
    write_text(path, text, force=True)
