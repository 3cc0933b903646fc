"""The odds of any pay table from a certificate's counts, without enumerating again
(``compare``, ``solve``, ``report`` and the table simulator's exact comparison)."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from math import comb
from typing import Any, Mapping

from verifier.support.errors import VerifierError
from verifier.game.betreads import refuse_under_wild
from verifier.game.bets import (BONUS_READING, CUSTOM, PLAYER, bet as bet_of, house_way_lines,
                                seven_card_and_front_lines)
from verifier.game.paytables import Paytable
from verifier.game.progressive import Progressive
from verifier.odds.exact import (BetOdds, QualifyingSets, category_sets, mask_counts, odds_of_sets,
                                 versus_banker_sets)
from verifier.odds.firstcards import first_cards_sets
from verifier.odds.progressive import ProgressiveOdds
from verifier.certificate.format import (JOINT_READ, JOINT_READ_COUNTS, deck_of, load, outlaw9_sets_of,
                                         paytable_of, rules_of)
from verifier.certificate.source import SectionSource


def qualifying_sets(cert: Mapping[str, Any], paytable: Paytable | str,
                    reading: str | None = None) -> QualifyingSets:
    """What the certificate counts for ``paytable``'s bet (a Paytable, or a seed's bet
    name): the sets of lines its outcomes qualify for, read the bet's way
    (verifier/game/bets.py). ``reading``: the Outlaw 9 bonus reading (default the
    certificate's). A custom bet on the banker's hand (``hand = "banker"``) has the counts
    of the same read on one hand: the banker's seven cards are one random hand."""
    sets = _qualifying_sets(cert, paytable, reading)
    if getattr(paytable, "hand", PLAYER) != PLAYER:
        sets = replace(sets, note=f"{sets.note}; read on the banker's (the dealer's) hand, "
                                  "one random hand as a player's is")
    return sets


def _qualifying_sets(cert: Mapping[str, Any], paytable: Any,
                     reading: str | None) -> QualifyingSets:
    kind = paytable.kind if hasattr(paytable, "kind") else bet_of(paytable)
    refuse_under_wild(kind.reads, kind.title if kind.name != CUSTOM else
                      f"custom bet {getattr(paytable, 'name', '')}".rstrip(),
                      rules_of(cert).joker, [line for line, _ in getattr(paytable, "pays", ())])
    sections, total = cert.get("sections", {}), cert["total_hands"]
    if kind.counts is not None:             # a bet that reads its own section's counts
        sets, note = kind.counts(SectionSource(cert), kind)
        return QualifyingSets(kind.name, kind.lines, sets, total, kind.unit, note)
    if kind.reads in (BONUS_READING, "seven-card"):
        reading = (reading or cert["rules"]["bonus_reading"]["value"]
                   if kind.reads == BONUS_READING else "seven-card")
        note = (f"bonus reading {reading}" if kind.reads == BONUS_READING
                else "lines read on the seven cards")
        return QualifyingSets(kind.name, kind.lines,
                              category_sets(outlaw9_sets_of(cert, reading)), total, "hands",
                              note)
    if kind.reads == "versus-banker":
        section = sections.get("base_game")
        if not section:
            raise VerifierError(f"this certificate has no base_game section (the exact "
                                f"player-against-banker counts the {kind.title} needs): "
                                "write it with `paigow-verify run --out` on the full deck")
        pairs = versus_banker_sets(section["counts"])
        return QualifyingSets(kind.name, kind.lines, pairs.sets, pairs.total, pairs.unit)
    if kind.reads == "house-way":
        sets = {}
        for back_key, front_key, hands in cert["counts"]["key_histogram"]["rows"]:
            lines = house_way_lines(int(back_key), int(front_key))
            sets[lines] = sets.get(lines, 0) + int(hands)
        return QualifyingSets(kind.name, kind.lines, tuple(sets.items()), total, "hands",
                              f"hands as the {cert['rules']['house_way']['value']} house way "
                              "sets them")
    if kind.reads == "best-for-bet":
        rows = cert["counts"].get("best_for_bet_sets")
        if rows is None:
            raise VerifierError("this certificate has no best-for-bet counts: write it again "
                                "with this version (`paigow-verify run --out FILE`)")
        return QualifyingSets(kind.name, kind.lines,
                              tuple((frozenset(r["lines"]), int(r["hands"])) for r in rows),
                              total, "hands", "the player sets the hand for the bet")
    if kind.reads == JOINT_READ:
        return QualifyingSets(kind.name, kind.lines, joint_sets(cert), total, "hands",
                              "the seven cards and the front as the "
                              f"{cert['rules']['house_way']['value']} house way sets it")
    if kind.reads == "first-cards":
        deck, k = deck_of(cert), paytable.cards
        return QualifyingSets(kind.name, kind.lines, first_cards_sets(k, deck),
                              comb(len(deck), k), kind.unit,
                              f"the first {k} cards dealt to the hand: every one of the "
                              f"C({len(deck)},{k}) = {comb(len(deck), k):,} combinations")
    raise VerifierError(f"no counts for lines read {kind.reads!r}")  # pragma: no cover


def joint_sets(cert: Mapping[str, Any]) -> tuple[tuple[frozenset[str], int], ...]:
    """The ``seven-card-and-front`` sets of the custom bets' section's own counts, held to
    the certificate's: their seven-card marginal is the enumeration's seven-card category
    counts, their front marginal the key histogram's fronts (else one line)."""
    rows = (cert.get("sections", {}).get("custom_bets") or {}).get(JOINT_READ_COUNTS)
    if rows is None:
        raise VerifierError(f"this certificate has no {JOINT_READ} counts (a rule set's "
                            "custom bet that reads them has them written by `run --out`)")
    seven: Counter = Counter()
    fronts: Counter = Counter()
    sets: Counter = Counter()
    for mask, front, hands in rows:
        seven[int(mask)] += int(hands)
        fronts[int(front)] += int(hands)
        sets[seven_card_and_front_lines(int(mask), int(front))] += int(hands)
    histogram: Counter = Counter()
    for _, front, hands in cert["counts"]["key_histogram"]["rows"]:
        histogram[int(front)] += int(hands)
    if seven != Counter(mask_counts(outlaw9_sets_of(cert, "seven-card"))) or fronts != histogram:
        raise VerifierError(f"the {JOINT_READ} counts do not add up to the certificate's "
                            "seven-card categories and set fronts")
    return tuple(sorted(sets.items(), key=lambda item: sorted(item[0])))


def odds_from_certificate(cert: Mapping[str, Any], paytable: Paytable,
                          reading: str | None = None) -> BetOdds:
    """The odds of ``paytable`` (any bet of verifier/game/bets.py, or a custom table) from a
    certificate's counts, without enumerating again: each outcome is paid the line its
    table's precedence gives (its highest, or its first in the table's order). ``reading``: which Outlaw 9 categories count (default the certificate's)."""
    if paytable.kind.amounts:
        raise VerifierError(f"the {paytable.kind.title} pays dollars for other players' "
                            "hands, not N to 1 on a bet: see envy_per_other_hand, the "
                            "certificate's envy section and the par sheet")
    sets = qualifying_sets(cert, paytable, reading)
    reads = paytable.kind.reads
    if reads == BONUS_READING:
        reading = reading or cert["rules"]["bonus_reading"]["value"]
    return odds_of_sets(sets, paytable, reading if reads == BONUS_READING else
                        "seven-card" if reads == "seven-card" else None)


def bet_results(cert: Mapping[str, Any] | None = None) -> dict[str, Fraction]:
    """Exact expected result per unit of each bet of the default rule set, from its
    shipped certificate (or ``cert``): {"base" (1 to 1, before fees), and each named bet
    of the certificate's ``paytables`` by its table kind (``wrangler``, the default bet's)} as
    Fractions."""
    from verifier.game.bets import BETS
    if cert is None:
        from verifier.certificate.shipped import shipped_certificate_path
        shipped = shipped_certificate_path("outlaw9-mikes")
        if shipped is None:
            raise VerifierError("no shipped certificate of the default rule set found: "
                                "pass one (verifier.certificate.load(path))")
        cert = load(shipped)
    from verifier.game.settlement import SettlementRule
    section = cert["sections"]["base_game"]
    win, loss, _push, total = SettlementRule.of(section["settlement"]).outcomes(
        section["counts"])
    out = {"base": Fraction(win - loss, total)}
    for name in cert["paytables"]:
        b = BETS[name]
        out[b.table.kind if b.table else name] = \
            odds_from_certificate(cert, paytable_of(cert, name)).expected
    return out


def progressive_odds(cert: Mapping[str, Any], table: Progressive) -> ProgressiveOdds:
    """A progressive table's figures from the certificate's counts: its tiers' lines read
    as a custom bet's (``qualifying_sets``), each outcome paid by its first tier."""
    sets = qualifying_sets(cert, table.paytable)
    return ProgressiveOdds.of(table, sets.sets, sets.total)
