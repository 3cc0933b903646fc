"""A line's names: its title for people (``LINE_TITLES``, ``line_title``; every display
name: game/names.py) and the spellings a user may write it in, read to its snake name
(``normalize_line_name``; ``line_name`` checks it against a bet's lines)."""
from __future__ import annotations

import re
from typing import Iterable

from verifier.game.bets import CUSTOM, Bet, bet as bet_of, default_bet
from verifier.game.pays import PaytableError

# Human names of each line, for tables and reports.
LINE_TITLES = {
    "seven_card_straight_flush": "7-Card Straight Flush",
    "royal_flush_and_royal_match": "Royal Flush and Royal Match",
    "seven_card_straight_flush_with_joker": "7-Card Straight Flush with Joker",
    "five_aces": "5 Aces",
    "five_of_a_kind": "Five of a Kind",
    "royal_flush": "Royal Flush",
    "straight_flush": "Straight Flush",
    "four_of_a_kind": "Four of a Kind",
    "nine_high": "9 High",
    "ten_high": "10 High",
    "jack_high": "Jack High",
    "queen_high": "Queen High",
    "king_high": "King High",
    "ace_high": "Ace High",
    "all_one_color": "All Red or Black",
    "all_one_color_with_joker": "All Red or Black with Joker",
    "full_house": "Full House",
    "flush": "Flush",
    "three_of_a_kind": "Three of a Kind",
    "straight": "Straight",
    "three_pairs": "Three Pairs",
    "push": "Push",
    "push_with_pair_of_3s_or_better": "Push with Pair of 3s or Better",
}

# Spellings (after normalising) that name a category differently from its snake name.
_ALIASES = {
    "all_red_or_black": "all_one_color",
    "all_one_colour": "all_one_color",
    "seven_cards_all_red_or_black": "all_one_color",
    "seven_cards_all_red_or_black_with_no_straights_or_flushes": "all_one_color",
    "all_red_or_black_with_joker": "all_one_color_with_joker",
    "all_red_or_black_with_a_joker": "all_one_color_with_joker",
    "all_one_colour_with_joker": "all_one_color_with_joker",
    "seven_cards_all_red_or_black_with_no_straights_or_flushes_with_a_joker":
        "all_one_color_with_joker",
    "nine_high_seven_cards": "nine_high",
    "ten_high_seven_cards": "ten_high",
    "royal_flush_and_match": "royal_flush_and_royal_match",
    "quads": "four_of_a_kind",
    "trips": "three_of_a_kind",
    "push_with_pair": "push_with_pair_of_3s_or_better",
    "push_with_two_card_hand_of_3s_or_higher": "push_with_pair_of_3s_or_better",
    "push_with_two_card_hand_of_threes_or_higher": "push_with_pair_of_3s_or_better",
    "push_with_pair_of_3s_or_higher": "push_with_pair_of_3s_or_better",
    "push_with_2_card_hand_of_3s_or_higher": "push_with_pair_of_3s_or_better",
    "push_with_pair_of_threes_or_better": "push_with_pair_of_3s_or_better",
}
_NUMBER_WORDS = {"5": "five", "7": "seven", "9": "nine", "10": "ten"}


def normalize_line_name(text: str) -> str:
    """``"7-Card Straight Flush"`` / ``"three_pairs"`` -> the snake name (not validated)."""
    words = re.findall(r"[a-z0-9]+", str(text).lower().replace("'", ""))
    words = [_NUMBER_WORDS.get(w, w) for w in words]
    name = "_".join(words)
    return _ALIASES.get(name, name)


def line_name(text: str, bet: str | Bet | None = None) -> str:
    """A category name as a user wrote it -> the canonical snake name, or an error.
    ``bet``: a bet's name or a ``bets.Bet`` (a custom bet's vocabulary is its reads';
    default: the default bet)."""
    kind = bet if not isinstance(bet, (str, type(None))) else bet_of(bet or default_bet().name)
    name = normalize_line_name(text)
    if name not in kind.lines:
        what = (f"{kind.reads} line" if kind.name == CUSTOM else f"{kind.title} category")
        raise PaytableError(f"unknown {what} {text!r}; known: " + known_lines(kind.lines))
    return name


def line_title(name: str) -> str:
    """``"Four of a Kind"``; a line with no title of its own: ``"Flush plus pair"``."""
    return LINE_TITLES.get(name, name.replace("_", " ").capitalize())


def known_lines(lines: Iterable[str]) -> str:
    """The lines a user may name, for an error: "7-Card Straight Flush, ..., Three Pairs"."""
    lines = list(lines)
    return ", ".join(map(line_title, lines)) + f" (a name as written, or its key: {lines[0]})"


def line_ref(key: str) -> str:
    """A line as an error names it: ``line Full House (full_house)``, the file's key beside."""
    title = LINE_TITLES.get(normalize_line_name(key)) if isinstance(key, str) else None
    return (f"line {title}" + (f" ({key})" if key != title else "")) if title else f"line {key!r}"
