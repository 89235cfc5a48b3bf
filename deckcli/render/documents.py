"""JSON documents: every ``--format json`` output is one object naming the deckcli and format versions.

``format_version`` is the version of the output contract, the schemas in
``schemas/output/`` (``deckcli schema --output-of COMMAND``): it changes when
a field is removed, renamed or changes its type; new fields keep it.
"""

from __future__ import annotations

from typing import Any, Mapping

from deckcli.text import to_json

FORMAT_VERSION = 1


def versioned(document: Mapping[str, Any]) -> dict[str, Any]:
    """``document`` with ``deckcli_version`` and ``format_version`` first."""
    from deckcli import __version__

    return {"deckcli_version": __version__, "format_version": FORMAT_VERSION, **document}


def document_json(document: Mapping[str, Any]) -> str:
    """``document``, versioned, as pretty JSON text (no trailing newline)."""
    return to_json(versioned(document))
