"""``paigow-verify progressive TABLE.toml``: a progressive table's exact figures (issue 37,
docs/PROGRESSIVES.md) from a certificate's counts: the return at given meters, each
meter's break-even value and its worth per dollar, the long-run return with reset and
increment, and the envy. No enumeration: the counts are the certificate's."""
from __future__ import annotations

import argparse
import json

from verifier.cli.options import (SEED, add_progress_options, checked, needs, output_file,
                                  whole_number)
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from verifier.cli.settings import TableSettings
    from verifier.game.progressive import Progressive
    from verifier.odds.progressive import ProgressiveOdds

DEFAULT_RULES = "casino-standard"


def odds_of(settings: TableSettings) -> tuple[ProgressiveOdds, Any]:
    """The table and its tiers' counts from ``--cert`` (checked) or the shipped
    certificate of ``--rules`` (default casino-standard); and the certificate."""
    from verifier.certificate.odds import progressive_odds
    from verifier.certificate.shipped import shipped_certificate_path
    from verifier.cli.options import load_checked
    from verifier.support.errors import VerifierError
    table = _table(str(settings.paytable), settings.rules)
    path = settings.cert
    if path is None:
        rules = settings.rules or DEFAULT_RULES
        shipped = shipped_certificate_path(rules)
        if shipped is None:
            raise VerifierError(f"no shipped certificate of rule set {rules!r}: "
                                "give one with --cert (paigow-verify run --out CERT.json)")
        path = str(shipped)
    cert = load_checked(path, settings.rules if settings.cert else None)
    return progressive_odds(cert.raw, table), cert


def _table(name: str, rules: str | None) -> Progressive:
    """A progressive table file, the name of one the rule set ``--rules`` offers, or a
    shipped table's (verifier/data/progressives/NAME.toml)."""
    from verifier.game.paytables import DATA_DIR
    from verifier.game.progressive import ProgressiveError, load
    if name.endswith(".toml") or "/" in name:
        return load(name)
    from verifier.rules.rulesets import load as load_rule_set
    ruleset = load_rule_set(rules or DEFAULT_RULES)
    tables = ruleset.progressive_tables()
    shipped = sorted(p.stem for p in (DATA_DIR / "progressives").glob("*.toml"))
    if name not in tables and name in shipped:
        return load(str(DATA_DIR / "progressives" / f"{name}.toml"))
    if name not in tables:
        raise ProgressiveError(f"rule set {ruleset.name} offers no progressive {name[:40]!r} "
                               f"(its progressives: {', '.join(tables) or 'none'}; shipped "
                               f"tables: {', '.join(shipped)}); or give a table file (.toml)")
    return tables[name]


def _meters(settings: TableSettings) -> dict[str, Fraction]:
    from verifier.game.progressive import ProgressiveError, parse_meter
    out: dict[str, Fraction] = {}
    for text in settings.meter:
        name, value = parse_meter(text)
        if name in out:
            raise ProgressiveError(f"--meter {name} is given twice")
        out[name] = value
    return out


def _meter(text: str) -> tuple[str, Fraction]:
    from verifier.game.progressive import parse_meter
    return parse_meter(text)


def _seats(settings: TableSettings) -> int:
    """``--seats N`` (a whole number of 1 to 7, checked as it is parsed), else 6."""
    return int(settings.seats or 6)


def _simulated(settings: TableSettings, odds: ProgressiveOdds, cert: Any,
               given: dict[str, Fraction], seats: int) -> dict[str, Any]:
    """``--simulate ROUNDS``: the table plays the meters on the certificate's deck."""
    from verifier.certificate.format import deck_of, rules_of
    from verifier.engine import engine_spec
    from verifier.support.files import atomic_write_text
    from verifier.table.progressive import path_csv, run_figures, simulate
    path = settings.output("meter_path")
    wheel, number = engine_spec(rules_of(cert.raw)).checked()
    rounds = int(settings.rounds or 0)
    run = simulate(odds.table, rounds, seats, deck_of(cert.raw), wheel, number,
                   settings.seed if settings.seed is not None else 1, given,
                   max(1, rounds // 1000) if path else 0, settings.progress)
    if path:
        atomic_write_text(path, path_csv(odds.table, run))
    return run_figures(odds.table, run)


#: why the two-seat figures are bounds without ``--two-seats``
ON_REQUEST = ("the exact figures with --two-seats (every hand of the deck visited and its "
              "shared cards summed: several seconds on the full deck)")


def _two_seats(odds: ProgressiveOdds, cert: Any, seats: int, exact: bool) -> dict[str, Any]:
    """Two seats hitting one tier (or meter) in one round: with ``exact`` (``--two-seats``),
    exact where the read lets the tiers' hands be listed; else bounds from the counts
    (verifier/odds/progressive_seats.py), which cost nothing."""
    from verifier.certificate.format import deck_of, rules_of
    from verifier.engine import engine_spec
    from verifier.odds.progressive_seats import two_seat_figures
    from verifier.table.progressive_pairs import disjoint_pairs, tier_hands, why_not_listed
    deck = deck_of(cert.raw)
    why = why_not_listed(odds.table, deck) if exact else ON_REQUEST
    listed = None
    if why is None:
        wheel, number = engine_spec(rules_of(cert.raw)).checked()
        listed = tier_hands(odds.table, odds.counts, deck, wheel, number)
    return two_seat_figures(odds, listed, len(deck), seats, why or "", disjoint_pairs)


def cmd_progressive(settings: TableSettings) -> int:
    given, seats = _meters(settings), _seats(settings)     # refused before the certificate
    odds, cert = odds_of(settings)
    if settings.rounds is not None:              # bad play refused before the figures
        from verifier.certificate.format import deck_of
        from verifier.table.progressive import check_play
        check_play(settings.rounds, seats, len(deck_of(cert.raw)))
    out = odds.figures(given, seats)
    out["two_seats"] = _two_seats(odds, cert, seats, settings.two_seats)
    if settings.rounds:
        out["simulation"] = _simulated(settings, odds, cert, given, seats)
    if settings.json:
        print(json.dumps(out, indent=1))
        return 0
    from verifier.game.names import display_name, display_names, dollars, pays_for_people
    t = odds.table
    print(f"{t.name}{f' ({t.status})' if t.status else ''}: wager ${t.wager}, "
          f"{odds.total:,} hands, {t.reads} lines; {out['precedence']}")
    rows = [(display_names(row["lines"], " / "), pays_for_people(row["pays"], out["meters"]),
             row) for row in out["tiers"]]
    wide = max([len("tier")] + [len(tier) for tier, _, _ in rows])
    paid = max([len("pays")] + [len(pays) for _, pays, _ in rows])
    print(f"{'tier':<{wide}} {'pays':>{paid}} {'hands':>13} {'probability':>12} "
          f"{'pays back':>10}")
    for tier, pays, row in rows:
        print(f"{tier:<{wide}} {pays:>{paid}} {row['hands']:>13,} "
              f"{row['probability']['decimal']:>12.8f} {row['return']['decimal']:>10.6f}")
    print("pays back: the tier's amount times its probability, over the wager (gross: the "
          "wager itself is not taken off)")
    r = out["return"]["decimal"]
    print(f"return per unit at the meters (net: the tiers paid back less the wager): "
          f"{r:+.6f} ({100 * r:+.4f}%)")
    for key, words in (("return_at_reset", "every meter at its reset"),
                       ("return_at_install", "at install (every meter at its base)")):
        if key in out:
            print(f"return per unit {words}: {out[key]['decimal']:+.6f}")
    for name, m in out["meters"].items():
        be, hit = m["break_even"], m["expected_at_hit"]
        even = "none" if be is None else dollars(be["decimal"])
        at_hit = ("(the long run below)" if hit is None and "long_run" in m else
                  "(outside the average-win model)" if hit is None
                  else dollars(hit["decimal"]))
        print(f"meter {display_name(name)}: {dollars(float(Fraction(m['value'])))}; each $1 adds "
              f"{m['return_per_dollar']['decimal']:.3e} to the return; break-even {even}; "
              f"expected when hit {at_hit}")
        if "long_run" in m:
            _print_meter_long_run(name, m["long_run"])
    lr, bounds = out["long_run_return"], out.get("long_run_bounds")
    if lr is not None:
        print(f"long-run return with reset and increment: {lr['decimal']:+.6f}")
    elif bounds is not None:
        print(f"long-run return with reset and increment: {bounds['decimal_12']} (between "
              "two exact bounds, printed to 12 places; --json gives them)")
    else:
        print("long-run return: none (a meter is outside the model)")
    env = out["envy"]
    if env["per_other_seat_dollars"]["decimal"]:
        print(f"envy: ${env['per_other_seat_dollars']['decimal']:.6f} per other seat per "
              f"round; at {env['seats']} seats {env['return']['decimal']:+.6f} per unit")
    _print_two_seats(out["two_seats"])
    sim = out.get("simulation")
    if sim:
        from verifier.game.names import interval
        low, high = sim["interval_99"] or (None, None)
        figure = interval(sim["return_per_unit"], low, high, 6)
        print(f"simulated: {sim['rounds']:,} rounds of {sim['seats']} seats, return "
              f"{figure} (99% interval in brackets); "
              f"meters at the end: " + ", ".join(f"{m} ${v:,.2f}" for m, v in
                                                 sim["meters_at_end"].items()))
        if sim["reserves_at_end"] or sim["overflow_kept"]:
            lo, hi = sim["house_seeded_interval_99"]
            print(f"  the house seeded ${sim['house_seeded_per_wager']:.6f} per wager (99% "
                  f"interval {lo:.6f} to {hi:.6f}), kept ${sim['overflow_kept']:,.2f} of cap "
                  "overflow; reserves at the end: " + (", ".join(
                      f"{m} ${v:,.2f}" for m, v in sim["reserves_at_end"].items()) or "none"))
    return 0


def table_progressive(settings: TableSettings, wagering: list[int], occupied: list[int]
                      ) -> tuple | None:
    """``simulate --progressive NAME``: (the rule set's table, the seats with its wager),
    checked before any round is played; None without the option."""
    from verifier.game.progressive import ProgressiveError
    from verifier.table.progressive import check_rounds
    name = settings.progressive
    if name is None:
        return None                 # --meter-path and --progressive-seats need it (parse)
    tables = settings.ruleset.progressive_tables()
    if name not in tables:
        raise ProgressiveError(f"--progressive {name[:40]!r}: rule set {settings.ruleset.name} "
                               f"offers no such progressive (its progressives: "
                               f"{', '.join(tables) or 'none'})")
    stray = sorted(set(wagering) - set(occupied))
    if stray:
        raise ProgressiveError(f"--progressive-seats: seat {stray[0]} is not at the table "
                               f"(seats {','.join(map(str, occupied))})")
    check_rounds(int(settings.rounds or 0))
    settings.output("meter_path")
    return tables[name], tuple(wagering)


def meters_played(settings: TableSettings, progressive: tuple, run: Any) -> dict[str, Any]:
    """The meters played on the tiers the table's seats hit, round by round, beside the
    exact long-run return (the rule set's shipped certificate's counts, if it has one)."""
    from verifier.certificate.odds import progressive_odds
    from verifier.certificate.shipped import shipped_certificate_path
    from verifier.cli.options import load_checked
    from verifier.support.files import atomic_write_text
    from verifier.table.progressive import path_csv, run_figures
    table, seats = progressive
    path = settings.meter_path
    if path:
        atomic_write_text(path, path_csv(table, run))
    out = {"name": settings.progressive, "table": table.name,
           **run_figures(table, run), "seats": list(seats)}
    shipped = shipped_certificate_path(settings.ruleset.name)
    exact = None                        # the meter model's: exact, or two exact bounds
    if shipped is not None:
        exact = progressive_odds(load_checked(str(shipped), None).raw,
                                 table).long_run_bounds()
    out["exact_long_run_return"] = None if exact is None else exact.json()
    out["meters_above_reset"] = {m: float(run.meters[m] - table.meters[m].reset)
                                 for m in table.meters}
    return out


def print_meters_played(sim: dict[str, Any]) -> None:
    lo, hi = sim["interval_99"]
    exact = sim["exact_long_run_return"]
    print(f"progressive {sim['name']} ({sim['table']}), seats "
          f"{','.join(map(str, sim['seats']))}: simulated return {sim['return_per_unit']:+.6f} "
          f"(99% interval {lo:+.6f} to {hi:+.6f}); exact long-run return "
          + ("not known (no shipped certificate of the rule set, or a meter outside the "
             "model)" if exact is None else f"{exact['decimal']:+.6f}"
             + (" (bounds)" if exact["form"] == "bounds" else "")))
    from fractions import Fraction
    from verifier.game.names import display_names

    def money(v: float) -> str:
        return ("-" if v < 0 else "") + f"${abs(v):,.2f}"
    print("  hits: " + ", ".join(display_names(k.split(" / "), " / ")
                                 + f" {v:,}" for k, v in sim["hits"].items())
          + "; meters at the end: " + ", ".join(f"{m} {money(v)}" for m, v in
                                                 sim["meters_at_end"].items()))
    if exact is not None:
        held = sum(sim["meters_above_reset"].values())
        low, high = (float(Fraction(exact["low"])), float(Fraction(exact["high"]))) \
            if exact["form"] == "bounds" else (exact["decimal"], exact["decimal"])
        if high < lo or low > hi or held > 0:
            never = [k for k, v in sim["hits"].items() if v == 0]
            print("  why the interval can miss the long run: it is of the money paid over "
                  f"these {sim['rounds']:,} rounds, while the long-run return counts every "
                  "contribution to a meter as paid in time; "
                  f"{money(held)} of contributions still sat in the meters above their "
                  "resets at the end"
                  + (f" ({len(never)} tier{'s' if len(never) > 1 else ''} never hit)"
                     if never else "")
                  + ". A run that hits a meter's tiers rarely misses the long run, however "
                  "narrow its interval; more rounds close the gap."
                  + (" Here the exact return lies outside the interval." if high < lo or
                     low > hi else ""))


def _print_two_seats(two: dict[str, Any]) -> None:
    print(f"two seats hitting in one round ({two['method']}):")
    from verifier.game.names import display_name, display_names
    rows = [(display_names(t["lines"], " / "), t) for t in two["tiers"]]
    rows += [(f"meter {display_name(name)}", m) for name, m in two["meters"].items()]
    wide = max(len(name) for name, _ in rows)
    for name, f in rows:
        exact = f["two_given_seats"]
        p2 = (f"{exact['decimal']:.4e}" if exact is not None else
              f"at most {f['two_given_seats_upper_bound']['decimal']:.4e}")
        both = f["at_least_two_of_seats"]
        span = f"; {f['seats']} seats do not fit the deck"
        if both is not None:
            low = both["lower_bound"]
            span = f"; at least two of {f['seats']} seats " + (
                f"{low['decimal']:.4e} to " if low is not None else "at most ") + \
                f"{both['upper_bound']['decimal']:.4e}"
        print(f"  {name:<{wide}} two given seats {p2}{span}")


def _print_meter_long_run(name: str, run: dict) -> None:
    """The meter model's figures of a meter (verifier/odds/meters.py)."""
    from verifier.game.names import display_name
    from verifier.report.progressive import figure_text as _figure
    if "outside" in run:
        print(f"  meter {display_name(name)} in the long run: outside the model "
              f"({run['outside']})")
        return
    print(f"  meter {display_name(name)} in the long run ({run['model']}): expected meter "
          f"{_figure(run['expected_meter'])}, at a hit {_figure(run['expected_at_hit'])}; "
          f"per wager it pays {_figure(run['paid_per_wager'])}, the house seeds "
          f"{_figure(run['house_seeds_per_wager'])}, the cap overflows "
          f"{_figure(run['overflow_per_wager'])}, the reserve gains "
          f"{_figure(run['reserve_gain_per_wager'])}")
    print("  readings: " + "; ".join(text.partition(":")[0] for text in run["readings"].values())
          + " (docs/PROGRESSIVES.md)")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "progressive", help="a progressive table's exact return at given meters",
        description="A progressive table (docs/PROGRESSIVES.md): the return per unit at "
                    "the meters given (the rest at their reset), each meter's break-even "
                    "value and worth per dollar, the long-run return with reset and "
                    "increment, the envy, and two seats hitting one tier in one round "
                    "(bounded; with --two-seats exact for a read of the seat's seven "
                    "cards); exact, from a certificate's counts, in well under a second.")
    p.add_argument("paytable", metavar="TABLE", help="a progressive table file (.toml), or "
                   "the name of one the rule set offers (jackpot --rules emperors-challenge)")
    p.add_argument("--cert", metavar="CERT.json",
                   help="the certificate whose counts it reads (default: the shipped "
                        "certificate of --rules)")
    p.add_argument("--rules", metavar="NAME", default=None,
                   help=f"rule set of the shipped certificate (default {DEFAULT_RULES}); "
                        "with --cert, refuse a certificate of another rule set")
    p.add_argument("--meter", metavar="NAME=AMOUNT", action="append", default=[],
                   type=checked(_meter, "meter", kind="pair"),
                   help="a meter's value in dollars (repeat for several)")
    p.add_argument("--seats", metavar="N", default=None, type=whole_number(1, 7),
                   help="seats at the table, for the envy and two seats hitting (default 6)")
    p.add_argument("--two-seats", action="store_true",
                   help="two seats hitting one tier in one round, exact (every hand of the "
                        "deck visited: several seconds on the full deck); without it, "
                        "bounds from the counts")
    p.add_argument("--simulate", dest="rounds", metavar="ROUNDS", default=None,
                   type=whole_number(1, 10 ** 15),
                   help="also play ROUNDS rounds at the table: meters funded by every "
                        "wager, hits paid and reset, with a 99%% interval for the return")
    p.add_argument("--seed", type=SEED, default=None,
                   help="with --simulate: the simulation's seed (default 1)")
    p.add_argument("--meter-path", metavar="FILE.csv", default=None, type=output_file,
                   help="with --simulate: write the meters' path (about 1,000 rows) as CSV")
    needs(p, "--seed", "--simulate")
    needs(p, "--meter-path", "--simulate")
    add_progress_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_progressive)
