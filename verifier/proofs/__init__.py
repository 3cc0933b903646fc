"""Independent closed-form derivations of the verifier's headline counts.

Each module derives one family of numbers by a combinatorial argument (choose the
ranks, choose the suits, subtract straights and flushes, add the joker cases) and
returns an exact ``int``. None of them looks at a single seven-card hand: they are a
check on the enumeration, not a second copy of it. ``registry.ENTRIES`` lists them
with their published values and the matching number of an ``EnumerationResult``;
``compare.run_all(result)`` sets the two side by side. See docs/PROOFS.md.

Inside this package only relative imports are used, so that it works both as the
top-level ``proofs`` of a source tree and installed as ``verifier.proofs``.
"""
