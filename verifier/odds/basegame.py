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

When a player banks (a commission game: seeds 002 and 004 let players bank in turn), one
opponent against the banker, both on the house way: the banker wins the opponent's
losses ``L``, loses its wins ``W``, and pays the commission ``c`` on its own win:
``B = (L (1 - c) - W) / T`` per unit the opponent wagers; the opponent's result is the
player's ``E`` above; the house collects ``c (W + L) / T``, so ``B + E + c (W + L) / T = 0``.
With co-banking the casino takes a share ``s`` of the bank's results, losses as well as
wins, and the banking player pays the commission on its own share only: the banking
player ``(1 - s) B``, the casino ``s (L - W) / T + c (W + (1 - s) L) / T``
(``player_bank``).

A settlement that pushes on the banker's hand (``push_when``: EZ Pai Gow, Commission-Free;
docs/VARIANTS.md) settles the counts first: a win (and, when every outcome pushes, a
loss) against a banker's hand that meets a condition is a push
(``SettlementRule.outcomes``); the formulas above then hold with those W, L and T, and the
banker's side is left out (no player banks in those games).

``settle(counts, settlement, bank, banker_side)`` returns the JSON-ready figures (exact
fractions beside decimals). (``verifier.certificate.build.pairwise_figures`` runs the
pairwise engine when it can and says why when it cannot.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Sequence

from verifier.odds.values import exact_value
from verifier.support.errors import VerifierError
from verifier.game.settlement import COMMISSION, FEES, SettlementRule
from verifier.game.pushes import PUSH_NAMES


#: The exact player-against-banker counts a certificate keeps (verifier.engine.pairwise).
PAIRWISE_COUNTS = ("total", "win", "loss", "push", "copy_high", "copy_low", "copy_both",
                   "push_wrangler_2to1", "push_wrangler_1to1")


def _wlp(counts, rule: SettlementRule | None = None):
    """(win, loss, push, total) of the counts, as ``rule`` settles them (its push
    conditions) when given."""
    try:
        w, l, p = (int(counts[k]) for k in ("win", "loss", "push"))
        total = int(counts.get("total", w + l + p))
        if rule is not None and rule.has_pushes:
            w, l, p, total = rule.outcomes(counts)
    except (KeyError, TypeError, ValueError):
        raise VerifierError("base game counts need win, loss and push") from None
    if min(w, l, p) < 0 or w + l + p != total or total <= 0:
        raise VerifierError(f"base game counts do not add up: {w} + {l} + {p} != {total}")
    return w, l, p, total


#: The casino game's commission on wins (seeds 002 and 004).
CASINO_COMMISSION = Fraction(1, 20)


def commission_return(counts: Mapping, rate: Fraction = CASINO_COMMISSION) -> Fraction:
    """Expected result per unit for a player, wins paid 1 to 1 less ``rate``."""
    return setting_return(counts, SettlementRule(COMMISSION).at_rate(rate))


def even_money_return(counts: Mapping) -> Fraction:
    """Expected result per unit, wins paid 1 to 1, no commission nor fee."""
    return setting_return(counts, SettlementRule(COMMISSION))


def fee_return(counts: Mapping, wager: Fraction | int, fee: Fraction | int) -> Fraction:
    """Expected result per unit wagered for a ``wager`` of dollars paying a flat ``fee``."""
    wager = Fraction(wager)
    if wager <= 0:
        raise VerifierError("the wager must be positive")
    return even_money_return(counts) - Fraction(fee) / wager


def fee_tiers(tiers: Sequence[Sequence[int]], table_max: int) -> list[tuple[int, int, int]]:
    """[(low, high, fee)] from ((lowest amount, fee), ...); the top tier ends at the maximum
    (``SettlementRule.fee_bands``)."""
    return SettlementRule(FEES, player_tiers=tuple(map(tuple, tiers)), table_max=table_max).fee_bands()


def setting_return(counts: Mapping, settlement: SettlementRule | Mapping) -> Fraction:
    """The expected result per unit wagered that ranks a player's ways to set one hand:
    wins paid 1 to 1 less the commission (kind commission), or 1 to 1 (kind fees: the
    flat fee per hand is the same whichever way the hand is set, so it is left out)."""
    rule = SettlementRule.of(settlement)
    w, l, _p, total = _wlp(counts, rule)
    return rule.player_return(w, l, total)


#: how the banker's commission is taken, against one opponent
ONE_OPPONENT_COMMISSION = ("against one opponent the round's net win is that one wager's "
                           "result: a commission on the net win and one on each winning "
                           "wager coincide")


def player_bank(counts: Mapping, rate: Fraction, co_bank_share: Fraction | int | str = 0,
                players_bank: bool = False) -> dict:
    """The banker's side when a player banks against one opponent, both hands set by the
    house way, per unit the opponent wagers (module docstring): exact fractions.

    ``rate``: the commission on a win; ``co_bank_share``: the casino's share of the
    bank's results when the banking player co-banks (0: no co-banking);
    ``players_bank``: whether the rule set lets players bank (the figures hold either
    way: they are what a player who banked would face)."""
    w, l, p, total = _wlp(counts)
    c, s = Fraction(rate), Fraction(co_bank_share)
    if not 0 <= c < 1 or not 0 <= s <= 1:
        raise VerifierError(f"commission {c} must be in [0, 1) and the co-bank share {s} "
                            "in [0, 1]")
    rule = SettlementRule(COMMISSION).at_rate(c)
    banker = rule.banker_return(w, l, total)
    player = rule.player_return(w, l, total)
    house = c * (w + l) / total
    out = {"opponents": 1, "players_bank": bool(players_bank), "commission": str(c),
           "commission_basis": ONE_OPPONENT_COMMISSION,
           "probabilities": {k: exact_value(Fraction(v, total))
                             for k, v in (("banker_wins", l), ("push", p),
                                          ("banker_loses", w))},
           "banker_return": exact_value(banker), "banker_edge": exact_value(-banker),
           "player_return": exact_value(player), "player_edge": exact_value(-player),
           "house_return": exact_value(house),
           "banking_worth": exact_value(banker - player)}
    if s:
        mine = (1 - s) * banker
        casino = s * (l - w) / Fraction(total) + c * (w + (1 - s) * l) / total
        out["co_bank"] = {"share": str(s), "banker_return": exact_value(mine),
                          "banker_edge": exact_value(-mine),
                          "casino_share_return": exact_value(s * (l - w) / Fraction(total)),
                          "house_return": exact_value(casino),
                          "banking_worth": exact_value(mine - player)}
    return out


def settle(counts: Mapping, settlement: SettlementRule | Mapping, bank: Mapping | None = None,
           banker_side: bool = False) -> dict:
    """The base game figures for ``settlement`` (a dict: ``{"kind": "commission",
    "commission": "0.05"}`` or ``{"kind": "fees", "player_tiers": [[10, 1], ...],
    "table_max": 1000}``). ``banker_side``: a commission game also gets the banker's
    side when a player banks (``player_bank``; the certificates' base game), with
    co-banking at ``bank``'s share when the rule set's ``[bank]`` (or None) lets players
    bank and co-bank."""
    w, l, p, total = _wlp(counts)
    kept = {k: int(counts[k]) for k in PAIRWISE_COUNTS + PUSH_NAMES if k in counts}
    rule = SettlementRule.of(settlement)
    out: dict = {"counts": dict(kept, total=total, win=w, loss=l, push=p)}
    if rule.has_pushes:         # the wager's outcomes, the push conditions applied
        w, l, p, total = _wlp(counts, rule)
        out["outcomes"] = {"win": w, "loss": l, "push": p, "total": total,
                           **rule.push_mapping()}
    out["probabilities"] = {k: exact_value(Fraction(v, total))
                            for k, v in (("win", w), ("loss", l), ("push", p))}
    out["even_money_return"] = exact_value(
        setting_return(counts, rule.at_rate(0)))
    out.update(rule.terms())
    if rule.is_commission:
        e = setting_return(counts, rule)
        out.update({"return": exact_value(e), "house_edge": exact_value(-e)})
        if banker_side and not rule.has_pushes:
            terms = bank or {}
            rotation = terms.get("banker") == "rotation"
            share = Fraction(str(terms.get("co_bank_share", 0))) if rotation else 0
            out["player_bank"] = player_bank(counts, 1 - rule.win_net, share, rotation)
    else:
        rows = []
        for low, high, fee in rule.fee_bands():
            rows.append({"wagers": [low, high], "fee": fee,
                         "return_at_smallest": exact_value(fee_return(counts, low, fee)),
                         "return_at_largest": exact_value(fee_return(counts, high, fee))})
        # the same counts as a casino game would settle them, for comparison
        casino = commission_return(counts, CASINO_COMMISSION)
        out.update({"tiers": rows,
                    "casino_comparison": {"commission": str(CASINO_COMMISSION),
                                          "return": exact_value(casino),
                                          "house_edge": exact_value(-casino)}})
    return out
