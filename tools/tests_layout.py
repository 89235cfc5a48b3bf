#!/usr/bin/env python3
"""Lay deckcli's tests out like the package (issue 35, item 3), re-runnable on any branch.

Run from the clone's root: ``python /tmp/tests_layout.py`` (``--dry-run`` to only say what it would do).

1. Moves (``git mv``) each flat ``tests/test_*.py`` named in MOVES to its folder (tests/game/..., tests/cli/...),
   and the data folders in DATA_MOVES beside the tests that read them; a flat test file it does not know is
   reported with a suggested folder (from the deckcli packages it imports): add it to MOVES and run again.
2. Rewrites the imports of every test file: ``from conftest import ...``, the old flat helper modules
   (``from game_positions import ...``) and the helpers once imported from other test modules
   (``from test_game_solo import solo``) become imports from the package ``tests/helpers``.
3. Fixes ``Path(__file__)...parent.parent`` in a moved file for its new depth.
4. Rewrites ``tests/<old path>`` in every tracked text file (docs, code comments, MANIFEST.in), and a bare old
   file name inside tests/ and docs/ where the name is not also a new name.

Already moved files and already rewritten imports are left alone, so running it twice changes nothing.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

MOVES = {
    # analysis
    "test_diff_command.py": "analysis/test_diff.py",
    "test_draw.py": "analysis/test_draw.py",
    "test_odds.py": "analysis/test_odds.py",
    "test_odds_core.py": "analysis/test_probability.py",
    "test_stats.py": "analysis/test_stats.py",
    # authoring
    "test_add_remove.py": "authoring/test_add_remove.py",
    "test_concurrent_edits.py": "authoring/test_concurrent_edits.py",
    "test_export_import_round_trip.py": "authoring/test_export_import_round_trip.py",
    "test_fmt_command.py": "authoring/test_canonical_form.py",
    "test_import_command.py": "authoring/test_importing.py",
    "test_import_gwent_classic.py": "authoring/test_gwent_classic.py",
    "test_import_line_forms.py": "authoring/test_import_line_forms.py",
    "test_new_command.py": "authoring/test_new_deck.py",
    "test_schema_command.py": "authoring/test_editor_schema.py",
    # catalog
    "test_card_command.py": "catalog/test_card_command.py",
    "test_card_prefix.py": "catalog/test_card_prefix.py",
    "test_cards_command.py": "catalog/test_listing.py",
    "test_catalog.py": "catalog/test_card_files.py",
    "test_catalog_cache.py": "catalog/test_catalog_cache.py",
    "test_catalog_override.py": "catalog/test_catalog_override.py",
    "test_name_matching.py": "catalog/test_name_matching.py",
    "test_rulebook_leader_names.py": "catalog/test_rulebook_leader_names.py",
    "test_suggest.py": "catalog/test_card_suggestions.py",
    # cli
    "test_command_line.py": "cli/test_command_line.py",
    "test_completion_in_shells.py": "cli/test_completion_in_shells.py",
    "test_did_you_mean.py": "cli/test_did_you_mean.py",
    "test_fuzz.py": "cli/test_fuzz.py",
    "test_option_vocabulary.py": "cli/test_option_vocabulary.py",
    "test_output_escaping.py": "cli/test_output_escaping.py",
    "test_output_files.py": "cli/test_output_files.py",
    "test_process_environment.py": "cli/test_process_environment.py",
    "test_shell_completion.py": "cli/test_shell_completion.py",
    "test_startup.py": "cli/test_startup.py",
    "test_terminal.py": "cli/test_terminal.py",
    "test_writing_and_output.py": "cli/test_writing_and_output.py",
    # deck
    "test_deck_file_limits.py": "deck/test_deck_file_limits.py",
    "test_deck_file_reading.py": "deck/test_reading.py",
    "test_decks.py": "deck/test_example_decks.py",
    "test_hand_editing_hints.py": "deck/test_hand_editing_hints.py",
    "test_registration_paths.py": "deck/test_registration_paths.py",
    "test_side_deck_copies.py": "deck/test_side_deck_copies.py",
    # files
    "test_input_budget.py": "files/test_budget.py",
    "test_output_schemas.py": "files/test_output_schemas.py",
    "test_safe_write.py": "files/test_safe_write_keeps_the_file.py",
    "test_safefile.py": "files/test_safe_write.py",
    "test_schema_checks.py": "files/test_schema_checks.py",
    "test_simple_toml.py": "files/test_simple_toml.py",
    # game
    "test_advise.py": "game/test_advice.py",
    "test_game_abilities.py": "game/test_abilities.py",
    "test_game_leaders.py": "game/test_leaders.py",
    "test_game_log_truth.py": "game/test_game_log.py",
    "test_game_modes.py": "game/test_modes.py",
    "test_game_properties.py": "game/test_random_games.py",
    "test_game_rounds.py": "game/test_rounds.py",
    "test_game_strength.py": "game/test_strength.py",
    "test_replay_command.py": "game/test_replay.py",
    "test_score.py": "game/test_board.py",
    "test_bot_dominated.py": "game/bots/test_dominated_plays.py",
    "test_bot_symmetry.py": "game/bots/test_seat_symmetry.py",
    "test_game_bots.py": "game/bots/test_bots.py",
    "test_multiplayer_rules.py": "game/multiplayer/test_free_for_all_and_two_versus_two.py",
    "test_multiplayer_score.py": "game/multiplayer/test_scoring.py",
    "test_cluster.py": "game/simulation/test_cluster.py",
    "test_multiplayer_simulate.py": "game/simulation/test_tables.py",
    "test_simulate_command.py": "game/simulation/test_runs.py",
    "test_simulate_workers.py": "game/simulation/test_executor.py",
    "test_simulation_story.py": "game/simulation/test_report.py",
    "test_tournament_match.py": "game/simulation/test_tournament.py",
    "test_game_solo.py": "game/solo/test_automaton.py",
    "test_game_solo_leaders.py": "game/solo/test_leaders.py",
    "test_solo_command.py": "game/solo/test_reveal.py",
    "test_solo_table.py": "game/solo/test_table.py",
    "test_solo_table_terminal.py": "game/solo/test_table_in_a_terminal.py",
    # render
    "test_github_format.py": "render/test_annotations.py",
    "test_streaming.py": "render/test_verdicts.py",
    # repair
    "test_fix.py": "repair/test_fix.py",
    # rules
    "test_house_rules.py": "rules/test_house_rules.py",
    "test_house_rules_sandbox.py": "rules/test_sandbox.py",
    "test_match_solver.py": "rules/test_match.py",
    "test_profile.py": "rules/test_profile.py",
    "test_rule_cases.py": "rules/test_rule_cases.py",
    "test_rule_schemas.py": "rules/test_rule_set_files.py",
    "test_rules_all.py": "rules/test_rule_set_overview.py",
    "test_rules_builtin.py": "rules/test_builtin.py",
    "test_team.py": "rules/test_lineups.py",
    "test_tournament.py": "rules/test_tournament_lineup.py",
    "test_tournament_desk.py": "rules/test_desk.py",
    # sheets
    "test_replay_browser.py": "sheets/test_replay_page_in_a_browser.py",
    "test_sheet_charts.py": "sheets/test_charts.py",
    "test_sheets.py": "sheets/test_pages.py",
    "test_sheets_browser.py": "sheets/test_pages_in_a_browser.py",
    # tuning
    "test_tune.py": "tuning/test_search.py",
    # the project itself: docs, packaging, the hooks, dependencies, the harness
    "test_cli_meta.py": "project/test_help_and_docs_agree.py",
    "test_doc_links.py": "project/test_doc_links.py",
    "test_packaging.py": "project/test_packaging.py",
    "test_pre_commit.py": "project/test_pre_commit.py",
    "test_public_api.py": "project/test_public_api.py",
    "test_readme_examples.py": "project/test_readme_examples.py",
    "test_test_harness.py": "project/test_test_harness.py",
}
"""Old flat test file (in tests/) -> its path under tests/."""

DATA_MOVES = {
    "advise_endgames": "game/advise_endgames",
    "cases": "rules/cases",
    "readme_files": "project/readme_files",
}
"""Data folders of tests/ -> beside the test that reads them (``Path(__file__).parent / NAME`` keeps working)."""

HELPER_MODULES = {
    "deck_strategies": "helpers.deck_strategies",
    "doc_pages": "helpers.doc_pages",
    "example_decks": "helpers.example_decks",
    "game_positions": "helpers.game_positions",
    "headless_chromium": "helpers.headless_chromium",
    "printed_pages": "helpers.printed_pages",
    "sheet_html": "helpers.sheet_html",
}
"""Old flat helper module -> its module in the helpers package (moved by hand once, with the conftest split)."""

NAMES = {
    "conftest": {
        **dict.fromkeys(("REPO", "TESTS", "DECKS", "EXAMPLE_DECKS", "write_deck"), "helpers.repository"),
        **dict.fromkeys(("WIDTH", "CONTENT_WIDTH", "deckcli_env", "run_cli"), "helpers.cli_runs"),
        **dict.fromkeys(("DEEP_EXAMPLES", "TEST_DEPTHS", "TEST_DEPTH", "REPEATABLE", "examples"), "helpers.depth"),
        **dict.fromkeys(("packaged_validator", "jsonschema_finds_nothing"), "helpers.schema_validation"),
        "PACKAGING_TESTS": "conftest",
    },
    "test_multiplayer_rules": dict.fromkeys(("deck", "in_hand", "lay", "names"), "helpers.table_positions"),
    "test_game_solo": {"solo": "helpers.game_positions"},
    "test_sheets_browser": {"MEASURE": "helpers.headless_chromium"},
    "test_solo_table": {
        **dict.fromkeys(("SKELLIGE", "Player", "table_setup"), "helpers.solo_table_players"),
        "play_table_game": "deckcli.game.solo.table",
    },
}
"""Module once imported from -> name -> the module that holds it now."""

FOLDER_DOCS = {
    "analysis": "deckcli/analysis: diff, odds, probability, stats, the main deck.",
    "authoring": "deckcli/authoring: new, add, remove, fmt, import and export of deck files.",
    "catalog": "deckcli/catalog: the card catalog, its files, cache, names and listing.",
    "cli": "deckcli/cli: the command line as a player meets it (options, streams, terminal, completion).",
    "deck": "deckcli/deck: reading deck files and registrations, resolving their names.",
    "files": "deckcli/files: reading and writing files, budgets, schemas and their generated checks.",
    "game": "deckcli/game: the rules engine (rounds, abilities, Leaders, modes, the log, replay, advice).",
    "game/bots": "deckcli/game/bots: the bots.",
    "game/multiplayer": "deckcli/game/multiplayer: Free For All and two versus two boards and scoring.",
    "game/simulation": "deckcli/game/simulation: simulate, the executor, the cluster, tables, the tournament.",
    "game/solo": "deckcli/game/solo: Gwent Solo's automated opponent, its Leaders, reveal and the table.",
    "render": "deckcli/render: output rendering (formats, tables, verdicts, annotations).",
    "repair": "deckcli/repair: fix, the fewest card changes that make a deck legal.",
    "rules": "deckcli/rules: rule sets, house rules, the sandbox, lineups, the desk, the §15 match.",
    "sheets": "deckcli/sheets: the HTML sheets, their charts, the replay page.",
    "tuning": "deckcli/tuning: tune, the legal neighbours and the climb.",
    "project": "The project itself rather than one package: docs, packaging, the hooks, dependencies, the harness.",
}

TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".in", ".cfg", ".yaml", ".yml", ".json", ".sh", ".html", ""}


def run(*args: str, dry: bool) -> None:
    print("+", " ".join(args))
    if not dry:
        subprocess.run(args, check=True)


def suggest(path: Path) -> str:
    """The tests/ folder a flat test file seems to belong in: the deckcli package it imports most."""
    counts: Counter[str] = Counter()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("deckcli."):
            parts = node.module.split(".")[1:3]
            folder = "/".join(parts[:2]) if parts[0] == "game" and len(parts) > 1 and (
                Path("deckcli", *parts[:2]).is_dir()) else parts[0]
            counts[folder] += 1
    return counts.most_common(1)[0][0] if counts else "cli"


def rewrite_imports(text: str) -> str:
    """``from conftest import a, b`` and the old flat helper imports -> imports from the helpers package."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom) or node.level or node.module is None:
            continue
        if node.module in HELPER_MODULES:
            replacement = {HELPER_MODULES[node.module]: [a for a in node.names]}
        elif node.module in NAMES:
            replacement = {}
            for alias in node.names:
                where = NAMES[node.module].get(alias.name)
                if where is None:
                    sys.exit(f"{node.module}.{alias.name} has no home in NAMES: add it to /tmp/tests_layout.py")
                replacement.setdefault(where, []).append(alias)
        else:
            continue
        new = "".join(
            f"from {module} import "
            + ", ".join(a.name if a.asname is None else f"{a.name} as {a.asname}" for a in aliases) + "\n"
            for module, aliases in sorted(replacement.items())
        )
        edits.append((node.lineno - 1, node.end_lineno or node.lineno, new))
    for start, end, new in reversed(edits):
        lines[start:end] = [new]
    return "".join(lines)


def fix_depth(text: str, depth: int) -> str:
    """``Path(__file__)[.resolve()].parent.parent`` meant the clone from tests/: the clone from ``depth`` folders down."""
    return re.sub(r"Path\(__file__\)(\.resolve\(\))?\.parent\.parent(?![.\w])",
                  lambda m: f"Path(__file__){m.group(1) or ''}.parents[{depth}]", text)


def main() -> None:
    dry = "--dry-run" in sys.argv
    root = Path.cwd()
    tests = root / "tests"
    if not (tests / "conftest.py").is_file() or not (root / "deckcli").is_dir():
        sys.exit("run from the clone's root (the folder holding deckcli/ and tests/)")

    moved: dict[Path, int] = {}
    for old, new in MOVES.items():
        source, target = tests / old, tests / new
        if source.exists() and not target.exists():
            if not dry:
                target.parent.mkdir(parents=True, exist_ok=True)
            run("git", "mv", str(source.relative_to(root)), str(target.relative_to(root)), dry=dry)
            moved[target] = len(Path(new).parts) - 1
        elif source.exists():
            print(f"both {source} and {target} exist: merge them by hand", file=sys.stderr)
    for old, new in DATA_MOVES.items():
        source, target = tests / old, tests / new
        if source.exists() and not target.exists():
            if not dry:
                target.parent.mkdir(parents=True, exist_ok=True)
            run("git", "mv", str(source.relative_to(root)), str(target.relative_to(root)), dry=dry)
    for folder, doc in FOLDER_DOCS.items():
        conftest = tests / folder / "conftest.py"
        if (tests / folder).is_dir() and not conftest.exists():
            print(f"writing {conftest.relative_to(root)}")
            if not dry:
                conftest.write_text(f'"""{doc}\n\nREACHED_ELSEWHERE: deckcli modules of this folder\'s package no test here imports,\n'
                                    'and why (tests/project/test_layout.py checks it)."""\n\nREACHED_ELSEWHERE: dict[str, str] = {}\n',
                                    encoding="utf-8")
                subprocess.run(["git", "add", str(conftest)], check=True)

    unknown = sorted(p for p in tests.glob("test_*.py") if p.name not in MOVES)
    for path in unknown:
        print(f"UNKNOWN flat test file {path.relative_to(root)}: add it to MOVES (suggested folder: "
              f"tests/{suggest(path)}/) and run again", file=sys.stderr)

    if dry:
        return
    for path in sorted(tests.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        new = rewrite_imports(text)
        if path in moved:
            new = fix_depth(new, moved[path])
        if new != text:
            print(f"imports rewritten: {path.relative_to(root)}")
            path.write_text(new, encoding="utf-8")

    paths = {f"tests/{old}": f"tests/{new}" for old, new in MOVES.items()}
    paths |= {f"tests/{old}": f"tests/{new}" for old, new in DATA_MOVES.items()}
    paths |= {f"tests/{old}.py": f"tests/{new.replace('.', '/')}.py" for old, new in HELPER_MODULES.items()}
    path_pattern = re.compile(r"(?<![\w/.])(" + "|".join(re.escape(p) for p in sorted(paths, key=len, reverse=True))
                              + r")(?![\w])")
    new_names = {Path(new).name for new in MOVES.values()}
    bare = {old: Path(new).name for old, new in MOVES.items() if old not in new_names and Path(new).name != old}
    bare_pattern = re.compile(r"(?<![\w/.-])(" + "|".join(re.escape(b) for b in bare) + r")(?![\w])") if bare else None
    tracked = subprocess.run(["git", "ls-files", "-z"], capture_output=True, text=True, check=True).stdout.split("\0")
    for name in filter(None, tracked):
        path = root / name
        if path.suffix not in TEXT_SUFFIXES or not path.is_file() or path.is_symlink():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        new = path_pattern.sub(lambda m: paths[m.group(1)], text)
        if bare_pattern is not None and (name.startswith(("tests/", "docs/")) or name == "README.md"):
            new = bare_pattern.sub(lambda m: bare[m.group(1)], new)
        if new != text:
            print(f"paths rewritten: {name}")
            path.write_text(new, encoding="utf-8")
    if unknown:
        sys.exit(1)


if __name__ == "__main__":
    main()
