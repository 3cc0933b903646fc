"""The table's reads of a hand: the lines a wager is paid on, as a mask of line indexes,
and its odds from a pay vector over them (the highest-paying line, -1 when none).

A named bet declares which read it uses and whose hand it reads (verifier/bets/, its
``TableSide``); the compiled kernel has the same reads (cext/table_sim.h ``ts_read``, in
the order of ``verifier.game.bets.TABLE_READS``). ``hand`` and ``other`` are set_hands
results (front, back, front_key, back_key, seven-card mask, house-way mask), ``cards``
the seven cards of ``hand``, ``base`` the seat's base outcome against the banker.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence, TYPE_CHECKING

from verifier.game.bets import INSURANCE_LINES
from verifier.game.outcome import LOSS, PUSH
from verifier.game.ranking import FRONT_PAIR_BASE, PAIR_OF_THREES_KEY

if TYPE_CHECKING:
    from fractions import Fraction
    from verifier.table.limits import TableRules

PAIR_KEY = PAIR_OF_THREES_KEY     # the push-pair read's line 1: a pair of 3s or better


def _seven(hand, other, cards, base):
    return hand[4]


def _house(hand, other, cards, base):
    return hand[5]


def _push_pair(hand, other, cards, base):
    """A push (line 0), with a pair of 3s or better in either front hand (line 1 only)."""
    if base != PUSH:
        return 0
    return 2 if hand[2] >= PAIR_KEY or other[2] >= PAIR_KEY else 1


def _pai_gow(hand, other, cards, base):
    """A pai gow by its top card (``emperors.insurance_line``: the reading in force)."""
    from verifier.odds.emperors import insurance_line
    line = insurance_line(cards)
    return 0 if line is None else 1 << INSURANCE_LINES.index(line)


def _front(hand, other, cards, base):
    """The front hand: line 0 a pair, else 1 + (ace - its top card): ``bets.FRONT_LINES``."""
    return 1 if hand[2] >= FRONT_PAIR_BASE else 1 << (13 - hand[2] // 13)


#: each read of ``TABLE_READS`` but the base wager's
READS = {"seven-card-mask": _seven, "house-way-mask": _house, "push-pair": _push_pair,
         "pai-gow": _pai_gow, "front": _front}


def mask_odds(mask: int, pays: Sequence[int | Fraction]) -> int | Fraction:
    """The highest-paying line of ``pays`` (bit i = line i) ``mask`` holds, else -1."""
    return max((pays[i] for i in range(len(pays)) if mask >> i & 1), default=LOSS)


def paid_line(mask: int, pays: Sequence[int | Fraction]) -> int | None:
    """The index of the line ``mask`` is paid on (``mask_odds``'s: the highest pay it holds,
    the first of equal pays), None when it holds no line."""
    held = [i for i in range(len(pays)) if mask >> i & 1]
    return max(held, key=lambda i: (pays[i], -i)) if held else None


def side_reads(table: TableRules, kinds: Iterable[str]) -> list[tuple[Any, bool, Any]]:
    """(read function, of the banker's hand, pays) of each named bet's wager in ``kinds``
    at ``table``, to be read hand after hand."""
    out = []
    for kind in kinds:
        read, of_banker = table.read_of(kind)
        out.append((READS[read], of_banker, table.pays_of(kind)))
    return out


def side_odds(read: Callable[..., int], of_banker: bool, pays: Sequence[int | Fraction], player: Sequence[Any],
              banker: Sequence[Any], player_cards: Sequence[int] | None, banker_cards: Sequence[int] | None, base: int) -> int | Fraction:
    """The odds of one named bet's wager (``side_reads``) for one seat: its read of the
    seat's hand (or of the banker's), paid by its pays."""
    if of_banker:
        return mask_odds(read(banker, player, banker_cards, base), pays)
    return mask_odds(read(player, banker, player_cards, base), pays)


def wager_odds(table: TableRules, kind: str, player: Sequence[Any], banker: Sequence[Any], player_cards: Sequence[int] | None,
               banker_cards: Sequence[int] | None, base: int) -> int | Fraction:
    """The odds of a named bet's wager ``kind`` at ``table`` for one seat."""
    (side,) = side_reads(table, (kind,))
    return side_odds(*side, player, banker, player_cards, banker_cards, base)
