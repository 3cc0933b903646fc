"""Every rule reading is stated once (verifier/data/readings.toml) and appears in the
project's docs and in every certificate (the guide's rule: every reading, everywhere)."""
from pathlib import Path

from verifier.certificate import build
from verifier.engine.enumeration import enumerate_hands
from verifier.rules.readings import (Rules, reading_catalogue, readings_markdown, WHEEL_CHOICES, BONUS_READING_CHOICES, HOUSE_WAY_CHOICES)

DOC = Path(__file__).resolve().parent.parent / "docs" / "RULES_READINGS.md"
SMALL_DECK = sorted([r * 4 + s for r in (0, 1, 2, 3, 9, 10, 12) for s in (0, 3)] + [52])


def test_the_readings_document_is_generated_from_the_readings_file():
    assert DOC.read_text() == readings_markdown() + "\n", (
        "docs/RULES_READINGS.md is stale: run `paigow-verify rules --readings-markdown "
        "> docs/RULES_READINGS.md`")


def test_the_options_of_the_readings_file_are_the_options_of_the_code():
    options = {o["id"]: tuple(o["choices"]) for o in reading_catalogue()["option"]}
    assert options == {"wheel": WHEEL_CHOICES, "bonus_reading": BONUS_READING_CHOICES,
                       "house_way": HOUSE_WAY_CHOICES}


def test_a_certificate_states_every_reading_that_applies_to_its_rules():
    # who banks: the house alone (the default), or players in rotation (readings tagged
    # bank = "rotation" apply only then, those tagged "house" only otherwise)
    for rules, bank in ((Rules(), "house"), (Rules(wheel="second", bonus_reading="house-way",
                                                   house_way="emperors"), "house"),
                        (Rules(wheel="second"), "rotation")):
        cert = build(enumerate_hands(rules=rules, deck=SMALL_DECK), bank=bank)
        catalogue = reading_catalogue()
        want = {o["id"] for o in catalogue["option"]} | {
            r["id"] for r in catalogue["reading"]
            if r.get("house_way", rules.house_way) == rules.house_way
            and r.get("bank", bank) == bank and r.get("joker", rules.joker) == rules.joker}
        assert set(cert["rules"]) == want
        for option in catalogue["option"]:
            assert cert["rules"][option["id"]]["value"] == getattr(rules, option["id"])
