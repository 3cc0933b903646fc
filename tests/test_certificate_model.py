"""The certificate's typed read model (verifier/certificate/model.py): what every reader
outside certificate/ reads, built from the checked dict. The expected figures come from
closed forms and the shipped rule-set files, not from the model."""
import copy
import math
from pathlib import Path

import pytest

from verifier import certificate
from verifier.certificate import BetSection, Certificate
from verifier.certificate.shipped import shipped_certificate_path

try:
    import tomllib
except ImportError:                     # Python < 3.11
    import tomli as tomllib

RULE_SETS = Path(__file__).resolve().parent.parent / "verifier" / "data" / "rulesets"


@pytest.fixture(scope="module")
def certs():
    return {name: certificate.load(shipped_certificate_path(name))
            for name in ("outlaw9-mikes", "emperors-challenge")}


def test_the_totals_are_closed_forms(certs):
    model = Certificate.of(certs["outlaw9-mikes"])
    assert model.total_hands == math.comb(53, 7) == 154_143_080
    assert model.deck.size == 53 and len(model.deck.cards) == 53
    assert sum(model.counts.house_way_rows.values()) == math.comb(53, 7)
    # row 1, five aces: the four aces and the joker, with any two of the other 48 cards
    assert model.counts.house_way_rows[1] == math.comb(48, 2) == 1128
    assert sum(model.counts.best_five.values()) == math.comb(53, 7)
    base = model.base_game
    assert base is not None
    assert base.outcomes["total"] == math.comb(53, 7) * math.comb(46, 7)
    assert base.outcomes["win"] + base.outcomes["push"] + base.outcomes["loss"] \
        == base.outcomes["total"]
    rows = model.house_way_tables.rows
    assert [r.row for r in rows] == list(range(1, 12))     # Mike's Cardroom: 11 rows
    assert sum(r.hands for r in rows) == sum(model.house_way_tables.back_hands.values()) \
        == sum(model.house_way_tables.front_hands.values()) == math.comb(53, 7)


@pytest.mark.parametrize("name", ["outlaw9-mikes", "emperors-challenge"])
def test_the_rule_set_and_its_bets_are_the_shipped_rule_set_files(certs, name):
    """The game and the bets the model offers are those of the rule set's file, in its
    order, each with its figures and its pay table; no bet is a field of its own."""
    model = Certificate.of(certs[name])
    filed = tomllib.loads((RULE_SETS / f"{name}.toml").read_text())
    assert model.rule_set.name == filed["name"] == name
    assert model.rule_set.description == filed["description"]
    assert model.house_way == model.rule_set.house_way == filed["house_way"]
    assert model.bonus_reading == filed["bonus_reading"]
    assert model.reading("wheel") == model.rule_set.wheel == filed["wheel"]
    assert list(model.bets) == list(model.rule_set.bets) == list(filed["bets"])
    for bet in model.bets.values():
        assert isinstance(bet, BetSection) and bet.results and bet.paytable
        assert not bet.custom and bet.omitted is None


def test_the_readings_keep_their_text_and_topic(certs):
    model = Certificate.of(certs["outlaw9-mikes"])
    reading = model.readings["bonus_reading"]
    assert reading.value == "seven-card" and reading.text
    assert reading.topic == "Outlaw 9 High or Better"


def test_the_hashes_and_the_tool_are_the_certificates(certs):
    raw = certs["outlaw9-mikes"]
    model = Certificate.of(raw)
    assert model.sha256 == certificate.content_hash(raw)
    assert model.result_sha256 == certificate.result_hash(raw)
    assert model.tool.name == "paigow-verifier" and model.signature is None
    assert model.format == certificate.FORMAT and model.format_version == 1


def test_a_custom_bet_is_a_bet_section_like_any_other(certs):
    from verifier.game.paytables import Paytable
    raw = copy.deepcopy(certs["outlaw9-mikes"])
    table = Paytable.from_lines("Aces", "custom", [("five_aces", "200")], reads="seven-card")
    raw["sections"]["custom_bets"] = {"paytables": {"aces": table.to_dict()},
                                      "results": {"aces": {"omitted": "no counts"}}}
    model = Certificate.of(raw)
    bet = model.bets["aces"]
    assert bet.custom and bet.paytable == table.to_dict() and bet.omitted == "no counts"
    assert model.custom_paytables == {"aces": table.to_dict()}


def test_the_model_is_frozen_and_its_own_model(certs):
    model = Certificate.of(certs["outlaw9-mikes"])
    with pytest.raises(AttributeError):
        model.total_hands = 1                       # type: ignore[misc]
    with pytest.raises(TypeError):
        model.bets["x"] = None                      # type: ignore[index]
    assert Certificate.of(model) is model


def test_a_dict_that_is_not_a_certificate_is_a_one_line_error(certs):
    broken = copy.deepcopy(certs["outlaw9-mikes"])
    del broken["sections"]["rule_set"]
    with pytest.raises(certificate.CertificateError) as err:
        Certificate.of(broken)
    assert "\n" not in str(err.value) and "rule_set" in str(err.value)


@pytest.mark.slow   # over 2.5 s of CPU: run once, with the full checks (README, Tests)
def test_read_loads_checks_and_types_a_file(tmp_path, certs):
    model = certificate.read(shipped_certificate_path("outlaw9-mikes"))
    assert model == Certificate.of(certs["outlaw9-mikes"])
    changed = copy.deepcopy(certs["outlaw9-mikes"])
    changed["total_hands"] += 1
    path = tmp_path / "changed.json"
    certificate.write(path, changed)
    with pytest.raises(certificate.CertificateError):
        certificate.read(path)
