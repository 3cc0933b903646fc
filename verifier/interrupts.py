"""Ctrl-C and SIGTERM that are never lost.

Python raises KeyboardInterrupt at the next bytecode of the main thread; when that
bytecode belongs to a finalizer (a ``__del__``, a Cython ``__dealloc__``), the exception
is printed as "ignored" and the program goes on as if nothing happened. The command line
therefore also records each signal here: a file is not put in place after one
(``files.atomic_write_bytes`` checks), and a command that returns after one still ends
as interrupted (exit 130, or 143 for SIGTERM).
"""
import signal

_received = []          # the signals received since ``reset``


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an exception so that every write cleans up as on Ctrl-C."""


def _on_sigint(signum, frame):
    _received.append(signal.SIGINT)
    raise KeyboardInterrupt()


def _on_sigterm(signum, frame):
    _received.append(signal.SIGTERM)
    raise Terminated()


def install():
    """Handlers for SIGINT and SIGTERM (main thread only); forgets earlier signals."""
    _received.clear()
    signal.signal(signal.SIGINT, _on_sigint)
    signal.signal(signal.SIGTERM, _on_sigterm)


def pending():
    """The exception a recorded signal stands for, or None."""
    if not _received:
        return None
    return Terminated() if signal.SIGTERM in _received else KeyboardInterrupt()


def check():
    """Raise for a signal that was received but whose exception was lost."""
    exc = pending()
    if exc is not None:
        raise exc
