"""The workbench's progressive page (issue 37, docs/PROGRESSIVES.md): a shipped progressive
table's tiers and figures from a certificate's counts, a slider per meter whose every move
asks the server for the exact return (``/api/progressive``), the break-even marked. The
figures are ``ProgressiveOdds.figures``, the JSON of ``paigow-verify progressive``."""
from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from verifier.support.errors import VerifierError, choose

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate

#: slider steps per meter
STEPS = 1_000


def table_paths() -> dict[str, Path]:
    """The shipped progressive tables by name (the file's stem)."""
    from verifier.game.paytables import DATA_DIR
    return {p.stem: p for p in sorted((DATA_DIR / "progressives").glob("*.toml"))}


def figures(cert: Certificate, name: object, meters: object = None) -> dict[str, Any]:
    """The figures of shipped table ``name`` on ``cert`` at ``meters`` ({name: dollars as
    text}, the rest at their reset), with each meter's slider range."""
    from verifier.certificate.odds import progressive_odds
    from verifier.game.progressive import amount, load
    paths = table_paths()
    name = choose("progressive table", name, paths, verb="no")
    if meters is not None and not isinstance(meters, dict):
        raise VerifierError("meters: not an object of meter values")
    given = {str(k)[:40]: amount(v, f"meter {str(k)[:40]}") for k, v in (meters or {}).items()}
    odds = progressive_odds(cert.raw, load(str(paths[str(name)])))
    out = odds.figures(given)
    for m, row in out["meters"].items():
        row["slider"] = _slider(odds.table.meters[m], row)
        row["dollars"] = float(Fraction(row["value"]))    # where the slider opens
    return out


def _slider(meter: Any, row: dict[str, Any]) -> dict[str, float]:
    """min (the reset), max (the cap, else a round figure past the break-even and the
    expected meter at a hit) and step of a meter's slider; the break-even as a tick."""
    low = float(meter.reset)
    if meter.cap is not None:
        high = float(meter.cap)
    else:
        marks = [2 * low, low + 1] + [2 * row[k]["decimal"] for k in ("break_even",
                                                                      "expected_at_hit")
                                      if row[k] is not None]
        top = max(marks)
        scale = 10 ** max(0, math.floor(math.log10(top)))
        high = math.ceil(top / scale) * scale
    step = max(0.01, round((high - low) / STEPS, 2))
    return {"min": low, "max": high, "step": step}
