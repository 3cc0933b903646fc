"""Face Up Pai Gow (issue 36; docs/FACE_UP.md): the dealer's seven cards are set by the
house way and exposed before the players set theirs, so each player sets the best
response to the dealer's hand; no commission; every wager pushes when the dealer's
hand is an ace-high pai gow (``[settlement] dealer = "exposed"``, push_when).

The best response to one dealer's hand: the player's legal setting with the best outcome
against it (a win if one wins both hands, else a push if one does not lose both, copies
to the dealer: ``base_outcome``), settled by the push conditions. Over every ordered pair
of disjoint hands, the strategy job counts it (cext/strategy.h ``st_settle``: the dealer
hands of one player hand by cell of the settings' keys, a cell's outcome the best of the
settings'; docs/STRATEGY.md), its pure-Python twin by brute force.

``face_up_hand``: one player hand against one dealer's hand, every setting's result;
``face_up_counts``: the exact win, loss and push over every ordered pair of disjoint
hands (the job's ``face_up`` sums); ``base_game_counts``: a settlement's exact base game
counts by the route it needs (the pairwise count, or this job for Face Up).
"""
from __future__ import annotations

import math
from typing import Any, Sequence, TYPE_CHECKING

from verifier.game.settlement import SettlementRule
from verifier.support.errors import VerifierError

if TYPE_CHECKING:
    import os
    from verifier.engine import EngineSpec
    from verifier.rules.readings import Rules
    from verifier.support.progress import Progress

#: the words of an outcome
OUTCOME_WORDS = {1: "win", 0: "push", -1: "loss"}

#: CPU seconds of the whole Face Up job on the 53-card deck, its tables included
#: (docs/FACE_UP.md, measured on the project's 2-core machine): what ``job_notice``
#: scales to a deck, the chunks left and the threads
JOB_CPU_SECONDS = 185


def face_up_hand(cards: Sequence[int], dealer: Sequence[int],
                 rules: Rules | EngineSpec | None = None,
                 settlement: Any = None) -> dict[str, Any]:
    """One player hand (seven card ints) against the dealer's seven cards set by the
    house way, face up: every distinct setting of the player's cards with its result
    against the dealer's hand (a foul is not legal), as ``settlement``'s push conditions
    settle it, and the best (the first legal setting with the best result, the house
    way's own when it is among the best)."""
    from verifier.engine import as_spec, core, set_hand, settings_python
    from verifier.game.cards import cards_str
    from verifier.game.outcome import base_outcome
    spec = as_spec(rules)
    rule = SettlementRule.of(settlement) if settlement is not None else \
        SettlementRule("commission")
    both = list(cards) + list(dealer)
    if len(set(both)) != 14:
        raise VerifierError("the player's and the dealer's hands must be fourteen different "
                            "cards")
    theirs = set_hand(list(dealer), spec)
    mine = set_hand(list(cards), spec)
    banker = (theirs.back_key, theirs.front_key)
    pushes = rule.pushes_on(banker)
    settings = settings_python(cards, core(), spec.wheel_second)
    rows = []
    for s in settings:
        outcome = base_outcome(s["back_key"], s["front_key"], *banker)
        result = None if s["foul"] else rule.settle_outcome(outcome, banker)
        rows.append({"front": cards_str(sorted(s["front"])), "back": cards_str(s["back"]),
                     "foul": s["foul"], "comparison": OUTCOME_WORDS[outcome],
                     "result": "foul" if result is None else OUTCOME_WORDS[result],
                     "value": result,
                     "house_way": (s["back_key"], s["front_key"]) == (mine.back_key,
                                                                      mine.front_key)})
    top = max(r["value"] for r in rows if r["value"] is not None)
    best = next((i for i, r in enumerate(rows) if r["house_way"] and r["value"] == top),
                None)
    if best is None:
        best = next(i for i, r in enumerate(rows) if r["value"] == top)
    return {"cards": cards_str(sorted(cards)), "dealer": theirs.to_json_dict(),
            "dealer_pushes": pushes, "settings": rows, "best": best,
            "best_result": OUTCOME_WORDS[top],
            "house_way_result": next(r["result"] for r in rows if r["house_way"])}


def face_up_counts(rules: Rules | EngineSpec | None = None, settlement: Any = None,
                   deck: Sequence[int] | None = None, threads: int | None = None,
                   progress: Progress | None = None, work: str | os.PathLike | None = None,
                   backend: str | None = None) -> dict[str, int]:
    """Face Up's exact counts over every ordered pair of disjoint hands of ``deck``
    (default the spec's, else the 53-card deck): {total, win, loss, push} of the
    player's best response to the dealer's exposed hand, settled by ``settlement``'s
    push conditions (the strategy job, ``verifier.strategy.job.run_job``: resumable,
    its chunks in ``work``, default the cache)."""
    import dataclasses
    from verifier.engine import as_spec
    from verifier.strategy.job import run_job
    from verifier.strategy.spec import job_spec
    rule = dataclasses.replace(SettlementRule.of(settlement or {"kind": "commission",
                                                                "commission": "0"}),
                               dealer="exposed")
    spec = as_spec(rules, threads, deck)
    job = job_spec(spec, rule, deck if deck is not None else spec.deck, backend=backend,
                   threads=threads)
    raw, _info = run_job(job, work, progress=progress)
    total = raw["player_hands"] * raw["banker_hands"]
    win, loss = raw["face_up"]["win"], raw["face_up"]["loss"]
    if raw["player_hands"] != math.comb(len(job.deck), 7):
        raise VerifierError("the Face Up job did not cover every player hand")
    return {"total": total, "win": win, "loss": loss, "push": total - win - loss}


def job_notice(rules: Rules | EngineSpec | None, settlement: Any,
               deck: Sequence[int] | None = None, threads: int | None = None) -> str | None:
    """The one line a command prints before it counts a Face Up base game: the figures
    come from the strategy job, and about how long it takes here (the measured
    ``JOB_CPU_SECONDS`` by the deck's player hands, the chunks already on file and the
    threads); None for a settlement the pairwise count settles."""
    import re
    from verifier.engine import as_spec
    from verifier.strategy.chunks import work_dir_for
    from verifier.strategy.spec import job_spec
    rule = SettlementRule.of(settlement) if settlement is not None else None
    if rule is None or not rule.dealer_exposed:
        return None
    job = job_spec(as_spec(rules, threads, deck), rule, deck, threads=threads)
    hands = math.comb(len(job.deck), 7)
    work = work_dir_for(job)
    done = 0                        # units on file: an estimate (the files are not read)
    for path in work.glob("chunk-*.json") if work.is_dir() else ():
        m = re.fullmatch(r"chunk-(\d+)-(\d+)\.json", path.name)
        done += int(m.group(2)) - int(m.group(1)) if m else 0
    units = 1_097_447 * hands / math.comb(53, 7)    # the full deck's six-card units
    left = max(0.0, 1 - done / units) if units else 0.0
    seconds = JOB_CPU_SECONDS * hands / math.comb(53, 7) * left / job.threads
    minutes = round(seconds / 60)
    when = "under a minute" if seconds < 45 else "about a minute" if minutes <= 1 else \
        f"about {minutes:,} minutes"
    return (f"{hands:,} player hands' best response to the exposed dealer: the base game "
            f"comes from the strategy job, {when} on {job.threads} thread"
            f"{'s' if job.threads != 1 else ''} of a free machine"
            f"{', part on file' if done else ''} (chunks kept in {work}, resumable)")


def base_game_counts(rules: Rules | EngineSpec | None = None, settlement: Any = None,
                     deck: Sequence[int] | None = None, threads: int | None = None,
                     progress: Progress | None = None, fresh: bool = False) -> dict[str, Any]:
    """The exact base game counts of a settlement: the player-against-banker count over
    every ordered pair (``pairwise_counts``, its push conditions counted), or for Face
    Up (``dealer_exposed``) the best response's (``face_up_counts``; ``fresh``: in a
    work directory of its own, nothing taken from earlier runs: ``check --recompute``)."""
    from verifier.engine import pairwise_counts
    rule = SettlementRule.of(settlement) if settlement is not None else None
    if rule is not None and rule.dealer_exposed:
        if fresh:
            import tempfile
            with tempfile.TemporaryDirectory(prefix="paigow-face-up-") as work:
                return face_up_counts(rules, rule, deck, threads, progress, work)
        return face_up_counts(rules, rule, deck, threads, progress)
    return pairwise_counts(deck=deck, rules=rules, threads=threads, progress=progress,
                           settlement=rule)
