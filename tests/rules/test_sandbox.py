"""House rules run in a sandbox (issue 12, findings 7 and 8).

Linear-time regular expressions (RE2), bounded message widths, an evaluation
budget, ``$ref`` only within the rule file's folder, nothing quoted from a
referenced file, ``format`` checked or refused.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.cli_runs import deckcli_env, run_cli
from helpers.depth import examples
from helpers.repository import DECKS
from deckcli.rules.sandbox import MAX_FORMAT_PRECISION, MAX_FORMAT_WIDTH, MAX_STEPS, format_spec_problem, pattern_problem

STARTER = DECKS / "northern-realms-starter.toml"


def rules_file(folder: Path, schema: Any, name: str = "house.json") -> Path:
    path = folder / name
    path.write_text(json.dumps(schema), encoding="utf-8")
    return path


def deck_with_unknown(folder: Path, name: str) -> Path:
    deck = folder / "deck.toml"
    deck.write_text(STARTER.read_text(encoding="utf-8").replace('"Ves" = 1', f'"{name}" = 1'), encoding="utf-8")
    return deck


# --- finding 7: regular expressions, widths, evaluation -------------------------------------------


def test_finding_7_a_catastrophic_pattern_meets_a_long_unknown_name(tmp_path):
    # ^(a+)+$ against 26 a's and a "!" took 18.6 s under Python's engine, doubling per character.
    rules = rules_file(tmp_path, {"properties": {"unknown": {"items": {"pattern": "^(a+)+$", "x-code": "odd-name"}}}})
    for length in (26, 5000):
        deck = deck_with_unknown(tmp_path, "a" * length + "!")
        result = run_cli(["validate", deck, "--rules", rules], exit_code=1)
        assert "odd-name" in result.stdout


def test_patterns_run_on_re2():
    assert pattern_problem("^(a+)+$") is None
    assert pattern_problem("[a-z]+ [0-9]{2,3}$") is None
    assert "\\1" in pattern_problem(r"(a)\1") or "escape" in pattern_problem(r"(a)\1")
    assert pattern_problem("(?=a)") is not None


def test_a_pattern_re2_cannot_run_is_refused_when_the_rules_load(tmp_path):
    rules = rules_file(tmp_path, {"properties": {"leader": {"pattern": r"^(\w+) \1$"}}})
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}: pattern '^(\\\\w+) \\\\1$': RE2, the linear-time engine")
    assert "backreferences and lookarounds are not available" in result.stderr


def test_pattern_properties_and_additional_properties_use_re2(tmp_path):
    rules = rules_file(
        tmp_path,
        {"properties": {"cards": {"patternProperties": {"^(a+)+$": {"maximum": 0}},
                                  "additionalProperties": {"maximum": 3}, "x-code": "cards-ok"}}},
    )
    run_cli(["validate", STARTER, "--rules", rules], exit_code=1)  # 4 Poor Fucking Infantry > 3
    rules = rules_file(tmp_path, {"properties": {"cards": {"patternProperties": {"x": {}},
                                                           "unevaluatedProperties": False}}})
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert "unevaluatedProperties beside patternProperties" in result.stderr


@pytest.mark.parametrize("width", ["9999999999999", "99999999", str(MAX_FORMAT_WIDTH + 1)])
def test_finding_7_a_template_may_not_ask_for_a_huge_width(tmp_path, width):
    rules = rules_file(tmp_path, {"properties": {"heroes": {"maximum": 0, "x-message": "{value:>" + width + "}"}}})
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}:1: x-message ") and f"wide; at most {MAX_FORMAT_WIDTH}" in result.stderr
    assert len(result.stdout + result.stderr) < 500


def test_a_small_width_and_precision_still_work(tmp_path):
    rules = rules_file(tmp_path, {"properties": {"heroes": {"maximum": 0, "x-code": "h",
                                                            "x-message": "[{value:>6}] [{limit:.2f}]"}}})
    assert "h: [     4] [0.00]" in run_cli(["validate", STARTER, "--rules", rules], exit_code=1).stdout


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        (">80", None), (".20f", None), ("*^10", None), (",", None), ("08.3f", None), ("", None),
        (">81", "wide"), (".21f", "precision"), ("0" * 5000 + "9", "wide"), ("." + "9" * 5000, "precision"),
        (">{limit}", "not a format"), ("nonsense", "not a format"), ("c", "not a format"), (">5c", "not a format"),
    ],
)
def test_format_spec_bounds(spec, problem):
    found = format_spec_problem(spec)
    assert (found is None) if problem is None else (problem in found)


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> int:
    """A tenth of the budget for judging and for loading, so that the tests that use it all up take a tenth of the
    time: the steps it allows (the same code stops at the real budget; the ordinary rule sets below prove that it
    is far from reached)."""
    from deckcli.rules import sandbox

    steps = MAX_STEPS // 10
    monkeypatch.setattr(sandbox, "MAX_STEPS", steps)
    monkeypatch.setattr(sandbox, "MAX_LOAD_STEPS", steps)
    return steps


def test_finding_7_a_schema_fanning_out_is_stopped_by_the_budget(tmp_path, small_budget):
    # 10 ways over 6 levels: a million paths from a 2 KB schema (ran past 30 s).
    defs = {f"d{n}": {"anyOf": [{"$ref": f"#/$defs/d{n + 1}"}] * 10} for n in range(6)}
    defs["d6"] = {"not": {"type": "object"}}
    rules = rules_file(tmp_path, {"$defs": defs, "$ref": "#/$defs/d0"})
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert result.stderr.strip().startswith(f"{rules}: judging one deck took more than {small_budget:,} steps")


def test_an_ordinary_house_rule_set_is_far_inside_the_budget():
    from deckcli.rules.sandbox import _BUDGET

    league = DECKS.parent / "schemas" / "league-house-rules.schema.json"
    run_cli(["validate", STARTER, "--rules", league], exit_code=1)
    assert MAX_STEPS - _BUDGET.steps < MAX_STEPS // 100


# --- finding 8: references, quoting, format --------------------------------------------------------


def test_finding_8_a_ref_outside_the_rule_files_folder_is_refused_naming_it(tmp_path):
    secret = tmp_path / "elsewhere" / "secret.json"
    secret.parent.mkdir()
    secret.write_text(json.dumps({"type": "sk-live-0123456789"}), encoding="utf-8")
    (tmp_path / "rules").mkdir()
    for ref in (str(secret), "../elsewhere/secret.json", "/etc/passwd", "file:///proc/self/environ"):
        rules = rules_file(tmp_path / "rules", {"$ref": ref})
        result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
        assert result.stderr.startswith(f"{rules}: $ref {ref!r} leaves the rule file's folder"), result.stderr
        assert "sk-live" not in result.stderr


def test_a_link_inside_the_folder_to_a_file_outside_is_refused(tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text("{}", encoding="utf-8")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "link.json").symlink_to(outside)
    rules = rules_file(tmp_path / "rules", {"$ref": "link.json"})
    assert "leaves the rule file's folder" in run_cli(["validate", STARTER, "--rules", rules], exit_code=2).stderr


def test_a_ref_to_a_file_below_the_folder_works(tmp_path):
    (tmp_path / "parts").mkdir()
    rules_file(tmp_path / "parts", {"properties": {"heroes": {"maximum": 0, "x-code": "no-heroes"}}}, "heroes.json")
    rules = rules_file(tmp_path, {"$ref": "parts/heroes.json"})
    assert "no-heroes" in run_cli(["validate", STARTER, "--rules", rules], exit_code=1).stdout


def test_finding_8_a_referenced_file_that_is_not_a_schema_is_named_never_quoted(tmp_path):
    (tmp_path / "bad.json").write_text(json.dumps({"type": "sk-live-0123456789"}), encoding="utf-8")
    rules = rules_file(tmp_path, {"$ref": "bad.json"})
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert "sk-live" not in result.stderr
    assert result.stderr.strip() == (
        f"{rules}: $ref 'bad.json': {tmp_path / 'bad.json'} is not a usable rule-set schema "
        f"(not quoted here; see why with --rules {tmp_path / 'bad.json'})"
    )


def test_finding_8_format_is_checked(tmp_path):
    rules = rules_file(tmp_path, {"properties": {"leader": {"format": "email", "x-code": "leader-email"}}})
    assert "leader-email" in run_cli(["validate", STARTER, "--rules", rules], exit_code=1).stdout


def test_finding_8_a_format_that_cannot_be_checked_is_refused(tmp_path):
    rules = rules_file(tmp_path, {"properties": {"leader": {"format": "no-such-format"}}})
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}: \"format\" 'no-such-format' cannot be checked here")


def test_a_regex_format_is_checked_by_re2(tmp_path):
    rules = rules_file(tmp_path, {"properties": {"unknown": {"items": {"format": "regex", "x-code": "not-a-regex"}}}})
    # an unknown name is a violation under any rule set (exit 1); the rule's own code tells the regex apart
    regex = run_cli(["validate", deck_with_unknown(tmp_path, "Zzz (a)+"), "--rules", rules], exit_code=1)
    assert "not-a-regex" not in regex.stdout and "unknown-card" in regex.stdout
    backreference = run_cli(["validate", deck_with_unknown(tmp_path, "(a)\\\\1"), "--rules", rules], exit_code=1)
    assert "not-a-regex" in backreference.stdout  # Python's engine takes \1; RE2 does not


# --- hostile rule files (hypothesis) -------------------------------------------------------------

EVIL_PATTERNS = ["^(a+)+$", "(a|a)*$", "(a|ab)*c", r"(\w|\d)+$", "(.*a){20}", "((a*)*)*b", r"^(\s*)*$",
                 "(a{1,1000}){1,1000}", "[", r"(a)\1", "(?<=a)b", "a" * 5000]
SPECS = st.one_of(
    st.sampled_from([">9999999999999", ">99999999", ".99999999f", "{limit}", "!r", ">80", "^81", "0" * 100 + "1"]),
    st.from_regex(r"\A[<>^=]?[0-9]{1,30}(\.[0-9]{1,30})?[fde%]?\Z"),
)


def hostile_schemas() -> st.SearchStrategy[Any]:
    field = st.sampled_from(["leader", "unknown", "cards", "heroes", "faction"])
    piece = st.one_of(
        st.builds(lambda p: {"pattern": p}, st.sampled_from(EVIL_PATTERNS) | st.text(max_size=30)),
        st.builds(lambda p: {"patternProperties": {p: {"maximum": 0}}, "additionalProperties": False},
                  st.sampled_from(EVIL_PATTERNS)),
        st.builds(lambda p: {"items": {"pattern": p}}, st.sampled_from(EVIL_PATTERNS)),
        st.builds(lambda s: {"maximum": 0, "x-message": "{value:" + s + "}"}, SPECS),
        st.builds(lambda f: {"format": f}, st.sampled_from(["email", "uri", "regex", "date", "nope", "ipv4"])),
        st.builds(lambda n: {"$ref": "#/$defs/d0", "$defs": {f"d{i}": {"anyOf": [{"$ref": f"#/$defs/d{i + 1}"}] * n}
                                                             for i in range(6)} | {"d6": {}}},
                  st.integers(1, 12)),
        st.builds(lambda r: {"$ref": r}, st.sampled_from(["/etc/passwd", "../x.json", "file:///etc/hosts", "#/nope",
                                                          "loop.json", "a\u0000b.json", "\udc80.json"])),
        st.builds(lambda p: {"$schema": "http://json-schema.org/draft-07/schema#", "items": {"pattern": p}},
                  st.sampled_from(EVIL_PATTERNS)),
        st.builds(lambda p: {"pattern": p}, st.sampled_from(["\ud800", "a\udfff", "\ud83c\udca1"])),
        st.builds(lambda s: {"maximum": 0, "x-message": "{value:" + s + "}"}, st.sampled_from(["c", ">3c", "x"])),
    )
    return st.dictionaries(field, piece, min_size=1, max_size=3).map(lambda props: {"properties": props})


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(schema=hostile_schemas(), long_name=st.integers(1, 3000))
def test_hostile_house_rules_never_crash(tmp_path, schema, long_name):
    if not (tmp_path / "loop.json").is_symlink():
        (tmp_path / "loop.json").symlink_to("loop.json")
    rules = rules_file(tmp_path, schema)
    deck = deck_with_unknown(tmp_path, "a" * long_name + "!")
    from click.testing import CliRunner

    from deckcli.cli.main import cli

    result = CliRunner().invoke(cli, ["validate", str(deck), "--rules", str(rules)], env=deckcli_env())
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{schema} raised {result.exception!r}") from result.exception
    assert result.exit_code in (0, 1, 2), result.output
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    assert len(result.stdout) < 200_000
    if result.exit_code == 2:
        assert result.stderr.strip()


def test_a_pattern_only_re2_reads_is_accepted_and_judged_by_re2(tmp_path):
    upper = rules_file(tmp_path, {"properties": {"leader": {"pattern": "^\\p{Lu}", "x-code": "leader-case"}}}, "upper.json")
    run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", upper])  # Python's re cannot read \p{Lu}
    lower = rules_file(tmp_path, {"properties": {"leader": {"pattern": "^\\p{Ll}", "x-code": "leader-case"}}}, "lower.json")
    assert "leader-case" in run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", lower], exit_code=1).stdout


# --- issue 23: what a rule file holds at load time -------------------------------------------------


@pytest.mark.parametrize(("ref", "said"), [
    ("loop.json", "loop.json is a loop of symbolic links, not a schema file"),
    ("a\u0000b.json", "not a file name this system can use (embedded null byte)"),
    ("\udc80.json", "half of a UTF-16 surrogate pair"),
])
def test_a_ref_no_file_can_answer_is_one_line(tmp_path, ref, said):
    (tmp_path / "loop.json").symlink_to("loop.json")  # RuntimeError: Symlink loop, from pathlib
    rules = rules_file(tmp_path, {"allOf": [{"$ref": ref}]})
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert said in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_a_lone_surrogate_in_a_pattern_is_refused_on_its_line(tmp_path):
    # JSON's \ud800 alone is no character: RE2 could not even be handed it (UnicodeEncodeError)
    rules = tmp_path / "house.json"
    rules.write_text('{\n  "properties": {\n    "faction": {"pattern": "\\ud800"}\n  }\n}\n', encoding="utf-8")
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f'{rules}:3: holds "\\ud800", half of a UTF-16 surrogate pair, which is no character')
    both = rules_file(tmp_path, {"properties": {"faction": {"pattern": "\U0001f0a1"}}}, "pair.json")  # both halves: fine
    run_cli(["validate", STARTER, "--rules", both], exit_code=1)


def _fan_of_subschemas(count: int) -> dict[str, Any]:
    return {"allOf": [{"not": {"not": {}}} for _ in range(count)]}


def test_checking_a_rule_file_against_the_metaschema_is_within_the_budget(tmp_path, monkeypatch):
    # a 76 KB file of small subschemas took 8.5 s to check against the draft 2020-12 metaschema, unbudgeted
    from deckcli.rules import sandbox

    monkeypatch.setattr(sandbox, "MAX_LOAD_STEPS", 2_000)
    rules = rules_file(tmp_path, _fan_of_subschemas(300))
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert result.stderr.strip().startswith(f"{rules}: loading the rule set took more than 2,000 steps or 1 s")
    assert result.stderr.count("\n") == 1


def test_a_rule_file_of_thousands_of_subschemas_is_stopped_while_it_loads(tmp_path, small_budget):
    rules = rules_file(tmp_path, _fan_of_subschemas(6_000))  # 110 KB; about 5 s to check unbudgeted
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert f"loading the rule set took more than {small_budget:,} steps" in result.stderr


def test_loading_an_ordinary_house_rule_set_is_far_inside_the_budget(monkeypatch):
    from deckcli.rules import sandbox

    spent: list[int] = []
    stop = sandbox._Budget.stop
    monkeypatch.setattr(sandbox._Budget, "stop", lambda self: (spent.append(sandbox.MAX_LOAD_STEPS - self.steps), stop(self)))
    league = DECKS.parent / "schemas" / "league-house-rules.schema.json"
    run_cli(["validate", STARTER, "--rules", league], exit_code=1)
    assert 0 < spent[0] < sandbox.MAX_LOAD_STEPS // 100


@pytest.mark.parametrize("declared", ["http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2020-12/schema"])
def test_a_subschema_declaring_its_own_schema_is_still_judged_in_the_sandbox(tmp_path, declared, small_budget):
    # jsonschema picks a subschema's validator by its "$schema": plain jsonschema, Python's re, no budget
    inner = {"$schema": declared, "pattern": "^\\p{Ll}", "x-code": "leader-case"}
    rules = rules_file(tmp_path, {"properties": {"leader": inner}})
    assert "leader-case" in run_cli(["validate", STARTER, "--rules", rules], exit_code=1).stdout  # re: "bad escape \p"
    defs = {f"d{n}": {"anyOf": [{"$ref": f"#/$defs/d{n + 1}"}] * 10} for n in range(6)}
    defs["d6"] = {"type": "object"}  # the leader is text: every one of the million paths is tried
    fan = rules_file(tmp_path, {"$defs": defs, "properties": {"leader": {"$schema": declared, "$ref": "#/$defs/d0"}}},
                     "fan.json")
    result = run_cli(["validate", STARTER, "--rules", fan], exit_code=2)
    assert f"judging one deck took more than {small_budget:,} steps" in result.stderr


def test_a_c_format_is_refused_it_would_print_a_control_character(tmp_path):
    # {value:c} of 27 is ESC: a profile number turned into a terminal escape
    rules = rules_file(tmp_path, {"properties": {"heroes": {"maximum": 0, "x-message": "{value:c}"}}})
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert "{value:c} is not a format deckcli can apply" in result.stderr


def test_a_property_name_is_quoted_escaped_in_a_load_error(tmp_path):
    rules = rules_file(tmp_path, {"properties": {"her\x1b]0;owned\x07oes\nfake line": {"maximum": 0}}})
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr and result.stderr.count("\n") == 1
    assert 'the profile has no field "her\\x1b]0;owned\\x07oes\\nfake line"' in result.stderr
