"""`paigow-verify house-ways [NAME]`: the shipped house ways, and one's file text."""


def register(subparsers):
    p = subparsers.add_parser(
        "house-ways", help="list the shipped house ways, or print one's file to copy and edit",
        description="House ways as files (docs/HOUSE_WAYS.md). With no NAME: the shipped "
                    "house ways, one line each. With NAME: that house way's file text, so "
                    "that it can be copied and edited; `paigow-verify hand CARDS "
                    "--house-way FILE` then sets a hand by the edited file and names the "
                    "row that decided.")
    p.add_argument("name", nargs="?", metavar="NAME",
                   help="a shipped house way (see the list)")
    p.set_defaults(func=run_house_ways)


def run_house_ways(args):
    from ..houseway import load, names, shipped_path
    if args.name is None:
        for name in names():
            hw = load(name)
            route = "built in and as a file" if hw.built_in else "file"
            print(f"{name:<22} {hw.title} ({len(hw.rows)} rows; {route})")
        return 0
    if args.name not in names():
        from ..houseway import HouseWayError
        raise HouseWayError(f"unknown house way {args.name!r}: choose from "
                            f"{', '.join(names())}")
    print(shipped_path(args.name).read_text(encoding="utf-8"), end="")
    return 0
