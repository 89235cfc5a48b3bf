"""Rewriting a file in place respects it: permissions, owner, symbolic links, hard links (issue 12, finding 9).

``deckcli fmt`` (and every in-place edit) goes through
:func:`deckcli.files.safe_write.rewrite_text`.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import DECKS
from deckcli.errors import OutputError
from deckcli.files.safe_write import rewrite_text

STARTER = DECKS / "northern-realms-starter.toml"
AS_ROOT = pytest.mark.skipif(os.geteuid() != 0, reason="changing a file's owner needs root")


def unformatted(folder: Path, name: str = "deck.toml") -> Path:
    """A legal deck that ``fmt`` would change (one name in lower case)."""
    path = folder / name
    path.write_text(STARTER.read_text(encoding="utf-8").replace('"Ves" = 1', '"ves" = 1'), encoding="utf-8")
    return path


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_fmt_refuses_a_read_only_file_even_as_root(tmp_path):
    # Finding 9: `chmod 444` then fmt said "reformatted" (run as root, permissions do not stop a rename).
    deck = unformatted(tmp_path)
    before = deck.read_bytes()
    deck.chmod(0o444)
    result = run_cli(["fmt", deck], exit_code=2)
    assert result.stderr.strip() == f"{deck}: is read-only: nothing written (make it writable first, e.g. chmod u+w)"
    assert deck.read_bytes() == before and stat.S_IMODE(deck.stat().st_mode) == 0o444
    assert not leftovers(tmp_path)


def test_fmt_check_still_reads_a_read_only_file(tmp_path):
    deck = unformatted(tmp_path)
    deck.chmod(0o444)
    assert "would be reformatted" in run_cli(["fmt", "--check", deck], exit_code=1).stdout


def test_a_read_only_file_already_canonical_is_not_an_error(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_bytes(STARTER.read_bytes())
    run_cli(["fmt", deck])  # canonical now
    deck.chmod(0o444)
    run_cli(["fmt", deck], exit_code=0)


def test_the_mode_is_kept(tmp_path):
    deck = unformatted(tmp_path)
    deck.chmod(0o640)
    run_cli(["fmt", deck])
    assert stat.S_IMODE(deck.stat().st_mode) == 0o640
    assert '"Ves" = 1' in deck.read_text(encoding="utf-8")


@AS_ROOT
def test_the_owner_is_kept_when_root_rewrites_another_users_file(tmp_path):
    # Finding 9: as root on a 0640 file of another user, the rewrite handed the file to root.
    deck = unformatted(tmp_path)
    os.chown(deck, 1000, 1000)
    deck.chmod(0o640)
    run_cli(["fmt", deck])
    found = deck.stat()
    assert (found.st_uid, found.st_gid, stat.S_IMODE(found.st_mode)) == (1000, 1000, 0o640)
    assert '"Ves" = 1' in deck.read_text(encoding="utf-8")


def test_a_symbolic_link_stays_a_link_to_the_same_file(tmp_path):
    (tmp_path / "real").mkdir()
    real = unformatted(tmp_path / "real")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    run_cli(["fmt", link])
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert '"Ves" = 1' in real.read_text(encoding="utf-8")
    assert not leftovers(tmp_path) and not leftovers(real.parent)


def test_a_chain_of_links_leads_to_the_file_rewritten(tmp_path):
    real = unformatted(tmp_path)
    first, second = tmp_path / "first.toml", tmp_path / "second.toml"
    first.symlink_to(real)
    second.symlink_to(first)
    run_cli(["fmt", second])
    assert second.is_symlink() and first.is_symlink()
    assert '"Ves" = 1' in real.read_text(encoding="utf-8")


def test_a_hard_linked_file_is_refused_without_force(tmp_path):
    # Finding 9: a rewrite broke the hard link silently (the other name kept the old text).
    deck = unformatted(tmp_path, "a.toml")
    other = tmp_path / "b.toml"
    os.link(deck, other)
    before = deck.read_bytes()
    result = run_cli(["fmt", deck], exit_code=2)
    assert f"{deck}: has another name (hard links)" in result.stderr
    assert "the other name would keep the old text" in result.stderr and "--force" in result.stderr
    assert deck.read_bytes() == before and deck.stat().st_nlink == 2


def test_force_rewrites_this_name_and_the_other_keeps_the_old_text(tmp_path):
    deck = unformatted(tmp_path, "a.toml")
    other = tmp_path / "b.toml"
    os.link(deck, other)
    before = other.read_bytes()
    run_cli(["fmt", "--force", deck])
    assert '"Ves" = 1' in deck.read_text(encoding="utf-8")
    assert other.read_bytes() == before


def test_rewrite_text_needs_an_existing_regular_file(tmp_path):
    with pytest.raises(OutputError, match="no such file: nothing to rewrite"):
        rewrite_text(tmp_path / "missing.toml", "x")
    with pytest.raises(OutputError, match="is not a regular file"):
        rewrite_text(tmp_path, "x")
    dangling = tmp_path / "dangling.toml"
    dangling.symlink_to(tmp_path / "gone.toml")
    with pytest.raises(OutputError, match="is a link to a missing file"):
        rewrite_text(dangling, "x")


def test_rewrite_text_is_atomic_and_leaves_nothing_behind(tmp_path):
    path = tmp_path / "file.toml"
    path.write_text("old\n", encoding="utf-8")
    inode = path.stat().st_ino
    rewrite_text(path, "new\n")
    assert path.read_text(encoding="utf-8") == "new\n"
    assert path.stat().st_ino != inode  # a new file renamed over the old one, never written in place
    assert not leftovers(tmp_path)


@AS_ROOT
def test_a_setgid_or_setuid_bit_survives_the_owner_change(tmp_path):
    path = tmp_path / "file.toml"
    path.write_text("old\n", encoding="utf-8")
    os.chown(path, 1000, 1000)
    path.chmod(0o2664)
    rewrite_text(path, "new\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o2664 and path.stat().st_gid == 1000


def test_an_unwritable_folder_is_one_line(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes any folder")
    folder = tmp_path / "locked"
    folder.mkdir()
    path = folder / "file.toml"
    path.write_text("old\n", encoding="utf-8")
    folder.chmod(0o555)
    try:
        with pytest.raises(OutputError, match="its folder is not writable"):
            rewrite_text(path, "new\n")
    finally:
        folder.chmod(0o755)


@AS_ROOT
def test_output_force_keeps_the_replaced_file_s_owner_and_mode(tmp_path):
    output = tmp_path / "deck.toml"
    output.write_text("old\n", "utf-8")
    os.chown(output, 1000, 1000)
    output.chmod(0o640)
    run_cli(["new", "--faction", "monsters", "-o", output, "--force"])
    found = output.stat()
    assert (found.st_uid, found.st_gid, stat.S_IMODE(found.st_mode)) == (1000, 1000, 0o640)
    assert 'faction = "Monsters"' in output.read_text("utf-8")


@pytest.mark.parametrize(
    "args",
    [["add", "{deck}", "Decoy"], ["remove", "{deck}", "Decoy"], ["fix", "{deck}", "--rules", "advanced", "--apply"]],
)
def test_force_rewrites_a_hard_linked_deck_for_add_remove_and_fix(tmp_path, args):
    deck = tmp_path / "deck.toml"
    deck.write_text((DECKS / "northern-realms-starter.toml").read_text("utf-8"), "utf-8")
    other = tmp_path / "other.toml"
    os.link(deck, other)
    before = deck.read_bytes()
    command = [a.format(deck=deck) for a in args]
    said = run_cli(command, exit_code=2).stderr
    assert "(hard links)" in said and "use --force" in said and deck.read_bytes() == before
    run_cli([*command, "--force"])
    assert deck.read_bytes() != before and other.read_bytes() == before
