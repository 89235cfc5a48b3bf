"""``deckcli fix``: the plan of the fewest card changes that make a deck, or a lineup, legal.

A plan is read from deck files, solved by :mod:`deckcli.repair.model` under the
constraints :mod:`deckcli.repair.constraints` derives from the rule set, and
checked: the repaired deck file text (edited by :mod:`deckcli.authoring.deck_edits`,
comments and order kept) is read back and judged by the same pipeline as
``deckcli validate``, so the verdict a plan shows is the validator's own.
Library code: nothing here prints or writes; :func:`write_plan` writes through
:mod:`deckcli.files.safe_write`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from deckcli.catalog.loading import default_catalog
from deckcli.catalog.model import Catalog
from deckcli.deck.reading import parse_deck
from deckcli.deck.resolution import ResolvedDeck, resolve_deck
from deckcli.errors import EXIT_ILLEGAL, EXIT_OK, DeckcliError, DeckFileError
from deckcli.files.reading import byte_order_mark, decode_text, display_path, read_bytes
from deckcli.findings import Finding
from deckcli.repair.constraints import (
    Requirements,
    derive_lineup_requirements,
    derive_requirements,
)
from deckcli.repair.model import (
    Conflict,
    Infeasible,
    Repair,
    RepairModel,
    Slot,
    deck_slots,
)
from deckcli.rules.judging import DeckReport, judge_deck, unresolved_findings
from deckcli.rules.lineups import LineupReport, LineupRules, lineup_profile
from deckcli.rules.rule_set import RuleSet
from deckcli.text import counted, spoken


@dataclass(frozen=True)
class Change:
    """One card whose copies change: ``before`` -> ``after`` in ``section`` (``leader``, ``cards``, ``side``).

    ``strength`` is the printed Strength of a Unit Card (``None`` otherwise).
    """

    card: str
    section: str
    before: int
    after: int
    strength: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """``{card, section, from, to}`` as ``fix --format json`` prints it."""
        return {"card": self.card, "section": self.section, "from": self.before, "to": self.after}

    @property
    def line(self) -> str:
        """``- remove 1 × Olaf (Strength 12)``, ``+ add 1 × Clan an Craite Warrior (Strength 6)``, ``+ Leader …``."""
        sign, verb = ("-", "remove") if self.after < self.before else ("+", "add")
        if self.section == "leader":
            return f"{sign} {verb} the Leader {self.card}"
        where = (" from [side]" if sign == "-" else " to [side]") if self.section == "side" else ""
        strength = f" (Strength {self.strength})" if self.strength is not None else ""
        return f"{sign} {verb} {abs(self.after - self.before)} × {self.card}{where}{strength}"


@dataclass
class DeckPlan:
    """The plan for one deck file.

    ``legal_before`` is the deck's verdict as it stands; ``changes`` the card
    changes in deck, section and catalog order; ``changed_copies`` the copies
    removed plus added, a change of Leader counting 1; ``verdict`` the repaired
    deck's report (the deck's own when nothing changes); ``text`` the repaired
    deck file (``None`` when nothing changes). ``refused`` holds the names that
    match no card or several (nothing is planned until they are corrected);
    ``conflicts`` the constraints no deck can meet; ``pins`` and ``no_add`` the options that limited it;
    ``original`` the bytes of the deck file the plan was made from (what ``--apply`` expects to replace).
    """

    deck: str
    path: str
    rules: str
    legal_before: bool | None
    changes: list[Change] = field(default_factory=list)
    changed_copies: int = 0
    verdict: DeckReport | None = None
    text: str | None = None
    refused: list[Finding] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    faction_name: str = ""
    pins: tuple[str, ...] = ()
    no_add: bool = False
    original: bytes | None = None

    @property
    def exit_code(self) -> int:
        """0 a plan was found (or nothing to change), 1 names to correct or no legal deck exists."""
        if self.refused or self.conflicts or self.verdict is None or not self.verdict.legal:
            return EXIT_ILLEGAL
        return EXIT_OK

    def as_dict(self) -> dict[str, Any]:
        """``deck``, ``rules``, ``legal_before``, ``changes``, ``changed_copies``, ``verdict`` (and the problems)."""
        record: dict[str, Any] = {
            "deck": self.deck,
            "rules": self.rules,
            "legal_before": self.legal_before,
            "changes": [change.as_dict() for change in self.changes],
            "changed_copies": self.changed_copies,
            "verdict": self.verdict.as_dict() if self.verdict is not None else None,
        }
        if self.refused:
            record["unresolved"] = [finding.as_dict() for finding in self.refused]
        if self.conflicts:
            record["conflicts"] = [conflict_dict(c) for c in self.conflicts]
        return record

    def lines(self) -> list[str]:
        """The text output: one line per change, the repaired deck's verdict, the change count."""
        from deckcli.render.verdicts import finding_line, verdict_line

        if self.refused:
            return [finding_line(self.deck, f) for f in self.refused] + [
                f"{self.deck}: correct the card names above first: fix does not guess what a name means"
            ]
        if self.conflicts:
            return [f"{self.deck}: no legal deck within the {self.faction_name} set{_pins(self)}:"] + [
                f"  {conflict.reason}" for conflict in self.conflicts
            ]
        assert self.verdict is not None
        if not self.changes:
            return [verdict_line(self.verdict), f"{self.deck}: nothing to change"]
        removed = sum(max(c.before - c.after, 0) for c in self.changes if c.section != "leader")
        added = sum(max(c.after - c.before, 0) for c in self.changes if c.section != "leader")
        parts = [f"{counted(removed, 'copy', 'copies')} removed", f"{added} added"]
        gone = sum(c.before - c.after for c in self.changes if c.section == "leader" and c.after < c.before)
        taken = sum(c.after - c.before for c in self.changes if c.section == "leader" and c.after > c.before)
        if gone and taken:
            parts.append("the Leader changed")
        elif gone or taken:
            parts.append(f"{counted(gone or taken, 'Leader', 'Leaders')} {'removed' if gone else 'named'}")
        total = counted(self.changed_copies, "change", "changes")
        return [change.line for change in self.changes] + [
            verdict_line(self.verdict),
            f"{self.deck}: {total} ({', '.join(parts)})",
        ]


def _pins(plan: DeckPlan) -> str:
    what = []
    if plan.pins:
        what.append("--keep " + ", ".join(plan.pins))
    if plan.no_add:
        what.append("--no-add")
    return f" with {' and '.join(what)}" if what else ""


def conflict_dict(conflict: Conflict) -> dict[str, Any]:
    """A constraint no deck can meet, as JSON: ``code``, ``path`` (in the schema), ``reason``."""
    rule = conflict.rule
    return {"code": rule.code if rule else None, "path": rule.path if rule else None, "reason": conflict.reason}


@dataclass
class _Read:
    """A deck file read once: its text (to edit) and its resolved cards (to plan)."""

    path: str
    where: str
    text: str
    bom: str
    deck: ResolvedDeck
    data: bytes


def _read(path: str, catalog: Catalog) -> _Read:
    where = display_path(path)
    data = read_bytes(path)
    text = decode_text(data, where)
    deck = resolve_deck(parse_deck(data, where), catalog)
    return _Read(path, where, text, byte_order_mark(data), deck, data)


def _keep_names(names: Sequence[str], catalog: Catalog) -> set[str]:
    from deckcli.catalog.lookup import lookup_card

    return {lookup_card(catalog, name).name for name in names}


def plan_fix(
    path: str,
    rule_set: RuleSet,
    keep: Sequence[str] = (),
    no_add: bool = False,
    catalog: Catalog | None = None,
) -> DeckPlan:
    """The plan of the fewest copies changed that makes the deck file at ``path`` legal under ``rule_set``.

    ``keep`` names cards pinned at their current copies (any spelling the catalog
    knows); ``no_add`` allows removals only. Raises :class:`DeckcliError` (exit 2)
    when the file cannot be read, a ``--keep`` name is not one card, or the rule
    set holds a condition fix cannot express (named with its schema path).
    """
    catalog = catalog or default_catalog()
    requirements = derive_requirements(rule_set.schema, rule_set.name, rule_set.where)
    pins = _keep_names(keep, catalog)
    read = _read(path, catalog)
    outside = sorted(pin for pin in pins if pin not in read.deck.faction.copies)
    if outside:
        raise DeckcliError(f"--keep {spoken(outside)}: not in the {read.deck.faction.name} set, so no legal deck "
                           "holds it: nothing to keep")
    before = judge_deck(read.deck, rule_set)
    plan = DeckPlan(read.where, path, rule_set.name, before.legal, faction_name=read.deck.faction.name,
                    pins=tuple(sorted(pins)), no_add=no_add, original=read.data)
    plan.refused = unresolved_findings(read.deck)
    if plan.refused:
        plan.legal_before = False
        return plan
    if before.legal:
        plan.verdict = before
        return plan
    model = RepairModel(
        deck_slots(read.deck, catalog, 0, pins, no_add),
        [requirements],
        [read.deck.faction.copies],
        [_constants(read.deck)],
    )
    try:
        repair = model.solve()
    except Infeasible as infeasible:
        plan.conflicts = infeasible.conflicts
        return plan
    _fill(plan, read, repair, 0, rule_set, catalog)
    return plan


def _constants(deck: ResolvedDeck) -> dict[str, object]:
    return {"faction": deck.faction.slug, "faction_name": deck.faction.name}


def _fill(plan: DeckPlan, read: _Read, repair: Repair, index: int, rule_set: RuleSet, catalog: Catalog) -> None:
    """Put the repair of deck ``index`` into ``plan``: its changes, repaired text and verdict."""
    slots = [s for s in repair.slots if s.deck == index]
    plan.changes = [
        Change(s.card.name, s.section, s.current, repair.copies[s], s.card.strength if s.card.is_unit else None)
        for s in slots
        if repair.copies[s] != s.current
    ]
    # Stable: catalog order kept, but the Leader given up reads before the one taken.
    plan.changes.sort(key=lambda c: (c.section != "leader", c.section == "leader" and c.after > c.before))
    leader_moves = [c for c in plan.changes if c.section == "leader"]
    plan.changed_copies = sum(abs(c.after - c.before) for c in plan.changes if c.section != "leader") + max(
        sum(max(c.after - c.before, 0) for c in leader_moves), sum(max(c.before - c.after, 0) for c in leader_moves)
    )
    plan.text = repaired_text(read, slots, repair, catalog)
    repaired = resolve_deck(parse_deck(plan.text.encode("utf-8"), read.where), catalog)
    plan.verdict = judge_deck(repaired, rule_set)


def repaired_text(read: _Read, slots: Sequence[Slot], repair: Repair, catalog: Catalog) -> str:
    """The deck file text with the repair applied: counts edited in place, comments and order kept."""
    from deckcli.authoring.deck_edits import set_copies

    text = read.text
    crlf = "\r\n" in text
    text = text.replace("\r\n", "\n")
    counts = {(s.section, s.card.name): repair.copies[s] for s in slots if s.section != "leader" and repair.copies[s] != s.current}
    text = set_copies(text, read.where, catalog, counts)
    if any(repair.copies[s] != s.current for s in slots if s.section == "leader"):
        left = {s.card.name: repair.copies[s] for s in slots if s.section == "leader"}
        kept = []
        for entry in read.deck.source.leaders:  # as typed, in order, while copies of that Leader remain
            found = catalog.find(entry.name)
            if len(found) == 1 and left.get(found[0].name, 0) > 0:
                left[found[0].name] -= 1
                kept.append(entry.name)
        gained = [s.card.name for s in slots if s.section == "leader" and repair.copies[s] > s.current]
        text = _set_leader(text, read.where, kept + gained)
    text = text.replace("\n", "\r\n") if crlf else text
    return read.bom + text


def _set_leader(text: str, where: str, names: list[str]) -> str:
    """``text`` with its ``leader`` key naming ``names`` (one name as text, several as a list, none: no key)."""
    import tomlkit

    try:
        document = tomlkit.parse(text)
    except tomlkit.exceptions.TOMLKitError as error:
        raise DeckFileError(f"cannot edit this file: {error}", where=where) from None
    from deckcli.files.toml_text import toml_string

    value: Any = toml_string(names[0]) if len(names) == 1 else [toml_string(name) for name in names]
    if not names:
        document.pop("leader", None)
    elif "leader" in document:
        document["leader"] = value
    else:
        document.add("leader", value)
    return tomlkit.dumps(document)


def write_plan(plan: DeckPlan, output: str | None, force: bool) -> bool:
    """Write the repaired deck: over the deck file itself when ``output`` is ``None`` (``--apply``), else
    to ``output`` (``-o``, never replacing a file without ``force``). With ``--apply``, ``force`` rewrites a deck
    file that has other hard links too (they keep the old text). Returns whether a file was written.

    Raises :class:`OutputError` (exit 2) as :mod:`deckcli.files.safe_write` does, and
    :class:`DeckcliError` for ``--apply`` on standard input.
    """
    from deckcli.files.safe_write import rewrite_text, write_text

    if plan.text is None:
        return False
    if output is None:
        if plan.path == "-":
            raise DeckcliError("--apply cannot rewrite standard input: use -o FILE")
        rewrite_text(plan.path, plan.text, force=force, expected=plan.original)
    else:
        write_text(output, plan.text, force=force)
    return True


@dataclass
class LineupPlan:
    """The plan for a lineup (``tournament --fix``): one :class:`DeckPlan` per deck and the repaired lineup's verdict."""

    where: str
    rules: LineupRules
    decks: list[DeckPlan]
    before: LineupReport
    after: LineupReport | None = None
    conflicts: list[Conflict] = field(default_factory=list)

    @property
    def changed_copies(self) -> int:
        return sum(plan.changed_copies for plan in self.decks)

    @property
    def exit_code(self) -> int:
        if self.conflicts or any(plan.refused for plan in self.decks) or self.after is None or not self.after.legal:
            return EXIT_ILLEGAL
        return EXIT_OK

    def as_dict(self) -> dict[str, Any]:
        """``lineup``, ``rules``, ``legal_before``, ``changed_copies``, ``decks`` (each a deck plan) and ``verdict``."""
        record: dict[str, Any] = {
            "lineup": self.before.registration,
            "rules": self.rules.name,
            "legal_before": self.before.legal,
            "changed_copies": self.changed_copies,
            "decks": [plan.as_dict() for plan in self.decks],
            "verdict": self.after.as_dict() if self.after is not None else None,
        }
        if self.conflicts:
            record["conflicts"] = [conflict_dict(c) for c in self.conflicts]
        return record

    def lines(self) -> list[str]:
        """One section per deck (its changes and verdict), then the lineup's verdict and the change count."""
        from deckcli.render.verdicts import lineup_verdict_line, verdict_line

        lines: list[str] = []
        refused = [plan for plan in self.decks if plan.refused]
        if refused:
            for plan in refused:
                lines += plan.lines()
            return lines
        if self.conflicts:
            return [f"{self.where}: no legal {self.rules.label} within the decks' faction sets:"] + [
                f"  {conflict.reason}" for conflict in self.conflicts
            ]
        assert self.after is not None
        for plan in self.decks:
            assert plan.verdict is not None
            if plan.changes:
                lines.append(f"{plan.deck}: {counted(plan.changed_copies, 'change', 'changes')}:")
                lines += ["  " + change.line for change in plan.changes]
            lines.append(verdict_line(plan.verdict))
        lines.append(lineup_verdict_line(self.after))
        if self.changed_copies:
            lines.append(f"{self.where}: {counted(self.changed_copies, 'change', 'changes')} in all")
        else:
            lines.append(f"{self.where}: nothing to change")
        return lines


def plan_lineup_fix(files: Sequence[str], name: str = "tournament", catalog: Catalog | None = None) -> LineupPlan:
    """The plan of the fewest copies changed, over all the decks, that makes the lineup legal (§15).

    ``files`` is one registration file or the deck files. Raises :class:`DeckcliError`
    (exit 2) as ``deckcli tournament`` does for an unusable lineup, or when a deck
    file cannot be read.
    """
    from deckcli.deck.registration import read_registration
    from deckcli.rules.lineups import judge_lineup_files, lineup_rules

    catalog = catalog or default_catalog()
    rules = lineup_rules(name)
    found = derive_lineup_requirements(rules.rule_set.schema, name)
    before = judge_lineup_files(files, name)
    unreadable = [deck.error for deck in before.decks if deck.error is not None]
    if unreadable:
        raise unreadable[0]
    paths = read_registration(files[0], rules.deck_count, rules.label).decks if len(files) == 1 else list(files)
    deck_rules = rules.deck_rules
    requirements = derive_requirements(deck_rules.schema, deck_rules.name, deck_rules.where) if found.each_legal else None
    reads = [_read(path, catalog) for path in paths]
    plans = [
        DeckPlan(r.where, r.path, deck_rules.name, report.legal, faction_name=r.deck.faction.name,
                 refused=unresolved_findings(r.deck), original=r.data)
        for r, report in zip(reads, before.decks)
    ]
    plan = LineupPlan(before.where, rules, plans, before)
    if any(p.refused for p in plans):
        return plan
    if before.legal:
        for deck_plan, report in zip(plans, before.decks):
            deck_plan.verdict = report
        plan.after = before
        return plan
    conflicts = [
        Conflict(fixed.rule, f"{fixed.rule.code}: {_constant_reason(fixed.field)}")
        for fixed in found.fixed
        if not fixed.holds(before.profile.get(fixed.field) if before.profile else None)
    ]
    slots = [slot for index, r in enumerate(reads) for slot in deck_slots(r.deck, catalog, index, set(), False)]
    empty = Requirements(name=deck_rules.name)
    model = RepairModel(
        slots,
        [requirements or empty for _ in reads],
        [r.deck.faction.copies for r in reads],
        [_constants(r.deck) for r in reads],
        distinct_heroes=found.distinct_heroes,
        conflicts=conflicts,
    )
    try:
        repair = model.solve()
    except Infeasible as infeasible:
        plan.conflicts = infeasible.conflicts
        return plan
    for index, (deck_plan, r) in enumerate(zip(plans, reads)):
        _fill(deck_plan, r, repair, index, deck_rules, catalog)
        if not deck_plan.changes:
            deck_plan.text = None
    after = [p.verdict for p in plans if p.verdict is not None]
    profile = lineup_profile(after)
    violations = rules.rule_set.judge(profile)
    plan.after = LineupReport(
        rules=rules, where=before.where, decks=after, legal=not violations, violations=violations, profile=profile,
        registration=before.registration, player=before.player,
    )
    return plan


def _constant_reason(field_name: str) -> str:
    return {
        "deck_count": "the number of decks is not what the lineup needs; fix changes cards, not decks",
        "shared_factions": "two decks are of one faction; fix changes cards, never a deck's faction",
    }.get(field_name, f"the lineup's {field_name} cannot be changed by changing cards")
