"""One full round, pure and deterministic: fees, deal, dice, hands, settlement, ledger.

``play_round(spec, table)`` takes everything that decides a round (the seats'
wagers, the player-dealer's seat and bank, the dice, and the cards: a 53-card deck
order to deal, or the seven-card hand of each seat) and returns a ``RoundResult``
whose ledger balances. The player-dealer's hand is always set by the house way; a
player's hand by the house way unless the spec gives that player's own front hand.
The bonus bets are always judged on both hands set by the house way (as filed).
"""
from dataclasses import dataclass, field
from fractions import Fraction

from verifier.game.cards import JOKER, card_str, cards_str
from verifier.game.categories import OUTLAW9_LINES, mask_to_names
from verifier.support.errors import VerifierError
from verifier.game.ranking import describe_back, describe_front
from verifier.table.deal import (action_seat, check_dice, deal_piles, distribute, first_pile_seat, settlement_order)
from verifier.engine.table_hands import player_set, set_hands
from verifier.table.limits import TableRules, WAGER_KINDS, WAGER_TITLES, check_round
from verifier.table.settle import (DEALER, HOUSE, base_odds, envy_owed, insurance_odds, open_ledger, outlaw9_odds, settle, settle_house, wrangler_odds)


@dataclass
class RoundSpec:
    dealer_seat: int
    bank: int
    wagers: dict                      # seat -> amounts, one per table.kinds
    dice: tuple
    deck: list = None                 # 53 cards, top card first, dealt into piles
    hands: dict = None                # or: seat -> its seven cards
    action_pile: int = 0              # which pile (0 = leftmost) the dice send out first
    fronts: dict = field(default_factory=dict)  # seat -> the player's own two-card hand


@dataclass
class RoundResult:
    spec: RoundSpec
    dice_total: int
    first_seat: int                   # receives the action pile
    action_seat: int                  # holds the Action button; settlement starts here
    order: list                       # player seats in settlement order (all seats)
    piles: list                       # the seven piles (None when hands were given)
    discard: list                     # dealt discards plus the cards of seats without a wager
    seat_cards: dict                  # seat -> seven cards, the seats in play
    sets: dict                        # seat -> {"house_way": (...), "played": (...), "foul"}
    odds: dict                        # seat -> odds, one per table.kinds
    player_fees: dict
    dealer_fee: int
    settlement: object
    ledger: object
    table: object = None
    envy: dict = field(default_factory=dict)  # seat -> Envy Bonus paid

    def party_nets(self):
        """Party -> result of the round including fees (the house's take as "house")."""
        return {k: v for k, v in self.ledger.balances().items()
                if k == DEALER or k == HOUSE or k.startswith("seat ") and " " not in k[5:]}

    def to_json_dict(self):
        chips_in, chips_out, fees = self.ledger.totals()
        seats = {}
        for seat, cards in sorted(self.seat_cards.items()):
            s = self.sets[seat]
            hw = s["house_way"]
            entry = {"cards": cards_str(cards),
                     "house_way": {"front": cards_str(hw[0]), "back": cards_str(hw[1]),
                                   "front_key": hw[2], "back_key": hw[3]},
                     "outlaw9_categories": mask_to_names(s["mask"], OUTLAW9_LINES)}
            if seat == self.spec.dealer_seat:
                entry["role"] = ("house" if self.table and self.table.house_banks
                                 else "player-dealer")
            else:
                pl = s["played"]
                entry["role"] = "player"
                entry["played"] = {"front": cards_str(pl[0]), "back": cards_str(pl[1]),
                                   "front_key": pl[2], "back_key": pl[3], "foul": s["foul"]}
                kinds = self.table.kinds if self.table else WAGER_KINDS
                entry["wagers"] = dict(zip(kinds, self.spec.wagers.get(seat, (0,) * len(kinds))))
                entry["odds"] = {k: _json_odds(o) for k, o in zip(kinds, self.odds[seat])}
                if seat in self.envy:
                    entry["envy"] = str(self.envy[seat])
            seats[str(seat)] = entry
        return jsonable({
            "dealer_seat": self.spec.dealer_seat,
            "bank": self.spec.bank,
            "dice": list(self.spec.dice),
            "dice_total": self.dice_total,
            "first_pile_seat": self.first_seat,
            "action_seat": self.action_seat,
            "settlement_order": [s for s in self.order if s in self.spec.wagers],
            "piles": None if self.piles is None else [cards_str(p) for p in self.piles],
            "discard": cards_str(self.discard),
            "seats": seats,
            "fees": {**{str(k): v for k, v in sorted(self.player_fees.items())},
                     "player-dealer": self.dealer_fee},
            "ledger": self.ledger.to_list(),
            "results": {k: v for k, v in sorted(self.party_nets().items())},
            "cap": {"bank_exhausted": self.settlement.exhausted,
                    "win_limit_reached": self.settlement.win_limited,
                    "stake_returned": str(self.settlement.returned)},
            "balance": {"chips_in": chips_in, "chips_out": chips_out, "fees": fees},
        })


def jsonable(value):
    """Exact amounts that are not whole (a commission's part of a dollar) as strings."""
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    return value


def _json_odds(o):
    return o if isinstance(o, int) else str(o)


def _check_cards(cards, what):
    for c in cards:
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c <= JOKER:
            raise VerifierError(f"{what}: bad card {c!r}")
    return list(cards)


def _seat_cards(spec, wagers):
    """seat -> seven cards for every seat; plus the piles and the dealt discards."""
    total = sum(spec.dice)
    if spec.deck is not None:
        if spec.hands is not None:
            raise VerifierError("give either a deck or the seats' hands, not both")
        deck = _check_cards(spec.deck, "deck")
        seen = set()
        for c in deck:
            if c in seen:
                raise VerifierError(f"card {card_str(c)} appears twice in the deck")
            seen.add(c)
        piles, discard = deal_piles(deck)
        return distribute(piles, first_pile_seat(total, spec.dealer_seat), spec.action_pile), \
            piles, discard
    if spec.hands is None:
        raise VerifierError("a round needs cards: a deck to deal or the seats' hands")
    seen = {}
    out = {}
    for seat, cards in spec.hands.items():
        cards = _check_cards(cards, f"seat {seat} hand")
        if len(cards) != 7:
            raise VerifierError(f"seat {seat} hand has {len(cards)} cards, not 7")
        for c in cards:
            if c in seen:
                raise VerifierError(f"card {card_str(c)} appears twice (seat {seen[c]} and seat {seat})")
            seen[c] = seat
        out[seat] = cards
    for seat in [spec.dealer_seat] + sorted(wagers):
        if seat not in out:
            raise VerifierError(f"seat {seat} is in play but no hand was given for it")
    return out, None, []


def round_odds(dealer_set, player_hw, played=None, foul=False, table=TableRules(),
               cards=None):
    """The odds of one player's seat against the dealer, one per ``table.kinds`` (base,
    wrangler, outlaw9 in the fee game).

    ``dealer_set`` and ``player_hw`` are set_hands results (house way); ``played`` is
    the player's own (front_key, back_key) when not the house way; ``cards`` the
    player's seven cards (Pai Gow Insurance reads them).
    """
    df, db = dealer_set[2], dealer_set[3]
    pf, pb = player_hw[2], player_hw[3]
    if played is None:
        b = base_odds(pf, pb, df, db)
    else:
        b = base_odds(played[0], played[1], df, db, foul)
    out = [b]
    for kind in table.kinds[1:]:
        if kind == "wrangler":
            out.append(wrangler_odds(pf, pb, df, db, table.wrangler_pays))
        elif kind == "outlaw9":
            out.append(outlaw9_odds(player_hw[4 + table.mask_index], table.outlaw9_pays))
        elif kind == "insurance":
            out.append(insurance_odds(cards, table.insurance_pays))
        elif kind == "treasure":   # always the seven-card categories (seed 004)
            out.append(outlaw9_odds(player_hw[4], table.treasure_pays))
    return tuple(out)


def play_round(spec, table=None, setter=None):
    """Play one round; see the module doc. ``setter`` replaces ``hands.set_hands``."""
    table = table or TableRules()
    setter = setter or set_hands
    wagers = check_round(spec.dealer_seat, spec.bank, spec.wagers, table)
    dice = check_dice(spec.dice)
    total = sum(dice)
    player_fees = {seat: table.fees.player_fee(w[0]) for seat, w in wagers.items()}
    dealer_fee = table.fees.dealer_fee(sum(w[0] for w in wagers.values()))
    ledger = open_ledger(spec.dealer_seat, spec.bank, wagers, player_fees, dealer_fee,
                         table.kinds, table.house_banks)

    seat_cards, piles, discard = _seat_cards(spec, wagers)
    in_play = [spec.dealer_seat] + [s for s in sorted(seat_cards) if s in wagers]
    discard = list(discard)
    for seat in sorted(seat_cards):  # cards of seats without a wager are collected
        if seat not in in_play:
            discard.extend(seat_cards[seat])
    seat_cards = {s: list(seat_cards[s]) for s in in_play}

    for seat, front in spec.fronts.items():
        if seat not in wagers:
            raise VerifierError(f"seat {seat} sets its own hand but has no wager")
        if len(front) != 2 or len(set(front)) != 2 or any(c not in seat_cards[seat] for c in front):
            raise VerifierError(f"seat {seat}: the front hand must be two different cards of its hand")

    hw = setter([seat_cards[s] for s in in_play], table.wheel_second, table.house_way_id)
    hw = dict(zip(in_play, hw))
    dealer = hw[spec.dealer_seat]
    sets = {spec.dealer_seat: {"house_way": dealer, "mask": dealer[4 + table.mask_index]}}
    odds = {}
    for seat in in_play[1:]:
        played = foul = None
        if seat in spec.fronts:
            pf_cards, pb_cards, fk, bk, foul = player_set(seat_cards[seat], spec.fronts[seat],
                                                          table.wheel_second)
            played = (fk, bk)
            shown = (pf_cards, pb_cards, fk, bk)
        else:
            shown = hw[seat][:4]
        odds[seat] = round_odds(dealer, hw[seat], played, bool(foul), table, seat_cards[seat])
        sets[seat] = {"house_way": hw[seat], "played": shown, "foul": bool(foul),
                      "mask": hw[seat][4 + table.mask_index]}

    act = action_seat(total, spec.dealer_seat)
    order = settlement_order(act, spec.dealer_seat)
    envy = {}
    if table.house_banks:
        if table.envy_pays:
            t = table.kinds.index("treasure")
            envy = envy_owed(in_play[1:], {s: wagers[s][t] for s in in_play[1:]},
                             {s: hw[s][4] for s in in_play[1:]}, table.envy_pays,
                             table.envy_minimum)
        settlement = settle_house(order, wagers, odds, table.kinds, table.commission, envy,
                                  ledger)
    else:
        settlement = settle(order, wagers, odds, spec.bank, ledger, table.kinds)
    ledger.check()
    return RoundResult(spec, total, first_pile_seat(total, spec.dealer_seat), act, order,
                       piles, discard, seat_cards, sets, odds, player_fees, dealer_fee,
                       settlement, ledger, table, envy)


def format_round(result):
    """The round as text: the deal, the hands, then the ledger line by line."""
    spec = result.spec
    out = []
    table = result.table or TableRules()
    kinds = table.kinds
    dealer_word = "dealer: the house" if table.house_banks else "player-dealer"
    if table.house_banks:
        out.append(f"Dealer: the house banks, at seat {spec.dealer_seat}'s place")
    else:
        out.append(f"Player-dealer: seat {spec.dealer_seat}, bank ${spec.bank}")
    out.append(f"Dice: {'+'.join(map(str, spec.dice))} = {result.dice_total}: first pile to "
               f"seat {result.first_seat}, Action button at seat {result.action_seat}")
    if result.piles is not None:
        for i, pile in enumerate(result.piles):
            out.append(f"  pile {i + 1}: {cards_str(pile)}")
    out.append(f"Discard: {cards_str(result.discard)}")
    out.append("Hands:")
    for seat in [spec.dealer_seat] + [s for s in result.order if s in result.seat_cards]:
        s = result.sets[seat]
        hw = s["house_way"]
        who = dealer_word if seat == spec.dealer_seat else "player"
        line = (f"  seat {seat} ({who}): {cards_str(result.seat_cards[seat])} -> "
                f"front {cards_str(hw[0])} ({describe_front(hw[2])}), "
                f"back {cards_str(hw[1])} ({describe_back(hw[3])})")
        out.append(line)
        if seat != spec.dealer_seat:
            pl = s["played"]
            if list(pl[0]) != list(hw[0]) or s["foul"]:
                out.append(f"      played: front {cards_str(pl[0])}, back {cards_str(pl[1])}"
                           + (" FOUL" if s["foul"] else ""))
            names = (mask_to_names(s["mask"], OUTLAW9_LINES) if _reads_categories(kinds)
                     else [])
            titles = ["base"] + [WAGER_TITLES[k] for k in kinds[1:]]
            words = [f"{title} {_odds_word(o)}" for title, o, stake in
                     zip(titles, result.odds[seat], spec.wagers[seat]) if stake]
            if seat in result.envy:
                words.append(f"{WAGER_TITLES['envy']} ${result.envy[seat]}")
            out.append("      " + ", ".join(words) + (f"  [{', '.join(names)}]" if names else ""))
    out.append("Ledger:")
    for i, e in enumerate(result.ledger.entries, 1):
        out.append(f"  {i:3d}. {e.source:>18} -> {e.dest:<18} ${str(e.amount):<7} {e.reason}")
    out.append("Results (after fees):")
    for party, value in sorted(result.party_nets().items()):
        out.append(f"  {party:<14} {'+' if value >= 0 else ''}{value}")
    chips_in, chips_out, fees = result.ledger.totals()
    out.append(f"Balance: chips in ${chips_in} = chips out ${chips_out} + "
               + (f"house ${fees}" if table.house_banks else f"fees ${fees}"))
    st = result.settlement
    if st.cap_bound:
        out.append(f"Bank cap: ${st.returned} of stake not covered and returned"
                   + (" (bank exhausted)" if st.exhausted else "")
                   + (" (player-dealer win limit)" if st.win_limited else ""))
    return "\n".join(out)


def _reads_categories(kinds):
    """Whether a table's bets are read on the Outlaw 9 categories (worth showing)."""
    return "outlaw9" in kinds or "treasure" in kinds


def _odds_word(o):
    if o < 0:
        return "loses"
    if o == 0:
        return "pushes"
    return f"wins {o} to 1"
