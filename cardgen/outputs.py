"""Writing output files safely: all or nothing.

Every file cardgen writes goes to a temporary file beside its destination and is
renamed into place only once complete, so a failure never leaves half a PDF behind.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from cardgen.errors import OutputError

#: The longest file name, in bytes, that the common file systems take (ext4, APFS, NTFS
#: in UTF-16 units, and the FAT of memory cards all stop at 255).
NAME_MAX = 255


def checked_name(path: Path | str, kind: str) -> Path:
    """``path`` as a Path, if the file system could take its name; else one clear line.

    An empty name would quietly mean the current folder (``Path("")`` is ``.``), and a
    name past the file system's limit or with a NUL byte fails deep inside a library.
    """
    text = os.fspath(path)
    if not text.strip():
        raise OutputError(f"the output {kind} name is empty; give a {kind} name")
    if "\x00" in text:
        raise OutputError(f"{text!r}: a {kind} name cannot contain a NUL byte; choose "
                          "another name")
    for part in Path(text).parts:
        size = len(os.fsencode(part))
        if size > NAME_MAX:
            raise OutputError(f"{text}: the name '{part[:40]}…' is {size} bytes long, more "
                              f"than the {NAME_MAX} bytes a file system takes; choose a "
                              "shorter name")
    return Path(text)


def prepare_folder(folder: Path) -> None:
    """Create an output folder, or say clearly why it cannot be used."""
    folder = checked_name(folder, "folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError(f"{folder}: exists and is not a folder; choose another "
                          "output folder") from None
    except OSError as exc:
        raise OutputError(f"{folder}: cannot create this folder ({exc.strerror}); "
                          "choose another output folder") from None
    if not os.access(folder, os.W_OK):
        raise OutputError(f"{folder}: this folder is not writable; choose another "
                          "output folder or fix its permissions")


def output_file(path: Path) -> Path:
    """Check, before any work, that ``path`` can be written, and return the file to
    replace: the file a symlink points to, so the link stays a link."""
    path = checked_name(path, "file")
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode = target.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        pass  # a new file; prepare_folder says what is wrong with its folder
    except OSError as exc:
        raise OutputError(f"{path}: cannot be written ({exc.strerror}); choose another "
                          "output path") from None
    else:
        if stat.S_ISDIR(mode):
            raise OutputError(f"{path}: is a folder; give a file name to write")
        # Renaming over a FIFO, a device or a socket would destroy it, not write to it.
        if not stat.S_ISREG(mode):
            raise OutputError(f"{path}: is not a regular file (a device, FIFO or socket); "
                              "give a regular file path")
    prepare_folder(target.parent)
    return target


def _temporary_beside(path: Path, folder: Path, other: str) -> tuple[int, Path]:
    """An open temporary file in ``folder``, where ``path`` will be written; if none can
    be made there, one line telling to choose another ``other`` (folder, output path)."""
    try:
        # A short fixed prefix, not the target's name: a valid 250-byte name must not
        # be refused because its temporary twin would be longer than the limit.
        handle, temp_name = tempfile.mkstemp(prefix=".cardgen-", suffix=".part", dir=folder)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write here ({exc.strerror}); choose another "
                          f"{other}") from None
    return handle, Path(temp_name)


@contextlib.contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """Yield a temporary path to write; it replaces ``path`` only if the block succeeds."""
    path = Path(path)
    target = output_file(path)
    handle, temp = _temporary_beside(path, target.parent, "output path")
    os.close(handle)
    try:
        yield temp
        _usual_permissions(temp)
        os.replace(temp, target)
    except OSError as exc:
        raise OutputError(f"{path}: cannot be written ({exc.strerror}); choose another "
                          "output path") from None
    finally:
        temp.unlink(missing_ok=True)


def write_atomic(path: Path, data: bytes) -> None:
    """Write bytes to ``path`` all at once."""
    with atomic_path(path) as temp:
        temp.write_bytes(data)


def refuse_names_taken(folder: Path, names: list[Path], command: str) -> None:
    """Refuse, before anything is written, to copy files named ``names`` (relative paths)
    into ``folder`` when one of them, or a folder on the way, is taken already: by a file,
    or by a symbolic link, even one that leads nowhere (the copy would land at the link's
    target, which may be outside ``folder``). ``command`` names the command for the
    message (`cardgen examples`)."""
    taken = [folder / name for name in names if os.path.lexists(folder / name)]
    taken += [folder / name.parent for name in names
              if name.parent != Path() and (folder / name.parent).is_symlink()]
    if taken:
        more = f" (and {len(taken) - 1} more)" if len(taken) > 1 else ""
        link = " (a symbolic link)" if taken[0].is_symlink() else ""
        raise OutputError(f"{taken[0]}: already exists{link}{more}; `{command}` never "
                          "writes over a file or through a link: give an empty or new "
                          "folder")


class AlreadyThere(OutputError):
    """:func:`write_new_file` found something at its path: a file, a folder or a link."""


def write_new_file(path: Path, data: bytes) -> None:
    """Write ``path``, which must not exist in any form, all at once.

    Never over a file, and never through a symbolic link, even one that leads nowhere: a
    link's target may lie outside the folder the user gave (a dangling party.toml leading
    into a sibling folder). The bytes go to a temporary file beside ``path``, which is
    then hard-linked to its name: link(2) fails on any name already taken and never
    follows a link there, so no check can be raced.
    """
    path = checked_name(path, "file")
    handle, temp = _temporary_beside(path, path.parent, "folder")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        _usual_permissions(temp)
        try:
            os.link(temp, path)
        except FileExistsError:
            raise AlreadyThere(f"{path}: already exists; give a name that is free") from None
        except OSError as exc:
            if exc.errno not in _NO_HARD_LINKS:
                raise
            _write_exclusive(path, data)  # a memory card's FAT has no hard links
    except OSError as exc:
        raise OutputError(f"{path}: cannot be written ({exc.strerror}); choose another "
                          "folder") from None
    finally:
        temp.unlink(missing_ok=True)


#: What link(2) says on a file system that has no hard links (FAT, some network shares).
_NO_HARD_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EXDEV,
                  errno.EMLINK}


def _write_exclusive(path: Path, data: bytes) -> None:
    """Create ``path`` and write it where hard links are not to be had. O_EXCL fails on
    any name already taken, a link even dangling; a file left half-written is removed."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, flags, 0o666)
    except FileExistsError:
        raise AlreadyThere(f"{path}: already exists; give a name that is free") from None
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(data)
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def _usual_permissions(path: Path) -> None:
    """mkstemp makes a file private (0600); give it the permissions the umask allows."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(path, 0o666 & ~umask)
