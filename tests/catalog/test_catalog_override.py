"""A player corrects the catalog without touching the code (DECKCLI_CATALOG)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from importlib import resources

import pytest

from deckcli.catalog import loading
from deckcli.catalog.loading import build_catalog, read_catalog_files
from deckcli.errors import CatalogError
from deckcli.files.reading import MAX_FILE_BYTES
from helpers.cli_runs import deckcli_env
from helpers.repository import DECKS


def _own_skellige(folder, young_vildkaarl_copies: int):
    packaged = resources.files("deckcli.catalog").joinpath("cards", "skellige.toml").read_text("utf-8")
    marker = 'name = "Transformed Young Vildkaarl"'
    head, tail = packaged.split(marker)
    tail = tail.replace("copies = 1", f"copies = {young_vildkaarl_copies}", 1)
    (folder / "skellige.toml").write_text(head + marker + tail, encoding="utf-8")


def _validate(deck, env_folder):
    env = deckcli_env(DECKCLI_CATALOG=str(env_folder))
    return subprocess.run(
        [sys.executable, "-m", "deckcli", "validate", str(deck)], capture_output=True, text=True, env=env, timeout=60
    )


def test_an_own_file_replaces_the_packaged_one(tmp_path):
    _own_skellige(tmp_path, 3)
    catalog = build_catalog(read_catalog_files(str(tmp_path)))
    assert catalog.factions["skellige"].copies["Transformed Young Vildkaarl"] == 3
    assert catalog.factions["skellige"].size == 88
    assert catalog.factions["monsters"].size == 90


def test_validate_uses_the_players_catalog(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(
        (DECKS / "skellige-advanced.toml").read_text("utf-8").replace(
            '"Transformed Young Vildkaarl" = 1', '"Transformed Young Vildkaarl" = 3'
        ),
        encoding="utf-8",
    )
    packaged = _validate(deck, "")
    # Side-deck over-copies are a warning, not a violation (issue 11, item 7).
    assert packaged.returncode == 0 and "warning: side-deck-copies" in packaged.stdout
    assert "the Skellige set prints 1" in packaged.stdout
    own = tmp_path / "catalog"
    own.mkdir()
    _own_skellige(own, 3)
    corrected = _validate(deck, own)
    assert corrected.returncode == 0, corrected.stdout + corrected.stderr
    assert "side-deck-copies" not in corrected.stdout


def test_a_broken_catalog_file_is_exit_2(tmp_path):
    (tmp_path / "skellige.toml").write_text('faction = "skellige"\nname = "Skellige"\n[[cards]]\nname = "X"\n', encoding="utf-8")
    done = _validate(DECKS / "skellige-starter.toml", tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith(f"{tmp_path / 'skellige.toml'}:3: not a catalog file (cards/0)")
    assert "Traceback" not in done.stderr


def test_a_catalog_file_must_keep_its_faction(tmp_path):
    packaged = resources.files("deckcli.catalog").joinpath("cards", "skellige.toml").read_text("utf-8")
    (tmp_path / "skellige.toml").write_text(packaged.replace('faction = "skellige"', 'faction = "monsters"'), encoding="utf-8")
    done = _validate(DECKS / "monsters-advanced.toml", tmp_path)
    assert done.returncode == 2
    assert 'does not match the file name: skellige.toml must say faction = "skellige"' in done.stderr


def test_a_catalog_file_that_is_not_toml_has_line_and_column(tmp_path):
    (tmp_path / "skellige.toml").write_text('faction = "skellige"\ncards = [1 2]\n', encoding="utf-8")
    done = _validate(DECKS / "skellige-starter.toml", tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == f"{tmp_path / 'skellige.toml'}:2:12: catalog file is not valid TOML: Unclosed array"


def test_a_wrong_value_in_a_catalog_file_is_named_with_its_line(tmp_path):
    packaged = resources.files("deckcli.catalog").joinpath("cards", "skellige.toml").read_text("utf-8")
    broken = packaged.replace("copies = 1", 'copies = "x"', 1)
    (tmp_path / "skellige.toml").write_text(broken, encoding="utf-8")
    line = broken.splitlines().index('copies = "x"') + 1
    done = _validate(DECKS / "skellige-starter.toml", tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith(f"{tmp_path / 'skellige.toml'}:{line}: not a catalog file (cards/")


def test_two_cards_a_player_cannot_tell_apart_are_refused(tmp_path):
    packaged = resources.files("deckcli.catalog").joinpath("cards", "skellige.toml").read_text("utf-8")
    (tmp_path / "skellige.toml").write_text(
        packaged.replace('name = "Cerys"', 'name = "Cérys"').replace('name = "Kambi"', 'name = "CERYS"'), encoding="utf-8"
    )
    done = _validate(DECKS / "skellige-starter.toml", tmp_path)
    assert done.returncode == 2
    assert "the catalog's cards 'Cérys' and 'CERYS' are one name to a player" in done.stderr and "Traceback" not in done.stderr


def _skellige_with(tmp_path, old: str, new: str):
    packaged = resources.files("deckcli.catalog").joinpath("cards", "skellige.toml").read_text("utf-8")
    assert old in packaged
    (tmp_path / "skellige.toml").write_text(packaged.replace(old, new, 1), encoding="utf-8")
    return _validate(DECKS / "skellige-starter.toml", tmp_path)


def test_a_blank_card_name_is_refused_on_its_line(tmp_path):
    done = _skellige_with(tmp_path, 'name = "Cerys"', 'name = "   "')
    assert done.returncode == 2 and "a card name is one line of 1 to 80 characters, not blank" in done.stdout + done.stderr


def test_a_leader_with_a_strength_is_told_to_lose_it(tmp_path):
    done = _skellige_with(tmp_path, 'kind = "leader"', 'kind = "leader"\nstrength = 5')
    said = done.stdout + done.stderr
    assert done.returncode == 2 and "a Leader has no strength and no rows: delete them" in said and "{" not in said


def test_a_strength_beyond_99_is_refused(tmp_path):
    done = _skellige_with(tmp_path, "strength = 10", "strength = 99999999999999")
    assert done.returncode == 2 and "strength is a whole number from 0 to 99" in done.stdout + done.stderr


def test_a_side_deck_card_that_is_no_card_is_refused(tmp_path):
    done = _skellige_with(tmp_path, 'side_deck_card = "Transformed Vildkaarl"', 'side_deck_card = "Nobody"')
    assert done.returncode == 2 and "its side_deck_card 'Nobody' is no card of the catalog" in done.stdout + done.stderr


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_catalog_file_that_is_a_pipe_or_a_device_is_refused_at_once(tmp_path, kind):
    # a FIFO nobody writes to would be waited on forever; /dev/zero read whole (to key the cache) never ends
    path = tmp_path / "skellige.toml"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    env = {**os.environ, "DECKCLI_CATALOG": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "deckcli", "cards", "--faction", "skellige"], capture_output=True, text=True, env=env,
        timeout=30, preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)),
    )
    assert done.returncode == 2
    assert done.stderr.strip() == f"{path}: is not a regular file (a pipe, a device or a socket): not a catalog file"


def test_the_cache_key_reads_no_more_of_a_file_than_the_limit(tmp_path):
    (tmp_path / "skellige.toml").write_bytes(b"# " + b"x" * (3 * MAX_FILE_BYTES) + b"\n")
    sources = dict(loading._catalog_sources(str(tmp_path)) or [])
    assert sources[str(tmp_path / "skellige.toml")] is None  # too large: refused by the read that follows, not kept
    with pytest.raises(CatalogError, match="is larger than 1 MiB"):
        read_catalog_files(str(tmp_path))


@pytest.mark.parametrize(("old", "new", "at"), [
    ('name = "Cerys"', 'name = "--"', "cards/"),
    ('name = "Cerys"', "name = \"'''\"", "cards/"),
    ('name = "Cerys"', 'name = "\\u200b"', "cards/"),
    ('name = "Cerys"', 'name = "Cerys"\naliases = ["- -"]', "aliases"),
    ('name = "Skellige"', 'name = "\\u00ad"', "(name)"),
])
def test_a_name_that_folds_to_nothing_is_refused_on_its_line(tmp_path, old, new, at):
    # a blank deck line ("" = 1) would otherwise count as that card (or a blank faction as that faction)
    packaged = resources.files("deckcli.catalog").joinpath("cards", "skellige.toml").read_text("utf-8")
    assert old in packaged
    text = packaged.replace(old, new, 1)
    (tmp_path / "skellige.toml").write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError) as refused:
        read_catalog_files(str(tmp_path))
    assert at in refused.value.reason and "is no name once case, spaces, apostrophes" in refused.value.reason
    line = next(number for number, content in enumerate(text.splitlines(), start=1) if new.splitlines()[-1] in content)
    assert refused.value.line == line
