"""``paigow-verify strategy``: the player's optimal strategy over every player hand
(issue 15; docs/STRATEGY.md): the house way against the best setting, exactly."""
from __future__ import annotations

import argparse
import json
import sys

from verifier.support.errors import VerifierError
from verifier.game.settlement import SettlementRule
from verifier.cli.options import (output_file, add_progress_options, add_rule_options, add_thread_option, whole_number)
from typing import Any, Mapping, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.cli.settings import StrategySettings
    from verifier.strategy.job import RunInfo


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "strategy", help="the player's best play on every hand against the house way: "
                         "exact house edge, how often and how much the house way loses",
        description="For every one of the 154,143,080 player hands (one per suit-symmetry "
                    "class, weighted), every way to set it against all C(46,7) banker hands "
                    "set by the house way: the player's exact win, push and loss "
                    "probabilities and house edge when the player sets every hand by the "
                    "house way and when the player plays the best setting; how often the "
                    "house way is not the best and what that costs, by hand type, by house-"
                    "way row and by rank pattern (docs/STRATEGY.md). When the rule set's "
                    "shipped certificate has these figures for the "
                    "same rules, they print at once; otherwise (or with --recompute) the job "
                    "runs: about a minute on two cores (measured: 52 s) and 0.4 GB of "
                    "tables, saved chunk by chunk in a work directory so that an interrupted "
                    "run (Ctrl-C, kill) resumes where it stopped.")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    p.add_argument("--out", type=output_file, metavar="CERT.json",
                   help="compute (resuming from the work directory) and write the rule set's "
                        "whole certificate (as run --out) with a strategy section")
    p.add_argument("--recompute", action="store_true",
                   help="compute afresh even when the shipped certificate has the figures")
    p.add_argument("--ray", metavar="ADDRESS|local", default=None,
                   help="run the chunks on Ray actors: a cluster's address (host:port, "
                        "ray://host:port, auto) or 'local' for a Ray started here; each actor "
                        "builds the tables once (0.4 GB) and uses --threads cores; "
                        "actors = the cluster's CPUs // --threads (needs `pip install ray`)")
    p.add_argument("--work", metavar="DIR", default=None,
                   help="work directory for the finished chunks (default: "
                        "$XDG_CACHE_HOME/paigow-verifier/strategy/<job key>, else "
                        "~/.cache/...); a run and a Ray run resume each other from it")
    p.add_argument("--chunk-size", type=whole_number(1, 10 ** 9), default=None, metavar="N",
                   help="work units per chunk (default 5,000: the full deck in about 220 "
                        "chunks); part of the job key, so another size starts afresh")
    add_rule_options(p)
    add_thread_option(p)
    add_progress_options(p)
    p.add_argument("--deck-ranks", help=argparse.SUPPRESS)  # tests: a reduced deck
    p.add_argument("--backend", help=argparse.SUPPRESS)     # tests: python or module:Class
    p.set_defaults(func=cmd_strategy)


# ---------------------------------------------------------------------------------
# computing
# ---------------------------------------------------------------------------------

def strategy_report(settings: StrategySettings) -> tuple[dict[str, Any], RunInfo | None]:
    """(report dict, where the figures come from): shipped or computed."""
    from verifier.strategy import job as sj
    from verifier.strategy.chunks import chunks_section
    from verifier.strategy.spec import spec_for
    from verifier.certificate.shipped import shipped_figures
    ruleset = settings.ruleset
    deck = settings.deck
    head = {"rule_set": ruleset.name, "house_way_name": ruleset.rules.house_way,
            "wheel": ruleset.rules.wheel, "settlement": ruleset.settlement}
    if not (settings.recompute or settings.out or deck or settings.backend):
        found, path = shipped_figures(ruleset)
        if found is not None:
            assert path is not None
            print(f"paigow-verify: shipped figures of {path.name} "
                  "(--recompute to compute them afresh)", file=sys.stderr)
            return dict(head, **found, source=f"shipped certificate {path.name}"), None
    from verifier.engine import current
    if current() == "pure-python" and deck is None and settings.backend in (None, "python"):
        raise VerifierError("the strategy job on the full deck needs the compiled core: in "
                            "pure Python (PAIGOW_PUREPYTHON=1) it would take months, and the "
                            "shipped certificate has no strategy figures for these rules")
    if settings.out:
        settings.output()
    spec = spec_for(ruleset, deck=deck, chunk_size=settings.chunk_size, backend=settings.backend,
                    threads=settings.threads, engine=settings.engine)
    raw, info = sj.run_job(spec, work=settings.work, ray_address=settings.ray,
                           progress=settings.progress)
    report = dict(head, **sj.figures(raw, ruleset), source="computed", run=info.to_dict())
    if settings.out:
        from verifier import certificate
        from verifier.certificate.build import rule_set_certificate
        made = rule_set_certificate(ruleset, deck=deck, threads=settings.threads,
                                    progress=settings.progress, base_game=True,  # its check
                                    spec=settings.engine)
        from verifier.certificate.build import attach_strategy
        certificate.write(settings.out, attach_strategy(made.cert, raw, ruleset,
                                                      chunks_section(info)), made.rows)
        report["certificate"] = str(settings.out)
    return report, info


def cmd_strategy(settings: StrategySettings) -> int:
    report, info = strategy_report(settings)
    if settings.json:
        print(json.dumps(report, indent=1))
    else:
        print_report(report, info)
    return 0


# ---------------------------------------------------------------------------------
# printing
# ---------------------------------------------------------------------------------

def _num(x):
    return f"{x['decimal']:.6f}  ({x['exact']})"


def print_report(r: Mapping[str, Any], info: RunInfo | None = None) -> None:
    print(f"rules      {r['rule_set']}, house way {r['house_way_name']}, wheel {r['wheel']}")
    print(f"source     {r['source']}")
    print(f"hands      {r['player_hands']:,} player hands ({r['player_classes']:,} "
          f"classes) x {r['banker_hands']:,} banker hands each")
    if not SettlementRule.of(r["settlement"]).is_commission:
        print("value      wins pay 1 to 1; house edge before the flat fee per hand")
    sides = (("house_way", "house way"), ("optimal", "optimal"),
             ("face_up", "Face Up: the best response to the dealer's exposed hand"))
    for side, title in sides:
        if side not in r:
            continue
        f = r[side]
        print(f"\n{title}:")
        for k in ("win", "push", "loss"):
            print(f"  {k:<11} {_num(f['probabilities'][k])}")
        print(f"  {'house edge':<11} {_num(f['house_edge'])}")
    n = r["not_optimal"]
    print(f"\nhouse way not optimal: {n['hands']:,} of {r['player_hands']:,} player hands "
          f"({n['frequency']['decimal']:.6%}); gives up {_num(n['cost'])} per unit wagered, "
          "over all hands")
    for key, title in (("by_type", "best five-card hand"), ("by_row", "house-way row")):
        print(f"\nby {title}:")
        names = [row.get("name") or str(row.get("type", row.get("row"))) for row in r[key]]
        width = max([28] + [len(n) for n in names])
        print(f"  {'':<{width}} {'hands':>13} {'not optimal':>13} {'share':>9} {'cost per unit':>14}")
        for name, row in zip(names, r[key]):
            print(f"  {name:<{width}} {row['hands']:>13,} {row['not_optimal']:>13,} "
                  f"{row['frequency']['decimal']:>9.4%} {row['cost']['decimal']:>14.8f}")
    from verifier.game.names import JOKER_LEGEND
    print(f"\nthe {len(r['patterns'])} rank patterns where the house way gives up the most "
          f"(ranks high to low; {JOKER_LEGEND}, Jk in the cards):")
    print(f"  {'ranks':<9} {'hands':>11} {'not optimal':>12} {'cost per unit':>14}  "
          "hand that gives up the most (per unit on it): house way / best, front | back")
    for p in r["patterns"]:
        ex = p["example"]
        hw, best = ex["house_way"], ex["best"]
        print(f"  {p['pattern']:<9} {p['hands']:>11,} {p['not_optimal']:>12,} "
              f"{p['cost']['decimal']:>14.8f}  {ex['cards']} ({ex['cost']['decimal']:.6f}): "
              f"{hw['front']} | {hw['back']} / {best['front']} | {best['back']}")
    if info is not None:
        print(f"\nrun        {info.chunks_done} chunks computed, {info.chunks_resumed} resumed "
              f"from {info.work_dir}; {info.seconds:.1f} s ({info.build_seconds:.1f} s "
              "building the tables)")
        if info.units_per_second:
            print(f"rate       {info.units_per_second:,.1f} units/s, "
                  f"{info.classes_per_second:,.1f} player classes/s")
    if r.get("certificate"):
        print(f"certificate {r['certificate']}")
