"""One player hand's settings priced: every setting's exact counts against every banker
hand (``verifier.engine.hand_strategy.strategy_counts``) settled under the rule set's
settlement (``paigow-verify hand CARDS --strategy``)."""
from __future__ import annotations


from verifier.engine import engine_spec, strategy_counts
from verifier.game.ranking import describe_back, describe_front
from verifier.game.settlement import SettlementRule
from typing import Any, Iterable, Mapping, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction
    from verifier.engine import EngineSpec
    from verifier.rules.rulesets import RuleSet


def evaluate(settings: Sequence[dict[str, Any]], house: int | None, settlement: Mapping[str, Any]
             ) -> tuple[list[dict[str, Any]], list[int], Fraction | None]:
    """Each setting's counts (the hands' comparison, and against the banker's push hands
    when the settlement has push conditions), its outcomes as the settlement settles
    them, and its value (``setting_return``; None for a foul); the best legal settings,
    and what the house way's choice gives up."""
    from verifier.game.pushes import PUSH_NAMES
    from verifier.odds.basegame import setting_return
    rule = SettlementRule.of(settlement)
    rows = []
    for s in settings:
        counts = {k: s[k] for k in ("total", "win", "loss") + PUSH_NAMES[1:] if k in s}
        counts["push"] = s["total"] - s["win"] - s["loss"]
        w, l, p, total = rule.outcomes(counts)
        value = None if s["foul"] else setting_return(counts, rule)
        rows.append(dict(s, push=counts["push"], value=value, counts=counts,
                         outcomes={"total": total, "win": w, "push": p, "loss": l}))
    legal = [r["value"] for r in rows if r["value"] is not None]
    top = max(legal) if legal else None
    best = [i for i, r in enumerate(rows) if r["value"] is not None and r["value"] == top]
    cost = None
    if house is not None and rows[house]["value"] is not None:
        cost = top - rows[house]["value"]
    return rows, best, cost


def hand_strategy(cards: Sequence[int], ruleset: RuleSet, threads: int | None = None,
                  spec: EngineSpec | None = None) -> dict[str, Any]:
    """The JSON-ready report of ``paigow-verify hand CARDS --strategy`` for card ints.
    ``spec``: the command's ``EngineSpec`` of the rule set (default: made here)."""
    from verifier.odds.basegame import settle
    from verifier.odds.values import exact_value
    from verifier.game.cards import cards_str
    spec = spec or engine_spec(ruleset.rules, threads)
    rules = spec.rules
    settings, house = strategy_counts(cards, spec, settlement=SettlementRule.of(ruleset.settlement))
    rows, best, cost = evaluate(settings, house, ruleset.settlement)
    wheel_second = spec.wheel_second
    out_rows = []
    for i, r in enumerate(rows):
        counts = r["counts"]
        out_rows.append({
            "front": cards_str(r["front"]), "back": cards_str(r["back"]),
            "front_key": r["front_key"], "back_key": r["back_key"],
            "front_hand": describe_front(r["front_key"]),
            "back_hand": describe_back(r["back_key"], wheel_second),
            "legal": not r["foul"], "dominated": r["dominated"],
            "best": i in best, "house_way": i == house, "counts": counts,
            "outcomes": r["outcomes"],
            "return": None if r["value"] is None else exact_value(r["value"]),
            "figures": None if r["foul"] else settle(counts, ruleset.settlement)})
    return {"cards": cards_str(sorted(cards)), "rule_set": ruleset.name,
            "house_way": rules.house_way, "wheel": rules.wheel,
            "settlement": ruleset.to_dict()["settlement"], "banker_hands": settings[0]["total"],
            "settings": out_rows, "best": best, "house_way_setting": house,
            "house_way_cost": None if cost is None else exact_value(cost)}


def value_note(settlement: Mapping[str, Any]) -> str:
    """What a setting's value is, in words (the text report's header)."""
    return SettlementRule.of(settlement).value_words()


def by_value(settings: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The report's settings in the order they are shown: legal ones by value, highest
    first; fouls last."""
    return sorted(settings, key=lambda r: (r["return"] is None,
                                           -(r["return"]["decimal"] if r["return"] else 0)))
