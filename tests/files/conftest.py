"""deckcli/files: reading and writing files, budgets, schemas and their generated checks.

REACHED_ELSEWHERE: deckcli modules of this folder's package no test here imports,
and why (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {}
