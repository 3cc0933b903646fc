"""Display strings of the par sheet's figures, shared by every format: one place where
the exact figures become rounded text."""
from __future__ import annotations

import re
from fractions import Fraction

from verifier.report.sheet import Z90, Bet


def pct(x: Fraction | float, places: int = 6) -> str:
    return f"{float(x) * 100:.{places}f}%"


def line_rows(bet: Bet) -> list[list[str]]:
    """Per line: title, pays, combinations, probability, odds, contribution."""
    money = bet.kind == "amount"
    rows = []
    for line in bet.lines:
        contribution = (f"${float(line.contribution):.8f}" if money
                        else f"{float(line.contribution):+.10f}")
        title = line.title + (" \N{BLACK FLAG}" if line.flags else "")
        rows.append([title, line.pay, f"{line.combinations:,}", f"{float(line.probability):.10f}",
                     line.odds, contribution])
    return rows


LINE_HEADER = ["Line", "Pays", "Combinations", "Probability", "Odds", "Contribution"]


def figure_rows(bet: Bet) -> list[list[str]]:
    """The bet's summary figures: exact where they are rational."""
    return [
        ["Return per unit bet", f"{float(bet.expected):+.10f}", str(bet.expected)],
        ["House edge", pct(bet.house_edge), str(bet.house_edge)],
        ["Return to player", pct(bet.return_to_player), str(bet.return_to_player)],
        ["Hit frequency", pct(bet.hit_frequency), str(bet.hit_frequency)],
        ["Variance", f"{float(bet.variance):.6f}", str(bet.variance)],
        ["Standard deviation", f"{bet.standard_deviation:.6f}", "√ variance"],
        [f"Volatility index ({Z90:.3f} × SD)", f"{bet.volatility_index:.6f}", ""],
    ]


def range_rows(bet: Bet) -> list[list[str]]:
    return [[f"{r.hands:,}", f"{r.expected:+,.1f}", f"{r.low90:+,.1f} to {r.high90:+,.1f}",
             f"{r.low95:+,.1f} to {r.high95:+,.1f}",
             f"{r.low95 / r.hands:+.4%} to {r.high95 / r.hands:+.4%}"] for r in bet.ranges]


RANGE_HEADER = ["Bets", "Expected result (units)", "90% range", "95% range",
                "95% range per unit bet"]


#: the ranks as the certificates write them (T a ten, * the joker)
_RANKS = frozenset("AKQJT98765432*")


def _card_word(word: str) -> str:
    if word == "T":
        return "10"
    if len(word) == 2 and word[0] == "T" and word[1] in "cdhs":
        return "10" + word[1]                       # a card: Td -> 10d
    if len(word) > 1 and set(word) <= _RANKS:       # ranks: AT -> A-10, AKQJTT5
        return "-".join("10" if c == "T" else c for c in word)
    return word


def cards_text(text: str) -> str:
    """Cards or ranks in a certificate's notation as a filed document writes them: a ten
    is "10", never "T" ("Td" -> "10d", "T high" -> "10 high", "T,2" -> "10,2"); ranks
    written together are hyphenated ("AT" -> "A-10", "AKQJTT5" -> "A-K-Q-J-10-10-5"). For
    the cells that hold cards or ranks only (the command line's card syntax keeps T)."""
    return re.sub(r"[A-Za-z0-9*]+", lambda m: _card_word(m.group()), text)


def ranks_in_prose(text: str) -> str:
    """Running text with its runs of ranks as a filed document writes them, a ten "10"
    ("A-K-Q-J-T" -> "A-K-Q-J-10"; a reading's or a note's words, which the certificate
    keeps as written)."""
    return re.sub(r"\b[2-9AKQJT](?:-[2-9AKQJT])+\b",
                  lambda m: m.group().replace("T", "10"), text)
