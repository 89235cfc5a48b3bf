"""``deckcli replay``: a logged game told turn by turn, the listing of a log's games, the page of a game, bad logs.

The logs are real: written by ``deckcli simulate --log`` in the module's fixture (two-player games of decks with
Weather, Scorch, Spies, Horns and Muster, and Gwent Solo games), then read back as a player would.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.cli_runs import CONTENT_WIDTH, run_cli
from helpers.depth import examples
from helpers.repository import DECKS
from deckcli.cli.main import cli
from deckcli.game.game_log import MAX_LISTED, Board, list_games, read_game
from deckcli.game.replay import steps

NR = str(DECKS / "northern-realms-advanced.toml")
ROWS = {"close": "Close Combat", "ranged": "Ranged Combat", "siege": "Siege"}


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "games.jsonl"
    run_cli(["simulate", NR, "--vs", "monsters", "--vs", "nilfgaard", "--vs", "skellige", "--games", "6", "--seed", "5",
             "--workers", "1", "--log", path])
    return path


@pytest.fixture(scope="module")
def solo_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "solo.jsonl"
    run_cli(["simulate", str(DECKS / "skellige-advanced.toml"), "--solo", "monsters", "--solo", "nilfgaard",
             "--leader-variant", "--games", "3", "--workers", "1", "--log", path])
    return path


def _events(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def test_without_game_a_log_of_several_games_lists_them(log):
    result = run_cli(["replay", log], env={"COLUMNS": "80"})
    starts = [e for e in _events(log) if e["event"] == "start"]
    ends = {e["game"]: e for e in _events(log) if e["event"] == "game_end"}
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    text = " ".join(result.stdout.split())
    assert text.startswith(f"{log}: {len(starts)} games")
    for start in starts:
        winner = ends[start["game"]]["winner"]
        said = "draw" if winner is None else f"{start['deck_names'][winner]} won"
        assert f"{start['game']} {start['deck_names'][0]} v {start['deck_names'][1]}: {said}" in text
        assert f"(seed {start['seed']})" in text
    assert text.endswith(f"Tell one turn by turn: deckcli replay {log} --game {starts[0]['game']}")


def test_a_game_is_told_event_by_event_with_the_totals_and_hands_after_each(log):
    events = [e for e in _events(log) if e["game"] == 7]
    result = run_cli(["replay", log, "--game", "7", "--wide"])
    lines = [line for line in result.stdout.splitlines() if line.startswith("  ")]
    assert len(lines) == len(events)
    for line, event in zip(lines, events):
        figures = f"{event['scores'][0]} : {event['scores'][1]} {event['hands'][0]}|{event['hands'][1]}"
        assert re.sub(" +", " ", line).endswith(figures), (line, event)
        if event["event"] == "play":
            assert event["card"] in line
            if event["row"] is not None:
                assert ROWS[event["row"]] in line
        if event["event"] == "pass":
            assert "passes" in line
    assert "Round 1" in result.stdout and f"Game 7 of {log}" in result.stdout


def test_each_event_says_what_it_did(log, solo_log):
    """Over every game of both logs: plays with their row and swing, draws named, units scorched, the Weather set
    and cleared, passes, each round's end with its totals, winner, gems and what stayed."""
    seen: set[str] = set()
    for path in (log, solo_log):
        games, _ = list_games(str(path))
        for summary in games:
            game = read_game(str(path), summary.number)
            before = Board()
            for event, board, step in zip(game.events, game.boards, steps(game)):
                kind = event["event"]
                who = "AB"[event["player"]] if event["player"] in (0, 1) else None
                swing = [f"{'AB'[s]} {board.scores[s] - before.scores[s]:+d}".replace("-", "−") for s in (0, 1)
                         if board.scores[s] != before.scores[s]]
                if kind == "play":
                    assert step.text.startswith(f"{who} plays {event['card']}") or "Decoy" in step.text
                    assert all(part in step.text for part in swing), (step.text, swing)
                    if before.weather and not board.weather:
                        assert "the Weather is cleared" in step.text
                        seen.add("cleared")
                    elif len(board.weather) > len(before.weather):
                        assert "into the Weather area" in step.text
                        seen.add("weather")
                    if event.get("side") not in (None, event["player"]):
                        assert "(a Spy)" in step.text
                        seen.add("spy")
                elif kind == "draw":
                    assert all(card in step.text for card in event["cards"]) and step.text.startswith(f"{who} draws")
                    seen.add("draw")
                elif kind == "discard" and event["row"] is not None:
                    assert f"{event['card']} ({who}, {ROWS[event['row']]}) is scorched" in step.text
                    assert all(part in step.text for part in swing)
                    seen.add("scorched")
                elif kind == "round_end":
                    totals = event["totals"]
                    assert step.text.startswith(f"Round {event['round']} ends {totals[0]} : {totals[1]}")
                    assert f"gems A {event['gems'][0]}, B {event['gems'][1]}" in step.text
                    for side in (0, 1):
                        for slot in range(side * 3, side * 3 + 3):
                            assert all(name in step.text for name, _ in board.rows[slot])
                    seen.add("round_end")
                elif kind == "keep":
                    assert f"{who} keeps {event['card']} on {ROWS[event['row']]}" in step.text
                    seen.add("keep")
                assert step.scores == tuple(event["scores"]) and step.hands == tuple(event["hands"])
                before = board
    assert {"cleared", "weather", "spy", "draw", "scorched", "round_end", "keep"} <= seen, seen


def test_the_text_fits_80_columns(log):
    for number in (0, 7, 13):
        result = run_cli(["replay", log, "--game", str(number)], env={"COLUMNS": "80"})
        assert max(len(line) for line in result.stdout.splitlines()) <= 80
        assert "A : B    A|B" in result.stdout


def test_a_solo_game_is_told(solo_log):
    result = run_cli(["replay", solo_log, "--game", "1"], env={"COLUMNS": "80"})
    assert "B (player 1): Monsters automaton" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_a_log_of_one_game_is_told_without_game(tmp_path):
    path = tmp_path / "one.jsonl"
    run_cli(["simulate", NR, "--vs", "monsters", "--games", "1", "--workers", "1", "--log", path])
    told = run_cli(["replay", path]).stdout
    assert told == run_cli(["replay", path, "--game", "0"]).stdout and told.startswith(f"Game 0 of {path}")


def _refused(args: list, *words: str) -> str:
    result = run_cli(["replay", *args], exit_code=2)
    assert result.stdout == ""
    message = result.stderr.strip()
    assert "\n" not in message and "Traceback" not in message, message
    for word in words:
        assert word in message, message
    return message


def test_bad_logs_are_refused_in_one_line_naming_file_and_line(tmp_path, log):
    lines = log.read_text("utf-8").splitlines(keepends=True)
    _refused([tmp_path / "none.jsonl"], "none.jsonl", "no such file", "deckcli simulate")
    garbled = tmp_path / "garbled.jsonl"
    garbled.write_text("".join(lines[:5]) + "{not json\n" + "".join(lines[5:]), "utf-8")
    _refused([garbled], f"{garbled}:6:", "not JSON")
    _refused([garbled, "--game", "0"], f"{garbled}:6:")
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:40]) + lines[40][:25], "utf-8")
    _refused([cut], f"{cut}:41:", "cut short")
    unfinished = tmp_path / "unfinished.jsonl"
    unfinished.write_text("".join(lines[:40]), "utf-8")
    _refused([unfinished], f"{unfinished}:40:", "no game_end", "cut short")
    _refused([unfinished, "--game", "0"], "no game_end")
    _refused([log, "--game", "99"], "no game 99", "games 0 to 17", f"deckcli replay {log}")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", "utf-8")
    _refused([empty], "no game in it")
    _refused([tmp_path], "a folder")
    newer = tmp_path / "newer.jsonl"
    newer.write_text(lines[0].replace('"format_version": 2', '"format_version": 3') + "".join(lines[1:]), "utf-8")
    _refused([newer], f"{newer}:1:", "newer", "upgrade deckcli")
    older = tmp_path / "older.jsonl"
    older.write_text(lines[0].replace('"format_version": 2, ', "") + "".join(lines[1:]), "utf-8")
    _refused([older], f"{older}:1:", "format 1", "deckcli simulate")
    other = tmp_path / "other.jsonl"
    other.write_text('{"name": "not an event"}\n', "utf-8")
    _refused([other], f"{other}:1:", "not a game log")
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100_000 + "\n", "utf-8")
    _refused([deep], f"{deep}:1:", "input budget")


def test_a_long_log_lists_its_first_games_and_counts_the_rest(tmp_path, log):
    game = [e for e in _events(log) if e["game"] == 0]
    path = tmp_path / "long.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for number in range(MAX_LISTED + 50):
            for event in game:
                out.write(json.dumps({**event, "game": number}) + "\n")
    result = run_cli(["replay", path])
    assert result.stdout.startswith(f"{path}: {MAX_LISTED + 50} games")
    assert f"... and 50 more (the first {MAX_LISTED} are listed)" in result.stdout
    assert run_cli(["replay", path, "--game", str(MAX_LISTED + 49)]).stdout.startswith(f"Game {MAX_LISTED + 49} of")


def test_html_is_written_atomically_never_over_a_file_without_force(tmp_path, log):
    page = tmp_path / "game.html"
    result = run_cli(["replay", log, "--game", "3", "--html", page])
    assert f"wrote {page}: game 3 of {log}" in result.stdout
    html = page.read_text("utf-8")
    assert re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html) is None and "<link" not in html
    assert "@import" not in html and "url(" not in html
    page.write_text("mine", "utf-8")
    _refused([log, "--game", "3", "--html", page], "already exists", "--force")
    assert page.read_text("utf-8") == "mine"
    run_cli(["replay", log, "--game", "3", "--html", page, "--force"])
    assert page.read_text("utf-8") == html
    assert run_cli(["replay", log, "--game", "3", "--html", "-"]).stdout == html
    assert list(tmp_path.iterdir()) == [page]


def test_html_needs_a_game_of_a_log_of_several(log, tmp_path):
    """Usage errors, as Click words them: the usage line, then the reason."""
    result = run_cli(["replay", log, "--html", tmp_path / "x.html"], exit_code=2)
    assert "holds 18 games: name one with --game N" in result.stderr and not (tmp_path / "x.html").exists()
    assert "--force goes with --html" in run_cli(["replay", log, "--force"], exit_code=2).stderr


def test_the_page_embeds_every_board_and_a_card_name_stays_text(tmp_path, log):
    from deckcli.sheets.replay_page import replay_data, script_json

    game = read_game(str(log), 3)
    data = json.loads(script_json(replay_data(game)))
    parts = data["parts"]
    assert len(data["steps"]) == len(game.events)
    for frame, board in zip(data["steps"], game.boards):
        assert frame["scores"] == board.scores and [parts[i] for i in frame["piles"]] == board.piles
        assert [[tuple(c) for c in parts[i]] for i in frame["rows"]] == board.rows
        assert parts[frame["weather"]] == board.weather and parts[frame["horns"]] == board.horns
        assert parts[frame["mardroeme"]] == board.mardroeme
    hostile = script_json({"name": "</script><script>alert(1)</script>\u2028"})
    assert "<" not in hostile and "\u2028" not in hostile and json.loads(hostile)["name"].startswith("</script>")


def test_standard_input_is_refused():
    assert "give the file's name" in run_cli(["replay", "-"], exit_code=2).stderr


@functools.cache
def _log_lines() -> list[bytes]:
    import tempfile

    path = Path(tempfile.mkdtemp()) / "fuzz.jsonl"
    run_cli(["simulate", NR, "--vs", "monsters", "--games", "2", "--workers", "1", "--log", path])
    return path.read_bytes().splitlines(keepends=True)


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 10**6), edits=st.lists(st.tuples(st.integers(0, 10**6), st.binary(max_size=12)), max_size=4),
       dropped=st.lists(st.integers(0, 200), max_size=3), game=st.sampled_from([None, "0", "1", "7"]))
def test_no_damaged_log_crashes_replay(tmp_path, cut, edits, dropped, game):
    """A real log cut anywhere, bytes changed anywhere, lines dropped: exit 0, or exit 2 with one line saying why."""
    lines = [line for number, line in enumerate(_log_lines()) if number not in dropped]
    data = bytearray(b"".join(lines))
    for where, replacement in edits:
        at = where % (len(data) + 1)
        data[at:at + len(replacement)] = replacement
    if cut % 3 == 0:  # a third of the examples: the file cut short anywhere
        del data[len(data) - cut % (len(data) + 1):]
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(bytes(data))
    args = ["replay", path, *(["--game", game] if game else [])]
    result = CliRunner().invoke(cli, [str(a) for a in args], env={"COLUMNS": str(CONTENT_WIDTH)})
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 2:
        message = result.stderr.strip()
        assert message and "\n" not in message and "Traceback" not in message, message
        assert str(path) in message


def _game_lines(log: Path, number: int = 0) -> list[dict]:
    return [e for e in _events(log) if e["game"] == number]


def _written(tmp_path: Path, events: list[dict], name: str = "edited.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(e) + "\n" for e in events), "utf-8")
    return path


def _edited(events: list[dict], kind: str, change) -> list[dict]:
    """``events`` with ``change`` applied to a copy of the first event of ``kind``."""
    out = [json.loads(json.dumps(e)) for e in events]
    change(next(e for e in out if e["event"] == kind))
    return out


OUT_OF_RANGE = [
    ("start", lambda e: e.update(chosen_by=5), "chosen_by is 5, not 0, 1 or null"),
    ("play", lambda e: e.update(side=5), "side is 5, not 0 or 1"),
    ("game_end", lambda e: e.update(winner=5), "winner is 5, not 0, 1 or null"),
    ("exchange", lambda e: e.pop("card"), "no card"),
    ("exchange", lambda e: e.update(card=None), "exchange: an event of this kind names its card"),
    ("exchange", lambda e: e.update(drawn=7), "drawn is 7"),
    ("draw", lambda e: e.update(cards="Ghoul"), "cards is"),
    ("round_end", lambda e: e.update(totals=[1]), "totals is [1]"),
    ("round_end", lambda e: e.update(gems=[3, 0]), "gems is [3, 0]"),
    ("play", lambda e: e.update(round=4), "round is 4, not 1 to 3"),
    ("play", lambda e: e.update(scores=[True, 0]), "scores is [true, 0]"),
    ("play", lambda e: e.update(player=3), "player is 3"),
    # found by the fuzz of issue 36: a lone surrogate (a \ud800 escape) could not be written into the page
    ("play", lambda e: e.update(card="Ghoul\ud800"), "half of a UTF-16 surrogate pair"),
]
"""Item 1 of issue 36: fields replay reads, out of the log schema's range for two players."""


@pytest.mark.parametrize(("kind", "change", "said"), OUT_OF_RANGE, ids=[s for _, _, s in OUT_OF_RANGE])
def test_an_event_field_out_of_range_is_refused_with_its_line(tmp_path, log, kind, change, said):
    events = _edited(_game_lines(log), kind, change)
    path = _written(tmp_path, events)
    line = next(n for n, (old, new) in enumerate(zip(_game_lines(log), events), 1) if old != new)
    for args in ([path], [path, "--game", "0"], [path, "--game", "0", "--html", tmp_path / "page.html"]):
        _refused(args, f"{path}:{line}:", said)
    assert not (tmp_path / "page.html").exists()


WRONG_BOARDS = [
    ("start", lambda e: e["board"]["rows"].append([]), "board rows is not 6 rows"),
    ("start", lambda e: e["board"]["piles"].append([]), "board piles is not 2 discard piles"),
    ("start", lambda e: e["board"].update(weather={"Biting Frost": 1}), "board weather is not a list"),
    ("start", lambda e: e["board"].update(weather=[3]), "board weather is not a list"),
    ("start", lambda e: e["board"]["rows"].__setitem__(0, [["Ghoul"]]), "board rows is not 6 rows"),
    ("start", lambda e: e["board"]["rows"].__setitem__(0, [["Ghoul", -1]]), "board rows is not 6 rows"),
    ("start", lambda e: e["board"]["horns"].pop(), "board horns is not 6 Horn zones"),
    ("start", lambda e: e["board"].update(mardroeme=[[1]] * 6), "board mardroeme is not 6 lists"),
    ("start", lambda e: e.update(board=[]), "board is [], not an object"),
]
"""Item 2 of issue 36: a logged board of another shape."""


@pytest.mark.parametrize(("kind", "change", "said"), WRONG_BOARDS, ids=range(len(WRONG_BOARDS)))
def test_a_board_of_the_wrong_shape_is_refused_with_its_line(tmp_path, log, kind, change, said):
    path = _written(tmp_path, _edited(_game_lines(log), kind, change))
    _refused([path], f"{path}:1:", said)
    _refused([path, "--game", "0", "--html", "-"], f"{path}:1:", said)


def test_a_fourth_round_end_is_refused(tmp_path, log):
    events = _game_lines(log)
    end = next(n for n, e in enumerate(events) if e["event"] == "round_end")
    path = _written(tmp_path, events[:-1] + [events[end]] * 3 + events[-1:])
    _refused([path, "--game", "0"], "ends more than 3 rounds")


def test_the_page_holds_each_board_once_so_it_grows_with_the_log_not_with_events_times_the_board(tmp_path, log):
    """Item 3 of issue 36: a game within every limit (rows of 100 cards on its first event, then 3,000 events that
    change nothing on the battlefield) made a page holding the whole battlefield 3,000 times. Each distinct part is
    stored once: the page is at most a few times the log's size."""
    events = _game_lines(log)
    start = json.loads(json.dumps(events[0]))
    start["board"]["rows"] = [[["Ghoul", 1]] * 100 for _ in range(6)]
    start["board"]["piles"] = [["Decoy"] * 100, ["Decoy"] * 100]
    start["scores"] = [300, 300]
    quiet = {"game": 0, "round": 1, "player": 0, "event": "draw", "card": None, "row": None, "cards": [],
             "scores": [300, 300], "gems": [2, 2], "hands": [0, 0], "decks": [0, 0], "board": {}}
    path = _written(tmp_path, [start, *[{**quiet, "player": n % 2} for n in range(3000)], events[-1]])
    page = tmp_path / "page.html"
    run_cli(["replay", path, "--html", page])
    size, logged = page.stat().st_size, path.stat().st_size
    assert size < 3 * logged + 100_000, (size, logged)
    data = json.loads(re.search(r'<script id="game" type="application/json">(.*?)</script>', page.read_text("utf-8"),
                                re.S).group(1))
    assert len(data["steps"]) == 3002 and len(data["parts"]) < 20


def test_the_screenshot_s_caption_is_what_the_page_shows_at_that_event(tmp_path):
    """What a new user hit (issue 36): docs/replay.png and its caption showed a game the program no longer plays.
    The caption names the game of docs/play.md's example log and the event the screenshot is taken at; that
    event's text is the caption's."""
    from helpers.repository import REPO

    page = (REPO / "docs" / "play.md").read_text("utf-8")
    caption = re.search(r"!\[The page of game (\d+) at its (\d+)th event: ([^\]]*?), beside ([^\]]*)\]\(replay\.png\)",
                        page)
    assert caption, "the caption names the game and the event"
    example = re.search(r"\$ deckcli (simulate [^\n]*--log games\.jsonl)", page).group(1).split()
    path = tmp_path / "games.jsonl"
    run_cli([*example[:-1], path])
    told = steps(read_game(str(path), int(caption.group(1))))
    assert told[int(caption.group(2)) - 1].text.startswith(caption.group(3))
