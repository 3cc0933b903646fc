"""Reading the user's files: every problem becomes a one-line error naming the file."""
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
