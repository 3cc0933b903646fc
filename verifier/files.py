"""The user's files: reading them with one-line errors, and writing them atomically
(a temp file in the same directory, then ``os.replace``: never a half-written file)."""
import os
import tempfile
from pathlib import Path

from .errors import VerifierError


def read_text(path, what, error=VerifierError):
    """The UTF-8 text of ``path``; ``what`` names the kind of file in the message
    ("certificate", "pay table", "round"); ``error`` is the exception class raised."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{what} file not found: {path}") from None
    except IsADirectoryError:
        raise error(f"{what} {path} is a directory, not a file") from None
    except UnicodeDecodeError:
        raise error(f"{path}: not a {what} (not UTF-8 text)") from None
    except OSError as exc:
        raise error(f"cannot read {what} {path}: {exc.strerror}") from None


def atomic_write_text(path, text):
    """Write ``text`` to ``path`` via a temp file in the same directory and ``os.replace``.

    On any exception (KeyboardInterrupt included) the temp file is removed and ``path``
    is left as it was."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise VerifierError(f"cannot write {path}: directory {directory} does not exist")
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def check_writable(path):
    """Fail early (before a long run) when ``path`` cannot be written."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise VerifierError(f"cannot write {path}: directory {directory} does not exist")
    if path.is_dir():
        raise VerifierError(f"cannot write {path}: it is a directory")
    if not os.access(directory, os.W_OK):
        raise VerifierError(f"cannot write {path}: directory {directory} is not writable")
