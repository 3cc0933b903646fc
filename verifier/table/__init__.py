"""The table: one round of the California player-dealer game, dealt, set, settled.

Modules, one idea each:

- ``deal``     -- the seven piles, the dice, the action seat, handing out the piles
- ``limits``   -- table limits and the validation of a round's wagers and bank
- ``fees``     -- the filed collection-fee schedule
- ``hands``    -- setting many hands in one batched call (the engine's hot path)
- ``settle``   -- per-wager outcomes, settlement with the bank's cap, the ledger
- ``round``    -- a full round, pure and deterministic
- ``simulate`` -- many rounds with a rotating bank, in parallel, reproducible by seed

Readings of the filing that the table needs are documented in docs/TABLE.md.
Chips are exact integers throughout (only the "uncovered part of a partly paid
win" is a Fraction).
"""
