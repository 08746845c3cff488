"""Output files are all or nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen.errors import OutputError
from cardgen.outputs import atomic_path, write_atomic


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
