"""deckcli/game: the rules engine (rounds, abilities, Leaders, modes, the log, replay, advice).

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.game.scoring': (
        "deckcli score's figures, run on the seed's worked examples by tests/game/test_board.py"
    ),
}
