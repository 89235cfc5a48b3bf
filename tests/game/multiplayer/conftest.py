"""deckcli/game/multiplayer: Free For All and two versus two boards and scoring.

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.game.multiplayer': (
        'deckcli score of a Free For All or two versus two board: run by tests/game/multiplayer/test_scoring.py'
    ),
    'deckcli.game.multiplayer.board': (
        'the board file of a Free For All or two versus two position: read by deckcli score in tests/game/multiplayer/test_scoring.py'
    ),
    'deckcli.game.multiplayer.scoring': (
        'its scores, checked through deckcli score by tests/game/multiplayer/test_scoring.py'
    ),
}
