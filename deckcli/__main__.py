"""Run deckcli as ``python -m deckcli``."""

from __future__ import annotations

from deckcli.cli.main import main

if __name__ == "__main__":
    main()
