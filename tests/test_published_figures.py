"""Published figures carried as documented checks (issue 53, item 5; docs/RULESETS.md,
Published figures, and docs/FACE_UP.md). Each expectation is the publication's number,
typed in with its source named; the product's figure is held against it, and a figure the
product does not reproduce is held as the miss.

- Ask the Wizard #134 (wizardofodds.com): with a 4% commission the player's edge is 2.44%.
- JB (wizardofodds.com's main pai gow poker page, his Foxwoods enumeration): banking is
  worth 2.47%.
- "Optimal play lowers the Foxwoods edge by 0.21%": no shipped figures to hold it
  against (the strategy job is minutes of both cores); the test holds that none ship, so
  that the day some do, this check is written.
- The Face Up newsletter (Wizard of Odds, 20 October 2022) and its Las Vegas Advisor
  answer: dollar losses per base bet that bound Face Up's edge; no shipped house way
  falls in the band.
"""
import re
from fractions import Fraction
from math import comb, floor
from pathlib import Path

import pytest

from test_foxwoods_jb import jb_counts

ROOT = Path(__file__).parent.parent
PUBLISHED = ROOT / "examples" / "published"
WIZARD_134 = PUBLISHED / "wizard_134_commission_4.toml"
TOTAL = comb(53, 7) * comb(46, 7)


def rounded(x: Fraction, places: int) -> str:
    """``x`` rounded half up to ``places`` decimals, exactly (no float's binary halves)."""
    units = floor(x * 10 ** places + Fraction(1, 2))
    return f"{units // 10 ** places}.{units % 10 ** places:0{places}d}"


def percent(x: Fraction, places: int) -> str:
    """``x`` (a fraction of one) as a percentage rounded to ``places``, as a page prints it."""
    return rounded(x * 100, places)


def doc_counts(doc: str, marker: str) -> dict:
    """The win, push and loss counts the docs table row holding ``marker`` prints first
    (digits with commas)."""
    text = (ROOT / "docs" / doc).read_text()
    line = next(ln for ln in text.splitlines() if marker in ln)
    numbers = [int(n.replace(",", "")) for n in re.findall(r"\d{1,3}(?:,\d{3}){4,}", line)]
    return dict(zip(("win", "push", "loss"), numbers[:3]))


#: the row of docs/HOUSE_WAYS.md (Held against published figures) with Trump Plaza's counts
TRUMP_PLAZA_ROW = ("HOUSE_WAYS.md", "No-Push Pai Gow")


# -- Ask the Wizard #134: a 4% commission --------------------------------------------------

#: Ask the Wizard #134, as issue 53 cites it: the player's edge with a 4% commission
WIZARD_134_EDGE = "2.44"


def edge_at(counts, commission: Fraction) -> Fraction:
    """The closed form: the player's edge is (L - (1 - c) W) / T, whoever banks."""
    total = counts["win"] + counts["push"] + counts["loss"]
    return (counts["loss"] - (1 - commission) * counts["win"]) / Fraction(total)


def test_the_4_percent_rule_set_reads_as_the_wizard_plays():
    """The rule set file sets the commission to 4% on the Trump Plaza house way, the
    Wizard's (docs/RULESETS.md: a rule set's [settlement] commission)."""
    from verifier.rules import rulesets
    rs = rulesets.load(str(WIZARD_134))
    assert rs.house_way == "trump-plaza" and rs.rules.wheel == "second"
    assert Fraction(str(rs.settlement["commission"])) == Fraction(4, 100)


def test_ask_the_wizard_134_from_the_documented_counts():
    """The commission does not move the counts: the Trump Plaza counts docs/HOUSE_WAYS.md
    prints (Held against published figures), settled by the rule set's 4% commission,
    give the Wizard's 2.44%, and the settlement is the closed form's."""
    from verifier.odds.basegame import settle
    from verifier.rules import rulesets
    counts = doc_counts(*TRUMP_PLAZA_ROW)
    assert sum(counts.values()) == TOTAL
    edge = Fraction(settle(counts, rulesets.load(str(WIZARD_134)).settlement)
                    ["house_edge"]["exact"])
    assert edge == edge_at(counts, Fraction(4, 100))
    assert percent(edge, 2) == WIZARD_134_EDGE
    assert percent(edge_at(counts, Fraction(5, 100)), 2) != WIZARD_134_EDGE


@pytest.mark.full
def test_ask_the_wizard_134_counted():
    """The full-deck count (every ordered pair, about 17 s of both cores) under the rule
    set file gives the Wizard's 2.44% (exact 2.4401%), and the counts docs/HOUSE_WAYS.md
    prints for Trump Plaza."""
    from verifier.engine import pairwise_counts
    from verifier.odds.basegame import settle
    from verifier.rules import rulesets
    rs = rulesets.load(str(WIZARD_134))
    counts = pairwise_counts(rules=rs.rules)
    edge = Fraction(settle(counts, rs.settlement)["house_edge"]["exact"])
    assert percent(edge, 2) == WIZARD_134_EDGE
    assert {k: counts[k] for k in ("win", "push", "loss")} == doc_counts(*TRUMP_PLAZA_ROW)


# -- JB: banking is worth 2.47% ---------------------------------------------------------

#: JB, on wizardofodds.com's main pai gow poker page (issue 53 cites it)
JB_BANKING_WORTH = "2.47"


def banking_worth(counts, commission: Fraction) -> Fraction:
    """The closed form (docs/RULESETS.md, When a player banks): the banker's result less
    the player's, (2 - c)(L - W) / T."""
    return (2 - commission) * (counts["loss"] - counts["win"]) / Fraction(TOTAL)


def test_banking_is_worth_what_jb_says_from_his_counts():
    """From JB's three counts, the banker's side (`player_bank`) is worth his 2.47%
    (exact 2.4672%): the closed form's figure, and the banker's edge 0.2540% against the
    player's 2.7212%."""
    from verifier.odds.basegame import player_bank
    _page, c = jb_counts()
    side = player_bank(c, Fraction(5, 100))
    worth = Fraction(side["banking_worth"]["exact"])
    assert worth == banking_worth(c, Fraction(5, 100))
    assert percent(worth, 2) == JB_BANKING_WORTH and percent(worth, 4) == "2.4672"
    assert worth == (Fraction(side["player_edge"]["exact"])
                     - Fraction(side["banker_edge"]["exact"]))


def test_the_shipped_foxwoods_gives_jbs_banking_worth_too():
    """The shipped foxwoods counts docs/HOUSE_WAYS.md prints (Foxwoods against JB), which
    miss JB's counts, still give banking worth 2.47% to his two places."""
    counts = doc_counts("HOUSE_WAYS.md", "| the shipped file (readings in force)")
    assert sum(counts.values()) == TOTAL
    assert percent(banking_worth(counts, Fraction(5, 100)), 2) == JB_BANKING_WORTH


# -- optimal play and the Foxwoods edge ----------------------------------------------------

def test_no_shipped_strategy_figures_for_foxwoods():
    """"Optimal play lowers the Foxwoods edge by 0.21%" is not held: `strategy --rules
    casino-standard --house-way foxwoods` finds no shipped figures (it would run the job,
    minutes of both cores; docs/RULESETS.md, Published figures). When some ship, hold
    the figure against them here."""
    from verifier.certificate.shipped import SHIPPED, shipped_figures
    from verifier.rules import rulesets
    assert not [key for key in SHIPPED if key[1] == "foxwoods"]
    foxwoods = rulesets.load("casino-standard").with_overrides(house_way="foxwoods")
    assert shipped_figures(foxwoods) == (None, None)


# -- Face Up: the newsletter's dollar figures ----------------------------------------------

#: the expected loss on the base bet, dollars per bet, as printed: the Wizard of Odds'
#: newsletter of 20 October 2022 (https://wizardofodds.com/newsletter/october-20-2022/:
#: "$15 * 1.81% = $0.27", and the value per hand $4.31 less the loss at $15-$100) and
#: his Las Vegas Advisor answer
#: (https://www.lasvegasadvisor.com/question/face-up-pai-gow-poker-progressive)
FACE_UP_LOSSES = {15: "0.27", 25: "0.45", 50: "0.90", 100: "1.81"}
#: the edge both print
FACE_UP_EDGE = "1.81"


def face_up_band() -> tuple[Fraction, Fraction]:
    """The edges every printed loss allows: a loss printed as d cents on a bet of b
    dollars, rounded to the cent, holds b e in [d - 1/2, d + 1/2) cents (half up); the
    band is the intersection, [low, high)."""
    low, high = Fraction(0), Fraction(1)
    for bet, loss in FACE_UP_LOSSES.items():
        cents = Fraction(loss) * 100
        low = max(low, (cents - Fraction(1, 2)) / (100 * bet))
        high = min(high, (cents + Fraction(1, 2)) / (100 * bet))
    return low, high


def face_up_shipped() -> dict[str, Fraction]:
    """Face Up's exact house edge on each shipped house way, as docs/FACE_UP.md's table
    prints it: the figures come only from the strategy job (minutes a house way), so the
    doc is the record held here."""
    text = (ROOT / "docs" / "FACE_UP.md").read_text()
    rows = re.findall(r"^\| ([a-z-]+) \|.*?\| ([\d.]+)% \((\d+)/(\d+)\) \|", text, re.M)
    out = {}
    for way, shown, num, den in rows:
        edge = Fraction(int(num), int(den))
        assert percent(edge, 6) == shown, way        # the row's decimal is its fraction
        out[way] = edge
    return out


def test_the_newsletters_figures_bound_the_face_up_edge():
    """$1.81 per $100 bounds the edge to [1.805%, 1.815%), $0.90 per $50 to [1.79%,
    1.81%), $0.45 per $25 to [1.78%, 1.82%), $0.27 per $15 to [1.7667%, 1.8333%):
    together [1.805%, 1.81%), inside the printed 1.81%; each figure is its bet times an
    edge in the band, to the cent."""
    low, high = face_up_band()
    assert (low, high) == (Fraction(1805, 100000), Fraction(181, 10000))
    assert percent(low, 2) == percent(high - Fraction(1, 10 ** 9), 2) == FACE_UP_EDGE
    for edge in (low, (low + high) / 2, high - Fraction(1, 10 ** 9)):
        for bet, loss in FACE_UP_LOSSES.items():
            assert rounded(bet * edge, 2) == loss, (bet, edge)


def test_no_shipped_house_way_gives_the_published_face_up_edge():
    """Every shipped house way's Face Up edge (docs/FACE_UP.md) lies outside the band:
    Trump Plaza's, the Wizard's house way and the nearest, 1.818460% above it (its $100
    loss $1.82, not $1.81). The finding, held."""
    from verifier import houseway
    low, high = face_up_band()
    shipped = face_up_shipped()
    assert set(shipped) == set(houseway.names())
    assert not [way for way, edge in shipped.items() if low <= edge < high]
    nearest = min(shipped, key=lambda way: abs(shipped[way] - low))
    assert nearest == "trump-plaza" and shipped[nearest] >= high
    assert rounded(100 * shipped[nearest], 2) == "1.82"
