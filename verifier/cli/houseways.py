"""`paigow-verify house-ways [NAME | check FILE]`: the shipped house ways, one's file
text, and the check of a user's house way over every hand."""
import argparse

from .options import add_progress_options, add_thread_option, want_progress


def register(subparsers):
    p = subparsers.add_parser(
        "house-ways", help="list the shipped house ways, print one's file, or check a file",
        description="House ways as files (docs/HOUSE_WAYS.md). With no argument: the "
                    "shipped house ways, one line each. With NAME: that house way's file "
                    "text, to copy and edit. With `check FILE` (or a NAME): every one of "
                    "the 154,143,080 hands set by it, reporting the hands no row covers, "
                    "the hands it sets as a foul (each with the first such hand) and the "
                    "rows that never fire, with the hands of every row (exit 1 when a hand "
                    "is uncovered or fouled).")
    p.add_argument("words", nargs="*", metavar="NAME | check FILE",
                   help="a shipped house way (see the list), or `check` and a house way")
    p.add_argument("--wheel", choices=("lowest", "second"), default="lowest",
                   help="rank of A-2-3-4-5 for the check (default: lowest)")
    p.add_argument("--deck-ranks", help=argparse.SUPPRESS)   # tests: a reduced deck
    add_thread_option(p)
    add_progress_options(p)
    p.set_defaults(func=run_house_ways)


def run_house_ways(args):
    from ..houseway import HouseWayError, load, names, shipped_path
    words = args.words
    if not words:
        for name in names():
            hw = load(name)
            route = "built in and as a file" if hw.built_in else "file"
            print(f"{name:<22} {hw.title} ({len(hw.rows)} rows; {route})")
        return 0
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
    from ..backend import engine
    from ..cards import cards_str
    from ..enumeration import enumerate_hands
    from ..houseway import load, shipped_path
    from ..rules import Rules
    from .run import reduced_deck
    hw = load(name_or_path)
    # a built-in by name is checked through its file, the route a user's copy takes
    path = str(shipped_path(hw.name)) if hw.built_in else name_or_path
    rules = Rules(wheel=args.wheel, house_way=path)
    deck = reduced_deck(args.deck_ranks) if args.deck_ranks else None
    result = enumerate_hands(rules, threads=args.threads, progress=want_progress(args),
                             deck=deck, refuse_faults=False)
    from ..houseway.compiled import engine_number
    number = engine_number(path)
    uncovered = result.total_hands - sum(result.house_way_rows.values())
    print(f"house way {hw.name} ({hw.title}), {len(hw.rows)} rows: all "
          f"{result.total_hands:,} hands of the {len(result.deck)}-card deck, wheel "
          f"{args.wheel}")

    def first(foul):
        hand = engine.find_hand(result.deck, args.wheel == "second", number, foul,
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
