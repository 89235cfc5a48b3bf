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

from conftest import DECKS, deckcli_env, examples, run_cli
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
        (">{limit}", "not a format"), ("nonsense", "not a format"),
    ],
)
def test_format_spec_bounds(spec, problem):
    found = format_spec_problem(spec)
    assert (found is None) if problem is None else (problem in found)


def test_finding_7_a_schema_fanning_out_is_stopped_by_the_budget(tmp_path):
    # 10 ways over 6 levels: a million paths from a 2 KB schema (ran past 30 s).
    defs = {f"d{n}": {"anyOf": [{"$ref": f"#/$defs/d{n + 1}"}] * 10} for n in range(6)}
    defs["d6"] = {"not": {"type": "object"}}
    rules = rules_file(tmp_path, {"$defs": defs, "$ref": "#/$defs/d0"})
    result = run_cli(["validate", STARTER, "--rules", rules], exit_code=2)
    assert result.stderr.strip().startswith(f"{rules}: judging one deck took more than {MAX_STEPS:,} steps")


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
    run_cli(["validate", deck_with_unknown(tmp_path, "Zzz (a)+"), "--rules", rules], exit_code=0)  # a regex
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
        st.builds(lambda r: {"$ref": r}, st.sampled_from(["/etc/passwd", "../x.json", "file:///etc/hosts", "#/nope"])),
    )
    return st.dictionaries(field, piece, min_size=1, max_size=3).map(lambda props: {"properties": props})


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(schema=hostile_schemas(), long_name=st.integers(1, 3000))
def test_hostile_house_rules_never_crash(tmp_path, schema, long_name):
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
