"""`paigow-verify hand "As Ks Qs Js Ts Kh Qh"`: one hand set by the house way; with
--strategy, every way to set it against every banker hand."""
from __future__ import annotations

import json

from verifier.cli.options import (add_rule_options, add_thread_option)
import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.cli.settings import HandSettings


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "hand", help="set one seven-card hand by the house way and list its categories",
        description="Set one seven-card hand by the house way: the two-card and five-card "
                    "hands, the house-way row that decided, and its Outlaw 9 categories. "
                    "Cards: As Kd Tc 9h (10h and lower case accepted), joker Jk. "
                    "With --strategy: every distinct way to set the hand (merged when the "
                    "two hands rank the same; fouls marked), each with its exact wins, "
                    "pushes and losses against all C(46,7) = 53,524,680 banker hands set "
                    "by the house way, and its expected result under the rule set's "
                    "settlement; the best setting and the house way's choice marked "
                    "(about a second of CPU; docs/STRATEGY.md).")
    p.add_argument("cards", help='seven cards, e.g. "As Ks Qs Js Ts Kh Qh"')
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--versus-banker", action="store_true",
                      help="also count, exactly, the player's wins, losses and pushes "
                           "against all C(46,7) banker hands")
    what.add_argument("--strategy", action="store_true",
                      help="every way to set the hand against all C(46,7) banker hands "
                           "set by the house way: exact counts and expected result of "
                           "each, the best one and the house way's choice")
    what.add_argument("--dealer", metavar="CARDS",
                      help="Face Up (docs/FACE_UP.md): the dealer's seven cards, set face up "
                           "by the house way; every way to set the hand with its result "
                           "against them (the rule set's push conditions applied), the "
                           "best marked")
    add_rule_options(p)
    add_thread_option(p)
    from verifier.cli.options import add_progress_options
    add_progress_options(p)
    p.set_defaults(func=run_hand)


def run_hand(settings: HandSettings) -> int:
    if settings.strategy:
        return run_strategy(settings)
    if settings.dealer is not None:
        return run_face_up(settings)
    from verifier.engine import set_hand
    from verifier.game.bets import default_bet
    from verifier.game.names import display_name, display_names
    assert settings.cards is not None                # hand's positional argument
    setting = set_hand(settings.cards, settings.engine)
    out = setting.to_json_dict()
    if settings.versus_banker:
        from verifier.engine import versus_banker
        from verifier.cli.progress import command_steps
        with command_steps(settings.progress, "hand", 1) as steps:
            steps.next("against all 53,524,680 banker hands")
            out["versus_banker"] = versus_banker(setting.cards, rules=settings.engine)
    if settings.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"cards      {out['cards']}")
    print(f"front      {out['front']:<16} {out['front_hand']}")
    print(f"back       {out['back']:<16} {out['back_hand']}")
    print(f"row        {out['row']} ({out['row_name']})")
    print(f"house way  {out['house_way']}")
    print(f"best five  {display_name(out['best_five'])}")
    print(f"outlaw 9   {display_names(out[default_bet().name]) or 'none'}  "
          f"({setting.rules.bonus_reading} reading)")
    if "versus_banker" in out:
        print("versus banker:")
        for name, value in out["versus_banker"].items():
            print(f"  {display_name(name):<26} {value:>12,}")
    return 0


def run_strategy(settings: HandSettings) -> int:
    from verifier.game.cards import parse_cards
    from verifier.strategy.hand import by_value, hand_strategy, value_note
    ruleset = settings.ruleset
    assert settings.cards is not None                # hand's positional argument
    from verifier.cli.progress import command_steps
    with command_steps(settings.progress, "hand", 1) as steps:
        steps.next("every setting against all 53,524,680 banker hands")
        out = hand_strategy(parse_cards(settings.cards, count=7), ruleset, spec=settings.engine)
    if settings.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"cards      {out['cards']}")
    print(f"rules      {out['rule_set']}, house way {out['house_way']}, wheel {out['wheel']}")
    print(f"banker     all {out['banker_hands']:,} hands of the other cards, each set by "
          "the house way")
    print(f"value      {value_note(ruleset.settlement)}")
    rows = by_value(out["settings"])
    print(f"{'front':<6} {'back':<15} {'back hand':<28} {'front hand':<12} {'win':>11} "
          f"{'push':>11} {'loss':>11} {'value':>10}  exact value")
    for r in rows:
        c = r["outcomes"]                        # the wager's, push conditions applied
        value = ("foul" if r["return"] is None else f"{r['return']['decimal']:+.6f}")
        exact = "" if r["return"] is None else r["return"]["exact"]
        marks = [m for m, on in (("best", r["best"]), ("house way", r["house_way"]),
                                 ("dominated", r["dominated"] and r["legal"])) if on]
        line = (f"{r['front']:<6} {r['back']:<15} {r['back_hand']:<28} {r['front_hand']:<12} "
                f"{c['win']:>11,} {c['push']:>11,} {c['loss']:>11,} {value:>10}  {exact}"
                + (f"  [{', '.join(marks)}]" if marks else ""))
        print(line.rstrip())
    house = out["house_way_setting"]
    if house is None:
        print("house way  no row of the house way sets this hand")
    elif out["house_way_cost"] is None:
        print("house way  sets the hand as a foul")
    elif out["house_way_cost"]["exact"] == "0":
        print("house way  plays a best setting")
    else:
        cost = out["house_way_cost"]
        print(f"house way  not the best: gives up {cost['decimal']:.6f} per unit "
              f"({cost['exact']})")
    return 0


def run_face_up(settings: HandSettings) -> int:
    """``hand CARDS --dealer CARDS``: every setting against the dealer's exposed hand."""
    from verifier.game.cards import parse_cards
    from verifier.strategy.faceup import face_up_hand
    assert settings.cards is not None and settings.dealer is not None
    out = face_up_hand(parse_cards(settings.cards, count=7),
                       parse_cards(settings.dealer, count=7), settings.engine,
                       settings.ruleset.settlement)
    if settings.json:
        print(json.dumps(out, indent=2))
        return 0
    d = out["dealer"]
    print(f"cards      {out['cards']}")
    print(f"dealer     {d['cards']}: front {d['front']} ({d['front_hand']}), back {d['back']} "
          f"({d['back_hand']}), house way {d['house_way']}")
    if out["dealer_pushes"]:
        print("           the dealer's hand meets a push condition: every wager pushes")
    print(f"{'front':<6} {'back':<15} {'against the dealer':<19} result")
    for i, r in enumerate(out["settings"]):
        marks = [m for m, on in (("best", i == out["best"]), ("house way", r["house_way"]))
                 if on]
        print((f"{r['front']:<6} {r['back']:<15} {r['comparison']:<19} {r['result']}"
               + (f"  [{', '.join(marks)}]" if marks else "")).rstrip())
    print(f"best       {out['best_result']}; the house way's setting: {out['house_way_result']}")
    return 0
