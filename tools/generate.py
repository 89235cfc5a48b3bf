"""Rewrite deckcli's generated modules after a packaged schema or card file changed.

    python tools/generate.py            # rewrite whatever is stale
    python tools/generate.py --check    # write nothing; exit 1 when something is stale

- ``deckcli/files/schema_checks_generated.py``: the "breaks nothing" checks
  generated from ``deckcli/schemas/`` (deckcli.files.schema_check_generator);
- ``deckcli/catalog/packaged_cards.py``: the packaged card files, parsed
  (deckcli.catalog.loading.packaged_cards_source).

It works on the checkout it sits in, whatever deckcli is installed. Until the
modules are rewritten deckcli notices the change and does without them (each
remembers the size and CRC-32 of the files it came from); the tests fail.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckcli.catalog import loading  # noqa: E402
from deckcli.files import schema_check_generator  # noqa: E402


def main(argv: list[str]) -> int:
    targets = {
        Path(schema_check_generator.GENERATED): schema_check_generator.generate,
        Path(loading.PACKAGED_CARDS): loading.packaged_cards_source,
    }
    stale = []
    for path, source in targets.items():
        text = source()
        if not path.exists() or path.read_text("utf-8") != text:
            stale.append(path)
            if "--check" not in argv:
                path.write_text(text, "utf-8")
                print(f"wrote {path}")
    if "--check" in argv:
        for path in stale:
            print(f"{path}: stale; run python tools/generate.py", file=sys.stderr)
        return 1 if stale else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
