"""JSON documents: every ``--format json`` output is one object naming the deckcli and format versions.

``format_version`` is the version of the output contract, the schemas in
``schemas/output/`` (``deckcli schema --output-of COMMAND``): it changes when
a field is removed, renamed or changes its type; new fields keep it.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from deckcli.text import to_json

FORMAT_VERSION = 1


def versioned(document: Mapping[str, Any]) -> dict[str, Any]:
    """``document`` with ``deckcli_version`` and ``format_version`` first."""
    from deckcli import __version__

    return {"deckcli_version": __version__, "format_version": FORMAT_VERSION, **document}


def document_json(document: Mapping[str, Any]) -> str:
    """``document``, versioned, as pretty JSON text (no trailing newline)."""
    return to_json(versioned(document))


def write_json_stream(records: Iterable[Any], key: str, out: Callable[[str], None]) -> None:
    """``out(document_json({key: list(records)}))``, written one record at a time.

    An item of a list under a top-level key is indented by four spaces more
    than the item alone, and no JSON text holds a raw line break, so indenting
    each line of the item's own text gives the same bytes. ``records`` may be
    a generator: a record is written once the next is known (or the end), so
    one is held at a time.
    """
    head = document_json({key: []}).rsplit("[]", 1)
    held: str | None = None
    for record in records:
        out(head[0] + "[" if held is None else held + ",")
        held = "\n".join("    " + line for line in to_json(record).split("\n"))
    out(head[0] + "[]" + head[1] if held is None else held + "\n  ]" + head[1])
