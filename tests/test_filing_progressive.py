"""A progressive in the filing pack (issue 53 item 2; verifier/filing/progressives.py): each
jurisdiction's required items as their own section, the 100-million test of N.J.A.C.
13:69D-1.52(e), and a progressive's variation against its approved parameters.

Expectations: the Emperor's Challenge Jackpot example (verifier/data/progressives/,
its parameters typed in here from the file) on the shipped emperors-challenge
certificate; its jackpot's probability, the seven-card straight flush's 228 hands of
154,143,080 (the Wizard of Odds' combinations, tests/test_progressive.py); the long-run
return's closed form i + h R (docs/PROGRESSIVES.md) worked here by hand."""
import re
from fractions import Fraction

import pytest

from test_filing import CERTS, META
from verifier import certificate
from verifier.filing import document, meta
from verifier.filing.jurisdictions import jurisdiction
from verifier.filing.progressives import ODDS_LIMIT, items
from verifier.game.progressive import from_dict
from verifier.odds.progressive import ProgressiveOdds

#: a natural seven-card straight flush: 4 suits x 8 runs (A-7 to 8-A), of C(53, 7) hands
TOTAL, SEVEN_CARD_SF = 154_143_080, 4 * 8


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The New Jersey filing of the shipped emperors-challenge certificate, built once
    (loaded as it stands, tests/test_filing.py checks it; the worked examples left out:
    no progressive item reads them)."""
    from verifier.certificate.model import Certificate
    from verifier.filing import examples
    path = tmp_path_factory.mktemp("meta") / "meta.toml"
    path.write_text(META)
    cert = Certificate.of(certificate.load(CERTS / "emperors-challenge.json"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(examples, "worked_examples", lambda *_: [])
        return cert, document.build(cert, meta.read(path), jurisdiction("nj"))


def _filing(built, where, variation=None, whole=False):
    """The filing for ``where`` (its progressive items and, if given, a variation), and as
    text the HTML of its progressive parts (``whole``: of the whole filing)."""
    from dataclasses import replace
    from verifier.filing.progressives import PARAMETERS, progressive_items
    from verifier.filing.wagers import odds_to_one
    from verifier.report.html import environment
    cert, nj = built
    filing = replace(nj, jurisdiction=jurisdiction(where), variation=variation,
                     progressives=progressive_items(cert, jurisdiction(where)))
    if whole:
        html = document.render_html(filing, images=False)
    else:
        env = environment(document.TEMPLATES)
        html = "".join(env.get_template(name).render(
            filing=filing, progressive_parameters=PARAMETERS, odds_to_one=odds_to_one)
            for name in ("progressives.html.j2", "progressive_variation.html.j2")
            if name.startswith("progressives") or variation is not None)
    return filing, re.sub(r"<[^>]+>", " ", html)


def test_the_nj_filing_of_a_rule_set_with_a_progressive_holds_the_nj_items(built):
    filing, text = _filing(built, "nj", whole=True)
    assert "N.J.A.C. 13:69D-1.52(e)" in text
    assert "initial and reset amounts" in text and "100 million to one" in text
    [prog] = filing.progressives
    [(meter, values)] = prog.meters
    # the file: reset $10,000 (no base: installed at the reset), increment 20% of $1
    assert meter == "jackpot" and values[:3] == (
        "$10,000.00", "$10,000.00", "20.0000% of each wager ($0.2000)")
    top = prog.jackpots[0]
    assert top.probability == Fraction(SEVEN_CARD_SF, TOTAL) and not top.flagged
    assert top.odds_against == Fraction(TOTAL - SEVEN_CARD_SF, SEVEN_CARD_SF)
    assert "No jackpot is rarer than 100 million to one." in text
    assert f"{float(Fraction(SEVEN_CARD_SF, TOTAL)):.10f}" in text
    # the meter pays i + h R a wager in the long run
    fixed = sum(j.probability * Fraction(j.pays.strip("$").replace(",", ""))
                for j in prog.jackpots[1:])
    long_run = Fraction(1, 5) + Fraction(SEVEN_CARD_SF, TOTAL) * 10_000 + fixed - 1
    assert f"{float(long_run):+.6%}" in dict(prog.returns)["In the long run (the meter model)"]


@pytest.mark.parametrize("where, words, tested", [
    ("md", "COMAR 36.05.03.24", False), ("fl", "secondary incrementation rate", False),
    ("generic", "GLI-11 4.8.2", True)])
def test_each_jurisdiction_has_its_own_progressive_items(built, where, words, tested):
    filing, text = _filing(built, where)
    assert words in text and filing.progressives[0].tested is tested
    assert "Secondary rate (past the limit)" in text and "Hidden (reserve) rate" in text


def test_a_jackpot_rarer_than_100_million_to_one_is_flagged():
    """Counts chosen about the limit: odds against (total - n) / n, exactly at the limit
    (within) and one hand past it (flagged)."""
    table = from_dict({"wager": 1, "meters": {"m": {"reset": 1000}}, "tiers": [
        {"lines": ["seven_card_straight_flush"], "pays": "100% of m"},
        {"lines": ["five_aces"], "pays": "$100"}]})
    at_limit = ProgressiveOdds(table, (1, 1), ODDS_LIMIT + 1)
    past = ProgressiveOdds(table, (1, 1), ODDS_LIMIT + 2)
    assert [j.flagged for j in items(table, at_limit, True).jackpots] == [False, False]
    assert [j.flagged for j in items(table, past, True).jackpots] == [True, True]
    assert not any(j.flagged for j in items(table, past, False).jackpots)


def test_a_variation_of_a_progressive_shows_its_parameters_and_long_run_before_after(
        tmp_path, built):
    from verifier.filing.wagers import variation
    from verifier.game.paytables import DATA_DIR
    approved = (DATA_DIR / "progressives" / "emperors_jackpot_example.toml").read_text()
    path = tmp_path / "approved.toml"
    path.write_text(approved.replace('increment = "20%"', 'increment = "15%"')
                    .replace("reset = 10000", "reset = 5000"))
    filing, text = _filing(built, "md", variation(built[0], built[1].sheet, path))
    [change] = filing.variation.progressives
    rows = {what: (a, b) for what, a, b in change.rows}
    assert rows["jackpot: Reset amount"] == ("$5,000.00", "$10,000.00")
    assert rows["jackpot: Rate of progression"][0].startswith("15.0000%")
    p = Fraction(SEVEN_CARD_SF, TOTAL)
    # the long run moves by the increment's change and h x the reset's
    before, after = (Fraction(s.split("exact ")[1].rstrip(")")) for s in change.long_run)
    assert after - before == Fraction(5, 100) + p * 5000
    assert "Progressive: Emperor" in text and "In the long run" in text


def test_a_progressive_variation_of_a_game_without_one_is_one_line():
    from verifier.certificate.model import Certificate
    from verifier.filing.wagers import same_game
    from verifier.game.paytables import DATA_DIR
    from verifier.support.errors import VerifierError
    cert = Certificate.of(certificate.load(CERTS / "casino-standard.json"))
    with pytest.raises(VerifierError, match="offers no progressive"):
        same_game(cert, DATA_DIR / "progressives" / "face_up_mega.toml")
