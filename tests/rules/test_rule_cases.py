"""Every rule case in tests/rules/cases/ (see tests/rules/cases/README.md): legal decks pass, illegal ones give exactly their codes."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from helpers.cli_runs import run_cli

CASES = Path(__file__).resolve().parent / "cases"
BUILT_IN = ("standard", "advanced", "solo")


def rules_of(rule_set: Path) -> str:
    """What ``--rules`` gets for a folder of cases: a built-in name, or the folder's own rules.schema.json."""
    own = rule_set / "rules.schema.json"
    if own.is_file():
        return str(own)
    assert rule_set.name in BUILT_IN, f"{rule_set}: neither a built-in rule set nor a folder with rules.schema.json"
    return rule_set.name


def expected_codes(case: Path) -> list[str]:
    """The codes named on an illegal case's first line, ``# codes: a, b``."""
    first = case.read_text("utf-8").splitlines()[0]
    assert first.startswith("# codes:"), f"{case}: an illegal case starts with '# codes: CODE, ...'"
    return sorted(code.strip() for code in first.removeprefix("# codes:").split(",") if code.strip())


def all_cases() -> list:
    found = [
        pytest.param(case, id=str(case.relative_to(CASES)))
        for case in sorted(CASES.glob("*/*/*.toml"))
    ]
    assert found, f"no rule case under {CASES}"
    return found


@pytest.mark.parametrize("case", all_cases())
def test_rule_case(case: Path) -> None:
    verdict = case.parent.name
    assert verdict in ("legal", "illegal"), f"{case}: a case lives in legal/ or illegal/"
    rules = rules_of(case.parent.parent)
    wanted = expected_codes(case) if verdict == "illegal" else []
    result = run_cli(["validate", "--rules", rules, "--format", "json", case], exit_code=1 if wanted else 0)
    [report] = json.loads(result.stdout)["decks"]
    assert report["legal"] is (not wanted)
    found = sorted(violation["code"] for violation in report["violations"])
    assert Counter(found) == Counter(wanted), f"{case}: codes {found}, expected {wanted}"


def test_every_rule_set_has_legal_and_illegal_cases() -> None:
    for rule_set in sorted(p for p in CASES.iterdir() if p.is_dir()):
        assert list((rule_set / "legal").glob("*.toml")), f"{rule_set.name}: no legal case"
        assert list((rule_set / "illegal").glob("*.toml")), f"{rule_set.name}: no illegal case"
    assert {p.name for p in CASES.iterdir() if p.is_dir()} >= set(BUILT_IN)
