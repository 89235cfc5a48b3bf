"""``deckcli fix``: the fewest card changes that make a deck legal (and ``tournament --fix`` for a lineup)."""

from __future__ import annotations

import os

import click

from deckcli.cli.output import before_writing, echo, reports_errors, say, say_waiting
from deckcli.cli.parameter_types import CONTEXT


@click.command(context_settings=CONTEXT)
@click.argument("deck")
@click.option(
    "--rules", default="standard", show_default=True, metavar="standard|advanced|solo|FILE",
    help="A built-in rule set or the path of your own rule-set JSON Schema.",
)
@click.option("--keep", "keep", multiple=True, metavar="NAME", help="Pin this card at its current copies (repeatable).")
@click.option("--no-add", is_flag=True, help="Remove cards only; never add one.")
@click.option("--apply", "apply_", is_flag=True, help="Rewrite DECK with the plan, comments and order kept.")
@click.option("-o", "--output", metavar="FILE", help="Write the repaired deck to FILE instead (never replaced without "
              "--force); - prints it, and the plan goes to standard error.")
@click.option("--force", is_flag=True, help="With -o: replace FILE if it already exists; with --apply: rewrite DECK even "
              "if it has other hard links (they keep the old text).")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text", show_default=True,
    help="text: one line per change, the repaired deck's verdict, the count; json: one document.",
)
@reports_errors
def fix(deck: str, rules: str, keep: tuple[str, ...], no_add: bool, apply_: bool, output: str | None, force: bool,
        fmt: str) -> int:
    """Find the fewest card changes (copies removed + added) that make DECK legal.

    The answer is exact: an integer program over the cards of the deck's faction
    set, built from the rule set's JSON Schema and solved by HiGHS. Ties go to
    the most unit Strength, then the fewest cards touched, then catalog order.
    Exit 0: a plan (or nothing to change); 1: no legal deck, or names to correct.

    \b
    Example:
      deckcli fix my-deck.toml --rules advanced
      deckcli fix my-deck.toml --rules advanced --keep Olaf --apply
    """
    from deckcli.repair.plan import plan_fix, write_plan
    from deckcli.rules.builtin import EVERY_RULE_SET
    from deckcli.rules.loading import load_rule_set

    if apply_ and output is not None:
        raise click.UsageError("give --apply (rewrite DECK) or -o FILE, not both")
    if apply_ and deck == "-":
        raise click.UsageError("--apply rewrites DECK, and standard input cannot be rewritten: use -o FILE")
    if force and output is None and not apply_:
        raise click.UsageError("--force goes with -o FILE or --apply")
    if rules.strip().lower() == EVERY_RULE_SET:
        raise click.UsageError("fix repairs a deck for one rule set: choose standard, advanced, solo or a FILE")
    from deckcli.files.safe_write import editing

    _check_writable([deck] if apply_ else [], output, force)  # refused before a plan is shown, not after
    rule_set = load_rule_set(rules)
    with editing([deck] if apply_ else [], waiting=say_waiting):  # an add of the deck meanwhile waits
        plan = plan_fix(deck, rule_set, keep=keep, no_add=no_add)
        printed = output == "-"  # -o -: the repaired deck is the standard output, the plan goes to standard error
        before_writing(lambda: _show(plan.as_dict() if fmt == "json" else plan.lines(), fmt, err=printed))
        if printed and plan.exit_code == 0:
            from deckcli.files.reading import decode_text

            echo(plan.text if plan.text is not None else decode_text(plan.original or b"", plan.deck), nl=False)
        elif (apply_ or output is not None) and plan.exit_code == 0 and write_plan(plan, None if apply_ else output,
                                                                                 force):
            echo(f"wrote {output or plan.deck}", err=fmt == "json")
    return plan.exit_code


def _show(result: object, fmt: str, err: bool = False) -> None:
    from deckcli.render.documents import document_json

    if fmt == "json":
        assert isinstance(result, dict)
        echo(document_json(result), err=err)
        return
    assert isinstance(result, list)
    for line in result:
        say(line, err=err)


def fix_lineup(files: tuple[str, ...], fmt: str, apply_: bool) -> int:
    """``tournament --fix``: print the lineup's plan; with ``apply_`` rewrite every changed deck file."""
    from deckcli.files.safe_write import check_unchanged, editing
    from deckcli.repair.plan import plan_lineup_fix, write_plan

    plan = plan_lineup_fix(files)
    changed = [deck_plan for deck_plan in plan.decks if deck_plan.text is not None] if apply_ and plan.exit_code == 0 else []
    with editing([deck_plan.path for deck_plan in changed], waiting=say_waiting):
        # Every deck the plan changes must be writable, and as it was planned from, before any is written:
        # never a half-repaired lineup.
        _check_writable([deck_plan.path for deck_plan in changed], None, False)
        for deck_plan in changed:
            if deck_plan.original is not None:
                check_unchanged(deck_plan.path, deck_plan.original)
        before_writing(lambda: _show(plan.as_dict() if fmt == "json" else plan.lines(), fmt))
        for deck_plan in changed:
            if write_plan(deck_plan, None, False):
                echo(f"wrote {deck_plan.deck}", err=fmt == "json")
    return plan.exit_code


def _check_writable(rewritten: list[str], output: str | None, force: bool) -> None:
    """Refuse, before anything is planned or written, what writing would refuse: a deck that cannot be
    rewritten in place (read-only, hard-linked, not a file) or an existing ``-o`` file without ``--force``."""
    from deckcli.errors import OutputError
    from deckcli.files.safe_write import EXISTS, check_rewritable

    for path in rewritten:
        if path != "-":
            check_rewritable(path, force=force)
    if output is not None and output != "-" and os.path.lexists(output) and not force:
        raise OutputError(EXISTS, where=output)
