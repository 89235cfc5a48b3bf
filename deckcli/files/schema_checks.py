"""Fast "this document breaks nothing" checks for the packaged JSON Schemas.

The checks are generated from the schemas (:mod:`deckcli.files.schema_check_generator`)
into :mod:`deckcli.files.schema_checks_generated`. A check answers ``True``
only when jsonschema would find no error; on ``False`` the caller judges the
document with jsonschema, which words every finding. Checks are used only
while every packaged schema file still has the size and CRC-32 they were
generated from: after a schema is edited and before the module is rewritten,
:func:`fast_check` gives ``None`` and jsonschema judges everything.
"""

from __future__ import annotations

import functools
import os
import zlib
from typing import Any, Callable

from deckcli.files.schemas import SCHEMA_FOLDER


def fast_check(name: str) -> Callable[[Any], bool] | None:
    """The generated check of the packaged schema ``name`` (``"deck"``, ``"rules/standard"``…), or ``None``.

    ``None`` when the schema has no generated check or the schema files have
    changed since the checks were generated. Looked up on every call (never
    kept by callers), so a test can watch every answer it gives.
    """
    checks = _current_checks()
    return checks.get(name) if checks is not None else None


@functools.cache
def _current_checks() -> dict[str, Callable[[Any], bool] | None] | None:
    from deckcli.files.schema_checks_generated import CHECKS, SOURCES

    for name, (size, crc) in SOURCES.items():
        try:
            with open(os.path.join(SCHEMA_FOLDER, *f"{name}.schema.json".split("/")), "rb") as handle:
                data = handle.read()
        except OSError:
            return None
        if len(data) != size or zlib.crc32(data) != crc:
            return None
    return CHECKS
