"""A push on a condition of the banker's set hand (issue 36: EZ Pai Gow, Commission-Free;
verifier/game/pushes.py, SettlementRule.push_when, docs/VARIANTS.md), inside the exact
player-against-banker count.

The expectations come from a brute force written here, apart from the code under test:
every ordered pair of disjoint hands of a reduced deck, both set by the house way, the
outcome by comparing the two hands' keys, and the banker's condition read on its cards
(its two-card hand's cards; a pai gow by the published definition, on the seven cards:
seven different ranks, no straight, no flush, docs/VARIANTS.md).
"""
import itertools
import math

import pytest

from verifier.engine import backend, pairwise as pw
from verifier.engine.backend import compiled
from verifier.engine.reference import pairwise as twin
from verifier.game.cards import JOKER, parse_cards
from verifier.game.settlement import SettlementRule
from verifier.rules.terms import RuleSetError, check_settlement

# 16 cards, no suit symmetry: queen-high pai gows and 9-high two-card hands both occur
DECK = sorted(parse_cards("2c 3d 4h 5s 6c 7d 8h 9s 9c Tc Jd Qh Qs Kc Ah Jk"))
# 16 cards, the clubs/diamonds swap maps it to itself (symmetry group of order 2)
SYM_DECK = sorted(parse_cards("2c 2d 4c 4d 5c 5d 7c 7d 9c 9d Jc Jd Qc Qd Kh Jk"))
# 14 cards (3,432 ordered pairs: each hand against the other seven), for the door on
# either engine: 9-high fronts, and pushes on them, occur
DOOR_DECK = sorted(parse_cards("2c 3d 4h 5s 7c 8d 9h 9s Tc Jd Qh Kc Ah Jk"))
ACE = 12


def _rank(card):
    return ACE if card == JOKER else card // 4


def seven_card_pai_gow_top(cards):
    """The top rank of a pai gow (seven different ranks, the joker an ace; no straight,
    the joker filling one gap, A low or high; no five of a suit, the joker in any), or
    None: the published definition, on the seven cards."""
    joker = JOKER in cards
    plain = [c for c in cards if c != JOKER]
    ranks = [_rank(c) for c in cards]
    if len(set(ranks)) < 7:
        return None
    if any(sum(1 for c in plain if c % 4 == s) + joker >= 5 for s in range(4)):
        return None
    held = {c // 4 for c in plain}
    windows = [[ACE, 0, 1, 2, 3]] + [list(range(lo, lo + 5)) for lo in range(0, 9)]
    if any(sum(r in held for r in w) + joker >= 5 for w in windows):
        return None
    return max(ranks)


def front_nine_high(front_cards):
    a, b = (_rank(c) for c in front_cards)
    return a != b and max(a, b) == 7


CONDITIONS = {
    "front_nine_high": lambda cards, front: front_nine_high(front),
    "pai_gow_queen_high": lambda cards, front: seven_card_pai_gow_top(cards) == 10,
}
#: the brute force's reading of every condition a test names: those above, and each
#: pai gow by the published seven-card definition with its top rank (a separate table:
#: no test adds to a neighbour's, whatever order xdist runs them in)
BRUTE_READINGS = {
    **CONDITIONS,
    **{f"pai_gow_{top}_high": (lambda cards, front, r=rank: seven_card_pai_gow_top(cards) == r)
       for top, rank in zip(("nine", "ten", "jack", "queen", "king", "ace"), range(7, 13))},
}


def set_hands(deck, house_way=0):
    engine = backend.module("_core")
    out = {}
    for h in itertools.combinations(deck, 7):
        front, _back, fk, bk, _row = engine.set_hand(list(h), False, house_way)
        out[h] = (bk, fk, front)
    return out


_SETS = {}


def sets_of(deck):
    if tuple(deck) not in _SETS:
        _SETS[tuple(deck)] = set_hands(deck)
    return _SETS[tuple(deck)]


_BRUTE = {}


def brute_force(deck, names, outcomes):
    """``brute_force_pairs``, once per deck and rule."""
    key = (tuple(deck), tuple(names), outcomes)
    if key not in _BRUTE:
        _BRUTE[key] = brute_force_pairs(deck, names, outcomes)
    return _BRUTE[key]


def brute_force_pairs(deck, names, outcomes):
    """(win, loss, push, total) over every ordered pair of disjoint hands, the wager
    pushing against a banker's hand that meets one of ``names`` (outcomes "all"), or
    only the player's win pushing ("player_wins")."""
    sets = sets_of(deck)
    # the condition read once per banker hand (it reads the banker's cards alone)
    bars = {b: any(BRUTE_READINGS[n](b, bfront) for n in names)
            for b, (_bb, _bf, bfront) in sets.items()}
    win = loss = push = 0
    for p, (pb, pf, _pfront) in sets.items():
        rest = [c for c in deck if c not in p]
        for b in itertools.combinations(rest, 7):
            bb, bf, _bfront = sets[b]
            barred = bars[b]
            if pb > bb and pf > bf:
                if barred:
                    push += 1
                else:
                    win += 1
            elif pb <= bb and pf <= bf:
                if barred and outcomes == "all":
                    push += 1
                else:
                    loss += 1
            else:
                push += 1
    return win, loss, push, win + loss + push


CASES = [(("front_nine_high",), "all"), (("pai_gow_queen_high",), "all"),
         (("pai_gow_queen_high",), "player_wins"),
         (("front_nine_high", "pai_gow_queen_high"), "all")]


def rule(names, outcomes):
    return SettlementRule.of(check_settlement(
        {"kind": "commission", "commission": "0", "push_when": list(names),
         "push_outcomes": outcomes}, "test"))


def test_the_reduced_decks_meet_both_conditions():
    for deck in (DECK, SYM_DECK):
        sets = sets_of(deck)
        for name, cond in CONDITIONS.items():
            assert any(cond(h, s[2]) for h, s in sets.items()), (name, deck)


@pytest.mark.parametrize("deck", [DECK, SYM_DECK], ids=["odd16", "sym16"])
def test_the_set_hand_conditions_are_the_published_ones_on_every_hand(deck):
    """The vocabulary reads the banker's keys; the brute force reads the cards."""
    sets = sets_of(deck)
    for name, cond in CONDITIONS.items():
        r = rule((name,), "all")
        for h, (bk, fk, front) in sets.items():
            assert r.pushes_on((bk, fk)) == cond(h, front), (name, h)


@pytest.mark.slow           # the quick suite: the twin through the door, below
@pytest.mark.parametrize("names, outcomes", CASES)
@pytest.mark.parametrize("deck", [DOOR_DECK], ids=["odd15"])
def test_the_twin_count_is_the_brute_force(deck, names, outcomes):
    """(The 15-card deck: 51,480 ordered pairs, an eighth of the 16-card decks'; the
    compiled count meets those below, and the symmetric deck once, next.)"""
    r = rule(names, outcomes)
    keys = {h: (bk, fk) for h, (bk, fk, _f) in sets_of(deck).items()}
    counts = twin.pairwise_counts_python(deck, None, keys=keys, terms=r.push_terms())
    pw.check_counts(counts, len(deck))
    assert r.outcomes(counts) == brute_force(deck, names, outcomes)
    # without the condition the same counts settle as before
    plain = _plain_twin(deck, keys)
    assert {k: counts[k] for k in plain} == plain


def _plain_twin(deck, keys, _cache={}):
    """The twin's count without a condition, once per deck."""
    if tuple(deck) not in _cache:
        _cache[tuple(deck)] = twin.pairwise_counts_python(deck, None, keys=keys)
    return _cache[tuple(deck)]


@pytest.mark.slow
def test_the_twin_count_on_the_symmetric_deck_is_the_brute_force():
    test_the_twin_count_is_the_brute_force(SYM_DECK, *CASES[-1])


@pytest.mark.compiled
@pytest.mark.parametrize("names, outcomes", CASES)
@pytest.mark.parametrize("deck", [DECK, SYM_DECK], ids=["odd16", "sym16"])
def test_the_compiled_count_is_the_brute_force(deck, names, outcomes):
    mod = compiled("_pairwise")
    if mod is None:
        pytest.skip("verifier.engine._pairwise not built")
    r = rule(names, outcomes)
    for symmetry in (True, False):
        table = mod.PairwiseTable(deck, False, 0, 2, symmetry, r)
        counts = table.counts()
        pw.check_counts(counts, len(deck))
        assert r.outcomes(counts) == brute_force(deck, names, outcomes)


@pytest.mark.slow
def test_the_door_passes_the_settlement(engine):
    """Either engine (the twin under PAIGOW_PUREPYTHON or backend.using), by the door."""
    r = rule(("front_nine_high",), "all")
    counts = pw.pairwise_counts(deck=DOOR_DECK, threads=1, settlement=r)
    expected = brute_force(DOOR_DECK, ("front_nine_high",), "all")
    assert r.outcomes(counts) == expected and expected[2] > 0
    assert counts["win_on_push_hand"] > 0
    assert "win_on_push_hand" not in pw.pairwise_counts(deck=DOOR_DECK, threads=1)


@pytest.mark.slow
def test_the_pairs_against_a_push_hand_are_its_hands_times_the_players():
    """Every banker's hand meets C(n-7, 7) player hands: the pairs against a push hand
    are the push hands of the deck times that."""
    r = rule(("pai_gow_queen_high",), "all")
    keys = {h: (bk, fk) for h, (bk, fk, _f) in sets_of(DECK).items()}
    counts = twin.pairwise_counts_python(DECK, None, keys=keys, terms=r.push_terms())
    hands = sum(1 for h, (bk, fk) in keys.items() if r.pushes_on((bk, fk)))
    assert counts["banker_push_hand"] == hands * math.comb(len(DECK) - 7, 7)


@pytest.mark.parametrize("bad, message", [
    ({"push_when": ["queen"]}, "names no category"),
    ({"push_when": "pai_gow_zero_high"}, "names no category"),
    ({"push_when": [3]}, "names of categories"),
    ({"push_when": ["front_pair", "front_pair"]}, "each once"),
    ({"push_when": ["front_pair"], "push_outcomes": "some"}, "choose"),
    ({"push_outcomes": "all"}, "without push_when"),
])
def test_a_bad_condition_is_one_line(bad, message):
    with pytest.raises(RuleSetError, match=message) as info:
        check_settlement({"kind": "commission", "commission": "0", **bad}, "x.toml")
    assert "\n" not in str(info.value)


def test_a_settlement_without_conditions_keeps_its_mapping():
    assert check_settlement({"kind": "commission", "commission": "0.05"}, "x") == \
        {"kind": "commission", "commission": "0.05"}


# ----------------------------------------------------------------------------- the full deck

def queen_high_pai_gows():
    """Seven-card queen-high pai gows of the 53-card deck, in closed form: rank sets of
    seven of 2..Q holding the queen with no five in a row (no ace: no wheel), times the
    4^7 suit patterns less those with five or more of one suit (no joker: with one, a
    pai gow is ace-high)."""
    sets = sum(1 for r in itertools.combinations(range(11), 7) if 10 in r
               and not any(all(x in r for x in range(lo, lo + 5)) for lo in range(7)))
    suits = 4 ** 7 - 4 * sum(math.comb(7, k) * 3 ** (7 - k) for k in (5, 6, 7))
    return sets * suits


@pytest.mark.full           # full-deck counts: once, in CI's full run
@pytest.mark.compiled
def test_the_full_deck_pairs_against_a_push_hand():
    """Every banker's hand meets C(46,7) player hands: the pairs against a 9-high
    two-card hand are the Tiger 9 count of issue 36 (3,853,596 of 154,143,080 under
    trump-plaza) times C(46,7), and those against a queen-high pai gow the closed form's
    hands (2,719,500: a Queen's Dragon at 50 to 1 then has the "just over 10 percent"
    house edge paigowonline.com.au gives) times C(46,7)."""
    if compiled("_pairwise") is None:
        pytest.skip("verifier.engine._pairwise not built")
    from verifier.engine import engine_spec
    from verifier.rules.readings import Rules
    spec = engine_spec(Rules(wheel="second", house_way="trump-plaza"))
    r = rule(("front_nine_high", "pai_gow_queen_high"), "all")
    per_banker = math.comb(46, 7)
    for names, hands in ((("front_nine_high",), 3_853_596),
                         (("pai_gow_queen_high",), queen_high_pai_gows())):
        r = rule(names, "all")
        counts = pw.pairwise_counts(rules=spec, settlement=r)
        assert counts["banker_push_hand"] == hands * per_banker
    assert queen_high_pai_gows() == 2_719_500
    assert 1 - 51 * queen_high_pai_gows() / math.comb(53, 7) == pytest.approx(0.1002, abs=1e-4)


# ----------------------------------------------------------------------------- certificates

@pytest.mark.compiled
@pytest.mark.parametrize("name, ranks, condition", [
    ("ez-pai-gow", "2345789JQ", "pai_gow_queen_high"),
    ("commission-free", "89TJQKA", "front_nine_high")])
def test_a_push_rule_sets_certificate_is_checked_and_recomputed(tmp_path, capsys, name,
                                                                ranks, condition):
    from verifier import certificate
    from verifier.cli import main
    out = tmp_path / "c.json"
    assert main(["run", "--rules", name, "--deck-ranks", ranks, "--no-progress",
                 "--base-game", "--out", str(out)]) == 0
    cert = certificate.load(out)
    section = cert["sections"]["base_game"]
    counts, results = section["counts"], section["results"]
    assert section["settlement"]["push_when"] == [condition]
    assert counts["banker_push_hand"] > 0 and results["outcomes"]["win"] == \
        counts["win"] - counts["win_on_push_hand"]
    assert certificate.check(cert) == []
    assert main(["check", str(out), "--recompute", "--no-progress"]) == 0
    capsys.readouterr()
    # issue 51: the par sheet's pushes split: one hand each (the hands' comparison), and
    # on the dealer's hand (the pairs the condition turns into pushes, its wins and losses)
    from verifier.report.model import build
    lines = {line.title: line.combinations for line in build(cert).base_game.lines}
    assert lines["Push (one hand each)"] == counts["push"]
    (on_hand,) = [n for t, n in lines.items() if t.startswith("Push on the dealer's hand (")]
    assert on_hand == counts["win_on_push_hand"] + counts["loss_on_push_hand"] > 0


def test_a_rule_set_naming_no_category_is_one_line_and_exit_2(tmp_path, capsys):
    from verifier.cli import main
    path = tmp_path / "bad.toml"
    path.write_text('base = "ez-pai-gow"\n[settlement]\nkind = "commission"\n'
                    'commission = "0"\npush_when = ["queen_high_dragon"]\n')
    assert main(["run", "--rules", str(path), "--deck-ranks", "9TJQKA"]) == 2
    err = capsys.readouterr().err.strip()
    assert "names no category" in err and len(err.splitlines()) == 1


@pytest.mark.full           # full-deck counts: once, in CI's full run
@pytest.mark.compiled
def test_the_full_deck_counts_split_over_a_partition_of_the_bankers_hands():
    """Every banker's hand has one back class: the pairs, wins and losses against the
    hands of eight classes and against those of the other three add up to all of them
    (the whole inclusion-exclusion at full size, its 24-element symmetry)."""
    if compiled("_pairwise") is None:
        pytest.skip("verifier.engine._pairwise not built")
    from verifier.engine import engine_spec
    from verifier.rules.readings import Rules
    spec = engine_spec(Rules())
    first = ("high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
             "full_house", "four_of_a_kind")
    rest = ("straight_flush", "royal_flush", "five_aces")
    a = pw.pairwise_counts(rules=spec, settlement=rule(first, "all"))
    b = pw.pairwise_counts(rules=spec, settlement=rule(rest, "all"))
    assert a["banker_push_hand"] + b["banker_push_hand"] == a["total"]
    assert a["win_on_push_hand"] + b["win_on_push_hand"] == a["win"]
    assert a["loss_on_push_hand"] + b["loss_on_push_hand"] == a["loss"]
    assert min(b[k] for k in ("win_on_push_hand", "loss_on_push_hand")) > 0
