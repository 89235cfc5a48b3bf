"""Shell completion (bash, zsh, fish through Click): what each kind of argument completes to.

File arguments complete file names (the shell does it: Click is told "file");
card-name arguments complete catalog names (``odds --card`` and ``remove``: the
deck's own cards), unquoted: each shell quotes them as it quotes a file name
(bash through :mod:`deckcli.cli.bash_completion`); ``--rules`` completes the
built-in rule sets, else file names; option types complete their choices
(``--faction`` to slugs). Set-up: docs/terminal-and-ci.md, "Shell completion".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported when the shell asks for completions, not on every start (issue 13)
    from click.shell_completion import CompletionItem

COMPLETE_VAR = "_DECKCLI_COMPLETE"
"""The variable Click's completion scripts set (``bash_complete``, ``zsh_complete``, ``fish_complete``)."""


def complete_path(ctx: Any, param: Any, incomplete: str) -> list[CompletionItem]:
    """Let the shell complete a file name."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file")]


def plain(values: list[str]) -> list[CompletionItem]:
    from click.shell_completion import CompletionItem

    return [CompletionItem(value) for value in values]


def card_names(incomplete: str, leaders_only: bool = False, faction: Any = None, among: set[str] | None = None) -> list[str]:
    """Catalog names that begin with ``incomplete`` (any case; accents and separators optional only when no
    name begins with it as typed), else whose words begin with its words.

    ``faction`` (a :class:`~deckcli.catalog.model.FactionSet`, when the command line gave one) keeps its cards only;
    ``among`` (card names) keeps those only.
    """
    from deckcli.catalog.loading import default_catalog
    from deckcli.catalog.lookup import name_words, words_begin
    from deckcli.catalog.names import fold

    printed = getattr(faction, "copies", None)
    cards = [card for card in default_catalog().cards.values()
             if (card.is_leader or not leaders_only) and (printed is None or card.name in printed)
             and (among is None or card.name in among)]
    key = fold(incomplete)
    found = [card.name for card in cards if fold(card.name).startswith(key)]
    # what was typed, letter for letter, first: a shell replaces the word with the candidates' common start
    found = [name for name in found if name.lower().startswith(incomplete.lower())] or found
    if not found and key:
        typed = name_words(incomplete)
        found = [card.name for card in cards if words_begin(typed, name_words(card.name))]
    return sorted(found)


def complete_card(ctx: Any, param: Any, incomplete: str) -> list[CompletionItem]:
    """Complete a card name."""
    return plain(card_names(incomplete))


def complete_main_deck_card(ctx: Any, param: Any, incomplete: str) -> list[CompletionItem]:
    """Complete a card of the main deck of the DECK given before (``odds --card``); any card while there is none."""
    return plain(card_names(incomplete, among=_deck_cards(ctx, side=False)))


def complete_deck_card(ctx: Any, param: Any, incomplete: str) -> list[CompletionItem]:
    """Complete a card of the DECK given before, main deck or side deck (``remove``); any card while there is none."""
    return plain(card_names(incomplete, among=_deck_cards(ctx, side=True)))


def _deck_cards(ctx: Any, side: bool) -> set[str] | None:
    """The cards of the deck file ``ctx`` names (canonical names); ``None`` when it names none or none that reads.

    Standard input (``-``) is never read: the shell is waiting for the answer.
    """
    from deckcli.errors import DeckcliError
    from deckcli.files.reading import STDIN
    from deckcli.rules.judging import read_resolved_deck

    # While an option's value is being completed (``odds D --card <Tab>``), Click leaves the arguments unparsed.
    deck = ctx.params.get("deck") or next(iter(ctx.args), None)
    if not isinstance(deck, str) or deck in ("", STDIN):
        return None
    try:
        resolved = read_resolved_deck(deck)
    except DeckcliError:
        return None
    return {*resolved.main, *(resolved.side if side else ())}


def complete_leader(ctx: Any, param: Any, incomplete: str) -> list[CompletionItem]:
    """Complete a Leader's name (``new --leader``): the ``--faction``'s Leaders when it is given before."""
    return plain(card_names(incomplete, leaders_only=True, faction=ctx.params.get("faction")))


def complete_rules(ctx: Any, param: Any, incomplete: str) -> list[CompletionItem]:
    """Complete ``--rules``: a built-in rule set, ``all``, else a rule-set file."""
    from deckcli.files.schemas import packaged_rule_names
    from deckcli.rules.builtin import EVERY_RULE_SET

    names = [name for name in [*packaged_rule_names(), EVERY_RULE_SET] if name.startswith(incomplete.lower())]
    return plain(names) if names else complete_path(ctx, param, incomplete)


def complete_choices(choices: list[str], incomplete: str) -> list[CompletionItem]:
    """The choices that begin with ``incomplete`` (any case)."""
    return plain([choice for choice in choices if choice.lower().startswith(incomplete.lower())])
