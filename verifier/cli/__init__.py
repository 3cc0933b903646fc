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
    try:
        if threading.current_thread() is threading.main_thread():
            interrupts.install()        # a signal held since the process started: raised here
        from verifier.cli.app import main as run
        return run(argv)
    except KeyboardInterrupt as exc:   # the import of the commands, or a signal that
        return interrupts.report(exc)  # reaches here past their own handler
    except Exception:                  # an interrupt that Python wrapped on its way
        wrapped = interrupts.pending()
        if wrapped is None:
            raise
        return interrupts.report(wrapped)


def console() -> None:
    """The console script (and ``python -m verifier.cli``): ``main``'s status is the
    process's. An interrupted command (130, 143) has cleaned up and printed its one line by
    then, and ends at once, skipping the interpreter's finalization as a signal's default
    action would: a step still running in C does not hold the exit, and CPython does not
    end the process by the signal after it was handled (exit 130, never -2: issue 35)."""
    import os
    import sys
    status = main()
    if status in (130, 143):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    sys.exit(status)


__all__ = ["main", "console"]
