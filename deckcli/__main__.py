"""Run deckcli as ``python -m deckcli``."""

from __future__ import annotations

from deckcli.cli import main

if __name__ == "__main__":
    main()
