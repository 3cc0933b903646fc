"""How to install an optional extra, said once for every message that needs one. The
package is installed from its source checkout (its name is not on PyPI), so the hint is
``pip install '.[EXTRA]'`` run there (README)."""
from __future__ import annotations


def install_hint(extra: str) -> str:
    """``pip install '.[web]' (in the project's checkout)`` for ``extra`` = "web"."""
    return f"pip install '.[{extra}]' (in the project's checkout)"
