"""Foxwoods against JB, on the comparison side (issue 53): every combination of the
comparison readings (verifier/game/comparison.py: the joker against an equal natural hand
in the front and in the back, A-2-3-4-5's rank when compared, the back's kickers), each
an exact count of all 8,250,459,031,214,400 ordered pairs with both sides on `foxwoods`,
A-2-3-4-5 set as second and as lowest, printed beside JB's three counts
(examples/published/jb_foxwoods_base_game.toml); then the readings of the Foxwoods text
declared in examples/published/foxwoods_readings.toml ([variants], one at a time) under
the comparison readings nearest JB.

    python benchmarks/foxwoods_jb.py [--threads 2] [--nearest 3] [--json OUT]
    python benchmarks/foxwoods_jb.py --settings [--wheel second] [--json OUT]

With --settings: every combination of the alternatives of the [variants] points named by
--points (default the three whose single moves are within a trillion pairs of JB's:
quads_with_pair, joker_alone_as_high, full_house; 12 counts), under the engine's
comparison or --comparison's: exact runs in place of the differences added up.

About 4 CPU seconds a count (2026-11-28, 2 cores); 38 comparison counts and 10 reading
counts under each of the nearest comparisons (and the engine's, when not among them). The results are in docs/HOUSE_WAYS.md (Foxwoods against
JB, "The comparison side"). Times are printed, never asserted.
"""
import argparse
import json
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = ROOT / "examples" / "published"
TARGET = PUBLISHED / "jb_foxwoods_base_game.toml"
READINGS = PUBLISHED / "foxwoods_readings.toml"
NAMES = ("win", "push", "loss")


def jb_counts():
    from verifier.support.toml import tomllib
    with open(TARGET, "rb") as f:
        return {row[0]: row[1] for row in tomllib.load(f)["rows"]}


def edge_push(c):
    total = sum(c[n] for n in NAMES)
    edge = Fraction(c["loss"], total) - Fraction(95, 100) * Fraction(c["win"], total)
    return float(edge * 100), float(Fraction(c["push"], total) * 100)


def count(wheel, comparison, way=None):
    from verifier.engine import pairwise_counts
    from verifier.rules.readings import Rules
    if way is None:
        rules = Rules.of(wheel=wheel, house_way="foxwoods")
    else:
        rules = Rules.of(wheel=wheel, house_way=str(READINGS))
    return pairwise_counts(rules=rules, threads=ARGS.threads, comparison=comparison,
                           house_way=way)


def report(label, c, jb, rows):
    edge, push = edge_push(c)
    d = {n: c[n] - jb[n] for n in NAMES}
    miss = sum(abs(v) for v in d.values())
    rows.append(dict(label, **{n: c[n] for n in NAMES + ("copy_high", "copy_low",
                                                          "copy_both")},
                     edge=edge, push_pct=push, off=miss))
    print(f"{edge:.6f}% {push:.6f}%  " + "  ".join(f"{c[n]:>22,} ({d[n]:+,})" for n in NAMES)
          + f"  copies {c['copy_high']:,}/{c['copy_low']:,}/{c['copy_both']:,}  "
          + " ".join(f"{k}={v}" for k, v in label.items()), flush=True)


def settings():
    """Every combination of the alternatives of the points --points, exactly."""
    from itertools import product
    from verifier.game.comparison import Comparison
    from verifier.houseway import load
    jb, rows = jb_counts(), []
    declared = load(str(READINGS))
    points = ARGS.points.split(",")
    for chosen in product(*(list(declared.variants[p]) for p in points)):
        way = declared.with_variants(dict(zip(points, chosen)))
        label = {"set_wheel": ARGS.wheel, "variant": ", ".join(
            f"{p}={a}" for p, a in zip(points, chosen)
            if a != next(iter(declared.variants[p])))}
        comparison = Comparison(**dict(kv.split("=") for kv in ARGS.comparison.split(",")
                                       if kv))
        label.update(comparison.readings())
        report(label, count(ARGS.wheel, comparison, way), jb, rows)
    return jb, rows


def main():
    from verifier.game.comparison import Comparison, every_comparison
    from verifier.houseway import load
    jb = jb_counts()
    e, p = edge_push(jb)
    print(f"JB: {e:.6f}% {p:.6f}%  " + "  ".join(f"{jb[n]:>22,}" for n in NAMES))
    rows, t0 = [], time.time()
    combos = list(every_comparison(kickers="compared")) + [Comparison(kickers="ignored")]
    for wheel in ("second", "lowest"):
        for comparison in combos:
            if comparison.wheel == wheel:           # the same as "as-set"
                continue
            report(dict(set_wheel=wheel, **comparison.readings()), count(wheel, comparison),
                   jb, rows)
    nearest = sorted(rows, key=lambda r: r["off"])[:ARGS.nearest]
    declared = load(str(READINGS))
    keys = list(Comparison().readings())
    plain = dict(set_wheel="second", **Comparison().readings())
    labels = [{k: r[k] for k in ["set_wheel"] + keys} for r in nearest]
    for r in ([] if plain in labels else [plain]) + labels:
        comparison = Comparison(**{k: r[k] for k in keys})
        for point, alternatives in declared.variants.items():
            for alternative in list(alternatives)[1:]:
                way = declared.with_variants({point: alternative})
                label = dict(set_wheel=r["set_wheel"], **comparison.readings(),
                             variant=f"{point}={alternative}")
                report(label, count(r["set_wheel"], comparison, way), jb, rows)
    print(f"{len(rows)} exact counts in {time.time() - t0:.0f} s", file=sys.stderr)
    best = min(rows, key=lambda r: r["off"])
    print("nearest:", {k: v for k, v in best.items()})
    if ARGS.json:
        Path(ARGS.json).write_text(json.dumps({"jb": jb, "runs": rows}, indent=1))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--nearest", type=int, default=3,
                        help="the comparison readings the text's readings are run under")
    parser.add_argument("--json", help="write every count to this file")
    parser.add_argument("--settings", action="store_true",
                        help="every combination of the text's readings instead")
    parser.add_argument("--points", default="quads_with_pair,joker_alone_as_high,full_house",
                        help="the [variants] points combined (--settings)")
    parser.add_argument("--comparison", default="",
                        help="the comparison readings, e.g. wheel=second (--settings)")
    parser.add_argument("--wheel", default="second", choices=("second", "lowest"),
                        help="A-2-3-4-5 as the house way sets it (--settings)")
    ARGS = parser.parse_args()
    if ARGS.settings:
        jb, rows = settings()
        best = min(rows, key=lambda r: r["off"])
        print("nearest:", best)
        if ARGS.json:
            Path(ARGS.json).write_text(json.dumps({"jb": jb, "runs": rows}, indent=1))
    else:
        main()
