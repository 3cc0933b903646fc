"""One hostile set over every reader of a file a user names (issue 52: H3, H6), the bounds
of a progressive's amounts (H1, H2) and an audit's empty Meter row (H11);
docs/RELIABILITY.md, "Files the user gives".

The table of readers is held to the code: every function that calls one of the one
reader's doors (``read_text``, ``read_bytes``, ``read_toml`` of verifier/support/files.py)
has its row, found by reading the source, and no module reads a file another way
(``open``, ``Path.read_text``, ``tomllib.load``, ``csv.reader``...) but the few listed with
their reason. A new reader cannot skip the hostile set."""
import ast
import functools
import importlib
import os
import re
import signal
from contextlib import contextmanager
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import one_line_error
from test_progressive_report import cert  # noqa: F401 (a fixture: a small certificate)
from verifier.support.errors import VerifierError

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "verifier"
FILES = "verifier.support.files"
DOORS = {"read_text", "read_bytes", "read_toml"}

#: every caller of a door: (the format of the file it reads, the function the test reads
#: a path with: the caller itself, or the public function that calls it)
READERS = {
    "verifier.audit.claims:read_csv": ("csv", "verifier.audit.claims:read_csv"),
    "verifier.audit.claimtoml:read_toml": ("toml", "verifier.audit.claimtoml:read_toml"),
    "verifier.audit.sheets:read_workbook": ("xlsx", "verifier.audit.sheets:read_workbook"),
    "verifier.certificate.format:read_certificate_text": ("json",
                                                          "verifier.certificate.format:load"),
    "verifier.certificate.signing:_load_key": ("pem",
                                               "verifier.certificate.signing:load_private_key"),
    "verifier.filing.meta:read": ("toml", "verifier.filing.meta:read"),
    "verifier.game.paytables:load": ("toml", "verifier.game.paytables:load"),
    "verifier.game.progressive:load": ("toml", "verifier.game.progressive:load"),
    "verifier.houseway.fileformat:_read": ("toml", "verifier.houseway.fileformat:load"),
    "verifier.odds.ratings:load_target": ("toml", "verifier.odds.ratings:load_target"),
    "verifier.report.progressive:load_meter_path": ("csv",
                                                    "verifier.report.progressive:load_meter_path"),
    "verifier.rules.rulesets:_read_toml": ("toml", "verifier.rules.rulesets:load"),
    "verifier.table.roundfile:load_round": ("json", "verifier.table.roundfile:load_round"),
}
#: callers of a door left out of the hostile set, and why
NOT_A_USERS_FILE = {
    "verifier.strategy.chunks:_chunk_text": "the strategy job's own chunk in its work "
    "directory: a bad one is computed again, not refused (tests/test_hostile_chunks.py)",
}
#: functions that read a file without the one reader, and why they may
OTHER_READS = {
    "verifier.rules.readings:reading_catalogue": "the shipped readings file, never a user's",
    "verifier.certificate.shipped:pinned_digests": "the shipped certificates' SHA256SUMS, "
    "never a user's",
    "verifier.cli.houseways:run_house_ways": "prints a shipped house way's file",
    "verifier.cli.app:_main": "opens /dev/null to quiet a closed pipe, reads nothing",
    "verifier.game.hooks:_may_declare": "the installed distributions' entry_points.txt, as "
    "importlib.metadata reads them, never a user's",
    "verifier.web.workbench:house_way_index": "hashes a house-way file the one reader has "
    "read (the workbench's index)",
}
#: calls that read a file (``*``: any receiver)
RAW_READS = {"open", "os.open", "io.open", "tomllib.load", "tomllib.loads", "json.load",
             "csv.reader", "*.read_text", "*.read_bytes"}
MAY_READ = re.compile(r"read_text|read_bytes|read_toml|\bopen\b|tomllib|csv|json\.load\b")


@functools.lru_cache(maxsize=1)
def _calls():
    """(module:function, door or raw read, name) of every such call in verifier/."""
    return list(_each_call())


def _each_call():
    for path in sorted(SOURCE.rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if module == FILES:
            continue
        text = path.read_text()
        if not MAY_READ.search(text):
            continue                # no name of a door or a read: not parsed (time)
        tree = ast.parse(text)
        doors, aliases = set(), set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == FILES:
                doors |= {a.asname or a.name for a in node.names if a.name in DOORS}
            if isinstance(node, ast.ImportFrom) and node.module == "verifier.support":
                aliases |= {a.asname or a.name for a in node.names if a.name == "files"}
        yield from _scoped(tree, module, [], doors, aliases)


def _scoped(node, module, scope, doors, aliases):
    for child in ast.iter_child_nodes(node):
        inner = scope + [child.name] if isinstance(
            child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else scope
        if isinstance(child, ast.Call):
            where = f"{module}:{'.'.join(scope)}"
            f = child.func
            if isinstance(f, ast.Name) and f.id in doors:
                yield where, "door", f.id
            elif isinstance(f, ast.Name) and f.id in RAW_READS:
                yield where, "raw", f.id
            elif isinstance(f, ast.Attribute):
                receiver = f.value.id if isinstance(f.value, ast.Name) else "*"
                if receiver in aliases and f.attr in DOORS:
                    yield where, "door", f.attr
                elif f"{receiver}.{f.attr}" in RAW_READS or f"*.{f.attr}" in RAW_READS:
                    yield where, "raw", f"{receiver}.{f.attr}"
        yield from _scoped(child, module, inner, doors, aliases)


def test_every_caller_of_the_one_reader_has_a_row_in_the_hostile_table():
    callers = {where for where, kind, _ in _calls() if kind == "door"}
    assert callers == set(READERS) | set(NOT_A_USERS_FILE)


def test_no_module_reads_a_file_past_the_one_reader():
    raw = {(where, name) for where, kind, name in _calls() if kind == "raw"}
    assert {where for where, _ in raw} == set(OTHER_READS), sorted(raw)


# ------------------------------------------------------------------ the hostile set
def _number(number):
    """A file of each format holding ``number`` where a value stands."""
    return {"toml": f"a = {number}\n", "json": f'{{"a": {number}}}',
            "csv": f"round,a\n1,{number}\n"}


HOSTILE = {
    "a FIFO": "fifo",
    "/dev/zero": "/dev/zero",
    "a directory": "directory",
    "a missing file": "missing",
    "a sparse file of 1 GiB": "sparse",
    "bytes that are not UTF-8": b"\xff\xfe\x00a = 1\n",
    "brackets nested 100,000 deep": {
        "toml": "a = " + "[" * 100_000 + "]" * 100_000, "json": "[" * 100_000 + "]" * 100_000,
        "csv": "round,a\n1," + "[" * 100_000},
    "a 5,000-digit integer": _number("9" * 5_000),
    "a 101-digit integer": _number("9" * 101),
    "a float of 5,000 digits": _number("1." + "1" * 5_000),
    "1e400": _number("1e400"),
    "1e999999999": _number("1e999999999"),
    "1e-999999999": _number("1e-999999999"),
    "infinity": {"toml": "a = inf\n", "json": '{"a": Infinity}', "csv": "round,a\n1,inf\n"},
    "a dotted key of 50,000 parts": "a" + ".a" * 49_999 + " = 1\n",
    "a field of 131,073 characters": {
        "toml": f'a = "{"x" * 131_073}"\n', "json": f'{{"a": "{"x" * 131_073}"}}',
        "csv": f'round,a\n1,"{"x" * 131_073}"\n'},
}
NUMBERS = {"a 5,000-digit integer", "a 101-digit integer", "1e400", "1e999999999",
           "1e-999999999", "infinity"}


def _hostile_file(folder, payload, fmt):
    """The path a reader is given: ``payload`` written (or made) in ``folder``."""
    path = folder / f"hostile.{fmt}"
    if payload == "/dev/zero":
        return Path("/dev/zero")
    if payload == "fifo":
        os.mkfifo(path)
    elif payload == "directory":
        path.mkdir()
    elif payload == "sparse":
        with open(path, "wb") as f:
            f.truncate(1 << 30)                 # no block written: only its size is read
    elif payload != "missing":
        if isinstance(payload, dict):
            payload = payload.get(fmt, payload["toml"])
        path.write_bytes(payload if isinstance(payload, bytes) else payload.encode())
    return path


class Hung(Exception):
    pass


@contextmanager
def _guard(seconds=120):
    """A reader that hangs (a FIFO opened, /dev/zero read) fails the test, not the run."""
    def hung(signum, frame):
        raise Hung("the reader did not answer: it hangs")
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("caller", sorted(READERS))
@pytest.mark.parametrize("hostile", list(HOSTILE))
def test_every_reader_answers_the_hostile_set_in_one_line(tmp_path, caller, hostile):
    fmt, target = READERS[caller]
    module, name = target.split(":")
    read = getattr(importlib.import_module(module), name)
    path = _hostile_file(tmp_path, HOSTILE[hostile], fmt)
    with _guard(), pytest.raises(VerifierError) as refused:
        read(str(path))
    message = str(refused.value)
    assert message and "\n" not in message and "Traceback" not in message
    assert path.name in message, message
    if hostile in NUMBERS and fmt in ("toml", "json"):      # bounded as the text is parsed
        assert any(w in message for w in ("out of range", "digits", "not a number this tool "
                                          "reads")), message


# ------------------------------------------------------ numbers bounded at parse time
def _short(value):
    """A test's id: a value's first characters (10 ** 5000 has no str)."""
    if isinstance(value, int) and value.bit_length() > 1000:
        return f"an integer of {value.bit_length()} bits"
    return repr(value)[:24]


@pytest.mark.parametrize("text, parse, holds", [
    ("a = " + "9" * 100, float, True), ("a = " + "9" * 101, float, False),   # integers
    ("a = -" + "9" * 100, float, True), ("a = 0x" + "f" * 84, float, False),  # 16^84 > 10^101
    ("a = 1e308", Decimal, True), ("a = 1e309", Decimal, False),       # exponents
    ("a = 1e-308", Decimal, True), ("a = 1e-309", Decimal, False),
    ("a = 1.7976931348623157e308", float, True), ("a = 1.8e308", float, False),  # a float's
    ("a = nan", float, False), ("a = -inf", Decimal, False),
    ("a = 0." + "1" * 100, Decimal, True), ("a = 0." + "1" * 101, Decimal, False),  # exact
    ("a = 0." + "1" * 5000, float, True),                  # a float's digits: no cost
], ids=lambda v: _short(v))
def test_toml_numbers_are_bounded_as_the_text_is_parsed(text, parse, holds):
    from verifier.support.files import parse_toml
    if holds:
        assert parse_toml(text, "f.toml", "table", parse_float=parse)["a"] is not None
    else:
        with pytest.raises(VerifierError, match="f.toml: not a table: .*(out of range|digits|"
                                                "not a number)"):
            parse_toml(text, "f.toml", "table", parse_float=parse)


@pytest.mark.parametrize("text, holds", [
    ('{"a": 1.7976931348623157e308}', True), ('{"a": 1.8e308}', False),
    ('{"a": 1e400}', False), ('{"a": 1e999999999}', False), ('{"a": -1e-999999999}', False),
    ('{"a": 2.5e-300}', True),
])
def test_json_floats_past_a_floats_range_are_refused(text, holds):
    from verifier.support.files import parse_json
    if holds:
        assert parse_json(text, "c.json", "certificate")["a"]
    else:
        with pytest.raises(VerifierError, match="c.json: not a certificate: .*out of range"):
            parse_json(text, "c.json", "certificate")


# --------------------------------------------------- H1, H2: a progressive's amounts
@pytest.mark.parametrize("text, exact", [
    ("500", 500), ("$1,000", 1000), (" $ 2.50 ", Fraction(5, 2)), ("15%", Fraction(3, 20)),
    ("1/3", Fraction(1, 3)), ("3832836.50", Fraction(383283650, 100)), ("2e3", 2000),
    (2.5, Fraction(5, 2)), (0.1, Fraction(1, 10)), (10 ** 12, 10 ** 12),
    ("1000000000000", 10 ** 12), ("0.000000000000000001", Fraction(1, 10 ** 18)),
])
def test_an_amount_is_read_exactly_within_its_bounds(text, exact):
    from verifier.game.progressive import amount
    assert amount(text, "meter m") == exact


@pytest.mark.parametrize("value", [
    "1e400", "1e999999999", "-1e999999999", "1e-999999999", 1e300, float("inf"),
    float("nan"), 10 ** 400, 10 ** 5000, "1" * 5000, "1000000000000.01",
    "0.0000000000000000001", "1/" + "3" * 19, "x" * 100_000, "١٠٠", "inf", "1/0", True,
], ids=_short)
def test_an_amount_out_of_bounds_is_one_line(value):
    """``verifier.game.progressive.amount``: what --meter, a table, an audit's Meter claim
    and the workbench's /api/progressive read amounts with."""
    from verifier.game.progressive import ProgressiveError, amount
    with _guard(), pytest.raises(ProgressiveError) as refused:
        amount(value, "meter m")
    message = str(refused.value)
    assert message.startswith("meter m: ") and "\n" not in message and len(message) < 200


@pytest.mark.parametrize("meter", ["1e400", "1e999999999", "1" + "0" * 400], ids=_short)
def test_a_meter_past_range_on_the_command_line_is_one_line(capsys, meter):
    one_line_error(["progressive", "jackpot", "--rules", "emperors-challenge", "--meter",
                    f"jackpot={meter}"], capsys, "--meter jackpot: ")


TABLE = 'wager = 1\n[meters.m]\nreset = {}\n[[tiers]]\nlines = ["royal_flush"]\n' \
        'pays = "100% of m"\n'


@pytest.mark.parametrize("reset", ['"1e400"', "1e400", "1" + "0" * 400, '"1e999999999"',
                                   "1e999999999", '"' + "1" * 5000 + '"'], ids=_short)
def test_a_reset_past_range_in_a_table_is_one_line(tmp_path, capsys, reset):
    path = tmp_path / "t.toml"
    path.write_text(TABLE.format(reset))
    line = one_line_error(["progressive", path], capsys, "t.toml")
    assert "out of range" in line or "not an amount" in line or "digits" in line


# ------------------------------------------- H3: a progressive table and an audit's Bet
@pytest.mark.parametrize("hostile", ["a FIFO", "/dev/zero", "brackets nested 100,000 deep",
                                     "a 5,000-digit integer", "bytes that are not UTF-8",
                                     "a dotted key of 50,000 parts"])
def test_progressive_file_is_read_by_the_one_reader(tmp_path, capsys, hostile):
    path = _hostile_file(tmp_path, HOSTILE[hostile], "toml")
    with _guard():
        one_line_error(["progressive", path], capsys, path.name)


def _claims(folder, rows):
    path = folder / "claims.csv"
    path.write_text("".join(",".join(row) + "\n" for row in rows))
    return path


def test_an_audits_bet_file_is_read_by_the_one_reader(cert, tmp_path, capsys):
    table = _hostile_file(tmp_path, HOSTILE["a FIFO"], "toml")
    claims = _claims(tmp_path, [["Bet", table.name], ["Line", "Combinations"],
                                ["Royal flush", "1"]])
    with _guard():
        one_line_error(["audit", claims, "--cert", cert], capsys, "cell B1")


def test_an_audits_meter_claim_past_range_is_one_line(cert, tmp_path, capsys):
    (tmp_path / "t.toml").write_text(TABLE.format(10_000))
    claims = _claims(tmp_path, [["Bet", "t.toml"], ["Meter", "m", "1e999999999"],
                                ["Line", "Combinations"], ["Royal flush", "1"]])
    with _guard():
        one_line_error(["audit", claims, "--cert", cert], capsys,
                       "cell C2: meter m: '1e999999999' is out of range")


# ----------------------------------------------------------- H11: an empty Meter row
def test_an_audits_meter_row_with_nothing_beside_it_is_one_line(tmp_path, capsys):
    (tmp_path / "t.toml").write_text(TABLE.format(10_000))
    claims = _claims(tmp_path, [["Rule set", "casino-standard"], ["Bet", "t.toml"],
                                ["Meter"], ["Line", "Combinations"], ["Royal flush", "1"]])
    one_line_error(["audit", claims], capsys, "cell A3: 'Meter' with no value beside it")


# ------------------------------------------------------ H6: report --meter-path CSV
@pytest.mark.parametrize("text, words", [
    (f'round,jackpot\n1,"{"1" * 131_073}"\n', "a field of more than 131,072 characters"),
    ("round,jackpot\n1,1e400\n", "row 2"), ("round,jackpot\n1,nan\n", "row 2"),
    ("round,jackpot\n" + "9" * 5000 + ",10000\n", "row 2"),
], ids=lambda v: _short(v))
def test_a_meter_path_past_the_csv_limits_is_one_line(cert, tmp_path, capsys, text, words):
    path = tmp_path / "path.csv"
    path.write_text(text)
    one_line_error(["report", cert, "--meter-path", path], capsys, words)


@pytest.mark.parametrize("parse", ["parse_json", "parse_toml"])
def test_a_quote_bomb_is_read_in_one_pass(parse):
    """A quote and 200,000 escaped quotes, never closed: the readers' string pattern (the
    brackets and digits inside a string are text) takes it in one pass, and the parser
    names the unclosed string. With a closing quote that had to match, the
    pattern retried from every quote: time in N squared, minutes at this size (a hang,
    not a slow answer, for the test's guard). The syntax error is the parser's, which the
    callers turn into their one line (test_every_reader_answers_the_hostile_set_in_one_line)."""
    from verifier.support import files
    with pytest.raises(ValueError, match="Unterminated string"):
        getattr(files, parse)('"' + '\\"' * 200_000, "bomb.txt", "test file")
