"""``deckcli score`` of a Free For All board (§16) and a two versus two board (§17): totals, each player's points
or each team's gem this round, what each Scorch takes; bad boards refused with their line (exit 2)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
import tomli_w
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.cli_runs import run_cli
from helpers.depth import examples
from helpers.repository import DECKS
from deckcli.catalog.loading import default_catalog
from deckcli.cli.main import cli
from deckcli.game.board import read_board

BOARDS = DECKS / "boards"
FFA_BOARD = BOARDS / "free-for-all.toml"
TEAM_BOARD = BOARDS / "two-versus-two.toml"


def _json(board: Path | str, input: str | None = None) -> dict:
    return json.loads(run_cli(["score", str(board), "--format", "json"], input=input).stdout)


def test_the_four_player_example_board_scores_3_2_1_and_0() -> None:
    """§16: "total Strengths are 30, 24, 18, and 10. The player at 30 scores 3 points; ...; 10 scores none"."""
    document = _json(FFA_BOARD)
    assert [side["total"] for side in document["table_sides"]] == [30, 24, 18, 10]
    assert [p["round_points"] for p in document["players"]] == [3, 2, 1, 0]
    assert document["points_to_win"] == 5 and document["mode"] == "ffa"
    assert document["outcome"]["starter"] == "Anna"
    assert document["outcome"]["draws"] == ["Ben"]  # Northern Realms exceeds at least two opponents (§16)
    text = run_cli(["score", str(FFA_BOARD)]).stdout
    assert "Anna   30  scores 3" in text and "Dara   10  scores 0" in text


def test_a_unit_scorch_row_of_each_opponent_and_the_special_scorch_over_every_side() -> None:
    document = _json(FFA_BOARD)
    assert sorted((t["side"], t["name"]) for t in document["special_scorch"]) == [
        ("Anna", "Black Infantry Archer"), ("Anna", "Black Infantry Archer"), ("Anna", "Heavy Zerrikanian Fire Scorpion")]
    rows = {side["label"]: side["rows"] for side in document["table_sides"]}
    assert rows["Dara"]["close"]["row_scorch"] == ["Mahakaman Defender", "Mahakaman Defender"]  # 10: at the threshold
    assert rows["Ben"]["ranged"]["row_scorch"] == []  # 6: under 10 (§10)


def test_a_team_board_is_scored_with_its_shared_rows() -> None:
    """§17: one side per team; the Horn doubles both teammates' units and the Spy the other team played there."""
    document = _json(TEAM_BOARD)
    a, b = document["table_sides"]
    assert (a["label"], a["players"], a["total"]) == ("Team A", ["Anna", "Cleo"], 40)
    assert [c["strength"] for c in a["rows"]["close"]["cards"]] == [12, 12, 10]
    assert b["total"] == 32
    assert document["outcome"] == {"winner": "Team A", "gems_after": [2, 1], "over": False, "draws": []}
    assert [p["side"] for p in document["players"]] == ["Team A", "Team B", "Team A", "Team B"]  # A1 B1 A2 B2


def test_text_fits_80_columns() -> None:
    for board in (FFA_BOARD, TEAM_BOARD):
        text = run_cli(["score", str(board)], env={"COLUMNS": "80"}).stdout
        assert max(map(len, text.splitlines())) <= 80, board


def test_a_board_on_standard_input() -> None:
    assert _json("-", input=FFA_BOARD.read_text("utf-8"))["board"] == "<stdin>"


def test_the_example_boards_are_packaged() -> None:
    shipped = {entry.name for entry in resources.files("deckcli.decks").joinpath("boards").iterdir()}
    assert {"free-for-all.toml", "two-versus-two.toml"} <= shipped


FFA_PLAYER = '[[players]]\nfaction = "{faction}"\nclose = []\n'


@pytest.mark.parametrize(("text", "line", "said"), [
    (FFA_PLAYER.format(faction="Monsters") + FFA_PLAYER.format(faction="Skellige"), 4, "3 to 5 players (§16)"),
    ('[[players]]\nfaction = "Monsters"\n[[players]]\nfaction = "Skellige"\nclose = ["Nonesuch Card"]\n'
     '[[players]]\nfaction = "Nilfgaard"\n', 5, "not a card of any faction set"),
    ('[[players]]\nfaction = "Monsters"\n[[players]]\nfaction = "Skellige"\nsiege = ["Blueboy Lugos"]\n'
     '[[players]]\nfaction = "Nilfgaard"\n', 5, "enters Close Combat (§4), never Siege: move it to close = [...]"),
    ('[[players]]\nfaction = "Monsters"\nfaction_x = 1\n[[players]]\nfaction = "Skellige"\n[[players]]\n'
     'faction = "Nilfgaard"\n', 3, "key 'faction_x' is not part of a board file; did you mean faction?"),
    ('[[players]]\nfaction = "Monsters"\n[[players]]\nfaction = "Skellige"\n[[players]]\nfaction = "Nilfgaard"\n'
     'ranged = ["Black Infantry Archer", "Black Infantry Archer", "Black Infantry Archer"]\n', 7,
     "Black Infantry Archer: 3 copies of Player 3's (Player 3.ranged ×3); the Nilfgaard set prints 2 (§1)"),
    ('[team_a]\n[[team_a.players]]\nfaction = "Monsters"\n[[team_a.players]]\nfaction = "Monsters"\n'
     '[team_b]\n[[team_b.players]]\nfaction = "Skellige"\n[[team_b.players]]\nfaction = "Nilfgaard"\n', 5,
     "teammates cannot use the same faction (§17)"),
    ('[team_a]\n[[team_a.players]]\nfaction = "Monsters"\n[team_b]\n[[team_b.players]]\nfaction = "Skellige"\n'
     '[[team_b.players]]\nfaction = "Nilfgaard"\n', 1, "team A has 1 player: a team is two players (§17)"),
    ('[team_a]\n[[team_a.players]]\nfaction = "Monsters"\n[[team_a.players]]\nfaction = "Skellige"\n', None,
     "no [team_b] table"),
    ('[[players]]\nfaction = "Monsters"\n[team_a]\nclose = []\n', 3, "not both"),
])
def test_a_board_that_cannot_happen_is_refused_with_its_line(tmp_path: Path, text: str, line: int | None,
                                                             said: str) -> None:
    board = tmp_path / "board.toml"
    board.write_text(text, "utf-8")
    result = run_cli(["score", str(board)], exit_code=2)
    assert said in result.stderr
    assert result.stdout == ""
    where = f"board.toml:{line}" if line is not None else "board.toml"
    assert where in result.stderr and len(result.stderr.strip().splitlines()) == 1


_NAMES = ["Fiend", "Blueboy Lugos", "Decoy", "Commander's Horn", "Biting Frost", "Stefan Skellen", "Geralt of Rivia",
          "Nonesuch", "Eredin: Bringer of Death", "Clan Brokvar Archer", "Mahakaman Defender", "Ballista"]
_FACTIONS = ["Monsters", "Skellige", "Nilfgaard", "Northern Realms", "Scoia'tael", "Kaer Morhen"]
_CATALOG = default_catalog()


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(team=st.booleans(), data=st.data())
def test_no_board_of_these_modes_crashes_score(tmp_path_factory: pytest.TempPathFactory, team: bool,
                                               data: st.DataObject) -> None:
    """Any such board, possible or not, is scored (exit 0) or refused with a line on stderr (exit 2), never a
    traceback; what is scored adds up."""
    real = data.draw(st.booleans())  # half the boards are built to be possible, half from loose parts

    def player(faction: str | None = None) -> dict:
        if real:
            chosen = _CATALOG.factions[faction or data.draw(st.sampled_from(sorted(_CATALOG.factions)))]
            table: dict = {"faction": chosen.name}
            units = sorted(n for n in chosen.copies if _CATALOG.cards[n].is_unit and not _CATALOG.cards[n].side_deck)
            for name in data.draw(st.lists(st.sampled_from(units), unique=True, max_size=4)):
                row = data.draw(st.sampled_from(_CATALOG.cards[name].rows))
                table.setdefault(row, []).append(name)
            return table
        table = {"faction": data.draw(st.sampled_from(_FACTIONS))}
        for key in data.draw(st.lists(st.sampled_from(["close", "ranged", "siege", "hand", "horns", "points"]),
                                      unique=True, max_size=3)):
            if key == "horns":
                table[key] = data.draw(st.lists(st.sampled_from(["close", "ranged", "siege", "nowhere"]), max_size=2))
            elif key == "points":
                table[key] = data.draw(st.integers(-1, 7))
            else:
                table[key] = data.draw(st.lists(st.sampled_from(_NAMES), max_size=3))
        return table

    if team:
        slugs = data.draw(st.permutations(sorted(_CATALOG.factions)))
        sizes = [2, 2] if real else [data.draw(st.integers(1, 3)) for _ in range(2)]
        document: dict = {name: {"players": [player(slugs[(index + 2 * seat) % len(slugs)])
                                             for seat in range(sizes[index])]}
                          for index, name in enumerate(("team_a", "team_b"))}
        for name in ("team_a", "team_b"):
            for part in document[name]["players"]:
                for key in ("close", "ranged", "siege", "horns", "points"):
                    if key in part:
                        document[name].setdefault(key if key != "points" else "gems", part.pop(key))
    else:
        document = {"players": [player() for _ in range(data.draw(st.integers(3, 5) if real else st.integers(2, 6)))]}
    board = tmp_path_factory.mktemp("board") / "board.toml"
    board.write_text(tomli_w.dumps(document), "utf-8")
    result = CliRunner().invoke(cli, ["score", str(board), "--format", "json"], env={"COLUMNS": "10000"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 0:
        scored = json.loads(result.stdout)
        for side in scored["table_sides"]:
            assert side["total"] == sum(row["strength"] for row in side["rows"].values())
    else:
        assert "board.toml" in result.stderr and result.stdout == ""


# A card goes to whichever player's set has a copy left (issue 34 item 5, issue 36 item 16) ---------------------

TEAM_GERALTS = '''[team_a]
close = ["Geralt of Rivia", "Geralt of Rivia"]
[[team_a.players]]
name = "Anna"
faction = "Northern Realms"
[[team_a.players]]
name = "Cleo"
faction = "Nilfgaard"
[team_b]
[[team_b.players]]
name = "Ben"
faction = "Monsters"
[[team_b.players]]
name = "Dara"
faction = "Skellige"
'''


def _written(tmp_path: Path, text: str) -> Path:
    board = tmp_path / "board.toml"
    board.write_text(text, "utf-8")
    return board


def test_teammates_each_with_the_geralt_of_their_own_set_are_scored(tmp_path: Path) -> None:
    """§1, §17: every set prints one Geralt of Rivia; Anna and Cleo each played their own onto the team's side."""
    document = _json(_written(tmp_path, TEAM_GERALTS))
    team_a = document["table_sides"][0]
    assert team_a["total"] == 30
    assert [card["name"] for card in team_a["rows"]["close"]["cards"]] == ["Geralt of Rivia"] * 2
    text = run_cli(["score", str(tmp_path / "board.toml")]).stdout
    assert "Geralt of Rivia ×2  15 each" in text


def test_a_third_geralt_at_a_team_is_refused_with_its_line_and_column(tmp_path: Path) -> None:
    """Anna's hand holds her own Geralt: the side's two would need a third set between the two teammates."""
    board = _written(tmp_path, TEAM_GERALTS.replace('name = "Anna"\n', 'name = "Anna"\nhand = ["Geralt of Rivia"]\n'))
    said = run_cli(["score", str(board)], exit_code=2).stderr
    assert said == (f"{board}:2:29: Geralt of Rivia: 3 copies of team A's (Anna.hand, team_a.close ×2); the Northern "
                    "Realms and Nilfgaard sets print 2 between them (§1)\n")


ELVES = '''[[players]]
name = "Anna"
faction = "Nilfgaard"
[[players]]
name = "Ben"
faction = "Northern Realms"
[[players]]
name = "Cleo"
faction = "Skellige"
close = [{elves}]
hand = ["Mysterious Elf"]
'''


def test_two_players_who_each_gave_a_third_their_mysterious_elf_are_scored(tmp_path: Path) -> None:
    """§10, §16: a Spy lies on the side it was played onto; Anna and Ben each played their one Mysterious Elf onto
    Cleo's side, and Cleo still holds her own."""
    board = _written(tmp_path, ELVES.format(elves='"Mysterious Elf", "Mysterious Elf"'))
    document = _json(board)
    cleo = document["table_sides"][2]
    assert [card["name"] for card in cleo["rows"]["close"]["cards"]] == ["Mysterious Elf"] * 2
    assert [side["total"] for side in document["table_sides"]] == [0, 0, 0]


def test_a_fourth_mysterious_elf_at_three_players_is_refused_with_its_line_and_column(tmp_path: Path) -> None:
    board = _written(tmp_path, ELVES.format(elves='"Mysterious Elf", "Mysterious Elf", "Mysterious Elf"'))
    said = run_cli(["score", str(board)], exit_code=2).stderr
    assert said == (f"{board}:11:9: Mysterious Elf: 4 copies on the table (Cleo.close ×3, Cleo.hand); the Nilfgaard, "
                    "Northern Realms and Skellige sets print 3 between them (§1)\n")


# A round that wins the game tells no next round (issue 34, "What the program tells about a game") ---------------

WINNING = '''[[players]]
name = "Anna"
faction = "Northern Realms"
points = {points}
siege = ["Ballista", "Ballista"]
[[players]]
name = "Ben"
faction = "Nilfgaard"
ranged = ["Black Infantry Archer"]
[[players]]
name = "Cleo"
faction = "Skellige"
'''


def test_a_free_for_all_round_that_wins_the_game_tells_no_next_round_and_no_draw(tmp_path: Path) -> None:
    """§16: Anna (12) exceeds Ben (10) and Cleo (0): 2 points. From 3 she reaches the 4 that win a three-player game,
    so there is no next round to start and no Northern Realms card to draw for it; from 0 there is."""
    board = _written(tmp_path, WINNING.format(points=3))
    text = run_cli(["score", str(board)]).stdout
    assert "  Anna   12  scores 2  (points 3 -> 5)" in text
    assert "Anna reaches 4 points with the most and wins the game (§16)" in text
    assert "Next round" not in text and "draws a card" not in text
    outcome = _json(board)["outcome"]
    assert outcome == {"winner": "Anna", "over": True, "draws": [], "shared": [], "starter": None}

    going_on = _written(tmp_path, WINNING.format(points=0))
    text = run_cli(["score", str(going_on)]).stdout
    assert "Next round: Anna starts (the most points this round)" in text
    assert "Northern Realms: Anna draws a card (exceeds at least two opponents, §16)" in text
    assert "wins the game" not in text
    assert _json(going_on)["outcome"] == {"winner": None, "over": False, "draws": ["Anna"], "shared": [],
                                          "starter": "Anna"}


def test_a_team_round_that_wins_the_game_tells_no_northern_realms_draw(tmp_path: Path) -> None:
    """§17, §9, §3: Team A takes Team B's last gem; Anna's Northern Realms would draw for the round, but there is no
    next round."""
    board = _written(tmp_path, "round = 3\n" + TEAM_GERALTS.replace("[team_a]\n", "[team_a]\ngems = 1\n")
                     .replace("[team_b]\n", "[team_b]\ngems = 1\n"))
    text = run_cli(["score", str(board)]).stdout
    assert "Team A wins the game: the other team has no gem left (§9)" in text
    assert "draws a card" not in text
    assert _json(board)["outcome"] == {"winner": "Team A", "gems_after": [1, 0], "over": True, "draws": []}


def test_a_tie_for_the_most_points_starts_the_first_of_them_from_the_board_s_first_player(tmp_path: Path) -> None:
    """A ruling (docs/play.md): the board's first player started this round; Ben and Cleo tie for the most points, and
    of them Ben comes first clockwise from Anna. Written from Cleo, the same table names Cleo."""
    players = ['name = "Anna"\nfaction = "Monsters"\n',
               'name = "Ben"\nfaction = "Northern Realms"\nclose = ["Geralt of Rivia"]\n',
               'name = "Cleo"\nfaction = "Skellige"\nclose = ["Geralt of Rivia"]\n']
    text = "".join(f"[[players]]\n{player}" for player in players)
    assert _json(_written(tmp_path, text))["outcome"]["starter"] == "Ben"
    said = run_cli(["score", str(tmp_path / "board.toml")]).stdout
    assert "Next round: Ben starts (Ben and Cleo tie for the most points" in said
    rotated = "".join(f"[[players]]\n{player}" for player in players[2:] + players[:2])
    assert _json(_written(tmp_path, rotated))["outcome"]["starter"] == "Cleo"


def test_a_spy_goes_to_the_first_player_in_turn_order_with_a_copy_left(tmp_path: Path) -> None:
    """Ben's side holds two Mysterious Elves (Cleo's and Anna's: Cleo comes first after Ben), Cleo's side one (of
    Anna's, Ben's and her own set only Ben's is left); the first player tried is never skipped for a later one."""
    board = _written(tmp_path, '[[players]]\nname = "Anna"\nfaction = "Nilfgaard"\n'
                               '[[players]]\nname = "Ben"\nfaction = "Northern Realms"\n'
                               'close = ["Mysterious Elf", "Mysterious Elf"]\n'
                               '[[players]]\nname = "Cleo"\nfaction = "Skellige"\nclose = ["Mysterious Elf"]\n')
    document = _json(board)
    assert [len(side["rows"]["close"]["cards"]) for side in document["table_sides"]] == [0, 2, 1]
    read = read_board(str(board), _CATALOG, every_mode=True)
    assert [[placed.owner for placed in side.rows[0]] for side in read.sides] == [[], [2, 0], [1]]


def test_two_players_reaching_the_points_level_share_a_draw_and_no_next_round(tmp_path: Path) -> None:
    """A ruling (docs/play.md): Anna and Ben (15 each) both exceed Cleo and reach 4 with equal most points."""
    board = _written(tmp_path, WINNING.format(points=3).replace('siege = ["Ballista", "Ballista"]',
                                                                'close = ["Geralt of Rivia"]')
                     .replace('faction = "Nilfgaard"\nranged = ["Black Infantry Archer"]',
                              'faction = "Monsters"\npoints = 3\nclose = ["Geralt of Rivia"]'))
    text = run_cli(["score", str(board)]).stdout
    assert "Anna and Ben reach 4 points level: they share a draw (docs/play.md)" in text
    assert "Next round" not in text and "draws a card" not in text
    assert _json(board)["outcome"] == {"winner": None, "over": True, "draws": [], "shared": ["Anna", "Ben"],
                                       "starter": None}
