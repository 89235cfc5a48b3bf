"""deckcli diff: cards added and removed, profile figures and p_opening, worked out by hand here.

p_opening is checked against a sequential-draw product (the chance that none of
the k copies is among h cards drawn one at a time), not against math.comb.
"""

from __future__ import annotations

import csv
import io
import json

import pytest

from helpers.schema_validation import output_validator
from helpers.cli_runs import run_cli
from helpers.repository import DECKS, write_deck

COMMON = {"Catapult": 2, "Decoy": 2, "Poor Fucking Infantry": 4, "Kaedweni Siege Expert": 3,
          "Redanian Foot Soldier": 2, "Trebuchet": 2, "Ballista": 2}
OLD = {"Blue Stripes Commando": 3, "Prince Stennis": 1, **COMMON}
NEW = {"Blue Stripes Commando": 2, **COMMON, "Dun Banner Medic": 1, "Vernon Roche": 1, "Biting Frost": 1}


def p_none_sequential(deck_size: int, copies: int, hand: int) -> float:
    """Chance that h cards drawn one by one miss all k copies: prod (N-k-i)/(N-i)."""
    p = 1.0
    for i in range(hand):
        p *= (deck_size - copies - i) / (deck_size - i)
    return p


def p_open(deck_size: int, copies: int, hand: int = 10) -> float:
    return 1 - p_none_sequential(deck_size, copies, hand)


@pytest.fixture
def decks(tmp_path):
    return write_deck(tmp_path, OLD, name="old.toml"), write_deck(tmp_path, NEW, name="new.toml")


def diff_json(old, new) -> dict:
    return json.loads(run_cli(["diff", old, new, "--format", "json"]).stdout)


def test_cards_added_and_removed(decks):
    cards = {(r["card"], r["section"]): (r["old"], r["new"], r["change"]) for r in diff_json(*decks)["cards"]}
    assert cards == {
        ("Blue Stripes Commando", "main"): (3, 2, -1),
        ("Prince Stennis", "main"): (1, 0, -1),
        ("Dun Banner Medic", "main"): (0, 1, 1),
        ("Vernon Roche", "main"): (0, 1, 1),
        ("Biting Frost", "main"): (0, 1, 1),
    }


def test_profile_figures(decks):
    figures = {r["figure"]: (r["old"], r["new"], r["change"]) for r in diff_json(*decks)["figures"]}
    # old: 21 cards, 19 units (2 Decoy), Strength 12+16+5+4+3+2+12+12 = 66, 1 Spy (Prince Stennis)
    # new: 22 cards, 19 units (2 Decoy, 1 Biting Frost), Strength 8+16+4+3+2+12+12+5+10 = 72,
    #      1 Hero (Vernon Roche), 1 Medic (Dun Banner Medic), 3 Special Cards of which 1 Weather
    assert figures == {
        "cards": (21, 22, 1),
        "units": (19, 19, 0),
        "heroes": (0, 1, 1),
        "specials": (2, 3, 1),
        "weather": (0, 1, 1),
        "unit_strength": (66, 72, 6),
        "spies": (1, 0, -1),
        "medics": (0, 1, 1),
    }


def test_p_opening_of_every_card_of_either_deck(decks):
    rows = {r["card"]: r for r in diff_json(*decks)["p_opening"]}
    added_or_removed = {"Prince Stennis", "Dun Banner Medic", "Vernon Roche", "Biting Frost"}
    assert set(rows) == set(COMMON) | {"Blue Stripes Commando"} | added_or_removed
    assert (rows["Prince Stennis"]["old"], rows["Prince Stennis"]["new"]) == (pytest.approx(p_open(21, 1)), 0)
    assert (rows["Vernon Roche"]["old"], rows["Vernon Roche"]["new"]) == (0, pytest.approx(p_open(22, 1)))
    assert rows["Vernon Roche"]["change"] == pytest.approx(p_open(22, 1))
    commando = rows["Blue Stripes Commando"]
    assert commando["old"] == pytest.approx(p_open(21, 3))
    assert commando["new"] == pytest.approx(p_open(22, 2))
    assert commando["change"] == pytest.approx(p_open(22, 2) - p_open(21, 3))
    assert rows["Poor Fucking Infantry"]["old"] == pytest.approx(p_open(21, 4))
    assert rows["Poor Fucking Infantry"]["new"] == pytest.approx(p_open(22, 4))
    # A single copy in an opening hand of 10 from 22: exactly 10/22.
    assert p_open(22, 1) == pytest.approx(10 / 22)


def test_daisy_of_the_valley_draws_11(tmp_path):
    cards = {"Milva": 1, "Riordain": 1, "Toruviel": 1, "Havekar Healer": 3, "Decoy": 2, "Iorveth": 1,
             "Dol Blathanna Archer": 1, "Mahakaman Defender": 5, "Vrihedd Brigade Recruit": 1,
             "Elven Skirmisher": 3, "Dwarven Skirmisher": 3, "Havekar Smuggler": 3}
    queen = write_deck(tmp_path, cards, faction="Scoia'tael", leader="Francesca Findabair: Queen of Dol Blathanna",
                       name="queen.toml")
    daisy = write_deck(tmp_path, cards, faction="Scoia'tael", leader="Francesca Findabair: Daisy of the Valley",
                       name="daisy.toml")
    result = diff_json(queen, daisy)
    assert result["cards"] == []
    figures = {r["figure"]: (r["old"], r["new"], r["change"]) for r in result["figures"]}
    assert figures["leader"] == ("Francesca Findabair: Queen of Dol Blathanna", "Francesca Findabair: Daisy of the Valley", None)
    assert figures["hand_size"] == (10, 11, 1)
    milva = next(r for r in result["p_opening"] if r["card"] == "Milva")
    assert (milva["old"], milva["new"]) == (pytest.approx(10 / 25), pytest.approx(11 / 25))


def test_text_and_csv_renderings(decks):
    text = run_cli(["diff", *decks]).stdout
    assert "Cards added (+) and removed (-):" in text and "Prince Stennis" in text
    commando = next(line for line in text.splitlines() if line.startswith("Blue Stripes Commando") and "%" in line)
    old, new = p_open(21, 3), p_open(22, 2)  # 21 cards with 3 Commandos, then 22 with 2
    assert commando.split()[3:] == [f"{old:.1%}", f"{new:.1%}", f"{(new - old) * 100:+.1f}", "points"]
    stennis = next(line for line in text.splitlines() if line.startswith("Prince Stennis"))
    assert stennis.split()[2:] == ["main", "deck", "1", "0", "-1"]
    roche = next(line for line in text.splitlines() if line.startswith("Vernon Roche"))
    assert roche.split()[-1] == "+1", "an added card reads +1"
    assert "Spies" in text and "spies" not in text, "text tables name figures in the game's terms"
    rows = list(csv.DictReader(io.StringIO(run_cli(["diff", *decks, "--format", "csv"]).stdout)))
    assert {"table": "figures", "name": "spies", "old": "1", "new": "0", "change": "-1"} in rows


def test_same_deck_has_no_card_change(decks):
    old, _new = decks
    result = diff_json(old, old)
    assert result["cards"] == [] and all(r["change"] == 0 for r in result["figures"])


def test_unknown_names_exit_1_and_bad_files_exit_2(tmp_path, decks):
    broken = write_deck(tmp_path, {"Blue Stripe Comando": 1}, name="broken.toml")
    assert "unknown-card" in run_cli(["diff", decks[0], broken], exit_code=1).stderr
    assert "no such file" in run_cli(["diff", decks[0], tmp_path / "nope.toml"], exit_code=2).stderr


def test_text_changes_add_up_to_the_percentages_shown():
    from deckcli.analysis.diff import shown_record

    row = shown_record("p_opening", {"card": "Ves", "old": 0.21739, "new": 0.21276, "change": 0.21276 - 0.21739})
    assert (row["old"], row["new"], row["change"]) == ("21.7%", "21.3%", "-0.4 points")
    tiny = shown_record("p_opening", {"card": "Ves", "old": 0.5, "new": 0.500005, "change": 0.000005})
    assert tiny["change"] == "+<0.1 points"


def test_table_titles_wrap_to_the_width():
    text = run_cli(["diff", DECKS / "skellige-starter.toml", DECKS / "skellige-advanced.toml"], env={"COLUMNS": "45"}).stdout
    assert "p_opening: chance of at least one copy in the\n    opening hand:" in text


# diff --simulate ---------------------------------------------------------------------------------------------

SKELLIGE = str(DECKS / "skellige-starter.toml")


def _simulated(old, new, *extra: str) -> dict:
    args = ["diff", old, new, "--simulate", "--games", "8", "--workers", "1", *extra, "--format", "json"]
    return json.loads(run_cli(args).stdout)["simulated"]


def test_a_deck_against_itself_changes_nothing_beyond_noise():
    """Paired games on common seeds: a deck against its own copy plays the very same games, so every pair's
    difference is 0, the interval [0, 0], and nothing is beyond noise."""
    simulated = _simulated(SKELLIGE, SKELLIGE, "--vs", "monsters", "--vs", "nilfgaard")
    for row in (*simulated["matchups"], simulated["overall"]):
        assert row["old"] == row["new"] and row["difference"] == 0.0 and row["ci95_difference"] == [0.0, 0.0]
        assert row["beyond_noise"] is False
    assert simulated["overall"]["games"] == 16 and [o["name"] for o in simulated["opponents"]] == [
        "Monsters starter", "Nilfgaard starter"]


def test_a_much_weaker_deck_is_worse_beyond_noise(tmp_path):
    """The starter deck without its Heroes, its strongest units and its Special Cards, against the starter deck,
    over the same 40 games a matchup: the change is negative and its interval leaves 0 out."""
    weak = write_deck(tmp_path, {"Prince Stennis": 1, "Siegfried of Denesle": 1, "Ves": 1, "Blue Stripes Commando": 3,
                                 "Sigismund Dijkstra": 1, "Yarpen Zigrin": 1, "Poor Fucking Infantry": 4,
                                 "Redanian Foot Soldier": 2, "Keira Metz": 1, "Síle de Tansarville": 1,
                                 "Sabrina Glevissig": 1, "Sheldon Skaggs": 1, "Dun Banner Medic": 1,
                                 "Kaedweni Siege Expert": 3, "Thaler": 1}, name="weak.toml")
    starter = str(DECKS / "northern-realms-starter.toml")
    simulated = json.loads(run_cli(["diff", starter, str(weak), "--simulate", "--games", "40", "--vs", "skellige",
                                    "--vs", "monsters", "--workers", "1", "--format", "json"]).stdout)["simulated"]
    overall = simulated["overall"]
    assert overall["difference"] < 0 and overall["ci95_difference"][1] < 0 and overall["beyond_noise"] is True
    assert overall["difference"] == pytest.approx(overall["new"]["win_rate"] - overall["old"]["win_rate"])


def test_the_simulated_table_follows_the_diff(tmp_path):
    text = run_cli(["diff", SKELLIGE, SKELLIGE, "--simulate", "--games", "2", "--vs", "monsters", "--workers", "1"],
                   env={"COLUMNS": "80"}).stdout
    assert text.index("Cards added") < text.index("Simulated: both decks against the same opponents")
    said = " ".join(text.split())
    assert "Measured: 4 games (2 a matchup, each deck, seed 1)" in said
    # its table shows no Wilson interval; and with many rows one may be beyond noise by chance
    assert "Wilson" not in said and "about one row in twenty is still beyond noise by chance" in said
    assert max(len(line) for line in text.splitlines()) <= 80


@pytest.mark.parametrize(("args", "said"), [
    (["--games", "10"], "--games goes with --simulate"),
    (["--vs", "monsters", "--bot", "search"], "--vs, --bot go with --simulate"),
    (["--simulate", "--format", "csv"], "choose --format json or a table format"),
])
def test_simulation_options_need_simulate(args, said):
    result = run_cli(["diff", SKELLIGE, SKELLIGE, *args], exit_code=2)
    assert said in " ".join(result.stderr.split())


def test_diff_simulates_gwent_solo_on_the_same_seeds():
    """--solo, as simulate takes it: both decks (each legal under the Solo rules) against the automaton."""
    deck = str(DECKS / "skellige-advanced.toml")
    document = json.loads(run_cli(["diff", deck, deck, "--simulate", "--games", "8", "--workers", "1", "--solo",
                                   "monsters", "--leader-variant", "--format", "json"]).stdout)
    output_validator("diff").validate(document)
    simulated = document["simulated"]
    assert (simulated["mode"], simulated["leader_variant"], simulated["opponent_bot"]) == ("solo", True, None)
    assert [o["name"] for o in simulated["opponents"]] == ["Monsters automaton"]
    assert simulated["overall"]["difference"] == 0.0 and "Gwent Solo against the automaton of Monsters, the " \
        "Leader variant on" in simulated["measured"]


def test_diff_simulate_logs_the_games_of_both_decks(tmp_path):
    log = tmp_path / "games.jsonl"
    result = run_cli(["diff", SKELLIGE, str(DECKS / "skellige-advanced.toml"), "--simulate", "--games", "3", "--vs",
                      "monsters", "--vs", "nilfgaard", "--workers", "1", "--log", log])
    assert "the game log of 12 games" in result.stderr
    starts = [e for e in map(json.loads, log.read_text("utf-8").splitlines()) if "deck_names" in e]
    assert sorted(e["game"] for e in starts) == list(range(12))
    old = [e for e in starts if e["game"] < 6]
    assert all("Skellige starter" in e["deck_names"] for e in old)
    assert all("Skellige Advanced" in e["deck_names"] for e in starts if e["game"] >= 6)
    again = run_cli(["diff", SKELLIGE, SKELLIGE, "--simulate", "--games", "1", "--vs", "monsters", "--log", log],
                    exit_code=2)
    assert "--force" in again.stderr


def test_the_odds_table_shows_cards_of_one_deck_only_at_zero_on_the_other_side(tmp_path):
    """A card added or removed is in the p_opening table, at 0 in the deck without it (text too)."""
    old = write_deck(tmp_path, {"Ves": 1, "Thaler": 1, "Blue Stripes Commando": 3, **COMMON}, name="old.toml")
    new = write_deck(tmp_path, {"Ves": 1, "Scorch": 2, "Blue Stripes Commando": 3, **COMMON}, name="new.toml")
    rows = {r["card"]: r for r in json.loads(run_cli(["diff", old, new, "--format", "json"]).stdout)["p_opening"]}
    size = 5 + sum(COMMON.values())
    assert rows["Thaler"]["new"] == 0 and rows["Thaler"]["old"] == pytest.approx(p_open(size, 1))
    assert rows["Scorch"]["old"] == 0 and rows["Scorch"]["new"] == pytest.approx(p_open(size + 1, 2))
    text = run_cli(["diff", old, new]).stdout.split("p_opening")[1]
    thaler = f"{p_open(size, 1) * 100:.1f}%"
    assert any(line.split()[:4] == ["Thaler", thaler, "0.0%", f"-{thaler[:-1]}"] for line in text.splitlines())
