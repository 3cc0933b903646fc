"""The conditions on the banker's set hand under which a base wager pushes (issue 36):
their names, and what each one asks of the banker's keys (docs/ENGINE.md).

A rule set names them in ``[settlement] push_when`` (verifier/rules/terms.py checks
them; verifier/game/settlement.py holds them): EZ Pai Gow's ``pai_gow_queen_high``,
Commission-Free's ``front_nine_high``, Face Up's ``pai_gow_ace_high`` (docs/VARIANTS.md).

Every condition is one test on the back key and one on the front key, both to hold
(``None``: any), so that an engine can mark the back and the front keys once and test
a hand by two look-ups (cext/pairwise_keys.h, ``push_terms``). The names:

- the house-way lines (verifier/game/bets.py ``HOUSE_WAY_LINES``): a back class
  (``flush``; ``royal_flush``, and ``straight_flush`` without it), the class with a pair
  in front (``flush_plus_pair``), a pair in front (``front_pair``), or the front's top
  card when it is not a pair (``front_nine_high``: a nine on top, the joker an ace);
- ``pai_gow``: no pair, straight or flush in the banker's hands: a high-card back and a
  front that is not a pair; ``pai_gow_TOP_high`` (``nine`` .. ``ace``): such a hand whose
  back's top card, the highest of the seven cards, is TOP (a pai gow's joker plays as an
  ace: ``pai_gow_ace_high``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from verifier.game.bets import CLASS_LINES, FRONT_TOPS, HOUSE_WAY_LINES
from verifier.game.ranking import CLASS_NAMES, FRONT_PAIR_BASE, class_of, is_royal

KeyTest = Callable[[int], bool]

#: the top card of a pai gow (seven ranks with no straight: a nine at least)
PAI_GOW_TOPS = FRONT_TOPS[:6]           # ace, king, queen, jack, ten, nine


def _rank_of_top(top: str) -> int:
    """Rank index (12 = ace) of a top-card word of FRONT_TOPS."""
    return 12 - FRONT_TOPS.index(top)


@dataclass(frozen=True)
class PushCondition:
    """One condition: a test on the back key and one on the front key (None: any)."""
    name: str
    back: KeyTest | None
    front: KeyTest | None

    def holds(self, back_key: int, front_key: int) -> bool:
        return ((self.back is None or self.back(back_key))
                and (self.front is None or self.front(front_key)))


def _is_pair(front_key: int) -> bool:
    return front_key >= FRONT_PAIR_BASE


def _not_pair(front_key: int) -> bool:
    return front_key < FRONT_PAIR_BASE


def _class_test(line: str) -> KeyTest:
    if line == "royal_flush":
        return is_royal
    cls = CLASS_NAMES.index(line)
    if line == "straight_flush":
        return lambda b: class_of(b) == cls and not is_royal(b)
    return lambda b: class_of(b) == cls


def _front_top(rank: int) -> KeyTest:
    return lambda f: f < FRONT_PAIR_BASE and f // 13 == rank


def _pai_gow_top(rank: int) -> KeyTest:
    return lambda b: class_of(b) == 0 and (b >> 16) & 15 == rank


def _conditions() -> dict[str, PushCondition]:
    out = {}
    for line in HOUSE_WAY_LINES:
        if line == "front_pair":
            out[line] = PushCondition(line, None, _is_pair)
        elif line.startswith("front_"):
            out[line] = PushCondition(line, None, _front_top(_rank_of_top(line[6:-5])))
        elif line.endswith("_plus_pair"):
            out[line] = PushCondition(line, _class_test(line[:-10]), _is_pair)
        else:
            out[line] = PushCondition(line, _class_test(line), None)
    assert set(CLASS_LINES) <= set(out)
    out["pai_gow"] = PushCondition("pai_gow", lambda b: class_of(b) == 0, _not_pair)
    for top in PAI_GOW_TOPS:
        name = f"pai_gow_{top}_high"
        out[name] = PushCondition(name, _pai_gow_top(_rank_of_top(top)), _not_pair)
    return out


#: every condition a rule set may name, by name
PUSH_CONDITIONS = _conditions()
PUSH_CONDITION_NAMES = tuple(PUSH_CONDITIONS)

#: the counts of the exact player-against-banker count under push conditions: the pairs
#: whose banker's hand meets one, and the player's wins and losses among them (the
#: count's win, loss and push stay the hands' comparison; SettlementRule.outcomes
#: settles them)
PUSH_NAMES = ("banker_push_hand", "win_on_push_hand", "loss_on_push_hand")

#: what a push condition holds to a push (``[settlement] push_outcomes``): "all": the
#: wager pushes whatever the hands' comparison (the sources, docs/VARIANTS.md);
#: "player_wins": only a win of the player's becomes a push, a loss stands (a reading)
PUSH_OUTCOMES = ("all", "player_wins")


def push_conditions(names: Sequence[str]) -> tuple[PushCondition, ...]:
    """The conditions of ``names``; an unknown name is one line naming it."""
    unknown = [n for n in names if n not in PUSH_CONDITIONS]
    if unknown:
        from verifier.support.errors import VerifierError
        raise VerifierError(f"unknown push condition {unknown[0]!r}: a category of the "
                            "banker's set hand (e.g. pai_gow_queen_high, front_nine_high, "
                            "front_pair, flush; docs/VARIANTS.md)")
    return tuple(PUSH_CONDITIONS[n] for n in names)


def any_holds(names: Sequence[str], back_key: int, front_key: int) -> bool:
    """Whether a banker's hand set to these keys meets one of the conditions ``names``."""
    return any(c.holds(back_key, front_key) for c in push_conditions(names))
