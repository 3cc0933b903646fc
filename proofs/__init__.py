"""Independent closed-form derivations of the verifier's headline counts.

Each module derives one family of numbers by a combinatorial argument (choose the
ranks, choose the suits, subtract straights and flushes, add the joker cases) and
returns an exact ``int``. None of them looks at a single seven-card hand: they are a
check on the enumeration, not a second copy of it. ``registry.ENTRIES`` lists them
with their published values and the matching number of an ``EnumerationResult``;
``compare.run_all(result)`` sets the two side by side. See docs/PROOFS.md.

This folder stands at the repository's top level and is installed as ``verifier.proofs``
(setuptools ``package_dir``); from a checkout, ``verifier/__init__.py`` maps that name to
it (verifier/support/sourcetree.py). Its modules import each other as ``verifier.proofs``.
"""
