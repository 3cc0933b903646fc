"""Reproducible certificates (issue 12, item 3): ``result_sha256`` is the SHA-256 of the
RFC 8785 canonical JSON of the results and readings, without run metadata. Two runs of the
same rules give the same one, whatever the thread count or engine; ``check`` verifies it.

The hash is recomputed here from the format's definition (docs/CERTIFICATE.md) with
``hashlib`` and the ``rfc8785`` package, not with the tool's own function. The stand-alone
script of docs/CERTIFICATE.md runs on the standard library alone (``python -I -S``), checks
a fresh certificate, and catches edits; its RFC 8785 writer agrees with ``rfc8785``."""
import copy
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import rfc8785
from hypothesis import HealthCheck, given, settings, strategies as st

from verifier import certificate
from verifier.cli import main
from conftest import HANG
from conftest import PACKAGE_PATH

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
    """``paigow-verify run`` in a fresh interpreter (the engine is chosen at import), run
    outside the source tree so that the package under test is the one imported here."""
    env = {k: v for k, v in os.environ.items() if k != "PAIGOW_PUREPYTHON"}
    if pure:
        env["PAIGOW_PUREPYTHON"] = "1"
    env["PYTHONPATH"] = PACKAGE_PATH
    out = tmp_path / f"{name}.json"
    proc = subprocess.run([sys.executable, "-m", "verifier.cli", "run", "--deck-ranks", RANKS,
                           "--no-progress", "--out", str(out), *args],
                          env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    cert = json.loads(out.read_text())
    assert f"result_sha256 {cert['result_sha256']}" in proc.stdout
    return cert


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_par_sheet_quotes_the_result_hash(tmp_path, capsys):
    path = ROOT / "proofs" / "certificates" / "outlaw9-mikes.json"
    assert main(["report", str(path)]) == 0
    shipped = json.loads(path.read_text())
    assert f"| Result SHA-256 | `{shipped['result_sha256']}`" in capsys.readouterr().out


@pytest.fixture(scope="module")
def cert():
    from verifier.rules import rulesets
    from verifier.game.cards import deck_of_ranks
    from verifier.engine.enumeration import enumerate_hands
    result = enumerate_hands(deck=deck_of_ranks(RANKS))
    return certificate.certificate_for(result, rulesets.load(rulesets.DEFAULT_RULESET))


def test_two_runs_in_one_process_give_the_same_result_hash(cert):
    from verifier.rules import rulesets
    from verifier.game.cards import deck_of_ranks
    from verifier.engine.enumeration import enumerate_hands
    again = certificate.certificate_for(enumerate_hands(deck=deck_of_ranks(RANKS)),
                                     rulesets.load(rulesets.DEFAULT_RULESET))
    assert again["result_sha256"] == cert["result_sha256"] == independent_result_hash(cert)


def test_sealing_hashes_the_bytes_the_format_defines(cert):
    # seal writes the key histogram's rows once for both hashes; the hashes must be
    # those of the whole body written by rfc8785 and by json.dumps
    sealed = certificate.seal(copy.deepcopy(cert))
    assert sealed["result_sha256"] == independent_result_hash(cert)
    body = {k: v for k, v in sealed.items() if k not in ("sha256", "signature")}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    assert sealed["sha256"] == hashlib.sha256(canonical).hexdigest()
    # a string in the data like the one that stands for the rows while they are apart
    edited = copy.deepcopy(cert)
    edited["counts"]["best_five"]["\x01key_histogram.rows"] = 1
    assert certificate.seal(edited)["result_sha256"] == independent_result_hash(edited)
    # rows the fast path does not take (a count beyond 2**53 - 1) are hashed as they are
    edited = copy.deepcopy(cert)
    edited["counts"]["key_histogram"]["rows"][0][2] = 2 ** 60
    with pytest.raises(certificate.CertificateError):
        certificate.seal(edited)


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


# ------------------------------------------------------------------ the doc's outside script
def doc_script():
    """The stand-alone script of docs/CERTIFICATE.md (the python block defining canonical)."""
    text = (ROOT / "docs" / "CERTIFICATE.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)
    (script,) = [b for b in blocks if "def canonical" in b]
    return script


def run_doc_script(tmp_path, cert):
    script = tmp_path / "check_certificate.py"
    script.write_text(doc_script())
    path = tmp_path / "cert.json"
    certificate.write(path, cert)
    # -I -S: no site-packages, no PYTHONPATH: the standard library only
    return subprocess.run([sys.executable, "-I", "-S", str(script), str(path)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=HANG)


def test_the_doc_shows_the_result_hash_of_the_shipped_default_certificate():
    text = (ROOT / "docs" / "CERTIFICATE.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"result_sha256 ([0-9a-f]{64})", text))
    shipped = json.loads((ROOT / "proofs" / "certificates" / "outlaw9-mikes.json").read_text())
    # `run` prints the hash of the certificate without the strategy section, which
    # `strategy --out` adds; the doc gives both
    run_part = dict(shipped, sections={k: v for k, v in shipped["sections"].items()
                                       if k != "strategy"})
    assert shown == {certificate.result_hash(run_part)}
    assert f"`{shipped['result_sha256']}`" in text


def test_the_doc_script_uses_the_standard_library_only():
    imports = re.findall(r"^(?:import|from) (\w+)", doc_script(), re.M)
    assert set(imports) <= {"hashlib", "json", "sys", "fractions"}, imports


def test_the_doc_script_checks_a_fresh_certificate(tmp_path, cert):
    out = run_doc_script(tmp_path, cert)
    assert out.returncode == 0, out.stderr
    ret = cert["sections"]["outlaw9"]["results"]["return"]["exact"]
    assert f"both hashes match; Outlaw 9 return {ret} = " in out.stdout


def test_the_doc_script_catches_an_edit_rehashed_in_sha256_only(tmp_path, cert):
    edited = copy.deepcopy(cert)
    sets = edited["counts"]["outlaw9_sets"]["seven-card"]
    sets[0]["hands"] -= 1
    sets[1]["hands"] += 1
    edited["sha256"] = certificate.content_hash(edited)
    out = run_doc_script(tmp_path, edited)
    assert out.returncode == 1 and "result_sha256 does not match" in out.stderr


def test_the_doc_script_recomputes_the_return_from_the_counts(tmp_path, cert):
    # the pay of the first line of the table that pays some hand, changed and both hashes
    # re-made: only re-deriving the return from the counts shows the stored one is stale
    edited = copy.deepcopy(cert)
    results = edited["sections"]["outlaw9"]["results"]
    (i, line) = next((i, l) for i, l in enumerate(results["lines"]) if l["hands"])
    edited["paytables"]["outlaw9"]["lines"][i]["pay"] = str(int(line["pay"]) + 1)
    certificate.seal(edited)
    out = run_doc_script(tmp_path, edited)
    assert out.returncode == 1
    assert "AssertionError: the counts give an Outlaw 9 return of" in out.stderr


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2 ** 53) + 1, 2 ** 53 - 1)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20)


@pytest.fixture(scope="module")
def doc_canonical():
    script = doc_script()
    definitions = script[script.index("def es6_number"):script.index("def sha256")]
    namespace = {}
    exec("import json\n" + definitions, namespace)
    return namespace["canonical"]


@pytest.mark.slow
@settings(max_examples=500, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=JSON)
def test_the_doc_scripts_canonical_form_is_rfc8785(doc_canonical, value):
    try:
        expected = rfc8785.dumps(value)
    except rfc8785.CanonicalizationError:        # e.g. a lone surrogate: not UTF-8
        return
    assert doc_canonical(value).encode("utf-8") == expected


@pytest.mark.parametrize("x", [0.0, -0.0, 1.0, -1.5, 0.5, 1e-6, 1e-7, 2.075993291427679e-07,
                               1e20, 1e21, 1e22, 1.5e20, 5e-324, 1.7976931348623157e308,
                               0.1, 100.0, 1e16, 123456.789])
def test_the_doc_scripts_numbers_are_ecmascripts(doc_canonical, x):
    assert doc_canonical(x).encode() == rfc8785.dumps(x)


# ---- verifier.certificate.canonical: the fast writer is rfc8785's bytes (issue 13, speed) ----

@pytest.mark.slow
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_the_fast_canonical_writer_is_rfc8785_on_the_shipped_certificates(path):
    from verifier.certificate import canonical
    cert = json.loads(path.read_text())
    body = certificate.result_content(cert)
    before = copy.deepcopy(body)
    fast = canonical.dumps(body)
    assert fast == rfc8785.dumps(body)
    assert body == before                          # the placeholders are taken out again
    assert hashlib.sha256(fast).hexdigest() == cert["result_sha256"]
    assert certificate.result_hash(cert) == cert["result_sha256"]


def assert_fast_canonical_is_rfc8785(value):
    from verifier.certificate import canonical
    try:
        expected = rfc8785.dumps(value)
    except rfc8785.CanonicalizationError:
        with pytest.raises(rfc8785.CanonicalizationError):
            canonical.dumps(value)
        return
    assert canonical.dumps(value) == expected


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(value=JSON)
def test_the_fast_canonical_writer_is_rfc8785(value):
    assert_fast_canonical_is_rfc8785(value)


@pytest.mark.parametrize("value", [
    {"a": [1e-05, 1.0, 0.25, 1e16, 1e21, -0.0, 5e-324]},
    {"\ue000": 1, "\U0001f600": 2, "b": 3},           # UTF-16 order is not code-point order
    {"x": "\x00" + "0", "y": 1e-7},                    # the placeholder's own text
    [[1, 2, 3], [4, 2 ** 53 - 1], [-(2 ** 53) + 1]],
    [[1, 2], [3, 2 ** 53]],                              # beyond 2**53 - 1: refused
    {"rows": [[1, 2.0], [True, None]], "t": ("a",)},
    {"s": "\ud800"}, [1.5, float("nan")], {1: 2}, 0.5, "tab\tand \x1f \\ \" é",
])
def test_the_fast_canonical_writer_on_the_edge_cases(value):
    assert_fast_canonical_is_rfc8785(value)


@pytest.mark.parametrize("name", ["outlaw9-mikes", "emperors-challenge"])
def test_the_certificate_built_while_the_pairwise_count_runs_is_the_one_built_after(name):
    # run builds the sections that do not read the base game's counts while the count
    # runs (verifier.support.interrupts.alongside); the same certificate as all at once
    from verifier.certificate.build import rule_set_certificate
    from verifier.rules import rulesets
    from verifier.game.cards import deck_of_ranks
    rs = rulesets.load(name)
    made = rule_set_certificate(rs, deck=deck_of_ranks("JQKA")[:15], base_game=True)
    result, cert, base = made.result, made.cert, made.base_game
    assert base is not None and "base_game" in cert["sections"]
    after = certificate.certificate_for(result, rs, base_game=base)
    assert list(cert["sections"]) == list(after["sections"])
    assert certificate.same_result(cert, after)
    assert cert["result_sha256"] == after["result_sha256"] == independent_result_hash(cert)
    assert certificate.check(cert) == []
