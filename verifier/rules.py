"""Rule readings: the options of RULES.md, with their defaults and descriptions.

Every reading in force is written into each certificate (see ``Rules.readings``).
"""
from dataclasses import dataclass, asdict

WHEEL_CHOICES = ("lowest", "second")
BONUS_READING_CHOICES = ("seven-card", "house-way")
HOUSE_WAY_CHOICES = ("mikes", "emperors")

READING_TEXT = {
    "deck": "52 cards plus one semi-wild joker (ace, or completes a straight, flush or "
            "straight flush; an ace in a two-card hand); C(53,7) = 154,143,080 hands",
    "wheel": {
        "lowest": "A-2-3-4-5 is the lowest straight and straight flush (traditional ranking)",
        "second": "A-2-3-4-5 ranks just below A-K-Q-J-10, straights and straight flushes alike",
    },
    "bonus_reading": {
        "seven-card": "Outlaw 9 categories are read from the seven cards: a hand qualifies "
                      "when some five (or all seven) of its cards show the category",
        "house-way": "Outlaw 9 five-card categories are judged on the back hand as set by "
                     "the house way (royal match: back royal plus suited K-Q front); "
                     "seven-card categories as under seven-card",
    },
    "house_way": {
        "mikes": "Mike's Cardroom house way, rows 1-11 of RULES.md; among equal-rank "
                 "choices (joker as ace) the set with the highest back",
        "emperors": "Emperor's Challenge house way (seed 004) as docs/RULES_READINGS.md "
                    "reads it: Mike's rows, with rows 1 (five aces), 2 (four of a kind), "
                    "6 (two pairs) and 9 (one pair with a straight or flush) as the seed "
                    "states them",
    },
    "copies": "an identical rank (copy) goes to the banker; the player takes a hand only "
              "by ranking strictly higher",
    "multiple_categories": "a hand qualifying for several Outlaw 9 lines is paid its "
                           "highest-paying line only",
}


@dataclass(frozen=True)
class Rules:
    """The readings that change the engine's counts."""
    wheel: str = "lowest"
    bonus_reading: str = "seven-card"
    house_way: str = "mikes"

    def __post_init__(self):
        for name, choices in (("wheel", WHEEL_CHOICES),
                              ("bonus_reading", BONUS_READING_CHOICES),
                              ("house_way", HOUSE_WAY_CHOICES)):
            value = getattr(self, name)
            if value not in choices:
                raise ValueError(f"unknown {name} {value!r}: choose from {', '.join(choices)}")

    def as_dict(self):
        return asdict(self)

    def readings(self):
        """Every reading in force, as name -> {value, text}, for docs and certificates."""
        out = {"deck": {"value": "53 cards (52 + joker)", "text": READING_TEXT["deck"]}}
        for name in ("wheel", "bonus_reading", "house_way"):
            value = getattr(self, name)
            out[name] = {"value": value, "text": READING_TEXT[name][value]}
        for name in ("copies", "multiple_categories"):
            out[name] = {"value": "fixed", "text": READING_TEXT[name]}
        return out
