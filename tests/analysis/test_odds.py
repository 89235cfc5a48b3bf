"""deckcli odds: every probability against an enumeration of every hand of a small deck, and the issue's exact values."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from math import comb, isclose

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from click.testing import CliRunner

from helpers.cli_runs import deckcli_env, run_cli
from helpers.depth import examples
from helpers.repository import write_deck
from deckcli.cli.main import cli
from deckcli.analysis.probability import p_at_least_one, p_holding, p_with_spies

# A 14-card Nilfgaard main deck with three Spies: small enough to enumerate every hand.
SMALL = {
    "Stefan Skellen": 1,
    "Vattier de Rideaux": 1,
    "Shilard Fitz-Oesterlen": 1,
    "Impera Brigade Guard": 4,
    "Nausicaa Cavalry Rider": 3,
    "Black Infantry Archer": 2,
    "Young Emissary": 2,
}
SMALL_SPIES = {"Stefan Skellen", "Vattier de Rideaux", "Shilard Fitz-Oesterlen"}
NILFGAARD = {"faction": "Nilfgaard", "leader": "Emhyr var Emreis: The White Flame"}


def cards_of(counts: dict[str, int]) -> list[str]:
    """The deck as a list with one entry per physical card."""
    return [name for name, copies in counts.items() for _ in range(copies)]


def share_of_hands(deck: list[str], seen: int, holds) -> Fraction:
    """Fraction of every ``seen``-card hand of ``deck`` for which ``holds(hand_names)`` is true."""
    hands = list(combinations(range(len(deck)), seen))
    return Fraction(sum(1 for hand in hands if holds([deck[i] for i in hand])), len(hands))


def spy_share(deck: list[str], spies: set[str], target: str, seen: int, played: int) -> Fraction | None:
    """Enumeration of the Spy model: ``played`` given Spy cards are among ``seen`` cards; every choice of them equally likely."""
    spy_cards = [i for i, name in enumerate(deck) if name in spies]
    if len(spy_cards) < played:
        return None
    shares = []
    for chosen in combinations(spy_cards, played):
        hands = [h for h in combinations(range(len(deck)), seen) if set(chosen) <= set(h)]
        shares.append(Fraction(sum(1 for h in hands if any(deck[i] == target for i in h)), len(hands)))
    return sum(shares) / len(shares)


def odds_json(path, *args: str, exit_code: int = 0) -> list[dict]:
    return json.loads(run_cli(["odds", path, "--format", "json", *args], exit_code=exit_code).stdout)["rows"]


# --- the math against enumeration ------------------------------------------------------------------


@pytest.mark.parametrize("copies", range(0, 5))
@pytest.mark.parametrize("seen", range(0, 15))
def test_p_at_least_one_matches_every_hand_of_14_cards(copies, seen):
    deck = ["target"] * copies + ["other"] * (14 - copies)
    assert isclose(p_at_least_one(14, copies, seen), share_of_hands(deck, seen, lambda h: "target" in h))


@pytest.mark.parametrize(("spies", "target_is_spy", "copies"), [(3, False, 2), (3, True, 1), (2, True, 2), (1, False, 4)])
@pytest.mark.parametrize("played", [1, 2])
@pytest.mark.parametrize("before", [2, 4, 8])
def test_p_with_spies_matches_enumeration(spies, target_is_spy, copies, played, before):
    spy_names = {f"spy{i}" for i in range(spies)}
    if target_is_spy:
        deck = ["target"] * copies + [f"spy{i}" for i in range(spies - copies)]
        spy_names = spy_names | {"target"}
    else:
        deck = ["target"] * copies + sorted(spy_names)
    deck += ["other"] * (14 - len(deck))
    expected = spy_share(deck, spy_names, "target", min(before + 2 * played, 14), played)
    got = p_with_spies(14, copies, before, played, spies, copies if target_is_spy else 0)
    if expected is None:
        assert got is None
    else:
        assert isclose(got, expected)


def test_p_with_spies_is_empty_when_the_deck_has_too_few_spies():
    assert p_with_spies(14, 2, 12, 2, 1) is None
    assert p_with_spies(14, 2, 12, 1, 0) is None


@pytest.mark.parametrize(
    "wants",
    [{"a": 1, "b": 1}, {"a": 2}, {"a": 2, "b": 1, "c": 1}, {"a": 3, "c": 1}, {"a": 4}, {"b": 2, "c": 1}],
)
@pytest.mark.parametrize("seen", [3, 7, 10, 12])
def test_p_holding_matches_every_hand_of_14_cards(wants, seen):
    copies = {"a": 3, "b": 2, "c": 1}
    deck = cards_of(copies) + ["other"] * (14 - sum(copies.values()))
    expected = share_of_hands(deck, seen, lambda h: all(h.count(name) >= least for name, least in wants.items()))
    got = p_holding(14, [(copies[name], least) for name, least in wants.items()], seen)
    assert isclose(got, expected, abs_tol=1e-15)


def test_p_holding_with_many_copies_matches_inclusion_exclusion():
    # Five cards of 90 copies each, one of every card in 12 cards seen: P = Σ (-1)^|S| C(450 - 90|S|, 12) / C(450, 12).
    expected = sum((-1) ** m * comb(5, m) * comb(450 - 90 * m, 12) for m in range(6)) / comb(450, 12)
    assert isclose(p_holding(450, [(90, 1)] * 5, 12), expected, rel_tol=1e-12)


def test_a_hand_cannot_hold_more_cards_than_it_has():
    assert p_holding(25, [(3, 1), (3, 1)], 3, keep=1) == 0.0
    assert p_holding(25, [(3, 3)], 4, keep=2) == 0.0
    assert p_holding(25, [(3, 2)], 4, keep=2) == p_holding(25, [(3, 2)], 4)


@pytest.mark.slow
@settings(max_examples=examples(300))
@given(
    deck_size=st.integers(0, 60),
    copies=st.integers(0, 5),
    seen=st.integers(0, 70),
    grow=st.integers(1, 10),
    spies=st.integers(0, 4),
)
def test_probabilities_are_capped_at_1_and_never_rise_when_the_deck_grows(deck_size, copies, seen, grow, spies):
    copies = min(copies, deck_size)
    spies = min(spies, deck_size - copies)
    small = p_at_least_one(deck_size, copies, seen)
    big = p_at_least_one(deck_size + grow, copies, seen)
    assert 0 <= big <= small <= 1
    for played in (1, 2):
        small_spy = p_with_spies(deck_size, copies, seen, played, spies)
        big_spy = p_with_spies(deck_size + grow, copies, seen, played, spies)
        if small_spy is not None:
            assert 0 <= big_spy <= small_spy <= 1
    small_all = p_holding(deck_size, [(copies, 1)], seen)
    assert 0 <= p_holding(deck_size + grow, [(copies, 1)], seen) <= small_all <= 1


@settings(max_examples=examples(300))
@given(
    deck_size=st.integers(1, 450),
    copies=st.integers(0, 90),
    seen=st.integers(0, 40),
    spies=st.integers(0, 4),
    deck_spies=st.integers(0, 20),
    target_is_spy=st.booleans(),
)
def test_each_probability_is_the_float_nearest_the_exact_fraction(deck_size, copies, seen, spies, deck_spies, target_is_spy):
    copies = min(copies, deck_size)
    if target_is_spy:  # every copy of the target is one of the deck's Spies
        deck_spies = min(max(deck_spies, copies), deck_size)
        spy_copies = copies
    else:
        deck_spies = min(deck_spies, deck_size - copies)
        spy_copies = 0
    draws = comb(deck_size, min(seen, deck_size))
    assert p_at_least_one(deck_size, copies, seen) == float(1 - Fraction(comb(deck_size - copies, min(seen, deck_size)), draws))
    assert p_holding(deck_size, [(copies, 1)], seen) == float(1 - Fraction(comb(deck_size - copies, min(seen, deck_size)), draws))
    got = p_with_spies(deck_size, copies, seen, spies, deck_spies, spy_copies)
    if deck_spies < spies:
        assert got is None
        return
    others = min(seen + 2 * spies, deck_size) - spies
    spy_miss = Fraction(comb(deck_spies - spy_copies, spies), comb(deck_spies, spies))
    if spy_miss == 0:  # every choice of Spies played includes the target
        assert got == 1.0
        return
    miss = Fraction(comb(deck_size - spies - copies, others), comb(deck_size - spies, others))
    assert got == float(1 - spy_miss * miss)


# --- the command against enumeration --------------------------------------------------------------


def test_card_rows_and_spy_columns_match_enumeration(tmp_path):
    path = write_deck(tmp_path, SMALL, **NILFGAARD)
    rows = {row["card"]: row for row in odds_json(path, "--hand", "3", "--exchanges", "1")}
    deck = cards_of(SMALL)
    assert set(rows) == set(SMALL)
    for name, row in rows.items():
        assert (row["copies"], row["deck_size"], row["hand_size"], row["exchanges"]) == (SMALL[name], 14, 3, 1)
        assert isclose(row["p_opening"], share_of_hands(deck, 3, lambda h: name in h))
        assert isclose(row["p_after_exchange"], share_of_hands(deck, 4, lambda h: name in h))
        assert isclose(row["p_with_1_spy"], spy_share(deck, SMALL_SPIES, name, 6, 1))
        assert isclose(row["p_with_2_spies"], spy_share(deck, SMALL_SPIES, name, 8, 2))
        assert isclose(row["expected_in_opening"], 3 * SMALL[name] / 14)


def test_all_and_at_least_match_enumeration(tmp_path):
    path = write_deck(tmp_path, SMALL, **NILFGAARD)
    (row,) = odds_json(
        path, "--all", "Impera Brigade Guard", "--all", "Young Emissary", "--at-least", "2", "Nausicaa Cavalry Rider"
    )
    deck = cards_of(SMALL)

    def holds(hand):
        return "Impera Brigade Guard" in hand and "Young Emissary" in hand and hand.count("Nausicaa Cavalry Rider") >= 2

    assert row["cards"] == {"Impera Brigade Guard": 1, "Young Emissary": 1, "Nausicaa Cavalry Rider": 2}
    assert isclose(row["p_opening"], share_of_hands(deck, 10, holds))
    assert isclose(row["p_after_exchange"], share_of_hands(deck, 12, holds))


def test_at_least_alone_and_repeated_names_keep_the_larger_count(tmp_path):
    path = write_deck(tmp_path, SMALL, **NILFGAARD)
    (row,) = odds_json(path, "--at-least", "3", "impera brigade guard", "--all", "Impera Brigade Guard", "--hand", "5")
    deck = cards_of(SMALL)
    assert row["cards"] == {"Impera Brigade Guard": 3}
    assert isclose(row["p_opening"], share_of_hands(deck, 5, lambda h: h.count("Impera Brigade Guard") >= 3))
    assert isclose(row["p_after_exchange"], share_of_hands(deck, 7, lambda h: h.count("Impera Brigade Guard") >= 3))


def test_a_combined_question_larger_than_the_hand_is_impossible_even_after_exchange(tmp_path):
    path = write_deck(tmp_path, SMALL, **NILFGAARD)
    (row,) = odds_json(path, "--hand", "1", "--all", "Impera Brigade Guard", "--all", "Young Emissary")
    assert (row["p_opening"], row["p_after_exchange"]) == (0.0, 0.0)


def test_muster_group_rows_count_the_cards_that_bring_the_group(tmp_path):
    counts = {"Arachas": 3, "Arachas Behemoth": 1, "Ghoul": 3, "Nekker": 3, "Fiend": 1, "Griffin": 1, "Harpy": 1,
              "Wyvern": 1}
    path = write_deck(tmp_path, counts, faction="Monsters", leader="Eredin: King of the Wild Hunt")
    rows = {row["card"]: row for row in odds_json(path)}
    deck = cards_of(counts)
    arachas = rows["Arachas group (Muster: Arachas, Arachas Behemoth)"]
    assert arachas["kind"] == "muster-group" and arachas["copies"] == 4
    pulls = {"Arachas", "Arachas Behemoth"}
    assert isclose(arachas["p_opening"], share_of_hands(deck, 10, lambda h: bool(pulls & set(h))))
    assert isclose(arachas["p_after_exchange"], share_of_hands(deck, 12, lambda h: bool(pulls & set(h))))
    assert rows["Ghoul group (Muster: Ghoul)"]["copies"] == 3
    assert rows["Nekker group (Muster: Nekker)"]["copies"] == 3
    assert len(rows) == len(counts) + 3


def test_cerys_brings_the_shield_maidens_but_not_the_other_way(tmp_path):
    counts = {"Cerys": 1, "Clan Drummond Shield Maiden": 3, "Clan an Craite Warrior": 3, "Hjalmar": 1}
    path = write_deck(tmp_path, counts, faction="Skellige", leader="King Bran")
    rows = {row["card"]: row for row in odds_json(path)}
    group = rows["Clan Drummond Shield Maiden group (Muster: Cerys)"]
    assert group["copies"] == 1
    assert group["p_opening"] == rows["Cerys"]["p_opening"] == 1.0  # 8 cards, hand 10: Cerys is always drawn
    assert not any("Clan an Craite Warrior group" in name for name in rows)  # Tight Bond, no Muster


def test_gaunter_odimm_and_darkness_all_bring_their_group(tmp_path):
    counts = {"Gaunter O'Dimm": 1, "Gaunter O'Dimm: Darkness": 3, **{k: v for k, v in SMALL.items() if k not in SMALL_SPIES}}
    path = write_deck(tmp_path, counts, **NILFGAARD)
    rows = {row["card"]: row for row in odds_json(path, "--card", "Gaunter O'Dimm: Darkness")}
    assert list(rows) == ["Gaunter O'Dimm: Darkness", "Gaunter O'Dimm group (Muster: Gaunter O'Dimm, Gaunter O'Dimm: Darkness)"]
    deck = cards_of(counts)
    group = rows["Gaunter O'Dimm group (Muster: Gaunter O'Dimm, Gaunter O'Dimm: Darkness)"]
    assert group["copies"] == 4
    assert isclose(group["p_opening"], share_of_hands(deck, 10, lambda h: any(n.startswith("Gaunter") for n in h)))


# --- the exact values ------------------------------------------------------------------------

NR_25 = {"Esterad Thyssen": 1, "John Natalis": 1, "Philippa Eilhart": 1, "Vernon Roche": 1, "Ballista": 2,
         "Blue Stripes Commando": 3, "Catapult": 2, "Crinfrid Reavers Dragon Hunter": 3, "Dethmold": 1,
         "Dun Banner Medic": 1, "Kaedweni Siege Expert": 3, "Keira Metz": 1, "Poor Fucking Infantry": 4, "Ves": 1}


def test_25_cards_one_copy_opening_040_after_exchange_048(tmp_path):
    assert sum(NR_25.values()) == 25
    (row,) = odds_json(write_deck(tmp_path, NR_25), "--card", "Ves")
    assert row["deck_size"] == 25 and row["hand_size"] == 10 and row["exchanges"] == 2
    assert isclose(row["p_opening"], 0.40)
    assert isclose(row["p_after_exchange"], 0.48)
    assert isclose(row["expected_in_opening"], 0.40)


def test_22_cards_hand_10_no_exchange_is_10_in_22(tmp_path):
    counts = {k: v for k, v in NR_25.items() if k not in ("Ves", "Keira Metz", "Dethmold")}
    (row,) = odds_json(write_deck(tmp_path, counts), "--card", "Esterad Thyssen", "--exchanges", "0")
    assert row["deck_size"] == 22
    assert isclose(row["p_opening"], 10 / 22)
    assert isclose(row["p_after_exchange"], 10 / 22)


def test_26_cards_opening_is_10_in_26(tmp_path):
    counts = {**NR_25, "Yarpen Zigrin": 1}
    (row,) = odds_json(write_deck(tmp_path, counts), "--card", "Yarpen Zigrin")
    assert row["deck_size"] == 26
    assert isclose(row["p_opening"], 10 / 26)
    assert isclose(row["p_after_exchange"], 12 / 26)


SCOIATAEL_22 = {"Eithné": 1, "Iorveth": 1, "Saesenthessis": 1, "Barclay Els": 1, "Dol Blathanna Scout": 3,
                "Dwarven Skirmisher": 3, "Havekar Smuggler": 3, "Mahakaman Defender": 5, "Milva": 1, "Riordain": 1,
                "Toruviel": 1, "Decoy": 1}


def test_daisy_of_the_valley_draws_11(tmp_path):
    assert sum(SCOIATAEL_22.values()) == 22
    path = write_deck(tmp_path, SCOIATAEL_22, faction="Scoia'tael", leader="Francesca Findabair: Daisy of the Valley")
    (row,) = odds_json(path, "--card", "Milva")
    assert row["hand_size"] == 11
    assert isclose(row["p_opening"], 11 / 22)
    assert isclose(row["p_after_exchange"], 13 / 22)
    assert isclose(row["expected_in_opening"], 0.5)
    text = run_cli(["odds", path, "--card", "Milva"]).stdout
    assert "opening hand 11 (Francesca Findabair: Daisy of the Valley)" in text
    (row,) = odds_json(path, "--card", "Milva", "--hand", "10")
    assert row["hand_size"] == 10 and isclose(row["p_opening"], 10 / 22)
    other = write_deck(tmp_path, SCOIATAEL_22, faction="Scoia'tael", leader="Francesca Findabair: Pureblood Elf",
                       name="other.toml")
    assert odds_json(other, "--card", "Milva")[0]["hand_size"] == 10


def test_a_hand_larger_than_the_deck_is_refused(tmp_path):
    deck = write_deck(tmp_path, {"Ves": 1, "Ballista": 2})
    result = run_cli(["odds", deck, "--hand", "50"], exit_code=2)
    assert result.stderr.strip() == f"{deck}: --hand 50: the main deck holds only 3 cards to draw from"
    rows = odds_json(deck, "--hand", "3")
    assert all(row["p_opening"] == 1.0 for row in rows)


def test_an_unfinished_deck_is_drawn_whole_and_the_header_says_so(tmp_path):
    deck = write_deck(tmp_path, {"Ves": 1, "Ballista": 2})
    assert all(row["hand_size"] == 3 and row["p_opening"] == 1.0 for row in odds_json(deck))
    header = run_cli(["odds", deck]).stdout.splitlines()[1]
    assert "opening hand 3 (the whole main deck: it holds only 3 cards)" in header


def test_more_copies_than_the_deck_holds_is_refused(tmp_path):
    deck = write_deck(tmp_path, {"Ves": 1, "Ballista": 2})
    result = run_cli(["odds", deck, "--at-least", "3", "Ballista"], exit_code=2)
    assert "--at-least 3 Ballista: the main deck holds 2 Ballista, so no hand holds 3" in result.stderr


def test_at_most_two_exchanges(tmp_path):
    result = run_cli(["odds", write_deck(tmp_path, {"Ves": 1}), "--exchanges", "3"], exit_code=2)
    assert "--exchanges" in result.stderr


# --- output and mistakes --------------------------------------------------------------------------


def test_text_header_states_the_assumptions(tmp_path):
    out = run_cli(["odds", write_deck(tmp_path, NR_25), "--card", "Ves"]).stdout
    assert "N = 25 cards in the main deck" in out
    assert "opening hand 10" in out and "up to 2 exchanges" in out
    assert "set-aside" in out and "12 distinct cards" in out
    ves = next(line for line in out.splitlines() if line.startswith("Ves"))
    assert "40.0%" in ves and "48.0%" in ves


def test_spy_columns_are_empty_without_enough_spies(tmp_path):
    counts = {**NR_25, "Prince Stennis": 1}  # one Spy
    rows = odds_json(write_deck(tmp_path, counts))
    assert all(row["p_with_1_spy"] is not None and row["p_with_2_spies"] is None for row in rows)
    (ves,) = [row for row in rows if row["card"] == "Ves"]
    # N = 26 with 1 Spy: the Spy is seen, and 13 more of the 25 other cards (10 + 2 + 2 - 1).
    assert isclose(ves["p_opening"], 10 / 26)
    assert isclose(ves["p_with_1_spy"], 13 / 25)
    header = run_cli(["odds", write_deck(tmp_path, counts, name="one-spy.toml")]).stdout
    assert "the deck has 1 Spy (a Spy column is blank when it has fewer)" in header


def test_a_deck_without_a_spy_shows_no_spy_columns_nor_their_explanation(tmp_path):
    deck = write_deck(tmp_path, NR_25)  # no Spy
    out = run_cli(["odds", deck, "--card", "Ves"]).stdout
    assert "Spy" not in out and "Ves" in out and "opening" in out
    assert all(row["p_with_1_spy"] is None for row in odds_json(deck, "--card", "Ves"))  # JSON keeps its fields
    muster = run_cli(["odds", write_deck(tmp_path, {"Arachas": 3}, faction="Monsters", leader=None, name="m.toml"),
                      "--card", "Arachas"]).stdout
    assert "Spy" not in muster and "Muster group rows: holding any card whose Muster brings the group." in muster


@pytest.mark.parametrize("fmt", ["github", "grid", "pipe", "html", "plain", "csv"])
def test_every_table_format(tmp_path, fmt):
    out = run_cli(["odds", write_deck(tmp_path, NR_25), "--card", "Ves", "--format", fmt]).stdout
    assert "Ves" in out
    if fmt == "csv":
        header, row = out.splitlines()
        assert header.split(",")[:4] == ["card", "kind", "copies", "deck_size"]
        assert row.startswith("Ves,card,1,25,10,2,0.4,0.48,")
    if fmt == "html":
        assert "<table>" in out


def test_unknown_format_lists_the_choices(tmp_path):
    result = run_cli(["odds", write_deck(tmp_path, NR_25), "--format", "fancy"], exit_code=2)
    assert "github" in result.stderr and "json" in result.stderr and "csv" in result.stderr


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Foltest: The Siegemaster", "is the deck's Leader"),
        ("Foltest: King of Temeria", "is a Leader Card"),
        ("Bovine Defense Force", "is a side-deck card"),
        ("Blue Stripe Comando", "no such card; did you mean Blue Stripes Commando?"),
        ("Geralt of Rivia", "Geralt of Rivia is not in the main deck"),
        ("Foltest", "ambiguous"),
    ],
)
def test_a_card_not_in_the_main_deck_is_refused(tmp_path, name, reason):
    path = write_deck(tmp_path, NR_25)
    for option in (["--card", name], ["--all", name], ["--at-least", "1", name]):
        result = run_cli(["odds", path, *option], exit_code=2)
        assert reason in result.stderr
        assert str(path) in result.stderr
        assert result.stderr.count("\n") == 1 and not result.stdout


def test_card_and_all_together_is_a_usage_error(tmp_path):
    result = run_cli(["odds", write_deck(tmp_path, NR_25), "--card", "Ves", "--all", "Ves"], exit_code=2)
    assert "--card" in result.stderr


@pytest.mark.parametrize("args", [["--hand", "0"], ["--exchanges", "-1"], ["--at-least", "0", "Ves"], ["--hand", "x"]])
def test_bad_numbers_exit_2(tmp_path, args):
    run_cli(["odds", write_deck(tmp_path, NR_25), *args], exit_code=2)


def test_unknown_names_are_left_out_and_said(tmp_path):
    path = write_deck(tmp_path, {"Ves": 1, "Blue Stripe Comando": 3, "Ballista": 2})
    result = run_cli(["odds", path, "--format", "json"], exit_code=1)
    rows = json.loads(result.stdout)["rows"]
    assert [row["card"] for row in rows] == ["Ves", "Ballista"]
    assert rows[0]["deck_size"] == 3
    (line,) = result.stderr.splitlines()
    assert line.startswith(f'{path}:5: unknown-card: "Blue Stripe Comando" is not a card of any faction set; did you mean')
    assert line.endswith("(left out of the figures)")


def test_unreadable_deck_exits_2(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('faction = "Northern Realms"\n[cards\n', encoding="utf-8")
    result = run_cli(["odds", bad], exit_code=2)
    assert f"{bad}:2" in result.stderr
    result = run_cli(["odds", tmp_path / "missing.toml"], exit_code=2)
    assert "no such file" in result.stderr


def test_reads_standard_input():
    text = '\n'.join(['faction = "Northern Realms"', '[cards]', '"Ves" = 1', '"Ballista" = 3', ''])
    rows = json.loads(run_cli(["odds", "-", "--format", "json", "--hand", "1", "--exchanges", "0"], input=text).stdout)["rows"]
    assert [(r["card"], r["p_opening"]) for r in rows] == [("Ves", 0.25), ("Ballista", 0.75)]


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None)
@given(hand=st.integers(-3, 10**6), exchanges=st.integers(-3, 10**6), name=st.text(max_size=20))
def test_no_input_crashes_odds(tmp_path_factory, hand, exchanges, name):
    path = write_deck(tmp_path_factory.mktemp("deck"), {"Ves": 1, "Ballista": 2, "Prince Stennis": 1})
    args = ["odds", str(path), "--hand", str(hand), "--exchanges", str(exchanges), "--at-least", "2", name]
    result = CliRunner().invoke(cli, args, env=deckcli_env())
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code in (0, 2)
    if hand < 1 or exchanges < 0:
        assert result.exit_code == 2


def test_combined_question_as_csv_and_text(tmp_path):
    # N = 25, Ves and Keira Metz one copy each, hand 10: P(both) = C(23, 8) / C(25, 10) = (10·9)/(25·24) = 0.15
    path = write_deck(tmp_path, NR_25)
    out = run_cli(["odds", path, "--all", "Ves", "--all", "Keira Metz", "--exchanges", "0", "--format", "csv"]).stdout
    header, row = out.splitlines()
    assert header == "question,deck_size,hand_size,exchanges,p_opening,p_after_exchange"
    question, *numbers = row.split(",")
    assert question == "Ves and Keira Metz" and numbers[:3] == ["25", "10", "0"]
    assert isclose(float(numbers[3]), 0.15) and isclose(float(numbers[4]), 0.15)
    text = run_cli(["odds", path, "--all", "Ves", "--at-least", "2", "Ballista"]).stdout
    assert "Ves and 2+ Ballista" in text and "set-aside" in text


def test_the_draw_model_refuses_impossible_questions_as_player_errors():
    from deckcli.errors import DrawQuestionError
    from deckcli.analysis.main_deck import MainDeck
    from deckcli.analysis.odds import draw_model

    empty = MainDeck(where="deck.toml", cards=[], leader=None)
    with pytest.raises(DrawQuestionError, match="--hand 0: a hand holds at least 1 card"):
        draw_model(empty, 0)
    with pytest.raises(DrawQuestionError, match="--exchanges -1"):
        draw_model(empty, None, -1)


@pytest.mark.parametrize(("exchanges", "said"), [("0", "; no exchange."), ("1", "; up to 1 exchange.")])
def test_the_header_counts_the_exchanges_in_words(tmp_path, exchanges, said):
    header = run_cli(["odds", write_deck(tmp_path, NR_25), "--exchanges", exchanges]).stdout.splitlines()
    assert header[1].endswith(said)
    if exchanges == "0":
        assert header[2] == "No exchange: the after-exchange column is the opening hand."
