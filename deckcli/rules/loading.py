"""Choosing the rule set ``--rules`` names: a built-in one by name, or a player's own schema file."""

from __future__ import annotations

import os

from deckcli.errors import RulesError
from deckcli.files.schemas import packaged_lineup_names, packaged_rule_names
from deckcli.rules.builtin import _builtin_registry, _rule_set_choices, builtin_rule_set
from deckcli.rules.rule_set import RuleSet
from deckcli.text import printable


def load_rule_set(spec: str) -> RuleSet:
    """A built-in rule set by name (any case), or a player's own JSON Schema file by path.

    A spec that names no built-in set and no existing file, and does not look
    like a path (no ``/``, no ``.json``), is taken for a mistyped rule-set name.
    Raises :class:`RulesError` (exit code 2) when the name is unknown or the
    file cannot be used as a rule set.
    """
    names = packaged_rule_names()
    wanted = spec.strip().lower()
    if wanted in names:
        return builtin_rule_set(wanted)
    if wanted in packaged_lineup_names():
        raise RulesError(f"the {wanted} rule set judges a lineup of decks, not one deck: run deckcli {wanted}")
    looks_like_path = "/" in spec or os.sep in spec or spec.endswith(".json")
    if not wanted or not (looks_like_path or os.path.exists(spec)):
        import difflib

        close = difflib.get_close_matches(wanted, [*names, *packaged_lineup_names()], n=1, cutoff=0.6)
        hint = f"did you mean {close[0]}? " if close else ""
        raise RulesError(
            f"no rule set named {printable(spec)!r}: {hint}choose {_rule_set_choices()}, "
            "or give the path of your own rule-set JSON Schema file"
        )
    from deckcli.rules.house_rules import load_house_rules

    return load_house_rules(spec, _builtin_registry())
