"""The helpers the tests share, a package of their own (``pythonpath = ["tests"]`` in pyproject.toml puts it on
the path): tests import them as ``from helpers.cli_runs import run_cli``, never from a conftest or from another
test module. tests/conftest.py holds only fixtures and hooks.

- :mod:`helpers.repository`: the clone's folders (REPO, DECKS, EXAMPLE_DECKS) and :func:`write_deck`.
- :mod:`helpers.cli_runs`: deckcli run in the test process or as a process (``run_cli``, ``deckcli_env``).
- :mod:`helpers.depth`: the depth of the property tests (``DECKCLI_TEST_DEPTH``, ``examples``).
- :mod:`helpers.schema_validation`: jsonschema's own answer for a packaged schema.
- the others by what they hold: example decks, deck strategies, doc pages, game positions, table positions,
  solo table players, a headless Chromium, printed pages, sheet HTML.
"""
