"""The certificates shipped in proofs/certificates/: each passes `check`, and the full
enumeration re-creates each exactly (all but its run metadata: the same result_sha256).

A certificate is named after its rule set: proofs/certificates/<rule set>.json, and
<rule set>+<house way>.json for another house way the rule set offers.
"""
import json
from pathlib import Path

import pytest

from verifier.certificate import load, result_content, result_hash, same_result
from verifier.cli import main

CERT_DIR = Path(__file__).resolve().parent.parent / "proofs" / "certificates"
SHIPPED = sorted(CERT_DIR.glob("*.json"))
DEFAULT_RULE_SET = "outlaw9-mikes"


def run_args(stem):
    """The `run` options of a shipped certificate's file name: <rule set>.json, or
    <rule set>+<house way>.json for another house way the rule set offers."""
    rule_set, _, house_way = stem.partition("+")
    return (([] if rule_set == DEFAULT_RULE_SET else ["--rules", rule_set])
            + (["--house-way", house_way] if house_way else []))


def test_the_default_rule_set_has_a_shipped_certificate():
    assert CERT_DIR / f"{DEFAULT_RULE_SET}.json" in SHIPPED


@pytest.mark.slow
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_certificate_passes_check(path, capsys):
    assert main(["check", str(path)]) == 0
    assert "OK" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_a_shipped_certificate_edited_in_one_count_fails_check(path, tmp_path, capsys):
    cert = json.loads(path.read_text())
    cert["total_hands"] += 1
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(cert))
    assert main(["check", str(edited)]) == 1


def test_the_pinned_digests_are_the_shipped_files():
    """proofs/certificates/SHA256SUMS, the digest each shipped file is read by without a
    second check, is ``sha256sum`` of the files as they are (the files themselves pass the
    full check above): a certificate made again needs its line made again too."""
    import hashlib
    from verifier.certificate.shipped import pinned_digests
    assert pinned_digests(CERT_DIR) == {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                                        for p in SHIPPED}


@pytest.mark.slow   # over 2.5 s of CPU: run once, with the full checks (README, Tests)
def test_a_shipped_file_changed_by_a_byte_is_checked_in_full(tmp_path, monkeypatch):
    """A copy of the shipped files with one count edited (SHA256SUMS as shipped): the
    reader of figures finds the digest off and checks the file, which fails in one line;
    the same file unedited is read by its digest."""
    import shutil
    from verifier.certificate import model, shipped
    from verifier.certificate.format import CertificateError
    name = f"{DEFAULT_RULE_SET}.json"
    shutil.copy(CERT_DIR / shipped.SUMS, tmp_path / shipped.SUMS)
    shutil.copy(CERT_DIR / name, tmp_path / name)
    monkeypatch.setattr(shipped, "DIRECTORY", tmp_path)
    checked = []
    monkeypatch.setattr(model, "_verify", lambda *a: checked.append(a))
    model.read(tmp_path / name)
    assert checked == []                                  # pinned: not derived again
    monkeypatch.undo()
    monkeypatch.setattr(shipped, "DIRECTORY", tmp_path)
    cert = json.loads((tmp_path / name).read_text())
    cert["total_hands"] += 1
    (tmp_path / name).write_text(json.dumps(cert, indent=1))
    with pytest.raises(CertificateError) as err:
        model.read(tmp_path / name)
    assert "\n" not in str(err.value)


@pytest.mark.full
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_the_full_enumeration_recreates_the_shipped_certificate(path, tmp_path):
    out = tmp_path / path.name
    assert main(["run", "--no-progress", "--out", str(out)] + run_args(path.stem)) == 0
    shipped, fresh = without_strategy(load(path)), load(out)
    if not same_result(shipped, fresh):
        a, b = result_content(shipped), result_content(fresh)
        differing = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        pytest.fail(f"re-created certificate differs in: {', '.join(differing)}")
    assert fresh["result_sha256"] == result_hash(shipped)   # the reproducible hash


def without_strategy(cert):
    """The certificate as `run` writes it: without the optimal-strategy section, which
    `strategy --out` adds (its chunks recomputed by a test below)."""
    return dict(cert, sections={k: v for k, v in cert["sections"].items() if k != "strategy"})


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_certificate_has_the_optimal_strategy(path):
    """Issue 15: each rule set's certificate carries the exact optimal-strategy figures
    for its house way, and its house-way column is the certificate's own base game."""
    cert = load(path)
    section = cert["sections"]["strategy"]
    counts = cert["sections"]["base_game"]["counts"]
    raw = section["raw"]
    assert int(raw["player_hands"]) == 154143080 and int(raw["banker_hands"]) == 53524680
    assert int(raw["house_way"]["win"]) == counts["win"]
    assert int(raw["house_way"]["loss"]) == counts["loss"]
    assert int(raw["player_classes"]) == 6972147        # suit classes (docs/STRATEGY.md)
    results = section["results"]
    assert results["optimal"]["house_edge"]["decimal"] < results["house_way"]["house_edge"]["decimal"]


#: the sample of the strategy job's chunks run again for each shipped certificate (the
#: default rule set's through `check --recompute --chunks 12`, below)
SAMPLE = 12


@pytest.mark.full
@pytest.mark.parametrize("path", [p for p in SHIPPED if p.stem != DEFAULT_RULE_SET],
                         ids=lambda p: p.stem)
def test_a_seeded_sample_of_the_strategy_jobs_chunks_recomputes(path):
    """The optimal-strategy section, held to the job: 12 of its 220 chunks, drawn with
    the seed of the certificate's result hash, run again, each giving the SHA-256 and the
    sums the certificate keeps (`check` adds every chunk's sums up to the section's totals,
    in the default run). The whole job, about a minute a rule set on two cores, is
    `check --recompute --chunks all` (docs/STRATEGY.md). The default rule set's 12, the
    same draw, are run by `check --recompute --chunks 12` in
    test_check_recompute_says_what_it_recomputed (its default 8 were the first 8 of them,
    run twice)."""
    from verifier.certificate.check import recompute_chunks
    cert = load(path)
    section = cert["sections"]["strategy"]
    assert len(section["chunks"]["list"]) == 220
    problems, done = recompute_chunks(cert, section, SAMPLE, None, None, None)
    assert problems == [] and done[0].startswith(f"{SAMPLE} of the strategy job's 220 chunks")


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
    # as `run` writes it: the strategy section's house-way column is the base game's too
    forged.write_text(json.dumps(_forge_base_game(without_strategy(json.loads(path.read_text())),
                                                  10 ** 12)))
    assert main(["check", str(forged)]) == 0            # every figure re-derives from the counts
    capsys.readouterr()
    assert main(["check", "--recompute", "--no-progress", str(forged)]) == 1
    out = capsys.readouterr().out
    assert "sections.base_game.counts.win" in out and "sections.base_game.counts.loss" in out


@pytest.mark.full
def test_check_recompute_says_what_it_recomputed(capsys):
    """The default rule set's certificate recomputed: the enumeration, the pairwise count
    and the seeded sample of the strategy job's chunks that the other certificates' test
    above runs (SAMPLE; by default 8, the first 8 of the same draw)."""
    path = CERT_DIR / f"{DEFAULT_RULE_SET}.json"
    assert main(["check", "--recompute", "--chunks", str(SAMPLE), "--no-progress",
                 str(path)]) == 0
    out = capsys.readouterr().out
    assert "recomputed the enumeration of all 154,143,080 hands" in out
    # C(53,7) * C(46,7) ordered pairs of disjoint hands
    assert "recomputed the player-against-banker count over all 8,250,459,031,214,400" in out
    assert f"recomputed {SAMPLE} of the strategy job's 220 chunks" in out
    # the default draw (8 chunks) is within this one: the same seed, the first 8 draws
    from verifier.cli.app import build_parser
    from verifier.strategy.chunks import chunk_sample
    assert build_parser("check").parse_args(["check", "--recompute", str(path)]).chunks == 8
    cert = load(path)
    chunks = cert["sections"]["strategy"]["chunks"]["list"]
    seed = int(cert["result_sha256"][:16], 16)           # check.recompute_chunks's seed
    default = chunk_sample(chunks, 8, seed)
    assert len(default) == 8 and all(c in chunk_sample(chunks, SAMPLE, seed) for c in default)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_the_writer_gives_the_shipped_files_byte_for_byte(path):
    """certificate.dumps (its one-pass path for the key histogram's rows included) writes
    each shipped certificate exactly as the file holds it."""
    from verifier import certificate
    text = path.read_text()
    assert certificate.dumps(json.loads(text)) == text
