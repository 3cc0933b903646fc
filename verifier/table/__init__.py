"""The table: one round of the California player-dealer game, dealt, set, settled.

Modules, one idea each:

- ``deal``     -- the seven piles, the dice, the action seat, handing out the piles
- ``limits``   -- table limits and the validation of a round's wagers and bank
- ``fees``     -- the filed collection-fee schedule
- ``hands``    -- setting many hands in one batched call (the engine's hot path)
- ``settle``   -- per-wager outcomes, settlement with the bank's cap, the ledger
- ``round``    -- a full round, pure and deterministic
- ``simulate`` -- many rounds with a rotating bank, in parallel, reproducible by seed

The table a rule set describes (``limits.TableRules.from_ruleset``): the California game
above, or a casino game the house banks for a commission, with the Emperor's Challenge
bets (docs/TABLE.md, "Rule sets at the table").

Readings of the filing that the table needs are documented in docs/TABLE.md.
Chips are exact integers throughout (only the "uncovered part of a partly paid
win" and a commission's part of a dollar are Fractions).
"""
