"""The ladder's yardstick: the heuristic bot playing main's ``HeuristicParams`` (``yardstick-params.json`` beside
this file), frozen so that retuning the default heuristic (issue 37, item 2) cannot move the ladder's anchor.

It is no command-line bot: :func:`register` adds it to ``deckcli.game.bots.BOTS`` in the benchmark's process only
(worker processes forked from it inherit the entry; ``benchmarks/ladder.py`` plays its games in one process where
the workers are not forked). Nothing of the package is changed on disk.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from deckcli.game.bots import BOTS, BotEntry
from deckcli.game.bots.heuristic_bot import HeuristicBot
from deckcli.game.bots.heuristic_params import HeuristicParams

PARAMS_FILE = Path(__file__).resolve().parent / "yardstick-params.json"
"""The frozen table: ``name`` (the ladder entry's), ``from`` (where the numbers were taken) and ``params``."""
_FROZEN: dict[str, Any] = json.loads(PARAMS_FILE.read_text("utf-8"))
NAME: str = _FROZEN["name"]
"""The yardstick's name on the ladder: ``heuristic (main's params)``."""
KEY = "heuristic-main"
"""The yardstick's key in the data file's figures (``elo.heuristic-main``; a marker's reference has no spaces)."""
PARAMS = HeuristicParams.from_dict(_FROZEN["params"])


class YardstickBot(HeuristicBot):
    """The heuristic bot with :data:`PARAMS` whatever the package's defaults are; made with a seed, as every bot."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, PARAMS)


def register() -> None:
    """Make :data:`NAME` a bot of this process's registry (``bot_class(NAME)`` makes a :class:`YardstickBot`)."""
    BOTS.setdefault(NAME, BotEntry(__name__, "YardstickBot", f"the heuristic bot with {_FROZEN['from']}"))


def differs_from_default() -> list[str]:
    """The names of the frozen table's numbers that the package's default table has changed (empty: none yet)."""
    from dataclasses import asdict

    from deckcli.game.bots.heuristic_params import DEFAULT

    now = asdict(DEFAULT)
    return [name for name, value in asdict(PARAMS).items() if now.get(name) != value]
