"""Ctrl-C and SIGTERM that are never lost.

Python raises KeyboardInterrupt at the next bytecode of the main thread; when that
bytecode belongs to a finalizer (a ``__del__``, a Cython ``__dealloc__``), the exception
is printed as "ignored" and the program goes on as if nothing happened. The command line
therefore also records each signal here: a file is not put in place after one
(``files.atomic_write_bytes`` checks), and a command that returns after one still ends
as interrupted (exit 130, or 143 for SIGTERM). The "ignored" report of such a recorded
interrupt is not printed either: the user sees the one line the command ends with.
"""
import signal
import sys

_received: list = []    # the signals received since ``reset``
_previous_hook = None   # sys.unraisablehook before install()


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an exception so that every write cleans up as on Ctrl-C."""


def _on_sigint(signum, frame):
    _received.append(signal.SIGINT)
    raise KeyboardInterrupt()


def _on_sigterm(signum, frame):
    _received.append(signal.SIGTERM)
    raise Terminated()


def _unraisable(info):
    """An interrupt raised inside a finalizer, already recorded: no "Exception ignored"
    report (the command still ends as interrupted); anything else as Python reports it."""
    if isinstance(info.exc_value, KeyboardInterrupt) and _received:
        return
    (_previous_hook or sys.__unraisablehook__)(info)


def install():
    """Handlers for SIGINT and SIGTERM (main thread only); forgets earlier signals."""
    global _previous_hook
    _received.clear()
    signal.signal(signal.SIGINT, _on_sigint)
    signal.signal(signal.SIGTERM, _on_sigterm)
    if sys.unraisablehook is not _unraisable:
        _previous_hook = sys.unraisablehook
        sys.unraisablehook = _unraisable


def report(exc):
    """The one line of an interrupted command, and its exit status (130, or 143 for
    SIGTERM)."""
    terminated = isinstance(exc, Terminated)
    print(f"paigow-verify: {'terminated' if terminated else 'interrupted'}", file=sys.stderr)
    return 128 + (signal.SIGTERM if terminated else signal.SIGINT)


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



def interruptible(fn, *args, on_stop=None):
    """``fn(*args)`` in a thread of its own while the main thread waits in steps of 50 ms,
    so that Ctrl-C or SIGTERM is answered at once (a compiled step runs for seconds in C,
    where Python runs no signal handler): the waiting thread raises, and calls
    ``on_stop()`` to ask the step to stop (a step that cannot be stopped holds its own
    objects only and ends with the process). A signal lost in a finalizer meanwhile is
    raised too (``check``). Called off the main thread (a Ray actor, the workbench, a
    test's thread), it is ``fn(*args)``."""
    import threading
    if threading.current_thread() is not threading.main_thread():
        return fn(*args)
    box: dict = {}

    def work():
        try:
            box["value"] = fn(*args)
        except BaseException as exc:        # noqa: BLE001 (raised in the waiting thread)
            box["error"] = exc
    check()                                 # a signal lost before the step: not started
    thread = threading.Thread(target=work, name="paigow-verify step", daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(0.05)
            check()
    except BaseException:
        if on_stop is not None:
            on_stop()
        raise
    if "error" in box:
        raise box["error"]
    return box["value"]


def stoppable(report):
    """(a progress report for a compiled step, the function that stops the step): the
    report passes each call on to ``report`` (None: to nothing) and, once the step is
    asked to stop, raises instead, which ends the step at its next report."""
    import threading
    stop = threading.Event()

    def polled(*args):
        if stop.is_set():
            raise KeyboardInterrupt()
        if report is not None:
            report(*args)
    return polled, stop.set
