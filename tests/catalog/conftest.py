"""deckcli/catalog: the card catalog, its files, cache, names and listing.

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.catalog.card_facts': (
        'deckcli card, run by tests/catalog/test_card_command.py'
    ),
    'deckcli.catalog.listing': (
        'deckcli cards, run by tests/catalog/test_listing.py'
    ),
    'deckcli.catalog.lookup': (
        "deckcli card's lookup by name, run by tests/catalog/test_card_prefix.py and tests/catalog/test_name_matching.py"
    ),
    'deckcli.catalog.ordering': (
        'the order of cards in listings and written decks: tests/catalog/test_listing.py and tests/authoring/test_canonical_form.py'
    ),
}
