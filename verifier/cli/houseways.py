"""`paigow-verify house-ways [NAME | check FILE | compare A B | ratings NAME]`: the shipped
house ways, one's file text, the check of a user's house way over every hand, and its
power ratings."""
from __future__ import annotations

import argparse
import sys

from verifier.cli.options import add_progress_options, add_thread_option
from typing import Any, Iterable, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.cli.settings import HouseWaySettings


def register(subparsers: argparse._SubParsersAction) -> None:
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
                    "differently from the first, by hand type. With `ratings NAME` (or a "
                    "file): its power ratings (docs/POWER_RATINGS.md), how often the "
                    "dealer on that house way makes each two-card and each five-card "
                    "hand, out of 154,143,080, with the player's and the banker's power "
                    "rating of each. With `fit FILE --target TABLE.toml`: the file run "
                    "under every combination of the readings its [readings.options] and "
                    "the rows its [variants] declare, each held against the published "
                    "table (two-card, five-card, back-hand or per-row counts, or the base "
                    "game's win, push and loss), best first, with the rows the best still "
                    "differs on and example hands.")
    p.add_argument("words", nargs="*",
                   metavar="NAME | check FILE | compare A B | ratings NAME | fit FILE",
                   help="a shipped house way (see the list); `check` and a house way; "
                        "`compare` and two or more house ways (names or files); "
                        "`ratings` and a house way; `fit` and a house way, with --target")
    out = p.add_mutually_exclusive_group()      # one output format: --json --csv is refused
    out.add_argument("--json", action="store_true",
                     help="compare, ratings, fit: one JSON object (exact fractions)")
    out.add_argument("--csv", action="store_true",
                     help="ratings: CSV, one row per hand (table, hand, combinations, "
                          "probability, player PR, banker PR)")
    p.add_argument("--rules", metavar="NAME|FILE", default=None,
                   help="ratings, fit: the rule set whose A-2-3-4-5 reading is used (default: "
                        "casino-standard, the casino game: A-2-3-4-5 second-highest); "
                        "compare: also the base game of a rule set that pushes on the "
                        "dealer's hand or exposes it (ez-pai-gow, commission-free, "
                        "face-up: docs/VARIANTS.md, docs/FACE_UP.md) on each house way")
    p.add_argument("--target", metavar="TABLE.toml",
                   help="fit: the published table to hold the house way against "
                        "(docs/POWER_RATINGS.md: table = two_card, five_card, back_hand, "
                        "rows or base_game; total; rows of [name, figure])")
    p.add_argument("--only", metavar="READING[,READING]",
                   help="fit: vary only these of the file's [readings.options] and "
                        "[variants] (default: every one it declares)")
    p.add_argument("--reading", action="append", default=[], metavar="NAME=VALUE",
                   help="ratings: set the house way under another reading, e.g. "
                        "highest_front=card-by-card (repeatable; docs/HOUSE_WAYS.md)")
    p.add_argument("--wheel", choices=("lowest", "second"), default=None,
                   help="rank of A-2-3-4-5 (default: lowest for check and compare; the "
                        "rule set's for ratings)")
    p.add_argument("--deck-ranks", help=argparse.SUPPRESS)   # tests: a reduced deck
    add_thread_option(p)
    add_progress_options(p)
    p.set_defaults(func=run_house_ways)


def run_house_ways(settings: HouseWaySettings) -> int:
    from verifier.houseway import HouseWayError, load, names, shipped_path
    words = settings.words
    if not words:
        for name in names():
            hw = load(name)
            route = "built in and as a file" if hw.built_in else "file"
            print(f"{name:<22} {hw.title} ({len(hw.rows)} rows; {route})")
        return 0
    if words[0] == "compare":
        if len(words) < 3:
            raise HouseWayError("house-ways compare takes two or more house ways")
        return compare_house_ways(words[1:], settings)
    if words[0] == "fit":
        if len(words) != 2 or not settings.target:
            raise HouseWayError("house-ways fit takes one house way (a name or a file) and "
                                "--target TABLE.toml")
        return fit_house_way(words[1], settings)
    if words[0] == "ratings":
        if len(words) != 2:
            raise HouseWayError("house-ways ratings takes one house way: a name or a file")
        return ratings_of_house_way(words[1], settings)
    if words[0] == "check":
        if len(words) != 2:
            raise HouseWayError("house-ways check takes one house way: a file or a name")
        return check_house_way(words[1], settings)
    if len(words) != 1 or words[0] not in names():
        raise HouseWayError(f"unknown house way {' '.join(words)!r}: choose from "
                            f"{', '.join(names())}, or `house-ways check FILE`")
    print(shipped_path(words[0]).read_text(encoding="utf-8"), end="")
    return 0


def check_house_way(name_or_path: str, settings: HouseWaySettings) -> int:
    """Sets every hand by the house way (its file's rows, in the compiled engine)."""
    from verifier.engine import check_house_way as check
    deck = settings.deck
    r = check(name_or_path, wheel=settings.wheel or "lowest", threads=settings.threads,
              progress=settings.progress, deck=deck)
    hw = r["house_way"]
    print(f"house way {hw.name} ({hw.title}), {len(hw.rows)} rows: all "
          f"{r['total_hands']:,} hands of the {r['deck_size']}-card deck, wheel "
          f"{r['wheel']}")

    def first(hand):
        return f" (the first: {hand})" if hand else ""
    print(f"hands no row covers: {r['uncovered']:,}{first(r['first_uncovered'])}")
    print(f"hands set as a foul: {r['fouls']:,}{first(r['first_foul'])}")
    idle = r["idle"]
    print(f"rows that never fire: {len(idle)}"
          + (f" ({', '.join(str(i) for i in idle)})" if idle else ""))
    print("hands per row:")
    for i, row, hands in r["rows"]:
        print(f"  {i:>3} (row {row.label}) {hands:>13,}  {row.name}")
    return 1 if r["uncovered"] or r["fouls"] else 0


def compare_house_ways(house_ways: Sequence[str], settings: HouseWaySettings) -> int:
    """The exact base game of each house way, and its settings against the first's."""
    import json
    from verifier.game.cards import cards_str, full_deck
    from verifier.houseway.interpret import HAND_TYPE_NAMES, HAND_TYPES
    from verifier.strategy.houseways import compare_house_ways as compare
    deck = settings.deck or full_deck()
    ruleset = settings.ruleset if settings.rules else None
    wheel = settings.wheel or (ruleset.wheel if ruleset is not None else "lowest")
    rows = compare(house_ways, wheel=wheel, deck=deck, threads=settings.threads,
                   progress=settings.progress,
                   settlement=ruleset.settlement if ruleset is not None else None,
                   joker=ruleset.joker if ruleset is not None else "bug")
    names = [r["name"] for r in rows]
    titles = [r["title"] for r in rows]         # what the text shows; the JSON has both
    width = max(22, *(len(t) + 1 for t in titles))
    game = ruleset.name if ruleset is not None and "settled" in rows[0] else None
    if settings.json:
        print(json.dumps({"deck_size": len(deck), "wheel": wheel, "house_ways": [
            {"house_way": n, "title": r["title"], "counts": r["counts"],
             "probabilities": {k: str(p) for k, p in r["probabilities"].items()},
             "return_5pct_commission": {"exact": str(r["commission_return"]),
                                        "decimal": float(r["commission_return"])},
             "fee_tiers": [{"wagers": w, "fee": f, "return_at_smallest": lo,
                            "return_at_largest": hi} for w, f, lo, hi in r["fee_returns"]],
             "set_differently_from_first": r["differ"],
             "set_differently_by_hand_type": r["by_type"],
             "example_set_differently": (cards_str(r["example"])
                                         if r["example"] is not None else None),
             **({game: r["settled"]} if game else {})} for n, r in zip(names, rows)]},
            indent=1))
        return 0
    print(f"player and banker both on the house way, all {rows[0]['counts']['total']:,} "
          f"ordered pairs of hands ({len(deck)}-card deck, wheel {wheel})")
    print(f"{'house way':<{width}} {'win':>9} {'push':>9} {'loss':>9} {'5% commission':>14} "
          f"{'fees $10':>9} {'fees $1,000':>11} {'set differently':>16}")
    for name, r in zip(titles, rows):
        pc = {k: 100 * float(p) for k, p in r["probabilities"].items()}
        low = r["fee_returns"][0][2]["decimal"]
        high = r["fee_returns"][-1][3]["decimal"]
        print(f"{name:<{width}} {pc['win']:>8.4f}% {pc['push']:>8.4f}% {pc['loss']:>8.4f}% "
              f"{100 * float(r['commission_return']):>+13.4f}% {100 * low:>+8.3f}% "
              f"{100 * high:>+10.3f}% {r['differ']:>16,}")
    if game and ruleset is not None:
        from verifier.game.settlement import SettlementRule
        print(f"\n{game}: {SettlementRule.of(ruleset.settlement).describe()}")
        print(f"{'house way':<{width}} {'win':>9} {'push':>9} {'loss':>9} {'house edge':>11}")
        for name, r in zip(titles, rows):
            g = r["settled"]
            pc = {k: 100 * g["probabilities"][k]["decimal"] for k in ("win", "push", "loss")}
            print(f"{name:<{width}} {pc['win']:>8.4f}% {pc['push']:>8.4f}% {pc['loss']:>8.4f}% "
                  f"{100 * g['house_edge']['decimal']:>+10.4f}%")
    print(f"\nhands set differently from {titles[0]}, by hand type:")
    columns = [max(14, len(t)) for t in titles[1:]]
    print(f"{'hand type':<34}" + "".join(f" {t:>{w}}" for t, w in zip(titles[1:], columns)))
    for t in HAND_TYPES:
        print(f"{HAND_TYPE_NAMES[t]:<34}" + "".join(f" {r['by_type'][t]:>{w},}"
                                                    for r, w in zip(rows[1:], columns)))
    return 0


def ratings_of_house_way(name_or_path: str, settings: HouseWaySettings) -> int:
    """The power ratings of a house way: every hand of the deck set by it (the compiled
    enumeration), the counts turned into the two tables by verifier.odds.ratings."""
    import csv
    import io
    import json
    from verifier.odds.ratings import as_json
    from verifier.strategy.houseways import house_way_ratings
    chosen = reading_overrides(settings.reading)
    deck = settings.deck
    hw, rules, deck_size, tables = house_way_ratings(
        name_or_path, settings.rules, settings.wheel, chosen, deck, settings.threads, settings.progress)
    if settings.json:
        print(json.dumps({"house_way": hw.name, "title": hw.title, "wheel": rules.wheel,
                          "readings": {**hw.readings, **chosen},
                          "deck_size": deck_size, **as_json(tables)}, indent=1))
        return 0
    if settings.csv:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["table", "hand", "combinations", "probability", "player_pr",
                    "banker_pr"])
        for table in ("two_card", "five_card"):
            for r in tables[table]:
                w.writerow([table, r["hand"], r["hands"], f"{float(r['probability']):.9f}",
                            f"{float(r['player_pr']):.9f}", f"{float(r['banker_pr']):.9f}"])
        print(out.getvalue(), end="")
        return 0
    print(f"power ratings of house way {hw.name} ({hw.title}): the dealer's hands out of "
          f"{tables['total']:,} ({deck_size}-card deck, wheel {rules.wheel})")
    if chosen:
        print("under the readings " + ", ".join(f"{k} = {v}" for k, v in chosen.items()))
    print("player PR: the dealer's hand is lower; banker PR: lower or equal")
    for table, title in (("two_card", "Two-card hands (the joker an ace)"),
                         ("five_card", "Five-card hands (by class and first rank)")):
        print(f"\n{title}")
        print(f"{'hand':<26} {'combinations':>13} {'probability':>11} {'player PR':>10} "
              f"{'banker PR':>10}")
        for r in tables[table]:
            print(f"{r['hand']:<26} {r['hands']:>13,} {float(r['probability']):>11.6f} "
                  f"{float(r['player_pr']):>10.6f} {float(r['banker_pr']):>10.6f}")
    return 0


def reading_overrides(words: Iterable[str]) -> dict[str, str]:
    """``--reading NAME=VALUE`` words as {reading: value} (checked by the house way)."""
    from verifier.houseway import HouseWayError
    out = {}
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise HouseWayError(f"--reading {word!r}: write NAME=VALUE, e.g. "
                                "highest_front=card-by-card")
        out[name.strip()] = value.strip()
    return out


def _declares_alternatives_of(hw: Any, name: str) -> bool:
    """Whether the file ``hw`` is the shipped house way ``name`` with alternatives of its
    text declared: its readings and rows in force are that house way's."""
    from verifier.houseway import load
    from verifier.support.errors import VerifierError
    try:
        return bool(hw.sets_hands_as(load(name)))
    except VerifierError:
        return False


def fit_house_way(name_or_path: str, settings: HouseWaySettings) -> int:
    """Every combination of a file's declared alternatives, held against a target table
    (the compute: verifier.strategy.houseways.fit_house_way), then printed."""
    from verifier.engine import hands_set_differently
    from verifier.houseway import load
    from verifier.odds.ratings import holds, load_target, two_card_key
    from verifier.rules.rulesets import load as load_rule_set
    from verifier.strategy.houseways import fit_house_way as fit
    hw = load(name_or_path)
    rules = load_rule_set(settings.rules or "casino-standard").with_overrides(
        wheel=settings.wheel, house_way=name_or_path).rules
    wheel_second = rules.wheel_second
    assert settings.target is not None       # fit needs --target (run_house_ways)
    target = load_target(settings.target, wheel_second,
                         row_labels={r.label for r in hw.all_rows})
    if target.house_way and target.house_way != hw.name \
            and not _declares_alternatives_of(hw, target.house_way):   # refused before work
        from verifier.houseway import title as houseway_title
        from verifier.support.errors import VerifierError
        raise VerifierError(f"{target.path} is a table of house way "
                            f"{houseway_title(target.house_way)!r}, not of {hw.title!r}: fit "
                            f"{target.house_way[:40]} against it, or give a table of "
                            f"{hw.name}")
    only = [k.strip() for k in settings.only.split(",") if k.strip()] if settings.only else None
    results = fit(hw, rules, target, only, settings.threads, settings.progress)
    best = results[0]
    in_force = next((r for r in results if r["in_force"]), None)
    # the rows the best still differs on, or else those the readings in force differ on
    shown = best if best["reproduced"] < len(target.rows) or in_force is None else in_force
    differ = [(h, m, t) for h, m, t in shown["rows"] if not holds(m, t)]
    examples = {}
    if differ and shown is not best and target.table == "two_card":
        found = hands_set_differently(shown["way"], best["way"], wheel_second,
                                      [two_card_key(h) for h, _, _ in differ])
        examples = {h: found.get(two_card_key(h), []) for h, _, _ in differ}
    (_fit_json if settings.json else _fit_text)(hw, rules, target, results, shown, differ,
                                                examples)
    return 0


def _chosen(r: dict) -> dict:
    """A combination's readings and variants, as one mapping."""
    return {**r["readings"], **r["variants"]}


def _fit_json(hw: Any, rules: Any, target: Any, results: list, shown: dict, differ: list,
              examples: dict) -> None:
    import json
    from verifier.game.cards import cards_str

    def figure(x):
        return str(x) if not isinstance(x, int) else x
    print(json.dumps({
        "house_way": hw.name, "target": target.path, "source": target.source,
        "table": target.table, "rows": len(target.rows), "wheel": rules.wheel,
        "combinations": [dict({"readings": r["readings"], "reproduced": r["reproduced"]},
                              **({"variants": r["variants"]} if r["variants"] else {}),
                              **({"skipped": r["skipped"]} if r["skipped"] else {}))
                         for r in results],
        "differences": {"readings": _chosen(shown),
                        "rows": [dict({"hand": h, "mine": figure(m), "target": figure(t)},
                                      **({"difference": m - t} if type(t) is int else {}),
                                      examples=[{"cards": cards_str(c),
                                                 "front": cards_str(x),
                                                 "front_by_best": cards_str(y)}
                                                for c, x, y in examples.get(h, [])])
                                 for h, m, t in differ]}}, indent=1))


def _fit_text(hw: Any, rules: Any, target: Any, results: list, shown: dict, differ: list,
              examples: dict) -> None:
    from verifier.game.cards import cards_str
    print(f"house way {hw.name} against {target.path} ({len(target.rows)} rows of the "
          f"{target.table.replace('_', '-')} table; wheel {rules.wheel})")
    if target.source:
        print(f"source: {target.source}")
    print(f"{'reproduced':>10}  readings")
    for r in results:
        words = ", ".join(f"{k} = {v}" for k, v in _chosen(r).items()) or "(as in force)"
        mark = "  (in force)" if r["in_force"] else ""
        if r["skipped"]:
            print(f"{'-':>6} of {len(target.rows)}  {words}{mark}: not counted ({r['skipped']})")
        else:
            print(f"{r['reproduced']:>6} of {len(target.rows)}  {words}{mark}")
    if not differ:
        print("\nevery row reproduced, by the readings in force")
        return
    words = ", ".join(f"{k} = {v}" for k, v in _chosen(shown).items())
    print(f"\nrows that differ under {words or 'the readings in force'} "
          f"(mine minus the table's):")
    for h, m, t in differ:
        if type(t) is int:
            print(f"  {h:<20} {m:>13,} {t:>13,} {m - t:>+8,}")
        else:
            print(f"  {h:<20} {float(m):>13.6%} {str(t):>13}  (exact {m})")
        for cards, x, y in examples.get(h, []):
            print(f"      {cards_str(cards)}: front {cards_str(x)} here, "
                  f"{cards_str(y)} by the best")
    best = results[0]
    if shown is best:              # else the readings in force are shown, and the best
        return
    words = ", ".join(f"{k} = {v}" for k, v in _chosen(best).items())
    print(f"the best, {words}, reproduces {best['reproduced']} of {len(target.rows)}")
