"""``deckcli solo --table``: a whole game of Gwent Solo kept while it is played at the table (issue 30 item 5).

The library (:mod:`deckcli.game.solo.table`) is driven by scripted answers; the command by standard input through
Click's runner (fast), and in a real terminal under tmux (``tests/game/solo/test_table_in_a_terminal.py``).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import DECKS
from deckcli.game.solo.table import Question, play_table_game
from helpers.solo_table_players import SKELLIGE, Player, table_game_answers, table_setup


def replayed(answers: list[str]):
    queue = list(answers)
    return lambda question: queue.pop(0)


@pytest.mark.parametrize(("deck", "vs", "seed"), [
    (SKELLIGE, "monsters", 3), (SKELLIGE, "nilfgaard", 6), (SKELLIGE, "northern-realms", 1),
    (str(DECKS / "scoiatael-advanced.toml"), "skellige", 2), (str(DECKS / "monsters-advanced.toml"), "scoiatael", 4),
])
def test_a_whole_game_is_kept_to_its_end_and_is_the_same_played_again_from_its_answers(deck, vs, seed):
    """Every card the automaton reveals is one its deck still holds, the game ends with a player out of gems (§9),
    and the same answers give the same game (what --resume relies on)."""
    player = Player(seed)
    game = play_table_game(table_setup(deck, vs, True, seed), player.ask, player.tell)
    assert game.over and min(game.gems) == 0 and len(game.round_winners) in (2, 3)
    reveals = [q for q in player.asked if q.kind == "reveal"]
    assert reveals and all(q.options for q in reveals)
    assert any(line.startswith("Game over: ") for line in player.told)
    picked = [e for e in game.log if e["event"] in ("keep", "return") and e["player"] == 0]
    said = [line for line in player.told if "picked at random, --seed)" in line]
    assert len(said) >= len(picked)  # the random picks of the rules are said
    again = play_table_game(table_setup(deck, vs, True, seed), replayed(player.answers), lambda lines: None)
    assert again.log == game.log


class Stop(Exception):
    """The script is over: the game stops there."""


class PositionPlayer(Player):
    """Answers as :class:`Player` does, but at random from the position (``seed``, the decisions taken so far and
    the question), not from the answers before: a game resumed anywhere is answered as the uninterrupted one.
    Stops (:class:`Stop`) at its ``stop``-th question."""

    def __init__(self, seed: int, stop: int | None = None) -> None:
        super().__init__(seed, passing=0.1)
        self.seed, self.stop = seed, stop
        self.decisions: list = []
        self.at: list[int] = []
        """The questions asked when each decision was taken."""

    def record(self, taken, said, digest) -> None:
        assert digest and said  # nothing is taken back: the player answers only what is offered
        self.decisions = taken
        self.at.append(len(self.asked))

    def ask(self, question: Question) -> str:
        if self.stop is not None and len(self.asked) == self.stop:
            raise Stop()
        self.rng = random.Random(f"{self.seed}:{len(self.decisions)}:{question.kind}:{question.text}")
        return super().ask(question)


def _through_a_save(decisions: list) -> list:
    """``decisions`` written as a save holds them and read back."""
    from deckcli.cli.solo_table import check_save, save_text
    from deckcli.game.solo.table import log_digest  # noqa: F401 - the digest's module: the save's other half

    document = {"kind": "deckcli solo --table", "format": 2, "deckcli_version": "0", "deck": "d.toml",
                "deck_sha256": "0" * 64, "vs": "monsters", "leader_variant": False, "seed": 1,
                "decisions": decisions, "log_sha256": None}
    saved = check_save(json.loads(save_text(document)), "game.json")
    assert saved.decisions is not None
    return saved.decisions


SCOIATAEL = str(DECKS / "scoiatael-advanced.toml")
MONSTERS = str(DECKS / "monsters-advanced.toml")


@pytest.mark.parametrize(("deck", "vs", "seed", "leader_variant", "questions"), [
    (SKELLIGE, "monsters", 3, False, {"search"}), (SKELLIGE, "monsters", 3, True, {"search"}),
    (SKELLIGE, "nilfgaard", 6, True, {"under"}), (SKELLIGE, "northern-realms", 1, False, set()),
    (SCOIATAEL, "skellige", 5, True, {"leader", "medic", "under", "search"}),
    (SCOIATAEL, "nilfgaard", 3, True, {"medic", "under"}),
    (MONSTERS, "nilfgaard", 2, True, {"leader", "random"}), (MONSTERS, "scoiatael", 5, True, {"leader"}),
    (MONSTERS, "scoiatael", 4, False, {"search", "under"}),
])
def test_a_game_saved_between_two_decisions_and_resumed_is_the_uninterrupted_game(deck, vs, seed, leader_variant,
                                                                                  questions):
    """Issue 34 item 3: a game stopped after N answers, its decisions saved (and read back from the save's text) and
    given again, stands between the same two decisions: asked on, it plays the rest as the uninterrupted game did,
    to the same log, the same decisions, the same questions and the same lines told from there on. Cut at a
    quarter, a half and four fifths of the game and just after every decision that is not a turn's action or a
    card it reveals (a Medic's unit, the Leader variant's Leader, a Muster's find...), in both variants."""
    setup = table_setup(deck, vs, leader_variant, seed)
    whole = PositionPlayer(seed)
    game = play_table_game(setup, whole.ask, whole.tell, record=whole.record)
    assert game.over and len(whole.decisions) >= 8
    assert questions <= {question for question, _ in whole.decisions}
    rare = [whole.at[n] for n, (question, _) in enumerate(whole.decisions)
            if question not in ("act", "reveal") and whole.at[n] < len(whole.asked)]
    for stop in sorted({len(whole.asked) // 4, len(whole.asked) // 2, len(whole.asked) * 4 // 5, *rare}):
        first = PositionPlayer(seed, stop=stop)
        with pytest.raises(Stop):
            play_table_game(setup, first.ask, first.tell, record=first.record)
        assert 0 < len(first.decisions) < len(whole.decisions)
        given = _through_a_save(first.decisions)
        assert given == first.decisions
        rest = PositionPlayer(seed)
        resumed = play_table_game(setup, rest.ask, rest.tell, given, rest.record)
        assert resumed.log == game.log and rest.decisions == whole.decisions
        assert rest.asked == whole.asked[len(whole.asked) - len(rest.asked):]  # asked on where it stood
        assert whole.told[len(whole.told) - len(rest.told):] == rest.told


def test_a_decision_the_game_does_not_offer_there_is_refused():
    """A decision given that is not the question the game asks there, or not one of its options, stops the game
    (:class:`NotThisGame`, naming it) rather than playing another game."""
    from deckcli.game.solo.table import Decided, NotThisGame

    player = PositionPlayer(3)
    with pytest.raises(NotThisGame, match="decision 1: act, where the game asks for reveal"):
        play_table_game(table_setup(), player.ask, player.tell, [Decided("act", (2, -1, -1, -1))])
    with pytest.raises(NotThisGame, match="decision 2: act \\[0, 999, 0, -1\\] is not one the game offers there"):
        play_table_game(table_setup(), player.ask, player.tell,
                        [Decided("reveal", "Fiend"), Decided("act", (0, 999, 0, -1))])
    with pytest.raises(NotThisGame, match="decision 1: reveal 'Ballista' is not one"):
        play_table_game(table_setup(), player.ask, player.tell, [Decided("reveal", "Ballista")])


def scripted(answers: list[str]):
    """A player answering ``answers`` in order, recording each question and what is told; then :class:`Stop`."""
    queue = list(answers)
    asked: list[Question] = []
    told: list[str] = []

    def ask(question: Question) -> str:
        asked.append(question)
        if not queue:
            raise Stop()
        return queue.pop(0)

    return ask, told.extend, asked, told


def test_a_wrong_answer_is_asked_again_with_the_reason():
    ask, tell, asked, _ = scripted(["Ballista", "Arachas Behemoth", "Ghoul", ""])
    with pytest.raises(Stop):
        play_table_game(table_setup(), ask, tell)
    assert [q.kind for q in asked] == ["reveal", "reveal", "search", "search", "move"]
    assert asked[1].error.startswith('"Ballista" is not a card left in its deck')
    assert asked[2].options == ("Arachas",) and asked[2].optional
    assert asked[3].error.startswith('"Ghoul" is not a card its Muster searches for')


def test_weather_under_its_decoy_gives_no_further_card_at_the_table():
    """Its Decoy's card, named as the round ends, is played then: the Biting Frost takes its Griffin to 1, and no
    further card is asked for (§9): the round is scored 0 to 1 and round 2 begins with its turn."""
    ask, tell, asked, told = scripted(["Decoy", "pass", "Griffin", "Biting Frost"])
    with pytest.raises(Stop):
        play_table_game(table_setup(), ask, tell)
    assert [q.kind for q in asked] == ["reveal", "move", "reveal", "reveal", "reveal"]
    assert "the card under its Decoy" in asked[3].text and "the top card of its deck" in asked[4].text
    assert any(line.startswith("Round 1 ends: you 0, the automaton 1: the automaton wins it.") for line in told), told


# The command, its answers on standard input (Click's runner) ---------------------------------------------------


def _whole_game(deck: str, vs: str, seed: int) -> tuple[list[str], list[Question]]:
    """A whole game's answers and the questions they answer (the library played with a scripted player)."""
    player = Player(seed)
    play_table_game(table_setup(deck, vs, False, seed), player.ask, player.tell)
    return player.answers, player.asked


def _between_decisions(asked: list[Question], near: int) -> int:
    """The first answer from ``near`` on that begins a decision (a move, a card of the automaton), not one that
    finishes a move (its row, a yes or no): a game cut there stands between two decisions."""
    return next(n for n in range(near, len(asked)) if asked[n].kind not in ("choose", "confirm"))


def _decisions(path: Path) -> list:
    return json.loads(path.read_text("utf-8"))["decisions"]


def test_the_command_plays_a_whole_game_from_standard_input(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers = table_game_answers(SKELLIGE, "nilfgaard", 5)
    result = run_cli(["solo", "--table", SKELLIGE, "--vs", "Nilfgaard", "--seed", "5"], input="\n".join(answers) + "\n",
                     env={"COLUMNS": "80"})
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Gwent Solo at the table: your Skellige against the automaton of Nilfgaard")
    assert any(line.startswith("Game over: ") for line in lines) and lines[-1].startswith("Final gems: ")
    assert max(len(line) for line in lines) <= 80
    assert lines.count("Round 1. Weather: none.") >= 1 and any(line.startswith("You: ") for line in lines)
    assert not list(tmp_path.iterdir())  # nothing saved without --save: the game ended


def test_a_game_saved_as_it_goes_plays_on_from_where_it_stopped(tmp_path, monkeypatch):
    """--save writes every decision; the input ending half-way (or quit) leaves the game saved; --resume applies the
    saved decisions again, silently, then asks on: the game ends as the one played in one go, and the save holds
    the same decisions as the whole game's."""
    monkeypatch.chdir(tmp_path)
    answers, asked = _whole_game(SKELLIGE, "monsters", 3)
    whole = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--seed", "3", "--save", "whole.json"],
                    input="\n".join(answers) + "\n")
    half = _between_decisions(asked, len(answers) // 2)
    first = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--seed", "3", "--save", "game.json"],
                    input="\n".join(answers[:half]) + "\n")
    assert "saved the game to game.json: deckcli solo --resume game.json plays on" in first.stdout
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved["format"] == 2 and saved["vs"] == "monsters" and saved["seed"] == 3
    assert saved["decisions"] == _decisions(tmp_path / "whole.json")[:len(saved["decisions"])]
    assert all(isinstance(answer, list) for question, answer in saved["decisions"] if question == "act")
    second = run_cli(["solo", "--resume", "game.json"], input="\n".join(answers[half:]) + "\n")
    assert "(the saved game is played again up to here)" in second.stdout
    assert second.stdout.splitlines()[-2:] == whole.stdout.splitlines()[-2:]
    assert _decisions(tmp_path / "game.json") == _decisions(tmp_path / "whole.json")
    quit_early = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters"], input=f"{answers[0]}\nquit\n")
    assert "saved the game to solo-table.json" in quit_early.stdout and (tmp_path / "solo-table.json").exists()


@pytest.mark.parametrize(("args", "said"), [
    (["--table", SKELLIGE, "--vs", "skellige"], "in Gwent Solo the automaton plays another faction than yours (§18)"),
    (["--table", SKELLIGE], "--table needs DECK and --vs FACTION"),
    (["--table", SKELLIGE, "--vs", "monsters", "--reveal", "Fiend"], "--reveal, -o and --apply go without it"),
    (["--table", SKELLIGE, "--vs", "rival.toml"], "--vs: the automaton plays a faction's whole set (§18)"),
    (["--table", str(DECKS / "skellige-starter.toml"), "--vs", "monsters"], "not legal under solo"),
    (["board.toml", "--reveal", "Fiend", "--seed", "2"], "--seed goes with --table"),
    (["--reveal", "Fiend"], "BOARD is missing"),
    (["--resume", "game.json", "--vs", "monsters"], "--resume FILE plays on with the deck, faction, variant and seed"),
    (["--seed", "2", "--table", SKELLIGE, "--vs", "monsters", "--save", "x.json", "--resume", "x.json"],
     "drop --table, DECK, --vs, --seed"),
])
def test_what_cannot_start_a_game_is_refused(tmp_path, monkeypatch, args, said):
    monkeypatch.chdir(tmp_path)
    result = run_cli(["solo", *args], exit_code=1 if "not legal" in said else 2, input="")
    assert said in result.stderr


def test_a_save_file_is_never_written_over_and_a_changed_deck_is_not_resumed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.json").write_text("mine")
    said = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--save", "mine.json"], exit_code=2).stderr
    assert "mine.json: already exists" in said and (tmp_path / "mine.json").read_text() == "mine"
    assert "is not a saved game" in run_cli(["solo", "--resume", "mine.json"], exit_code=2).stderr
    deck = tmp_path / "deck.toml"
    deck.write_text((DECKS / "skellige-advanced.toml").read_text())
    run_cli(["solo", "--table", deck, "--vs", "monsters", "--save", "game.json"], input="Fiend\n")
    deck.write_text(deck.read_text() + "\n# changed\n")
    said = run_cli(["solo", "--resume", "game.json"], exit_code=2).stderr
    assert "has changed since the game was saved" in said


def test_a_game_is_resumed_from_any_folder_and_a_missing_deck_is_said_on_the_save_s_line(tmp_path, monkeypatch):
    """A new user's finding: the save kept the deck's path as typed, so --resume from another folder said only
    "../decks/x.toml: no such file". The save now holds the whole path; an older save's relative path is also looked
    for beside the save; a deck that is nowhere is said on the save's deck line."""
    (tmp_path / "club").mkdir()
    (tmp_path / "elsewhere").mkdir()
    deck = tmp_path / "club" / "deck.toml"
    deck.write_text((DECKS / "skellige-advanced.toml").read_text())
    monkeypatch.chdir(tmp_path / "club")
    run_cli(["solo", "--table", "deck.toml", "--vs", "monsters", "--save", "game.json"], input="Fiend\n")
    saved = json.loads((tmp_path / "club" / "game.json").read_text())
    assert saved["deck"] == str(deck)
    monkeypatch.chdir(tmp_path / "elsewhere")
    run_cli(["solo", "--resume", "../club/game.json"], input="Fiend\n")
    old = tmp_path / "club" / "old.json"  # as an older deckcli saved it: the path as typed in club/
    old.write_text(json.dumps({**saved, "deck": "deck.toml"}, indent=1))
    run_cli(["solo", "--resume", old], input="Fiend\n")
    assert json.loads(old.read_text())["deck"] == str(deck)  # rewritten as this version saves
    old.write_text(json.dumps({**saved, "deck": "deck.toml"}, indent=1))
    deck.rename(tmp_path / "club" / "moved.toml")
    said = run_cli(["solo", "--resume", old], exit_code=2).stderr
    line = next(n for n, text in enumerate(old.read_text().splitlines(), 1) if '"deck":' in text)
    assert said.startswith(f"{old}:{line}: the game's deck, deck.toml, is not there (nor beside the save)"), said


def test_the_transcript_of_docs_play_md_is_what_deckcli_prints(tmp_path, monkeypatch):
    """docs/play.md shows a game played with --table as a transcript (an interactive session cannot be a console
    example): its first lines and its last, around a "…", are what deckcli prints for the answers of
    tests/project/readme_files/gwent-solo-at-the-table/answers.txt on an 80-column terminal."""
    from helpers.repository import REPO

    page = (REPO / "docs" / "play.md").read_text(encoding="utf-8")
    section = page[page.index("### Gwent Solo at the table"):]
    block = section[section.index("```text\n") + len("```text\n"):]
    shown = block[: block.index("```")].splitlines()
    head, tail = shown[: shown.index("…")], shown[shown.index("…") + 1:]
    answers = (REPO / "tests" / "project" / "readme_files" / "gwent-solo-at-the-table" / "answers.txt").read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    printed = run_cli(["solo", "--table", DECKS / "skellige-advanced.toml", "--vs", "nilfgaard"], input=answers,
                      env={"COLUMNS": "80"}).stdout.splitlines()
    assert printed[: len(head)] == head and printed[-len(tail):] == tail
    assert tail[-2:] == ["Game over: you win the game.", "Final gems: you 1, the automaton 0."]


FACTIONS = ("monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige")


@pytest.mark.parametrize("deck", FACTIONS)
def test_every_pairing_plays_to_its_end_in_the_leader_variant(deck):
    """Each example advanced deck against the automaton of each other faction, the Leader variant on: every Leader
    of §20 it reveals (searches of its deck for a Weather Card, a Tight Bond unit, a Mardroeme; a random pick) is
    asked for and resolved, and the game ends."""
    for vs in FACTIONS:
        if vs != deck:
            for seed in (1, 2):
                player = Player(seed, passing=0.15)
                game = play_table_game(table_setup(str(DECKS / f"{deck}-advanced.toml"), vs, True, seed), player.ask,
                                       player.tell)
                assert game.over and min(game.gems) == 0


def test_a_leader_of_the_variant_searching_its_deck_plays_what_is_found():
    """You lead at the score: the automaton reveals Eredin: King of the Wild Hunt (§20), whose search of its deck for a
    Weather Card is asked for; the Biting Frost found is played as the round is scored (no further card, §9): your
    Shield Maidens fall to 2 each under King Bran, bonded 6."""
    ask, tell, asked, told = scripted(["Fiend", "Cerys", "Ghoul", "", "pass", "Griffin",
                                       "Eredin: King of the Wild Hunt", "Biting Frost"])
    with pytest.raises(Stop):
        play_table_game(table_setup(leader_variant=True), ask, tell)
    assert [q.kind for q in asked] == ["reveal", "move", "reveal", "search", "move", "reveal", "leader", "search",
                                       "reveal"]
    assert "Biting Frost" in asked[7].options and "the top card of its deck" in asked[8].text
    assert any(line.startswith("Round 1 ends: you 28, the automaton 3: you win it.") for line in told), told


def test_the_emperor_of_nilfgaard_asks_which_card_of_your_hand_you_discard():
    """§20: the Emperor of Nilfgaard, revealed at the score, makes you discard a card of your choice: asked, and the
    card goes to your discard pile (your Medic may bring it back)."""
    ask, tell, asked, told = scripted(["Rainfarn", "Cerys", "Sweers", "pass", "Vreemde",
                                       "Emhyr var Emreis: Emperor of Nilfgaard", "Udalryk"])
    with pytest.raises(Stop):
        play_table_game(table_setup(vs="nilfgaard", leader_variant=True), ask, tell)
    assert [q.kind for q in asked] == ["reveal", "move", "reveal", "move", "reveal", "leader", "discard", "reveal"]
    assert asked[6].text == "Which card of your hand do you discard?" and "Udalryk" in asked[6].options
    assert "  you discard Udalryk" in told


def test_your_leader_may_play_a_card_of_your_deck(tmp_path):
    """Your hand and deck are one pool at the table: Arnjolf: The Patricide finds the Tight Bond unit of your deck
    that adds most and plays it (§5, its text), as you do at the table."""
    deck = tmp_path / "arnjolf.toml"
    deck.write_text((DECKS / "skellige-advanced.toml").read_text().replace('leader = "King Bran"',
                                                                           'leader = "Arnjolf: The Patricide"'))
    ask, tell, asked, told = scripted(["Fiend", "leader"])
    with pytest.raises(Stop):
        play_table_game(table_setup(str(deck)), ask, tell)
    assert [q.kind for q in asked] == ["reveal", "move", "reveal"] and not asked[2].error
    assert "  you use your Leader Arnjolf: The Patricide" in told
    assert "  Close Combat 4: Clan Drummond Shield Maiden 4" in told


# Issue 36: hostile saves, signals, answers -------------------------------------------------------------------


def _saved_game(tmp_path, answers: list[str], name: str = "game.json") -> dict:
    """A game of the first ``answers`` (Skellige against Monsters, seed 3) saved to ``name`` by quitting."""
    run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--seed", "3", "--save", name],
            input="\n".join(answers) + "\nquit\n")
    return json.loads((tmp_path / name).read_text("utf-8"))


def test_a_move_a_word_only_half_names_is_asked_about_first():
    """``clear`` played the Clear Weather in hand at once: now asked (yes or no), no taking it back (item "What a new
    user hit")."""
    ask, tell, asked, told = scripted(["Fiend", "clear", "no", "clear", "y"])
    with pytest.raises(Stop):
        play_table_game(table_setup(), ask, tell)
    assert [q.kind for q in asked] == ["reveal", "move", "confirm", "move", "confirm", "reveal"]
    assert asked[2].text == '"clear": play Clear Weather? (yes or no)' and asked[2].options == ("yes", "no")
    assert any(line.strip() == "you: Clear Weather" or line.strip().startswith("you: Clear Weather")
               for line in told), told
    ask, tell, asked, _ = scripted(["Fiend", "Clear Weather"])
    with pytest.raises(Stop):
        play_table_game(table_setup(), ask, tell)
    assert [q.kind for q in asked] == ["reveal", "move", "reveal"]  # its name: played without a question


def test_undo_takes_the_last_answer_back_and_the_game_goes_on_from_before_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers = table_game_answers(SKELLIGE, "monsters", 3)
    wrong = next(o for o in ("Cerys", "Olaf", "Madman Lugos") if o != answers[1])
    typed = [answers[0], wrong, "undo", *answers[1:]]
    undone = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--seed", "3", "--save", "game.json"],
                     input="\n".join(typed) + "\n")
    whole = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--seed", "3", "--save", "whole.json"],
                    input="\n".join(answers) + "\n")
    assert f"(your last answer, {wrong}, is taken back: the game is played again up to here)" in undone.stdout
    assert undone.stdout.splitlines()[-2:] == whole.stdout.splitlines()[-2:]
    assert _decisions(tmp_path / "game.json") == _decisions(tmp_path / "whole.json")
    nothing = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters"], input="undo\nquit\n").stdout
    assert "there is no answer to take back yet" in nothing


def test_undo_in_the_middle_of_a_move_asks_the_move_again(tmp_path, monkeypatch):
    """A move half said (the Commander's Horn named, its row not yet) is no decision yet: undo there takes back that
    answer only, the move is asked again, and the decisions before it are kept."""
    monkeypatch.chdir(tmp_path)
    answers, asked = _whole_game(SKELLIGE, "monsters", 4)
    move = next(n for n in range(len(asked) - 1) if asked[n].kind == "move" and asked[n + 1].kind == "choose")
    assert answers[move] == "Commander's Horn"
    typed = [*answers[:move + 1], "undo", *answers[move:]]
    undone = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--seed", "4", "--save", "game.json"],
                     input="\n".join(typed) + "\n")
    whole = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--seed", "4", "--save", "whole.json"],
                    input="\n".join(answers) + "\n")
    said = " ".join(undone.stdout.split())
    assert "(your last answer, Commander's Horn, is taken back: the game is played again up to here)" in said
    assert undone.stdout.splitlines()[-2:] == whole.stdout.splitlines()[-2:]
    assert _decisions(tmp_path / "game.json") == _decisions(tmp_path / "whole.json")


def test_the_hint_after_saving_is_a_command_that_plays_on(tmp_path, monkeypatch):
    """Item 12: ``deckcli solo --table --resume game.json`` was refused (--resume goes without --table)."""
    monkeypatch.chdir(tmp_path)
    answers = table_game_answers(SKELLIGE, "monsters", 3)
    quit_early = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--seed", "3", "--save", "game.json"],
                         input=f"{answers[0]}\nquit\n").stdout
    hint = re.search(r"saved the game to game\.json: deckcli (.*) plays on", quit_early).group(1).split()
    resumed = run_cli(hint, input="\n".join(answers[1:]) + "\n").stdout
    assert resumed.splitlines()[-1].startswith("Final gems: ")


@pytest.mark.parametrize(("edit", "key", "said"), [
    (lambda d: d.update(vs="nosuch"), "vs", 'vs is "nosuch", not a faction'),
    (lambda d: d.update(vs=None), "vs", "vs is null, not a faction"),
    (lambda d: d.update(seed="abc"), "seed", 'seed is "abc", not a whole number'),
    (lambda d: d.update(seed=-1), "seed", "seed is -1"),
    (lambda d: d.update(seed=True), "seed", "seed is true"),
    (lambda d: d.update(seed=2**64), "seed", "seed is 18446744073709551616"),
    (lambda d: d.update(leader_variant="yes"), "leader_variant", 'leader_variant is "yes", not true or false'),
    (lambda d: d.update(decisions="Fiend"), "decisions", 'decisions is "Fiend", not a list'),
    (lambda d: d.update(decisions=[1]), "decisions", "decisions holds 1, not a list"),
    (lambda d: d.update(decisions=[["reveal", "\ud800"]]), "decisions", 'decisions holds ["reveal", "\\ud800"]'),
    (lambda d: d.update(decisions=[["act", [0, "x", 0, -1]]]), "decisions", 'decisions holds ["act", [0, "x", 0, -1]]'),
    (lambda d: d.update(decisions=[["nosuch", 1]]), "decisions", 'decisions holds ["nosuch", 1]'),
    (lambda d: d.update(format=1), "format", "format is 1, not 2"),
    (lambda d: d.update(format=3, moves=[]), "format", "format is 3, not 2 (a save of another deckcli"),
    (lambda d: d.update(log_sha256="zz"), "log_sha256", 'log_sha256 is "zz", not 64 hexadecimal digits'),
    (lambda d: d.update(deck=7), "deck", "deck is 7"),
    (lambda d: d.update(deck_sha256="zz"), "deck_sha256", 'deck_sha256 is "zz", not 64 hexadecimal digits'),
    (lambda d: d.update(moves=[]), "moves", "key \"moves\" is not part of a saved game"),
    (lambda d: d.pop("seed"), None, "no seed"),
    (lambda d: d.update(vs="skellige"), "vs", "the automaton plays another faction than yours"),
])
def test_every_field_of_a_save_is_checked_and_the_save_kept(tmp_path, monkeypatch, edit, key, said):
    """Item 10: ``--resume`` checked a save's keys, not their values: ``"vs": null``, ``"seed": "abc"`` ended in
    internal errors. Each is one line with the file and the key's line, exit 2, and the save is not touched."""
    monkeypatch.chdir(tmp_path)
    document = _saved_game(tmp_path, table_game_answers(SKELLIGE, "monsters", 3)[:3])
    edit(document)
    text = json.dumps(document, indent=1) + "\n"
    (tmp_path / "game.json").write_text(text, "utf-8")
    result = run_cli(["solo", "--resume", "game.json"], exit_code=2, input="")
    message = result.stderr.strip()
    assert "\n" not in " ".join(message.split("\n    ")) and said in " ".join(message.split()), message
    line = next(n for n, text_line in enumerate(text.splitlines(), 1) if f'"{key}":' in text_line) if key else None
    assert message.startswith(f"game.json:{line}:" if line else "game.json:"), message
    assert (tmp_path / "game.json").read_text("utf-8") == text and result.stdout == ""


def test_a_seed_too_large_for_a_float_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _saved_game(tmp_path, ["Fiend"])
    text = (tmp_path / "game.json").read_text("utf-8").replace('"seed": 3', '"seed": 1e400')
    (tmp_path / "game.json").write_text(text, "utf-8")
    said = run_cli(["solo", "--resume", "game.json"], exit_code=2, input="").stderr
    assert "seed is Infinity, not a whole number" in " ".join(said.split())


def test_a_save_of_another_version_is_replayed_with_a_warning_and_checked(tmp_path, monkeypatch):
    """Item 10: a save from another deckcli version (whose engine may play differently) is played again with a
    warning and checked against the digest of the game saved: refused, the save kept, when the answers make
    another game; refused when it has no digest."""
    monkeypatch.chdir(tmp_path)
    answers, asked = _whole_game(SKELLIGE, "monsters", 3)
    cut = _between_decisions(asked, 6)
    document = _saved_game(tmp_path, answers[:cut])
    assert len(document["log_sha256"]) == 64
    other = {**document, "deckcli_version": "0.0.1"}
    (tmp_path / "game.json").write_text(json.dumps(other), "utf-8")
    resumed = run_cli(["solo", "--resume", "game.json"], input="\n".join(answers[cut:]) + "\n")
    assert "saved by deckcli 0.0.1, and this is deckcli" in resumed.stderr
    assert resumed.stdout.splitlines()[-1].startswith("Final gems: ")
    played_differently = {**other, "log_sha256": "0" * 64}
    (tmp_path / "game.json").write_text(json.dumps(played_differently), "utf-8")
    said = run_cli(["solo", "--resume", "game.json"], exit_code=2, input="more\n").stderr
    assert "its decisions play into another game" in " ".join(said.split())
    assert "made the game saved" not in said and said.startswith("game.json: its decisions")  # one message
    assert json.loads((tmp_path / "game.json").read_text("utf-8")) == played_differently
    undigested = {**other, "log_sha256": None}
    (tmp_path / "game.json").write_text(json.dumps(undigested), "utf-8")
    said = run_cli(["solo", "--resume", "game.json"], exit_code=2, input="").stderr
    assert "without the digest" in " ".join(said.split())


def test_the_deck_is_read_once(tmp_path, monkeypatch):
    """Item 10: the deck was read once to play and again to hash: a deck changed in between was hashed as it was
    not played."""
    from deckcli.files import reading

    monkeypatch.chdir(tmp_path)
    read: list[str] = []
    real = reading.read_bytes

    def counted(path, *args, **kwargs):
        read.append(str(path))
        return real(path, *args, **kwargs)

    from deckcli.deck import reading as deck_reading

    monkeypatch.setattr(reading, "read_bytes", counted)
    monkeypatch.setattr(deck_reading, "read_bytes", counted)
    run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--save", "game.json"], input="Fiend\nquit\n")
    assert read.count(SKELLIGE) == 1
    read.clear()
    run_cli(["solo", "--resume", "game.json"], input="quit\n")
    assert read.count(SKELLIGE) == 1


@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_stopped_while_its_answers_are_played_again_a_save_keeps_them_all(tmp_path, monkeypatch, signal_name):
    """Item 11: a Ctrl-C, SIGTERM or SIGHUP during the silent replay of a resumed game wrote only the answers
    replayed so far: the rest of the game was lost. The signal is raised where deckcli's handler raises it, inside
    the game, at the sixth step it tells."""
    import signal

    from click.testing import CliRunner

    from deckcli.cli.main import cli
    from deckcli.errors import Terminated
    from deckcli.game.solo import table

    monkeypatch.chdir(tmp_path)
    answers, asked = _whole_game(SKELLIGE, "monsters", 3)
    document = _saved_game(tmp_path, answers[: _between_decisions(asked, len(answers) // 2)])
    real, told = table._Table.tell_steps, []

    def interrupted(self):
        told.append(1)
        if len(told) == 6:
            raise KeyboardInterrupt() if signal_name == "SIGINT" else Terminated(getattr(signal, signal_name),
                                                                                 signal_name)
        return real(self)

    monkeypatch.setattr(table._Table, "tell_steps", interrupted)
    result = CliRunner().invoke(cli, ["solo", "--resume", "game.json"], input="")
    assert len(told) == 6 and "saved the game to game.json" in result.stderr
    assert json.loads((tmp_path / "game.json").read_text("utf-8")) == document


@pytest.mark.parametrize("where", ["no-folder", "folder", "device"])
def test_a_save_file_that_cannot_be_written_is_refused_before_the_first_turn(tmp_path, monkeypatch, where):
    """Item 13: ``--save FILE`` was checked when the game ended, after the whole game was played."""
    monkeypatch.chdir(tmp_path)
    save = {"no-folder": "nosuch/game.json", "folder": str(tmp_path), "device": "/dev/null"}[where]
    force = [] if where == "no-folder" else ["--force"]  # a folder or a device "exists", which --force accepts
    result = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--save", save, *force], exit_code=2,
                     input="\n".join(table_game_answers(SKELLIGE, "monsters", 1)) + "\n")
    assert result.stdout == "" and result.stderr.startswith(save), result.stderr


def test_an_answer_that_is_not_utf8_is_refused_and_the_game_kept(tmp_path, monkeypatch):
    """Item 14: "Cérys" typed on a Latin-1 terminal was kept as a lone surrogate, and the save could no longer be
    written: the game was lost. The line is refused and asked again; the game goes on and is saved."""
    monkeypatch.chdir(tmp_path)
    answers = table_game_answers(SKELLIGE, "monsters", 3)
    typed = "\n".join(answers[:1]).encode() + b"\nC\xe9rys\n" + "\n".join(answers[1:3]).encode() + b"\nquit\n"
    result = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--seed", "3", "--save", "game.json"],
                     input=typed)
    assert "that line is not text deckcli can keep (not UTF-8" in " ".join(result.stdout.split())
    clean = _saved_game(tmp_path, answers[:3], "clean.json")
    assert clean["decisions"] and _decisions(tmp_path / "game.json") == clean["decisions"]


@pytest.mark.parametrize("length", [300, 6000])
def test_a_long_answer_is_refused_or_quoted_within_80_columns(tmp_path, monkeypatch, length):
    """A new user's finding: a line of 6,000 characters was refused as "not UTF-8, or a control character", and a
    line of 300 was echoed and quoted back whole, past 80 columns. The refusal says the line is too long, the
    echo and the quote are cut to the width, and the game goes on."""
    monkeypatch.chdir(tmp_path)
    typed = "y" * length + "\nquit\n"
    result = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--save", "game.json"], input=typed,
                     env={"COLUMNS": "80"})
    assert all(len(line) <= 80 for line in result.stdout.splitlines())
    said = " ".join(result.stdout.split())
    if length > 1000:
        assert "that line is 6,000 characters long, more than any answer (1,000 at most)" in said
    else:
        assert '"' + "y" * 40 + '…" is not ' in said
    assert "not UTF-8" not in said


def test_the_save_file_is_never_the_deck_even_with_force(tmp_path, monkeypatch):
    """Item 15: ``--save DECK --force`` replaced the deck with the save."""
    monkeypatch.chdir(tmp_path)
    deck = tmp_path / "deck.toml"
    deck.write_text(Path(SKELLIGE).read_text("utf-8"), "utf-8")
    before = deck.read_bytes()
    for save in (deck, "./deck.toml"):
        said = run_cli(["solo", "--table", deck, "--vs", "monsters", "--save", save, "--force"], exit_code=2,
                       input="Fiend\n").stderr
        assert "which this command reads" in " ".join(said.split()) and deck.read_bytes() == before


@pytest.mark.parametrize("option", [["--seed", "2"], ["--leader-variant"]])
def test_resume_refuses_what_the_save_already_fixes(tmp_path, monkeypatch, option):
    """Also of issue 36: ``--resume`` silently ignored ``--seed`` and ``--leader-variant``."""
    monkeypatch.chdir(tmp_path)
    _saved_game(tmp_path, ["Fiend"])
    said = run_cli(["solo", "--resume", "game.json", *option], exit_code=2, input="").stderr
    assert f"drop {option[0]}" in said


def _earlier_save(tmp_path, answers: list[str], **fields) -> dict:
    """A save of the earlier format (the answers typed, deckcli 0.9's): ``answers`` of Skellige against Monsters,
    seed 3, with ``fields`` (``transcript_sha256``, ``deckcli_version``)."""
    import hashlib

    from deckcli import __version__

    document = {"kind": "deckcli solo --table", "deckcli_version": __version__, "deck": SKELLIGE,
                "deck_sha256": hashlib.sha256(Path(SKELLIGE).read_bytes()).hexdigest(), "vs": "monsters",
                "leader_variant": False, "seed": 3, "answers": answers, **fields}
    (tmp_path / "game.json").write_text(json.dumps(document, indent=1) + "\n", "utf-8")
    return document


def _transcript_digest(answers: list[str]) -> str:
    """The digest a save of the earlier format kept: what the game asked and told up to its last answer."""
    import hashlib

    digest, queue, reached = hashlib.sha256(), list(answers), []

    def ask(question: Question) -> str:
        digest.update(repr(tuple(question)).encode() + b"\n")
        if not queue:
            raise Stop()
        if len(queue) == 1:
            reached.append(digest.hexdigest())
        return queue.pop(0)

    def tell(lines: list[str]) -> None:
        for line in lines:
            digest.update(line.encode() + b"\n")

    with pytest.raises(Stop):
        play_table_game(table_setup(SKELLIGE, "monsters", False, 3), ask, tell)
    return reached[0]


def test_a_save_of_the_earlier_format_is_read_and_written_again_as_decisions(tmp_path, monkeypatch):
    """A save of the answers typed (before the decisions were saved) plays on: its answers are played again into
    decisions, checked by its transcript's digest when it has one (refused in one line when they make another
    game), and the game, saved again, holds the decisions of the uninterrupted game."""
    monkeypatch.chdir(tmp_path)
    answers, asked = _whole_game(SKELLIGE, "monsters", 3)
    whole = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--seed", "3", "--save", "whole.json"],
                    input="\n".join(answers) + "\n")
    cut = _between_decisions(asked, len(answers) // 3)
    for fields in ({}, {"deckcli_version": "0.0.1", "transcript_sha256": _transcript_digest(answers[:cut])}):
        _earlier_save(tmp_path, answers[:cut], **fields)
        resumed = run_cli(["solo", "--resume", "game.json"], input="\n".join(answers[cut:]) + "\n")
        assert resumed.stdout.splitlines()[-2:] == whole.stdout.splitlines()[-2:]
        assert ("saved by deckcli 0.0.1" in resumed.stderr) == bool(fields)
        saved = json.loads((tmp_path / "game.json").read_text("utf-8"))
        assert saved["format"] == 2 and saved["decisions"] == _decisions(tmp_path / "whole.json")
    document = _earlier_save(tmp_path, answers[:cut], deckcli_version="0.0.1", transcript_sha256="0" * 64)
    said = run_cli(["solo", "--resume", "game.json"], exit_code=2, input="more\n").stderr
    assert said.startswith("game.json: its answers play into another game") and said.count("\n") <= 2, said
    assert json.loads((tmp_path / "game.json").read_text("utf-8")) == document


def test_a_decision_a_save_holds_that_the_game_does_not_offer_is_refused_with_its_line(tmp_path, monkeypatch):
    """A decision of the right shape that the game does not offer where it comes (a card not in the hand, a save
    edited or of another deckcli) is one line with the file and the decision's line, exit 2, the save kept."""
    monkeypatch.chdir(tmp_path)
    answers, asked = _whole_game(SKELLIGE, "monsters", 3)
    _saved_game(tmp_path, answers[:_between_decisions(asked, 8)])
    text = (tmp_path / "game.json").read_text("utf-8")
    lines = text.splitlines()
    number = next(n for n, line in enumerate(lines) if line.startswith('  ["act", [0, '))
    lines[number] = re.sub(r"\[0, \d+,", "[0, 999,", lines[number])
    edited = "\n".join(lines) + "\n"
    (tmp_path / "game.json").write_text(edited, "utf-8")
    said = run_cli(["solo", "--resume", "game.json"], exit_code=2, input="pass\n").stderr
    decision = number - next(n for n, line in enumerate(lines) if line.startswith(' "decisions"'))
    assert said.startswith(f"game.json:{number + 1}: its decisions play into another game"), said
    assert f"decision {decision}: act [0, 999, " in " ".join(said.split())
    assert (tmp_path / "game.json").read_text("utf-8") == edited


def test_a_card_that_cannot_follow_is_taken_back_and_never_applied_from_a_save(monkeypatch):
    """A card the player names that the rules then refuse (the automaton's play raises CardLookupError) is told,
    taken back from the decisions and asked again; the same card given from a save stops the game instead."""
    from deckcli.errors import CardLookupError
    from deckcli.game.solo import reveal
    from deckcli.game.solo.table import Decided, NotThisGame

    real, refused = reveal._answer, []

    def once(game, owed, card, where, instance=None):
        if card.name == "Fiend" and not refused:
            refused.append(card.name)
            raise CardLookupError("Fiend cannot follow (a test's refusal)")
        return real(game, owed, card, where, instance)

    monkeypatch.setattr(reveal, "_answer", once)
    ask, tell, asked, told = scripted(["Fiend", "Griffin"])
    records: list = []
    with pytest.raises(Stop):
        play_table_game(table_setup(), ask, tell, record=lambda taken, said, digest: records.append((taken, digest)))
    assert "  Fiend cannot follow (a test's refusal)" in told
    assert [q.kind for q in asked] == ["reveal", "reveal", "move"]
    assert records[0][0] == [Decided("reveal", "Fiend")] and records[1] == ([], "")
    assert records[2][0] == [Decided("reveal", "Griffin")]
    refused.clear()
    with pytest.raises(NotThisGame, match="decision 1: Fiend cannot follow"):
        play_table_game(table_setup(), ask, tell, [Decided("reveal", "Fiend")])


def test_a_save_in_a_folder_that_takes_no_new_file_is_refused_before_the_first_turn(tmp_path, monkeypatch):
    """A new user's finding (as a user without write permission): the game started, took an answer, and only then
    said "cannot write here"; a resumed game replayed the whole game first. Now both are refused before a turn."""
    import os

    from deckcli.files import safe_write

    monkeypatch.chdir(tmp_path)
    run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--save", "game.json"], input="Fiend\n")
    (tmp_path / "locked").mkdir()
    real = os.access
    monkeypatch.setattr(safe_write.os, "access", lambda path, mode: Path(path).name != "locked" and real(path, mode))
    said = run_cli(["solo", "--table", SKELLIGE, "--vs", "monsters", "--save", "locked/new.json"], input="Fiend\n",
                   exit_code=2)
    assert said.stderr.startswith("locked/new.json: cannot write here: permission denied") and "Your turn" not in said.stdout
    (tmp_path / "locked" / "game.json").write_text((tmp_path / "game.json").read_text())
    said = run_cli(["solo", "--resume", "locked/game.json"], input="Fiend\n", exit_code=2)
    assert "cannot write here: permission denied" in said.stderr and said.stdout == ""
