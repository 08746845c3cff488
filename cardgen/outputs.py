"""Writing output files safely: all or nothing.

Every file cardgen writes goes to a temporary file beside its destination and is
renamed into place only once complete, so a failure never leaves half a PDF behind.
"""

from __future__ import annotations

import contextlib
import os
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


@contextlib.contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """Yield a temporary path to write; it replaces ``path`` only if the block succeeds."""
    path = Path(path)
    if path.is_dir():
        raise OutputError(f"{path}: is a folder; give a file name to write")
    prepare_folder(path.parent if str(path.parent) else Path("."))
    try:
        handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part",
                                             dir=path.parent)
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
        os.replace(temp, path)
    except OSError as exc:
        raise OutputError(f"{path}: cannot be written ({exc.strerror}); choose another "
                          "output path") from None
    finally:
        temp.unlink(missing_ok=True)


def write_atomic(path: Path, data: bytes) -> None:
    """Write bytes to ``path`` all at once."""
    with atomic_path(path) as temp:
        temp.write_bytes(data)
