"""deckcli as a process on the command line: options, several files, standard streams, exit codes.

What happens around the decks rather than in them: `--format` and `--rules` names, every file
reported when one fails, standard input read once, output to a closed or full stream.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from helpers.cli_runs import deckcli_env, run_cli
from helpers.repository import DECKS, write_deck
from helpers.example_decks import BASE_22

STARTER = DECKS / "monsters-starter.toml"


def test_a_full_disk_is_one_line():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "deckcli", "cards"], stdout=full, stderr=subprocess.PIPE, text=True,
                              env=deckcli_env(), timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == "deckcli: cannot write the output: No space left on device"


def test_a_closed_standard_output_is_an_error_not_silence():
    # `deckcli cards >&-`: the shell closes descriptor 1 before deckcli starts.
    script = [sys.executable, "-c", "import os, runpy, sys; os.close(1); sys.stdout = None; sys.argv = ['deckcli', 'cards']; runpy.run_module('deckcli', run_name='__main__')"]
    done = subprocess.run(script, stderr=subprocess.PIPE, text=True, env=deckcli_env(), timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == "deckcli: cannot write the output: standard output is closed"


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_reader_gone_before_the_output_ends_quietly_with_exit_0(fmt):
    decks = [str(DECKS / "northern-realms-starter.toml")] * 50
    child = subprocess.Popen(
        [sys.executable, "-m", "deckcli", "validate", *decks, "--rules", "advanced", "--format", fmt],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=deckcli_env(),
    )
    child.stdout.close()  # like `| head -1` that has already quit: every write meets a closed pipe
    stderr = child.stderr.read().decode()
    assert child.wait(timeout=60) == 0
    assert stderr == ""


def test_formats_ignore_case(tmp_path):
    assert json.loads(run_cli(["validate", "--format", "JSON", STARTER]).stdout)["decks"][0]["legal"] is True
    assert json.loads(run_cli(["cards", "--faction", "skellige", "--format", "JSON"]).stdout)


def test_every_file_is_reported_even_when_one_fails(tmp_path):
    good = write_deck(tmp_path, BASE_22, name="good.toml")
    bad = write_deck(tmp_path, {"Ves": 1}, name="bad.toml")
    missing = tmp_path / "missing.toml"
    result = run_cli(["validate", good, missing, bad], exit_code=2)
    assert f"{good}: legal under standard" in result.stdout
    assert f"{bad}: not legal under standard" in result.stdout
    assert f"{missing}: no such file" in result.stderr
    run_cli(["validate", good, bad], exit_code=1)


def test_json_report_for_an_unreadable_file(tmp_path):
    missing = tmp_path / "missing.toml"
    result = run_cli(["validate", "--format", "json", missing], exit_code=2)
    [report] = json.loads(result.stdout)["decks"]
    assert report["legal"] is None and report["error"]["message"] == "no such file"


def test_stdin_only_once():
    result = run_cli(["validate", "-", "-"], input="", exit_code=2)
    assert "standard input (-) can be read only once" in result.stderr


def test_unknown_rule_set_lists_the_built_in_ones(tmp_path):
    result = run_cli(["validate", "--rules", "expert", write_deck(tmp_path, BASE_22)], exit_code=2)
    assert result.stderr.startswith("deckcli: no rule set named 'expert': choose ")
    assert "advanced" in result.stderr and "standard" in result.stderr
    result = run_cli(["validate", "--rules", "", write_deck(tmp_path, BASE_22)], exit_code=2)
    assert result.stderr.startswith("deckcli: no rule set named ''")


def test_rule_set_names_ignore_case(tmp_path):
    result = run_cli(["validate", "--rules", "ADVANCED", write_deck(tmp_path, BASE_22)])
    assert "legal under advanced" in result.stdout


def test_missing_rule_set_file(tmp_path):
    missing = tmp_path / "league.schema.json"
    result = run_cli(["validate", "--rules", missing, write_deck(tmp_path, BASE_22)], exit_code=2)
    assert result.stderr.strip() == f"{missing}: no such rule set or schema file"


def test_no_deck_given():
    result = run_cli(["validate"], exit_code=2)
    assert "Missing argument" in result.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["validat", "x.toml"], "No such command 'validat'; did you mean validate?"),
        (["cards", "--faction", "skelige"], "'skelige' is not a faction; did you mean Skellige?"),
        (["cards", "--ability", "tightbond"], "did you mean Tight Bond?"),
        (["cards", "--row", "sieg"], "'sieg' is not a row; did you mean Siege?"),
        (["stats", str(DECKS / "monsters-starter.toml"), "--format", "jsn"], "'jsn' is not a format; did you mean json?"),
        (["stats", str(DECKS / "monsters-starter.toml"), "--table", "group"], "did you mean groups?"),
        (["cards", "--row", "xyz"], "'xyz' is not a row; choose one of: Close"),
    ],
)
def test_a_mistyped_command_or_choice_gets_did_you_mean_within_80_columns(args, said):
    stderr = run_cli(args, exit_code=2).stderr
    assert said in " ".join(line.strip() for line in stderr.splitlines())
    assert max(len(line) for line in stderr.splitlines()) <= 80


@pytest.mark.parametrize(
    "args",
    [["fix", str(DECKS / "monsters-starter.toml"), "--rules", "all"], ["sheet", str(DECKS / "monsters-starter.toml"), "-o", "x.txt"]],
)
def test_click_s_own_errors_fit_80_columns(args, tmp_path):
    done = subprocess.run([sys.executable, "-m", "deckcli", *args], capture_output=True, text=True, cwd=tmp_path,
                          env={k: v for k, v in os.environ.items() if k != "COLUMNS"})
    assert done.returncode == 2 and "Error: " in done.stderr
    assert max(len(line) for line in done.stderr.splitlines()) <= 80
    assert "\n    " in done.stderr.split("Error: ", 1)[1]  # a continuation line, indented
