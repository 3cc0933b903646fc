"""The named bets, one module each (docs/ARCHITECTURE.md, "Where a new thing goes").

Each module declares ``BET = verifier.game.bets.Bet(...)``: its name and aliases (the
rule-set key is its name), how it reads hands, its certificate section (derive; check
re-derives), its par-sheet notes, its readings and how the table settles it
(``TableSide``). ``verifier.game.bets.registry`` finds the modules here on first use
(and a separate package's bets, by the entry-point group ``paigow_verifier.bets``), each
bet's hooks checked against their protocols (verifier/game/hooks.py); no module imports
this package by name, and every layer iterates the registry instead of naming a bet. A module imports the layers it needs inside its hooks, so that finding
the bets costs nothing but their declarations.
"""
