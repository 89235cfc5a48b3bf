"""deckcli/cli: the command line as a player meets it (options, streams, terminal, completion).

REACHED_ELSEWHERE: deckcli modules of this folder's package no test here imports,
and why (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {}
