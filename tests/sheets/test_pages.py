"""deckcli sheet: the HTML pages read back with a real HTML parser (structure, every card, charts, escaping)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import DECKS, EXAMPLE_DECKS, write_deck
from deckcli.analysis.main_deck import main_deck
from deckcli.analysis.stats import exposure_table, histogram_table, row_table, side_deck_table
from deckcli.catalog.loading import default_catalog
from deckcli.rules.judging import read_resolved_deck
from deckcli.sheets.pages import breakable_path
from helpers.sheet_html import SheetParser, parse_sheet

CHARTS = {"chart-rows", "chart-strength", "chart-weather", "chart-odds"}
REGISTRATION = DECKS / "tournament-registration.toml"


def sheet(tmp_path: Path, source: Path, *extra: str, exit_code: int = 0) -> SheetParser:
    out = tmp_path / "sheet.html"
    result = run_cli(["sheet", source, "-o", out, *extra], exit_code=exit_code)
    assert result.stdout.startswith(f"wrote {out}: ")
    return parse_sheet(out.read_text("utf-8"))


def boxes(page: SheetParser) -> list[str]:
    return [a.get("aria-label") or "" for t, a in page.tags if t == "input" and a.get("type") == "checkbox"]


@pytest.mark.parametrize("path", EXAMPLE_DECKS, ids=lambda p: p.name)
def test_a_deck_sheet_lists_every_card_with_a_box_per_copy(tmp_path, path):
    page = sheet(tmp_path, path)
    deck = read_resolved_deck(str(path))
    main = main_deck(deck)
    for placed in [*deck.leaders, *main.cards]:
        assert placed.card.name in page.words
        ticks = [b for b in boxes(page) if b.startswith(f"{placed.card.name}, copy ")]
        assert len(ticks) == placed.copies, placed.card.name
    side = side_deck_table(main, deck).rows
    for row in side:
        assert row["card"] in page.words
    expected = sum(p.copies for p in [*deck.leaders, *main.cards]) + sum(r["needed"] or r["in_side"] for r in side)
    assert len(boxes(page)) == expected


def test_the_pull_list_is_sorted_as_the_box_kind_then_row_then_name(tmp_path):
    page = sheet(tmp_path, DECKS / "monsters-starter.toml")
    words = page.words[page.words.index("Pull list:"):page.words.index("Side deck:")]
    order = ["Leader", "Heroes: Close Combat", "Unit Cards: Close Combat", "Unit Cards: Agile",
             "Unit Cards: Ranged Combat", "Unit Cards: Siege", "Special Cards", "Weather Cards"]
    places = [words.index(title + " (") for title in order]
    assert places == sorted(places)
    close = words[words.index("Unit Cards: Close Combat"):words.index("Unit Cards: Agile")]
    assert close.index("Arachas") < close.index("Botchling") < close.index("Werewolf")


def test_a_deck_sheet_has_the_four_charts_with_the_stats_figures(tmp_path):
    path = DECKS / "skellige-starter.toml"
    page = sheet(tmp_path, path)
    found = {chart.id: chart for chart in page.charts}
    assert set(found) == CHARTS
    for chart in page.charts:
        assert chart.svgs == 1 and chart.marks > 0 and len(chart.rows) > 1, chart.id
    main = main_deck(read_resolved_deck(str(path)))
    rows = {r[0]: r[1] for r in found["chart-rows"].rows[1:]}
    assert rows == {r["row"]: str(r["cards"]) for r in row_table(main).rows}
    header, units = found["chart-strength"].rows
    assert dict(zip(header[1:], units[1:])) == {str(r["strength"]): str(r["cards"]) for r in histogram_table(main).rows}
    weather = {r[0]: r[3] for r in found["chart-weather"].rows[1:]}
    assert weather == {r["weather"]: str(r["strength"]) for r in exposure_table(main, default_catalog()).rows}


def test_the_odds_chart_figures_match_an_independent_count(tmp_path):
    """One copy in an N-card deck: held in a hand of h with chance h/N (brute force: the card is in h of N places)."""
    cards = {"Blue Stripes Commando": 3, "Thaler": 1, "Poor Fucking Infantry": 3, "Redanian Foot Soldier": 2,
             "Yarpen Zigrin": 1, "Dethmold": 1, "Kaedweni Siege Expert": 3, "Ballista": 2, "Siege Tower": 1,
             "Catapult": 2, "Trebuchet": 2, "Crinfrid Reavers Dragon Hunter": 3, "Decoy": 2, "Scorch": 1}
    path = write_deck(tmp_path, cards)
    page = sheet(tmp_path, path)
    odds = next(c for c in page.charts if c.id == "chart-odds")
    n = sum(cards.values())
    one_copy = next(row for row in odds.rows[1:] if row[1] == "1")
    without, with_exchange = one_copy[3].split(" / ")
    assert without == f"{10 / n:.0%}" and with_exchange == f"{12 / n:.0%}"


def test_a_deck_sheet_shows_the_verdict_under_every_built_in_rule_set(tmp_path):
    page = sheet(tmp_path, DECKS / "nilfgaard-starter.toml")
    row_heads = [page.words.count(f" {name} ") for name in ("standard", "advanced", "solo")]
    assert all(row_heads)
    assert "strength-max" in page.words and "solo-weather" in page.words


def test_the_page_is_standalone_no_script_no_network(tmp_path):
    html_path = tmp_path / "deck.html"
    run_cli(["sheet", DECKS / "monsters-starter.toml", "-o", html_path])
    page = parse_sheet(html_path.read_text("utf-8"))
    assert not [t for t, _ in page.tags if t in ("script", "iframe", "object", "embed", "link", "img")]
    for _tag, attrs in page.tags:
        for name, value in attrs.items():
            assert not name.startswith("on")
            if name in ("src", "href"):
                assert not (value or "").startswith(("http:", "https:", "//"))
    assert ("meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"}) in page.tags
    css = html_path.read_text("utf-8")
    assert "@page { size: A4;" in css and "@media print" in css and "url(" not in css


def test_letter_paper(tmp_path):
    out = tmp_path / "deck.html"
    run_cli(["sheet", DECKS / "monsters-starter.toml", "-o", out, "--paper", "letter"])
    assert "@page { size: letter;" in out.read_text("utf-8")


def test_values_are_escaped(tmp_path):
    path = write_deck(tmp_path, {"Dun Banner Medic": 1}, name="x.toml")
    path.write_text('name = "<script>alert(1)</script> & co"\n' + path.read_text("utf-8"), "utf-8")
    out = tmp_path / "x.html"
    run_cli(["sheet", path, "-o", out])
    text = out.read_text("utf-8")
    assert "<script>" not in text and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in text
    assert "<script>alert(1)</script> & co" in parse_sheet(text).words


def test_a_registration_sheet_shows_three_decks_their_pull_lists_and_the_verdict(tmp_path):
    page = sheet(tmp_path, REGISTRATION)
    assert "Tournament registration: Alex" in page.words
    assert "Legal Tournament lineup" in page.words
    for name in ("monsters-advanced.toml", "nilfgaard-advanced.toml", "skellige-advanced.toml"):
        deck = read_resolved_deck(str(DECKS / name))
        for placed in [*deck.leaders, *main_deck(deck).cards]:
            assert placed.card.name in page.words
    sections = [a for t, a in page.tags if t == "section" and a.get("class") == "deck"]
    assert len(sections) == 3
    assert "Decks checked (initials)" in page.words and "Date" in page.words


def test_a_hero_in_two_decks_is_highlighted_on_the_registration_sheet(tmp_path):
    for name in ("monsters-advanced.toml", "nilfgaard-advanced.toml", "skellige-advanced.toml"):
        text = (DECKS / name).read_text("utf-8")
        if name != "nilfgaard-advanced.toml":
            text = text.replace("[cards]\n", '[cards]\n"Geralt of Rivia" = 1\n', 1)
        (tmp_path / name).write_text(text, "utf-8")
    registration = tmp_path / "reg.toml"
    registration.write_text('player = "Bo"\ndecks = ["monsters-advanced.toml", "nilfgaard-advanced.toml", '
                            '"skellige-advanced.toml"]\n', "utf-8")
    out = tmp_path / "reg.html"
    result = run_cli(["sheet", registration, "-o", out])
    assert "Not a legal Tournament lineup" in result.stdout
    page = parse_sheet(out.read_text("utf-8"))
    assert "shared-hero" in page.words
    marked = [a for t, a in page.tags if t == "li" and "shared" in (a.get("class") or "")]
    assert len(marked) == 2


def test_an_unreadable_deck_in_a_registration_writes_nothing(tmp_path):
    registration = tmp_path / "reg.toml"
    (tmp_path / "a.toml").write_text("not toml [", "utf-8")
    for name in ("b.toml", "c.toml"):
        (tmp_path / name).write_text((DECKS / "nilfgaard-advanced.toml").read_text("utf-8"), "utf-8")
    registration.write_text('decks = ["a.toml", "b.toml", "c.toml"]\n', "utf-8")
    result = run_cli(["sheet", registration, "-o", tmp_path / "reg.html"], exit_code=2)
    assert "a.toml:1" in result.stderr and not (tmp_path / "reg.html").exists()


def test_an_existing_file_is_kept_without_force(tmp_path):
    out = tmp_path / "deck.html"
    out.write_text("mine", "utf-8")
    result = run_cli(["sheet", DECKS / "monsters-starter.toml", "-o", out], exit_code=2)
    assert "already exists" in result.stderr and out.read_text("utf-8") == "mine"
    run_cli(["sheet", DECKS / "monsters-starter.toml", "-o", out, "--force"])
    assert out.read_text("utf-8").startswith("<!DOCTYPE html>")


def test_dash_prints_the_page(tmp_path):
    result = run_cli(["sheet", DECKS / "monsters-starter.toml", "-o", "-"])
    assert result.stdout.startswith("<!DOCTYPE html>") and "Arachas" in result.stdout


def test_unknown_names_are_named_on_the_sheet_and_exit_1(tmp_path):
    path = write_deck(tmp_path, {"Blue Stripe Comando": 2, "Thaler": 1})
    out = tmp_path / "deck.html"
    run_cli(["sheet", path, "-o", out], exit_code=1)
    assert "Blue Stripe Comando" in parse_sheet(out.read_text("utf-8")).words


def test_pdf_without_weasyprint_says_how_to_get_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "weasyprint", None)
    monkeypatch.setattr("importlib.util.find_spec", lambda name, *a: None)
    out = tmp_path / "deck.pdf"
    result = run_cli(["sheet", DECKS / "monsters-starter.toml", "-o", out], exit_code=2)
    assert "pip install 'deckcli[pdf]'" in result.stderr and not out.exists()


def test_pdf_with_weasyprint(tmp_path):
    pytest.importorskip("weasyprint", reason="the pdf extra is not installed: pip install 'deckcli[pdf]'")
    out = tmp_path / "deck.pdf"
    run_cli(["sheet", DECKS / "monsters-starter.toml", "-o", out])
    assert out.read_bytes().startswith(b"%PDF")


def test_a_sheet_to_a_file_of_another_kind_is_refused(tmp_path):
    out = tmp_path / "s.txt"
    result = run_cli(["sheet", DECKS / "monsters-starter.toml", "-o", out], exit_code=2)
    assert "FILE.html" in result.stderr and not out.exists()


def test_a_deck_on_standard_input_gets_its_sheet(tmp_path):
    deck = DECKS / "monsters-starter.toml"
    from_file = run_cli(["sheet", deck, "-o", "-"]).stdout
    from_stdin = run_cli(["sheet", "-", "-o", "-"], input=deck.read_text("utf-8")).stdout
    assert from_stdin == from_file.replace(breakable_path(str(deck)), "&lt;stdin&gt;")


def test_a_deck_through_a_pipe_gets_its_sheet(tmp_path):
    import os

    deck = DECKS / "monsters-starter.toml"
    read, write = os.pipe()  # what the shell's <(cat deck.toml) names as /dev/fd/N: it can be read once
    try:
        os.write(write, deck.read_bytes())
        os.close(write)
        result = run_cli(["sheet", f"/dev/fd/{read}", "-o", tmp_path / "deck.html"])
    finally:
        os.close(read)
    assert "deck sheet of Monsters starter" in result.stdout  # not "no faction": the pipe was read twice


def test_control_characters_in_a_deck_name_are_shown_escaped(tmp_path):
    deck = DECKS / "monsters-starter.toml"
    text = deck.read_text("utf-8")
    named = tmp_path / "named.toml"
    named.write_text('name = "Red\\u001b]0;pwned\\u0007\\nline2"\n' + "\n".join(
        line for line in text.splitlines() if not line.startswith("name")) + "\n", "utf-8")
    said = run_cli(["sheet", named, "-o", tmp_path / "named.html"]).stdout
    assert said.strip().endswith("deck sheet of Red\\x1b]0;pwned\\x07\\nline2 (Monsters)") and "\x1b" not in said


def test_control_and_format_characters_of_a_name_are_escaped_in_the_page(tmp_path):
    deck = tmp_path / "named.toml"
    text = (DECKS / "monsters-starter.toml").read_text("utf-8")
    deck.write_text('name = "Red\\u001b]0;x\\u0007 \\u202eevil"\n' + "\n".join(
        line for line in text.splitlines() if not line.startswith("name")) + "\n", "utf-8")
    page = run_cli(["sheet", deck, "-o", "-"]).stdout
    assert "<h1>Red\\x1b]0;x\\x07 \\u202eevil</h1>" in page
    assert not any(c in page for c in "\x1b\x07\u202e")


def test_a_simulated_sheet_shows_its_matchups_and_what_produced_them(tmp_path):
    page = sheet(tmp_path, DECKS / "monsters-starter.toml", "--simulate", "--games", "4", "--vs", "skellige",
                 "--vs", "monsters")
    words = page.words
    assert "Simulated matchups" in words and "Skellige starter" in words and "overall" in words
    assert "Measured: 8 games (4 a matchup, seed 1), the heuristic bot" in words
    assert "95% Wilson interval" in words and ("id", "matchups") in [kv for _, a in page.tags for kv in a.items()]
    plain = sheet(tmp_path, DECKS / "monsters-starter.toml", "--force")
    assert "Simulated matchups" not in plain.words


def test_simulate_goes_with_a_deck_sheet(tmp_path):
    result = run_cli(["sheet", REGISTRATION, "-o", tmp_path / "reg.html", "--simulate", "--games", "2"], exit_code=2)
    assert "one deck at a time" in result.stderr and not (tmp_path / "reg.html").exists()
    result = run_cli(["sheet", DECKS / "monsters-starter.toml", "-o", tmp_path / "d.html", "--seed", "3"], exit_code=2)
    assert "--seed goes with --simulate" in result.stderr


def test_an_illegal_deck_plays_no_simulated_matchup(tmp_path):
    deck = write_deck(tmp_path, {"Ves": 2})
    result = run_cli(["sheet", deck, "-o", tmp_path / "d.html", "--simulate", "--games", "2"], exit_code=1)
    assert "not legal under standard" in result.stderr and not (tmp_path / "d.html").exists()


def test_a_simulated_sheet_takes_the_simulation_options_of_simulate(tmp_path):
    log = tmp_path / "games.jsonl"
    page = sheet(tmp_path, DECKS / "skellige-advanced.toml", "--simulate", "--games", "2", "--solo", "monsters",
                 "--bot", "random", "--workers", "1", "--log", log)
    words = page.words
    assert "Monsters automaton" in words and "Gwent Solo against the automaton of Monsters" in words
    assert "the random bot" in words and len([line for line in log.read_text("utf-8").splitlines()]) > 2
