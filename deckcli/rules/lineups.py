"""Lineups: several decks judged together (Tournament §15, two versus two §17).

Each deck is judged on its own under the deck rule set the lineup names
(``x-deck-rules``: advanced for a Tournament, standard for a team); then the
lineup's own rule set, a JSON Schema marked ``"x-judges": "lineup"``, judges a
*lineup profile* embedding the deck profiles (docs/rules.md, "The lineup profile").
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from deckcli.errors import (
    EXIT_ILLEGAL,
    EXIT_OK,
    EXIT_UNUSABLE,
    DeckcliError,
    RulesError,
)
from deckcli.findings import Finding
from deckcli.rules.judging import DeckReport
from deckcli.rules.rule_set import RuleSet

if TYPE_CHECKING:
    from deckcli.deck.registration import Registration


@dataclass(frozen=True)
class LineupRules:
    """A lineup rule set: its ``name``, compiled ``rule_set``, the ``deck_rules``
    each deck must pass, the number of decks it takes (``deck_count``) and
    whether a registration file may name them (``x-registration``)."""

    name: str
    rule_set: RuleSet
    deck_rules: RuleSet
    deck_count: int
    registration: bool = False

    @property
    def label(self) -> str:
        """"Tournament lineup", "team"."""
        return self.rule_set.label


@functools.cache
def lineup_rules(name: str) -> LineupRules:
    """The packaged lineup rule set ``name`` (``tournament`` or ``team``).

    Raises :class:`RulesError` (exit code 2) when no such lineup rule set is shipped.
    """
    from deckcli.files.schemas import (
        packaged_lineup_names,
        packaged_schema,
    )
    from deckcli.rules.builtin import builtin_rule_set

    if name not in packaged_lineup_names():
        raise RulesError(f"no lineup rule set named {name!r}: choose {', '.join(packaged_lineup_names())}")
    schema = packaged_schema(f"rules/{name}")
    rule_set = RuleSet.compile(name, schema, fast_check=f"rules/{name}")
    return LineupRules(
        name=name,
        rule_set=rule_set,
        deck_rules=builtin_rule_set(schema["x-deck-rules"]),
        deck_count=schema["properties"]["deck_count"]["const"],
        registration=schema.get("x-registration", False),
    )


@dataclass
class LineupReport:
    """The verdict on a lineup.

    ``where`` names the lineup in messages (the registration file, or the rule
    set's name for decks given directly). ``legal`` is ``None`` when some deck
    file could not be read (its :class:`DeckReport` holds the error); then the
    lineup is not judged and ``profile`` is ``None``. ``warnings`` are the
    registration's (keys it does not use).
    """

    rules: LineupRules
    where: str
    decks: list[DeckReport]
    legal: bool | None
    violations: list[Finding] = field(default_factory=list)
    profile: dict[str, Any] | None = None
    registration: str | None = None
    player: str | None = None
    warnings: list[Finding] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """0 legal, 1 breaks a rule, 2 some deck file unreadable (see :mod:`deckcli.errors`)."""
        if self.legal is None:
            return max((d.exit_code for d in self.decks if d.error is not None), default=EXIT_UNUSABLE)
        return EXIT_OK if self.legal else EXIT_ILLEGAL

    @property
    def summary(self) -> str:
        """The figures of a lineup verdict ("3 decks (Monsters, Nilfgaard and Skellige), …")."""
        return self.rules.rule_set.summary(self.profile or {})

    def as_dict(self) -> dict[str, Any]:
        """The report as the JSON object ``tournament`` / ``team --format json`` prints."""
        return {
            "lineup": self.registration,
            "player": self.player,
            "rules": self.rules.name,
            "deck_rules": self.rules.deck_rules.name,
            "legal": self.legal,
            "violations": [lineup_finding_dict(f) for f in self.violations],
            "warnings": [f.as_dict() for f in self.warnings],
            "decks": [deck.as_dict() for deck in self.decks],
        }


def lineup_finding_dict(finding: Finding) -> dict[str, Any]:
    """A lineup violation as JSON: ``code``, ``message``, ``decks`` (file paths) and,
    where they apply, ``card`` (the shared Hero) and ``faction`` (slug)."""
    item = finding.item or {}
    record: dict[str, Any] = {"code": finding.code, "message": finding.message}
    record["decks"] = list(item.get("decks") or ([item["deck"]] if "deck" in item else []))
    if finding.card is not None:
        record["card"] = finding.card
    if "faction" in item:
        record["faction"] = item["faction"]
    return record


def lineup_profile(decks: Sequence[DeckReport]) -> dict[str, Any]:
    """The lineup profile that a lineup rule set judges, from judged, readable decks.

    Returns a JSON-ready dict: ``deck_count``; ``decks`` (one object per deck:
    ``deck`` path, ``faction``, ``faction_name``, ``legal``, ``codes`` of its
    violations, ``profile``); ``factions`` and ``faction_names`` (one per deck,
    in order); ``shared_factions`` (``{faction, faction_name, decks}`` for a
    faction of two or more decks); ``shared_heroes`` (``{card, decks,
    faction_names}``, each faction once, for a Hero, by name whatever the faction colour, in two or
    more decks, rulebook §15); ``illegal_decks`` (``{deck, faction,
    faction_name, rules, codes}`` for each deck breaking its deck rules).
    """
    entries = [_deck_entry(report) for report in decks]
    by_faction: dict[str, list[dict[str, Any]]] = {}
    by_hero: dict[str, list[dict[str, Any]]] = {}
    for entry in entries:
        by_faction.setdefault(entry["faction"], []).append(entry)
        for hero in dict.fromkeys(entry["profile"]["hero_names"]):
            by_hero.setdefault(hero, []).append(entry)
    return {
        "deck_count": len(entries),
        "decks": entries,
        "factions": [e["faction"] for e in entries],
        "faction_names": [e["faction_name"] for e in entries],
        "shared_factions": [
            {"faction": slug, "faction_name": group[0]["faction_name"], "decks": [e["deck"] for e in group]}
            for slug, group in by_faction.items()
            if len(group) > 1
        ],
        "shared_heroes": [
            {
                "card": hero,
                "decks": [e["deck"] for e in group],
                "faction_names": list(dict.fromkeys(e["faction_name"] for e in group)),
            }
            for hero, group in by_hero.items()
            if len(group) > 1
        ],
        "illegal_decks": [
            {key: e[key] for key in ("deck", "faction", "faction_name", "rules", "codes")}
            for e in entries
            if not e["legal"]
        ],
    }


def _deck_entry(report: DeckReport) -> dict[str, Any]:
    profile = report.profile or {}
    return {
        "deck": report.deck,
        "faction": profile.get("faction"),
        "faction_name": profile.get("faction_name"),
        "rules": report.rules,
        "legal": report.legal,
        "codes": list(dict.fromkeys(f.code for f in report.violations)),
        "profile": profile,
    }


def judge_lineup(
    paths: Sequence[str],
    rules: LineupRules,
    where: str | None = None,
    player: str | None = None,
) -> LineupReport:
    """Judge the deck files at ``paths`` as one lineup under ``rules``.

    ``where`` is the registration file the paths come from (``None`` when
    they were given directly). Never raises for a bad deck file: its
    :class:`DeckReport` holds the error and the lineup is left unjudged.
    """
    from deckcli.rules.judging import judge_file

    decks = [judge_file(path, rules.deck_rules) for path in paths]
    report = LineupReport(rules=rules, where=where or rules.name, decks=decks, legal=None, registration=where, player=player)
    if any(deck.error is not None for deck in decks):
        return report
    report.profile = lineup_profile(decks)
    report.violations = rules.rule_set.judge(report.profile)
    report.legal = not report.violations
    return report


def judge_lineup_files(files: Sequence[str], name: str) -> LineupReport:
    """Judge a lineup given on the command line: one registration file, or the deck files themselves.

    ``name`` is the lineup rule set (``tournament``, ``team``). A single file is
    read as a registration (see :mod:`deckcli.deck.registration`) when the rule set
    takes one (the Tournament). Raises
    :class:`DeckcliError` (exit code 2) for another number of files than the
    lineup takes, standard input named twice, or a registration that cannot be
    used; a deck file that cannot be read is reported in the result instead.
    """
    from deckcli.deck.registration import read_registration

    rules = lineup_rules(name)
    if list(files).count("-") > 1:
        raise DeckcliError("standard input (-) can be read only once")
    if len(files) == 1 and rules.registration:
        return judge_registration(read_registration(files[0], rules.deck_count, rules.label), rules)
    if len(files) != rules.deck_count:
        either = " (or one registration file naming them)" if rules.registration else ""
        raise DeckcliError(f"a {rules.label} is exactly {rules.deck_count} deck files{either}; got {len(files)}")
    _refuse_repeats(files, rules)
    return judge_lineup(files, rules)


def judge_registration(registration: Registration, rules: LineupRules) -> LineupReport:
    """Judge the lineup a registration names, with its warnings: what every output of a registration shows
    (``tournament REG`` in each format, the desk, ``sheet``).

    A deck file outside the registration's folder (see
    :class:`~deckcli.deck.registration.Registration`) that cannot be read as a
    deck is reported by its path only: its own error could quote its content
    (a value, a line of it), and a registration may name any file the runner
    can read (``/etc/passwd``). Never raises: see :func:`judge_lineup`.
    """
    from deckcli.errors import DeckFileError

    report = judge_lineup(registration.decks, rules, where=registration.where, player=registration.player)
    report.warnings = list(registration.warnings)
    outside = set(registration.outside)
    for path, deck in zip(registration.decks, report.decks):
        if deck.error is not None and path in outside:
            deck.error = DeckFileError(
                "cannot be read as a deck file (it is outside the registration's folder: nothing of it is quoted)",
                where=deck.deck,
            )
    return report


def _refuse_repeats(paths: Sequence[str], rules: LineupRules) -> None:
    """Raise :class:`DeckcliError` when one deck file is given twice: a lineup is different decks."""
    from deckcli.files.reading import first_repeat

    repeat = first_repeat(paths)
    if repeat:
        earlier, later = paths[repeat[0]], paths[repeat[1]]
        named = later if earlier == later else f"{earlier} (as {later})"
        raise DeckcliError(f"{named} is given twice: a {rules.label} is {rules.deck_count} different decks")
