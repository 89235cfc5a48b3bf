"""deckcli/game/solo: Gwent Solo's automated opponent, its Leaders, reveal and the table.

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {}
