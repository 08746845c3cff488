"""The files and names a user hands to `cardgen examples` and `cardgen new` (issue 29):
a symbolic link where a file would go. Each case runs
the command as a person types it and checks the one line it answers and what is left on
disk."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import refused

from cardgen.outputs import AlreadyThere, _write_exclusive, write_new_file

# --- a link where a file would go ------------------------------------------------------


def test_examples_never_write_through_a_dangling_link(tmp_path: Path) -> None:
    """`exists()` is false for a link that leads nowhere: the copy used to be written at
    the link's target, outside the folder given."""
    (tmp_path / "d").mkdir()
    (tmp_path / "out").mkdir()
    (tmp_path / "d" / "party.toml").symlink_to("../out/victim.toml")
    assert refused(["examples", "d"], tmp_path) == (
        "d/party.toml: already exists (a symbolic link); `cardgen examples` never writes "
        "over a file or through a link: give an empty or new folder")
    assert not (tmp_path / "out" / "victim.toml").exists()
    assert [p.name for p in (tmp_path / "d").iterdir()] == ["party.toml"]


def test_a_new_file_is_never_written_through_a_link_that_appears_late(tmp_path: Path) -> None:
    """The link made after the check (a race): the writer itself refuses it, whether the
    file system has hard links or not."""
    link = tmp_path / "party.toml"
    link.symlink_to(tmp_path / "victim.toml")
    with pytest.raises(AlreadyThere, match="already exists"):
        write_new_file(link, b"name = 'x'\n")
    with pytest.raises(AlreadyThere, match="already exists"):
        _write_exclusive(link, b"name = 'x'\n")
    assert not (tmp_path / "victim.toml").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["party.toml"]  # no temporary file


def test_new_never_fills_a_folder_through_a_link(tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "mine").symlink_to("elsewhere")
    assert refused(["new", "mine"], tmp_path) == (
        "mine: is a symbolic link; `cardgen new` never writes through a link: give a new name")
    assert list((tmp_path / "elsewhere").iterdir()) == []
