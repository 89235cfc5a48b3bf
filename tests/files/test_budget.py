"""The input budget: every file is measured before a parser reads it (issue 12, findings 1 to 6).

Each finding of the fuzz campaign is reproduced as it was reported; then the
bounds themselves (at the bound: read, one past: refused), the scanner against
tomllib on generated documents, and hostile documents for every command that
reads a file (hypothesis), asserting no internal error and reporting the
slowest input.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from helpers.cli_runs import deckcli_env, run_cli
from helpers.depth import examples
from helpers.repository import DECKS
from deckcli.catalog.loading import default_catalog
from deckcli.cli.main import cli
from deckcli.errors import DeckFileError, EXIT_UNUSABLE
from deckcli.files.budget import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_ITEMS,
    MAX_KEY_PARTS,
    MAX_LINE_CHARS,
    check_json_text,
    check_toml_text,
)

STARTER = DECKS / "northern-realms-starter.toml"
BUDGET = "(deckcli's input budget)"
BIG = "1" + "0" * 4300  # 4,301 digits: one more than Python converts


@pytest.fixture(autouse=True)
def fresh_catalog():
    """``DECKCLI_CATALOG`` is read once per process: forget it around each test."""
    default_catalog.cache_clear()
    yield
    default_catalog.cache_clear()


def starter_with(extra: str) -> str:
    return STARTER.read_text(encoding="utf-8") + "\n" + extra + "\n"


def assert_budget(result: Any, path: Path, reason: str) -> None:
    line = result.stderr.strip()
    assert line.startswith(f"{path}:") and line.endswith(BUDGET) and reason in line, line
    assert "internal error" not in line


def invoke(args: list[str], env: dict[str, str] | None = None) -> Any:
    result = CliRunner().invoke(cli, [str(a) for a in args], env=deckcli_env(**(env or {})))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"deckcli {args} raised {result.exception!r}") from result.exception
    return result


# --- the findings, as reported -----------------------------------------------------------------


@pytest.mark.parametrize("command", ["validate", "profile", "stats", "odds", "export", "fmt"])
def test_finding_1_an_integer_of_4301_digits_in_a_deck(tmp_path, command):
    deck = tmp_path / "deck.toml"
    deck.write_text(starter_with(f"x = {BIG}"), encoding="utf-8")
    assert_budget(run_cli([command, deck], exit_code=2), deck, "a number of 4,301 digits; a number has at most 64")


NON_DECIMAL = {"hexadecimal": "0x" + "f" * 4000, "octal": "0o" + "7" * 4000, "binary": "0b" + "1" * 4000}
"""Integers Python reads at any size but cannot print (more than 4,300 decimal digits): issue 22, item 9."""


@pytest.mark.parametrize("base", list(NON_DECIMAL))
@pytest.mark.parametrize(
    "command",
    [["validate"], ["profile"], ["stats"], ["odds"], ["export"], ["fmt"], ["fmt", "--check"], ["diff", str(STARTER)],
     ["draw"], ["fix"], ["sheet", "-o", "-"], ["add", "_", "Decoy"], ["remove", "_", "Decoy"]],
    ids=lambda args: " ".join(a for a in args if not a.startswith("/")),
)
def test_a_huge_non_decimal_count_is_refused_by_every_command_that_reads_a_deck(tmp_path, base, command):
    deck = tmp_path / "deck.toml"
    text = STARTER.read_text(encoding="utf-8").replace('"Decoy" = 2', f'"Decoy" = {NON_DECIMAL[base]}')
    assert text != STARTER.read_text(encoding="utf-8")
    deck.write_text(text, encoding="utf-8")
    args = [*command, str(deck)] if "_" not in command else [command[0], str(deck), *command[2:]]
    assert_budget(run_cli(args, exit_code=2), deck, "a number of 4,000 digits; a number has at most 64")
    assert deck.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("args", [["odds", str(STARTER), "--hand", BIG], ["odds", str(STARTER), "--at-least", BIG, "Decoy"],
                                  ["draw", str(STARTER), "--seed", BIG], ["add", "deck.toml", "Decoy", BIG]],
                         ids=["hand", "at-least", "seed", "add"])
def test_a_huge_number_on_the_command_line_is_refused_by_the_budget_never_printed_back(args):
    said = run_cli(args, exit_code=2).stderr
    assert "a number of 4,301 digits; a number has at most 64" in said and BIG not in said


def test_a_huge_number_in_a_gwent_classic_file_is_refused_by_the_budget(tmp_path):
    source = tmp_path / "GwentDeck.json"
    source.write_text('{"faction": "realms", "leader": 24, "cards": [[28, ' + "9" * 5000 + "]]}", encoding="utf-8")
    assert_budget(run_cli(["import", source, "-o", "-"], exit_code=2), source, "a number of 5,000 digits")


def test_finding_1_an_integer_of_4301_digits_in_a_registration(tmp_path):
    registration = tmp_path / "registration.toml"
    registration.write_text(f'decks = ["a.toml", "b.toml", "c.toml"]\nx = {BIG}\n', encoding="utf-8")
    assert_budget(run_cli(["tournament", registration], exit_code=2), registration, "a number of 4,301 digits")


@pytest.mark.parametrize("args", [["validate", str(STARTER)], ["cards"], ["card", "Decoy"]])
def test_finding_1_an_integer_of_4301_digits_in_a_catalog_file(tmp_path, args):
    (tmp_path / "skellige.toml").write_text(f'faction = "skellige"\nx = {BIG}\n', encoding="utf-8")
    result = invoke(args, env={"DECKCLI_CATALOG": str(tmp_path)})
    assert result.exit_code == EXIT_UNUSABLE
    assert_budget(result, tmp_path / "skellige.toml", "a number of 4,301 digits")


@pytest.mark.parametrize(
    "args",
    [
        ["cards", "--faction", "skellige"],
        ["card", "Decoy", "--faction", "skellige"],
        ["new", "--faction", "skellige", "-o", "-"],
        ["schema", "--faction", "skellige", "-o", "-"],
        ["import", "-", "--faction", "skellige", "-o", "-"],
    ],
    ids=lambda args: args[0],
)
def test_finding_2_a_broken_catalog_met_by_faction_is_a_clean_exit_2(tmp_path, args):
    (tmp_path / "skellige.toml").write_text("faction = \n", encoding="utf-8")
    result = invoke(args, env={"DECKCLI_CATALOG": str(tmp_path)})
    assert result.exit_code == EXIT_UNUSABLE
    assert result.stderr.strip() == f"{tmp_path / 'skellige.toml'}:1:11: catalog file is not valid TOML: Invalid value"


def test_finding_3_a_registration_with_a_dotted_table_of_5000_parts(tmp_path):
    registration = tmp_path / "registration.toml"
    registration.write_text('decks = ["a.toml", "b.toml", "c.toml"]\n[' + ".".join(["a"] * 5000) + "]\n", encoding="utf-8")
    assert_budget(run_cli(["tournament", registration], exit_code=2), registration, "a line of 10,001 characters")
    # Within the line budget, the parts are what is refused.
    registration.write_text('decks = ["a.toml", "b.toml", "c.toml"]\n[' + ".".join(["a"] * 4000) + "]\n", encoding="utf-8")
    assert_budget(run_cli(["tournament", registration], exit_code=2), registration, "more than 16 parts")


@pytest.mark.parametrize("command", [["validate"], ["fmt"], ["fmt", "--check"]])
def test_finding_4_fmt_and_validate_agree_on_a_600_part_dotted_table(tmp_path, command):
    deck = tmp_path / "deck.toml"
    deck.write_text(starter_with("[" + ".".join(["a"] * 600) + "]"), encoding="utf-8")
    before = deck.read_bytes()
    result = run_cli([*command, deck], exit_code=2)
    assert result.stderr.strip() == (
        f"{deck}:{_line_of_header(deck)}:2: a dotted key or table header of more than 16 parts {BUDGET}"
    )
    assert deck.read_bytes() == before


@pytest.mark.parametrize("args", [["validate", str(STARTER)], ["cards"], ["stats", str(STARTER)]])
def test_finding_5_a_catalog_file_2000_lists_deep(tmp_path, args):
    (tmp_path / "skellige.toml").write_text("x = " + "[" * 2000 + "]" * 2000 + "\n", encoding="utf-8")
    result = invoke(args, env={"DECKCLI_CATALOG": str(tmp_path)})
    assert result.exit_code == EXIT_UNUSABLE
    assert_budget(result, tmp_path / "skellige.toml", f"nested more than {MAX_DEPTH} levels deep")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('faction = "Skellige"\n[' + ".".join(["a"] * 20_000) + "]\n", "a line of 40,001 characters"),
        ('faction = "Skellige"\n[' + ".".join(["a"] * 50_000) + "]\n", "a line of 100,001 characters"),
        ('faction = "Skellige"\n' + ".".join(["a"] * 50_000) + " = 1\n", "a line of 100,003 characters"),
        ('faction = "Skellige"\n[' + ".".join(["a"] * 4_000) + "]\n", "more than 16 parts"),
        ('faction = "Skellige"\n' + "a." * 4_000 + "a = 1\n", "more than 16 parts"),
    ],
    ids=["header-40KB", "header-100KB", "key-100KB", "header-8KB", "key-8KB"],
)
def test_finding_6_dotted_keys_never_reach_the_quadratic_parser(tmp_path, text, reason):
    deck = tmp_path / "deck.toml"
    deck.write_text(text, encoding="utf-8")
    assert_budget(run_cli(["validate", deck], exit_code=2), deck, reason)


# --- the bounds ---------------------------------------------------------------------------------


def measured(text: str) -> str | None:
    """The budget's reason for refusing TOML ``text``, or ``None`` when it passes."""
    try:
        check_toml_text(text, "f", DeckFileError)
    except DeckFileError as error:
        return error.located()
    return None


def nested(depth: int) -> str:
    return "x = " + "[" * (depth - 1) + "]" * (depth - 1) + "\n"


@pytest.mark.parametrize(
    ("inside", "over"),
    [
        ("[" + ".".join(["a"] * MAX_KEY_PARTS) + "]\n", "[" + ".".join(["a"] * (MAX_KEY_PARTS + 1)) + "]\n"),
        (".".join(["a"] * MAX_KEY_PARTS) + " = 1\n", ".".join(["a"] * (MAX_KEY_PARTS + 1)) + " = 1\n"),
        (nested(MAX_DEPTH), nested(MAX_DEPTH + 1)),
        ("x = " + "{a = " * (MAX_DEPTH - 1) + "1" + "}" * (MAX_DEPTH - 1) + "\n",
         "x = " + "{a = " * MAX_DEPTH + "1" + "}" * MAX_DEPTH + "\n"),
        ("x = 1" + "0" * (MAX_DIGITS - 1) + "\n", "x = 1" + "0" * MAX_DIGITS + "\n"),
        ("x = 1.5e" + "1" * (MAX_DIGITS - 2) + "\n", "x = 1.5e" + "1" * (MAX_DIGITS - 1) + "\n"),
        ("x = 0x" + "f" * MAX_DIGITS + "\n", "x = 0x" + "f" * (MAX_DIGITS + 1) + "\n"),
        ("x = 0o" + "7" * MAX_DIGITS + "\n", "x = 0o" + "7" * (MAX_DIGITS + 1) + "\n"),
        ("x = 0b" + "1_0" * (MAX_DIGITS // 2) + "\n", "x = 0b" + "1_0" * (MAX_DIGITS // 2) + "1\n"),
        ("# " + "x" * (MAX_LINE_CHARS - 2) + "\n", "# " + "x" * (MAX_LINE_CHARS - 1) + "\n"),
        ("".join(f"k{n} = {n}\n" for n in range(MAX_ITEMS // 2)), "".join(f"k{n} = {n}\n" for n in range(MAX_ITEMS // 2 + 1))),
    ],
    ids=["header-parts", "key-parts", "list-depth", "inline-table-depth", "digits", "float-digits", "hex-digits",
         "octal-digits", "binary-digits", "line", "items"],
)
def test_at_the_bound_read_one_past_refused(inside, over):
    assert measured(inside) is None
    assert measured(over) is not None and measured(over).endswith(BUDGET)
    tomllib.loads(inside)  # what the budget lets through, the parser reads


def test_depth_adds_up_header_key_and_lists():
    header = "[" + ".".join(["a"] * 10) + "]\n"
    assert measured(header + "b.c = " + "[" * 20 + "]" * 20 + "\n") is None  # 10 + 2 + 20 = 32
    assert "nested more than 32" in measured(header + "b.c = " + "[" * 21 + "]" * 21 + "\n")
    assert "nested more than 32" in measured("[[" + ".".join(["a"] * 16) + "]]\nb = " + "[" * 16 + "]" * 16 + "\n")


@pytest.mark.parametrize(
    "text",
    [
        '"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[" = 1\n',
        "x = '" + "9" * 5000 + "'\n",
        'x = """\n[' + ".".join(["a"] * 100) + ']\n"""\n',
        "x = '''" + "{" * 100 + "'''\n",
        "# " + "[" * 100 + "\n",
        'x = "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s" # ' + "[" * 40 + "\n",
        "x = [\n  1, # [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n  2,\n]\n",
        'x = "\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["\n',
        "d = 1979-05-27 07:32:00\n",
        "d = 1979-05-27T07:32:00.999999-07:00\n",
    ],
    ids=["quoted-key", "digits-in-string", "ml-string", "ml-literal", "comment", "trailing-comment", "list-comment",
         "escaped-quote", "date-space", "date-time"],
)
def test_what_strings_and_comments_hold_is_not_measured(text):
    assert measured(text) is None
    tomllib.loads(text)


def test_every_packaged_file_is_inside_the_budget():
    package = Path(__file__).resolve().parents[2] / "deckcli"
    for path in package.rglob("*.toml"):
        assert measured(path.read_text(encoding="utf-8")) is None, path
    for path in package.rglob("*.json"):
        check_json_text(path.read_text(encoding="utf-8"), str(path), DeckFileError)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested more than 32 levels deep"),
        ('{"a": 1' + "0" * 5000 + "}", "a number of 5,001 digits"),
        ("[" + "1," * (MAX_ITEMS + 1) + "1]", "more than 20,000 members and items"),
    ],
    ids=["depth", "digits", "items"],
)
def test_json_bounds(text, reason):
    with pytest.raises(DeckFileError, match=reason):
        check_json_text(text, "f.json", DeckFileError)
    check_json_text(json.dumps({"a": "[" * 100 + "9" * 5000}), "f.json", DeckFileError)  # inside strings: not measured
    check_json_text('"\\' * 10_000, "f.json", DeckFileError)  # an unterminated string is the parser's to report


# --- the scanner against tomllib (hypothesis) ---------------------------------------------------

keys = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=8)
scalars = st.one_of(
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.text(max_size=20),
    st.datetimes(),
    st.dates(),
)


def values(depth: int) -> st.SearchStrategy[Any]:
    if depth <= 1:
        return scalars
    inner = values(depth - 1)
    return st.one_of(scalars, st.lists(inner, max_size=3), st.dictionaries(keys, inner, max_size=3))


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document=st.dictionaries(keys, values(8), max_size=6))
def test_ordinary_documents_pass_the_budget(document):
    """Any TOML tomli_w writes from a document a few levels deep is measured as inside the budget."""
    text = tomli_w.dumps(document)
    assert measured(text) is None, text
    assert tomllib.loads(text) == tomllib.loads(text)  # and tomllib reads it


def hostile_pieces() -> st.SearchStrategy[str]:
    """What made parsers slow, deep or crash: each drawn past its bound, any size up to a few hundred KB."""
    return st.one_of(
        st.integers(MAX_DEPTH + 1, 3000).map(lambda n: "x = " + "[\n" * n + "]\n" * n),
        st.integers(MAX_DEPTH + 1, 2000).map(lambda n: "x = " + "{a = " * min(n, 2400) + "1" + "}" * min(n, 2400)),
        st.integers(MAX_KEY_PARTS + 1, 60_000).map(lambda n: "[" + ".".join(["a"] * n) + "]"),
        st.integers(MAX_KEY_PARTS + 1, 60_000).map(lambda n: ".".join(["k"] * n) + " = 1"),
        st.integers(MAX_DIGITS + 1, 100_000).map(lambda n: "x = 1" + "0" * n),
        st.integers(MAX_DIGITS + 1, 100_000).map(lambda n: "x = -0." + "5" * n),
        st.tuples(st.sampled_from(["0x", "0o", "0b"]), st.integers(MAX_DIGITS + 1, 9_000)).map(
            lambda base_n: f"x = {base_n[0]}" + "1" * base_n[1]),
        st.integers(MAX_LINE_CHARS + 1, 200_000).map(lambda n: "# " + "x" * n),
        st.integers(MAX_ITEMS + 1, 60_000).map(lambda n: "x = [\n" + "1,\n" * n + "]"),
    )


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(piece=hostile_pieces(), before=st.booleans())
def test_hostile_pieces_are_refused_by_the_budget(piece, before):
    base = STARTER.read_text(encoding="utf-8")
    text = piece + "\n" + base if before else base + "\n" + piece + "\n"
    reason = measured(text)
    assert reason is not None and reason.endswith(BUDGET), reason


# --- every command that reads a file, against hostile documents ----------------------------------

SLOWEST: dict[str, tuple[float, str]] = {}
"""Per command: the slowest hostile run seen, reported at the end of the module."""


@pytest.fixture(scope="module", autouse=True)
def report_slowest(request):
    yield
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None or not SLOWEST:
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line("")
        for command, (seconds, label) in sorted(SLOWEST.items(), key=lambda item: -item[1][0]):
            reporter.write_line(f"slowest hostile input for {command}: {seconds * 1000:.0f} ms ({label})")


def _record(command: str, seconds: float, label: str) -> None:
    if seconds > SLOWEST.get(command, (0.0, ""))[0]:
        SLOWEST[command] = (seconds, label)


HOSTILE_LINES = {
    "validate": "validate {deck}",
    "validate-json": "validate {deck} --format json",
    "tournament": "tournament {deck}",
    "tournament-3": "tournament {deck} {deck} {deck}",
    "team": "team {deck} {deck}",
    "profile": "profile {deck}",
    "stats": "stats {deck}",
    "odds": "odds {deck}",
    "export": "export {deck}",
    "diff": "diff {deck} {deck}",
    "fmt": "fmt {deck}",
    "fmt-check": "fmt --check {deck}",
    "import": "import {deck} --faction Skellige -o -",
    "score": "score {deck}",
    "solo": "solo {deck} --reveal Decoy",
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(HOSTILE_LINES))
@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                  HealthCheck.function_scoped_fixture])
@given(piece=hostile_pieces(), registration=st.booleans())
@example(piece=".".join(["k"] * 50_000) + " = 1", registration=False)  # finding 6: minutes in tomllib
@example(piece="[" + ".".join(["a"] * 4_000) + "]", registration=True)  # finding 3
@example(piece="x = " + "[\n" * 3_000 + "]\n" * 3_000, registration=False)
@example(piece="x = 1" + "0" * 100_000, registration=True)  # finding 1
@example(piece="x = [\n" + "1,\n" * 60_000 + "]", registration=False)
def test_every_command_answers_hostile_documents(name, piece, registration):
    line = HOSTILE_LINES[name]
    with tempfile.TemporaryDirectory() as folder:
        args = []
        for word in line.split():
            if word == "{deck}":
                path = Path(folder) / f"input{len(args)}.toml"
                head = 'decks = ["a.toml", "b.toml", "c.toml"]\n' if registration else STARTER.read_text(encoding="utf-8")
                path.write_text(head + "\n" + piece + "\n", encoding="utf-8")
                args.append(str(path))
            else:
                args.append(word)
        before = {p: p.read_bytes() for p in Path(folder).iterdir()}
        start = time.perf_counter()
        result = invoke(args)
        _record(name, time.perf_counter() - start, piece[:40].replace("\n", "\\n") + f"… ({len(piece):,} chars)")
        assert "internal error" not in result.stderr and "Traceback" not in result.stderr, result.stderr
        if name == "import":  # a file over the budget is no deck file: import reads it as a list, line by line
            assert result.exit_code in (0, 1, EXIT_UNUSABLE), result.stderr
        else:
            assert result.exit_code == EXIT_UNUSABLE and BUDGET in result.stderr, result.stderr
        assert {p: p.read_bytes() for p in Path(folder).iterdir()} == before


@pytest.mark.slow
@pytest.mark.parametrize("args", [["validate", str(STARTER)], ["cards"], ["card", "Decoy"], ["new", "--faction", "skellige", "-o", "-"]],
                         ids=lambda args: args[0])
@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                  HealthCheck.function_scoped_fixture])
@given(piece=hostile_pieces())
def test_every_command_answers_a_hostile_catalog_file(args, piece):
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "skellige.toml").write_text('faction = "skellige"\n' + piece + "\n", encoding="utf-8")
        default_catalog.cache_clear()
        start = time.perf_counter()
        result = invoke(args, env={"DECKCLI_CATALOG": folder})
        _record(f"{args[0]} (DECKCLI_CATALOG)", time.perf_counter() - start, piece[:40].replace("\n", "\\n"))
        default_catalog.cache_clear()
    assert result.exit_code == EXIT_UNUSABLE and BUDGET in result.stderr, result.stderr


# --- found by benchmarks/hostile.py --------------------------------------------------------------


def test_fmt_refuses_what_tomlkit_cannot_edit_in_time(tmp_path):
    # 250 dotted keys took tomlkit 19 s and 200 headers of 16 parts 39 s; tomllib reads both at once.
    deck = tmp_path / "deck.toml"
    deck.write_text(starter_with("[extra]\n" + "".join(f"a.b{n} = 1\n" for n in range(250))), encoding="utf-8")
    run_cli(["validate", deck], exit_code=0)
    before = deck.read_bytes()
    result = run_cli(["fmt", deck], exit_code=2)
    assert_budget(result, deck, "more than 16 dotted keys or dotted table headers in a file to rewrite")
    assert deck.read_bytes() == before
    deck.write_text(starter_with("".join("[" + ".".join(["a"] * 15) + f".t{n}]\n" for n in range(200))), encoding="utf-8")
    assert_budget(run_cli(["fmt", "--check", deck], exit_code=2), deck, "dotted table headers in a file to rewrite")


def test_fmt_still_edits_a_few_dotted_keys(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(starter_with("[extra]\n" + "".join(f"a.b{n} = 1\n" for n in range(16))), encoding="utf-8")
    run_cli(["fmt", deck], exit_code=0)


def test_import_reads_at_most_a_deck_files_worth_of_lines(tmp_path):
    # 20,000 `kN = 1` lines were 20,000 unknown names, each with "did you mean": 35 s and 2 MB of output.
    listing = tmp_path / "list.txt"
    listing.write_text("".join(f"k{n} = 1\n" for n in range(20_000)), encoding="utf-8")
    result = run_cli(["import", listing, "--faction", "Skellige", "-o", "-"], exit_code=2)
    assert result.stderr.strip() == f"{listing}:1001: holds more than 1000 card lines; a deck file lists at most 1000 names"


def test_import_lines_of_thousands_of_spaces_and_notes_are_read(tmp_path):
    from deckcli.authoring.importing import parse_list

    listed = parse_list(("2 Decoy" + " " * 9_000 + "(foil)\n") + ("(a)" * 3_300 + "\n"), "list.txt")
    assert [(e.name, e.copies) for e in listed.entries][0] == ("Decoy", 2)
    assert len(listed.entries) == 2


def test_fmt_rewrites_files_of_at_most_128_kib(tmp_path):
    # 1 MiB of comment lines took tomlkit 10 s; validate reads it at once.
    deck = tmp_path / "deck.toml"
    deck.write_text(STARTER.read_text(encoding="utf-8") + ("# " + "x" * 77 + "\n") * 2_000, encoding="utf-8")
    run_cli(["validate", deck], exit_code=0)
    result = run_cli(["fmt", "--check", deck], exit_code=2)
    assert result.stderr.startswith(f"{deck}: ") and "a file to rewrite holds at most 131,072" in result.stderr


def _line_of_header(deck: Path) -> int:
    """The line of the long dotted table header written into ``deck``."""
    return next(n for n, line in enumerate(deck.read_text("utf-8").splitlines(), 1) if line.startswith("[a.a.a"))
