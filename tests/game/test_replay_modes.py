"""``deckcli replay`` of every mode (issue 34): Free For All of three and five players (§16), two versus two (§17)
and Gwent Solo (§18–19), told as text in 80 columns and drawn as a page, and every hostile-input check replay makes
of a two-player log made of these logs too, for their player and side counts.

The logs are real: written by ``deckcli simulate --log`` (``--ffa N``, ``--team-with``, ``--solo``) in the module's
fixture, then read back as a player would. On main, replay refused every Free For All and two versus two log, and
told a Gwent Solo game's start as "(the coin)".
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.cli_runs import CONTENT_WIDTH, run_cli
from helpers.depth import examples
from helpers.repository import DECKS
from deckcli.cli.main import cli
from deckcli.game.game_log import list_games, read_game

NR = str(DECKS / "northern-realms-advanced.toml")
ROWS = {"close": "Close Combat", "ranged": "Ranged Combat", "siege": "Siege"}
MODES = {
    "ffa3": [NR, "--ffa", "3", "--seed", "3"],
    "ffa5": [NR, "--ffa", "5", "--seed", "3"],
    "teams": [NR, "--team-with", "skellige", "--seed", "3"],
    "solo": [str(DECKS / "skellige-advanced.toml"), "--solo", "monsters", "--solo", "nilfgaard", "--leader-variant"],
    "solo-scoiatael": [str(DECKS / "scoiatael-advanced.toml"), "--solo", "monsters", "--seed", "3"],
}
"""Each mode's ``simulate`` arguments (two games each)."""
NAMES = {"ffa3": ("A", "B", "C"), "ffa5": ("A", "B", "C", "D", "E"), "teams": ("A1", "B1", "A2", "B2"),
         "solo": ("A", "B"), "solo-scoiatael": ("A", "B")}
"""Each player's name in turn order, as docs/play.md gives them (two versus two: team and place in turn order)."""
SIDES = {"ffa3": ("A", "B", "C"), "ffa5": ("A", "B", "C", "D", "E"), "teams": ("Team A", "Team B"),
         "solo": ("A", "B"), "solo-scoiatael": ("A", "B")}
SIDE_OF = {"teams": (0, 1, 0, 1)}
"""The side each player plays, where it is not their own (§17: turns alternate between the teams)."""


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("replay-modes")
    found = {}
    for kind, args in MODES.items():
        path = folder / f"{kind}.jsonl"
        run_cli(["simulate", *args, "--games", "2", "--workers", "1", "--log", path])
        found[kind] = path
    return found


def _events(path: Path, number: int | None = None) -> list[dict[str, Any]]:
    events = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    return [e for e in events if number is None or e["game"] == number]


def _side_of(kind: str, player: int) -> int:
    return SIDE_OF.get(kind, tuple(range(len(NAMES[kind]))))[player]


@pytest.mark.parametrize("kind", list(MODES))
def test_every_event_is_told_with_who_moved_and_every_total_and_hand_after_it(logs, kind):
    """One line per event (``--wide``): who moved, the card and its row, each round's end with its totals and gems or
    points, the game's end; then every side's total and every player's hand after it."""
    log = logs[kind]
    names, sides = NAMES[kind], SIDES[kind]
    seen: set[str] = set()
    for number in (0, 1):
        events = _events(log, number)
        text = run_cli(["replay", log, "--game", str(number), "--wide"]).stdout
        start = events[0]
        for player, deck in enumerate(start["deck_names"]):
            team = f", {sides[_side_of(kind, player)]}" if kind == "teams" else ""
            assert f"\n{names[player]} (player {player}{team}): {deck}\n" in text
        lines = [line for line in text.splitlines() if line.startswith("  ")]
        assert len(lines) == len(events)
        for line, event in zip(lines, events):
            figures = "".join(str(n) for n in (*event["scores"], *event["hands"]))
            squeezed = re.sub(r"[\s:|]", "", line)
            assert squeezed.endswith(figures), (line, event)
            told = line.strip()
            player, what = event["player"], event["event"]
            if what in ("play", "pass", "leader", "hand", "exchange", "draw", "keep", "move"):
                assert told.startswith(f"{names[player]} "), (told, event)
                seen.add("mover")
            if what == "play" and event["row"] is not None:
                assert ROWS[event["row"]] in told and event["card"] in told
                side = event.get("side")
                if side is not None and side != _side_of(kind, player):
                    assert f"{sides[side]}'s {ROWS[event['row']]} (a Spy)" in told
                    seen.add("spy")
            if what == "draw":
                assert all(card in told for card in event["cards"])
                if event.get("reason") == "faction":
                    why = ("Northern Realms exceeded at least two opponents, §16" if kind.startswith("ffa")
                           else "Northern Realms won the round, §3")
                    assert f"({why})" in told, told
                    seen.add("faction draw")
            if what == "round_end":
                totals = " : ".join(str(total) for total in event["totals"])
                assert told.startswith(f"Round {event['round']} ends {totals}")
                if kind.startswith("ffa"):
                    scored = ", ".join(f"{n} {p}" for n, p in zip(names, event["round_points"]))
                    points = ", ".join(f"{n} {p}" for n, p in zip(names, event["points"]))
                    assert f"points scored {scored} (§16); points now {points}" in told
                    starter = next((e["player"] for e in events if e["round"] == event["round"] + 1
                                    and e["event"] in ("play", "pass", "leader")), None)
                    if starter is not None:
                        assert f"; {names[starter]} starts round {event['round'] + 1} (" in told
                        seen.add("next starter")
                else:
                    gems = ", ".join(f"{s} {g}" for s, g in zip(sides, event["gems"]))
                    winner = "a tie, nobody wins it" if player is None else f"{sides[player]} wins it"
                    assert f", {winner}; gems {gems}" in told
                seen.add("round_end")
            if what == "game_end":
                winner = event["winner"]
                if winner is None:
                    assert told.startswith("The game is a draw")
                elif kind.startswith("ffa"):
                    deck = start["deck_names"][winner]
                    assert told.startswith(f"{names[winner]} ({deck}) wins the game with {event['points'][winner]} "
                                           "points")
                else:
                    decks = " + ".join(start["deck_names"][p] for p in range(len(names))
                                       if _side_of(kind, p) == winner)
                    assert told.startswith(f"{sides[winner]} ({decks}) wins the game")
                seen.add("game_end")
    assert {"mover", "round_end", "game_end"} <= seen, seen
    if kind.startswith("ffa"):
        assert "next starter" in seen


@pytest.mark.parametrize("kind", list(MODES))
def test_the_text_of_every_mode_fits_80_columns(logs, kind):
    for number in (0, 1):
        result = run_cli(["replay", logs[kind], "--game", str(number)], env={"COLUMNS": "80"})
        lines = result.stdout.splitlines()
        assert max(len(line) for line in lines) <= 80, max(lines, key=len)
        heading = next(line for line in lines if line.lstrip().startswith(("A:", "A :")))
        tags = [side[-1] if kind == "teams" else side for side in SIDES[kind]]
        assert re.sub(r"\s", "", heading) == ":".join(tags) + "|".join(NAMES[kind])


@pytest.mark.parametrize("kind", list(MODES))
def test_a_log_of_every_mode_is_listed(logs, kind):
    result = run_cli(["replay", logs[kind]], env={"COLUMNS": "80"})
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    text = " ".join(result.stdout.split())
    ends = {e["game"]: e for e in _events(logs[kind]) if e["event"] == "game_end"}
    for start in (e for e in _events(logs[kind]) if e["event"] == "start"):
        decks = [" + ".join(start["deck_names"][p] for p in range(len(NAMES[kind])) if _side_of(kind, p) == side)
                 for side in range(len(SIDES[kind]))]
        end = ends[start["game"]]
        said = "draw" if end["winner"] is None else f"{decks[end['winner']]} won"
        assert f"{start['game']} {' v '.join(decks)}: {said}" in text, text
        if kind.startswith("ffa"):
            assert f"{said} {':'.join(str(p) for p in end['points'])} points in " in text


@pytest.mark.parametrize("kind", ["solo", "solo-scoiatael"])
def test_a_solo_games_start_is_never_the_coin(logs, kind):
    """§18: the automaton starts every round; §19: a Scoia'tael player starts the first round instead. No coin is
    flipped in Gwent Solo, so neither the text nor the page says one was."""
    for number in (0, 1):
        start = _events(logs[kind], number)[0]
        text = run_cli(["replay", logs[kind], "--game", str(number), "--wide"]).stdout
        page = run_cli(["replay", logs[kind], "--game", str(number), "--html", "-"]).stdout
        assert "coin" not in text and "coin" not in page
        starts = next(line.strip() for line in text.splitlines() if " starts (" in line)
        if kind == "solo":  # the automaton, player 1 (B), starts
            assert start["player"] == 1
            assert starts.startswith("B starts (Gwent Solo: the automated opponent starts, §18)")
        else:
            assert start["player"] == 0
            assert starts.startswith("A starts (Gwent Solo: a Scoia'tael player starts, §19)")
        assert starts.split("  ")[0] in html.unescape(page)


def test_a_two_player_game_still_starts_by_the_coin(tmp_path):
    path = tmp_path / "two.jsonl"
    run_cli(["simulate", NR, "--vs", "monsters", "--games", "1", "--workers", "1", "--log", path])
    assert " starts (the coin)" in run_cli(["replay", path]).stdout


class _Page(HTMLParser):
    """What a test reads of a replay page: the title, the header's paragraphs by id, the listed events' texts and
    the embedded data."""

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.paragraphs: dict[str, str] = {}
        self.events: list[str] = []
        self.data = ""
        self.fetches: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if any(name in found for name in ("src", "href")) or tag == "link":
            self.fetches.append(tag)
        if tag == "title":
            self._in = "title"
        elif tag == "p" and found.get("id") in ("table", "seats", "result"):
            self._in = str(found["id"])
            self.paragraphs[self._in] = ""
        elif tag == "li" and "data-step" in found:
            self._in = "event"
            self.events.append("")
        elif tag == "span" and self._in == "event":
            self._in = "figures"
        elif tag == "script" and found.get("id") == "game":
            self._in = "data"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("title", "p", "li", "script"):
            self._in = None
        elif tag == "span" and self._in == "figures":
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "title":
            self.title += data
        elif self._in in self.paragraphs:
            self.paragraphs[self._in] += data
        elif self._in == "event":
            self.events[-1] += data
        elif self._in == "data":
            self.data += data


@pytest.mark.parametrize("kind", list(MODES))
def test_the_page_of_every_mode_holds_every_side_and_player(tmp_path, logs, kind):
    """The page's header names the table, each player's deck and the result; its list holds every event's text; its
    data a side per player (Free For All) or per team, three rows and a discard pile a side at every step, each
    player's hand, deck and (Free For All) points, each side's gems."""
    page_path = tmp_path / f"{kind}.html"
    run_cli(["replay", logs[kind], "--game", "1", "--html", page_path])
    page = _Page()
    page.feed(page_path.read_text("utf-8"))
    game = read_game(str(logs[kind]), 1)
    start = game.events[0]
    names, sides = NAMES[kind], SIDES[kind]
    decks = [" + ".join(start["deck_names"][p] for p in range(len(names)) if _side_of(kind, p) == side)
             for side in range(len(sides))]
    assert page.title == f"Game 1: {' v '.join(decks)}" and page.fetches == []
    for player, deck in enumerate(start["deck_names"]):
        assert f"{names[player]} (player {player}" in page.paragraphs["seats"] and deck in page.paragraphs["seats"]
    if kind.startswith("ffa"):
        assert page.paragraphs["table"].startswith(f"Free For All, {len(names)} players")
        assert "points" in page.paragraphs["result"]
    elif kind == "teams":
        assert page.paragraphs["table"].startswith("Two versus two (§17)")
    else:
        assert "table" not in page.paragraphs
    text = run_cli(["replay", logs[kind], "--game", "1", "--wide"]).stdout
    told = [line.strip() for line in text.splitlines() if line.startswith("  ")]
    assert len(page.events) == len(game.events)
    for shown, line in zip(page.events, told):
        assert line.startswith(shown.strip())
    data = json.loads(page.data)
    assert data["players"] == list(names)
    assert [side["name"] for side in data["sides"]] == list(sides)
    assert [side["decks"] for side in data["sides"]] == decks
    assert [p for side in data["sides"] for p in side["members"]] == sorted(
        range(len(names)), key=lambda p: (_side_of(kind, p), p))
    assert data["gems"] == (not kind.startswith("ffa"))
    parts = data["parts"]
    for frame, board, event in zip(data["steps"], game.boards, game.events):
        assert len(frame["rows"]) == 3 * len(sides) and len(frame["piles"]) == len(sides)
        assert [[tuple(card) for card in parts[i]] for i in frame["rows"]] == board.rows
        assert frame["scores"] == event["scores"] and frame["hands"] == event["hands"]
        assert frame["gems"] == event["gems"] and frame["decks"] == event["decks"]
        assert frame["points"] == (event["points"] if kind.startswith("ffa") else [])
        assert frame["mover"] == (None if event["event"] in ("round_end", "game_end") else event["player"])


def _refused(args: list, *words: str) -> str:
    result = run_cli(["replay", *args], exit_code=2)
    assert result.stdout == ""
    message = result.stderr.strip()
    assert "\n" not in message and "Traceback" not in message, message
    for word in words:
        assert word in message, message
    return message


def _edited(events: list[dict], kind: str, change) -> list[dict]:
    out = [json.loads(json.dumps(e)) for e in events]
    change(next(e for e in out if e["event"] == kind))
    return out


HOSTILE = [
    ("ffa3", "play", lambda e: e.update(player=3), "player is 3, not 0, 1, 2 or null"),
    ("ffa3", "play", lambda e: e.update(side=3), "side is 3, not 0, 1 or 2"),
    ("ffa3", "start", lambda e: e.update(chosen_by=3), "chosen_by is 3, not 0, 1, 2 or null"),
    ("ffa3", "game_end", lambda e: e.update(winner=3), "winner is 3, not 0, 1, 2 or null"),
    ("ffa3", "play", lambda e: e.update(hands=[1, 2]), "hands is [1, 2], not 3 whole numbers"),
    ("ffa3", "round_end", lambda e: e.update(gems=[2, 2, 2]), "gems is [2, 2, 2], not []"),
    ("ffa3", "round_end", lambda e: e.update(round_points=[1, 0]), "round_points is [1, 0], not 3 whole numbers"),
    ("ffa3", "play", lambda e: e.update(round=101), "round is 101, not 1 to 100"),
    ("ffa3", "play", lambda e: e.pop("mode"), "mode is null, in a 3-player Free For All game"),
    ("ffa3", "start", lambda e: e["board"]["rows"].append([]), "board rows is not 9 rows"),
    ("ffa3", "start", lambda e: e["board"]["piles"].pop(), "board piles is not 3 discard piles"),
    ("ffa3", "start", lambda e: e.update(hands=[0, 0, 0, 0]), "not one a log holds"),
    ("ffa5", "play", lambda e: e.update(player=5), "player is 5, not 0 to 4 or null"),
    ("ffa5", "play", lambda e: e.update(side=-1), "side is -1, not 0 to 4"),
    ("ffa5", "start", lambda e: e["board"]["horns"].pop(), "board horns is not 15 Horn zones"),
    ("teams", "play", lambda e: e.update(player=4), "player is 4, not 0 to 3 or null"),
    ("teams", "play", lambda e: e.update(side=2), "side is 2, not 0 or 1"),
    ("teams", "round_end", lambda e: e.update(player=3), "round_end's player is 3, not 0, 1 or null"),
    ("teams", "round_end", lambda e: e.update(gems=[3, 0]), "gems is [3, 0]"),
    ("teams", "round_end", lambda e: e.update(points=[1, 0, 0, 0]), "points: a field of Free For All's (§16) games"),
    ("teams", "play", lambda e: e.update(round=4), "round is 4, not 1 to 3"),
    ("teams", "start", lambda e: e["board"]["rows"].append([]), "board rows is not 6 rows"),
    ("teams", "start", lambda e: e["board"]["piles"].append([]), "board piles is not 2 discard piles"),
    ("teams", "play", lambda e: e.update(mode="ffa"), 'mode is "ffa", in a two versus two game'),
    ("solo", "play", lambda e: e.update(player=2), "player is 2, not 0, 1 or null"),
    ("solo", "play", lambda e: e.update(mode="teams"), 'mode is "teams", in a two-player game'),
]
"""Issue 36's checks of the fields replay reads and the board's shape, for each mode's player and side counts."""


@pytest.mark.parametrize(("kind", "event", "change", "said"), HOSTILE, ids=[f"{k}: {s}" for k, _, _, s in HOSTILE])
def test_a_field_out_of_range_for_the_tables_seats_is_refused_with_its_line(tmp_path, logs, kind, event, change,
                                                                           said):
    game = _events(logs[kind], 0)
    edited = _edited(game, event, change)
    path = tmp_path / "edited.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in edited), "utf-8")
    line = next(n for n, (old, new) in enumerate(zip(game, edited), 1) if old != new)
    page = tmp_path / "page.html"
    for args in ([path], [path, "--game", "0"], [path, "--game", "0", "--html", page]):
        _refused(args, f"{path}:{line}:", said)
    assert not page.exists()


def test_a_free_for_all_game_of_more_rounds_than_replay_reads_is_refused(tmp_path, logs):
    events = _events(logs["ffa3"], 0)
    end = next(n for n, e in enumerate(events) if e["event"] == "round_end")
    path = tmp_path / "long.jsonl"
    rounds = [{**events[end], "round": min(n, 100)} for n in range(1, 102)]  # each round ends once, then one more
    path.write_text("".join(json.dumps(e) + "\n" for e in events[:end] + rounds + events[-1:]), "utf-8")
    _refused([path, "--game", "0"], "ends more than 100 rounds", "3-player Free For All")


def test_the_page_of_a_free_for_all_game_grows_with_the_log(tmp_path, logs):
    """Item 3 of issue 36 for a table of five: rows of 100 cards on the first event, then 2,000 events that change
    nothing on the battlefield; each distinct part is stored once."""
    events = _events(logs["ffa5"], 0)
    start = json.loads(json.dumps(events[0]))
    start["board"]["rows"] = [[["Ghoul", 1]] * 100 for _ in range(15)]
    start["scores"] = [300] * 5
    quiet = {**{k: v for k, v in events[0].items() if k not in ("format_version", "chosen_by", "deck_names", "seed")},
             "event": "draw", "cards": [], "scores": [300] * 5, "board": {}}
    path = tmp_path / "big.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in [start, *[{**quiet, "player": n % 5} for n in range(2000)],
                                                                 events[-1]]), "utf-8")
    page = tmp_path / "page.html"
    run_cli(["replay", path, "--html", page])
    assert page.stat().st_size < 3 * path.stat().st_size + 100_000


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["ffa3", "teams"]), cut=st.integers(0, 10**6),
       edits=st.lists(st.tuples(st.integers(0, 10**6), st.binary(max_size=12)), max_size=4),
       dropped=st.lists(st.integers(0, 200), max_size=3), game=st.sampled_from([None, "0", "1"]),
       page=st.booleans())
def test_no_damaged_log_of_any_mode_crashes_replay(tmp_path, logs, kind, cut, edits, dropped, game, page):
    """A real Free For All or team log cut anywhere, bytes changed anywhere, lines dropped: exit 0, or exit 2 with
    one line saying why."""
    lines = [line for number, line in enumerate(logs[kind].read_bytes().splitlines(keepends=True))
             if number not in dropped]
    data = bytearray(b"".join(lines))
    for where, replacement in edits:
        at = where % (len(data) + 1)
        data[at:at + len(replacement)] = replacement
    if cut % 3 == 0:
        del data[len(data) - cut % (len(data) + 1):]
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(bytes(data))
    args = ["replay", str(path), *(["--game", game] if game else []), *(["--html", "-"] if page and game else [])]
    result = CliRunner().invoke(cli, args, env={"COLUMNS": str(CONTENT_WIDTH)})
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 2:
        message = result.stderr.strip()
        assert message and "\n" not in message and "Traceback" not in message, message
        assert str(path) in message


@pytest.mark.parametrize("kind", list(MODES))
@pytest.mark.parametrize(("field", "value", "said"), [
    ("player", 1.0, "player is 1.0"), ("player", True, "player is true"), ("chosen_by", 1.0, "chosen_by is 1.0"),
    ("winner", 0.0, "winner is 0.0")])
def test_a_seat_written_as_a_fraction_or_a_truth_value_is_refused(tmp_path, logs, kind, field, value, said):
    """A new user's finding: ``"player": 1.0`` ended in an internal error (a tuple indexed by a float), ``true`` was
    read as player 1; a seat is a whole number of the table's."""
    events = _events(logs[kind], 0)
    at = next(n for n, e in enumerate(events) if field in e and (field != "player" or e["player"] is not None))
    events[at] = {**events[at], field: value}
    path = tmp_path / "seat.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events), "utf-8")
    for html in ([], ["--html", tmp_path / "page.html"]):
        _refused([path, *html], said, f":{at + 1}:")
    assert not (tmp_path / "page.html").exists()


@pytest.mark.parametrize("kind", list(MODES))
def test_a_round_that_ends_twice_is_refused(tmp_path, logs, kind):
    """A repeated round_end before game_end was read as another round in a game of fewer than its most rounds
    (Solo, two versus two, Free For All) and replay told the round twice."""
    events = _events(logs[kind], 0)
    last = max(n for n, e in enumerate(events) if e["event"] == "round_end")
    path = tmp_path / "twice.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in [*events[:last + 1], events[last], *events[last + 1:]]),
                    "utf-8")
    message = _refused([path], f":{last + 2}:")
    assert "each round ends once" in message or "ends more than 3 rounds" in message, message  # a game of 3 rounds


@pytest.mark.parametrize("version", [2.0, "2", True])
def test_a_format_version_that_is_no_whole_number_is_said_so(tmp_path, logs, version):
    events = _events(logs[next(iter(MODES))], 0)
    events[0] = {**events[0], "format_version": version}
    path = tmp_path / "version.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events), "utf-8")
    message = _refused([path], "format_version is", "not a whole number")
    assert "newer" not in message
