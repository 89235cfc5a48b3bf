"""deckcli.safefile: atomic writes that never replace a file without force."""

from __future__ import annotations

import os
import stat

import pytest

from deckcli.errors import OutputError
from deckcli.files.safe_write import write_text


def test_writes_utf8_and_refuses_to_overwrite(tmp_path):
    target = tmp_path / "deck.toml"
    write_text(target, 'leader = "Síle"\r\n')
    assert target.read_bytes() == 'leader = "Síle"\r\n'.encode("utf-8")
    with pytest.raises(OutputError, match="already exists"):
        write_text(target, "other")
    assert target.read_bytes() == 'leader = "Síle"\r\n'.encode("utf-8")


def test_force_replaces_and_keeps_the_file_mode(tmp_path):
    target = tmp_path / "deck.toml"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    write_text(target, "new", force=True)
    assert target.read_text("utf-8") == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_symbolic_link_stays_a_link(tmp_path):
    real = tmp_path / "real.toml"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    write_text(link, "new", force=True)
    assert link.is_symlink() and real.read_text("utf-8") == "new"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "deck.toml"
    target.write_text("precious", encoding="utf-8")

    def broken_replace(source, destination):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OutputError, match="No space left on device"):
        write_text(target, "new", force=True)
    assert target.read_text("utf-8") == "precious"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.toml"]


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(OutputError, match="names a folder"):
        write_text(tmp_path, "x", force=True)


def test_a_device_or_pipe_is_never_replaced_even_with_force(tmp_path):
    # A named pipe stands in for /dev/null: replacing it with a regular file would break the system.
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for force in (False, True):
        with pytest.raises(OutputError, match="is not a regular file"):
            write_text(pipe, "x", force=force)
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    assert os.listdir(tmp_path) == ["pipe"]


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_file_name_is_refused(tmp_path, monkeypatch, blank):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(OutputError, match="is an empty file name"):
        write_text(blank, "x")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("suffix", ["/", "/."])
def test_a_name_ending_like_a_folder_never_writes_or_replaces_a_file(tmp_path, suffix):
    existing = tmp_path / "deck.toml"
    existing.write_text("mine", encoding="utf-8")
    for name in (f"{tmp_path / 'new.toml'}{suffix}", f"{existing}{suffix}"):
        with pytest.raises(OutputError, match="names a folder"):
            write_text(name, "x", force=True)
    assert existing.read_text("utf-8") == "mine" and sorted(os.listdir(tmp_path)) == ["deck.toml"]
