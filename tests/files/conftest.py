"""deckcli/files: reading and writing files, budgets, schemas and their generated checks.

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.files.toml_text': (
        'the TOML text of the decks deckcli writes: tests/authoring/test_canonical_form.py, tests/authoring/test_add_remove.py, tests/authoring/test_importing.py'
    ),
}
