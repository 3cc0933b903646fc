"""``paigow-verify run``: the whole enumeration, the exact Outlaw 9 odds, a certificate."""
from __future__ import annotations

import argparse
import gc
import json
import sys

from verifier.support.errors import VerifierError
from verifier.cli.options import (output_file, thread_number, add_operator_options,
                                  add_progress_options, add_rule_options, operator_inputs)
from typing import Iterable, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.cli.settings import RunSettings
    from verifier.game.paytables import Paytable


def load_paytables(files: Iterable[str] | None) -> dict[str, Paytable]:
    """``--paytable`` files -> {bet: table}; two tables for one bet is an error."""
    from verifier.game.paytables import load
    tables: dict = {}
    for path in files or []:
        table = load(path)
        if table.bet in tables:
            raise VerifierError(f"two pay tables for {table.bet}: {tables[table.bet].source} "
                                f"and {path}")
        tables[table.bet] = table
    return tables


#: the modules ``run`` needs once the hands are counted, and those of ``--json``'s
#: operator figures (numpy and its FFT, imported on first use: their exact bands,
#: verifier/odds/sums.py)
AFTER_COUNT = ("verifier.certificate", "verifier.certificate.build", "verifier.odds.exact",
               "verifier.odds.ratings", "verifier.report.model", "verifier.report.text",
               "verifier.certificate.formula", "rfc8785")
AFTER_COUNT_JSON = ("verifier.odds.sums", "numpy", "numpy.fft")


def _import(names: Iterable[str]) -> None:
    import importlib
    for name in names:
        importlib.import_module(name)


def cmd_run(settings: RunSettings) -> int:
    # the counts and the certificate are some 300,000 small containers and no reference
    # cycle: the cyclic garbage collector's passes over them, all for nothing, took
    # a fifth of run --no-base-game
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _run(settings)
    finally:
        if enabled:
            gc.enable()


def _run(settings):
    ruleset = settings.ruleset
    tables = load_paytables(settings.paytable)
    from verifier.game.paytables import FILED_FILES
    offered = set(ruleset.bet_names()) | set(FILED_FILES)   # and the filed bets, always
    for bet in tables:
        if bet not in offered:
            raise VerifierError(f"rule set {ruleset.name} has no {bet} bet "
                                f"(it offers {', '.join(ruleset.bet_names()) or 'none'})")
    deck = settings.deck
    if settings.out:
        settings.output()
    if settings.sign:
        from verifier.certificate.signing import load_private_key
        load_private_key(settings.sign)           # a bad key fails now, not after the run
    if settings.base_game or (settings.base_game is None and settings.engine.deck is None):
        # Face Up's base game is the strategy job: a long job, said before it starts
        from verifier.strategy.faceup import job_notice
        line = job_notice(settings.engine, ruleset.settlement, deck, settings.threads)
        if line:
            print(f"paigow-verify: {line}", file=sys.stderr)
    from verifier.engine import enumerate_hands
    from verifier.support.interrupts import alongside
    # what the certificate and the output need is imported while the hands are counted
    with alongside(lambda: _import(AFTER_COUNT + (AFTER_COUNT_JSON if settings.json else ()))):
        result = enumerate_hands(settings.engine, progress=settings.progress)
    from verifier import certificate
    from verifier.certificate.build import rule_set_certificate
    from verifier.odds.exact import outlaw9_odds
    from verifier.game.bets import default_bet
    from verifier.report.model import build
    from verifier.report.text import run_summary
    made = rule_set_certificate(ruleset, tables, deck, settings.threads, settings.progress,
                                settings.base_game, spec=settings.engine,
                                ahead=bool(settings.out), result=result)
    result, cert, note, base_game = made.result, made.cert, made.note, made.base_game
    if settings.sign:
        from verifier.certificate.signing import sign
        sign(cert, settings.sign)
    if settings.out:
        certificate.write(settings.out, cert, made.rows)
    model = certificate.Certificate.of(cert)
    if settings.json:
        way = model.house_way_tables              # its tables are the counts' own
        out = result.to_json_dict({"front_hands": dict(way.front_hands),
                                   "back_hands": dict(way.back_hands)})
        out["rule_set"] = ruleset.name
        primary = default_bet().name              # the bonus bet, as the certificate's
        out[primary] = outlaw9_odds(result, certificate.paytable_of(cert)).to_dict()
        out["sections"] = {k: v.results for k, v in model.sections.items() if k != primary}
        if note and base_game is None:
            out["base_game_skipped"] = note
        out["certificate"] = str(settings.out) if settings.out else None
        out["sha256"] = model.sha256
        out["result_sha256"] = model.result_sha256
        out["operator"] = operator_json(model, settings)
        print(json.dumps(out, indent=1))
    else:
        print(run_summary(result, build(model, formulas=False), settings.out, model.sha256,
                          model.result_sha256))
        if note and base_game is None:
            print(f"\nBase game figures skipped: {note}")
    return 0


def operator_json(model: Certificate, settings: RunSettings) -> dict:
    """``run --json``'s operator figures: each wager's at the pace of the options, and in a
    player-dealer game the bankroll from the table simulator (docs/PARSHEET.md)."""
    from verifier.report.model import build
    op = build(model, formulas=False, **operator_inputs(settings, model)).operator
    return {"wagers": [f.to_dict() for f in op.wagers],
            "bankroll": op.bankroll.to_dict() if op.bankroll is not None else None,
            "notes": op.notes + op.bankroll_notes}


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "run", help="enumerate every hand; exact Outlaw 9 odds; write a certificate",
        description="Enumerates all C(53,7) = 154,143,080 seven-card hands, sets each by the "
                    "house way, classifies it, and prints the counts and the exact Outlaw 9 "
                    "odds under the pay table (default: as filed).")
    p.add_argument("--threads", type=thread_number, default=None,
                   help="threads for the compiled core (default: OMP_NUM_THREADS or every core)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--out", type=output_file, metavar="CERT.json", help="write the certificate to this file")
    p.add_argument("--sign", metavar="PRIVATE.pem",
                   help="sign the certificate with this Ed25519 key (paigow-verify keygen)")
    p.add_argument("--paytable", action="append", metavar="FILE",
                   help="pay table file (TOML, docs/PAYTABLES.md); its 'bet' says which bet "
                        "it replaces; may be given once per bet")
    add_rule_options(p)
    p.add_argument("--base-game", action=argparse.BooleanOptionalAction, default=None,
                   help="count every ordered (player, banker) pair of disjoint hands exactly "
                        "(8.25e15 of them, a few seconds): the base game's win/loss/push, its "
                        "return under the rule set's commission or fees, and the Wrangler "
                        "Push (default: on for the full deck)")
    p.add_argument("--deck-ranks", help=argparse.SUPPRESS)  # tests: a reduced deck, e.g. JQKA
    add_operator_options(p)
    add_progress_options(p)
    p.set_defaults(func=cmd_run)
