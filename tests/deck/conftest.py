"""deckcli/deck: reading deck files and registrations, resolving their names.

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.deck.registration': (
        'registration files, read by tournament in tests/deck/test_registration_paths.py and tests/rules/test_desk.py'
    ),
    'deckcli.deck.resolution': (
        'names resolved against the catalog, through validate in tests/deck/test_reading.py'
    ),
}
