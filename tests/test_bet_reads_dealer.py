"""The seven cards and the set front counted together (``reads = "seven-card-and-front"``,
verifier/engine/seven_fronts.py) and the Dealer Bonus on them, in table order (issue 36).

Expectations: the enumeration's own counts of each alone (the compiled job, another
implementation) for the joint counts' marginals; queen-, king-, ... high pai gows with a
9-high front counted here from their rank sets and suits; the Wizard of Odds' Dealer Bonus
table (wizardofodds.com/games/pai-gow-poker/side-bets/dealer-bonus/) for its lines on the
seven cards; a brute force on a reduced deck; a hand-worked round."""
import json
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from verifier.cli import main
from verifier.engine import enumerate_hands, seven_card_fronts
from verifier.game.bets import seven_card_and_front_lines
from verifier.game.cards import deck_of_ranks, parse_cards
from verifier.rules.readings import Rules
from verifier.rules.rulesets import load
from verifier.table.limits import TableRules
from verifier.table.round import RoundSpec, play_round

from test_bet_reads_table import RULESET, cert  # noqa: F401  (the example rule set's run)

ROOT = Path(__file__).resolve().parent.parent
TOTAL = 154_143_080
#: the Wizard of Odds' Dealer Bonus: its lines on the dealer's seven cards
PUBLISHED_SEVEN_CARD = {"royal_flush_and_royal_match": 72, "five_aces": 1_128,
                        "royal_flush": 26_020, "straight_flush": 184_644,
                        "four_of_a_kind": 307_472, "full_house": 4_188_528,
                        "flush": 6_172_088, "three_of_a_kind": 7_672_500,
                        "straight": 11_034_204}
PUBLISHED_SEVEN_CARD_STRAIGHT_FLUSHES = 228     # "7-card straight flush", with the joker or not


def _marginals(joint):
    seven, fronts = Counter(), Counter()
    for (mask, front), n in joint.items():
        seven[mask] += n
        fronts[front] += n
    return seven, fronts


@pytest.mark.parametrize("house_way", ["mikes", "emperors"])
@pytest.mark.slow   # over 2.5 s of CPU: run once, with the full checks (README, Tests)
def test_the_joint_counts_add_up_to_the_enumerations_own(house_way):
    """Counted by class (no hand visited), their seven-card and front marginals are the
    compiled enumeration's counts of each alone, for two house ways."""
    joint = seven_card_fronts(Rules(house_way=house_way))
    result = enumerate_hands(Rules(house_way=house_way))
    seven, fronts = _marginals(joint)
    histogram = Counter()
    for (_, front), n in result.key_histogram.items():
        histogram[front] += n
    assert seven == Counter(result.outlaw9_masks["seven-card"]) and fronts == histogram
    assert sum(joint.values()) == TOTAL


def test_a_reduced_deck_is_every_hand_set_one_by_one():
    from verifier.engine.hands import set_hand
    from verifier.engine.table_hands import set_hands
    deck = deck_of_ranks("JQKA")
    joint = seven_card_fronts(Rules(), deck)
    hands = [list(h) for h in combinations(deck, 7)]
    masks = [s[4] for s in set_hands(hands)]
    brute = Counter((m, set_hand(h).front_key) for m, h in zip(masks, hands))
    assert joint == brute and sum(brute.values()) == 19_448        # C(17, 7)


def _runs(ranks):
    """A five-card straight among the ranks (0 = two .. 12 = ace; the ace also low)."""
    have = set(ranks) | ({-1} if 12 in ranks else set())
    return any(all(r + i in have for i in range(5)) for r in range(-1, 9))


def _pai_gows_with_a_nine_high_front(top):
    """Seven cards of seven ranks with no straight and no flush, ``top`` on top and a nine
    second: the house way puts the second and third highest in front, a 9-high front.
    Suits with no five of one: 4^7 - 4 (C(7,5) 3^2 + C(7,6) 3 + 1). With the joker (an ace
    on top): six ranks no joker makes a straight with, no four of one suit."""
    natural = sum(1 for rest in combinations(range(7), 5) if not _runs((top, 7) + rest))
    count = natural * (4 ** 7 - 4 * (21 * 9 + 7 * 3 + 1))
    if top == 12:
        jokers = sum(1 for rest in combinations(range(7), 5)
                     if not any(_runs((7, w) + rest) for w in range(13)))
        count += jokers * (4 ** 6 - 4 * (15 * 9 + 6 * 3 + 1))
    return count


@pytest.mark.slow
def test_pai_gows_with_a_nine_high_front_are_the_closed_form():
    joint = seven_card_fronts(Rules(house_way="mikes"))
    colour = {"all_one_color", "all_one_color_with_joker"}
    for top, name in ((8, "ten_high"), (9, "jack_high"), (10, "queen_high"),
                      (11, "king_high"), (12, "ace_high")):
        got = sum(n for (mask, front), n in joint.items()
                  if "front_nine_high" in (lines := seven_card_and_front_lines(mask, front))
                  and name in lines and not lines - colour - {name, "front_nine_high"})
        assert got == _pai_gows_with_a_nine_high_front(top), name


@pytest.mark.slow
def test_the_dealer_bonus_in_table_order(cert, capsys):
    """Its lines on the seven cards are the published counts; its nine-high line pays the
    hands with a 9-high front that show none of them, the pai gows among them the closed
    form; check re-derives the section and --recompute counts the joint again."""
    bonus = json.loads(cert.read_text())["sections"]["custom_bets"]["results"]["dealer_bonus"]
    got = {r["category"]: r["hands"] for r in bonus["lines"]}
    assert got.pop("seven_card_straight_flush") + got.pop(
        "seven_card_straight_flush_with_joker") == PUBLISHED_SEVEN_CARD_STRAIGHT_FLUSHES
    nine = got.pop("front_nine_high")
    assert got == PUBLISHED_SEVEN_CARD
    pai_gows = sum(_pai_gows_with_a_nine_high_front(t) for t in range(8, 13))
    assert pai_gows < nine < 3_853_596 - 1_000_000          # 3,853,596: every 9-high front
    won = (500 * (PUBLISHED_SEVEN_CARD_STRAIGHT_FLUSHES + 72 + 1_128) + 150 * 26_020
           + 50 * 184_644 + 25 * 307_472 + 4 * 4_188_528 + 3 * 6_172_088
           + 2 * (7_672_500 + 11_034_204) + 5 * nine)
    lost = TOTAL - sum(PUBLISHED_SEVEN_CARD.values()) - 228 - nine
    assert Fraction(bonus["return"]["exact"]) == Fraction(won - lost, TOTAL)
    capsys.readouterr()
    assert main(["check", str(cert), "--recompute"]) == 0
    assert "seven-card-and-front counts: every count agrees" in capsys.readouterr().out


def test_a_certificate_without_the_joint_counts_says_so(tmp_path, capsys):
    shipped = ROOT / "proofs" / "certificates" / "outlaw9-mikes.json"
    assert main(["compare", str(shipped), "--paytable",
                 str(ROOT / "examples" / "paytables" / "dealer-bonus.toml")]) == 2
    err = capsys.readouterr().err.strip()
    assert "has no seven-card-and-front counts" in err and "\n" not in err


@pytest.mark.parametrize("dealer, odds", [
    ("2c 2d 9h 8s 6c 4d 3h", 5),          # one pair: the pair behind, 9-8 in front
    ("2c 3d 4h 5s 6c 9d 8h", 2),          # a straight: paid as one, not the nine-high 5
    ("Kc Kd Ks 9h 9s 6c 4d", 4),          # a full house
    ("Ac Kd Qh 8s 6c 4d 3h", -1),         # an ace-high pai gow, K-Q in front
])
def test_the_table_pays_the_first_line_of_the_dealers_hand(dealer, odds):
    table = TableRules.from_ruleset(load(str(RULESET)))
    player = [c for c in parse_cards("Ah Kh Qc Jd Tc 7s 5h 2s Jk") if
              c not in parse_cards(dealer)][:7]
    spec = RoundSpec(7, 10_000, {2: (10, 10, 10, 10)}, (1, 1, 1),
                     hands={7: parse_cards(dealer), 2: player})
    assert play_round(spec, table).odds[2][3] == odds
