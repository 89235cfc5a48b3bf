"""Lineups: several decks judged together (Tournament §15, two versus two §17).

Each deck is judged on its own under the deck rule set the lineup names
(``x-deck-rules``: advanced for a Tournament, standard for a team); then the
lineup's own rule set, a JSON Schema marked ``"x-judges": "lineup"``, judges a
*lineup profile* embedding the deck profiles (README: "The lineup profile").
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator, Sequence

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


# The tournament desk: many registrations judged in one call, one summary row each.

TOML_SUFFIX = ".toml"


@dataclass
class DeskEntry:
    """One registration at the desk: the file as given, and its ``report`` or the ``error`` that stopped it.

    ``error`` is set when the registration cannot be used (not TOML, no
    ``decks``, a missing deck file, …) or one of its deck files cannot be read;
    ``report`` is ``None`` in the first case. ``shares`` lists, per deck file
    that another registration also names, that file and the other registrations.
    ``player`` is the registration's player when it names one, judged or not.
    """

    path: str
    where: str
    report: LineupReport | None = None
    error: DeckcliError | None = None
    shares: list[tuple[str, list[str]]] = field(default_factory=list)
    player: str | None = None

    @property
    def exit_code(self) -> int:
        """0 legal, 1 breaks a rule, 2 could not be judged."""
        if self.report is not None and self.report.legal is not None:
            return self.report.exit_code
        return self.error.exit_code if self.error is not None else EXIT_UNUSABLE

    @property
    def verdict(self) -> str:
        """``legal``, ``not legal`` or ``not judged``."""
        if self.report is None or self.report.legal is None:
            return "not judged"
        return "legal" if self.report.legal else "not legal"

    def row(self) -> dict[str, Any]:
        """The summary row: ``player``, ``registration``, ``legal`` (``None`` when not judged), ``verdict``,
        ``factions`` (names, one per deck), ``codes`` (the lineup's broken codes, then the decks'),
        ``decks`` (deck files), ``shared_decks`` (``FILE (also in REG, …)``) and ``error`` (the reason it
        was not judged, or ``None``)."""
        report = self.report
        decks = [d.deck for d in report.decks] if report is not None else []
        factions = [str(d.profile.get("faction_name")) for d in report.decks if d.profile] if report else []
        codes: list[str] = []
        if report is not None:
            codes = [f.code for f in report.violations]
            codes += [f.code for d in report.decks for f in d.violations]
        return {
            "player": report.player if report is not None else self.player,
            "registration": self.where,
            "legal": report.legal if report is not None else None,
            "verdict": self.verdict,
            "factions": factions,
            "codes": list(dict.fromkeys(codes)),
            "decks": decks,
            "shared_decks": [f"{deck} (also in {_few(others)})" for deck, others in self.shares],
            "error": self.error.located() if self.error is not None else None,
        }


def registration_files(folder: str) -> list[str]:
    """Every registration under ``folder`` (recursively): the ``*.toml`` files that are not deck files, sorted.

    A file that holds ``faction`` and no ``decks`` is a deck file and is left
    out; one that cannot be read as TOML is kept, so the desk reports it.
    Raises :class:`DeckcliError` (exit 2) when ``folder`` is not a folder or holds no registration.
    """
    import os
    import tomllib

    if not os.path.isdir(folder):
        state = "is not a folder" if os.path.exists(folder) else "does not exist"
        raise DeckcliError(f"{state}: --dir takes the folder holding the registrations", where=folder)
    found = []
    for root, folders, files in os.walk(folder):
        folders.sort(key=_natural)
        for name in sorted(files, key=_natural):
            if not name.endswith(TOML_SUFFIX):
                continue
            path = os.path.normpath(os.path.join(root, name))
            try:
                with open(path, "rb") as handle:
                    document = tomllib.load(handle)
            except (OSError, ValueError):
                found.append(path)
                continue
            if "decks" in document or "faction" not in document:
                found.append(path)
    if not found:
        raise DeckcliError(
            'holds no registration (a *.toml file with decks = ["a.toml", …])', where=folder
        )
    return found


def looks_like_registration(path: str) -> bool:
    """Whether ``path`` reads as a registration (TOML with ``decks``); ``False`` for deck files, standard input
    (read once, by the command) and unreadable files, which are then reported where they are judged.

    The file is read within the same limits as any input (1 MiB, the input budget).
    """
    from deckcli.files.reading import STDIN, decode_text, read_bytes
    from deckcli.files.toml_lines import parse_toml

    if path == STDIN:
        return False
    try:
        return "decks" in parse_toml(decode_text(read_bytes(path), path), path)
    except DeckcliError:
        return False


def judge_registrations(paths: Sequence[str], name: str = "tournament") -> Iterator[DeskEntry]:
    """Judge each registration file in ``paths`` in turn, yielding its :class:`DeskEntry` as soon as it is judged.

    Never raises for a bad registration or deck file: the entry holds the error.
    Shared deck files are filled in by :func:`note_shared_decks` once all are judged.
    """
    from deckcli.deck.registration import read_registration
    from deckcli.files.reading import display_path

    rules = lineup_rules(name)
    for path in paths:
        entry = DeskEntry(path=path, where=display_path(path))
        try:
            registration = read_registration(path, rules.deck_count, rules.label)
        except DeckcliError as error:
            entry.error = error
            entry.player = _player_named(path)
            yield entry
            continue
        report = judge_registration(registration, rules)
        entry.report = report
        entry.error = next((d.error for d in report.decks if d.error is not None), None)
        yield entry


def _player_named(path: str) -> str | None:
    """The ``player`` of a registration that cannot be judged, when the file still reads as TOML naming one."""
    from deckcli.files.reading import decode_text, display_path, read_bytes
    from deckcli.files.toml_lines import parse_toml

    try:
        player = parse_toml(decode_text(read_bytes(path), display_path(path)), display_path(path)).get("player")
    except DeckcliError:
        return None
    return player if isinstance(player, str) and player.strip() else None


def note_shared_decks(entries: Sequence[DeskEntry]) -> list[tuple[str, list[DeskEntry]]]:
    """Deck files named by two or more registrations (the same file, however spelt), with those registrations.

    Fills each entry's ``shares``. Two players may not hand in one deck file:
    the desk notes it (it is not a rule of §15, so not a violation).
    """
    from deckcli.files.reading import file_identity

    users: dict[object, list[tuple[str, DeskEntry]]] = {}
    for entry in entries:
        if entry.report is None:
            continue
        for deck in dict.fromkeys(d.deck for d in entry.report.decks):
            users.setdefault(file_identity(deck), []).append((deck, entry))
    shared = []
    for group in users.values():
        owners = list(dict.fromkeys(entry.where for _deck, entry in group))
        if len(owners) < 2:
            continue
        shared.append((group[0][0], [entry for _deck, entry in group]))
        for deck, entry in group:
            entry.shares.append((deck, [o for o in owners if o != entry.where]))
    return shared


def _few(names: Sequence[str], most: int = 3) -> str:
    """``a, b`` or, past ``most`` names, ``a, b, c and 4 other registrations``."""
    if len(names) <= most:
        return ", ".join(names)
    return f"{', '.join(names[:most])} and {len(names) - most} other registrations"


def _natural(name: str) -> list[tuple[int, int | str]]:
    """Sort key putting ``p2`` before ``p10``: runs of digits compare as numbers."""
    import re

    return [(0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", name) if part]
