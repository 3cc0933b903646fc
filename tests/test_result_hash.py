"""Reproducible certificates (issue 12, item 3): ``result_sha256`` is the SHA-256 of the
RFC 8785 canonical JSON of the results and readings, without run metadata. Two runs of the
same rules give the same one, whatever the thread count or engine; ``check`` verifies it.

The hash is recomputed here from the format's definition with ``hashlib`` and the
``rfc8785`` package, not with the tool's own function."""
import copy
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import rfc8785

import verifier
from verifier import certificate
from verifier.cli import main

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "proofs" / "certificates").glob("*.json"))
RANKS = "QKA"  # 13 cards, 1,716 hands: about a second with the pure-Python engine
#: what the format keeps of ``tool`` under result_sha256: name and version, nothing of the run
TOOL_RESULT_FIELDS = ("name", "version")


def independent_result_hash(cert):
    body = {k: v for k, v in cert.items() if k not in ("sha256", "result_sha256", "signature")}
    body["tool"] = {k: cert["tool"][k] for k in TOOL_RESULT_FIELDS}
    return hashlib.sha256(rfc8785.dumps(body)).hexdigest()


def run(tmp_path, name, *args, pure=False):
    """``paigow-verify run`` in a fresh interpreter (the engine is chosen at import)."""
    env = {k: v for k, v in os.environ.items() if k != "PAIGOW_PUREPYTHON"}
    if pure:
        env["PAIGOW_PUREPYTHON"] = "1"
    env["PYTHONPATH"] = str(Path(verifier.__file__).resolve().parent.parent)
    out = tmp_path / f"{name}.json"
    proc = subprocess.run([sys.executable, "-m", "verifier.cli", "run", "--deck-ranks", RANKS,
                           "--no-progress", "--out", str(out), *args],
                          env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    cert = json.loads(out.read_text())
    assert f"result_sha256 {cert['result_sha256']}" in proc.stdout
    return cert


@pytest.mark.parametrize("rules", [[], ["--rules", "emperors-challenge"]],
                         ids=["default", "emperors-challenge"])
def test_threads_and_engines_give_the_same_result_hash(tmp_path, rules):
    runs = {"compiled, 1 thread": run(tmp_path, "c1", "--threads", "1", *rules),
            "compiled, 2 threads": run(tmp_path, "c2", "--threads", "2", *rules),
            "pure Python": run(tmp_path, "py", "--threads", "1", *rules, pure=True)}
    # the runs did differ: engine and thread count are recorded, outside the result hash
    assert len({(c["tool"]["engine"], c["tool"]["threads"]) for c in runs.values()}) == 3
    assert len({c["sha256"] for c in runs.values()}) == 3
    hashes = {name: c["result_sha256"] for name, c in runs.items()}
    assert len(set(hashes.values())) == 1, hashes
    for cert in runs.values():
        assert cert["result_sha256"] == independent_result_hash(cert)
        assert certificate.check(cert) == []


@pytest.fixture(scope="module")
def cert():
    from verifier import rulesets
    from verifier.cards import deck_of_ranks
    from verifier.enumeration import enumerate_hands
    result = enumerate_hands(deck=deck_of_ranks(RANKS))
    return rulesets.certificate_for(result, rulesets.load(rulesets.DEFAULT_RULESET))


def test_two_runs_in_one_process_give_the_same_result_hash(cert):
    from verifier import rulesets
    from verifier.cards import deck_of_ranks
    from verifier.enumeration import enumerate_hands
    again = rulesets.certificate_for(enumerate_hands(deck=deck_of_ranks(RANKS)),
                                     rulesets.load(rulesets.DEFAULT_RULESET))
    assert again["result_sha256"] == cert["result_sha256"] == independent_result_hash(cert)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_result_hash_is_rfc8785_over_the_results(path):
    cert = json.loads(path.read_text())
    assert cert["result_sha256"] == independent_result_hash(cert)
    # and sha256 still covers the whole content (result_sha256 and run metadata included)
    body = {k: v for k, v in cert.items() if k not in ("sha256", "signature")}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    assert cert["sha256"] == hashlib.sha256(canonical).hexdigest()


def test_run_metadata_is_outside_the_result_hash(cert):
    edited = copy.deepcopy(cert)
    edited["tool"].update(engine="python", threads=64, seconds=12345.6,
                          created="2000-01-01T00:00:00Z", host="another machine")
    edited["sha256"] = certificate.content_hash(edited)
    assert certificate.check(edited) == []
    assert independent_result_hash(edited) == cert["result_sha256"]
    assert certificate.same_result(edited, cert)


def test_tool_version_is_inside_the_result_hash(cert):
    edited = copy.deepcopy(cert)
    edited["tool"]["version"] = "9.9.9"
    edited["sha256"] = certificate.content_hash(edited)
    assert [m.field for m in certificate.check(edited)] == ["result_sha256"]


@pytest.mark.parametrize("edit", ["count", "reading", "pay table", "result"])
def test_an_edit_rehashed_in_sha256_only_fails_on_result_sha256(edit, cert, tmp_path, capsys):
    edited = copy.deepcopy(cert)
    best = edited["counts"]["best_five"]
    if edit == "count":          # moved between two classes: every sum still holds
        best["full_house"] -= 1
        best["four_of_a_kind"] += 1
    elif edit == "reading":
        edited["rules"]["wheel"]["text"] += " "
    elif edit == "pay table":
        edited["paytables"]["outlaw9"]["name"] += " (edited)"
    else:
        edited["sections"]["outlaw9"]["results"]["return"]["decimal"] += 1e-9
    edited["sha256"] = certificate.content_hash(edited)
    fields = [m.field for m in certificate.check(edited)]
    assert "result_sha256" in fields and "sha256" not in fields
    path = tmp_path / "edited.json"
    certificate.write(path, edited)
    assert main(["check", str(path)]) == 1
    assert "MISMATCH result_sha256: does not match the results" in capsys.readouterr().out


def test_a_certificate_without_result_sha256_fails_check(cert, tmp_path, capsys):
    edited = copy.deepcopy(cert)
    del edited["result_sha256"]
    edited["sha256"] = certificate.content_hash(edited)
    assert [m.field for m in certificate.check(edited)] == ["result_sha256"]
    path = tmp_path / "old.json"
    certificate.write(path, edited)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr()
    assert "MISMATCH result_sha256: missing" in out.out and "Traceback" not in out.err


def test_an_integer_beyond_2_53_is_a_mismatch_not_a_traceback(cert, tmp_path, capsys):
    edited = copy.deepcopy(cert)
    edited["counts"]["best_five"]["high_card"] = 2 ** 60      # RFC 8785 cannot write it
    edited["sha256"] = certificate.content_hash(edited)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(edited))
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr()
    assert "MISMATCH result_sha256: the results have no RFC 8785 canonical form" in out.out
    assert "Traceback" not in out.err
    # a command that reads figures refuses it in one line
    assert main(["compare", str(path)]) == 2
    out = capsys.readouterr()
    (line,) = out.err.splitlines()
    assert line.startswith("paigow-verify: error: ") and "fails its check" in line
    assert out.out == ""


@pytest.mark.parametrize("bad", ["nan", "inf"])
def test_a_float_without_a_canonical_form(bad, cert, tmp_path, capsys):
    edited = copy.deepcopy(cert)
    edited["sections"]["outlaw9"]["results"]["return"]["decimal"] = float(bad)
    edited["sha256"] = certificate.content_hash(edited)
    # given to check() directly: a mismatch, not an exception
    problems = {m.field: m.message for m in certificate.check(edited)}
    assert "no RFC 8785 canonical form" in problems["result_sha256"]
    # in a file (json writes NaN and Infinity): the reader refuses it in one line
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(edited))
    assert main(["check", str(path)]) == 2
    out = capsys.readouterr()
    (line,) = out.err.splitlines()
    assert line.startswith("paigow-verify: error: ") and out.out == ""

