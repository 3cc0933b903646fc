"""`paigow-verify hand "As Ks Qs Js Ts Kh Qh"`: one hand set by the house way."""
import json

from .options import add_rule_options, rules_from_args


def register(subparsers):
    p = subparsers.add_parser(
        "hand", help="set one seven-card hand by the house way and list its categories",
        description="Set one seven-card hand by the house way: the two-card and five-card "
                    "hands, the house-way row that decided, and its Outlaw 9 categories. "
                    "Cards: As Kd Tc 9h (10h and lower case accepted), joker Jk.")
    p.add_argument("cards", help='seven cards, e.g. "As Ks Qs Js Ts Kh Qh"')
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    p.add_argument("--versus-banker", action="store_true",
                   help="also count, exactly, the player's wins, losses and pushes against "
                        "all C(46,7) banker hands")
    add_rule_options(p)
    p.set_defaults(func=run_hand)


def run_hand(args):
    from ..hands import set_hand
    setting = set_hand(args.cards, rules_from_args(args))
    out = setting.to_json_dict()
    if args.versus_banker:
        from ..pairwise import versus_banker
        out["versus_banker"] = versus_banker(setting.cards, rules=setting.rules)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"cards      {out['cards']}")
    print(f"front      {out['front']:<16} {out['front_hand']}")
    print(f"back       {out['back']:<16} {out['back_hand']}")
    print(f"row        {out['row']} ({out['row_name']})")
    print(f"house way  {out['house_way']}")
    print(f"best five  {out['best_five'].replace('_', ' ')}")
    print(f"outlaw 9   {', '.join(out['outlaw9']) or 'none'}  "
          f"({setting.rules.bonus_reading} reading)")
    if "versus_banker" in out:
        print("versus banker:")
        for name, value in out["versus_banker"].items():
            print(f"  {name:<24} {value}")
    return 0
