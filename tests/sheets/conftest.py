"""deckcli/sheets: the HTML sheets, their charts, the replay page.

REACHED_ELSEWHERE: deckcli modules of this folder's package no test here imports,
and why (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {}
