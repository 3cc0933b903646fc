"""The player's optimal strategy over every player hand (issue 15; docs/STRATEGY.md):
the raw sums the job produces, chunk by chunk, and how they add up.

For every player hand P (one per suit-symmetry class, weighted by the class's size) the
job counts, exactly, each legal setting's wins W and losses L against every banker hand
of the rest of the deck set by the house way (``banker_hands`` = C(n - 7, 7) of them), and
compares the settings by the rule set's value

    v = (cd - cn) * W - cd * L          (commission cn/cd; 0/1 for a fee game)

which orders them as ``basegame.setting_return`` does (W and L as the settlement settles
them: against a banker's hand that meets a push condition a win is no win, nor a loss
when every outcome pushes, ``SettlementRule.outcomes``). The **best** setting has the
highest v over the legal (not foul) settings: the house way's own setting when it is
among the best, else the first non-dominated legal setting with that v in the order of
the settings (``strategy.settings_python``: fronts in lexicographic order of the sorted
cards). The house way is **not optimal** for P when its v is below the best.

The raw sums of a chunk (and of the whole job: chunks add field by field, ``merge_raw``):

    player_hands     sum of the weights: the player hands covered
    player_classes   the representatives done
    banker_hands     C(n - 7, 7), the same for every player hand
    house_way        {"win": sum w W_house, "loss": sum w L_house}
    optimal          {"win": sum w W_best, "loss": sum w L_best}
    face_up          {"win": sum w W_fu, "loss": sum w L_fu} (a job asked for it:
                     JobSpec.face_up): Face Up, the dealer's hand set and exposed
                     first: against each banker hand the player's best legal setting
                     for that hand (a win if one wins, else a push if one does not
                     lose), settled by the push conditions
    not_optimal      sum of w over hands where the house way is not optimal
    cost             sum of w (v_best - v_house): an integer; the cost per unit wagered,
                     over all hands, is cost / (cd * banker_hands * player_hands)
    by_type          [[type, hands, not_optimal, cost], ...]: type the class of the best
                     five-card hand of the seven (``ranking.CLASS_NAMES`` index)
    by_row           [[row, hands, not_optimal, cost], ...]: the house way's row
    patterns         [[label, hands, not_optimal, cost, example, example_cost,
                       best_front], ...] for
                     every rank pattern met (so that chunks add up; ``prune_patterns``
                     keeps, at the end, those where the house way is not always
                     optimal): label the ranks high to low ("AKQ9952"; the joker "*",
                     first: "*AKQ995"), example one hand
                     (card ints) of that pattern where the house way gives up the most
                     (ties: the least sorted hand, so the example does not depend on the
                     order hands are met in), example_cost that hand's v_best - v_house,
                     best_front the two front cards of that hand's best setting

Lists are sorted by their first field. All numbers are Python ints.
"""
from __future__ import annotations


import math
from fractions import Fraction

from verifier.odds.values import exact_value
from verifier.game.settlement import SettlementRule
from typing import Any, Iterable, Mapping, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.rules.rulesets import RuleSet

RAW_SCALARS = ("player_hands", "player_classes", "not_optimal", "cost")
RAW_TABLES = ("by_type", "by_row")
#: the win and loss sums: the house way's setting, the best one (Face Up's best response
#: when the job counts it: ``sides``)
SIDES = ("house_way", "optimal")
FACE_UP = "face_up"


def sides(raw: Mapping[str, Any]) -> tuple[str, ...]:
    """The win and loss sums of these raw sums: SIDES, and Face Up's when counted."""
    return SIDES + ((FACE_UP,) if FACE_UP in raw else ())


def empty_raw(banker_hands: int, face_up: bool = False) -> dict[str, Any]:
    """The raw sums of no hands (with Face Up's sums when ``face_up``)."""
    return {"player_hands": 0, "player_classes": 0, "banker_hands": int(banker_hands),
            "house_way": {"win": 0, "loss": 0}, "optimal": {"win": 0, "loss": 0},
            **({FACE_UP: {"win": 0, "loss": 0}} if face_up else {}),
            "not_optimal": 0, "cost": 0, "by_type": [], "by_row": [], "patterns": []}


def merge_raw(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The raw sums of two disjoint sets of player hands (a new dict)."""
    return merge_all([a, b])


def merge_all(raws: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The raw sums of disjoint sets of player hands, in one pass (a new dict; the same
    whatever the order, so chunks and threads add up alike)."""
    raws = list(raws)
    banker = {r["banker_hands"] for r in raws}
    if len(banker) > 1:
        raise ValueError("raw sums of different decks")
    kinds = {sides(r) for r in raws}
    if len(kinds) > 1:
        raise ValueError("raw sums with Face Up's sums and without")
    out = empty_raw(banker.pop() if banker else 0, any(FACE_UP in r for r in raws))
    for k in RAW_SCALARS:
        out[k] = sum(r[k] for r in raws)
    for side in sides(out):
        out[side] = {k: sum(r[side][k] for r in raws) for k in ("win", "loss")}
    for k in RAW_TABLES:
        rows: dict = {}
        for r in raws:
            for key, *nums in r[k]:
                old = rows.get(key, [0, 0, 0])
                rows[key] = [x + y for x, y in zip(old, nums)]
        out[k] = [[key] + rows[key] for key in sorted(rows)]
    pats: dict = {}
    for r in raws:
        for label, hands, nopt, cost, example, example_cost, front in r["patterns"]:
            old = pats.get(label)
            if old is None:
                pats[label] = [hands, nopt, cost, list(example), example_cost, list(front)]
            else:
                mine = (-old[4], sorted(old[3])) <= (-example_cost, sorted(example))
                keep = old[3:] if mine else (list(example), example_cost, list(front))
                pats[label] = [old[0] + hands, old[1] + nopt, old[2] + cost, *keep]
    out["patterns"] = [[label] + pats[label] for label in sorted(pats)]
    return out


def prune_patterns(raw: dict[str, Any]) -> dict[str, Any]:
    """The raw sums with only the patterns where the house way is not always optimal
    (``not_optimal`` > 0): what a certificate keeps (a new dict; the figures list no
    other pattern). A chunk's raw sums list every pattern they meet, so that chunks add
    up (a pattern's ``hands`` spans chunks); this drops the rest once, at the end."""
    out = dict(raw)
    out["patterns"] = [list(p) for p in raw["patterns"] if p[2] > 0]
    return out


def pattern_label(cards: Iterable[int]) -> str:
    """The rank pattern of a hand: its ranks high to low, the joker "*" (the highest card
    int, so it comes first: "*AKQ995")."""
    from verifier.game.cards import JOKER, RANK_CHARS
    return "".join("*" if c == JOKER else RANK_CHARS[c >> 2] for c in sorted(cards, reverse=True))


# ---------------------------------------------------------------------------------
# the figures (the certificate's ``strategy`` section)
# ---------------------------------------------------------------------------------

#: patterns the figures list, by total cost
TOP_PATTERNS = 20
_INT_MAX = 2 ** 53 - 1       # RFC 8785 (result_sha256) writes no larger integer


def raw_to_json(raw: dict[str, Any]) -> dict[str, Any]:
    """The raw sums as a certificate keeps them: ints beyond 2**53 - 1, which RFC 8785
    cannot write (a cost may reach them on the full deck), as strings of their digits."""
    def conv(x):
        if isinstance(x, dict):
            return {k: conv(v) for k, v in x.items()}
        if isinstance(x, list):
            return [conv(v) for v in x]
        return str(x) if isinstance(x, int) and abs(x) > _INT_MAX else x
    return conv(raw)


def raw_from_json(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw_to_json`` undone: every count an int (a label stays a string)."""
    def num(x, where):
        if isinstance(x, bool) or not isinstance(x, (int, str)):
            raise ValueError(f"{where}: {x!r} is not an integer")
        if isinstance(x, str):
            if not x.lstrip("-").isdigit() or abs(int(x)) <= _INT_MAX:
                raise ValueError(f"{where}: {x!r} is not an integer beyond 2**53 - 1")
            return int(x)
        return x
    out = {k: num(raw[k], k) for k in ("banker_hands",) + RAW_SCALARS}
    for side in sides(raw):
        out[side] = {k: num(raw[side][k], f"{side}.{k}") for k in ("win", "loss")}
    for k in RAW_TABLES:
        out[k] = [[num(x, k) for x in row] for row in raw[k]]
    out["patterns"] = []
    for label, *nums, example, example_cost, front in raw["patterns"]:
        if not isinstance(label, str):
            raise ValueError(f"patterns: {label!r} is not a label")
        out["patterns"].append([label] + [num(x, "patterns") for x in nums]
                               + [[num(c, "patterns") for c in example],
                                  num(example_cost, "patterns"),
                                  [num(c, "patterns") for c in front]])
    return out


def commission_of(settlement: SettlementRule | Mapping[str, Any]) -> tuple[int, int]:
    """(cn, cd) of the value that ranks settings: 1 - ``win_net`` of the settlement (the
    commission; 0/1 for a fee game, whose flat fee is the same whichever the setting)."""
    return SettlementRule.of(settlement).value_ratio


def check_raw(raw: dict[str, Any], deck: Sequence[int] | None = None,
              ratio: tuple[int, int] | None = None, chunk: bool = False) -> None:
    """ValueError unless the raw sums hold together: counts not negative, the tables' sums
    the totals, each pattern's example of its pattern (and of ``deck``) with a cost at
    most the pattern's, the sorted and distinct keys merge_raw writes; with ``ratio`` (cn,
    cd: the settlement's ``value_ratio``), the cost the gap of the two sides' values,
    (cd - cn) (W_best - W_house) - cd (L_best - L_house) (the cost is a sum of such gaps,
    hand by hand).

    ``chunk``: the sums of one chunk of the job (its work file), which list every pattern
    they meet, the house way's always-best ones included, so the patterns add up to the
    totals exactly (a whole job's list only the patterns where the house way gives up
    something: at most the totals)."""
    hands, banker = raw["player_hands"], raw["banker_hands"]
    total = hands * banker
    for side in sides(raw):
        w, l = raw[side]["win"], raw[side]["loss"]
        if min(w, l) < 0 or w + l > total:
            raise ValueError(f"{side}: win {w} and loss {l} are not counts of {total} pairs")
    if not 0 <= raw["not_optimal"] <= hands or raw["cost"] < 0 or \
            not 0 <= raw["player_classes"] <= hands:
        raise ValueError("not_optimal, cost and player_classes must be counts")
    if (raw["cost"] == 0) != (raw["not_optimal"] == 0):
        raise ValueError("a cost without hands where the house way is not optimal, or these "
                         "without a cost")
    if ratio is not None:
        cn, cd = ratio
        gap = ((cd - cn) * (raw["optimal"]["win"] - raw["house_way"]["win"])
               - cd * (raw["optimal"]["loss"] - raw["house_way"]["loss"]))
        if raw["cost"] != gap:
            raise ValueError(f"the cost {raw['cost']} is not the optimal value minus the "
                             f"house way's, {gap}")
    totals = (hands, raw["not_optimal"], raw["cost"])
    for name, rows in (("by_type", raw["by_type"]), ("by_row", raw["by_row"])):
        keys = [r[0] for r in rows]
        if keys != sorted(set(keys)) or any(len(r) != 4 for r in rows):
            raise ValueError(f"{name}: rows [key, hands, not_optimal, cost], sorted, each key once")
        for row in rows:
            if not (row[1] > 0 and 0 <= row[2] <= row[1] and row[3] >= 0
                    and (row[2] == 0) == (row[3] == 0)):
                raise ValueError(f"{name}: the row {row} is not a count of hands")
        sums = tuple(sum(r[i] for r in rows) for i in (1, 2, 3))
        if sums != totals:
            raise ValueError(f"{name}: adds up to {sums} (hands, not_optimal, cost), not {totals}")
    labels = [p[0] for p in raw["patterns"]]
    if labels != sorted(set(labels)):
        raise ValueError("patterns: sorted by label, each label once")
    for label, n, nopt, cost, example, example_cost, front in raw["patterns"]:
        cards = sorted(example)
        if (len(set(cards)) != 7 or pattern_label(cards) != label
                or (deck is not None and not set(cards) <= set(deck))):
            raise ValueError(f"patterns: the example {example} is not a hand of pattern {label}")
        if len(set(front)) != 2 or not set(front) <= set(cards):
            raise ValueError(f"patterns: {front} is not two cards of the example {example}")
        gives_up = 0 < nopt <= n and 0 < example_cost <= cost
        always_best = chunk and n > 0 and nopt == cost == example_cost == 0
        if not (gives_up or always_best):
            raise ValueError(f"patterns: {label} is not a pattern where the house way gives up "
                             "something, or its example costs more than the pattern")
    sums = tuple(sum(p[i] for p in raw["patterns"]) for i in (1, 2, 3))
    wrong = (sums != totals) if chunk else (sums[1] > totals[1] or sums[2] > totals[2])
    if wrong:
        raise ValueError(f"patterns: add up to {sums} (hands, not_optimal, cost), "
                         f"{'not' if chunk else 'more than'} {totals}")


def settled_rule(settlement: Any) -> SettlementRule:
    """The settlement of the job's sums, which are settled already (its push conditions
    applied, Face Up counted): the rule without them."""
    return SettlementRule.of(settlement).without_pushes()


def _settled(raw, side, settlement):
    """``basegame.settle`` of one side's counts, with its house edge and what it is."""
    from verifier.odds.basegame import settle
    total = raw["player_hands"] * raw["banker_hands"]
    w, l = raw[side]["win"], raw[side]["loss"]
    out = settle({"win": w, "loss": l, "push": total - w - l, "total": total},
                 settled_rule(settlement))
    if out["kind"] == "fees":
        # settle gives each fee tier's return; the figure that ranks settings is the
        # wager at 1 to 1 before the flat fee (the same fee whichever way a hand is set)
        out["house_edge"] = exact_value(-Fraction(w - l, total))
        out["house_edge_basis"] = ("wins paid 1 to 1, before the flat fee per hand (each "
                                   "fee tier's return under tiers)")
    else:
        out["house_edge_basis"] = f"wins paid 1 to 1 less {out['commission']} commission"
    return out


def _share(n, d):
    return exact_value(Fraction(n, d)) if d else exact_value(0)


def _table_rows(rows, names, unit, key):
    return [{key: k, "name": names.get(k, str(k)), "hands": n, "not_optimal": nopt,
             "frequency": _share(nopt, n), "cost": exact_value(Fraction(c, unit))}
            for k, n, nopt, c in rows]


def figures(raw: dict[str, Any], ruleset: RuleSet) -> dict[str, Any]:
    """The JSON-ready figures of the whole job's raw sums under ``ruleset``: the house
    way and the best setting settled (``basegame.settle``), how often and at what cost
    the house way is not optimal, by hand type, by house-way row and the top patterns.
    Costs are returns per unit wagered: cost / (cd x banker_hands x player_hands) over all
    hands; a pattern's example cost per unit wagered on that hand."""
    from verifier.game.cards import cards_str
    from verifier.houseway import row_names
    from verifier.odds.basegame import setting_return
    from verifier.game.ranking import CLASS_NAMES
    check_raw(raw)
    settlement = ruleset.settlement
    cn, cd = commission_of(settlement)
    hands, banker = raw["player_hands"], raw["banker_hands"]
    if hands <= 0 or banker <= 0:
        raise ValueError("no player hands or no banker hands")
    unit = cd * banker * hands
    house, best = _settled(raw, "house_way", settlement), _settled(raw, "optimal", settlement)
    cost = Fraction(raw["cost"], unit)
    plain = settled_rule(settlement)
    gap = setting_return(best["counts"], plain) - setting_return(house["counts"], plain)
    if cost != gap:
        raise ValueError(f"the cost {cost} is not the optimal return minus the house way's "
                         f"{gap} (raw sums of another commission?)")
    patterns = sorted(raw["patterns"], key=lambda p: (-p[3], p[0]))[:TOP_PATTERNS]
    top = []
    # the examples set by the pure-Python twin: the figures, and so ``check``, need no
    # compiled core
    from verifier.engine import engine_spec, reference_set_hand
    spec = engine_spec(ruleset.rules) if patterns else None
    for label, n, nopt, pcost, example, example_cost, best_front in patterns:
        cards = sorted(example)
        front, back = reference_set_hand(cards, spec)
        best_back = [c for c in cards if c not in best_front]
        text = cards_str(cards)
        top.append({"pattern": label, "hands": n, "not_optimal": nopt,
                    "cost": exact_value(Fraction(pcost, unit)),
                    "example": {"cards": text,
                                "house_way": {"front": cards_str(front), "back": cards_str(back)},
                                "best": {"front": cards_str(sorted(best_front)),
                                         "back": cards_str(best_back)},
                                "cost": exact_value(Fraction(example_cost, cd * banker)),
                                "best_setting_command": f'paigow-verify hand "{text}" --strategy '
                                                f"--rules {ruleset.name}"}})
    nopt = raw["not_optimal"]
    from verifier.game.names import class_words     # the top class by the joker's reading
    types = {i: class_words(n, ruleset.joker) for i, n in enumerate(CLASS_NAMES)}
    return {
        "player_hands": hands, "player_classes": raw["player_classes"],
        "banker_hands": banker, "commission": str(Fraction(cn, cd)),
        "house_way": house, "optimal": best,
        "not_optimal": {"hands": nopt, "frequency": _share(nopt, hands),
                        "cost": exact_value(cost),
                        "cost_when_not_optimal": exact_value(Fraction(raw["cost"], cd * banker * nopt)
                                                             if nopt else 0)},
        "by_type": _table_rows(raw["by_type"], types, unit, "type"),
        "by_row": _table_rows(raw["by_row"], row_names(ruleset.rules.way), unit, "row"),
        "patterns": top,
        **({FACE_UP: _settled(raw, FACE_UP, settlement)} if FACE_UP in raw else {}),
    }

