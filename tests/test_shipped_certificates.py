"""The certificates shipped in proofs/certificates/: each passes `check`, and the full
enumeration re-creates the default one exactly (all but its run metadata).

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
