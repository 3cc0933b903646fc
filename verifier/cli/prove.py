"""``paigow-verify prove``: the closed-form derivations against the enumeration.

Runs the whole enumeration once, then prints, for every derivation in
``proofs/registry.py``, the closed form, the enumeration's number, the published value
and whether they agree. Exit status 1 on any disagreement.
"""
from __future__ import annotations

import sys
import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.cli.settings import ProveSettings


def _proofs():
    """The derivations (proofs/)."""
    from verifier.proofs import compare
    return compare


from verifier.cli.options import thread_number

def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "prove", help="check closed-form counts against the exhaustive enumeration",
        description="Derive the headline counts by independent closed-form "
                    "combinatorics (docs/PROOFS.md), run the enumeration, and compare.")
    p.add_argument("--threads", type=thread_number, default=None, metavar="N",
                   help="threads for the enumeration (default: every core)")
    p.add_argument("--no-enumeration", action="store_true",
                   help="only the closed forms and published values (seconds)")
    from verifier.cli.options import add_progress_options, add_rule_options
    add_rule_options(p)
    add_progress_options(p)
    p.set_defaults(func=run)


def run(settings: ProveSettings) -> int:
    settings.readings                  # a bad rule set or reading is one line, always
    given = [f"--{o.replace('_', '-')}" for o in ("rules", "wheel", "bonus_reading", "house_way")
             if getattr(settings, o) is not None]
    if settings.no_enumeration and given:
        from verifier.support.errors import VerifierError
        raise VerifierError(f"{', '.join(given)} has no effect with --no-enumeration (the "
                            "closed forms count the deck, whatever the rules): drop one")
    compare = _proofs()
    result = None
    if not settings.no_enumeration:
        from verifier.engine import enumerate_hands
        result = enumerate_hands(settings.engine, progress=settings.progress)
    rows = compare.run_all(result)
    print(compare.format_table(rows))
    if not compare.all_agree(rows):
        print("paigow-verify prove: a closed form disagrees (rows marked NO)", file=sys.stderr)
        return 1
    return 0
