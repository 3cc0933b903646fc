"""`paigow-verify house-ways [NAME | check FILE]`: the shipped house ways, one's file
text, and the check of a user's house way over every hand."""
import argparse
from fractions import Fraction

from verifier.cli.options import add_progress_options, add_thread_option, want_progress


def register(subparsers):
    p = subparsers.add_parser(
        "house-ways", help="list the shipped house ways, print one's file, or check a file",
        description="House ways as files (docs/HOUSE_WAYS.md). With no argument: the "
                    "shipped house ways, one line each. With NAME: that house way's file "
                    "text, to copy and edit. With `check FILE` (or a NAME): every one of "
                    "the 154,143,080 hands set by it, reporting the hands no row covers, "
                    "the hands it sets as a foul (each with the first such hand) and the "
                    "rows that never fire, with the hands of every row (exit 1 when a hand "
                    "is uncovered or fouled). With `compare A B [C ...]`: for each, the "
                    "exact base game with the player and the banker both on that house way "
                    "(win, push, loss; the return with 5% commission and under the "
                    "California fees of seed 001), and how many hands each sets "
                    "differently from the first, by hand type.")
    p.add_argument("words", nargs="*", metavar="NAME | check FILE | compare A B",
                   help="a shipped house way (see the list); `check` and a house way; "
                        "`compare` and two or more house ways (names or files)")
    p.add_argument("--json", action="store_true",
                   help="compare: one JSON object with exact fractions")
    p.add_argument("--wheel", choices=("lowest", "second"), default="lowest",
                   help="rank of A-2-3-4-5 for the check (default: lowest)")
    p.add_argument("--deck-ranks", help=argparse.SUPPRESS)   # tests: a reduced deck
    add_thread_option(p)
    add_progress_options(p)
    p.set_defaults(func=run_house_ways)


def run_house_ways(args):
    from verifier.houseway import HouseWayError, load, names, shipped_path
    words = args.words
    if not words:
        for name in names():
            hw = load(name)
            route = "built in and as a file" if hw.built_in else "file"
            print(f"{name:<22} {hw.title} ({len(hw.rows)} rows; {route})")
        return 0
    if words[0] == "compare":
        if len(words) < 3:
            raise HouseWayError("house-ways compare takes two or more house ways")
        return compare_house_ways(words[1:], args)
    if words[0] == "check":
        if len(words) != 2:
            raise HouseWayError("house-ways check takes one house way: a file or a name")
        return check_house_way(words[1], args)
    if len(words) != 1 or words[0] not in names():
        raise HouseWayError(f"unknown house way {' '.join(words)!r}: choose from "
                            f"{', '.join(names())}, or `house-ways check FILE`")
    print(shipped_path(words[0]).read_text(encoding="utf-8"), end="")
    return 0


def check_house_way(name_or_path, args):
    """Sets every hand by the house way (its file's rows, in the compiled engine)."""
    from verifier.engine.backend import engine
    from verifier.game.cards import cards_str
    from verifier.engine.enumeration import enumerate_hands
    from verifier.houseway import load, shipped_path
    from verifier.rules.readings import Rules
    from verifier.cli.run import reduced_deck
    hw = load(name_or_path)
    # a built-in by name is checked through its file, the route a user's copy takes
    path = str(shipped_path(hw.name)) if hw.built_in else name_or_path
    rules = Rules(wheel=args.wheel, house_way=path)
    deck = reduced_deck(args.deck_ranks) if args.deck_ranks else None
    result = enumerate_hands(rules, threads=args.threads, progress=want_progress(args),
                             deck=deck, refuse_faults=False)
    from verifier.engine.houseway_program import engine_arguments
    wheel_second, number = engine_arguments(rules, check=False)   # this is the check
    uncovered = result.total_hands - sum(result.house_way_rows.values())
    print(f"house way {hw.name} ({hw.title}), {len(hw.rows)} rows: all "
          f"{result.total_hands:,} hands of the {len(result.deck)}-card deck, wheel "
          f"{args.wheel}")

    def first(foul):
        hand = engine.find_hand(result.deck, wheel_second, number, foul,
                                result.threads)
        return f" (the first: {cards_str(hand)})" if hand else ""
    print(f"hands no row covers: {uncovered:,}{first(False) if uncovered else ''}")
    print(f"hands set as a foul: {result.fouls:,}{first(True) if result.fouls else ''}")
    idle = [i for i, n in result.house_way_rows.items() if n == 0]
    print(f"rows that never fire: {len(idle)}"
          + (f" ({', '.join(str(i) for i in idle)})" if idle else ""))
    print("hands per row:")
    for i, row in enumerate(hw.rows, 1):
        print(f"  {i:>3} (row {row.label}) {result.house_way_rows[i]:>13,}  {row.name}")
    return 1 if uncovered or result.fouls else 0


def compare_house_ways(house_ways, args):
    """The exact base game of each house way, and its settings against the first's."""
    import json
    from verifier.engine.backend import engine
    from verifier.odds.basegame import commission_return, settle
    from verifier.game.cards import full_deck
    from verifier.houseway import load
    from verifier.engine.houseway_program import engine_arguments
    from verifier.houseway.interpret import HAND_TYPES
    from verifier.engine.pairwise import pairwise_counts
    from verifier.rules.readings import Rules
    from verifier.rules.rulesets import load as load_rule_set
    from verifier.cli.run import reduced_deck
    deck = reduced_deck(args.deck_ranks) if args.deck_ranks else full_deck()
    fees = load_rule_set("outlaw9-mikes").settlement        # seed 001's fee schedule
    names = [load(h).name for h in house_ways]
    rows = []
    _, first = engine_arguments(Rules(wheel=args.wheel, house_way=house_ways[0]))
    for house_way in house_ways:
        rules = Rules(wheel=args.wheel, house_way=house_way)
        counts = pairwise_counts(deck=deck, rules=rules, threads=args.threads,
                                 progress=want_progress(args))
        settled = settle(counts, fees)
        if not rows:                    # the first against itself: nothing to compare
            hands, differ, by_type = counts["total"], 0, [0] * len(HAND_TYPES)
        else:
            wheel_second, number = engine_arguments(rules)
            hands, differ, _first, by_type = engine.compare_house_ways(
                deck, wheel_second, first, number, None, args.threads or 2, by_type=True)
        rows.append({"counts": {k: counts[k] for k in ("total", "win", "push", "loss")},
                     "commission_return": commission_return(counts),
                     "fee_returns": [(t["wagers"], t["fee"], t["return_at_smallest"],
                                      t["return_at_largest"]) for t in settled["tiers"]],
                     "differ": differ, "hands": hands,
                     "by_type": dict(zip(HAND_TYPES, by_type))})
    if args.json:
        print(json.dumps({"deck_size": len(deck), "wheel": args.wheel, "house_ways": [
            {"house_way": n, "counts": r["counts"],
             "probabilities": {k: str(Fraction(r["counts"][k], r["counts"]["total"]))
                               for k in ("win", "push", "loss")},
             "return_5pct_commission": {"exact": str(r["commission_return"]),
                                        "decimal": float(r["commission_return"])},
             "fee_tiers": [{"wagers": w, "fee": f, "return_at_smallest": lo,
                            "return_at_largest": hi} for w, f, lo, hi in r["fee_returns"]],
             "set_differently_from_first": r["differ"],
             "set_differently_by_hand_type": r["by_type"]} for n, r in zip(names, rows)]},
            indent=1))
        return 0
    print(f"player and banker both on the house way, all {rows[0]['counts']['total']:,} "
          f"ordered pairs of hands ({len(deck)}-card deck, wheel {args.wheel})")
    print(f"{'house way':<22} {'win':>9} {'push':>9} {'loss':>9} {'5% commission':>14} "
          f"{'fees $10':>9} {'fees $1,000':>11} {'set differently':>16}")
    for name, r in zip(names, rows):
        c = r["counts"]
        pc = {k: 100 * c[k] / c["total"] for k in ("win", "push", "loss")}
        low = r["fee_returns"][0][2]["decimal"]
        high = r["fee_returns"][-1][3]["decimal"]
        print(f"{name:<22} {pc['win']:>8.4f}% {pc['push']:>8.4f}% {pc['loss']:>8.4f}% "
              f"{100 * float(r['commission_return']):>+13.4f}% {100 * low:>+8.3f}% "
              f"{100 * high:>+10.3f}% {r['differ']:>16,}")
    print(f"\nhands set differently from {names[0]}, by hand type:")
    print(f"{'hand type':<22}" + "".join(f" {n[:14]:>14}" for n in names[1:]))
    for t in HAND_TYPES:
        print(f"{t:<22}" + "".join(f" {r['by_type'][t]:>14,}" for r in rows[1:]))
    return 0
