"""The bots that play games (``deckcli simulate --bot NAME``): each seeded, each seeing only its player's view.

:data:`BOTS` is the registry: a name, the module and class that play it, and the sentence ``simulate``
prints about it. A bot module is imported only when its bot is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcli.game.agents import Agent


class BotEntry(NamedTuple):
    """A bot of the registry: where its class is, and what it does in one line."""

    module: str
    cls: str
    summary: str


BOTS = {
    "random": BotEntry("deckcli.game.bots.random_bot", "RandomBot", "any legal action, each equally likely"),
    "heuristic": BotEntry("deckcli.game.bots.heuristic_bot", "HeuristicBot",
                          "a player's habits written as rules"),
    "heuristic-fixed": BotEntry("deckcli.game.bots.heuristic_bot", "FixedHeuristicBot",
                                "the heuristic bot with the table the ladder measures from (a yardstick)"),
    "search": BotEntry("deckcli.game.bots.search_bot", "SearchBot",
                       "Monte Carlo search over the hidden cards, 100 rollouts a decision"),
    "strong": BotEntry("deckcli.game.bots.strong_bot", "StrongBot",
                       "the strongest: tree search over every decision, imagining the hidden cards"),
    "ismcts": BotEntry("deckcli.game.bots.strong_bot", "StrongBot", "another name of the strong bot"),
    "ismcts-classic": BotEntry("deckcli.game.bots.ismcts_bot", "IsmctsBot",
                               "the tree search the strong bot replaced, 48 iterations a turn (a yardstick)"),
}
"""Every bot by name."""
DEFAULT = "heuristic"
"""The bot ``simulate`` plays with unless told otherwise: fast enough for a thousand games a matchup in seconds."""
STRONG = "strong"
"""The strongest bot: ``tune`` confirms its result with it as well as with :data:`DEFAULT`."""


def bot_class(name: str) -> Callable[[int], Agent]:
    """What makes bot ``name`` (a key of :data:`BOTS`): called with a seed, it returns a new bot whose random
    source that seed starts. Raises ``KeyError`` for a name that is not a bot."""
    entry = BOTS[name]
    # __import__ rather than importlib.import_module: -X importtime (the start-up tests) sees it
    made: Callable[[int], Agent] = getattr(__import__(entry.module, fromlist=[entry.cls]), entry.cls)
    return made
