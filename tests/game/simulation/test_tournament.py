"""deckcli tournament --matrix / --simulate / --choose: the §15 best-of-three solved from the command line."""

from __future__ import annotations

import json
import shutil

import pytest
import tomli_w
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.cli_runs import deckcli_env, run_cli
from helpers.depth import examples
from helpers.repository import DECKS
from deckcli.cli.main import cli

REGISTRATION = DECKS / "tournament-registration.toml"
RPS = """\
# rock-paper-scissors: each deck beats one of theirs for sure; the mirror is even
theirs = ["Rock", "Paper", "Scissors"]

[win]
Rock = [0.5, 0, 1]
Paper = [1, 0.5, 0]
Scissors = [0, 1, 0.5]
"""


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def their_registration(folder, slugs=("northern-realms", "scoiatael", "skellige"), player="Bo"):
    for slug in slugs:
        shutil.copy(DECKS / f"{slug}-advanced.toml", folder / f"{slug}-advanced.toml")
    names = ", ".join(f'"{slug}-advanced.toml"' for slug in slugs)
    return write(folder / "bo.toml", f'player = "{player}"\ndecks = [{names}]\n')


def as_json(args, exit_code=0):
    return json.loads(run_cli(["tournament", *args, "--format", "json"], exit_code=exit_code).stdout)


# --matrix ------------------------------------------------------------------------------------------------


def test_a_matrix_file_is_solved_with_the_plan(tmp_path):
    document = as_json(["--matrix", write(tmp_path / "rps.toml", RPS)])
    assert document["source"] == "matrix" and document["ci95"] is None
    assert document["match_win_rate"] == pytest.approx(0.5)
    assert document["match_win_rate_selecting_first"] == pytest.approx(0.25)
    assert document["match_win_rate_selecting_second"] == pytest.approx(0.75)
    cells = {(c["mine"], c["theirs"]): c for c in document["matrix"]}
    assert cells[("Paper", "Rock")]["win_rate"] == 1 and cells[("Paper", "Rock")]["games"] is None
    answers = {d["their_deck"]: d["my_deck"] for d in document["plan"] if d["game"] == 1 and d["first"] == "them"}
    assert answers == {"Rock": "Paper", "Paper": "Scissors", "Scissors": "Rock"}
    assert len(document["plan"]) == 4 + 9 + 27


def test_a_matrix_file_as_text_shows_the_rates_the_probability_and_the_plan(tmp_path):
    out = run_cli(["tournament", "--matrix", write(tmp_path / "rps.toml", RPS)]).stdout
    assert "Match-win probability: 50.0%: 25.0% when you select first in game one" in out
    assert "75.0% when they do" in out
    assert "Rates given by hand carry no interval" in out
    lines = out.splitlines()
    plan = lines.index(next(line for line in lines if line.lstrip().startswith("game")))
    first = lines[plan + 2].split()
    assert first[0] == "1" and first[-1] == "25.0%"  # my lead, answered by the deck that beats it


def test_draws_in_a_matrix_file_are_replayed(tmp_path):
    even = write(tmp_path / "even.toml", 'theirs = ["X", "Y", "Z"]\n[win]\nA = [0.3, 0.3, 0.3]\nB = [0.3, 0.3, 0.3]\n'
                 'C = [0.3, 0.3, 0.3]\n[draw]\nA = [0.4, 0.4, 0.4]\nB = [0.4, 0.4, 0.4]\nC = [0.4, 0.4, 0.4]\n')
    document = as_json(["--matrix", even])
    assert document["draws"] == "replayed"
    assert document["match_win_rate"] == pytest.approx(0.5)
    assert all(c["decisive_win_rate"] == pytest.approx(0.5) and c["win_rate"] == pytest.approx(0.5)
               for c in document["matrix"])


@pytest.mark.parametrize(("text", "line", "words"), [
    ('theirs = ["X", "Y"]\n[win]\nA = [0, 0, 0]\nB = [0, 0, 0]\nC = [0, 0, 0]\n', 1, "theirs must name their three"),
    ('theirs = ["X", "Y", "Z"]\n[win]\nA = [0, 0, 0]\nB = [0, 1.5, 0]\nC = [0, 0, 0]\n', 4, "[win] B: [0, 1.5, 0]"),
    ('theirs = ["X", "Y", "Z"]\n[win]\nA = [0, 0, 0]\nB = [0, 0, 0]\n', 2, "[win] must have one line for each"),
    ('theirs = ["X", "Y", "Z"]\nplayer = "Al"\n[win]\nA = [0, 0, 0]\nB = [0, 0, 0]\nC = [0, 0, 0]\n', 2,
     "key 'player' is not part of a matrix file"),
    ('theirs = ["X", "Y", "Z"]\n[win]\nA = [0.9, 0, 0]\nB = [0, 0, 0]\nC = [0, 0, 0]\n[draw]\nA = [0.2, 0, 0]\n', 7,
     "'A' against 'X': win 0.9 and draw 0.2 make more than 1"),
    ('theirs = ["X", "Y", "Z"]\n[win]\nA = [0, 0, 0]\nB = [0, 0, 0]\nC = [0, 0, 0]\n[draw]\nD = [0, 0, 0]\n', 7,
     "[draw] names 'D', which is not a deck of [win]"),
    ('theirs = ["X", "Y", "Z"]\n[win\n', 2, "not valid TOML"),
    # a line break in a name would print as rows of the table that are not decks
    ('theirs = ["X", "Y", "Z"]\n[win]\n"A\\n\\nB" = [0, 0, 0]\nB = [0, 0, 0]\nC = [0, 0, 0]\n', 3,
     "the deck name 'A\\n\\nB' is not one line of text"),
    ('theirs = ["X", " ", "Z\\u001b[31m"]\n[win]\nA = [0, 0, 0]\nB = [0, 0, 0]\nC = [0, 0, 0]\n', 1,
     "the deck name ' ' is not one line of text"),
    # issue 36 item 4: NaN passes JSON Schema's bounds and win + draw <= 1 (both false for it)
    *[(f'theirs = ["X", "Y", "Z"]\n[win]\nA = [0, 0, 0]\nB = [0, {nan}, 0]\nC = [0, 0, 0]\n', 4,
       "[win] B: nan against 'Y' is not a number") for nan in ("nan", "-nan", "+nan")],
    ('theirs = ["X", "Y", "Z"]\n[win]\nA = [0, 0, 0]\nB = [0, 0, 0]\nC = [0, 0, 0]\n[draw]\nC = [nan, 0, 0]\n', 7,
     "[draw] C: nan against 'X' is not a number"),
    # found by the issue 36 fuzz: a deck name with a line break, in a row's refusal, printed the break itself
    ('theirs = ["X", "Y", "Z"]\n[win]\n"A\\nB" = [1.5, 0, 0]\nB = [0, 0, 0]\nC = [0, 0, 0]\n', 3,
     "[win] A\\nB: [1.5, 0, 0] is not three fractions"),
    # issue 36 item 5: a blank or non-text name among theirs
    ('theirs = ["A", "", "C"]\n[win]\nA = [0, 0, 0]\nB = [0, 0, 0]\nC = [0, 0, 0]\n', 1, 'theirs: "" is not a deck'),
    ('theirs = ["A", 5, "C"]\n[win]\nA = [0, 0, 0]\nB = [0, 0, 0]\nC = [0, 0, 0]\n', 1, "theirs: 5 is not a deck"),
])
def test_a_bad_matrix_file_exits_2_naming_the_file_and_line(tmp_path, text, line, words):
    path = write(tmp_path / "rates.toml", text)
    said = run_cli(["tournament", "--matrix", path], exit_code=2).stderr
    assert said.startswith(f"{path}:{line}:") and words in " ".join(said.split()), said


values = st.one_of(st.floats(), st.integers(-3, 3), st.booleans(), st.text(max_size=5))
rows = st.one_of(st.lists(values, max_size=4), values)
names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=6)
documents = st.fixed_dictionaries({}, optional={
    "theirs": st.one_of(st.lists(names, max_size=4), values),
    "win": st.dictionaries(names, rows, max_size=4),
    "draw": st.dictionaries(names, rows, max_size=4),
    "extra": values,
})


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(documents)
def test_no_matrix_file_crashes_the_command(tmp_path, document):
    path = tmp_path / "rates.toml"
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    result = CliRunner().invoke(cli, ["tournament", "--matrix", str(path), "--format", "json"], env=deckcli_env())
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 0:
        assert 0 <= json.loads(result.stdout)["match_win_rate"] <= 1
    else:
        assert result.stderr.startswith(f"{path}:")


def test_a_matrix_file_that_is_missing_exits_2(tmp_path):
    said = run_cli(["tournament", "--matrix", tmp_path / "none.toml"], exit_code=2).stderr
    assert "none.toml" in said


def test_a_matrix_file_matches_its_schema():
    from deckcli.files.schemas import packaged_schema

    schema = packaged_schema("tournament-matrix")
    assert schema["required"] == ["theirs", "win"] and not schema["additionalProperties"]


# --simulate ----------------------------------------------------------------------------------------------


def test_simulate_counts_nine_pairings_and_solves_the_match(tmp_path):
    theirs = their_registration(tmp_path)
    document = as_json([REGISTRATION, "--vs", theirs, "--simulate", "--games", "6", "--workers", "1"])
    assert document["source"] == "simulate" and document["games_per_matchup"] == 6
    assert [d["name"] for d in document["mine"]["decks"]] == ["Monsters", "Nilfgaard", "Skellige"]
    assert document["theirs"]["player"] == "Bo"
    assert len(document["matrix"]) == 9
    for cell in document["matrix"]:
        assert cell["games"] == cell["wins"] + cell["draws"] + cell["losses"] == 6
        assert cell["win_rate"] == pytest.approx((cell["wins"] + cell["draws"] / 2) / 6)
        assert cell["ci95"][0] <= cell["win_rate"] <= cell["ci95"][1]
    low, high = document["ci95"]
    assert 0 <= low <= high <= 1
    assert document["bootstrap_resamples"] > 0
    assert "parametric bootstrap" in document["measured"]


def test_a_simulated_cell_is_the_matchup_simulate_counts(tmp_path):
    # the same seeds: pairing (i, j) plays game k from (seed, j, k), as simulate's matchup j does
    theirs = their_registration(tmp_path)
    document = as_json([REGISTRATION, "--vs", theirs, "--simulate", "--games", "4", "--seed", "3", "--workers", "1"])
    decks = [f"--vs={tmp_path / f'{slug}-advanced.toml'}" for slug in ("northern-realms", "scoiatael", "skellige")]
    alone = json.loads(run_cli(["simulate", DECKS / "nilfgaard-advanced.toml", *decks, "--games", "4", "--seed", "3",
                                "--workers", "1", "--format", "json"]).stdout)
    row = [c for c in document["matrix"] if c["mine"] == "Nilfgaard"]
    assert [(c["wins"], c["draws"], c["losses"]) for c in row] == [
        (m["wins"], m["draws"], m["losses"]) for m in alone["matchups"]]


def test_simulate_gives_the_same_result_whatever_the_workers(tmp_path):
    theirs = their_registration(tmp_path)
    args = [REGISTRATION, "--vs", theirs, "--simulate", "--games", "4", "--seed", "11"]
    assert as_json([*args, "--workers", "1"]) == as_json([*args, "--workers", "2"])


def test_simulate_as_text_fits_80_columns(tmp_path, monkeypatch):
    their_registration(tmp_path)
    monkeypatch.chdir(tmp_path)  # file names shorter than a line: a path longer than one cannot be wrapped
    shutil.copy(REGISTRATION, tmp_path / "alex.toml")
    for slug in ("monsters", "nilfgaard"):
        shutil.copy(DECKS / f"{slug}-advanced.toml", tmp_path / f"{slug}-advanced.toml")
    out = run_cli(["tournament", "alex.toml", "--vs", "bo.toml", "--simulate", "--games", "2", "--workers", "1"],
                  env={"COLUMNS": "80"}).stdout
    assert max(map(len, out.splitlines())) <= 80
    assert "Match-win probability:" in out and "(95% CI " in out and "Measured: 18 games" in out


def test_an_illegal_registration_exits_1_with_its_verdict(tmp_path):
    for slug in ("monsters", "nilfgaard", "skellige"):
        shutil.copy(DECKS / f"{slug}-starter.toml", tmp_path / f"{slug}.toml")
    bad = write(tmp_path / "bad.toml", 'decks = ["monsters.toml", "nilfgaard.toml", "skellige.toml"]\n')
    result = run_cli(["tournament", REGISTRATION, "--vs", bad, "--simulate", "--games", "1"], exit_code=1)
    assert result.stdout.splitlines()[-1].startswith(f"{bad}: not a legal Tournament lineup")
    mine = run_cli(["tournament", bad, "--vs", REGISTRATION, "--simulate", "--format", "json"], exit_code=1)
    assert json.loads(mine.stdout)["legal"] is False


@pytest.mark.parametrize(("args", "words"), [
    ([REGISTRATION, "--simulate"], "add --vs THEIRS.toml"),
    ([REGISTRATION, "--vs", REGISTRATION], "--vs goes with --simulate"),
    ([REGISTRATION, "--vs", "monsters", "--simulate"], "--vs names the opponent's registration file"),
    ([REGISTRATION, "--games", "5"], "--games goes with --simulate or --choose"),
    ([REGISTRATION, "--vs", REGISTRATION], "--vs goes with --simulate"),  # not with --matrix nor --choose
    # the last --vs would win, the others dropped without a word
    ([REGISTRATION, "--vs", REGISTRATION, "--vs", REGISTRATION, "--simulate"], "--vs names one registration"),
    ([REGISTRATION, "--field", REGISTRATION], "--field goes with --choose"),
    ([REGISTRATION, "-o", "x.toml"], "-o goes with --choose"),
    (["--matrix", "x.toml", "--games", "5"], "--games goes with --simulate or --choose"),
    (["--matrix", "x.toml", "--simulate", "--vs", REGISTRATION], "are different questions"),
    ([REGISTRATION, "--vs", REGISTRATION, "--simulate", "--format", "csv"], "--format text or json"),
    ([REGISTRATION, "--vs", REGISTRATION, "--simulate", "-o", "x.toml"], "goes with --choose"),
    (["--choose", *[DECKS / f"{s}-advanced.toml" for s in ("monsters", "nilfgaard", "skellige")]], "4 or more"),
])
def test_match_forms_refuse_what_does_not_go_with_them(args, words):
    said = run_cli(["tournament", *args], exit_code=2).stderr
    assert words in " ".join(said.split()), said


# --choose ------------------------------------------------------------------------------------------------

FOUR = [DECKS / f"{slug}-advanced.toml" for slug in ("monsters", "nilfgaard", "skellige", "scoiatael")]


def test_choose_ranks_every_legal_registration_and_writes_the_best(tmp_path):
    theirs = their_registration(tmp_path)
    mine = tmp_path / "mine"
    mine.mkdir()
    for deck in FOUR + [DECKS / "monsters-starter.toml"]:
        shutil.copy(deck, mine / deck.name)
    decks = sorted(mine.glob("*.toml"))
    best = mine / "best.toml"
    result = run_cli(["tournament", "--choose", *decks, "--field", theirs, "--games", "3", "--workers", "1",
                      "--format", "json", "-o", best])
    document = json.loads(result.stdout)
    ranked = document["registrations"]
    assert len(ranked) == 4  # four Advanced decks of four factions: C(4, 3); the starter makes none legal
    assert [r["rank"] for r in ranked] == [1, 2, 3, 4]
    rates = [r["match_win_rate"] for r in ranked]
    assert rates == sorted(rates, reverse=True)
    assert all(r["ci95"][0] <= r["match_win_rate"] <= r["ci95"][1] for r in ranked)
    assert {tuple(n["codes"]) for n in document["not_legal"]} >= {("deck-illegal", "same-faction", "shared-hero")}
    assert document["field"] == ["Bo"]
    verdict = run_cli(["tournament", best]).stdout
    assert "legal Tournament lineup" in verdict.splitlines()[-1]
    written = sorted(str(mine / name) for name in json.loads(
        "[" + best.read_text("utf-8").split("[", 1)[1].split("]", 1)[0].rstrip().rstrip(",") + "]"))
    assert written == sorted(ranked[0]["decks"])
    # never replaced without --force
    again = run_cli(["tournament", "--choose", *decks, "--field", theirs, "--games", "1", "--workers", "1", "-o", best],
                    exit_code=2)
    assert "best.toml" in again.stderr


@pytest.mark.parametrize("repeat", ["same", "dot", "link"])
def test_choose_refuses_one_deck_file_given_twice(tmp_path, repeat):
    again = {"same": str(FOUR[0]), "dot": f"{FOUR[0].parent}/./{FOUR[0].name}", "link": tmp_path / "again.toml"}[repeat]
    if repeat == "link":
        again.symlink_to(FOUR[0])
    result = run_cli(["tournament", "--choose", *FOUR, again, "--games", "1", "--workers", "1"], exit_code=2)
    assert result.stdout == ""
    assert "is given twice" in " ".join(result.stderr.split())


@pytest.mark.parametrize("where", ["exists", "folder", "no-folder"])
def test_choose_refuses_an_output_it_cannot_write_before_playing(tmp_path, where):
    output = {"exists": tmp_path / "best.toml", "folder": tmp_path, "no-folder": tmp_path / "no" / "best.toml"}[where]
    if where == "exists":
        output.write_text("# mine\n", "utf-8")
    result = run_cli(["tournament", "--choose", *FOUR, "--games", "1", "--workers", "1", "-o", output], exit_code=2)
    assert result.stdout == ""  # no table: refused before the games, not after them
    assert str(output) in result.stderr
    if where == "exists":
        assert output.read_text("utf-8") == "# mine\n"


@pytest.mark.parametrize("option", ["--vs", "--field"])
def test_a_deck_file_for_the_opponent_is_refused_saying_what_to_write(option):
    deck = DECKS / "skellige-advanced.toml"
    args = ([REGISTRATION, "--vs", deck, "--simulate"] if option == "--vs" else ["--choose", *FOUR, "--field", deck])
    said = " ".join(run_cli(["tournament", *args, "--games", "1", "--workers", "1"], exit_code=2).stderr.split())
    assert said.startswith(f"{deck}: is a deck file, not a registration: {option} takes one registration"), said
    assert "give 3 deck files" not in said  # the option keeps one file: three of them cannot be given to it


@pytest.mark.parametrize("form", ["--choose", "--simulate", "--vs"])
@pytest.mark.parametrize("how", ["pipe", "stdin"])
def test_a_pipe_or_standard_input_which_can_be_read_only_once_is_refused(tmp_path, form, how):
    import os

    theirs = their_registration(tmp_path)
    piped = FOUR[3] if form != "--vs" else theirs
    read, write = os.pipe()  # what the shell's <(cat deck) names as /dev/fd/N
    try:
        os.write(write, piped.read_bytes())
        os.close(write)
        given = f"/dev/fd/{read}" if how == "pipe" else "-"
        args = {"--choose": ["--choose", *FOUR[:3], given],
                "--simulate": [*FOUR[:2], given, "--vs", theirs, "--simulate"],
                "--vs": [REGISTRATION, "--vs", given, "--simulate"]}[form]
        result = run_cli(["tournament", *args, "--games", "1", "--workers", "1"], exit_code=2,
                         input=piped.read_text("utf-8"))
    finally:
        os.close(read)
    said = " ".join(result.stderr.split())
    if form == "--choose" and how == "stdin":
        assert "--choose reads deck files, not standard input (-)" in said
        return
    # not "no faction: add a line", nor "<stdin>: no such file"
    assert said.startswith(f"{given}: is a pipe" if how == "pipe" else "deckcli: standard input (-):"), said
    assert "more than once; save it to a file first" in said


def test_choose_with_o_dash_prints_the_registration_and_writes_no_file(tmp_path, monkeypatch):
    """Issue 36 item 6: ``-o -`` wrote a file named ``-`` and suggested ``deckcli tournament -``, which reads
    standard input. ``-`` is standard output, as for every ``-o``: the registration there, the ranking on standard
    error; its deck files are relative to the current folder."""
    monkeypatch.chdir(tmp_path)
    result = run_cli(["tournament", "--choose", *FOUR, "--games", "1", "--workers", "1", "-o", "-"])
    assert list(tmp_path.iterdir()) == []
    assert result.stdout.startswith("# The best registration") and "Legal registrations ranked" not in result.stdout
    assert result.stderr.startswith("Legal registrations ranked by expected match-win rate")
    (tmp_path / "best.toml").write_text(result.stdout, "utf-8")
    assert "legal Tournament lineup" in run_cli(["tournament", "best.toml"]).stdout.splitlines()[-1]


def test_choose_never_writes_its_registration_over_a_deck_it_reads(tmp_path):
    decks = []
    for deck in FOUR:
        decks.append(tmp_path / deck.name)
        shutil.copy(deck, decks[-1])
    before = decks[0].read_bytes()
    result = run_cli(["tournament", "--choose", *decks, "--games", "1", "--workers", "1", "-o", decks[0], "--force"],
                     exit_code=2)
    assert "which this command reads: the registration would replace it" in " ".join(result.stderr.split())
    assert decks[0].read_bytes() == before and result.stdout == ""


def test_choose_ranks_a_registration_as_the_mean_of_its_solved_matches(tmp_path):
    # one field lineup: the best registration's rate is the match --simulate solves, on the same seeds
    theirs = their_registration(tmp_path)
    document = as_json(["--choose", *FOUR, "--field", theirs, "--games", "4", "--workers", "1"])
    top = document["registrations"][0]
    order = [str(deck) for deck in FOUR if str(deck) in top["decks"]]
    mine = write(tmp_path / "mine.toml", "decks = [" + ", ".join(json.dumps(d) for d in order) + "]\n")
    simulated = as_json([mine, "--vs", theirs, "--simulate", "--games", "4", "--workers", "1"])
    assert top["match_win_rate"] == pytest.approx(simulated["match_win_rate"])


def test_choose_against_the_default_field_names_the_shipped_lineups():
    document = as_json(["--choose", *FOUR, "--games", "1", "--workers", "1"])
    assert len(document["field"]) == 10  # the five shipped Advanced decks make ten legal lineups
    assert all(name.count(" + ") == 2 for name in document["field"])
    assert len(document["registrations"]) == 4



def test_choose_refuses_decks_of_which_no_three_make_a_lineup():
    starters = [DECKS / f"{slug}-starter.toml" for slug in ("monsters", "nilfgaard", "skellige", "scoiatael")]
    said = run_cli(["tournament", "--choose", *starters, "--games", "1"], exit_code=2).stderr
    assert "no three of the 4 decks make a legal Tournament lineup" in " ".join(said.split())


def test_choose_against_an_illegal_field_registration_exits_1_with_its_verdict(tmp_path):
    for slug in ("monsters", "nilfgaard", "skellige"):
        shutil.copy(DECKS / f"{slug}-starter.toml", tmp_path / f"{slug}.toml")
    bad = write(tmp_path / "bad.toml", 'decks = ["monsters.toml", "nilfgaard.toml", "skellige.toml"]\n')
    result = run_cli(["tournament", "--choose", *FOUR, "--field", bad, "--games", "1"], exit_code=1)
    assert result.stdout.splitlines()[-1].startswith(f"{bad}: not a legal Tournament lineup")


def test_simulate_takes_three_deck_files_for_my_lineup(tmp_path):
    theirs = their_registration(tmp_path)
    decks = [DECKS / f"{slug}-advanced.toml" for slug in ("monsters", "nilfgaard", "skellige")]
    by_files = as_json([*decks, "--vs", theirs, "--simulate", "--games", "2", "--workers", "1"])
    by_registration = as_json([REGISTRATION, "--vs", theirs, "--simulate", "--games", "2", "--workers", "1"])
    assert by_files["mine"]["lineup"] is None and by_registration["mine"]["lineup"] == str(REGISTRATION)
    assert by_files["matrix"] == by_registration["matrix"]
    assert by_files["match_win_rate"] == by_registration["match_win_rate"]


def test_choose_takes_at_most_twenty_decks_and_the_help_says_so(tmp_path):
    """Also of issue 36: ``--choose`` judges and ranks every set of three of its decks (cubic in their number) and
    took any number of them."""
    from deckcli.cli.tournament_match import MAX_CHOICE, MIN_CHOICE

    decks = []
    for number in range(MAX_CHOICE + 1):
        decks.append(tmp_path / f"deck-{number}.toml")
        shutil.copy(FOUR[number % 4], decks[-1])
    said = " ".join(run_cli(["tournament", "--choose", *decks, "--games", "1"], exit_code=2).stderr.split())
    assert f"at most {MAX_CHOICE} deck files" in said and "1,330 sets" in said
    assert f"{MIN_CHOICE} to {MAX_CHOICE} DECK files" in " ".join(run_cli(["tournament", "--help"]).stdout.split())
