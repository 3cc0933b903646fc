"""The table: rounds of the California player-dealer game and of the casino games, dealt,
set, settled; many rounds simulated.

Modules, one idea each:

- ``deal``     -- the seven piles, the dice, the action seat, handing out the piles
- ``limits``   -- the table's rules from a rule set, table limits, a round's validation
- ``fees``     -- the filed collection-fee schedule
- ``settle``   -- per-wager outcomes, settlement with the bank's cap, the ledger
- ``bank``     -- a round a player banks: what it must cover, its settlement
- ``custom``   -- a rule set's custom side bets at the table
- ``round``    -- a full round, pure and deterministic
- ``roundfile``-- a round as a JSON file (``settle ROUND.json``) and as text
- ``setup``    -- a table set up for many rounds: seats, wagers, chips, the bank's rotation
- ``simulate`` -- many rounds, reproducible by seed, in parallel (the Python path)
- ``kernel``   -- the compiled kernel's adapter (cext/table_sim.h)
- ``stats``    -- exact sums per seat, position and source, with 99% intervals
- ``summary``  -- the results as JSON-ready data and text

The table a rule set describes (``limits.TableRules.from_ruleset``): the California game,
or a casino game the house banks for a commission, with the Emperor's Challenge bets,
where players may bank in turn (docs/TABLE.md, "Rule sets at the table", "The bank in
rotation"). Readings of the filing that the table needs are documented in docs/TABLE.md.
Chips are exact integers throughout (only the "uncovered part of a partly paid win" and
a commission's part of a dollar are Fractions).
"""
