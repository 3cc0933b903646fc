"""``paigow-verify solve CERT.json --commission | --push-family FAMILY --edge E``: the base
game's settlement solved for a target house edge (verifier/odds/solvebase.py), from the
certificate's ``base_game`` section: its exact counts (the commission), or its rules and
deck counted again under each push condition of the family."""
from __future__ import annotations

import argparse
import json

from verifier.cli.options import load_checked
from verifier.cli.settings import OddsSettings
from verifier.support.errors import VerifierError
from typing import Any, Mapping, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.certificate.model import BaseGame, Certificate
    from verifier.support.progress import Progress


def add_base_options(p: argparse.ArgumentParser) -> None:
    from verifier.odds.solvebase import PUSH_FAMILIES
    p.add_argument("--commission", dest="solve_commission", action="store_true",
                   help="instead of a line's pay: the commission on the base game's wins "
                        "that gives --edge (its push conditions applied; exact counts)")
    p.add_argument("--push-family", choices=tuple(PUSH_FAMILIES), default=None,
                   help="instead of a line's pay: which push condition on the banker's "
                        "hand of the family (pai_gow: a pai gow of each top card; front: "
                        "a two-card hand of each top card) gives the edge closest to --edge, "
                        "each counted exactly over every pair of hands")
    from verifier.cli.options import add_progress_options, thread_number
    p.add_argument("--threads", type=thread_number, default=None,
                   help="threads for --push-family's counts")
    add_progress_options(p)


def solves_base(settings: OddsSettings) -> bool:
    """Whether ``solve`` solves the base game's settlement (else a line's pay); one line
    for a mix or for neither."""
    chosen = [bool(settings.line), settings.solve_commission, settings.push_family is not None]
    if sum(chosen) != 1:
        raise VerifierError("solve needs one of --line, --commission or --push-family")
    return not chosen[0]


def _base_game(settings: OddsSettings) -> tuple[Certificate, BaseGame]:
    assert settings.certificate is not None          # solve's positional argument
    cert = load_checked(settings.certificate, settings.rules)
    if cert.base_game is None:
        raise VerifierError(f"{settings.certificate} has no base_game section (run with "
                            "--base-game)")
    return cert, cert.base_game


def push_family_edges(cert: Certificate, settlement: Mapping[str, Any], family: str,
                      threads: int | None = None, progress: Progress | None = None
                      ) -> list[dict[str, Any]]:
    """Each condition of ``family`` counted exactly over every ordered pair of hands of
    the certificate's deck under its readings: [{"push_when", "edge", "counts"}]."""
    from verifier.engine import engine_spec, pairwise_counts
    from verifier.game.cards import parse_card
    from verifier.odds.solvebase import PUSH_FAMILIES, edge_of, family_rules
    from verifier.rules.readings import Rules
    rules = Rules.of(wheel=cert.reading("wheel"), bonus_reading=cert.bonus_reading,
                     house_way=cert.house_way, joker=cert.joker)
    spec = engine_spec(rules, threads, sorted(parse_card(c) for c in cert.deck.cards))
    out = []
    for name, each in zip(PUSH_FAMILIES[family], family_rules(settlement, family)):
        counts = pairwise_counts(rules=spec, progress=progress, settlement=each)
        out.append({"push_when": name, "edge": edge_of(counts, each),
                    "counts": counts})
    return out


def solve_base(settings: OddsSettings) -> int:
    from verifier.odds.solvebase import closest, commission_for_edge
    from verifier.odds.values import exact_value
    from verifier.support.edges import parse_edge
    assert settings.edge is not None                  # solve's required option
    edge = parse_edge(settings.edge)
    cert, base = _base_game(settings)
    if settings.solve_commission:
        sol = commission_for_edge(base.outcomes, base.settlement, edge)
        out = {"edge": exact_value(edge), "commission": exact_value(sol["commission"]),
               "edge_without_commission": exact_value(sol["edge_at_zero"]),
               "win": sol["win"], "loss": sol["loss"], "total": sol["total"]}
        if settings.json:
            print(json.dumps(out, indent=1))
            return 0
        print(f"commission {sol['commission']} (= {float(sol['commission']):.6%}) on the "
              f"player's wins gives a house edge of {float(edge):.4%}")
        print(f"  (wins {sol['win']:,}, losses {sol['loss']:,} of {sol['total']:,} pairs, "
              f"push conditions applied; with no commission the edge is "
              f"{float(sol['edge_at_zero']):.6%})")
        return 0
    assert settings.push_family is not None           # solves_base: one of the two
    rows = push_family_edges(cert, base.settlement, settings.push_family, settings.threads,
                             settings.progress)
    best = closest(rows, edge)
    if settings.json:
        print(json.dumps({"edge": exact_value(edge), "closest": rows[best]["push_when"],
                          "conditions": [{"push_when": r["push_when"],
                                          "house_edge": exact_value(r["edge"])}
                                         for r in rows]}, indent=1))
        return 0
    print(f"push condition            house edge   (target {float(edge):.4%})")
    for i, r in enumerate(rows):
        mark = "  <- closest" if i == best else ""
        print(f"{r['push_when']:<24} {float(r['edge']):>10.4%}  {r['edge']}{mark}")
    return 0
