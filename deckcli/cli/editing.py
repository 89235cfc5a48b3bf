"""Commands that edit a deck file from the shell: ``add`` and ``remove``."""

from __future__ import annotations

import os
import shlex
from typing import Callable

import click

from deckcli.cli.completion import complete_card, complete_deck_card, complete_rules
from deckcli.cli.output import before_writing, reports_errors, say, say_waiting
from deckcli.cli.parameter_types import CONTEXT, Number
from deckcli.errors import EXIT_OK


def _edit(deck: str, name: str, change: int, rules: str, force: bool) -> int:
    from deckcli.authoring.add_remove import edit_copies
    from deckcli.catalog.loading import default_catalog
    from deckcli.files.reading import STDIN, byte_order_mark, decode_text, display_path, read_bytes
    from deckcli.files.safe_write import check_rewritable, editing, rewrite_text
    from deckcli.render.verdicts import verdict_line
    from deckcli.rules.judging import judge_file
    from deckcli.rules.loading import load_rule_set

    if deck == STDIN:
        raise click.UsageError("DECK must be a file: standard input cannot be edited")
    if not os.path.lexists(deck):
        from deckcli.errors import DeckFileError

        raise DeckFileError(f"no such file: start a deck with deckcli new --faction FACTION -o {shlex.quote(deck)}",
                            where=display_path(deck))
    rule_set = load_rule_set(rules)  # a mistyped --rules stops before the file changes
    where = display_path(deck)
    with editing([deck], waiting=say_waiting):  # another add, remove or fmt of this deck waits for this one
        data = read_bytes(deck)
        edit = edit_copies(decode_text(data, where), where, default_catalog(), name, change)
        check_rewritable(deck, force=force)
        before_writing(lambda: say(edit.described(where)))
        rewrite_text(deck, byte_order_mark(data) + edit.text, force=force, expected=data)
    report = judge_file(deck, rule_set)
    say(verdict_line(report) if report.error is None else report.error.located())
    return EXIT_OK


class _EditCommand(click.Command):
    """``add`` / ``remove``: an N below 1 (``add deck.toml Decoy -1``, ``… Decoy 0``) is told with the command
    to type instead, not as an unknown option or a number out of range."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        import re
        import shlex

        words = [a for at, a in enumerate(args) if not a.startswith("-") and args[at - 1 : at] != ["--rules"]]
        below_one = [a for a in args if re.fullmatch(r"-[0-9]+", a)] + [a for a in words[2:3] if re.fullmatch(r"\+?0+", a)]
        if below_one:
            deck, name = ([shlex.quote(a) for a in words[:2]] + ["DECK", "NAME"][len(words[:2]):])[:2]
            copies = -int(below_one[0])
            # the command to type on a line of its own, never broken where the message wraps
            if copies == 0:
                raise click.UsageError(
                    f"N is 1 or more; to add a copy or take one away, type:\n"
                    f"    deckcli add {deck} {name} 1\n    deckcli remove {deck} {name} 1", ctx,
                )
            other, doing = ("remove", "take copies away") if self.name == "add" else ("add", "add copies")
            raise click.UsageError(f"N is 1 or more; to {doing}, type:\n    deckcli {other} {deck} {name} {copies}", ctx)
        return super().parse_args(ctx, args)


def _edit_command(command: Callable[[str, str, int, str, bool], int]) -> click.Command:
    """``DECK NAME [N] [--rules R] [--force]``: the arguments and options ``add`` and ``remove`` share, as a command."""
    for decorate in (
        reports_errors,
        click.option("--force", is_flag=True,
                     help="Rewrite DECK even if it has other hard links (those other names keep the old text)."),
        click.option("--rules", default="standard", show_default=True, metavar="standard|advanced|solo|FILE",
                     shell_complete=complete_rules, help="The rule set of the verdict printed after the edit."),
        click.argument("copies", type=Number(min=1), default=1, metavar="[N]"),
        click.argument("name", shell_complete=complete_deck_card if command.__name__ == "remove" else complete_card),
        click.argument("deck", type=click.Path(dir_okay=False)),
    ):
        command = decorate(command)
    return click.command(cls=_EditCommand, context_settings=CONTEXT)(command)


@_edit_command
def add(deck: str, name: str, copies: int, rules: str, force: bool) -> int:
    """Add N copies (default 1) of a card to a deck file, then print its verdict.

    NAME resolves as in the deck file (unknown or ambiguous names are refused);
    a side-deck card goes under [side]; a Leader becomes the deck's Leader,
    replacing the one there. Never more copies than the set prints; comments
    and order are kept, and the file is written atomically.

    \b
    Example:
      deckcli add temeria.toml "Blue Stripes Commando" 3
      deckcli add temeria.toml Decoy --rules advanced
      deckcli add temeria.toml "Foltest: King of Temeria"
    """
    return _edit(deck, name, copies, rules, force)


@_edit_command
def remove(deck: str, name: str, copies: int, rules: str, force: bool) -> int:
    """Remove N copies (default 1) of a card from a deck file, then print its verdict.

    At 0 copies the card's line is deleted; comments and order are kept, and
    the file is written atomically.

    \b
    Example:
      deckcli remove temeria.toml Decoy
      deckcli remove skellige.toml "Young Berserker" 2 --rules advanced
    """
    return _edit(deck, name, -copies, rules, force)
