"""Face Up's worked examples (docs/FACE_UP.md): the dealer's seven cards set by the house
way and exposed first, the player's set the best response to them
(``strategy.faceup.face_up_hand``: the legal setting with the best result, the house
way's own among the best), settled by the rule set's push on the dealer's hand.

The deals are ``examples.deals``' (the same fixed order as every rule set's); an
example is the first deal that shows its outcome: a win, a loss, a push (one hand
each), a copy, each on a dealer's hand that does not push, and a push by the dealer's
ace-high pai gow. No foul is shown: the best
response is never a foul (a foul is not a legal setting), and Face Up's table is not
dealt by the table's code (``TableRules`` refuses it), whose settlement the other rule
sets' foul comes from; the rules of play say so (``FOUL_NOT_SHOWN``)."""
from __future__ import annotations

from typing import Sequence

from verifier.filing.examples import BASE_OUTCOMES, Example, base_outcome_name, deals
from verifier.rules.rulesets import RuleSet

#: the deals looked at, at most (every outcome is found in the first few hundred)
FACE_UP_DEALS = 20_000
#: what the rules of play say of the foul, which no Face Up example shows
FOUL_NOT_SHOWN = ("No worked example shows a foul: the best response, which the examples "
                  "and the figures play, is never a fouled setting.")
RESULTS = {"win": 1, "push": 0, "loss": -1}


def face_up_examples(rs: RuleSet, deck: Sequence[int] | None = None) -> list[Example]:
    """The worked examples of the Face Up rule set ``rs`` in ``BASE_OUTCOMES`` order, then
    the push on the dealer's hand (an outcome no deal of ``deals`` shows is left out)."""
    import itertools
    from verifier.engine import as_spec, core, set_hand, settings_python
    from verifier.strategy.faceup import face_up_hand
    spec = as_spec(rs.rules, deck=deck)
    wanted: dict[str, Example | None] = {o: None for o in BASE_OUTCOMES + ("dealer push",)}
    for player, dealer in itertools.islice(deals(deck), FACE_UP_DEALS):
        if all(wanted.values()):
            break
        shown = face_up_hand(player, dealer, spec, rs.settlement)
        best = settings_python(player, core(), spec.wheel_second)[shown["best"]]
        theirs = set_hand(list(dealer), spec)
        p = (tuple(best["front"]), tuple(best["back"]), best["front_key"], best["back_key"])
        d = (tuple(theirs.front), tuple(theirs.back), theirs.front_key, theirs.back_key)
        odds = RESULTS[shown["best_result"]]
        name = base_outcome_name(p, d, odds)
        if shown["dealer_pushes"] != (name == "dealer push"):
            continue        # an outcome shown on a hand the dealer's hand does not push
        if wanted.get(name, 0) is None:
            wanted[name] = Example("base", name, tuple(player), tuple(dealer), p, d, odds)
    return [e for e in wanted.values() if e is not None]
