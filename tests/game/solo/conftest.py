"""deckcli/game/solo: Gwent Solo's automated opponent, its Leaders, reveal and the table.

REACHED_ELSEWHERE: deckcli modules of this folder's package no test here imports,
and why (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {}
