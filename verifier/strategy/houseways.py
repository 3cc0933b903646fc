"""House ways compared by their exact base game (``house-ways compare``, the workbench's
house ways page): for each, every ordered pair of player and banker hands with both set
by that house way (win, push, loss; the return with a 5% commission and under seed 001's
California fees), and how many hands it sets differently from the first (front keys or
back keys differ: the play, not which of two cards of one rank goes in front), by hand
type; on the full deck by the enumeration's classes (cext/compare_classes.h), a fraction
of a second beside each house way's pairwise count.
And a house way's power ratings (``house-ways ratings``): every hand of the deck set by
it, the counts turned into the two tables by verifier.odds.ratings. And ``house-ways
fit``: a house way under every combination of its declared alternatives, held against a
published table."""
from __future__ import annotations

from typing import Any, Iterable, Iterator, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.houseway import HouseWay
    from verifier.odds.ratings import Target
    from verifier.rules.readings import Rules
    from verifier.support.progress import Progress


def compare_house_ways(house_ways: Sequence[str], wheel: str = "lowest",
                       deck: Sequence[int] | None = None, threads: int | None = None,
                       progress: Progress | None = None,
                       settlement: Any = None, joker: str = "bug") -> list[dict[str, Any]]:
    """One dict per house way (names or files), in order: ``name``, ``counts`` (total,
    win, push, loss), ``probabilities`` (win, push, loss: Fractions), ``commission_return`` (Fraction), ``fee_returns`` ([(wagers, fee,
    return at the smallest wager, at the largest)]), ``differ``, ``hands``,
    ``by_type`` (hand type -> hands set differently from the first) and ``example`` (a
    hand set differently from the first, or None). With a rule set's
    ``settlement`` that pushes on the banker's hand or exposes it (Face Up), also
    ``settled``: that game's base game on each house way (``basegame.settle`` of
    ``faceup.base_game_counts``: the push conditions counted, Face Up by its job).
    ``joker``: the joker's reading (a rule set's), every house way's hands valued by it."""
    from fractions import Fraction
    from verifier.odds.basegame import commission_return, settle
    from verifier.game.cards import full_deck
    from verifier.engine import core, engine_spec, pairwise_counts
    from verifier.houseway.interpret import HAND_TYPES
    from verifier.rules.readings import Rules
    from verifier.rules.rulesets import load as load_rule_set
    deck = deck or full_deck()
    fees = load_rule_set("outlaw9-mikes").settlement        # seed 001's fee schedule
    specs = [engine_spec(Rules.of(wheel=wheel, house_way=h, joker=joker), threads, deck)
             for h in house_ways]
    from verifier.game.settlement import SettlementRule
    from verifier.strategy.faceup import base_game_counts
    rule = SettlementRule.of(settlement) if settlement is not None else None
    variant = rule is not None and (rule.has_pushes or rule.dealer_exposed)
    # a push condition is counted in the same pairwise count (its counts are the plain
    # ones and the pushes'); Face Up needs the strategy job besides
    pushes = rule if variant and rule is not None and not rule.dealer_exposed else None
    rows: list = []
    for spec in specs:
        counts = pairwise_counts(rules=spec, progress=progress, settlement=pushes)
        settled = settle(counts, fees)
        game = None
        if variant and rule is not None:
            game = settle(counts if pushes is not None else
                          base_game_counts(spec, rule, deck, threads, progress), rule)
        if not rows:                    # the first against itself: nothing to compare
            hands, differ, by_type = counts["total"], 0, [0] * len(HAND_TYPES)
            example = None
        else:
            wheel_second, number = spec.checked()
            hands, differ, example, by_type = core().compare_house_ways(
                deck, wheel_second, specs[0].number, number, None, threads or 2,
                by_type=True)
        rows.append({"name": spec.file.name if spec.file is not None else spec.house_way,
                     "title": _title(spec),
                     "counts": {k: counts[k] for k in ("total", "win", "push", "loss")},
                     "probabilities": {k: Fraction(counts[k], counts["total"])
                                       for k in ("win", "push", "loss")},
                     "commission_return": commission_return(counts),
                     "fee_returns": [(t["wagers"], t["fee"], t["return_at_smallest"],
                                      t["return_at_largest"]) for t in settled["tiers"]],
                     "differ": differ, "hands": hands, "example": example,
                     "by_type": dict(zip(HAND_TYPES, by_type)),
                     **({"settled": game} if game is not None else {})})
    return rows


def _title(spec: Any) -> str:
    """The house way of ``spec`` as a person reads it: its file's title, or the title of
    the shipped file of a house way compiled in (Mike's Cardroom, Emperor's Challenge)."""
    from verifier.houseway import title
    return spec.file.title if spec.file is not None else title(spec.house_way)


def house_way_ratings(name_or_path: str, rule_set: str | None = None, wheel: str | None = None,
                      readings: dict[str, str] | None = None,
                      deck: Sequence[int] | None = None, threads: int | None = None,
                      progress: Progress | None = None
                      ) -> tuple[HouseWay, Rules, int, dict[str, Any]]:
    """The power ratings of a house way (a name or a file) under a rule set (default
    casino-standard) and its readings (``readings``: {reading: value} over the file's):
    ``(house way, rules, deck size, tables)``, the tables of
    ``verifier.odds.ratings.power_ratings``."""
    from verifier.engine import engine_spec, enumerate_hands
    from verifier.houseway import load
    from verifier.odds.ratings import power_ratings
    from verifier.rules.rulesets import load as load_rule_set
    hw = load(name_or_path)
    ruleset = load_rule_set(rule_set or "casino-standard")
    spec = engine_spec(ruleset.with_overrides(wheel=wheel, house_way=str(name_or_path)).rules,
                       threads, deck)
    result = enumerate_hands(spec, progress=progress,
                             house_way=hw.with_readings(readings) if readings else None)
    return hw, spec.rules, len(result.deck), power_ratings(result.key_histogram,
                                                            spec.wheel_second)


def figures_of(table: str, house_way: HouseWay, rules: Rules, threads: int | None = None,
               progress: Progress | None = None) -> dict[str, Any]:
    """{name: figure} of one target table (verifier.odds.ratings.TARGET_TABLES) for a
    loaded house way: counts of hands from the enumeration, or the base game's win, push
    and loss as Fractions from the pairwise count (both sides on the house way)."""
    from collections import defaultdict
    from fractions import Fraction
    from verifier.engine import enumerate_hands, pairwise_counts
    from verifier.houseway.tables import hand_tables
    from verifier.odds.ratings import BASE_GAME_NAMES, power_ratings
    if table == "base_game":
        c = pairwise_counts(rules=rules, threads=threads, progress=progress,
                            house_way=house_way)
        return {k: Fraction(c[k], c["total"]) for k in BASE_GAME_NAMES}
    result = enumerate_hands(rules, threads=threads, progress=progress, house_way=house_way)
    if table == "rows":
        by_label: defaultdict = defaultdict(int)
        for place, n in result.house_way_rows.items():
            by_label[str(house_way.rows[place - 1].label)] += n
        return dict(by_label)
    if table == "back_hand":
        return hand_tables((bk, fk, n) for (bk, fk), n in
                           result.key_histogram.items())["back_hands"]
    tables = power_ratings(result.key_histogram, rules.evaluation)
    return {r["hand"]: r["hands"] for r in tables[table]}


#: most combinations of a house way's declared alternatives one fit holds
MAX_FIT_COMBINATIONS = 4_096


def fit_combinations(house_way: HouseWay, only: Iterable[str] | None = None
                     ) -> Iterator[tuple[dict[str, str], dict[str, str]]]:
    """Every combination of a house way's declared alternatives: its [readings.options]
    and its [variants] (``only``: the points to vary, the rest as in force), as
    (readings, variants) dicts, the combination in force among them, yielded one by one;
    more than ``MAX_FIT_COMBINATIONS`` are refused before the first."""
    import itertools
    import math
    from verifier.houseway import HouseWayError
    points = [("reading", k, v) for k, v in house_way.options.items()] + \
        [("variant", k, tuple(v)) for k, v in house_way.variants.items()]
    if only is not None:
        known = {k for _, k, _ in points}
        for k in only:
            if k not in known:
                raise HouseWayError(f"--only {k}: {house_way.name} declares no alternatives "
                                    f"for it (its [readings.options] and [variants]: "
                                    f"{', '.join(sorted(known)) or 'none'})")
        points = [p for p in points if p[1] in only]
    count = math.prod(len(p[2]) for p in points)
    if count > MAX_FIT_COMBINATIONS:
        raise HouseWayError(f"{house_way.name}: {count:,} combinations of its "
                            f"{len(points)} declared alternatives (at most "
                            f"{MAX_FIT_COMBINATIONS:,} are fitted): vary fewer with --only")
    for values in itertools.product(*(p[2] for p in points)):
        readings = {k: v for (kind, k, _), v in zip(points, values) if kind == "reading"}
        variants = {k: v for (kind, k, _), v in zip(points, values) if kind == "variant"}
        yield readings, variants


def fit_house_way(house_way: HouseWay, rules: Rules, target: Target,
                  only: Iterable[str] | None = None, threads: int | None = None,
                  progress: Progress | None = None) -> list[dict[str, Any]]:
    """The house way under every combination of its declared alternatives, each held
    against the target (verifier.odds.ratings.Target) row by row: a list of dicts
    (``readings``, ``variants``, ``way``, ``rows`` [(name, mine, target's)],
    ``reproduced``, ``skipped``: why it was not counted, or None), best first."""
    from verifier.houseway import HouseWayError
    from verifier.odds.ratings import held_against, holds
    results = []
    for readings, variants in fit_combinations(house_way, only):
        way = house_way.with_readings(readings).with_variants(variants)
        entry: dict[str, Any] = {
            "readings": readings, "variants": variants, "way": way, "rows": [],
            "reproduced": 0, "skipped": None,
            "in_force": way.readings == house_way.readings and way.chosen == house_way.chosen}
        try:
            figures = figures_of(target.table, way, rules, threads, progress)
        except HouseWayError as exc:    # a suit-order reading's base game; a variant that
            entry["skipped"] = str(exc)  # leaves hands to no row
        else:
            entry["rows"] = held_against(figures, target)
            entry["reproduced"] = sum(holds(m, t) for _, m, t in entry["rows"])
        results.append(entry)
    return sorted(results, key=lambda r: (r["skipped"] is not None, -r["reproduced"]))
