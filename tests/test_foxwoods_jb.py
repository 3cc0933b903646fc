"""The Foxwoods house way held against the one exact base game published under its name:
JB's enumeration of every ordered (player, banker) pair with both sides on the Foxwoods
house way (the player not banking, 5% commission, copies to the banker), as the main pai
gow poker page of wizardofodds.com gives it: house edge 2.7212%, push 40.4958%. The exact
counts are typed into examples/published/jb_foxwoods_base_game.toml from a copy of that
table (https://www.casinous.com/what-is-the-house-advantage-in-pai-gow-poker/); the
readings of the Foxwoods text tried against it are declared as [variants] in
examples/published/foxwoods_readings.toml, and the ways of comparing the hands in
verifier/game/comparison.py. No reading tried reproduces them (the figures of each are in
docs/HOUSE_WAYS.md, Foxwoods against JB); the tests hold the miss.
"""
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from verifier.support.toml import tomllib

PUBLISHED = Path(__file__).parent.parent / "examples" / "published"
TARGET = PUBLISHED / "jb_foxwoods_base_game.toml"
READINGS = PUBLISHED / "foxwoods_readings.toml"
TOTAL = comb(53, 7) * comb(46, 7)
#: the page's figures, as printed
EDGE, PUSH = "2.7212", "40.4958"


def jb_counts():
    with open(TARGET, "rb") as f:
        page = tomllib.load(f)
    return page, {row[0]: row[1] for row in page["rows"]}


def edge_and_push(c):
    """The house edge with 5% commission and the push, in per cent to four places."""
    edge = Fraction(c["loss"], TOTAL) - Fraction(95, 100) * Fraction(c["win"], TOTAL)
    return f"{float(edge * 100):.4f}", f"{float(Fraction(c['push'], TOTAL) * 100):.4f}"


def test_the_typed_in_counts_are_the_published_figures():
    """JB's three counts add up to every ordered pair (the page prints the total ten short,
    8,250,459,031,214,390), give its six-place probabilities and return, and the house
    edge 2.7212% and push 40.4958% of wizardofodds.com's main pai gow poker page."""
    page, c = jb_counts()
    assert page["total"] == TOTAL == sum(c.values()) == 8_250_459_031_214_400
    assert page["house_way"] == "foxwoods" and page["table"] == "base_game"
    for name, count, printed, _return in page["rows"]:
        assert abs(Fraction(count, TOTAL) - Fraction(printed)) <= Fraction(5, 10 ** 7), name
    assert edge_and_push(c) == (EDGE, PUSH)
    ret = Fraction(95, 100) * Fraction(c["win"], TOTAL) - Fraction(c["loss"], TOTAL)
    assert abs(ret - Fraction("-0.027212")) <= Fraction(5, 10 ** 7)


def test_the_readings_file_in_force_is_the_shipped_file():
    """examples/published/foxwoods_readings.toml, its first alternatives in force, has the
    shipped file's readings and rows; each alternative it declares loads."""
    from verifier import houseway
    shipped, declared = houseway.load("foxwoods"), houseway.load(str(READINGS))

    def rows(hw):
        return [(r.name, r.label, r.hands, r.bands, r.when_text, r.front_raw, r.back,
                 r.improves_on, r.else_raw, r.front_min) for r in hw.rows]
    assert declared.readings == shipped.readings and rows(declared) == rows(shipped)
    assert set(declared.variants) == {"five_aces", "quads_with_pair", "joker_alone_as_high",
                                      "full_house", "three_aces", "exception"}
    for point, alternatives in declared.variants.items():
        for alternative in alternatives:
            assert declared.with_variants({point: alternative}).rows


@pytest.mark.full
def test_the_shipped_foxwoods_misses_jb():
    """With the readings in force, A-2-3-4-5 second, the exact count (every ordered pair,
    a closed form) misses the published 2.7212% and 40.4958% (docs/HOUSE_WAYS.md gives
    the figures: the finding, not pinned here: a test holds what comes from elsewhere)."""
    from verifier.engine import pairwise_counts
    from verifier.rules.readings import Rules
    _page, jb = jb_counts()
    c = pairwise_counts(rules=Rules.of(wheel="second", house_way="foxwoods"))
    assert c["win"] + c["push"] + c["loss"] == TOTAL
    assert edge_and_push(c) != (EDGE, PUSH)
    assert c["loss"] - c["win"] > jb["loss"] - jb["win"]     # more copies than JB's


@pytest.mark.full
@pytest.mark.parametrize("point,alternative", [("full_house", "highest-pair"),
                                               ("quads_with_pair", "after-bands")])
def test_the_nearest_readings_miss_jb_too(point, alternative):
    """Two readings of the text that move the push towards JB's ("highest permissible
    pair" also from the trips; quads with a pair after the rank bands): each sets some
    hands differently from the shipped file, and neither gives the published figures."""
    from verifier import houseway
    from verifier.engine import pairwise_counts
    from verifier.rules.readings import Rules
    way = houseway.load(str(READINGS)).with_variants({point: alternative})
    shipped = pairwise_counts(rules=Rules.of(wheel="second", house_way="foxwoods"))
    c = pairwise_counts(rules=Rules.of(wheel="second", house_way=str(READINGS)),
                        house_way=way)
    assert c["win"] + c["push"] + c["loss"] == TOTAL
    assert c["push"] != shipped["push"]
    assert edge_and_push(c) != (EDGE, PUSH)


@pytest.mark.full
def test_the_comparison_readings_miss_jb_too():
    """How the hands are compared (verifier/game/comparison.py): the nearest comparison of
    the 38 run (docs/HOUSE_WAYS.md, the comparison side), A-2-3-4-5 set lowest and compared
    second, misses the published figures; a joker reading, splitting copies, adds wins to
    the shipped count's, where JB's has fewer (so no finer comparison gives his)."""
    from verifier.engine import pairwise_counts
    from verifier.game.comparison import Comparison
    from verifier.rules.readings import Rules
    _page, jb = jb_counts()
    near = pairwise_counts(rules=Rules.of(wheel="lowest", house_way="foxwoods"),
                           comparison=Comparison(wheel="second"))
    assert near["win"] + near["push"] + near["loss"] == TOTAL
    assert edge_and_push(near) != (EDGE, PUSH)
    rules = Rules.of(wheel="second", house_way="foxwoods")
    shipped = pairwise_counts(rules=rules)
    finer = pairwise_counts(rules=rules, comparison=Comparison(joker_back="natural-wins"))
    assert finer["copy_high"] < shipped["copy_high"]
    assert finer["win"] > shipped["win"] > jb["win"]
    assert finer["loss"] < shipped["loss"]
