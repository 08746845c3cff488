"""The files and names a user hands to `cardgen examples` and `cardgen new` (issue 29):
a symbolic link where a file would go, and names a deck file cannot hold. Each case runs
the command as a person types it and checks the one line it answers and what is left on
disk."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.cli import refused, run_in

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


# --- names a deck file cannot hold -----------------------------------------------------


def _usage_error(args: list[str], cwd: Path) -> str:
    """Run cardgen; it must stop with a usage error (exit 2) and write nothing."""
    before = sorted(cwd.rglob("*"))
    code, output = run_in(args, cwd)
    assert code == 2, output
    assert sorted(cwd.rglob("*")) == before
    return output.splitlines()[-1].removeprefix("Error: Invalid value for 'NAME': ")




@pytest.mark.parametrize(("name", "answer"), [
    ("a\nb", "the name holds a control character ('\\n'), which a deck file cannot hold; "
             "give a name of letters, digits, spaces and dashes"),
    ("a\tb", "the name holds a control character ('\\t'), which a deck file cannot hold; "
             "give a name of letters, digits, spaces and dashes"),
    ("x\x7f", "the name holds a control character ('\\x7f'), which a deck file cannot "
              "hold; give a name of letters, digits, spaces and dashes"),
    ("a\u2028b", "the name holds a line break ('\\u2028'), which a deck file cannot hold; "
                 "give a name of letters, digits, spaces and dashes"),
    ("   ", "the name is empty or only spaces; give the deck a name, like my-deck"),
    ("decks/  ", "the name is empty or only spaces; give the deck a name, like my-deck"),
    (".", "give the name of a new folder for the deck, like `cardgen new my-deck`"),
    ("a#}b", "the name holds '#}', which would end a comment of the rule texts; leave it out"),
    ("a" * 300, "the name is 300 bytes long; a deck's name has at most 249, so that its rule "
                "texts' names (NAME.fr.md) fit the 255 bytes a file system takes; choose a "
                "shorter name"),
    ("é" * 125, "the name is 250 bytes long; a deck's name has at most 249, so that its rule "
                "texts' names (NAME.fr.md) fit the 255 bytes a file system takes; choose a "
                "shorter name"),
])
def test_new_refuses_a_name_its_files_cannot_hold(tmp_path: Path, name: str,
                                                  answer: str) -> None:
    assert _usage_error(["new", name], tmp_path) == answer


def test_new_refuses_a_name_that_is_not_utf8(tmp_path: Path) -> None:
    """Bytes the terminal did not decode reach Python as lone surrogates, which no UTF-8
    file can hold (they used to stop `new` with a traceback)."""
    name = os.fsdecode(b"caf\xe9")
    assert _usage_error(["new", name], tmp_path) == (
        "the name is not UTF-8 text, which a deck file is; type it again in UTF-8, or give "
        "a name of plain letters")


def test_the_longest_name_new_takes_gives_a_deck_that_checks(tmp_path: Path) -> None:
    name = "b" * 249
    code, output = run_in(["new", name], tmp_path)
    assert code == 0, output
    assert [p.name for p in tmp_path.iterdir()] == [name]  # no staging folder left
    code, output = run_in(["check", f"{name}/{name}.toml", "--games", "0"], tmp_path)
    assert code == 0, output


def test_without_hard_links_a_new_file_is_still_written_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A memory card's FAT refuses link(2) (EPERM): the file is then created with O_EXCL,
    which refuses a name already taken just the same."""
    import errno

    def no_links(source: object, target: object) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    write_new_file(tmp_path / "party.toml", b"name = 'x'\n")
    assert (tmp_path / "party.toml").read_bytes() == b"name = 'x'\n"
    (tmp_path / "wizz.toml").symlink_to(tmp_path / "victim.toml")
    with pytest.raises(AlreadyThere):
        write_new_file(tmp_path / "wizz.toml", b"name = 'y'\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["party.toml", "wizz.toml"]
