"""The catalog comes prebuilt or cached, and is never stale: edits to any catalog file are seen."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from deckcli.catalog import loading
from deckcli.errors import CatalogError

SKELLIGE = Path(loading.CARDS_FOLDER) / "skellige.toml"


def test_the_prebuilt_module_is_current():
    current = Path(loading.PACKAGED_CARDS).read_text("utf-8")
    assert current == loading.packaged_cards_source(), "run: python tools/generate.py"


def test_the_prebuilt_documents_are_the_parsed_files():
    assert loading.packaged_documents() == loading.read_catalog_files()


def test_an_edited_card_file_is_parsed_not_taken_from_the_prebuilt_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    cards = tmp_path / "cards"
    shutil.copytree(loading.CARDS_FOLDER, cards)
    text = (cards / "skellige.toml").read_text("utf-8")
    (cards / "skellige.toml").write_text(text.replace('name = "Skellige"', 'name = "Skellige Isles"', 1), "utf-8")
    monkeypatch.setattr(loading, "CARDS_FOLDER", str(cards))
    assert loading.packaged_documents() is None
    (cards / "skellige.toml").write_text(text, "utf-8")
    assert loading.packaged_documents() is not None
    (cards / "extra.toml").write_text(text, "utf-8")
    assert loading.packaged_documents() is None  # a file more is a change too


def own_skellige(folder: Path, copies: int) -> Path:
    marker = 'name = "Transformed Young Vildkaarl"'
    head, tail = SKELLIGE.read_text("utf-8").split(marker)
    path = folder / "skellige.toml"
    path.write_text(head + marker + tail.replace("copies = 1", f"copies = {copies}", 1), encoding="utf-8")
    return path


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user cache folder; its deckcli folder is returned."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    return tmp_path / "user-cache" / "deckcli"


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each time the catalog files are parsed (and checked), the override folder it was for."""
    seen: list[str] = []
    real = loading.read_catalog_files

    def counting(override: str | None = None) -> Any:
        seen.append(str(override))
        return real(override)

    monkeypatch.setattr(loading, "read_catalog_files", counting)
    return seen


def young_vildkaarl(documents: dict[str, Any]) -> int:
    return next(c["copies"] for c in documents["skellige"]["cards"] if c["name"] == "Transformed Young Vildkaarl")


def test_own_files_are_parsed_once_then_read_from_the_cache(tmp_path: Path, cache: Path, parses: list[str]):
    own = tmp_path / "own"
    own.mkdir()
    own_skellige(own, 3)
    first = loading.cached_documents(str(own))
    assert young_vildkaarl(first) == 3 and len(parses) == 1
    assert [p.name for p in cache.iterdir()] == [p.name for p in cache.glob("catalog-*.marshal")]  # no temporary left
    second = loading.cached_documents(str(own))
    assert second == first and len(parses) == 1  # read from the cache


def test_an_edited_own_file_is_seen(tmp_path: Path, cache: Path, parses: list[str]):
    own = tmp_path / "own"
    own.mkdir()
    own_skellige(own, 3)
    loading.cached_documents(str(own))
    own_skellige(own, 2)
    assert young_vildkaarl(loading.cached_documents(str(own))) == 2 and len(parses) == 2
    (own / "notes.toml").write_text('faction = "notes"\n', "utf-8")  # a file more: parsed (and refused) again
    with pytest.raises(CatalogError):
        loading.cached_documents(str(own))


def test_an_edited_packaged_file_is_seen(tmp_path: Path, cache: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch):
    own = tmp_path / "own"
    own.mkdir()
    own_skellige(own, 3)
    loading.cached_documents(str(own))
    cards = tmp_path / "cards"
    shutil.copytree(loading.CARDS_FOLDER, cards)
    with open(cards / "neutral.toml", "a", encoding="utf-8") as handle:
        handle.write("\n# edited\n")
    monkeypatch.setattr(loading, "CARDS_FOLDER", str(cards))
    loading.cached_documents(str(own))
    assert len(parses) == 2


def test_another_version_rebuilds(tmp_path: Path, cache: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch):
    own = tmp_path / "own"
    own.mkdir()
    own_skellige(own, 3)
    loading.cached_documents(str(own))
    monkeypatch.setattr("deckcli.__version__", "99.0.0")
    loading.cached_documents(str(own))
    assert len(parses) == 2
    assert len(list(cache.glob("catalog-99.0.0-*.marshal"))) == 1


@pytest.mark.parametrize("garbage", [b"", b"\x00\x01not marshal", b"\xe9", (b"x" * 10)])
def test_an_unreadable_cache_file_is_rebuilt(tmp_path: Path, cache: Path, parses: list[str], garbage: bytes):
    own = tmp_path / "own"
    own.mkdir()
    own_skellige(own, 3)
    first = loading.cached_documents(str(own))
    [written] = cache.glob("catalog-*.marshal")
    written.write_bytes(garbage)
    assert loading.cached_documents(str(own)) == first and len(parses) == 2
    assert loading.cached_documents(str(own)) == first and len(parses) == 2  # rewritten, read again


def test_a_cache_that_cannot_be_written_is_not_an_error(tmp_path: Path, cache: Path, parses: list[str]):
    own = tmp_path / "own"
    own.mkdir()
    own_skellige(own, 3)
    cache.parent.mkdir(parents=True)
    cache.write_text("a file where the folder should be", "utf-8")
    assert young_vildkaarl(loading.cached_documents(str(own))) == 3
    assert young_vildkaarl(loading.cached_documents(str(own))) == 3
    assert len(parses) == 2


def test_a_broken_own_file_is_reported_every_time(tmp_path: Path, cache: Path):
    (tmp_path / "skellige.toml").write_text('faction = "skellige"\ncards = [1 2]\n', encoding="utf-8")
    for _ in range(2):
        with pytest.raises(CatalogError, match="not valid TOML"):
            loading.cached_documents(str(tmp_path))
    assert not cache.exists() or not list(cache.iterdir())


def test_the_default_catalog_uses_the_cache(tmp_path: Path, cache: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch):
    own = tmp_path / "own"
    own.mkdir()
    own_skellige(own, 3)
    monkeypatch.setenv(loading.CATALOG_ENV, str(own))
    loading.default_catalog.cache_clear()
    try:
        assert loading.default_catalog().factions["skellige"].copies["Transformed Young Vildkaarl"] == 3
        loading.default_catalog.cache_clear()
        assert loading.default_catalog().factions["skellige"].copies["Transformed Young Vildkaarl"] == 3
        assert len(parses) == 1
    finally:
        loading.default_catalog.cache_clear()


def _rewrite_record(path: Path, change: Any, keep_checksum: bool) -> None:
    """Damage the cached documents at ``path`` with ``change``, its key kept (and its checksum, if asked)."""
    import marshal
    import zlib

    key, crc, payload = marshal.loads(path.read_bytes())
    documents = marshal.loads(payload)
    change(documents)
    damaged = marshal.dumps(documents)
    path.write_bytes(marshal.dumps((key, zlib.crc32(damaged) if keep_checksum else crc, damaged)))


def _lose_a_card_name(documents: dict[str, Any]) -> None:
    del documents["skellige"]["cards"][0]["name"]


@pytest.fixture
def own(tmp_path: Path) -> Path:
    """A player's catalog folder: the Skellige file with 3 Transformed Young Vildkaarl."""
    folder = tmp_path / "own"
    folder.mkdir()
    own_skellige(folder, 3)
    return folder


def _damage_the_record(cache: Path, keep_checksum: bool) -> None:
    [written] = cache.glob("catalog-*.marshal")
    _rewrite_record(written, _lose_a_card_name, keep_checksum)


@pytest.fixture
def damaged(own: Path, cache: Path) -> Path:
    """``own``, its cache record written and then damaged: a card's name lost, under its own key and checksum."""
    loading.cached_catalog(str(own))
    _damage_the_record(cache, keep_checksum=True)
    return own


@pytest.mark.parametrize("keep_checksum", [False, True], ids=["checksum-broken", "checksum-rewritten"])
def test_a_damaged_record_under_the_right_key_is_rebuilt(own: Path, cache: Path, parses: list[str], keep_checksum: bool):
    first = loading.cached_catalog(str(own))
    _damage_the_record(cache, keep_checksum)
    again = loading.cached_catalog(str(own))  # KeyError: 'name' when the record was taken as it was
    assert again.factions["skellige"].copies == first.factions["skellige"].copies and len(parses) == 2
    assert loading.cached_catalog(str(own)).cards.keys() == first.cards.keys() and len(parses) == 2  # rewritten whole


def test_a_damaged_record_is_never_an_internal_error_on_the_command_line(damaged: Path):
    from helpers.cli_runs import run_cli

    loading.default_catalog.cache_clear()
    try:
        result = run_cli(["cards", "--faction", "skellige", "--kind", "leader"], env={loading.CATALOG_ENV: str(damaged)})
    finally:
        loading.default_catalog.cache_clear()
    assert "Crach an Craite" in result.stdout
