"""The user's files: reading them with one-line errors and limits, parsing JSON and TOML
safely, and writing them atomically (a temp file in the same directory, then
``os.replace``: never a half-written file).

Limits (docs/RELIABILITY.md): only regular files are read (a FIFO or a device is refused
before it is opened, a file over its size before it is read); a certificate may be up to
64 MiB, a spreadsheet (``audit``) 16 MiB, any other file 1 MiB; JSON and TOML nest at most
``MAX_DEPTH`` deep; their integers have at most ``MAX_DIGITS`` digits, their other numbers
an exponent of at most ``MAX_EXPONENT`` (and read exactly, at most ``MAX_DIGITS`` digits; no
NaN or infinity): bounded as the text is parsed, before any exact arithmetic; no JSON object
repeats a key. A CSV field longer than the csv module's limit is one line too.

Every function that reads a file a user names calls ``read_text`` or ``read_bytes``:
tests/test_hostile_readers.py finds each such caller and runs one hostile set over it."""
from __future__ import annotations

import io
import itertools
import json
import math
import os
import re
import stat
import time
from pathlib import Path
from decimal import Decimal, InvalidOperation
from typing import Any, Callable, Iterable, Iterator

from verifier.support.toml import tomllib
from verifier.support.errors import VerifierError

#: largest file read, by kind (bytes)
MAX_BYTES = {"certificate": 64 << 20, "spreadsheet": 16 << 20}
MAX_BYTES_DEFAULT = 1 << 20
MAX_DEPTH = 64
MAX_DIGITS = 100
#: the largest exponent (either sign) of a number that is not an integer: a float's range
MAX_EXPONENT = 308


#: (device, inode) of every file read by ``read_text`` since ``forget_inputs``: no
#: command writes over a file it read, whichever option named it (a rule set, the house
#: way or a bet file a rule set names, a certificate, a key)
_READ: set = set()


def forget_inputs() -> None:
    """A new command starts (the command line calls this): no file has been read yet."""
    _READ.clear()


def remember_input(info: os.stat_result) -> None:
    """A file the command has read (its ``os.stat``), from a copy read earlier: it is
    an input all the same, never written over."""
    _READ.add((info.st_dev, info.st_ino))


def rewrite_allowed(path: str | os.PathLike) -> None:
    """The command's purpose is to change this input in place (``sign`` with no --out):
    it may be written over, as the user asked."""
    try:
        info = os.stat(path)
    except OSError:
        return
    _READ.discard((info.st_dev, info.st_ino))


def read_text(path: str | os.PathLike, what: str, error: type[Exception] = VerifierError,
              work_file: bool = False) -> str:
    """The UTF-8 text of ``path``; ``what`` names the kind of file in the message
    ("certificate", "pay table", "round"); ``error`` is the exception class raised.
    The file is remembered as an input: ``check_writable`` refuses to write over it,
    unless it is one of the tool's own work files (``work_file``: a strategy chunk)."""
    return decode_text(read_bytes(path, what, error, work_file), path, what, error=error)


def decode_text(data: bytes, path: str | os.PathLike, what: str, limit: int | None = None,
                error: type[Exception] = VerifierError) -> str:
    """A file's bytes (read from disk, or uploaded) as UTF-8 text, of at most ``limit``
    bytes when given (``data`` may hold ``limit + 1``), else one line naming ``path``."""
    if limit is not None:
        _check_size(len(data), path, what, limit, error)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{path}: not a {what} (not UTF-8 text)") from None


def _check_size(size, path, what, limit, error):
    if size > limit:
        size = f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit >> 10} KiB"
        raise error(f"{path}: too large for a {what} (over {size})")


def read_bytes(path: str | os.PathLike, what: str, error: type[Exception] = VerifierError,
               work_file: bool = False) -> bytes:
    """The bytes of ``path`` (a spreadsheet), with the checks, limits and input registry
    of ``read_text``."""
    limit = MAX_BYTES.get(what, MAX_BYTES_DEFAULT)
    try:
        info = os.stat(path)
        mode = info.st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError
        if not stat.S_ISREG(mode):
            raise error(f"{what} {path} is not a regular file (a pipe, socket or device "
                        "is not read)")
        _check_size(info.st_size, path, what, limit, error)     # unread (one growing: below)
        with open(path, "rb") as f:
            data = f.read(limit + 1)
        if not work_file:
            _READ.add((info.st_dev, info.st_ino))
    except FileNotFoundError:
        raise error(f"{what} file not found: {path}") from None
    except IsADirectoryError:
        raise error(f"{what} {path} is a directory, not a file") from None
    except OSError as exc:
        raise error(f"cannot read {what} {path}: {exc.strerror}") from None
    _check_size(len(data), path, what, limit, error)
    return data


#: a string of JSON or TOML (basic or literal): brackets and digits inside one are text.
#: The closing quote is optional, so a match never backtracks: one pass over the text
#: (a quote and N escaped quotes with no closing one took time in N squared, as the
#: workbench's guard did); an unclosed string is the parser's error to name
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"?|\'[^\'\n]*\'?')
#: what a bracket does to the depth, as a signed byte: +1 opens, -1 (255) closes; every
#: other byte is dropped
_DEPTH_STEP = bytes.maketrans(b"[{]}", bytes([1, 1, 255, 255]))
_NOT_BRACKET = bytes(c for c in range(256) if c not in b"[]{}")
#: every digit becomes "1", every other byte "0": a run of digits is a run of ones
_DIGIT_ONES = bytes(49 if 48 <= c < 58 else 48 for c in range(256))
#: the shortest run of digits that is too long
_TOO_LONG = b"1" * (MAX_DIGITS + 1)
#: an integer literal of more than MAX_DIGITS digits (not the digits of a float's
#: fraction or exponent)
_LONG_INT = re.compile(r"(?<![\d.eE+-])-?(\d{%d,})(?![\d.eE])" % (MAX_DIGITS + 1))


def _bare(text):
    """The text without its strings, as bytes (only brackets and digits matter)."""
    return _STRING.sub("", text).encode("utf-8", "replace")


def _depth_ok(text):
    """Whether brackets (outside strings) nest at most MAX_DEPTH deep: checked before
    parsing, so that a nesting bomb never reaches a recursive parser."""
    return _depth_of(_bare(text)) <= MAX_DEPTH


def _depth_of(bare):
    """The deepest nesting of brackets in ``bare``: a running sum of +1 and -1 over its
    brackets, at C speed (a certificate has some 300,000)."""
    steps = bare.translate(_DEPTH_STEP, _NOT_BRACKET)
    return max(itertools.accumulate(memoryview(steps).cast("b")), default=0)


def _long_integer(bare):
    """The digits of an integer literal longer than MAX_DIGITS in ``bare``, or None: a
    run of digits past the limit looked for first (one translation and a substring
    search, at C speed: 4 ms for a 5 MB certificate, where splitting out its million runs
    of digits took 80), the exact pattern only when there is one."""
    if _TOO_LONG not in bare.translate(_DIGIT_ONES):
        return None
    found = _LONG_INT.search(bare.decode("utf-8"))
    return found.group(1) if found else None


def _dotted_keys_ok(text):
    """Whether every TOML key (``a.b.c = ...``, a ``[a.b.c]`` header, a key inside an
    inline table) has fewer than MAX_DEPTH dotted parts: each part is a level of nesting,
    and the parser's time grows with the square of the parts (a 100 KB key of 50,000
    parts takes minutes). Strings are left out; possessive quantifiers keep the check
    linear."""
    bare = _STRING.sub("q", text)
    return re.search(r"(?:[A-Za-z0-9_-]++[ \t]*+\.[ \t]*+){%d}" % MAX_DEPTH, bare) is None


def _no_duplicates(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} is given twice in one object")
        out[key] = value
    return out


def _json_constant(name):
    raise ValueError(f"{name} is not a number this tool reads")


def parse_json(text: str, path: str | os.PathLike, what: str,
               error: type[Exception] = VerifierError) -> Any:
    """One JSON object of a user's file, within the limits above; one-line errors."""
    bare = _bare(text)
    if _depth_of(bare) > MAX_DEPTH:
        raise error(f"{path}: not a {what}: JSON nested more than {MAX_DEPTH} deep")
    long = _long_integer(bare)
    if long:
        raise error(f"{path}: not a {what}: a number of {len(long)} digits "
                    f"(at most {MAX_DIGITS})")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates,
                          parse_constant=_json_constant, parse_float=bounded_float(float))
    except json.JSONDecodeError:
        raise
    except (ValueError, RecursionError) as exc:
        raise error(f"{path}: not a {what}: {exc}") from None


def parse_toml(text: str, path: str | os.PathLike, what: str,
               error: type[Exception] = VerifierError, parse_float: Callable = float) -> dict:
    """A user's TOML file within the limits above; one-line errors (a TOML syntax
    error is left to the caller, which names its line)."""
    if not _depth_ok(text):
        raise error(f"{path}: not a {what}: TOML nested more than {MAX_DEPTH} deep")
    if not _dotted_keys_ok(text):
        raise error(f"{path}: not a {what}: a dotted key of more than {MAX_DEPTH} parts")
    try:
        data = tomllib.loads(text, parse_float=bounded_float(parse_float))
    except tomllib.TOMLDecodeError:
        raise
    except (ValueError, RecursionError) as exc:
        raise error(f"{path}: not a {what}: {exc}") from None
    if not _integers_bounded(data):
        raise error(f"{path}: not a {what}: an integer of more than {MAX_DIGITS} digits")
    return data


def read_toml(path: str | os.PathLike, what: str, error: type[Exception] = VerifierError,
              parse_float: Callable = float) -> dict:
    """``read_text`` and ``parse_toml``, a TOML syntax error one line too."""
    text = read_text(path, what, error)
    try:
        return parse_toml(text, path, what, error, parse_float)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path}: not TOML ({exc})") from None


def bounded_float(parse: Callable) -> Callable[[str], Any]:
    """``parse`` (``float``, ``Decimal``) behind a check of the number as written: finite,
    an exponent of at most MAX_EXPONENT either way (``1e400`` is past a float's range;
    ``1e999999999`` would be a billion digits once exact) and, read exactly (not a
    float), at most MAX_DIGITS digits."""
    def parsed(literal: str) -> Any:
        shown = literal if len(literal) <= 40 else literal[:40] + "..."
        try:
            number = Decimal(literal)
        except InvalidOperation:
            raise ValueError(f"{shown!r} is not a number this tool reads") from None
        if not number.is_finite():
            raise ValueError(f"{shown} is not a number this tool reads (not finite)")
        if parse is not float and len(number.as_tuple().digits) > MAX_DIGITS or \
                number and abs(number.adjusted()) > MAX_EXPONENT:
            raise ValueError(f"the number {shown} is out of range (at most {MAX_DIGITS} "
                             f"digits, an exponent of at most {MAX_EXPONENT})")
        out = parse(literal)
        if isinstance(out, float) and not math.isfinite(out):
            raise ValueError(f"the number {shown} is out of range (past a float's)")
        return out
    return parsed


_INTEGER_LIMIT = 10 ** MAX_DIGITS


def _integers_bounded(data: Any) -> bool:
    """Whether every integer in parsed ``data`` has at most MAX_DIGITS digits."""
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, int) and not -_INTEGER_LIMIT < node < _INTEGER_LIMIT:
            return False
    return True


def csv_rows(text: str, path: str | os.PathLike, what: str,
             error: type[Exception] = VerifierError) -> Iterator[list[str]]:
    """The rows of a CSV file's text, one at a time (the caller bounds how many it takes);
    a field over the csv module's limit, or any other CSV error, one line."""
    import csv
    try:
        yield from csv.reader(io.StringIO(text))
    except csv.Error as exc:
        reason = f"a field of more than {csv.field_size_limit():,} characters" \
            if "field larger" in str(exc) else f"CSV: {exc}"
        raise error(f"{path}: not a {what} ({reason})") from None


def atomic_write_bytes(path: str | os.PathLike, data: bytes, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` via a temp file in the same directory and ``os.replace``.

    On any exception (KeyboardInterrupt and SIGTERM included) the temp file is removed and
    ``path`` is left as it was. ``mode``: the new file's permissions (default: as the
    umask allows; 0o600 for a private key)."""
    path = Path(path)
    check_writable(path)
    directory = path.parent if str(path.parent) else Path(".")
    _remove_stale_temps(directory, path.name)
    import tempfile
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        from verifier.support.interrupts import check
        check()                 # a Ctrl-C whose exception was lost: nothing is put in place
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """``atomic_write_bytes`` of UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"))


#: a temp file of ours older than this was left by a killed process (SIGKILL, power loss)
STALE_TEMP_SECONDS = 600


def _remove_stale_temps(directory, name):
    """Removes the temp files ``.<name>.*.tmp`` a killed write of the same target left."""
    import glob
    for tmp in directory.glob(f".{glob.escape(name)}.*.tmp"):
        try:
            if time.time() - tmp.stat().st_mtime > STALE_TEMP_SECONDS:
                tmp.unlink()
        except OSError:
            pass


def check_writable(path: str | os.PathLike, inputs: Iterable = (), folder: bool = False
                   ) -> None:
    """Fail early (before a long run) when ``path`` cannot be written, or must not be:
    its directory is missing or cannot be written in (tried: a read-only folder or file
    system), it is a link to nothing, one of the command's ``inputs`` (never overwrite
    what the user gave us to read), or an existing special file (a device or FIFO is never
    replaced by a regular file). ``folder``: ``path`` is a folder the command fills (or
    makes), so a directory there is what it wants."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    if path.is_symlink() and not path.exists():
        raise VerifierError(f"cannot write {path}: a symbolic link to nothing "
                            f"({os.readlink(path)})")
    if not directory.is_dir():
        raise VerifierError(f"cannot write {path}: directory {directory} does not exist")
    if folder and path.exists():
        if not path.is_dir():
            raise VerifierError(f"cannot write {path}: not a folder")
        _try_writing_in(path)
        return
    if path.is_dir() and not folder:
        raise VerifierError(f"cannot write {path}: it is a directory")
    if path.exists():
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise VerifierError(f"cannot write {path}: not a regular file (a device or pipe "
                                "is never replaced)")
        if (info.st_dev, info.st_ino) in _READ:
            raise VerifierError(f"cannot write {path}: it is an input of this command "
                                "(choose another --out)")
        for given in inputs:
            if given and Path(given).exists() and os.path.samefile(path, given):
                raise VerifierError(f"cannot write {path}: it is an input of this command "
                                    "(choose another --out)")
    _try_writing_in(directory, path)


def _try_writing_in(directory: Path, path: Path | None = None) -> None:
    """A file made and removed in ``directory`` (named as ``atomic_write_bytes``'s temp
    files): the one sure test that the command's output can be put there."""
    import tempfile
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{(path or directory).name}.",
                                   suffix=".tmp")
        try:
            os.close(fd)
        finally:                        # Ctrl-C included: nothing is left behind
            os.unlink(tmp)
    except OSError as exc:
        raise VerifierError(f"cannot write {path or directory}: directory {directory} is not "
                            f"writable ({exc.strerror})") from None
