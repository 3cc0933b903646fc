"""How a game's base wager is settled, typed: one object every layer reads through the same
interface (the exact base game, odds/basegame.py; the strategy job; the table; the par
sheet and the command line): a commission on the player's wins (the casino games, seeds
002 and 004), or flat collection fees per hand (the California game, seed 001).

A rule set writes it as ``[settlement]`` (verifier/rules/terms.py checks it); a
certificate keeps the same mapping. ``SettlementRule.of(mapping)`` is the one reader.

Where a new settlement rule goes (docs/ARCHITECTURE.md): its kind and fields here, their
check in rules/terms.py; every layer asks this object (``win_net``, ``player_return``,
``banker_return``, ``player_fee``/``dealer_fee``, ``describe``) and never the kind. Issue
36's variants: ``push_when`` names conditions on the banker's set hand under which the
base wager pushes (EZ Pai Gow's queen-high pai gow, Commission-Free's 9-high two-card
hand; verifier/game/pushes.py, docs/VARIANTS.md), with ``push_outcomes`` what they hold
to a push (every outcome, the sources; or only a player's win, a reading). The exact
count marks the banker's hands by ``push_terms`` and counts the wins and losses against
them apart (verifier/engine/pairwise.py); ``outcomes`` settles those counts;
``pushes_on`` asks it of one banker's hand, ``settle_outcome`` settles one hand's
comparison against it (the table); ``push_marks`` marks the conditions on an engine's
keys (the table's kernel, a hand's settings, the strategy job). ``dealer`` "exposed" is
Face Up: the dealer's hand set first, face up, and each player's best response to it
(the strategy job's Face Up counts, verifier/strategy/faceup.py).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Mapping, Sequence

from verifier.game.ranking import FRONT_KEY_COUNT

COMMISSION, FEES = "commission", "fees"


@dataclass(frozen=True)
class SettlementRule:
    kind: str                          # COMMISSION or FEES
    commission: Fraction = Fraction(0)  # the rate on a winning wager (commission)
    player_tiers: tuple = ()           # ((lowest wager, fee), ...)   (fees)
    dealer_tiers: tuple = ()           # ((lowest total action, fee), ...)   (fees)
    table_max: int = 0                 # the largest wager (fees)
    #: conditions on the banker's set hand under which the base wager pushes (names of
    #: verifier/game/pushes.py), and what they hold to a push ("all" or "player_wins")
    push_when: tuple = ()
    push_outcomes: str = "all"
    #: "hidden" (the players set their hands on the house way, the dealer's face down) or
    #: "exposed" (Face Up: the dealer's hand is set first, face up, and each player sets
    #: the best response to it; the strategy job counts it, verifier/strategy/faceup.py)
    dealer: str = "hidden"

    def __post_init__(self) -> None:
        if self.kind not in (COMMISSION, FEES):
            from verifier.support.errors import VerifierError
            raise VerifierError(f"unknown settlement {self.kind!r}: fees or commission")
        if not 0 <= self.commission < 1:
            from verifier.support.errors import VerifierError
            raise VerifierError(f"commission {self.commission} is not between 0 and 1")
        if self.push_when:
            self.push_terms()           # one line for a condition it does not know

    @classmethod
    def of(cls, data: SettlementRule | Mapping) -> SettlementRule:
        """From a rule set's or a certificate's mapping (already checked), or as given."""
        if isinstance(data, SettlementRule):
            return data
        kind = data.get("kind")
        if kind == COMMISSION:
            return cls(COMMISSION, commission=Fraction(str(data["commission"])),
                       push_when=tuple(data.get("push_when", ())),
                       push_outcomes=str(data.get("push_outcomes", "all")),
                       dealer=str(data.get("dealer", "hidden")))
        if kind == FEES:
            return cls(FEES, player_tiers=_tiers(data.get("player_tiers", ())),
                       dealer_tiers=_tiers(data.get("dealer_tiers", ())),
                       table_max=int(data.get("table_max", 0)))
        from verifier.support.errors import VerifierError
        raise VerifierError(f"unknown settlement kind {kind!r} (commission or fees)")

    @classmethod
    def at(cls, rule_or_rate: SettlementRule | Fraction | int | str) -> SettlementRule:
        """A rule as given, or the commission rule at a rate (the table's settlements take
        either)."""
        if isinstance(rule_or_rate, SettlementRule):
            return rule_or_rate
        return cls(COMMISSION, commission=Fraction(rule_or_rate))

    @property
    def is_commission(self) -> bool:
        return self.kind == COMMISSION

    @property
    def is_fees(self) -> bool:
        return self.kind == FEES

    @property
    def has_pushes(self) -> bool:
        """Whether the base wager pushes on some banker's hands (``push_when``)."""
        return bool(self.push_when)

    # -- the same rule changed in one term -----------------------------------------------
    def at_rate(self, rate: Fraction | int | str) -> SettlementRule:
        """This rule with a commission of ``rate`` (``solve --commission``'s trials)."""
        return replace(self, commission=Fraction(rate))

    def pushing_on(self, names: Sequence[str]) -> SettlementRule:
        """This rule pushing on the conditions ``names`` in place of its own."""
        return replace(self, push_when=tuple(names))

    def without_pushes(self) -> SettlementRule:
        """This rule with no push condition and the dealer's hand hidden: the settlement
        of counts that are settled already (the strategy job's sums)."""
        return replace(self, push_when=(), dealer="hidden")

    def terms(self) -> dict[str, str]:
        """The rule's kind, and its commission under one (``{"kind": "commission",
        "commission": "0.05"}``, ``{"kind": "fees"}``): the figures' heading."""
        if self.is_commission:
            return {"kind": COMMISSION, "commission": str(self.commission)}
        return {"kind": FEES}

    def push_mapping(self) -> dict[str, object]:
        """The push conditions as a rule set writes them ({} when none)."""
        if not self.push_when:
            return {}
        return {"push_when": list(self.push_when), "push_outcomes": self.push_outcomes}

    def job_terms(self) -> dict[str, object]:
        """What decides the strategy job's sums, as its key writes them (strategy/spec.py
        ``job_key``): the value's ratio, the push conditions when there are any, Face Up."""
        cn, cd = self.value_ratio
        out: dict[str, object] = {"commission": [cn, cd]}
        if self.push_when:
            out["push"] = list(self.push_mapping().values())
        if self.dealer_exposed:
            out["face_up"] = True
        return out

    # -- what each layer asks ------------------------------------------------------------
    @property
    def win_net(self) -> Fraction:
        """What a winning unit base wager nets: 1 to 1 less the commission (fees apart)."""
        return 1 - self.commission

    @property
    def value_ratio(self) -> tuple[int, int]:
        """(cn, cd): 1 - ``win_net`` as a fraction (the commission; 0/1 under fees, whose
        flat fee is the same whichever way a hand is set): the strategy job ranks a
        setting by v = (cd - cn) W - cd L (verifier/strategy/optimal.py)."""
        rate = 1 - self.win_net
        return rate.numerator, rate.denominator

    def commission_on(self, amount: int | Fraction) -> Fraction:
        """The commission on a win of ``amount`` (0 under fees)."""
        return amount * self.commission

    def fee_bands(self) -> list[tuple[int, int, int]]:
        """[(lowest wager, highest wager, fee)] of the player's flat fees, the top tier
        ending at the table maximum ([] under a commission)."""
        tiers, out = self.player_tiers, []
        for i, (low, fee) in enumerate(tiers):
            high = tiers[i + 1][0] - 1 if i + 1 < len(tiers) else self.table_max
            if high >= low:
                out.append((low, high, fee))
        return out

    def player_return(self, win: int, loss: int, total: int) -> Fraction:
        """The player's expected result per unit wagered from win/loss counts over
        ``total`` outcomes (pushes nothing), before any flat fee."""
        return (win * self.win_net - loss) / Fraction(total)

    def banker_return(self, win: int, loss: int, total: int) -> Fraction:
        """A banking player's result per unit its one opponent wagers: it wins the
        opponent's losses less the commission on its own win, pays the opponent's wins."""
        return (loss * self.win_net - win) / Fraction(total)

    def player_fee(self, wager: int) -> int:
        """The flat fee on a base wager of ``wager`` dollars (0 under a commission)."""
        return tier_fee(wager, self.player_tiers)

    def dealer_fee(self, action: int) -> int:
        """The player-dealer's flat fee on ``action`` dollars of base wagers."""
        return tier_fee(action, self.dealer_tiers)

    # -- the push conditions on the banker's set hand (verifier/game/pushes.py) ----------
    def pushes_on(self, banker_set: tuple[int, int]) -> bool:
        """Whether a banker's hand set to (back key, front key) meets ``push_when``."""
        from verifier.game.pushes import any_holds
        return bool(self.push_when) and any_holds(self.push_when, *banker_set)

    def pushes_held(self, banker_set: tuple[int, int]) -> list[str]:
        """The push conditions a banker's hand set to (back key, front key) meets (the
        table's ledger names them)."""
        from verifier.game.pushes import any_holds
        return [n for n in self.push_when if any_holds((n,), *banker_set)]

    @property
    def dealer_exposed(self) -> bool:
        """Face Up: the dealer's hand is set and exposed before the players set theirs."""
        return self.dealer == "exposed"

    @property
    def pushes_losses(self) -> bool:
        """Whether a push condition holds a player's loss to a push too (``push_outcomes``
        "all"), not only a win."""
        return self.push_outcomes == "all"

    def settle_outcome(self, outcome: int, banker_set: tuple[int, int]) -> int:
        """The base wager's outcome (1 win, 0 push, -1 loss) as this rule settles the
        hands' comparison ``outcome`` against a banker's hand set to (back key, front
        key): a push when that hand meets ``push_when`` (a win; a loss too when
        ``pushes_losses``), else the comparison (the table's round, table/round.py)."""
        if outcome and (outcome > 0 or self.pushes_losses) and self.pushes_on(banker_set):
            return 0
        return outcome

    def push_terms(self) -> tuple:
        """The conditions as the engine takes them: ((back test, front test), ...), each
        test a function of a key or None (any); () when there is none."""
        from verifier.game.pushes import push_conditions
        return tuple((c.back, c.front) for c in push_conditions(self.push_when))

    def push_marks(self, back_keys: Sequence[int]) -> tuple[list[int], list[int]]:
        """The conditions marked on keys, as the compiled engines take them: for each of
        ``back_keys`` (an engine's distinct back keys) and each front key 0..181, a
        mask whose bit t is set when condition t's test on it holds (None: every key);
        a banker's hand meets a condition when its back's and its front's masks share a
        bit (the table's kernel, a hand's settings)."""
        terms = self.push_terms()
        if len(terms) > 8:
            from verifier.support.errors import VerifierError
            raise VerifierError("at most 8 push conditions (the engines' marks are bytes)")
        back, front = [0] * len(back_keys), [0] * FRONT_KEY_COUNT
        for t, (bt, ft) in enumerate(terms):
            for i, key in enumerate(back_keys):
                back[i] |= (bt is None or bt(key)) << t
            for key in range(FRONT_KEY_COUNT):
                front[key] |= (ft is None or ft(key)) << t
        return back, front

    def outcomes(self, counts: Mapping) -> tuple[int, int, int, int]:
        """(win, loss, push, total) of the base wager as this rule settles the exact
        counts (verifier/engine/pairwise.py): against a banker's hand that meets
        ``push_when`` a win becomes a push, and so does a loss when ``push_outcomes`` is
        "all" (the counts ``win_on_push_hand`` and ``loss_on_push_hand``)."""
        w, l, total = (int(counts[k]) for k in ("win", "loss", "total"))
        if self.dealer_exposed:     # Face Up's counts: the best response, already settled
            return w, l, total - w - l, total
        if self.push_when:
            from verifier.support.errors import VerifierError
            if "win_on_push_hand" not in counts:
                raise VerifierError("these counts were made without the push conditions "
                                    f"{', '.join(self.push_when)}: count them again")
            w -= int(counts["win_on_push_hand"])
            if self.pushes_losses:
                l -= int(counts["loss_on_push_hand"])
        return w, l, total - w - l, total

    def push_text(self) -> str:
        """The push conditions in words ('' when none)."""
        if not self.push_when:
            return ""
        what = ("every base wager pushes" if self.push_outcomes == "all"
                else "a player's win pushes (a loss stands)")
        from verifier.game.names import condition_title
        return f"{what} when the banker's hand is " + " or ".join(
            condition_title(c) for c in self.push_when)

    @property
    def win_label(self) -> str:
        """A winning base wager's pay, as the par sheet prints it."""
        if self.is_commission:
            return (f"1 to 1 less {float(self.commission):.0%} commission" if self.commission
                    else "1 to 1, no commission")
        return "1 to 1 (fee apart)"

    def describe(self) -> str:
        """The settlement in one line (``rules``)."""
        if self.is_commission:
            return (("the dealer's hand is set face up first; each player sets the best "
                     "response; " if self.dealer_exposed else "")
                    + f"wins pay {self.win_label}"
                    + ("; " + self.push_text() if self.push_when else ""))
        tiers = ", ".join(f"${lo}+: ${fee}" for lo, fee in self.player_tiers)
        dealer = ", ".join(f"${lo}+: ${fee}" for lo, fee in self.dealer_tiers) or "none"
        return (f"wins pay 1 to 1; flat player fee per hand ({tiers}); player-dealer fee "
                f"per hand by table action ({dealer}); table maximum ${self.table_max}")

    # -- the rule in the words of each document ------------------------------------------
    @property
    def pay_label(self) -> str:
        """The base wager's pay as the par sheet's base game names it."""
        return self.win_label if self.is_commission else "1 to 1, a flat fee per hand (tiers below)"

    @property
    def commission_words(self) -> str:
        """The commission as a person writes it ("5%", "2.5%")."""
        from verifier.game.names import percent
        return percent(self.commission)

    def value_words(self) -> str:
        """What ranks a hand's settings, in words (``hand --strategy``'s header)."""
        if self.is_fees:
            return ("expected result per unit: wins pay 1 to 1, before the flat fee per hand "
                    "(the same for every setting)")
        pay = (f"1 to 1 less {self.commission * 100}% commission" if self.commission
               else self.win_label)
        return (f"expected result per unit: wins pay {pay}"
                + (f"; {self.push_text()}" if self.push_when else ""))

    def bank_words(self, players_bank: bool) -> str:
        """Who banks, in a sentence (the filing's rules of play)."""
        if self.is_fees:
            return "A player-dealer banks; the house takes a collection fee and does not play."
        return ("Players may bank in turn with the dealer." if players_bank
                else "The house banks every hand.")

    def collection_words(self) -> str:
        """What the house takes from the base wager, in sentences (California's
        narrative)."""
        if self.is_fees:
            player = "; ".join(f"a wager of ${lo} or more: ${fee}" for lo, fee in self.player_tiers)
            dealer = "; ".join(f"table action of ${lo} or more: ${fee}"
                               for lo, fee in self.dealer_tiers)
            return (f"A flat collection fee is taken from each player before the cards are "
                    f"dealt, by the wager: {player}. The player-dealer pays, by the table's "
                    f"action: {dealer or 'none'}. The fee is the house's whatever the hand's "
                    f"result; the table maximum is ${self.table_max}.")
        return (f"A commission of {float(self.commission):.0%} is taken from each winning base "
                "wager as it is paid; nothing is taken from a push or a loss."
                if self.commission else "No commission or fee is taken.")


def _tiers(rows: Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(low), int(fee)) for low, fee in rows)


def tier_fee(amount: int | Fraction, tiers: Sequence[Sequence[int]]) -> int:
    """The fee of the highest tier whose lowest amount is at most ``amount``."""
    if amount < 0:
        from verifier.support.errors import VerifierError
        raise VerifierError(f"negative amount {amount} has no fee")
    fee = 0
    for low, tier_fee in tiers:
        if amount >= low:
            fee = tier_fee
    return fee
