"""Files shipped inside the deckcli package: the catalog, the JSON Schemas, the example decks.

They are package data, so an installed deckcli finds them from any folder.
Installed as files (a wheel unpacked into site-packages, or an editable
install), they are read straight from the package's folders with ``os``;
anywhere else (a zip archive) through ``importlib.resources``. Importing
``importlib.resources`` costs about 8 ms (it brings in zipfile, tempfile,
shutil and pathlib), an eighth of a whole ``deckcli validate``.
"""

from __future__ import annotations

import importlib
import os


def _folders(package: str) -> list[str]:
    """The folders on disk that hold ``package`` (several for a namespace package); empty in a zip."""
    module = importlib.import_module(package)
    return [folder for folder in getattr(module, "__path__", ()) if os.path.isdir(folder)]


def data_names(package: str) -> list[str]:
    """Names of the files in ``package`` (``"deckcli.cards"``), sorted."""
    folders = _folders(package)
    if not folders:
        from importlib import resources

        return sorted(entry.name for entry in resources.files(package).iterdir() if entry.is_file())
    return sorted({name for folder in folders for name in os.listdir(folder) if os.path.isfile(os.path.join(folder, name))})


def read_data(package: str, name: str) -> str:
    """The UTF-8 text of the file ``name`` in ``package``.

    Raises ``FileNotFoundError`` when the package has no such file.
    """
    folders = _folders(package)
    if not folders:
        from importlib import resources

        return resources.files(package).joinpath(name).read_text("utf-8")
    for folder in folders:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as handle:
                return handle.read()
    raise FileNotFoundError(f"{package} has no file {name!r}")
