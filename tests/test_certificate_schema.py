"""The JSON Schema of the certificate format (verifier/data/certificate.schema.json): every
shipped certificate and a fresh one validate against it; one missing a required field,
with an unknown field, or with a malformed hash does not.

Two validators hold the schema: ``jsonschema`` (Python: the schema itself is checked
against the 2020-12 meta-schema, and the small certificates are validated) and
``jsonschema-rs`` (Rust, the same draft) for the shipped certificates, whose
100,000-row key histograms take ``jsonschema`` about 10 s each and ``jsonschema-rs``
20 ms. Both must reject the same malformed certificates (``test_a_malformed_*``)."""
import copy
import json
from importlib import resources
from pathlib import Path

import pytest

import jsonschema
import jsonschema_rs

from verifier import certificate
from verifier.game.categories import CATEGORY_NAMES
from verifier.game.ranking import CLASS_NAMES

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "proofs" / "certificates").glob("*.json"))
RANKS = "QKA"


@pytest.fixture(scope="module")
def validator():
    # read as package data: the schema ships inside the package
    text = resources.files("verifier").joinpath("data/certificate.schema.json").read_text()
    schema = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.fixture(scope="module", params=["outlaw9-mikes", "emperors-challenge"])
def fresh(request, tmp_path_factory):
    """A reduced-deck certificate as ``run`` writes it, signed (the optional field too)."""
    from verifier.cli import main
    folder = tmp_path_factory.mktemp("fresh")
    out = folder / "c.json"
    assert main(["keygen", str(folder / "k.pem"), str(folder / "k.pub.pem")]) == 0
    assert main(["run", "--rules", request.param, "--deck-ranks", RANKS, "--no-progress",
                 "--sign", str(folder / "k.pem"), "--out", str(out)]) == 0
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def fast_validator(validator):
    return jsonschema_rs.Draft202012Validator(validator.schema)


def errors(validator, cert):
    return [(".".join(str(p) for p in e.absolute_path), e.message)
            for e in validator.iter_errors(cert)]


def fast_errors(validator, cert):
    return [(".".join(str(p) for p in e.instance_path), e.message)
            for e in validator.iter_errors(cert)]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_certificate_validates(fast_validator, path):
    assert fast_errors(fast_validator, json.loads(path.read_text())) == []


def test_a_fresh_certificate_validates(validator, fresh):
    assert "signature" in fresh
    assert errors(validator, fresh) == []


@pytest.mark.parametrize("field", ["result_sha256", "sha256", "counts", "tool", "sections"])
def test_a_certificate_missing_a_required_field_fails(validator, fresh, field):
    cert = copy.deepcopy(fresh)
    del cert[field]
    assert (("", f"'{field}' is a required property") in errors(validator, cert))


@pytest.mark.parametrize("edit,where", [
    (lambda c: c.__setitem__("result_sha256", "ABC"), "result_sha256"),
    (lambda c: c.__setitem__("extra", 1), ""),
    (lambda c: c["tool"].pop("host"), "tool"),
    (lambda c: c["tool"].__setitem__("threads", 0), "tool.threads"),
    (lambda c: c["counts"]["best_five"].__setitem__("flush", -1), "counts.best_five.flush"),
    (lambda c: c["counts"]["best_five"].__setitem__("flush", 2 ** 53),
     "counts.best_five.flush"),
    (lambda c: c["counts"]["outlaw9_sets"]["seven-card"][0].__setitem__("categories", ["pair"]),
     "counts.outlaw9_sets.seven-card.0.categories.0"),
    (lambda c: c["paytables"]["outlaw9"]["lines"][0].__setitem__("pay", "-4"),
     "paytables.outlaw9.lines.0.pay"),
    (lambda c: c["sections"]["outlaw9"]["results"]["return"].__setitem__("exact", "0.5"),
     "sections.outlaw9.results.return.exact"),
    (lambda c: c["deck"]["cards"].__setitem__(0, "1x"), "deck.cards.0"),
    (lambda c: c["sections"].pop("rule_set"), "sections"),
], ids=["bad hash", "unknown field", "no host", "no threads", "negative count",
        "count beyond 2**53 - 1", "unknown category", "negative pay", "decimal exact",
        "bad card", "no rule_set section"])
def test_a_malformed_certificate_fails(validator, fast_validator, fresh, edit, where):
    cert = copy.deepcopy(fresh)
    edit(cert)
    assert where in [path for path, _ in errors(validator, cert)], errors(validator, cert)
    assert where in [path for path, _ in fast_errors(fast_validator, cert)]


def test_the_schema_names_what_the_tool_writes(validator):
    """The fixed lists in the schema are the tool's: classes, categories, hash fields."""
    props = validator.schema["properties"]
    assert props["counts"]["properties"]["best_five"]["required"] == list(CLASS_NAMES)
    sets = props["counts"]["properties"]["outlaw9_sets"]["properties"]["seven-card"]
    assert sets["items"]["properties"]["categories"]["items"]["enum"] == list(CATEGORY_NAMES)
    run_fields = set(props["tool"]["required"]) - {"name", "version"}
    assert run_fields == set(certificate.RUN_FIELDS)
    assert set(props) == set(certificate.REQUIRED) | {"format", "format_version",
                                                      certificate.SIGNATURE_FIELD}


def test_the_tools_sha256_check_is_the_schemas_pattern():
    """One SHA-256 pattern: the tool's check of a chunk's raw_sha256 (certificate/sections)
    and the schema's, which every hash field of the schema refers to."""
    from verifier.certificate.format import SHA256_PATTERN, is_sha256
    text = resources.files("verifier").joinpath("data/certificate.schema.json").read_text()
    assert json.loads(text)["$defs"]["sha256"]["pattern"] == f"^{SHA256_PATTERN}$"
    assert text.count("{64}") == 1, "a hash field writes its own pattern beside $defs/sha256"
    assert is_sha256("0" * 64) and not is_sha256("0" * 63) and not is_sha256("A" * 64)
