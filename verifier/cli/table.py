"""`paigow-verify settle ROUND.json` and `paigow-verify simulate`: the table (docs/TABLE.md)."""
from __future__ import annotations

import json

from verifier.cli.options import (SEED, add_progress_options, add_rule_options, add_thread_option,
                                  checked, needs, output_file, whole_number)
from verifier.cli.settings import WAGER
from verifier.table.deal import MAX_CHIPS
import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.cli.settings import TableSettings
    from verifier.table.limits import TableRules

CHIPS = whole_number(0, MAX_CHIPS)
SIDE_BET_DEFAULT = 10


def register(subparsers: argparse._SubParsersAction) -> None:
    _register_settle(subparsers)
    _register_simulate(subparsers)


def _register_settle(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "settle", help="play and settle one round from a ROUND.json file, print the ledger",
        description="Play one round of the rule set's game from a file (seats, wagers, "
                    "dealer seat and bank, optional cards and dice): fees, deal, action "
                    "seat, hands set, settlement (the player-dealer game: fees and the "
                    "bank's cap; a casino game: the house banks, or the file's player_banker banks, "
                    "co-banked or not, commission; the rule set's custom bets too). Prints "
                    "every chip movement with its reason. Format: docs/TABLE.md.")
    p.add_argument("round_file", metavar="ROUND.json")
    p.add_argument("--seed", type=SEED, default=None,
                   help="shuffle/dice seed when the file gives no cards or dice (default: "
                        "the file's \"seed\", else 0)")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    p.add_argument("--house-way", metavar="NAME|FILE", default=None,
                   help="house way that sets the hands (a shipped one, `paigow-verify "
                        "house-ways`, or a house-way file); replaces the file's "
                        "rules.house_way (default: the file's, else Mike's Cardroom)")
    p.add_argument("--rules", metavar="NAME|FILE", default=None,
                   help="rule set whose table plays the round (its bets, settlement and "
                        "house way); replaces the file's rule_set (default: the file's, "
                        "else seed 001's table)")
    p.set_defaults(func=run_settle)


def _register_simulate(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "simulate", help="simulate many rounds with a rotating bank",
        description="Simulate rounds at a seven-seat table of the rule set's game (--rules, "
                    "default outlaw9-mikes): every seat plays the same wagers; in the "
                    "player-dealer game each takes the bank in turn (at most two consecutive "
                    "rounds, offered clockwise), pays the collection fees and is capped by its "
                    "bank; in a commission game (casino-standard, emperors-challenge) the house "
                    "banks every hand from seat 7's place and takes its commission on winning "
                    "base wagers, or with --bank-policy the bank goes round the players and the dealer "
                    "(docs/TABLE.md, The bank in rotation). The rule set's bets, custom bets "
                    "included, are played. Reports each seat's "
                    "result, each bet's, and the banker position's, with 99% confidence "
                    "intervals, fees, and how often the bank's cap binds. Same seed and block "
                    "size -> same output, whatever the thread count (docs/TABLE.md).")
    p.add_argument("--rounds", type=whole_number(1, 10 ** 15), required=True, metavar="N")
    p.add_argument("--seed", type=SEED, default=0, metavar="S")
    add_thread_option(p)
    p.add_argument("--base", type=CHIPS, default=100, help="base wager per player seat (default 100)")
    from verifier.game.bets import WAGER_TITLES, table_sides
    for flag in (k for k, side in table_sides().items() if not side.envy):
        title = WAGER_TITLES[flag]
        p.add_argument(f"--{flag}", type=CHIPS, default=None, dest=f"{WAGER}{flag}",
                       help=f"{title} wager when the rule set offers it (default "
                            f"{SIDE_BET_DEFAULT}, 0 = none)")
    p.add_argument("--bank", type=CHIPS, default=1000,
                   help="bank each player-dealer puts up, or the chips a player-banker has "
                        "to cover the table with --bank-policy (default 1000; not used when "
                        "the house banks)")
    p.add_argument("--bank-policy", default=None, metavar="POLICY",
                   help="casino rule sets whose players bank (a [bank] table): the bank goes "
                        "round the table, the dealer's turn then each occupied seat's, and a "
                        "seat takes it by this policy: always, never or every-other (every "
                        "second turn), for every seat or per seat, e.g. 1=always,3=every-other "
                        "(seats not named: never). A seat whose chips (--bank) cannot cover "
                        "the table passes. Default: the house banks every hand")
    p.add_argument("--co-bank", action="store_true",
                   help="a banking player co-banks: the casino takes the rule set's "
                        "co_bank_share of the bank's wins and losses (default --bank-policy "
                        "always)")
    p.add_argument("--custom", action="append", default=[], metavar="NAME=AMOUNT",
                   type=checked(_custom, "custom wager", kind="pair"),
                   help="wager on the rule set's custom bet NAME (default 10 on each; 0 = "
                        "none); repeat for each bet")
    p.add_argument("--seats", default=None, type=checked(_parse_seats, "seats"),
                   help="occupied seats, e.g. 1-7 or 1,3,5 (default 1-7, or 1-6 when the house "
                        "banks and the dealer takes seat 7's place); in the player-dealer game "
                        "all occupied seats bank")
    p.add_argument("--first-banker", type=whole_number(1, 7), default=None, help="seat that banks first (default: lowest occupied)")
    p.add_argument("--rounds-per-bank", type=whole_number(1, 2), default=2,
                   help="consecutive rounds each player-dealer banks (filed maximum 2)")
    p.add_argument("--table-max", type=CHIPS, default=None,
                   help="table maximum per bet (default: the rule set's, else 1000)")
    p.add_argument("--table-min", type=CHIPS, default=None,
                   help="table minimum per bet (default 10, seed 001's)")
    p.add_argument("--block-size", type=whole_number(1, 10 ** 7), default=500,
                   help="rounds per seeded block (default 500; part of what the seed reproduces)")
    p.add_argument("--check-ledger", action="store_true",
                   help="build and check the full ledger of every round (slower)")
    p.add_argument("--progressive", metavar="NAME", default=None,
                   help="play the rule set's progressive NAME (jackpot of "
                        "emperors-challenge) on the hands dealt: its meters funded by every "
                        "seat's wager, hits paid at the meter and reset (the Python path)")
    p.add_argument("--progressive-seats", metavar="SEATS", default=None,
                   type=checked(_parse_seats, "seats"),
                   help="the seats that wager on the progressive, e.g. 1,3 (default: every "
                        "occupied seat)")
    p.add_argument("--meter-path", metavar="FILE.csv", default=None, type=output_file,
                   help="with --progressive: write the meters' path (about 1,000 rows) as CSV")
    needs(p, "--meter-path", "--progressive")
    needs(p, "--progressive-seats", "--progressive")
    add_progress_options(p)
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    add_rule_options(p)
    p.set_defaults(func=run_simulate)


def run_settle(settings: TableSettings) -> int:
    from verifier.table.roundfile import load_round
    from verifier.table.round import play_round
    from verifier.table.roundfile import format_round
    assert settings.round_file is not None       # settle's positional argument
    spec, table = load_round(settings.round_file, settings.seed, settings.house_way, settings.rules)
    result = play_round(spec, table)
    if settings.json:
        print(json.dumps(result.to_json_dict(), indent=2))
    else:
        print(format_round(result))
    return 0


def _custom(item: str) -> tuple[str, int]:
    """``--custom NAME=AMOUNT`` -> (name, whole chips in ASCII digits, at most 10)."""
    import re
    from verifier.support.errors import VerifierError
    name, eq, amount = item.partition("=")
    if not eq or not name.strip() or not re.fullmatch(r"[0-9]{1,10}", amount.strip()):
        raise VerifierError(f"bad --custom {item[:40]!r}: NAME=AMOUNT, e.g. mania=10")
    return name.strip(), int(amount)


def _parse_seats(text):
    """Seats "1-7" or "1,3,5" (ranges and single seats, 1 to 7), checked before any range
    is built: a seat number of 20 digits is refused, never counted to."""
    import re
    from verifier.support.errors import VerifierError
    parts = text.split(",")
    if not all(re.fullmatch(r"\s*\d{1,2}\s*(-\s*\d{1,2}\s*)?", part, re.ASCII) for part in parts):
        raise VerifierError(f"bad --seats {text!r}: seats 1 to 7, e.g. 1-7 or 1,3,5")
    seats: set[int] = set()
    for part in parts:
        a, _, b = part.partition("-")
        low, high = int(a), int(b or a)
        if not 1 <= low <= high <= 7:
            raise VerifierError(f"bad --seats {text!r}: seats are 1 to 7, low to high")
        seats.update(range(low, high + 1))
    return sorted(seats)


def simulate_table(settings: TableSettings) -> TableRules:
    """The table ``simulate`` plays: the rule set's (``--rules``), its limits. The rule
    set's custom bets are not played (one line on stderr says so)."""
    from verifier.table.limits import TableRules
    kw = {} if settings.table_max is None else {"maximum": settings.table_max}
    if settings.table_min is not None:
        kw["minimum"] = settings.table_min
    return TableRules.from_ruleset(settings.ruleset, **kw)


def seat_wagers(settings: TableSettings, table: TableRules) -> tuple[int, ...]:
    """One seat's wagers, one per bet the table offers; a side bet it does not offer
    given a non-zero amount is an error."""
    from verifier.support.errors import VerifierError
    from verifier.game.bets import WAGER_TITLES, table_sides
    assert settings.base is not None             # --base has a default
    wagers = [settings.base]
    for kind in (k for k, side in table_sides().items() if not side.envy):
        value = settings.wagers.get(kind)
        if kind in table.kinds:
            wagers.append(SIDE_BET_DEFAULT if value is None else value)
        elif value:
            raise VerifierError(f"rule set {table.name} offers no {WAGER_TITLES[kind]} bet "
                                f"(--{kind}); its bets: {', '.join(table.kinds)}")
    custom = {b.name: SIDE_BET_DEFAULT for b in table.custom}
    for item in getattr(settings, "custom", None) or ():
        name, amount = _custom(item)
        if name not in custom:
            raise VerifierError(f"rule set {table.name} has no custom bet {name.strip()!r} "
                                f"(--custom); its custom bets: "
                                f"{', '.join(custom) or 'none'}")
        custom[name] = amount
    return tuple(wagers) + tuple(custom.values())


def run_simulate(settings: TableSettings) -> int:
    import sys
    from verifier.table.custom import unplayed as custom_unplayed
    from verifier.table.setup import parse_bank_policy, uniform_setup
    from verifier.table.simulate import simulate
    from verifier.table.summary import format_summary, summary
    table = simulate_table(settings)
    unplayed = custom_unplayed(settings.ruleset)
    if unplayed:
        print(f"note: the table does not play envy-type custom bets ({', '.join(unplayed)}: "
              "no wager of their own); their exact figures: run, report", file=sys.stderr)
    seats = _parse_seats(settings.seats if settings.seats is not None else
                         ("1-6" if table.house_banks else "1-7"))
    kw = {}
    if settings.bank_policy is not None or settings.co_bank:
        wagers = seat_wagers(settings, table)
        occupied = [s for s in seats if any(wagers)]
        policy = "always" if settings.bank_policy is None else settings.bank_policy
        kw = {"bank_policy": parse_bank_policy(policy, occupied),
              "co_bank": settings.co_bank}
    assert settings.bank is not None             # --bank has a default
    from verifier.cli.progressive import meters_played, print_meters_played, table_progressive
    progressive = table_progressive(settings, _parse_seats(settings.progressive_seats)
                                    if settings.progressive_seats else seats, seats)
    if progressive is not None:
        kw["progressive"] = progressive
    setup = uniform_setup(seat_wagers(settings, table), settings.bank, seats,
                          first_banker=settings.first_banker or seats[0],
                          rounds_per_bank=settings.rounds_per_bank, table=table, **kw)
    assert settings.rounds is not None and settings.seed is not None \
        and settings.block_size is not None      # simulate's defaults
    stats = simulate(setup, settings.rounds, settings.seed, settings.threads, settings.block_size,
                     check_ledger=settings.check_ledger, progress=settings.progress)
    summ = summary(stats, setup)
    summ["seed"] = settings.seed
    summ["block_size"] = settings.block_size
    if progressive is not None:
        summ["progressive"] = meters_played(settings, progressive, stats.progressive)
    if settings.json:
        print(json.dumps(summ, indent=2))
    else:
        print(format_summary(summ))
        if progressive is not None:
            print_meters_played(summ["progressive"])
    return 0
