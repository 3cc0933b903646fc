"""The certificates shipped in proofs/certificates/: each passes `check`, and the full
enumeration re-creates each exactly (all but its run metadata: the same result_sha256).

A certificate is named after its rule set: proofs/certificates/<rule set>.json.
"""
import json
from pathlib import Path

import pytest

from verifier.certificate import load, same_result, result_content
from verifier.cli import main

CERT_DIR = Path(__file__).resolve().parent.parent / "proofs" / "certificates"
SHIPPED = sorted(CERT_DIR.glob("*.json"))
DEFAULT_RULE_SET = "outlaw9-mikes"


def run_args(rule_set):
    return [] if rule_set == DEFAULT_RULE_SET else ["--rules", rule_set]


def test_the_default_rule_set_has_a_shipped_certificate():
    assert CERT_DIR / f"{DEFAULT_RULE_SET}.json" in SHIPPED


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_certificate_passes_check(path, capsys):
    assert main(["check", str(path)]) == 0
    assert "OK" in capsys.readouterr().out


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_a_shipped_certificate_edited_in_one_count_fails_check(path, tmp_path, capsys):
    cert = json.loads(path.read_text())
    cert["total_hands"] += 1
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(cert))
    assert main(["check", str(edited)]) == 1


@pytest.mark.full
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_the_full_enumeration_recreates_the_shipped_certificate(path, tmp_path):
    out = tmp_path / path.name
    assert main(["run", "--no-progress", "--out", str(out)] + run_args(path.stem)) == 0
    shipped, fresh = load(path), load(out)
    if not same_result(shipped, fresh):
        a, b = result_content(shipped), result_content(fresh)
        differing = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        pytest.fail(f"re-created certificate differs in: {', '.join(differing)}")
    assert fresh["result_sha256"] == shipped["result_sha256"]   # the reproducible hash


def _forge_base_game(cert, pairs):
    """Moves ``pairs`` ordered pairs from the player's wins to losses, then re-derives every
    section with the tool's own code and re-hashes, as docs/CERTIFICATE.md describes: a
    consistent forgery that only recomputing the pairwise count can catch."""
    from verifier import certificate
    counts = cert["sections"]["base_game"]["counts"]
    counts["win"] -= pairs
    counts["loss"] += pairs
    for name, section in cert["sections"].items():
        section["results"] = certificate._normalise(certificate.SECTIONS[name].derive(cert))
    certificate.seal(cert)
    return cert


@pytest.mark.full
def test_check_recompute_catches_a_consistent_forgery_of_the_base_game(tmp_path, capsys):
    path = CERT_DIR / f"{DEFAULT_RULE_SET}.json"
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(_forge_base_game(json.loads(path.read_text()), 10 ** 12)))
    assert main(["check", str(forged)]) == 0            # every figure re-derives from the counts
    capsys.readouterr()
    assert main(["check", "--recompute", "--no-progress", str(forged)]) == 1
    out = capsys.readouterr().out
    assert "sections.base_game.counts.win" in out and "sections.base_game.counts.loss" in out


@pytest.mark.full
def test_check_recompute_says_what_it_recomputed(capsys):
    path = CERT_DIR / f"{DEFAULT_RULE_SET}.json"
    assert main(["check", "--recompute", "--no-progress", str(path)]) == 0
    out = capsys.readouterr().out
    assert "recomputed the enumeration of all 154,143,080 hands" in out
    # C(53,7) * C(46,7) ordered pairs of disjoint hands
    assert "recomputed the player-against-banker count over all 8,250,459,031,214,400" in out


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_the_writer_gives_the_shipped_files_byte_for_byte(path):
    """certificate.dumps (its one-pass path for the key histogram's rows included) writes
    each shipped certificate exactly as the file holds it."""
    from verifier import certificate
    text = path.read_text()
    assert certificate.dumps(json.loads(text)) == text
