"""Pay tables: TOML files, one line per category, pays as exact "N to 1" amounts.

File format (docs/PAYTABLES.md)::

    name = "Outlaw 9 High or Better, as filed"
    bet = "outlaw9"               # or "wrangler_push"

    [pays]
    seven_card_straight_flush = 4000   # 4,000 to 1
    three_pairs = 1                     # 1 to 1
    straight = 2.5                      # exact decimals allowed
    flush = "push"                      # the bet is returned
    full_house = 0                      # the bet loses (as if the line were absent)

Category names may be written in snake case or as the filing writes them
("Three Pairs", "7-Card Straight Flush"). A category not in the table pays nothing:
the bet loses. A hand qualifying for several lines is paid its highest line only.
"""
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

from ._toml import tomllib
from .categories import OUTLAW9_LINES
from .errors import VerifierError
from .files import parse_toml, read_text

DATA_DIR = Path(__file__).resolve().parent / "data"

#: Pai Gow Insurance (seed 004): a pai gow by its top card.
INSURANCE_LINES = ("nine_high", "ten_high", "jack_high", "queen_high", "king_high", "ace_high")
#: Emperor's Treasure and the Envy Bonus (seed 004): Outlaw 9 categories on the seven cards.
TREASURE_LINES = (
    "seven_card_straight_flush", "royal_flush_and_royal_match",
    "seven_card_straight_flush_with_joker", "five_aces", "royal_flush", "straight_flush",
    "four_of_a_kind", "full_house", "flush", "three_of_a_kind", "straight",
)
#: The bets a pay table can be for, and the categories (lines) each bet has. The Envy
#: Bonus's "pays" are dollar amounts per other hand, not N to 1.
BET_CATEGORIES = {
    "outlaw9": OUTLAW9_LINES,
    "wrangler_push": ("push", "push_with_pair_of_3s_or_better"),
    "pai_gow_insurance": INSURANCE_LINES,
    "emperors_treasure": TREASURE_LINES,
    "envy_bonus": TREASURE_LINES,
}
BET_TITLES = {
    "outlaw9": "Outlaw 9 High or Better",
    "wrangler_push": "Wrangler Push",
    "pai_gow_insurance": "Pai Gow Insurance",
    "emperors_treasure": "Emperor's Treasure",
    "envy_bonus": "Envy Bonus",
}
#: Files shipped in verifier/data: the pay tables as filed (seed 001).
FILED_FILES = {"outlaw9": "outlaw9_filed.toml", "wrangler_push": "wrangler_push_filed.toml"}
#: ... and the Emperor's Challenge examples (seed 004's appendices are missing).
EXAMPLE_FILES = {
    "pai_gow_insurance": "pai_gow_insurance_example.toml",
    "emperors_treasure": "emperors_treasure_example.toml",
    "envy_bonus": "envy_bonus_example.toml",
}

# Human names of each line, for tables and reports.
LINE_TITLES = {
    "seven_card_straight_flush": "7-Card Straight Flush",
    "royal_flush_and_royal_match": "Royal Flush and Royal Match",
    "seven_card_straight_flush_with_joker": "7-Card Straight Flush with Joker",
    "five_aces": "5 Aces",
    "royal_flush": "Royal Flush",
    "straight_flush": "Straight Flush",
    "four_of_a_kind": "Four of a Kind",
    "nine_high": "9 High",
    "ten_high": "10 High",
    "jack_high": "Jack High",
    "queen_high": "Queen High",
    "king_high": "King High",
    "ace_high": "Ace High",
    "all_one_color": "All Red or Black",
    "all_one_color_with_joker": "All Red or Black with Joker",
    "full_house": "Full House",
    "flush": "Flush",
    "three_of_a_kind": "Three of a Kind",
    "straight": "Straight",
    "three_pairs": "Three Pairs",
    "push": "Push",
    "push_with_pair_of_3s_or_better": "Push with Pair of 3s or Better",
}

# Spellings (after normalising) that name a category differently from its snake name.
_ALIASES = {
    "all_red_or_black": "all_one_color",
    "all_one_colour": "all_one_color",
    "seven_cards_all_red_or_black": "all_one_color",
    "seven_cards_all_red_or_black_with_no_straights_or_flushes": "all_one_color",
    "all_red_or_black_with_joker": "all_one_color_with_joker",
    "all_red_or_black_with_a_joker": "all_one_color_with_joker",
    "all_one_colour_with_joker": "all_one_color_with_joker",
    "seven_cards_all_red_or_black_with_no_straights_or_flushes_with_a_joker":
        "all_one_color_with_joker",
    "nine_high_seven_cards": "nine_high",
    "ten_high_seven_cards": "ten_high",
    "royal_flush_and_match": "royal_flush_and_royal_match",
    "quads": "four_of_a_kind",
    "trips": "three_of_a_kind",
    "push_with_pair": "push_with_pair_of_3s_or_better",
    "push_with_two_card_hand_of_3s_or_higher": "push_with_pair_of_3s_or_better",
    "push_with_two_card_hand_of_threes_or_higher": "push_with_pair_of_3s_or_better",
    "push_with_pair_of_3s_or_higher": "push_with_pair_of_3s_or_better",
    "push_with_2_card_hand_of_3s_or_higher": "push_with_pair_of_3s_or_better",
    "push_with_pair_of_threes_or_better": "push_with_pair_of_3s_or_better",
}
_NUMBER_WORDS = {"5": "five", "7": "seven", "9": "nine", "10": "ten"}


class PaytableError(VerifierError):
    """A bad pay table file or entry; the message names the file and the line."""


class _Push:
    """The pay of a line that returns the bet (net 0)."""
    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self):
        return "PUSH"

    def __str__(self):
        return "push"

    def __reduce__(self):
        return (_Push, ())


PUSH = _Push()


def normalize_line_name(text):
    """``"7-Card Straight Flush"`` / ``"three_pairs"`` -> the snake name (not validated)."""
    words = re.findall(r"[a-z0-9]+", str(text).lower().replace("'", ""))
    words = [_NUMBER_WORDS.get(w, w) for w in words]
    name = "_".join(words)
    return _ALIASES.get(name, name)


def line_name(text, bet="outlaw9"):
    """A category name as a user wrote it -> the canonical snake name, or an error."""
    name = normalize_line_name(text)
    if name not in BET_CATEGORIES[bet]:
        raise PaytableError(f"unknown {BET_TITLES[bet]} category {text!r}; known: "
                            + ", ".join(BET_CATEGORIES[bet]))
    return name


def line_title(name):
    return LINE_TITLES.get(name, name.replace("_", " "))


#: the largest pay a table may hold (N to 1), and the largest denominator of one
MAX_PAY = 10 ** 9


def parse_pay(value, where="pay"):
    """A pay value -> ``Fraction`` (N to 1; 0 = the bet loses) or ``PUSH``.

    Accepts TOML integers, decimals (read exactly), and strings ``"2.5"``, ``"2.5 to 1"``,
    ``"5:1"``, ``"push"``. Rejects negatives, non-numbers, booleans, inf and nan.
    """
    if value is PUSH:
        return PUSH
    if isinstance(value, Decimal) and value.is_finite() and not (
            -12 <= value.adjusted() <= 12 and len(value.as_tuple().digits) <= 30):
        raise PaytableError(f"{where}: pay {value!r} is out of range (at most {MAX_PAY:,} to 1, "
                            "30 digits)")
    if isinstance(value, str) and len(value) > 60:
        raise PaytableError(f"{where}: pay text is too long ({len(value)} characters)")
    if isinstance(value, Fraction):
        amount = value
    elif isinstance(value, bool) or not isinstance(value, (int, Decimal, str)):
        raise PaytableError(f"{where}: pay {value!r} is not a number (write N for N to 1, or push)")
    elif isinstance(value, str):
        text = value.strip().lower().replace(",", "")
        if text == "push":
            return PUSH
        m = re.fullmatch(r"([-+]?[0-9]*\.?[0-9]+(?:/[0-9]+)?)\s*(?:(?:to|:)\s*1)?", text)
        if not m:
            raise PaytableError(f"{where}: pay {value!r} is not a number "
                                "(write N or \"N to 1\", or push)")
        try:
            amount = Fraction(m.group(1))
        except (ValueError, ZeroDivisionError):
            raise PaytableError(f"{where}: pay {value!r} is not a number") from None
    else:
        try:
            if isinstance(value, Decimal) and not value.is_finite():
                raise InvalidOperation
            amount = Fraction(value)
        except (InvalidOperation, ValueError, OverflowError):
            raise PaytableError(f"{where}: pay {value!r} is not a finite number") from None
    if amount < 0:
        raise PaytableError(f"{where}: pay {value} is negative (0 means the bet loses)")
    if amount > MAX_PAY or amount.denominator > MAX_PAY:
        raise PaytableError(f"{where}: pay {value} is out of range (at most {MAX_PAY:,} to 1)")
    return amount


def pay_text(pay):
    """``Fraction(5, 2)`` -> ``"2.5"``; ``Fraction(1, 3)`` -> ``"1/3"``; PUSH -> ``"push"``."""
    if pay is PUSH:
        return "push"
    pay = Fraction(pay)
    if pay.denominator == 1:
        return str(pay.numerator)
    d = pay.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return f"{pay.numerator}/{pay.denominator}"
    places = max(twos, fives)
    scaled = pay * 10 ** places
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def pay_label(pay):
    """For display: ``"4,000 to 1"``, ``"2.5 to 1"``, ``"push"``, ``"loses"``."""
    if pay is PUSH:
        return "push"
    if pay == 0:
        return "0 (loses)"
    text = pay_text(pay)
    if "." not in text and "/" not in text:
        text = f"{int(text):,}"
    return f"{text} to 1"


def net_of(pay):
    """Net result of one unit bet paid on a line: N to 1 -> +N, push -> 0, 0 -> -1 (loses)."""
    if pay is PUSH:
        return Fraction(0)
    return Fraction(pay) if pay > 0 else Fraction(-1)


@dataclass(frozen=True)
class Paytable:
    """A pay table: ``pays`` maps category -> Fraction or PUSH, in the file's order."""
    name: str
    bet: str
    pays: tuple  # ((category, pay), ...)
    source: str = ""
    status: str = ""  # "filed", "not filed", ...: optional; shown wherever the table is

    def __post_init__(self):
        if self.bet not in BET_CATEGORIES:
            raise PaytableError(f"unknown bet {self.bet!r}: choose from {', '.join(BET_CATEGORIES)}")

    @property
    def pay(self):
        return dict(self.pays)

    @property
    def is_example(self):
        return "example" in self.status.lower()

    def as_outlaw9(self):
        """The same lines as an Outlaw 9 table (Treasure and Envy lines are Outlaw 9
        categories)."""
        return Paytable(self.name, "outlaw9", self.pays, self.source, self.status)

    def categories(self):
        return [c for c, _ in self.pays]

    def with_pay(self, category, pay, name=None):
        """A copy with one line's pay changed (or added)."""
        category = line_name(category, self.bet)
        pay = parse_pay(pay)
        lines = list(self.pays)
        for i, (c, _) in enumerate(lines):
            if c == category:
                lines[i] = (c, pay)
                break
        else:
            lines.append((category, pay))
        return Paytable(name or self.name, self.bet, tuple(lines), "")

    def to_dict(self):
        """The certificate form: pays as exact strings, in order."""
        out = {
            "name": self.name,
            "bet": self.bet,
            "lines": [{"category": c, "pay": pay_text(p)} for c, p in self.pays],
        }
        if self.status:
            out["status"] = self.status
        return out

    @classmethod
    def from_dict(cls, data, where="pay table"):
        """Inverse of ``to_dict``, with every check of a file."""
        if not isinstance(data, dict) or not isinstance(data.get("lines"), list):
            raise PaytableError(f"{where}: not a pay table")
        bet = data.get("bet")
        if bet not in BET_CATEGORIES:
            raise PaytableError(f"{where}: unknown bet {bet!r}")
        lines = []
        for i, entry in enumerate(data["lines"]):
            if not isinstance(entry, dict) or set(entry) != {"category", "pay"}:
                raise PaytableError(f"{where}: line {i + 1} is not {{category, pay}}")
            lines.append((entry["category"], entry["pay"]))
        table = cls.from_lines(str(data.get("name", "")), bet, lines, where)
        status = data.get("status", "")
        if not isinstance(status, str):
            raise PaytableError(f"{where}: status must be a string")
        return cls(table.name, table.bet, table.pays, status=status)

    @classmethod
    def from_lines(cls, name, bet, lines, where="pay table"):
        seen = {}
        out = []
        for key, value in lines:
            try:
                category = line_name(key, bet)
            except PaytableError as exc:
                raise PaytableError(f"{where}: line {key!r}: {exc}") from None
            if category in seen:
                raise PaytableError(f"{where}: duplicate line {key!r} "
                                    f"(category {category} already given as {seen[category]!r})")
            seen[category] = key
            pay = parse_pay(value, f"{where}: line {key!r}")
            if bet == "envy_bonus" and pay is PUSH:
                raise PaytableError(f"{where}: line {key!r}: envy amounts are dollars, not push")
            out.append((category, pay))
        if not out:
            raise PaytableError(f"{where}: no pay lines (a [pays] table with one line per category)")
        return cls(name, bet, tuple(out))


_TOP_KEYS = {"name", "bet", "status", "pays"}


def _where(path, text, lineno):
    line = text.splitlines()[lineno - 1].strip() if 0 < lineno <= len(text.splitlines()) else ""
    return f"{path}: line {lineno}: {line!r}"


def loads(text, path="<string>"):
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
                            "a pay table has name, bet, status and a [pays] table")
    pays = data.get("pays")
    if not isinstance(pays, dict):
        raise PaytableError(f"{path}: no [pays] table (one line per category, \"N to 1\" as N)")
    bet = data.get("bet", "outlaw9")
    if bet not in BET_CATEGORIES:
        raise PaytableError(f"{path}: unknown bet {bet!r}: choose from {', '.join(BET_CATEGORIES)}")
    name = data.get("name", Path(str(path)).stem)
    if not isinstance(name, str):
        raise PaytableError(f"{path}: name must be a string")
    lines = []
    for key, value in pays.items():
        if isinstance(value, dict):
            raise PaytableError(f"{path}: line {key!r}: pay is a table, not a number")
        lines.append((key, value))
    status = data.get("status", "")
    if not isinstance(status, str):
        raise PaytableError(f"{path}: status must be a string, e.g. status = \"filed\"")
    table = Paytable.from_lines(name, bet, lines, where=str(path))
    return Paytable(table.name, table.bet, table.pays, str(path), status)


def load(path):
    """Read a pay-table file; every problem is a one-line ``PaytableError``."""
    return loads(read_text(path, "pay table", PaytableError), str(path))


def filed(bet="outlaw9"):
    """The pay table as filed (seed 001), shipped in verifier/data."""
    return load(DATA_DIR / FILED_FILES[bet])


def example(bet):
    """The shipped example table of an Emperor's Challenge bet (example, not filed)."""
    return load(DATA_DIR / EXAMPLE_FILES[bet])


def toml_text(name, bet, pays, status=None, comment=""):
    """A pay-table file (docs/PAYTABLES.md) for ``pays`` ((line, Fraction|PUSH), ...):
    whole pays as TOML integers, the rest as exact strings ("2.5", "79491858/84607525"),
    so that ``load`` reads back exactly the same table."""
    import tomli_w
    data = {"name": name, "bet": bet}
    if status is not None:
        data["status"] = status
    data["pays"] = {line: (int(pay) if pay is not PUSH and Fraction(pay).denominator == 1
                           else pay_text(pay)) for line, pay in pays}
    head = "".join(f"# {text}\n" for text in comment.splitlines())
    return head + tomli_w.dumps(data)
