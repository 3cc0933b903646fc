"""``paigow-verify rules [NAME|FILE]``: the rule sets, or one rule set in full."""
from __future__ import annotations

import json
import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from verifier.cli.settings import RulesSettings


def cmd_rules(settings: RulesSettings) -> int:
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
        for label, text in details(rs):
            print(f"  {label:<15}{text}")
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


def details(rs: Any) -> list[tuple[str, str]]:
    """A rule set in full, (label, text) for a person: names, and a key only beside its
    name where a file or an option takes it."""
    from fractions import Fraction
    from verifier.game.settlement import SettlementRule
    rows = [("seeds", ", ".join(rs.seeds) or "none (not one of the filed games)"),
            ("deck", rs.deck),
            *([("joker", "wild: any card, five of a kind the top hand; in two cards it pairs "
                         "the other card")] if rs.joker == "wild" else []),
            ("house way", f"{rs.house_way} (offers: {', '.join(rs.house_ways)})"),
            ("wheel", rs.wheel), ("bonus reading", rs.bonus_reading),
            ("settlement", SettlementRule.of(rs.settlement).describe())]
    if rs.players_bank:
        b = rs.bank
        assert b is not None                # players bank: the rule set's terms
        share = Fraction(b["co_bank_share"])
        wager = {"last-bet": "the player's last bet when the dealer banked",
                 "none": "none"}[b["dealer_wager"]]
        paid = {"net-win": "the round's net win",
                "each-win": "each winning wager"}[b["banker_commission"]]
        rows.append(("bank", "players in turn with the dealer; "
                     + (f"co-banking, the casino's share {float(share):.0%}; " if share else "")
                     + f"the dealer's wager against a player-banker: {wager}; a banking "
                     f"player's commission on {paid}"))
    tables = rs.paytables()
    rows += [("bet", bet_text(bet, tables[bet])) for bet in rs.bet_names()]
    if not rs.bets:
        rows.append(("bets", "none (no side bets)"))
    for key, table in rs.progressive_tables().items():
        status = f" [{table.status}]" if table.status else ""
        rows.append(("progressive", f"{table.name} ({key}){status}: a ${table.wager} wager; "
                     f"its meters (--meter NAME=AMOUNT): {', '.join(table.meters)}"))
    return rows


def bet_text(key: str, table: Any) -> str:
    """A rule set's bet for a person: its name, its key beside it (what ``--bet`` and a
    rule set file take), its pay table and the table's status, said once."""
    status = table.status or "not filed"
    said = table.name.lower().replace("(", "").replace(")", "").replace(",", "")
    plain = status.lower().replace(",", "")
    name = table.kind.title if table.kind.name != "custom" else table.name
    pays = "" if table.name == name else f"; pay table {table.name}"
    return f"{name} ({key}){pays}" + ("" if plain in said else f" [{status}]")


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
