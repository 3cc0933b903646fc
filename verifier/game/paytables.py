"""Pay tables: TOML files, one line per category, pays as exact "N to 1" amounts.

File format (docs/PAYTABLES.md)::

    name = "Outlaw 9 High or Better, as filed"
    bet = "..."                   # a bet of verifier/bets/ (default this one), or "custom"
    # reads = "seven-card"        # custom only: how the lines are read (verifier/game/bets.py)
    # envy = true                 # custom only: pays are dollars per other hand
    # cards = 3                   # custom first-cards only: the first k cards (1..7)
    # hand = "banker"             # custom only: read the banker's (dealer's) hand
    # precedence = "table-order"  # custom only: the first line in the table's order pays

    [pays]
    seven_card_straight_flush = 4000   # 4,000 to 1
    three_pairs = 1                     # 1 to 1
    straight = 2.5                      # exact decimals allowed
    flush = "push"                      # the bet is returned
    full_house = 0                      # the bet loses (as if the line were absent)

Category names may be written in snake case or as the filing writes them
("Three Pairs", "7-Card Straight Flush"). A category not in the table pays nothing:
the bet loses. A hand qualifying for several lines is paid its highest line only, or
(``precedence = "table-order"``) the first of them in the table's order.
"""
from __future__ import annotations
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, Collection, Iterable, Iterator

from verifier.support.toml import tomllib
from verifier.game.bets import (BETS, CUSTOM, PLAYER, Bet, bet as bet_of, check_read, custom_bet,
                                default_bet)
from verifier.support.errors import VerifierError
from verifier.support.files import parse_toml, read_text
# a line's names (game/linenames.py), offered here beside the tables that name lines
from verifier.game.linenames import (  # noqa: F401
    LINE_TITLES, known_lines, line_name, line_ref, line_title, normalize_line_name)

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

#: Files shipped in verifier/data: the pay tables as filed (seed 001) and the Emperor's
#: Challenge examples (seed 004's appendices are missing). The bets: verifier/game/bets.py.
class _Files(Mapping):
    """{bet: file} of the shipped tables, filed or examples, from the registry of bets
    (read on first use: the bets are found then)."""

    def __init__(self, filed: bool) -> None:
        self.filed = filed

    def _files(self) -> dict[str, str]:
        return {name: b.file for name, b in BETS.items() if b.filed == self.filed}

    def __getitem__(self, bet: str) -> str:
        return self._files()[bet]

    def __iter__(self) -> Iterator[str]:
        return iter(self._files())

    def __len__(self) -> int:
        return len(self._files())


FILED_FILES: Mapping = _Files(True)
EXAMPLE_FILES: Mapping = _Files(False)

from verifier.game.pays import (  # noqa: F401  (the pay names, re-exported)
    HIGHEST_PAY, MAX_PAY, PUSH, Pay, PaytableError, check_precedence, highest_line, net_of,
    paid_line, parse_pay, pay_label, pay_text)


def kind_of(bet: str, reads: str = "", envy: bool = False, where: str | None = None,
            cards: object = 0, hand: object = PLAYER, precedence: object = HIGHEST_PAY) -> Bet:
    """The ``bets.Bet`` a pay table is for: a seed's bet, or a custom bet's reads, envy,
    cards, hand and precedence (a one-line ``PaytableError`` naming ``where`` otherwise)."""
    try:
        if not isinstance(reads, str) or not isinstance(envy, bool):
            raise VerifierError("reads must be a string and envy true or false")
        check_precedence(precedence)
        if bet == CUSTOM:
            kind = custom_bet(reads, envy)
            check_read(reads, cards, hand)
            if envy and (hand != PLAYER or cards):
                raise VerifierError("an envy-type bet pays on the other players' seven "
                                    "cards, not the banker's hand or the first cards")
            return kind
        if reads or envy or cards or hand != PLAYER or precedence != HIGHEST_PAY:
            raise VerifierError(f"reads, envy, cards, hand and precedence belong to custom "
                                f"bets (bet = \"custom\"), not to {bet!r}")
        return bet_of(bet)
    except PaytableError:
        raise
    except VerifierError as exc:
        raise PaytableError(f"{where}: {exc}" if where else str(exc)) from None


@dataclass(frozen=True)
class Paytable:
    """A pay table: ``pays`` maps category -> Fraction or PUSH, in the file's order.
    ``bet``: a bet of verifier/game/bets.py, or ``"custom"`` with ``reads`` (how its lines are
    read), ``envy`` (its pays are dollars per other hand), ``cards`` (a first-cards read's
    k), ``hand`` (whose hand: ``player`` or ``banker``) and ``precedence`` (which of the
    lines a hand qualifies for is paid: verifier/game/pays.py ``PRECEDENCES``)."""
    name: str
    bet: str
    pays: tuple  # ((category, pay), ...)
    source: str = ""
    status: str = ""  # "filed", "not filed", ...: optional; shown wherever the table is
    reads: str = ""   # custom bets only
    envy: bool = False
    cards: int = 0
    hand: str = PLAYER
    precedence: str = HIGHEST_PAY

    def __post_init__(self) -> None:
        self.kind

    @property
    def kind(self) -> Bet:
        """The bet (verifier.game.bets.Bet): its title, vocabulary and how it is read."""
        return kind_of(self.bet, self.reads, self.envy, None, self.cards, self.hand,
                       self.precedence)

    @property
    def terms(self) -> dict[str, Any]:
        """Its read's terms that are not the defaults (``cards``, ``hand``,
        ``precedence``), as the file and the certificate write them."""
        out: dict[str, Any] = {}
        if self.cards:
            out["cards"] = self.cards
        if self.hand != PLAYER:
            out["hand"] = self.hand
        if self.precedence != HIGHEST_PAY:
            out["precedence"] = self.precedence
        return out

    def paid_line(self, lines: Collection[str]) -> tuple[str | None, Fraction]:
        """The line an outcome qualifying for ``lines`` is paid on, under its precedence:
        ``(line or None, net)``."""
        return paid_line(lines, self.pays, self.precedence)

    @property
    def pay(self) -> dict[str, Pay]:
        return dict(self.pays)

    @property
    def is_example(self) -> bool:
        return "example" in self.status.lower()

    def categories(self) -> list[str]:
        return [c for c, _ in self.pays]

    def with_pay(self, category: str, pay: object, name: str | None = None) -> Paytable:
        """A copy with one line's pay changed (or added)."""
        category = line_name(category, self.kind)
        pay = parse_pay(pay)
        lines = list(self.pays)
        for i, (c, _) in enumerate(lines):
            if c == category:
                lines[i] = (c, pay)
                break
        else:
            lines.append((category, pay))
        return Paytable(name or self.name, self.bet, tuple(lines), "", reads=self.reads,
                        envy=self.envy, **self.terms)

    def to_dict(self) -> dict:
        """The certificate form: pays as exact strings, in order."""
        out: dict = {"name": self.name, "bet": self.bet}
        if self.bet == CUSTOM:
            out["reads"] = self.reads
            if self.envy:
                out["envy"] = True
            out.update(self.terms)
        out["lines"] = [{"category": c, "pay": pay_text(p)} for c, p in self.pays]
        if self.status:
            out["status"] = self.status
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = "pay table") -> Paytable:
        """Inverse of ``to_dict``, with every check of a file."""
        if not isinstance(data, dict) or not isinstance(data.get("lines"), list):
            raise PaytableError(f"{where}: not a pay table")
        lines = []
        for i, entry in enumerate(data["lines"]):
            if not isinstance(entry, dict) or set(entry) != {"category", "pay"}:
                raise PaytableError(f"{where}: line {i + 1} is not {{category, pay}}")
            lines.append((entry["category"], entry["pay"]))
        status = data.get("status", "")
        if not isinstance(status, str):
            raise PaytableError(f"{where}: status must be a string")
        return cls.from_lines(str(data.get("name", "")), data.get("bet"), lines, where,
                              reads=data.get("reads", ""), envy=data.get("envy", False),
                              status=status, **_terms_of(data))

    @classmethod
    def from_lines(cls, name: str, bet: Any, lines: Iterable[tuple[str, object]],
                   where: str = "pay table", reads: str = "", envy: bool = False,
                   source: str = "", status: str = "", cards: object = 0,
                   hand: object = PLAYER, precedence: object = HIGHEST_PAY) -> Paytable:
        kind = kind_of(bet, reads, envy, where, cards, hand, precedence)
        seen: dict = {}
        out = []
        for key, value in lines:
            try:
                category = line_name(key, kind)
            except PaytableError as exc:
                raise PaytableError(f"{where}: {line_ref(key)}: {exc}") from None
            if category in seen:
                raise PaytableError(f"{where}: duplicate {line_ref(key)}, given as {seen[category]!r}")
            seen[category] = key
            pay = parse_pay(value, f"{where}: {line_ref(key)}")
            if kind.amounts and pay is PUSH:
                raise PaytableError(f"{where}: {line_ref(key)}: envy amounts are dollars, not push")
            out.append((category, pay))
        if not out:
            raise PaytableError(f"{where}: no pay lines (a [pays] table with one line per category)")
        return cls(name, bet, tuple(out), source, status, reads, envy, cards,  # type: ignore[arg-type]
                   hand, precedence)  # type: ignore[arg-type]


#: a custom bet's terms beside its read, with their defaults (``Paytable.terms``)
_TERMS = {"cards": 0, "hand": PLAYER, "precedence": HIGHEST_PAY}
_TOP_KEYS = {"name", "bet", "status", "pays", "reads", "envy", *_TERMS}


def _terms_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The terms a file or a certificate gives (``_TERMS``), the defaults for the rest."""
    return {key: data.get(key, default) for key, default in _TERMS.items()}


def _where(path: Any, text: str, lineno: int) -> str:
    line = text.splitlines()[lineno - 1].strip() if 0 < lineno <= len(text.splitlines()) else ""
    return f"{path}: line {lineno}: {line!r}"


def loads(text: str, path: str = "<string>") -> "Paytable":
    """Parse pay-table TOML text (see the module docstring)."""
    try:
        data = parse_toml(text, path, "pay table", PaytableError, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        lineno = int(m.group(1)) if m else 0
        if msg.startswith("Cannot overwrite a value"):
            where = _where(path, text, lineno)
            raise PaytableError(f"{where}: duplicate line (that category is already given)") from None
        reason = msg[:m.start()].strip() if m else msg
        where = _where(path, text, lineno) if lineno else str(path)
        raise PaytableError(f"{where}: not valid TOML: {reason}") from None
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise PaytableError(f"{path}: unknown key(s) {', '.join(sorted(map(repr, unknown)))}; "
                            "a pay table has name, bet, status (a custom bet: reads, "
                            "envy, cards, hand, precedence) and a [pays] table")
    pays = data.get("pays")
    if not isinstance(pays, dict):
        raise PaytableError(f"{path}: no [pays] table (one line per category, \"N to 1\" as N)")
    bet = data["bet"] if "bet" in data else default_bet().name
    name = data.get("name", Path(str(path)).stem)
    if not isinstance(name, str):
        raise PaytableError(f"{path}: name must be a string")
    lines = []
    for key, value in pays.items():
        if isinstance(value, dict):
            raise PaytableError(f"{path}: {line_ref(key)}: pay is a table, not a number")
        lines.append((key, value))
    status = data.get("status", "")
    if not isinstance(status, str):
        raise PaytableError(f"{path}: status must be a string, e.g. status = \"filed\"")
    return Paytable.from_lines(name, bet, lines, str(path), data.get("reads", ""),
                               data.get("envy", False), str(path), status, **_terms_of(data))


def load(path: str | os.PathLike) -> Paytable:
    """Read a pay-table file; every problem is a one-line ``PaytableError``."""
    return loads(read_text(path, "pay table", PaytableError), str(path))


def filed(bet: str | None = None) -> Paytable:
    """The pay table as filed (seed 001), shipped in verifier/data (default: the default
    bet's)."""
    return load(DATA_DIR / FILED_FILES[bet or default_bet().name])


def example(bet: str) -> Paytable:
    """The shipped example table of a bet whose table is not filed (example, not filed)."""
    return load(DATA_DIR / EXAMPLE_FILES[bet])


def toml_text(name: str, bet: str, pays: Iterable[tuple[str, Pay]], status: str | None = None,
              comment: str = "", reads: str = "", envy: bool = False,
              terms: Mapping[str, Any] | None = None) -> str:
    """A pay-table file (docs/PAYTABLES.md) for ``pays`` ((line, Fraction|PUSH), ...):
    whole pays as TOML integers, the rest as exact strings ("2.5", "79491858/84607525"),
    so that ``load`` reads back exactly the same table."""
    import tomli_w
    data: dict = {"name": name, "bet": bet}
    if bet == CUSTOM:
        data["reads"] = reads
        if envy:
            data["envy"] = True
        data.update(terms or {})
    if status is not None:
        data["status"] = status
    data["pays"] = {line: (int(pay) if pay is not PUSH and Fraction(pay).denominator == 1
                           else pay_text(pay)) for line, pay in pays}
    head = "".join(f"# {text}\n" for text in comment.splitlines())
    return head + tomli_w.dumps(data)
