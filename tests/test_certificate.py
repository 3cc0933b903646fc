"""Certificates: canonical hash, hand edits fail ``check``, ``--recompute`` agrees, atomic
writes, and the place for the later pairwise section."""
import copy
import hashlib
import json
import math
import os
from fractions import Fraction

import pytest

from verifier import certificate
from verifier.game.cards import deck_of_ranks
from verifier.cli import main

RANKS = "QKA"  # 13 cards, 1,716 hands: the pure-Python engine takes about a second


@pytest.fixture(scope="module")
def result():
    from verifier.engine.enumeration import enumerate_hands
    return enumerate_hands(deck=deck_of_ranks(RANKS))


@pytest.fixture
def cert(result):
    from verifier.rules import rulesets
    return certificate.certificate_for(result, rulesets.load(rulesets.DEFAULT_RULESET))


@pytest.fixture
def cert_file(cert, tmp_path):
    path = tmp_path / "cert.json"
    certificate.write(path, cert)
    return path


def rehash(cert):
    certificate.seal(cert)
    return cert


def test_contents(cert, result):
    assert cert["format_version"] == 1
    assert cert["tool"]["version"]
    assert cert["total_hands"] == math.comb(13, 7)
    assert set(cert["rules"]) >= {"deck", "wheel", "bonus_reading", "house_way"}
    assert cert["rules"]["wheel"]["value"] == "lowest"
    assert cert["deck"]["cards"][-1] == "Jk" and cert["deck"]["size"] == 13
    assert cert["paytables"]["outlaw9"]["lines"][0] == {"category": "seven_card_straight_flush",
                                                        "pay": "4000"}
    assert cert["paytables"]["wrangler_push"]["bet"] == "wrangler_push"
    assert cert["counts"]["best_five"]["five_aces"] == math.comb(8, 2)  # Jk + AAAA + any 2
    results = cert["sections"]["outlaw9"]["results"]
    assert results["return"]["exact"].count("/") <= 1
    assert isinstance(results["return"]["decimal"], float)
    assert "reserved_sections" not in cert          # the dead placeholder is gone


def test_canonical_hash_definition(cert_file):
    data = json.loads(cert_file.read_text())
    body = {k: v for k, v in data.items() if k != "sha256"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    assert data["sha256"] == hashlib.sha256(canonical).hexdigest()


def test_untouched_passes(cert_file, capsys):
    assert certificate.check(certificate.load(cert_file)) == []
    assert main(["check", str(cert_file)]) == 0
    assert "OK" in capsys.readouterr().out


EDITS = {
    "count: best five": (lambda c: c["counts"]["best_five"].__setitem__(
        "full_house", c["counts"]["best_five"]["full_house"] + 1), "counts.best_five"),
    "count: outlaw9 set": (lambda c: c["counts"]["outlaw9_sets"]["seven-card"][0].__setitem__(
        "hands", c["counts"]["outlaw9_sets"]["seven-card"][0]["hands"] + 1),
        "counts.outlaw9_sets.seven-card"),
    "count: house way row": (lambda c: c["counts"]["house_way_rows"].__setitem__("1", 0),
                             "counts.house_way_rows"),
    "count: key histogram": (lambda c: c["counts"]["key_histogram"]["rows"][0].__setitem__(
        2, c["counts"]["key_histogram"]["rows"][0][2] + 5), "counts.key_histogram"),
    "count: total": (lambda c: c.__setitem__("total_hands", 1717), "total_hands"),
    "pay": (lambda c: c["paytables"]["outlaw9"]["lines"][11].__setitem__("pay", "6"),
            "sections.outlaw9.results.lines[11].pay"),
    "pay written oddly": (lambda c: c["paytables"]["outlaw9"]["lines"][11].__setitem__(
        "pay", "5.0"), "paytables.outlaw9.lines[11].pay"),
    "rule value": (lambda c: c["rules"]["wheel"].__setitem__("value", "second"),
                   "rules.wheel.text"),
    "rule text": (lambda c: c["rules"]["bonus_reading"].__setitem__("text", "anything"),
                  "rules.bonus_reading.text"),
    "result": (lambda c: c["sections"]["outlaw9"]["results"]["house_edge"].__setitem__(
        "exact", "1/20"), "sections.outlaw9.results.house_edge.exact"),
    "deck": (lambda c: c["deck"]["cards"].__setitem__(0, "2c"), "rules.deck"),
    "power rating": (lambda c: c["sections"]["house_way"]["results"]["power_ratings"][
        "two_card"][-1]["player_pr"].__setitem__("exact", "1/2"),
        "sections.house_way.results.power_ratings.two_card[90].player_pr.exact"),
    "power rating count": (lambda c: c["sections"]["house_way"]["results"]["power_ratings"][
        "five_card"][0].__setitem__("hands", 1), "sections.house_way.results.power_ratings"),
}


@pytest.mark.parametrize("case", sorted(EDITS))
@pytest.mark.parametrize("forge_hash", [False, True])
def test_hand_edits_fail_check(case, forge_hash, cert, tmp_path, capsys):
    edit, field = EDITS[case]
    edited = copy.deepcopy(cert)
    edit(edited)
    if forge_hash:  # an editor who also recomputes the hash is still caught
        rehash(edited)
    fields = [m.field for m in certificate.check(edited)]
    assert any(f.startswith(field) for f in fields), fields
    assert ("sha256" in fields) is not forge_hash
    assert ("result_sha256" in fields) is not forge_hash
    path = tmp_path / "edited.json"
    certificate.write(path, edited)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH" in out and field.split("[")[0] in out


def test_recompute_agrees(cert_file, capsys):
    assert main(["check", str(cert_file), "--recompute", "--no-progress"]) == 0
    assert "every count agrees" in capsys.readouterr().out


def test_recompute_catches_what_sums_cannot(cert, tmp_path, capsys):
    # move hands between two best-five classes and re-hash: every sum still holds, so
    # only a re-run of the enumeration finds it
    edited = copy.deepcopy(cert)
    best = edited["counts"]["best_five"]
    best["full_house"] -= 10
    best["four_of_a_kind"] += 10
    rehash(edited)
    assert certificate.check(edited) == []
    path = tmp_path / "forged.json"
    certificate.write(path, edited)
    assert main(["check", str(path), "--recompute", "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert "counts.best_five.full_house" in out and "counts.best_five.four_of_a_kind" in out


def test_the_key_histogram_is_compared_row_by_row_and_type_by_type():
    # diff's rows of ints compared at once when equal; any other row as before, each
    # field by value and by JSON type (1.0 and true are not the count 1)
    from verifier.certificate.format import diff
    rows = [[5, 3, 10], [7, 1, 1], [9, 2, 4]]
    assert diff(rows, copy.deepcopy(rows), "r") == []
    for change, where in ((lambda r: r[1].__setitem__(2, 1.0), "r[1][2]"),
                          (lambda r: r[1].__setitem__(2, True), "r[1][2]"),
                          (lambda r: r[2].__setitem__(0, 8), "r[2][0]"),
                          (lambda r: r.__setitem__(0, [5, 3]), "r[0]")):
        found = copy.deepcopy(rows)
        change(found)
        assert [m.field for m in diff(rows, found, "r")] == [where]


def test_recompute_reports_the_plain_checks_mismatches_too(cert, tmp_path, capsys):
    # the plain check runs behind the recomputation: an edit its sums and hash catch is
    # reported beside what the re-run finds, in one list
    edited = copy.deepcopy(cert)
    edited["counts"]["best_five"]["full_house"] += 10          # not re-hashed
    path = tmp_path / "edited.json"
    certificate.write(path, edited)
    assert main(["check", str(path), "--recompute", "--no-progress"]) == 1
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("MISMATCH")]
    assert [line.split(":")[0] for line in lines] == [
        "MISMATCH sha256", "MISMATCH result_sha256", "MISMATCH counts.best_five",  # the check's
        "MISMATCH counts.best_five.full_house"]                                    # the re-run's
    assert "recomputed" in lines[3] and "recomputed" not in "".join(lines[:3])


@pytest.mark.parametrize("text,fragment", [
    ('{"format": "paigow-verifier certificate", "format_version": 1, "tool": {', "truncated"),
    ("{not json}", "bad JSON"),
    ("[1, 2]", "not a certificate"),
    ('{"format": "paigow-verifier certificate", "format_version": 99}', "version 99"),
    ("", "truncated"),
])
@pytest.mark.parametrize("command", ["check", "compare", "report"])
def test_unreadable_certificate_is_one_line(text, fragment, command, tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(text)
    rc = main([command, str(path)])
    out = capsys.readouterr()
    assert rc == 2
    lines = out.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("paigow-verify: error: ")
    assert fragment in lines[0] and "Traceback" not in out.err


def test_truncated_real_certificate(cert_file, capsys):
    text = cert_file.read_text()
    cert_file.write_text(text[: len(text) // 2])
    assert main(["check", str(cert_file)]) == 2
    assert "truncated" in capsys.readouterr().err


def test_missing_certificate(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not found" in err


def test_atomic_write_leaves_no_half_file(cert, tmp_path, monkeypatch):
    path = tmp_path / "cert.json"
    path.write_text("old")

    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        certificate.write(path, cert)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cert.json"]
    assert path.read_text() == "old"


def test_the_rows_written_ahead_are_the_rows_written(cert, tmp_path):
    # run makes the key histogram's text while the pairwise count runs (pretty_rows) and
    # hands it to write; the file is the one written without it, and the text stands
    # for those very rows only (another certificate's rows are written as they are)
    from verifier.certificate.format import pretty_rows, rows_json
    plain = certificate.dumps(cert)
    ahead = pretty_rows(rows_json(cert))
    assert ahead.pretty is not None and certificate.dumps(cert, ahead) == plain
    path = tmp_path / "cert.json"
    certificate.write(path, cert, ahead)
    assert path.read_text() == plain
    other = copy.deepcopy(cert)
    other["counts"]["key_histogram"]["rows"][0][2] += 1
    back = json.loads(certificate.dumps(other, ahead))["counts"]["key_histogram"]["rows"]
    assert back == other["counts"]["key_histogram"]["rows"] != cert["counts"]["key_histogram"]["rows"]


def test_run_interrupted_leaves_nothing(tmp_path, monkeypatch, capsys):
    import verifier.engine as enumeration          # the engine's door: the jobs

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(enumeration, "enumerate_hands", interrupted)
    out = tmp_path / "cert.json"
    assert main(["run", "--deck-ranks", RANKS, "--no-progress", "--out", str(out)]) == 130
    assert list(tmp_path.iterdir()) == []


def test_run_out_in_missing_directory_fails_before_enumerating(tmp_path, monkeypatch, capsys):
    import verifier.engine as enumeration          # the engine's door: the jobs
    monkeypatch.setattr(enumeration, "enumerate_hands",
                        lambda *a, **k: pytest.fail("enumerated before checking --out"))
    rc = main(["run", "--deck-ranks", RANKS, "--out", str(tmp_path / "no" / "c.json")])
    assert rc == 2 and "does not exist" in capsys.readouterr().err


def test_a_new_section_is_checked_the_same_way(cert, monkeypatch):
    # a section with no checker fails
    extra = copy.deepcopy(cert)
    extra["sections"]["pairwise"] = {"results": {"x": 1}}
    rehash(extra)
    assert [m.field for m in certificate.check(extra)] == ["sections.pairwise"]

    # once registered, it is re-derived from the counts and compared field by field
    def derive(c):
        return {"hands": c["total_hands"], "half": str(Fraction(c["total_hands"], 2))}

    monkeypatch.setitem(certificate.SECTIONS, "pairwise", certificate.Section(derive))
    good = copy.deepcopy(cert)
    good["sections"]["pairwise"] = {"results": derive(good)}
    rehash(good)
    assert certificate.check(good) == []
    bad = copy.deepcopy(good)
    bad["sections"]["pairwise"]["results"]["half"] = "1"
    rehash(bad)
    assert [m.field for m in certificate.check(bad)] == ["sections.pairwise.results.half"]
