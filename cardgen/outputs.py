"""Writing output files safely: all or nothing.

Every file cardgen writes goes to a temporary file beside its destination and is
renamed into place only once complete, so a failure never leaves half a PDF behind.
"""

from __future__ import annotations

import contextlib
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


@contextlib.contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """Yield a temporary path to write; it replaces ``path`` only if the block succeeds."""
    path = Path(path)
    target = output_file(path)
    try:
        # A short fixed prefix, not the target's name: a valid 250-byte name must not
        # be refused because its temporary twin would be longer than the limit.
        handle, temp_name = tempfile.mkstemp(prefix=".cardgen-", suffix=".part",
                                             dir=target.parent)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write here ({exc.strerror}); choose another "
                          "output path") from None
    os.close(handle)
    temp = Path(temp_name)
    try:
        yield temp
        # mkstemp makes the file private (0600); give it the usual permissions instead.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)
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
