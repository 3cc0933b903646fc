"""``paigow-verify rules [NAME|FILE]``: the rule sets, or one rule set in full."""
from __future__ import annotations

import json
import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.cli.settings import RulesSettings


def cmd_rules(settings: RulesSettings) -> int:
    from verifier.game.settlement import SettlementRule
    from verifier.rules.rulesets import load, names
    if settings.readings_markdown:
        from verifier.rules.readings import readings_markdown
        print(readings_markdown())
        return 0
    if settings.name:
        rs = load(settings.name)
        data = rs.to_dict()
        data["readings"] = rs.rules.readings(rs.bank_kind)
        if settings.json:
            print(json.dumps(data, indent=1))
            return 0
        print(f"{rs.name}: {rs.description}")
        print(f"  seeds       {', '.join(rs.seeds) or '-'}")
        print(f"  deck        {rs.deck}")
        print(f"  house way   {rs.house_way} (offers: {', '.join(rs.house_ways)})")
        print(f"  wheel       {rs.wheel}")
        print(f"  bonus read. {rs.bonus_reading}")
        print(f"  settlement  {SettlementRule.of(rs.settlement).describe()}")
        if rs.players_bank:
            from fractions import Fraction
            b = rs.bank
            assert b is not None                # players bank: the rule set's terms
            share = Fraction(b["co_bank_share"])
            wager = {"last-bet": "the player's last bet when the dealer banked",
                     "none": "none"}[b["dealer_wager"]]
            paid = {"net-win": "the round's net win",
                    "each-win": "each winning wager"}[b["banker_commission"]]
            print("  bank        players in turn with the dealer; "
                  + (f"co-banking, the casino's share {float(share):.0%}; " if share else "")
                  + f"the dealer's wager against a player-banker: {wager}; a banking "
                  f"player's commission on {paid}")
        tables = rs.paytables()
        for bet in rs.bet_names():
            status = tables[bet].status or "not filed"
            print(f"  bet         {bet}: {tables[bet].name} [{status}]")
        if not rs.bets:
            print("  bets        none (no side bets)")
        return 0
    rows = [(n, load(n).description) for n in names()]
    if settings.json:
        print(json.dumps([{"name": n, "description": d} for n, d in rows], indent=1))
        return 0
    width = max(len(n) for n, _ in rows)
    for n, d in rows:
        print(f"{n:<{width}}  {d}")
    print("\n--rules NAME or --rules FILE.toml: hand, run, prove and simulate play it; check, "
          "compare, solve and report refuse a certificate of another rule set "
          "(docs/RULESETS.md)")
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "rules", help="list the rule sets (or show one): deck, house way, settlement, bets",
        description="Lists the shipped rule sets with a one-line description; with a name "
                    "or a rule set TOML file, shows that rule set in full.")
    p.add_argument("name", nargs="?", metavar="NAME|FILE", help="a rule set to show")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--readings-markdown", action="store_true",
                   help="print every rule reading (verifier/data/readings.toml) as Markdown: "
                        "the source of docs/RULES_READINGS.md")
    p.set_defaults(func=cmd_rules)
