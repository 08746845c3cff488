"""Output files are all or nothing."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from cardgen.errors import OutputError
from cardgen.outputs import atomic_path, output_file, write_atomic


def test_a_failure_while_writing_leaves_no_file_and_keeps_the_old_one(tmp_path: Path) -> None:
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), atomic_path(target) as temp:
        temp.write_bytes(b"half a PDF")
        raise RuntimeError("drawing failed")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]


def test_write_atomic_creates_the_folder_and_the_file(tmp_path: Path) -> None:
    target = tmp_path / "new" / "cards.json"
    write_atomic(target, b"[]")
    assert target.read_bytes() == b"[]"
    assert [p.name for p in target.parent.iterdir()] == ["cards.json"]
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask  # not mkstemp's private 0600


def test_a_folder_given_as_the_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="is a folder; give a file name"), \
            atomic_path(tmp_path):
        pass


def test_a_symlink_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "elsewhere" / "real.pdf"
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    with atomic_path(link) as temp:
        assert temp.parent == real.parent  # renamed within the target's own folder
        temp.write_bytes(b"new")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes() == b"new"
    assert [p.name for p in real.parent.iterdir()] == ["real.pdf"]


def test_a_fifo_is_refused_and_left_alone(tmp_path: Path) -> None:
    fifo = tmp_path / "p.pdf"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match=f"^{fifo}: is not a regular file .*; give a "
                       "regular file path$"), atomic_path(fifo):
        pytest.fail("nothing may be written for a FIFO")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["p.pdf"]


def test_a_symlink_to_a_fifo_is_refused_too(tmp_path: Path) -> None:
    fifo = tmp_path / "p.pdf"
    os.mkfifo(fifo)
    link = tmp_path / "link.pdf"
    link.symlink_to(fifo)
    with pytest.raises(OutputError, match=f"^{link}: is not a regular file"):
        output_file(link)
    assert link.is_symlink() and stat.S_ISFIFO(fifo.stat().st_mode)
