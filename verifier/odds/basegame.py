"""The base game's expected result from exact win/loss/push counts (docs/RULESETS.md).

The counts are over every ordered pair (player hand, banker hand) of disjoint hands,
both set by the house way (``verifier.engine.pairwise.pairwise_counts``). Per unit wagered by
the player:

- **commission** (casino game, seeds 002 and 004): a win pays 1 to 1 less the
  commission ``c`` (5%), a loss costs the unit, a push is 0:
  ``E = (W (1 - c) - L) / T``;
- **fees** (California game, seed 001): a win pays 1 to 1, no commission, and the
  player pays a flat collection fee per hand from the posted schedule (docs/TABLE.md):
  for a wager of ``B`` dollars, ``E(B) = (W - L) / T - fee(B) / B`` per unit wagered.
  Each tier is reported at its smallest and its largest wager (the fee weighs most at
  the smallest); the open top tier at the table maximum.

``settle(counts, settlement)`` returns the JSON-ready figures (exact fractions beside
decimals). (``verifier.certificate.build.pairwise_figures`` runs the pairwise engine when
it can and says why when it cannot.
"""
from fractions import Fraction

from verifier.odds.values import exact_value

from verifier.support.errors import VerifierError


#: The exact player-against-banker counts a certificate keeps (verifier.engine.pairwise).
PAIRWISE_COUNTS = ("total", "win", "loss", "push", "copy_high", "copy_low", "copy_both",
                   "push_wrangler_2to1", "push_wrangler_1to1")


def _wlp(counts):
    try:
        w, l, p = (int(counts[k]) for k in ("win", "loss", "push"))
        total = int(counts.get("total", w + l + p))
    except (KeyError, TypeError, ValueError):
        raise VerifierError("base game counts need win, loss and push") from None
    if min(w, l, p) < 0 or w + l + p != total or total <= 0:
        raise VerifierError(f"base game counts do not add up: {w} + {l} + {p} != {total}")
    return w, l, p, total


#: The casino game's commission on wins (seeds 002 and 004).
CASINO_COMMISSION = Fraction(1, 20)


def commission_return(counts, rate=CASINO_COMMISSION):
    """Expected result per unit for a player, wins paid 1 to 1 less ``rate``."""
    w, l, _p, total = _wlp(counts)
    rate = Fraction(rate)
    return (w * (1 - rate) - l) / Fraction(total)


def even_money_return(counts):
    """Expected result per unit, wins paid 1 to 1, no commission nor fee."""
    w, l, _p, total = _wlp(counts)
    return Fraction(w - l, total)


def fee_return(counts, wager, fee):
    """Expected result per unit wagered for a ``wager`` of dollars paying a flat ``fee``."""
    wager = Fraction(wager)
    if wager <= 0:
        raise VerifierError("the wager must be positive")
    return even_money_return(counts) - Fraction(fee) / wager


def fee_tiers(tiers, table_max):
    """[(low, high, fee)] from ((lowest amount, fee), ...); the top tier ends at the maximum."""
    out = []
    for i, (low, fee) in enumerate(tiers):
        high = tiers[i + 1][0] - 1 if i + 1 < len(tiers) else table_max
        if high >= low:
            out.append((low, high, fee))
    return out


def setting_return(counts, settlement):
    """The expected result per unit wagered that ranks a player's ways to set one hand:
    wins paid 1 to 1 less the commission (kind commission), or 1 to 1 (kind fees: the
    flat fee per hand is the same whichever way the hand is set, so it is left out)."""
    kind = settlement.get("kind")
    if kind == "commission":
        return commission_return(counts, _commission(settlement))
    if kind == "fees":
        return even_money_return(counts)
    raise VerifierError(f"unknown settlement kind {kind!r} (commission or fees)")


def _commission(settlement):
    return Fraction(str(settlement["commission"]))


def settle(counts, settlement):
    """The base game figures for ``settlement`` (a dict: ``{"kind": "commission",
    "commission": "0.05"}`` or ``{"kind": "fees", "player_tiers": [[10, 1], ...],
    "table_max": 1000}``)."""
    w, l, p, total = _wlp(counts)
    kept = {k: int(counts[k]) for k in PAIRWISE_COUNTS if k in counts}
    out = {"counts": dict(kept, total=total, win=w, loss=l, push=p),
           "probabilities": {k: exact_value(Fraction(v, total))
                             for k, v in (("win", w), ("loss", l), ("push", p))},
           "even_money_return": exact_value(even_money_return(counts))}
    kind = settlement.get("kind")
    if kind == "commission":
        rate = _commission(settlement)
        e = commission_return(counts, rate)
        out.update({"kind": "commission", "commission": str(rate),
                    "return": exact_value(e), "house_edge": exact_value(-e)})
    elif kind == "fees":
        tiers = [(int(a), int(b)) for a, b in settlement["player_tiers"]]
        rows = []
        for low, high, fee in fee_tiers(tiers, int(settlement["table_max"])):
            rows.append({"wagers": [low, high], "fee": fee,
                         "return_at_smallest": exact_value(fee_return(counts, low, fee)),
                         "return_at_largest": exact_value(fee_return(counts, high, fee))})
        # the same counts as a casino game would settle them, for comparison
        casino = commission_return(counts, CASINO_COMMISSION)
        out.update({"kind": "fees", "tiers": rows,
                    "casino_comparison": {"commission": str(CASINO_COMMISSION),
                                          "return": exact_value(casino),
                                          "house_edge": exact_value(-casino)}})
    else:
        raise VerifierError(f"unknown settlement kind {kind!r} (commission or fees)")
    return out
