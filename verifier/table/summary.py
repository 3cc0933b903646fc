"""Many rounds' results for people: the summary (per seat, per position, the house's
take by source, with 99% intervals) as JSON-ready data and as text (``simulate``)."""
from __future__ import annotations

import math
from fractions import Fraction

from verifier.game.names import TOO_FEW, interval
from verifier.table.deal import SEATS
from verifier.game.bets import BASE
from verifier.table.limits import WAGER_KINDS
from typing import Any, Callable, Mapping, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.table.setup import TableSetup
    from verifier.table.limits import TableRules
    from verifier.table.stats import Stats


def _push(table: TableRules) -> dict[str, str]:
    """The settlement's push on the banker's hand in words, {} when none."""
    text = table.settlement.push_text()
    return {"push": text} if text else {}

def _ci(pair, digits=5):
    """{value, ci99: [low, high]}; from fewer than two rounds no interval: ci99 null and
    the note "too few rounds" (never an infinity, which JSON does not hold)."""
    value, half = pair
    if value is None:
        return None
    if not math.isfinite(half):
        return {"value": round(value, digits + 3), "ci99": None, "note": TOO_FEW}
    return {"value": round(value, digits + 3), "ci99": [round(value - half, digits + 3),
                                                        round(value + half, digits + 3)]}


def summary(stats: Stats, setup: TableSetup) -> dict[str, Any]:
    """A JSON-ready summary of a run."""
    table = setup.table
    seats = {}
    for s in range(1, SEATS + 1):
        acc, unit = stats.seat_round[s - 1], stats.seat_unit[s - 1]
        seats[str(s)] = {
            "wagers": dict(zip(table.kinds, setup.seats[s - 1].wagers)),
            "bank": setup.seats[s - 1].bank,
            "rounds_played": acc.n,
            "rounds_banked": stats.seat_banked[s - 1],
            "mean_per_round_after_fees": _ci(acc.mean_ci()),
            "per_unit_wagered_before_fees": _ci(unit.ratio_ci()),
            "fees_paid_as_player": stats.seat_fees[s - 1],
            "net_as_player_after_fees": acc.sx,
            "net_as_player_dealer_after_fees": stats.seat_bank_net[s - 1],
        }
    n = stats.rounds
    from verifier.table.round import jsonable
    return jsonable({
        "rounds": n,
        "rule_set": table.name,
        "settlement": {**table.settlement.terms(),
                       "banker": ("rotation" if setup.rotates else "house") if table.house_banks
                       else "player-dealer", **_push(table)},
        "seats": seats,
        "bets": {kind: {"title": _title(table, kind),
                        "placed": stats.bet_unit[i].n, "wagered": stats.bet_unit[i].sw,
                        "won": stats.bet_wins[i],
                        "per_unit_wagered": _ci(stats.bet_round[i].ratio_ci())}
                 for i, kind in enumerate(stats.kinds)},
        "player_dealer": {
            "rounds": stats.dealer_round.n,
            "mean_per_round_after_fees": _ci(stats.dealer_round.mean_ci()),
            "per_unit_of_bank_before_fees": _ci(stats.dealer_unit.ratio_ci()),
            "fees_paid": stats.dealer_fees,
            "cap_binds_rounds": stats.cap_rounds,
            "cap_binds_fraction": stats.cap_rounds / n if n else None,
            "bank_exhausted_rounds": stats.exhausted_rounds,
            "win_limit_rounds": stats.win_limit_rounds,
            "stake_returned": str(stats.returned),
            "stake_returned_fraction_of_wagered":
                float(Fraction(stats.returned) / stats.wagered) if stats.wagered else None,
        },
        "fees_total": stats.dealer_fees + sum(stats.seat_fees),
        "ledgers_checked": stats.ledgers_checked,
        **({"bank": bank_summary(stats, setup)} if setup.bank_policy is not None
           or setup.co_bank else {}),
    })


def bank_summary(stats: Stats, setup: TableSetup) -> dict[str, Any]:
    """The rotation's figures (docs/TABLE.md): each seat as banker, the house (the dealer)
    and its take by source, exact sums and 99% intervals."""
    table = setup.table
    n = stats.rounds
    seats = {}
    for s in setup.occupied():
        acc = stats.bank_seat[s - 1]
        seats[str(s)] = {
            "policy": dict(setup.bank_policy or ()).get(s, "never"),
            "chips": setup.seats[s - 1].bank,
            "covers_the_table": setup.covers(s),
            "dealer_wager": setup.dealer_wager(s),
            "rounds_banked": acc.n,
            "turns_passed_for_chips": stats.bank_passed[s - 1],
            "mean_per_round_banked": _ci(acc.mean_ci()),
            "per_unit_of_wagers_faced": _ci(acc.ratio_ci()),
            "net_as_banker": acc.sx,
            "as_player_mean_per_round": _ci(stats.seat_round[s - 1].mean_ci()),
        }
    house = stats.dealer_round
    player_banked = sum(stats.seat_banked)
    return {
        "banker": "rotation",
        "co_bank": setup.co_bank,
        "co_bank_share": str(table.co_bank_share) if setup.co_bank else "0",
        "dealer_wager": "none" if setup.co_bank else table.dealer_wager,
        "banker_commission": table.banker_commission,
        "rounds_player_banked": player_banked,
        "rounds_dealer_banked": n - player_banked,
        "seats": seats,
        "house": {"mean_per_round": _ci(house.mean_ci()), "net": house.sx,
                  "take_by_source": dict(stats.house)},
    }


#: Said under every simulation in which the bank's cap bound (issue 16): why the bets'
#: per-unit results need not match the certificate's exact figures.
CAP_NOTE = ("Note: the bank's cap bound in {rounds:,} rounds. There the player-dealer's bank "
            "did not cover every stake, so big pays (Outlaw 9 up to 4,000 to 1) were not paid "
            "in full and the uncovered stake was returned: the bets' results above are the "
            "table's, after the cap, and can sit well below the exact figures of a "
            "certificate, which assume every bet is covered. A larger --bank brings them "
            "together.")


def _title(table, kind):
    """A wager's name for people: a custom bet's pay-table name, else the bet's title."""
    from verifier.game.bets import WAGER_TITLES
    custom = table.custom_bet(kind)
    title = (custom.title or custom.name) if custom else WAGER_TITLES[kind]
    return title[:1].upper() + title[1:]


def _short(kind, title):
    """A wager's short label (its bet module's ``TableSide.short``), else its title."""
    from verifier.game.bets import table_sides
    side = table_sides().get(kind)
    return side.short if side else title


def format_summary(summ: Mapping[str, Any]) -> str:
    def f(ci):
        if ci is None:
            return "-"
        low, high = ci["ci99"] or (None, None)
        return interval(ci["value"], low, high)
    house = summ.get("settlement", {}).get("banker") in ("house", "rotation")
    out = [f"Rounds: {summ['rounds']:,}   (99% confidence intervals in brackets)"]
    if house and "bank" in summ:
        out.append(f"Rule set {summ['rule_set']}: players bank in rotation with the dealer, "
                   f"{float(Fraction(summ['settlement']['commission'])):.2%} commission on "
                   "winning base wagers and on a banker's net win, no fees")
    elif house:
        out.append(f"Rule set {summ['rule_set']}: the house banks every hand, "
                   f"{float(Fraction(summ['settlement']['commission'])):.2%} commission on winning "
                   "base wagers, no fees"
                   + (f"; {summ['settlement']['push']}" if "push" in summ["settlement"] else ""))
    out.append("")
    first = next(iter(summ["seats"].values()))["wagers"]
    names = "/".join("base" if k == BASE else _short(k, summ["bets"].get(k, {}).get("title", k))
                     for k in first)
    label = f"wagers({names})"
    if len(names) > 18:         # custom bets' names: listed above, the column kept narrow
        out.append(f"Wagers of a seat, in order: {names}")
        label = "wagers"
    out.append(f"Seat  {label}".ljust(26) + "bank  played  banked  mean per round "
               "after fees        per unit wagered before fees      fees")
    for s, d in summ["seats"].items():
        w = d["wagers"]
        w = ("/".join([f"{w[BASE]:>5}", *(str(w[k]) for k in WAGER_KINDS[1:-1]),
                       f"{w[WAGER_KINDS[-1]]:<10}"])
             if list(w) == list(WAGER_KINDS) else f"{'/'.join(str(v) for v in w.values()):<20}")
        out.append(f"{s:>4}  {w} {d['bank']:>5} "
                   f"{d['rounds_played']:>7} {d['rounds_banked']:>7}  "
                   f"{f(d['mean_per_round_after_fees']):<32}  "
                   f"{f(d['per_unit_wagered_before_fees']):<32}  {d['fees_paid_as_player']}")
    out.append("")
    wide = max([9, *(len(d["title"]) for d in summ["bets"].values())])
    out.append(f"{'Bet':<{wide}}  placed     won  per unit wagered (before fees)")
    for d in summ["bets"].values():
        out.append(f"{d['title']:<{wide}} {d['placed']:>7} {d['won']:>7}  "
                   f"{f(d['per_unit_wagered'])}")
    pd = summ["player_dealer"]
    out.append("")
    out.append(f"House (dealer) position: {pd['rounds']:,} rounds" if house else
               f"Player-dealer position: {pd['rounds']:,} rounds")
    out.append(f"  mean per round after fees:     {f(pd['mean_per_round_after_fees'])}")
    if "bank" in summ:
        out += format_bank(summ["bank"], f)
    if house:
        out.append(f"Fees, all seats: ${summ['fees_total']:,}")
        if summ["ledgers_checked"]:
            out.append(f"Ledgers checked and balanced: {summ['ledgers_checked']:,}")
        return "\n".join(out)
    out.append(f"  per unit of bank before fees:  {f(pd['per_unit_of_bank_before_fees'])}")
    out.append(f"  fees paid: ${pd['fees_paid']:,}")
    frac = pd["cap_binds_fraction"]
    out.append(f"  bank cap binds: {pd['cap_binds_rounds']:,} rounds ({frac:.4%}); bank exhausted "
               f"{pd['bank_exhausted_rounds']:,}, win limit {pd['win_limit_rounds']:,}")
    ret = Fraction(pd["stake_returned"])
    share = pd["stake_returned_fraction_of_wagered"]
    out.append(f"  stake returned uncovered: ${float(ret):,.2f}"
               + (f" ({share:.4%} of all stakes)" if share is not None else ""))
    out.append(f"Fees, all seats: ${summ['fees_total']:,}")
    if pd["cap_binds_rounds"]:
        out += ["", CAP_NOTE.format(rounds=pd["cap_binds_rounds"])]
    if summ["ledgers_checked"]:
        out.append(f"Ledgers checked and balanced: {summ['ledgers_checked']:,}")
    return "\n".join(out)


def format_bank(bank: Mapping[str, Any], f: Callable[..., str]) -> list[str]:
    """The rotation's lines of the text summary."""
    out = ["", f"The bank in rotation: {bank['rounds_player_banked']:,} rounds banked by "
           f"players, {bank['rounds_dealer_banked']:,} by the dealer"
           + (f"; co-banked with the casino ({bank['co_bank_share']} share)"
              if bank["co_bank"] else "")
           + ("; a banker's commission on each wager it wins"
              if bank["banker_commission"] == "each-win" else
              "; a banker's commission on its net win of the round")]
    out.append("Seat  policy       chips  banked  passed  as banker: mean per round banked"
               "        per unit of wagers faced")
    for s, d in bank["seats"].items():
        out.append(f"{s:>4}  {d['policy']:<11} {d['chips']:>6} {d['rounds_banked']:>7} "
                   f"{d['turns_passed_for_chips']:>7}  {f(d['mean_per_round_banked']):<40}  "
                   f"{f(d['per_unit_of_wagers_faced'])}")
    out.append("House take by source (net, all rounds):")
    for k, v in bank["house"]["take_by_source"].items():
        out.append(f"  {k.replace('_', ' '):<34} ${float(Fraction(v)):>14,.2f}")
    return out
