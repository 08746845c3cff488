"""What `-o` does with a path that is already something: a FIFO, a symlink, a folder
that cannot be written, as a user runs the commands."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.balance import study
from cardgen.cli import main

COMMANDS = {
    "sheets": ["sheets", "classic"],
    "rulebook": ["rulebook", "classic", "--lang", "en"],
    "balance": ["balance", "classic", "--players", "2", "--games", "10", "--workers", "1"],
}


def refused(args: list[str]) -> str:
    """The one line a refused command prints."""
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    return lines[0].removeprefix("Error: ")


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused balance plays no game."""
    def played(*args: object, **kwargs: object) -> None:
        pytest.fail("games were played before the output path was refused")

    monkeypatch.setattr(study, "run_study", played)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_fifo_as_output_is_refused_and_kept(command: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              no_games: None) -> None:
    monkeypatch.chdir(tmp_path)
    os.mkfifo("p.pdf")
    assert refused([*COMMANDS[command], "-o", "p.pdf"]) == (
        "p.pdf: is not a regular file (a device, FIFO or socket); give a regular file path")
    assert stat.S_ISFIFO(os.lstat("p.pdf").st_mode)
    assert os.listdir() == ["p.pdf"]


def test_a_symlink_as_output_writes_the_file_it_points_to(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.chdir(tmp_path)
    Path("real.pdf").write_bytes(b"old")
    Path("link.pdf").symlink_to("real.pdf")
    result = CliRunner().invoke(main, [*COMMANDS["rulebook"], "-o", "link.pdf"])
    assert result.exit_code == 0, result.output
    assert result.output == "wrote link.pdf\n"
    assert Path("link.pdf").is_symlink() and os.readlink("link.pdf") == "real.pdf"
    assert Path("real.pdf").read_bytes().startswith(b"%PDF-")
    assert sorted(os.listdir()) == ["link.pdf", "real.pdf"]


def test_balance_refuses_a_read_only_folder_before_the_first_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_games: None) -> None:
    monkeypatch.chdir(tmp_path)
    read_only = tmp_path / "ro"
    read_only.mkdir()
    read_only.chmod(0o555)
    if os.geteuid() == 0:  # root writes anywhere: refuse this folder the way the system would
        real_access = os.access

        def access(path: os.PathLike[str] | str, mode: int, **kwargs: object) -> bool:
            if Path(path).resolve() == read_only and mode & os.W_OK:
                return False
            return real_access(path, mode)

        monkeypatch.setattr(os, "access", access)
    assert refused([*COMMANDS["balance"], "-o", "ro/b.pdf"]) == (
        "ro: this folder is not writable; choose another output folder or fix its "
        "permissions")
    assert list(read_only.iterdir()) == []
