"""The pure-Python reference engine: the slow, obvious twin of the compiled core.

Every function here is written as a direct reading of docs/RULES.md / docs/ENGINE.md, not
for speed, so that it can cross-check ``verifier.engine._core``. ``core`` exposes the engine
API; ``ranking``, ``house_way`` and ``categories`` hold one idea each.
"""
