"""Signed certificates (issue 14): Ed25519 over the content hash; check --public-key fails
on any change, a re-hashed forgery included, and on another lab's key."""
import json
from pathlib import Path

import pytest

from verifier import certificate
from verifier.cli import main

MIKES = Path(__file__).resolve().parent.parent / "proofs" / "certificates" / "outlaw9-mikes.json"


@pytest.fixture()
def lab(tmp_path, capsys):
    assert main(["keygen", str(tmp_path / "lab.pem"), str(tmp_path / "lab.pub.pem")]) == 0
    assert main(["sign", str(MIKES), "--key", str(tmp_path / "lab.pem"),
                 "--out", str(tmp_path / "signed.json")]) == 0
    capsys.readouterr()
    return tmp_path


def check(path, key, capsys):
    rc = main(["check", str(path), "--public-key", str(key)])
    return rc, capsys.readouterr().out


@pytest.mark.slow
def test_a_signed_certificate_checks_with_the_labs_public_key(lab, capsys):
    rc, out = check(lab / "signed.json", lab / "lab.pub.pem", capsys)
    assert rc == 0 and "signed by the key of" in out
    signed = json.loads((lab / "signed.json").read_text())
    assert signed["sha256"] == json.loads(MIKES.read_text())["sha256"]   # hash unchanged
    assert (lab / "lab.pem").stat().st_mode & 0o777 == 0o600


@pytest.mark.slow
def test_a_rehashed_forgery_fails_check_public_key(lab, capsys):
    cert = json.loads((lab / "signed.json").read_text())
    del cert["sections"]["strategy"]        # (its house-way column is the base game's)
    counts = cert["sections"]["base_game"]["counts"]
    counts["win"] -= 10 ** 12
    counts["loss"] += 10 ** 12
    for name in cert["sections"]:
        cert["sections"][name]["results"] = certificate._normalise(
            certificate.SECTIONS[name].derive(cert))
    certificate.seal(cert)
    forged = lab / "forged.json"
    forged.write_text(json.dumps(cert))
    assert main(["check", str(forged)]) == 0            # consistent: the hashes alone pass
    capsys.readouterr()
    rc, out = check(forged, lab / "lab.pub.pem", capsys)
    assert rc == 1 and "signature: does not match the content" in out


@pytest.mark.slow
def test_another_labs_key_and_an_unsigned_certificate_fail(lab, tmp_path, capsys):
    assert main(["keygen", str(tmp_path / "other.pem"), str(tmp_path / "other.pub.pem")]) == 0
    capsys.readouterr()
    rc, out = check(lab / "signed.json", tmp_path / "other.pub.pem", capsys)
    assert rc == 1 and "signature: made with key" in out
    rc, out = check(MIKES, lab / "lab.pub.pem", capsys)
    assert rc == 1 and "signature: missing" in out


@pytest.mark.slow
def test_keygen_never_overwrites_and_bad_keys_are_one_line(lab, capsys):
    assert main(["keygen", str(lab / "lab.pem"), str(lab / "new.pub.pem")]) == 2
    assert "never overwrites" in capsys.readouterr().err
    (lab / "junk.pem").write_text("not a key\n")
    assert main(["sign", str(MIKES), "--key", str(lab / "junk.pem"),
                 "--out", str(lab / "x.json")]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "not an unencrypted Ed25519 private key" in err


@pytest.mark.slow
@pytest.mark.compiled
def test_run_sign_writes_a_signed_certificate(lab, capsys):
    out = lab / "small.json"
    assert main(["run", "--deck-ranks", "AKQJ", "--no-progress", "--sign", str(lab / "lab.pem"),
                 "--out", str(out)]) == 0
    capsys.readouterr()
    assert check(out, lab / "lab.pub.pem", capsys)[0] == 0
