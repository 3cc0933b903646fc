"""The ``paigow-verify`` command line: one module per command group.

Each command module exposes ``register(subparsers)``, adding its subcommands with
``set_defaults(func=...)``; ``func(args)`` returns the exit status.

``main`` is the console script's entry point: it puts the signal handlers in place before
anything heavy is imported, so that Ctrl-C or SIGTERM at any moment ends the command with
its one line (``paigow-verify: interrupted``), never a traceback.
"""
from __future__ import annotations
from typing import TYPE_CHECKING


if TYPE_CHECKING:
    from typing import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    import threading
    from verifier.support import interrupts
    if threading.current_thread() is threading.main_thread():
        interrupts.install()
    try:
        from verifier.cli.app import main as run
    except KeyboardInterrupt as exc:
        return interrupts.report(exc)
    return run(argv)


__all__ = ["main"]
