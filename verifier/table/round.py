"""One full round, pure and deterministic: fees, deal, dice, hands, settlement, ledger.

``play_round(spec, table)`` takes everything that decides a round (the seats'
wagers, the player-dealer's seat and bank, the dice, and the cards: a 53-card deck
order to deal, or the seven-card hand of each seat) and returns a ``RoundResult``
whose ledger balances. The player-dealer's hand is always set by the house way; a
player's hand by the house way unless the spec gives that player's own front hand.
The bonus bets are always judged on both hands set by the house way (as filed).
"""
from __future__ import annotations
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Sequence

from verifier.game.cards import JOKER, card_str, cards_str
from verifier.game.categories import OUTLAW9_LINES, mask_to_names
from verifier.support.errors import VerifierError
from verifier.table.deal import (action_seat, check_dice, deal_piles, distribute, first_pile_seat, settlement_order)
from verifier.engine import player_set, set_hands
from verifier.table.custom import custom_odds
from verifier.table.limits import TableRules, WAGER_KINDS, check_round
from verifier.table.bank import bank_covers, settle_player_bank
from verifier.table.reads import wager_odds
from verifier.table.settle import (DEALER, HOUSE, Settlement, base_odds, envy_owed, open_ledger, settle, settle_house)


@dataclass
class RoundSpec:
    dealer_seat: int
    bank: int
    wagers: dict                      # seat -> amounts, one per table.kinds
    dice: tuple
    deck: list | None = None                # 53 cards, top card first, dealt into piles
    hands: dict | None = None               # or: seat -> its seven cards
    action_pile: int = 0              # which pile (0 = leftmost) the dice send out first
    fronts: dict = field(default_factory=dict)  # seat -> the player's own two-card hand
    # a player banks (casino rule sets with [bank], docs/TABLE.md): its seat, the chips it
    # puts up, co-banking with the casino, and the dealer's wager against it
    banker_seat: int | None = None
    chips: int = 0
    co_bank: bool = False
    dealer_wager: int = 0


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
    settlement: Any
    ledger: Any
    table: Any = None
    envy: dict = field(default_factory=dict)  # seat -> Envy Bonus paid

    def party_nets(self) -> dict[str, int | Fraction]:
        """Party -> result of the round including fees (the house's take as "house")."""
        return {k: v for k, v in self.ledger.balances().items()
                if k == DEALER or k == HOUSE or k.startswith("seat ") and " " not in k[5:]}

    def to_json_dict(self) -> dict[str, Any]:
        chips_in, chips_out, fees = self.ledger.totals()
        seats = {}
        for seat, cards in sorted(self.seat_cards.items()):
            s = self.sets[seat]
            hw = s["house_way"]
            entry = {"cards": cards_str(cards),
                     "house_way": {"front": cards_str(hw[0]), "back": cards_str(hw[1]),
                                   "front_key": hw[2], "back_key": hw[3]},
                     "outlaw9_categories": mask_to_names(s["mask"], OUTLAW9_LINES)}
            if seat == self.spec.banker_seat:
                entry["role"] = "banker"
            elif seat == self.spec.dealer_seat:
                entry["role"] = ("dealer, wagering against the bank"
                                 if self.spec.banker_seat is not None else
                                 "house" if self.table and self.table.house_banks
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
            **({"bank": self.bank_dict()} if self.spec.banker_seat is not None else {}),
            "cap": {"bank_exhausted": self.settlement.exhausted,
                    "win_limit_reached": self.settlement.win_limited,
                    "stake_returned": str(self.settlement.returned)},
            "balance": {"chips_in": chips_in, "chips_out": chips_out, "fees": fees},
        })


    def bank_dict(self) -> dict[str, Any]:
        """A round a player banks: the banker's and the house's results, JSON-ready."""
        st = self.settlement
        return {"banker_seat": st.banker, "chips": self.spec.chips,
                "co_banked": self.spec.co_bank, "wagers_faced": st.faced,
                "dealer_wager": st.dealer_wager, "banker_result": st.dealer_net,
                "house": {"result": st.house_net, "commission_from_players": st.commission_players,
                          "commission_from_banker": st.commission_banker,
                          "co_banked_share": st.co_banked, "dealer_wager": st.dealer_wager_net}}


def jsonable(value: Any) -> Any:
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


def _seat_cards(spec, wagers, counter=None):
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
        counter = spec.dealer_seat if counter is None else counter
        return distribute(piles, first_pile_seat(total, counter), spec.action_pile), \
            piles, discard
    if spec.hands is None:
        raise VerifierError("a round needs cards: a deck to deal or the seats' hands")
    owner: dict = {}
    out = {}
    for seat, cards in spec.hands.items():
        cards = _check_cards(cards, f"seat {seat} hand")
        if len(cards) != 7:
            raise VerifierError(f"seat {seat} hand has {len(cards)} cards, not 7")
        for c in cards:
            if c in owner:
                raise VerifierError(f"card {card_str(c)} appears twice (seat {owner[c]} and seat {seat})")
            owner[c] = seat
        out[seat] = cards
    needed = [spec.dealer_seat] + sorted(wagers)
    if spec.banker_seat is not None:
        needed = [spec.banker_seat] + sorted(wagers) + ([spec.dealer_seat] if spec.dealer_wager else [])
    for seat in needed:
        if seat not in out:
            raise VerifierError(f"seat {seat} is in play but no hand was given for it")
    return out, None, []


def check_player_bank(spec: RoundSpec, table: TableRules) -> dict[int, tuple[int, ...]]:
    """The checks of a round a player banks (docs/TABLE.md): the rule set lets players
    bank, the banker sits at a player's seat and wagers nothing, co-banking and the
    dealer's wager as the rule set allows, and the banker's chips cover every wager.
    Returns the players' wagers (``check_round``'s)."""
    from verifier.table.deal import MAX_CHIPS, check_seat
    b = check_seat(spec.banker_seat, "banker seat")
    if not table.players_bank:
        raise VerifierError(f"rule set {table.name}: players do not bank (its [bank] "
                            "banker is the house)")
    if b == spec.dealer_seat:
        raise VerifierError(f"seat {b} is the dealer's place: a player-banker sits at a "
                            "player's seat")
    if spec.dealer_seat in spec.wagers and any(spec.wagers[spec.dealer_seat]):
        raise VerifierError(f"seat {spec.dealer_seat} is the dealer's position: no one "
                            "wagers there")
    if spec.co_bank and not table.co_bank_share:
        raise VerifierError(f"rule set {table.name} has no co-banking (its [bank] "
                            "co_bank_share is 0)")
    for value, what in ((spec.chips, "banker chips"), (spec.dealer_wager, "dealer wager")):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise VerifierError(f"{what}: {value!r} is not a whole number of dollars")
    if spec.chips > MAX_CHIPS:
        raise VerifierError(f"banker chips: ${spec.chips:,} is more than the ${MAX_CHIPS:,} "
                            "a seat may put up (as simulate --bank)")
    if spec.dealer_wager and not table.minimum <= spec.dealer_wager <= table.maximum:
        raise VerifierError(f"dealer wager of ${spec.dealer_wager:,} is outside the table "
                            f"limits ${table.minimum}-${table.maximum}")
    if spec.dealer_wager:
        if table.dealer_wager == "none":
            raise VerifierError(f"rule set {table.name}: the dealer does not wager against "
                                "a player-banker (its [bank] dealer_wager is none)")
        if spec.co_bank:
            raise VerifierError("the dealer does not wager against a co-banked bank (the "
                                "casino is half the bank)")
    if b in spec.wagers and any(spec.wagers[b]):
        raise VerifierError(f"seat {b} banks: it cannot also wager")
    wagers = check_round(b, spec.chips, spec.wagers, table)
    need = bank_covers(wagers, spec.dealer_wager)
    if table.requires_cover and spec.chips < need:
        raise VerifierError(f"banker seat {b}: ${spec.chips} in chips cannot cover the "
                            f"${need} wagered against the bank (every base wager"
                            + (f" and the dealer's ${spec.dealer_wager}" if spec.dealer_wager
                               else "") + ")")
    return wagers


def round_odds(dealer_set: Sequence[Any], player_hw: Sequence[Any],
               played: Sequence[int] | None = None, foul: bool = False,
               table: TableRules = TableRules(), cards: Sequence[int] | None = None,
               dealer_cards: Sequence[int] | None = None) -> tuple[int | Fraction, ...]:
    """The odds of one player's seat against the dealer, one per ``table.kinds`` (the
    base wager first).

    ``dealer_set`` and ``player_hw`` are set_hands results (house way); ``played`` is
    the player's own (front_key, back_key) when not the house way; ``cards`` and
    ``dealer_cards`` the player's and the dealer's seven cards (a bet may read them).
    The bets are judged on both hands as the house way sets them (table/reads.py); the
    base wager as the settlement settles the comparison (a push on the banker's hand).
    """
    df, db = dealer_set[2], dealer_set[3]
    pf, pb = player_hw[2], player_hw[3]
    house_way = base_odds(pf, pb, df, db)
    b = house_way if played is None else base_odds(played[0], played[1], df, db, foul)
    if not foul:            # a push on the banker's hand (a fouled hand is lost first)
        b = table.settlement.settle_outcome(b, (db, df))
    out: list[int | Fraction] = [b]
    for kind in table.kinds[1:]:
        bet = table.custom_bet(kind)
        if bet is not None:        # a custom bet, read its way (verifier/table/custom.py)
            out.append(custom_odds(bet, player_hw, dealer_set, cards, dealer_cards,
                                   table.wheel_second))
        else:                      # a named bet, read as its module declares
            out.append(wager_odds(table, kind, player_hw, dealer_set, cards, dealer_cards,
                                  house_way))
    return tuple(out)


def _in_play(spec: RoundSpec, wagers: dict, counter: int) -> tuple[dict, Any, list, list]:
    """The cards dealt: (each seat in play's cards, the piles, the discard, the seats in
    play, the banker's seat first). A seat without a wager has its cards collected; a
    seat that sets its own hand names two of its cards."""
    seat_cards, piles, discard = _seat_cards(spec, wagers, counter)
    in_play = [counter] + [s for s in sorted(seat_cards) if s in wagers]
    if spec.banker_seat is not None and spec.dealer_wager:
        in_play.append(spec.dealer_seat)      # the dealer's hand plays against the bank
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
    return seat_cards, piles, discard, in_play


def _players_odds(spec: RoundSpec, table: TableRules, wagers: dict, in_play: list,
                  hw: dict, seat_cards: dict, counter: int, sets: dict) -> dict:
    """Each player's odds against the banker's hand, set the house way or, for a seat
    that sets its own (``spec.fronts``), its way; records each seat's hands in ``sets``."""
    dealer = hw[counter]
    odds = {}
    for seat in in_play[1:]:
        if seat not in wagers:
            continue
        played = foul = None
        if seat in spec.fronts:
            pf_cards, pb_cards, fk, bk, foul = player_set(seat_cards[seat], spec.fronts[seat],
                                                          table.wheel_second)
            played = (fk, bk)
            shown = (pf_cards, pb_cards, fk, bk)
        else:
            shown = hw[seat][:4]
        odds[seat] = round_odds(dealer, hw[seat], played, bool(foul), table, seat_cards[seat],
                                seat_cards[counter])
        sets[seat] = {"house_way": hw[seat], "played": shown, "foul": bool(foul),
                      "mask": hw[seat][4 + table.mask_index]}
    return odds


def _settle_played(spec: RoundSpec, table: TableRules, wagers: dict, odds: dict, hw: dict,
                   dealer: Any, order: list, players: list, ledger: Any
                   ) -> tuple[Settlement, dict]:
    """The round's settlement (a seat's bank, the house's or the player-dealer's) and
    the Envy Bonus owed."""
    banker = spec.banker_seat
    envy = {}
    if table.house_banks and table.envy_pays:
        t = table.envy_slot
        assert t is not None             # TableRules: envy pays need their host bet
        envy = envy_owed(players, {s: wagers[s][t] for s in players},
                         {s: hw[s][4] for s in players}, table.envy_pays, table.envy_minimum)
    if banker is not None:
        dealer_odds = None
        if spec.dealer_wager:
            h = hw[spec.dealer_seat]
            dealer_odds = base_odds(h[2], h[3], dealer[2], dealer[3])
        settlement: Settlement = settle_player_bank(
            order, wagers, odds, table.kinds, table.settlement, banker, spec.chips,
            spec.dealer_wager, dealer_odds, table.co_bank_share if spec.co_bank else 0,
            table.banker_commission, envy, ledger)
    elif table.house_banks:
        rule = table.settlement
        held = rule.pushes_held((dealer[3], dealer[2]))
        note = f"the dealer's hand is {' and '.join(held)}" if held else ""
        settlement = settle_house(order, wagers, odds, table.kinds, rule, envy, ledger, note)
    else:
        settlement = settle(order, wagers, odds, spec.bank, ledger, table.kinds)
    return settlement, envy


def play_round(spec: RoundSpec, table: TableRules | None = None,
               setter: Callable[..., Any] | None = None) -> RoundResult:
    """Play one round; see the module doc. ``setter`` replaces ``hands.set_hands``."""
    table = table or TableRules()
    setter = setter or set_hands
    banker = spec.banker_seat
    if banker is not None:
        wagers = check_player_bank(spec, table)
    else:
        wagers = check_round(spec.dealer_seat, spec.bank, spec.wagers, table)
    dice = check_dice(spec.dice)
    total = sum(dice)
    # the dice count from the banker (seed 002: "the Banker's position is always 1, 8 or
    # 15"): the house's place, or a player-banker's seat
    counter = spec.dealer_seat if banker is None else banker
    player_fees = {seat: table.fees.player_fee(w[0]) for seat, w in wagers.items()}
    dealer_fee = table.fees.dealer_fee(sum(w[0] for w in wagers.values()))
    ledger = open_ledger(spec.dealer_seat, spec.bank, wagers, player_fees, dealer_fee,
                         table.kinds, table.house_banks)
    seat_cards, piles, discard, in_play = _in_play(spec, wagers, counter)
    hw = setter([seat_cards[s] for s in in_play], table.wheel_second, table.house_way_number)
    hw = dict(zip(in_play, hw))
    sets = {s: {"house_way": hw[s], "mask": hw[s][4 + table.mask_index]}
            for s in (counter, spec.dealer_seat) if s in hw}
    odds = _players_odds(spec, table, wagers, in_play, hw, seat_cards, counter, sets)
    act = action_seat(total, counter)
    order = settlement_order(act, counter)
    players = [s for s in in_play[1:] if s in wagers]
    settlement, envy = _settle_played(spec, table, wagers, odds, hw, hw[counter], order,
                                      players, ledger)
    ledger.check()
    return RoundResult(spec, total, first_pile_seat(total, counter), act, order,
                       piles, discard, seat_cards, sets, odds, player_fees, dealer_fee,
                       settlement, ledger, table, envy)
