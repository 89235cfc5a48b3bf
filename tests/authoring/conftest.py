"""deckcli/authoring: new, add, remove, fmt, import and export of deck files.

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.authoring.editor_schema': (
        'deckcli schema, run by tests/authoring/test_editor_schema.py'
    ),
    'deckcli.authoring.exporting': (
        'deckcli export, run by tests/authoring/test_importing.py and tests/authoring/test_export_import_round_trip.py'
    ),
    'deckcli.authoring.new_deck': (
        'deckcli new, run by tests/authoring/test_new_deck.py'
    ),
}
