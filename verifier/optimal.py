"""The player's optimal strategy over every player hand (issue 15; docs/STRATEGY.md):
the raw sums the job produces, chunk by chunk, and how they add up.

For every player hand P (one per suit-symmetry class, weighted by the class's size) the
job counts, exactly, each legal setting's wins W and losses L against every banker hand
of the rest of the deck set by the house way (``banker_hands`` = C(n - 7, 7) of them), and
compares the settings by the rule set's value

    v = (cd - cn) * W - cd * L          (commission cn/cd; 0/1 for a fee game)

which orders them as ``basegame.setting_return`` does. The **best** setting has the
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
    not_optimal      sum of w over hands where the house way is not optimal
    cost             sum of w (v_best - v_house): an integer; the cost per unit wagered,
                     over all hands, is cost / (cd * banker_hands * player_hands)
    by_type          [[type, hands, not_optimal, cost], ...]: type the class of the best
                     five-card hand of the seven (``ranking.CLASS_NAMES`` index)
    by_row           [[row, hands, not_optimal, cost], ...]: the house way's row
    patterns         [[label, hands, not_optimal, cost, example, example_cost], ...] for
                     the rank patterns where the house way is not always optimal: label
                     the ranks high to low ("AKQ9952", the joker "*"), example one hand
                     (card ints) of that pattern where the house way gives up the most,
                     example_cost that hand's v_best - v_house

Lists are sorted by their first field. All numbers are Python ints.
"""

RAW_SCALARS = ("player_hands", "player_classes", "not_optimal", "cost")
RAW_TABLES = ("by_type", "by_row")


def empty_raw(banker_hands):
    """The raw sums of no hands."""
    return {"player_hands": 0, "player_classes": 0, "banker_hands": int(banker_hands),
            "house_way": {"win": 0, "loss": 0}, "optimal": {"win": 0, "loss": 0},
            "not_optimal": 0, "cost": 0, "by_type": [], "by_row": [], "patterns": []}


def merge_raw(a, b):
    """The raw sums of two disjoint sets of player hands (a new dict)."""
    if a["banker_hands"] != b["banker_hands"]:
        raise ValueError("raw sums of different decks")
    out = empty_raw(a["banker_hands"])
    for k in RAW_SCALARS:
        out[k] = a[k] + b[k]
    for side in ("house_way", "optimal"):
        out[side] = {k: a[side][k] + b[side][k] for k in ("win", "loss")}
    for k in RAW_TABLES:
        rows = {}
        for key, *nums in a[k] + b[k]:
            old = rows.get(key, [0, 0, 0])
            rows[key] = [x + y for x, y in zip(old, nums)]
        out[k] = [[key] + rows[key] for key in sorted(rows)]
    pats = {}
    for label, hands, nopt, cost, example, example_cost in a["patterns"] + b["patterns"]:
        old = pats.get(label)
        if old is None:
            pats[label] = [hands, nopt, cost, list(example), example_cost]
        else:
            keep = (old[3], old[4]) if old[4] >= example_cost else (list(example), example_cost)
            pats[label] = [old[0] + hands, old[1] + nopt, old[2] + cost, *keep]
    out["patterns"] = [[label] + pats[label] for label in sorted(pats)]
    return out
