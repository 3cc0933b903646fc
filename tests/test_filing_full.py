"""Issue 38's first Done-when: a filing of every shipped rule set renders, on Letter and
on A4, with its words inside the margins (tests/test_filing.py's ``looked_at``), its
cover turned into a picture. The rule sets shipped without a certificate
(``rules``: commission-free, ez-pai-gow, ez-pai-gow-california, face-up) get one made here, in tmp_path, by
``run --rules NAME --out`` on the full deck, a few seconds each; Face Up's on a 33-card
deck (its full-deck run is its strategy job, about 10 CPU-minutes), its chunks in
tmp_path, not the user's cache.
Every rule set on Letter as a pack (``--out DIR``) for Nevada (New Jersey, Maryland for
two); A4, as the PDF alone (``--out FILE.pdf``) for California, on one rule set: the
paper and the rule set are two factors each checked whole on its own (every rule set's
parts on one paper, both papers on one rule set), not their product, which rendered each
rule set twice (some 40 CPU-seconds of the full run). The A4 one is Emperor's Challenge,
the longest filing and the one rule set whose California section holds tables (its
progressive's, "Jackpot and bonus review"). Outlaw 9's Letter filing is filed as a
variation of an approved table (the filed one with two pays changed by hand,
``test_filing.approved_table``): its variation section lists those two lines, and the
pack holds the certificate byte for byte."""
import re

import pytest

from test_filing import CERTS, META, approved_table, filing_of, looked_at
from verifier.cli import main
from verifier.rules.rulesets import names as shipped_names

pytestmark = pytest.mark.full
#: the jurisdiction of each rule set's Letter filing (default Nevada); A4: California
LETTER_JURISDICTION = {"casino-standard": "nj", "commission-free": "md"}


def test_every_shipped_rule_set_is_a_rule_set_filed_here():
    assert set(shipped_names()) == {"outlaw9-mikes", "casino-standard", "emperors-challenge",
                                    "commission-free", "ez-pai-gow", "ez-pai-gow-california",
                                    "face-up"}


#: the rule set filed on A4 too (the module's docstring says why this one)
A4_RULE_SET = "emperors-challenge"


def certificate_of(name, tmp_path):
    """The shipped certificate of rule set ``name``, or one made here, as a lab would."""
    cert = CERTS / f"{name}.json"
    if not cert.exists():
        cert = tmp_path / f"{name}.json"
        # Face Up's full-deck run is its strategy job, about 10 CPU-minutes (docs/FACE_UP.md):
        # its filing is rendered from a 33-card deck's certificate (7 to A and the joker),
        # which exercises every part of it; the others from the full deck
        small = ["--deck-ranks", "789TJQKA", "--base-game"] if name == "face-up" else []
        assert main(["run", "--rules", name, "--out", str(cert), "--no-progress",
                     *small]) == 0
    return cert


@pytest.mark.parametrize("name", sorted(shipped_names()))
def test_a_filing_of_every_shipped_rule_set_on_letter(name, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))   # Face Up's job: its own
    meta = tmp_path / "meta.toml"
    meta.write_text(META)
    cert = certificate_of(name, tmp_path)
    face_up = name == "face-up"
    pack = tmp_path / "pack"
    where = LETTER_JURISDICTION.get(name, "nv")
    # Outlaw 9's filed as a variation of an approved table (full house 6, flush 3 to 1)
    variation = ["--variation-of", str(approved_table(tmp_path))] if name == "outlaw9-mikes" \
        else []
    assert filing_of(meta, pack, cert, "--jurisdiction", where, "--paper", "letter",
                     *variation) == 0
    assert sorted(p.name for p in pack.iterdir()) == sorted(
        [f"{name}-filing.pdf", f"{name}-parsheet.xlsx", f"{name}.json"])
    assert (pack / f"{name}.json").read_bytes() == cert.read_bytes()
    (tmp_path / "letter").mkdir()
    text = looked_at(pack / f"{name}-filing.pdf", cert, (612, 792), where, tmp_path / "letter",
                     face_up)
    if variation:
        assert "Variation of the approved pay table" in text
        assert re.search(r"Full House\s+6 to 1\s+5 to 1", text)
        assert re.search(r"Flush\s+3 to 1\s+4 to 1", text)
        xlsx = pytest.importorskip("openpyxl").load_workbook(pack / f"{name}-parsheet.xlsx")
        assert len(xlsx.sheetnames) >= 2


def test_a_filing_on_a4_as_the_pdf_alone_for_california(tmp_path):
    meta = tmp_path / "meta.toml"
    meta.write_text(META)
    cert = certificate_of(A4_RULE_SET, tmp_path)
    alone = tmp_path / "a4" / "filing.pdf"
    alone.parent.mkdir()
    assert filing_of(meta, alone, cert, "--jurisdiction", "ca", "--paper", "a4") == 0
    assert [p.name for p in alone.parent.iterdir()] == ["filing.pdf"]    # the PDF alone
    text = looked_at(alone, cert, (595, 842), "ca", tmp_path / "a4")
    assert "Jackpot and bonus review" in text and "The game offers no jackpot" not in text
