"""The deal: seven piles of seven, the dice, the action seat, handing out the piles.

Seats are numbered 1..7 clockwise (seat 1 is the first seat on the casino dealer's
left; "clockwise" and "to the left of" both mean the next higher seat number,
seat 7 being followed by seat 1).

The filing (seed 001, "Dealing Procedures and Round of Play"):

- cards are dealt one at a time into seven piles, left to right, then right to left,
  and so on until each pile has seven cards; the last four cards go to the discard;
- three dice are thrown; counting the player-dealer's seat as 1 (and 8 and 15) and
  the other seats clockwise as the next numbers, the total names the seat that
  receives the first ("Action") pile; on 8 or 15 the player-dealer receives it and
  the "Action" button goes to the player on the player-dealer's left;
- the piles are handed out clockwise from that seat, one to every seat whether or
  not it has a wager; settlement runs clockwise from the Action button.

Which pile is the action pile is the player-dealer's choice; ``action_pile`` (0..6,
0 = the leftmost, the first dealt) selects it, and the seats that follow clockwise
receive the next piles to the right, wrapping (docs/TABLE.md).
"""
from __future__ import annotations

from verifier.support.errors import VerifierError
from typing import Iterable, Sequence, TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import random

T = TypeVar("T")

SEATS = 7
#: the most chips a seat may put up as its bank (settle, simulate --bank)
MAX_CHIPS = 10 ** 9
PILES = 7
PILE_SIZE = 7
DEALT = PILES * PILE_SIZE   # 49
DISCARDS = 4

# PILE_POSITIONS[p]: the deck positions (0 = top card, dealt first) that end in pile p.
# Pass k (0..6) deals positions 7k..7k+6; even passes go left to right, odd passes
# right to left.
PILE_POSITIONS = tuple(
    tuple(PILES * k + (p if k % 2 == 0 else PILES - 1 - p) for k in range(PILE_SIZE))
    for p in range(PILES)
)
DISCARD_POSITIONS = tuple(range(DEALT, DEALT + DISCARDS))


def deal_piles(deck: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """A 53-card deck order (top first) -> (seven piles left to right, four discards).

    Each pile lists its cards in the order they were dealt to it.
    """
    if len(deck) != DEALT + DISCARDS:
        raise VerifierError(f"a deck to deal must have {DEALT + DISCARDS} cards, got {len(deck)}")
    piles = [[deck[i] for i in pos] for pos in PILE_POSITIONS]
    return piles, [deck[i] for i in DISCARD_POSITIONS]


def check_seat(seat: object, what: str = "seat") -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= SEATS:
        raise VerifierError(f"bad {what} {seat!r}: seats are numbered 1 to {SEATS}")
    return seat


def next_seat(seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise from ``seat`` (7 is followed by 1)."""
    return (seat - 1 + steps) % SEATS + 1


def clockwise_from(seat: int) -> list[int]:
    """All seven seats in clockwise order, starting with ``seat``."""
    return [next_seat(seat, k) for k in range(SEATS)]


def check_dice(dice: Iterable[int]) -> tuple[int, ...]:
    """Three dice 1..6 -> their tuple; anything else is an error."""
    try:
        dice = tuple(dice)
    except TypeError:
        raise VerifierError(f"bad dice {dice!r}: give three dice, each 1 to 6") from None
    if len(dice) != 3 or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                                 for d in dice):
        raise VerifierError(f"bad dice {list(dice)!r}: give three dice, each 1 to 6")
    return dice


def roll_dice(rng: random.Random) -> tuple[int, int, int]:
    """Three dice from a ``random.Random``."""
    r = rng.random
    return (int(r() * 6) + 1, int(r() * 6) + 1, int(r() * 6) + 1)


def first_pile_seat(total: int, dealer_seat: int) -> int:
    """The seat that receives the first (action) pile for a dice total.

    The player-dealer's seat counts 1, 8, 15; the seats clockwise from it count on.
    """
    if not 1 <= total <= 18:
        raise VerifierError(f"bad dice total {total}: three dice make 3 to 18")
    return next_seat(dealer_seat, (total - 1) % SEATS)


def action_seat(total: int, dealer_seat: int) -> int:
    """The seat that gets the "Action" button (where settlement starts).

    The seat of the first pile, except when that is the player-dealer (totals 8 and
    15): then the player on the player-dealer's left.
    """
    seat = first_pile_seat(total, dealer_seat)
    return next_seat(dealer_seat) if seat == dealer_seat else seat


def distribute(piles: Sequence[T], first_seat: int, action_pile: int = 0) -> dict[int, T]:
    """Hand the piles out clockwise: seat -> pile.

    ``first_seat`` receives pile ``action_pile``; each next seat clockwise receives
    the next pile to the right, wrapping.
    """
    if not 0 <= action_pile < PILES:
        raise VerifierError(f"bad action pile {action_pile + 1}: piles are numbered 1 to {PILES}")
    return {next_seat(first_seat, k): piles[(action_pile + k) % PILES] for k in range(SEATS)}


def settlement_order(action: int, dealer_seat: int) -> list[int]:
    """The player seats in settlement order: clockwise from the action seat, the
    player-dealer's seat left out."""
    return [s for s in clockwise_from(action) if s != dealer_seat]
