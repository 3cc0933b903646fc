"""The filing pack (issue 38, docs/FILING.md): a filing per shipped rule set renders on
Letter and A4 with its words inside the margins; the true odds of every line are
(1 - p) / p, exact; the worked examples are real deals that the table's settlement code
settles as the filing says; a variation lists exactly the lines that differ with the
edge before and after; bad input is one line and exit 2, and no folder is left behind.

Expected figures come from closed forms and published counts typed in here (named at
each), from the game's own rule (``game.outcome.base_outcome``) and from ``compare``,
never from the filing."""
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from verifier import certificate
from verifier.cli import main
from verifier.rules.rulesets import names as shipped_names
from pdfpages import MM, page_boxes, page_pictures, pdf_text, words_beyond_margins

ROOT = Path(__file__).resolve().parent.parent
CERTS = ROOT / "proofs" / "certificates"
TOTAL = math.comb(53, 7)

META = '''manufacturer = "Western Table Games, Inc."
lab = "Sierra Gaming Laboratories"
game = "Pai Gow Poker"
submission_id = "SGL-2026-0381"
revision = "B"
date = 2026-11-27
preparer = "A. Mathematician"

[signature]
name = "A. Mathematician"
title = "Chief Mathematician"

[[revisions]]
revision = "A"
date = 2026-10-02
change = "First submission"

[[revisions]]
revision = "B"
date = "2026-11-27"
change = "Full house and flush pays lowered"
'''


@pytest.fixture
def meta(tmp_path):
    path = tmp_path / "meta.toml"
    path.write_text(META)
    return path


def filing(meta, out, cert, *options):
    return filing_of(meta, out, CERTS / f"{cert}.json", *options)


def filing_of(meta, out, cert, *options):
    return main(["filing", str(cert), "--meta", str(meta), "--out", str(out),
                 "--no-progress", *options])


# ---------------------------------------------------------------------------------------
# a filing renders: every shipped rule set on Letter, one on A4 too, outlaw9-mikes's Letter
# filing as a variation of an approved table (tests/test_filing_full.py, one render each)


def looked_at(pdf, cert, size, where, folder, face_up=False):
    """The checks of a rendered filing: the page size, every word inside the margins, the
    cover's, rules' and tables' parts, no repository path nor a rule's name_with_underscores,
    "10" for the ten, the jurisdiction's sections, the cover as a picture; its text."""
    boxes = page_boxes(pdf)
    assert {(round(w), round(h)) for w, h, _ in boxes} == {size}
    assert words_beyond_margins(pdf, 14, 14) == []
    text = pdf_text(pdf)
    examples = ("A win", "A loss", "A push", "A copy") + (
        ("A push on the dealer's hand", "No worked example shows a foul") if face_up
        else ("A foul",))
    for part in ("SGL-2026-0381", "Sierra Gaming Laboratories", "Attestation", "Signature",
                 "Revision history", "First submission", "Rules of play", *examples,
                 "True odds", "House advantage", "Par sheet:", "Certificate SHA-256",
                 certificate.load(cert)["sha256"]):
        assert part in text, part
    # no repository path in the filing's own parts (the par sheet appendix is the report's)
    own = text[:text.index("Appendix (")] + text[text.rindex("Certificate: hashes"):]
    assert not re.search(r"docs/|verifier/|\.md\b|\.py\b|_", own)
    assert not re.search(r"(?<![A-Za-z])T[\u2663\u2662\u2661\u2660\u2666\u2665]", text)
    assert re.search(r"10[\u2663\u2662\u2661\u2660]", text)
    if where == "ca":
        assert "Collection fee" in text and "Jackpot and bonus review" in text
    # the cover as a picture, looked at in review
    assert len(page_pictures(pdf, folder, 1, 1, resolution=30)) == 1
    return text


@pytest.mark.parametrize("name", sorted(shipped_names()))
def test_the_california_narrative_of_every_shipped_rule_set(name):
    """Every shipped rule set's California section (``narrative.california``), its
    collection as the rule set's settlement states it: rendered on A4 for one rule set in
    the full suite (tests/test_filing_full.py), which renders every rule set on Letter."""
    from verifier.filing.narrative import california
    from verifier.rules.rulesets import load
    rs = load(name)
    section = dict(california(rs, {}))
    assert all(text.strip() for text in section.values())
    assert f"({rs.house_way})" in section["Standards of play"]
    fee, settlement = section["Collection fee"], rs.settlement
    if settlement["kind"] == "fees":
        assert "collection fee" in fee.lower()
    elif Fraction(settlement["commission"]):
        assert f"commission of {Fraction(settlement['commission']) * 100}%" in fee
    else:
        assert fee == "No commission or fee is taken."


# ---------------------------------------------------------------------------------------
# the figures of the filing's model


@pytest.fixture(scope="module")
def mikes():
    return certificate.read(CERTS / "outlaw9-mikes.json")


@pytest.fixture(scope="module")
def mikes_sheet(mikes):
    from verifier.report.model import build
    return build(mikes, formulas=False)


def test_true_odds_of_every_line_are_one_minus_p_over_p(mikes_sheet):
    from verifier.filing.wagers import odds_to_one, wagers
    shown = {}
    for w in wagers(mikes_sheet):
        shown[w.key] = {line.title: line for line in w.lines}
        for line in w.lines:                       # p = combinations / the bet's total
            c = line.combinations
            assert line.true_odds == (Fraction(w.total - c, c) if c else None), line.title
    outlaw9 = shown["outlaw9"]
    # closed forms and published counts (the hands of C(53,7)):
    typed = {"7-Card Straight Flush": 8 * 4,      # 8 runs of seven ranks (A low to A high), 4 suits
             "5 Aces": math.comb(48, 2),         # the four aces, the joker, any two others
             "9 High": 31_080, "10 High": 248_640}   # published pai gow counts
    for title, count in typed.items():
        assert outlaw9[title].combinations == count
        assert outlaw9[title].true_odds == Fraction(TOTAL - count, count)
    assert odds_to_one(outlaw9["7-Card Straight Flush"].true_odds) == "4,816,970 to 1"
    assert odds_to_one(outlaw9["10 High"].true_odds) == "618.94 to 1"   # 154,143,080/248,640 - 1


# ---------------------------------------------------------------------------------------
# a variation of the approved pay table

def approved_table(folder):
    """The filed Outlaw 9 table with two pays changed by hand: the approved table of a
    variation (full house 6 to 1, flush 3 to 1; the certificate's: 5 and 4 to 1)."""
    filed = (ROOT / "verifier" / "data" / "outlaw9_filed.toml").read_text()
    approved = folder / "approved.toml"
    approved.write_text(filed.replace("full_house = 5 ", "full_house = 6 ")
                        .replace("flush = 4 ", "flush = 3 ").replace(
                            'status = "filed"', 'status = "approved"'))
    return approved


def test_a_variation_lists_exactly_the_lines_that_differ_with_the_edge_before_and_after(
        mikes, mikes_sheet, tmp_path, capsys):
    from verifier.filing.wagers import variation
    approved = approved_table(tmp_path)
    v = variation(mikes, mikes_sheet, approved)
    assert [(c.line, c.before, c.after) for c in v.changes] == [
        ("Full House", "6 to 1", "5 to 1"), ("Flush", "3 to 1", "4 to 1")]

    def edge(table):
        args = ["compare", str(CERTS / "outlaw9-mikes.json"), "--json"]
        assert main(args + (["--paytable", str(table)] if table else [])) == 0
        out = json.loads(capsys.readouterr().out)
        return Fraction(out["paytables"][0]["results"]["house_edge"]["exact"])
    ((bet, before, after),) = v.edges
    assert bet == "Outlaw 9 High or Better"
    assert before == edge(approved) and after == edge(None)
    # by hand from the published counts: +1 on 4,185,852 full houses, -1 on 6,172,088 flushes
    assert before - after == Fraction(6_172_088 - 4_185_852, TOTAL)


def test_a_variation_of_another_game_is_refused(meta, tmp_path, capsys):
    out = tmp_path / "pack"
    assert filing(meta, out, "outlaw9-mikes", "--variation-of",
                  str(CERTS / "casino-standard.json")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "another game" in err
    assert not out.exists()
    assert filing(meta, out, "outlaw9-mikes", "--variation-of",
                  str(ROOT / "verifier" / "data" / "tiger9.toml")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "another game" in err and not out.exists()


# ---------------------------------------------------------------------------------------
# bad input: one line, exit 2, nothing left behind

@pytest.mark.parametrize("edit, words", [
    (lambda t: t.replace('lab = "Sierra Gaming Laboratories"\n', ""), "missing field 'lab'"),
    (lambda t: t.replace("date = 2026-11-27", 'date = "2026-13-40"'), "not a date"),
    (lambda t: t.replace('date = "2026-11-27"', 'date = "yesterday"'), "not a date"),
    (lambda t: t.replace('title = "Chief Mathematician"\n', ""), "missing field 'title'"),
    (lambda t: 'jurisdiction = "tx"\n' + t, "not offered"),
    (lambda t: t + "[[revisions]]\nrevision = 3\ndate = 2026-01-01\nchange = \"x\"\n",
     "non-empty string"),
    (lambda t: t.replace("[signature]", "[signature"), "not a filing metadata file"),
])
def test_bad_metadata_is_one_line_and_exit_2(meta, tmp_path, capsys, edit, words):
    meta.write_text(edit(META))
    out = tmp_path / "pack"
    assert filing(meta, out, "casino-standard") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "Traceback" not in err, err
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["meta.toml"]


def test_a_jurisdiction_not_offered_and_an_unreadable_certificate(meta, tmp_path, capsys):
    out = tmp_path / "pack"
    assert filing(meta, out, "casino-standard", "--jurisdiction", "tx") == 2
    assert "invalid choice" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "paigow-verifier certificate"')
    assert main(["filing", str(bad), "--meta", str(meta), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.json" in err
    assert main(["filing", str(tmp_path / "none.json"), "--meta", str(meta), "--out",
                 str(out)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert not out.exists()


@pytest.mark.slow   # over 2.5 s of CPU: run once, with the full checks (README, Tests)
def test_a_certificate_that_fails_its_check_is_refused_though_checked_beside_the_layout(
        meta, tmp_path, capsys):
    """The filing's certificate is checked by a chart process while the page is laid out
    (as the PDF par sheet's): a certificate whose hash was changed still gives the check's
    one line, exit 2, and no pack, as ``check`` gives it. The QKA deck: a small filing."""
    path = tmp_path / "qka.json"
    assert main(["run", "--deck-ranks", "QKA", "--no-progress", "--no-base-game", "--out",
                 str(path)]) == 0
    cert = json.loads(path.read_text())
    cert["result_sha256"] = "0" * 64
    path.write_text(json.dumps(cert))
    capsys.readouterr()
    out = tmp_path / "pack"
    assert main(["filing", str(path), "--meta", str(meta), "--out", str(out),
                 "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fails its check" in err and "Traceback" not in err
    assert main(["check", str(path)]) != 0
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == [
        "meta.toml", "qka.json"]


def test_an_existing_pack_is_not_overwritten_without_force(meta, tmp_path, capsys):
    out = tmp_path / "pack"
    out.mkdir()
    kept = out / "casino-standard-filing.pdf"
    kept.write_bytes(b"the lab's own file")
    assert filing(meta, out, "casino-standard") == 2
    assert "--force" in capsys.readouterr().err
    assert kept.read_bytes() == b"the lab's own file" and len(list(out.iterdir())) == 1


def test_the_hashes_name_the_signature_of_a_signed_certificate(tmp_path):
    from verifier.certificate.model import Certificate
    from verifier.certificate.signing import keygen, sign
    from verifier.filing.document import certificate_rows
    fingerprint = keygen(tmp_path / "key.pem", tmp_path / "pub.pem")
    cert = certificate.load(CERTS / "casino-standard.json")
    assert dict(certificate_rows(Certificate.of(cert)))["Signature"] == "not signed"
    rows = dict(certificate_rows(Certificate.of(sign(cert, tmp_path / "key.pem"))))
    assert rows["Signature"] == f"Ed25519, key fingerprint {fingerprint}"
    assert rows["Certificate SHA-256"] == cert["sha256"]


def test_the_example_metadata_file_reads():
    from verifier.filing import meta
    info = meta.read(ROOT / "examples" / "filing" / "meta.toml")
    assert info.jurisdiction == "ca" and [r.revision for r in info.revisions] == ["A", "B"]
    assert str(info.date) == "2026-11-27"


def test_a_footer_from_the_metadata_stays_a_css_string():
    from verifier.report.paper import css_string
    shown = css_string('Pai Gow "Deluxe" \\ </style><h1>x</h1>\nline two')
    assert shown == '"Pai Gow \\"Deluxe\\" \\\\ \\3c /style\\3e \\3c h1\\3e x\\3c /h1\\3e  line two"'
    assert "<" not in shown and ">" not in shown and "\n" not in shown


def test_out_must_be_a_folder(meta, tmp_path, capsys):
    out = tmp_path / "pack"
    out.write_text("a file")
    assert filing(meta, out, "casino-standard") == 2
    assert "not a folder" in capsys.readouterr().err and out.read_text() == "a file"


def test_out_a_pdf_is_not_overwritten_without_force_nor_an_input(meta, tmp_path, capsys):
    kept = tmp_path / "filing.pdf"                # checked before any work: no render here
    kept.write_bytes(b"the lab's own file")
    assert filing(meta, kept, "casino-standard") == 2
    assert "--force" in capsys.readouterr().err and kept.read_bytes() == b"the lab's own file"
    given = tmp_path / "meta.pdf"                 # a file the command reads, named .pdf
    given.write_text(META)
    assert main(["filing", str(CERTS / "casino-standard.json"), "--meta", str(given),
                 "--out", str(given), "--force", "--no-progress"]) == 2
    assert "input of this command" in capsys.readouterr().err
    assert given.read_text() == META and sorted(p.name for p in tmp_path.iterdir()) == [
        "filing.pdf", "meta.pdf", "meta.toml"]


def test_the_appendix_par_sheet_has_the_packs_pace_and_the_metadatas_revisions(tmp_path):
    """The filing's par sheet (its appendix and xlsx) at the pace given on the command line
    (``--hands-per-hour 40 --average-wager 10``), its revision history the metadata's: the
    revisions typed into META above."""
    from verifier.filing import document, meta
    from verifier.filing.jurisdictions import jurisdiction
    from verifier.odds.operator import Pace
    path = tmp_path / "meta.toml"
    path.write_text(META)
    info = meta.read(path)
    cert = certificate.read(CERTS / "casino-standard.json")
    filing = document.build(cert, info, jurisdiction("nj"),
                            pace=Pace(40, Fraction(10)))
    assert filing.sheet.operator.pace == Pace(40, Fraction(10))
    assert [r[2] for r in filing.sheet.revisions] == [
        r.change for r in info.revisions] and len(info.revisions) >= 1
    assert filing.sheet.revisions[0][1] == info.revisions[0].date.isoformat()
