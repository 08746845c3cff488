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


def prepare_folder(folder: Path) -> None:
    """Create an output folder, or say clearly why it cannot be used."""
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
    path = Path(path)
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
        handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part",
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
