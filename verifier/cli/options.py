"""Options shared by several commands: the rule set, the rule readings, the thread count,
and the range-checked number types every numeric option uses."""
from __future__ import annotations

import argparse
import contextlib
import re

from verifier.support.errors import VerifierError
from verifier.rules.readings import WHEEL_CHOICES, BONUS_READING_CHOICES
from typing import Any, Callable, Iterator, Mapping, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.cli.settings import Settings


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("rule set and readings (docs/RULESETS.md, "
                                      "docs/RULES_READINGS.md)")
    group.add_argument("--rules", metavar="NAME|FILE", default=None,
                       help="rule set: outlaw9-mikes (default), casino-standard, "
                            "emperors-challenge, or a rule set TOML file; "
                            "`paigow-verify rules` lists them")
    group.add_argument("--wheel", choices=WHEEL_CHOICES, default=None,
                       help="rank of A-2-3-4-5: lowest straight or second-highest "
                            "(default: the rule set's)")
    group.add_argument("--bonus-reading", choices=BONUS_READING_CHOICES, default=None,
                       help="Outlaw 9 categories read from all seven cards or from the two "
                            "hands as the house way sets them (default: the rule set's)")
    group.add_argument("--house-way", metavar="NAME|FILE", default=None,
                       help="house way: a shipped one (`paigow-verify house-ways` lists "
                            "them) or a house-way TOML file; overrides the rule set's "
                            "(default: the rule set's; Mike's Cardroom for outlaw9-mikes)")


# ---------------------------------------------------------------------------------------
# the one set of argparse types: every option's value is checked as the command line is
# parsed (one usage-error line, exit 2), never later in the work. An option with no type of
# its own gets ``given_text`` (``app.OneLineErrorParser``); tests/test_hostile_options.py
# walks every command's parser and tries the hostile values on every option by its kind.


def _typed(kind: str, name: str) -> Callable[[Callable], Callable]:
    """Marks an argparse type with its ``kind`` (what the walking test tries on it:
    "text", "count", "amount", "output") and the name its errors show."""
    def mark(fn: Callable) -> Callable:
        fn.kind = kind                     # type: ignore[attr-defined]
        fn.__name__ = name
        return fn
    return mark


@_typed("text", "text")
def given_text(text: str) -> str:
    """The type of every option that has none of its own: some text (an empty value, or
    one of spaces only, is a usage error, never silently a default)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty value")
    return text


@_typed("output", "output file")
def output_file(text: str) -> str:
    """An output path (``--out``, ``--meter-path`` where it is written): not empty (an
    empty name would silently mean stdout or "."). The command line checks it can be
    written before the command starts (``app.check_outputs``)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an output file needs a name")
    return text


@_typed("output", "output place")
def output_place(text: str) -> str:
    """``output_file`` for an output the command checks itself, before any work (``filing
    --out``: a folder, or a .pdf file, with ``--force``)."""
    return output_file(text)


output_place.checked_by_command = True          # type: ignore[attr-defined]


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number written in ASCII digits, from ``low`` to ``high``
    (anything else is one usage-error line: no float, no '١' or '²', no 4,000-digit number,
    no hang)."""
    @_typed("count", "whole number")
    def parse(text: str) -> int:
        t = given_text(str(text)).strip().replace("_", "")
        if not re.fullmatch(r"[+-]?[0-9]{1,20}", t):
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number "
                                             f"from {low:,} to {high:,}")
        value = int(t)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value:,} is out of range: from {low:,} to "
                                             f"{high:,}")
        return value
    parse.low, parse.high = low, high         # type: ignore[attr-defined]
    return parse


#: a seed (``--seed``): any 64-bit number, signed or not
SEED = whole_number(-2 ** 63, 2 ** 64 - 1)


def checked(parse: Callable[[str], Any], name: str, kind: str = "amount"
            ) -> Callable[[str], str]:
    """An argparse type for a value a command reads with ``parse`` (an edge, a range, a
    pay, a date, seats): ``parse(text)`` at parse time, its one-line error (a
    ``VerifierError``) a usage error; the text is kept as given for the command. A
    number in any script but 0-9 ('١', '²', '五') is refused first, whatever ``parse``
    would make of it."""
    @_typed(kind, name)
    def check(text: str) -> str:
        given_text(text)
        if any(c.isnumeric() and c not in "0123456789" for c in text):
            raise argparse.ArgumentTypeError(f"{text[:40]!r}: numbers are written in the "
                                             "digits 0-9")
        try:
            parse(text)
        except VerifierError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return text
    return check


def needs(parser: argparse.ArgumentParser, option: str, other: str) -> None:
    """``option`` is refused at parse time unless ``other`` is given too (``--step`` with
    ``--edge-range``): declared once per parser, checked by ``app.OneLineErrorParser``."""
    parser.__dict__.setdefault("needs", []).append((option, other))


@_typed("count", "number of chunks")
def chunk_count(text: str) -> int | None:
    """``--chunks``: a number of chunks, or ``all`` (None: every chunk)."""
    if str(text).strip().lower() == "all":
        return None
    return whole_number(0, 10 ** 6)(text)


@_typed("count", "number of threads")
def thread_number(text: str) -> int:
    from verifier.engine import MAX_THREADS
    return whole_number(1, MAX_THREADS)(text)


def add_thread_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--threads", type=thread_number, default=None, metavar="N",
                        help="worker threads (default: OMP_NUM_THREADS, else every core)")


def add_progress_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--progress", dest="show_progress", action="store_true", default=None,
                       help="show a progress bar on stderr (default: when stderr is a terminal)")
    group.add_argument("--no-progress", dest="show_progress", action="store_false",
                       help="no progress bar")


def add_paper_option(parser: argparse.ArgumentParser) -> None:
    """``--paper``: the page size of a printed document (verifier/report/paper.py)."""
    from verifier.report.paper import DEFAULT_PAPER, PAPERS
    parser.add_argument("--paper", choices=tuple(PAPERS), default=None,
                        help=f"the PDF's page size: {', '.join(p.name + ' (' + p.title + ')' for p in PAPERS.values())}; "
                             f"default {DEFAULT_PAPER}")


# ---------------------------------------------------------------------------------------
# certificate commands


def add_certificate_options(parser: argparse.ArgumentParser) -> None:
    """The certificate a command reads, and ``--rules`` to refuse one of another rule set."""
    parser.add_argument("certificate", metavar="CERT.json")
    parser.add_argument("--rules", metavar="NAME|FILE", default=None,
                        help="refuse a certificate of another rule set")


def load_checked(path: str, rules: str | None = None) -> Certificate:
    """A certificate for a command that reads figures from it: loaded, fully checked, and
    of the rule set ``--rules`` names (if any)."""
    from verifier import certificate
    cert = certificate.read(path)
    rules_guard(cert.raw, rules, path)
    return cert


def load_checking(path: str, rules: str | None = None) -> tuple[Certificate, Callable[[], None]]:
    """``load_checked`` for a report drawn by the chart processes (``chartpool.start_pool``):
    the certificate read and typed now, its check done by one of those processes behind the
    charts (``chartpool.later``), and ``checked()``, which raises the check's one-line error:
    called before anything is written, and first on any other error (``checked_first``).
    Without those processes the certificate is checked here, at once. A shipped certificate
    whose text has its pinned digest is not derived again, as ``certificate.read`` has it."""
    from verifier.report import chartpool
    if not chartpool.pooled():
        cert = load_checked(path, rules)
        return cert, lambda: None
    from verifier.certificate.format import read_certificate_text
    from verifier.certificate.model import check_text, read_unchecked
    from verifier.certificate.shipped import is_pinned
    text = read_certificate_text(path)      # read once: the page and the check, one text
    # a shipped certificate with its pinned digest was checked when made (``read``'s rule)
    checked = ((lambda: None) if is_pinned(path, text)
               else chartpool.later(check_text, text, path).result)
    with checked_first(checked):
        cert = read_unchecked(text, path)
        rules_guard(cert.raw, rules, path)
    return cert, checked


@contextlib.contextmanager
def checked_first(checked: Callable[[], None]) -> Iterator[None]:
    """On an error in the block, ``checked()`` first: a certificate that fails its check is
    told as that, whatever the work built on it then tripped over."""
    try:
        yield
    except Exception:
        checked()
        raise


def rules_guard(cert: Mapping[str, Any], rules: str | None, path: str) -> None:
    """``--rules NAME`` on a certificate command: refuse a certificate of another rule set."""
    if not rules:
        return
    from verifier.rules.rulesets import load
    wanted = load(rules)
    from verifier.certificate.model import stated_rule_set
    found = stated_rule_set(cert)
    if found is None:
        raise VerifierError(f"{path} has no rule_set section, so nothing shows it is a "
                            f"certificate of rule set {wanted.name}")
    if found != wanted.name:
        raise VerifierError(f"{path} is a certificate of rule set {found}, not {wanted.name}")
    from verifier.certificate.sections import rule_set_of
    from verifier.rules.rulesets import game_differences
    try:
        changed = game_differences(rule_set_of(cert), wanted)
    except (VerifierError, KeyError, TypeError, ValueError):
        changed = ["definition"]
    if changed:
        raise VerifierError(f"{path} is a certificate of a rule set named {wanted.name} whose "
                            f"{', '.join(changed)} is not that of --rules {rules}")



def add_operator_options(parser: argparse.ArgumentParser) -> None:
    """The pace of the operator figures (``run``, ``report``: docs/PARSHEET.md)."""
    from verifier.odds.operator import (AVERAGE_WAGER, HANDS_PER_HOUR, MAX_HANDS_PER_HOUR,
                                        POOL_ROUNDS)
    group = parser.add_argument_group("operator figures (docs/PARSHEET.md)")
    group.add_argument("--hands-per-hour", type=whole_number(1, MAX_HANDS_PER_HOUR),
                       default=HANDS_PER_HOUR, metavar="N",
                       help=f"hands dealt an hour at one seat (default {HANDS_PER_HOUR}, "
                            f"pai gow's usual pace; at most {MAX_HANDS_PER_HOUR})")
    group.add_argument("--average-wager", type=whole_number(1, 10 ** 6),
                       default=int(AVERAGE_WAGER), metavar="DOLLARS",
                       help=f"average initial wager per hand, whole dollars (default "
                            f"{int(AVERAGE_WAGER)})")
    group.add_argument("--bankroll-rounds", type=whole_number(0, 10 ** 7),
                       default=0, metavar="N",
                       help="in a player-dealer (California) game, also estimate the "
                            "player-dealer's bankroll from N rounds of the table simulator "
                            f"(its seats interact: no exact figure; {POOL_ROUNDS:,} rounds, a "
                            "second or two, give it within about 8%%); default 0: left out, "
                            "every other operator figure is exact")


def operator_inputs(settings: Settings, cert: Certificate) -> dict[str, Any]:
    """The operator figures' inputs for ``report.model.build``: the pace and, in a
    player-dealer game, the bankroll from the table simulator (or why there is none)."""
    from verifier.odds.operator import Pace
    from fractions import Fraction
    pace = Pace(settings.hands_per_hour, Fraction(settings.average_wager))
    out: dict[str, Any] = {"pace": pace}
    if not settings.bankroll_rounds:
        return out
    from verifier.odds.ratings import FULL_DECK_HANDS
    if cert.total_hands != FULL_DECK_HANDS:
        return {**out, "bankroll_note": "Bankroll of a player-dealer: not estimated (the "
                                        "table simulator deals the full deck; these figures "
                                        "are of a reduced deck)."}
    from verifier.table.limits import TableRules
    try:
        from verifier.certificate.sections import rule_set_of
        table = TableRules.from_ruleset(rule_set_of(cert.raw))
    except VerifierError as e:
        return {**out, "bankroll_note": f"Bankroll of a player-dealer: not estimated ({e})."}
    if table.house_banks:
        return out                     # a casino game: no player-dealer to cover the table
    from verifier.table.bankroll import bankroll
    try:
        out["bankroll"] = bankroll(table, settings.average_wager, settings.hands_per_hour,
                                   pool_rounds=settings.bankroll_rounds)
    except VerifierError as e:
        out["bankroll_note"] = f"Bankroll of a player-dealer: not estimated ({e})."
    return out
