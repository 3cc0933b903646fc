"""Ctrl-C and SIGTERM that are never lost.

Python raises KeyboardInterrupt at the next bytecode of the main thread; when that
bytecode belongs to a finalizer (a ``__del__``, a Cython ``__dealloc__``), the exception
is printed as "ignored" and the program goes on as if nothing happened. The command line
therefore also records each signal here: a file is not put in place after one
(``files.atomic_write_bytes`` checks), and a command that returns after one still ends
as interrupted (exit 130, or 143 for SIGTERM). The "ignored" report of such a recorded
interrupt is not printed either: the user sees the one line the command ends with.
"""
from __future__ import annotations

import signal
import sys
from contextlib import contextmanager
from typing import Any, Callable, Generic, Iterator, TypeVar

T = TypeVar("T")

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


#: the signals a command answers with its one line
SIGNALS = {signal.SIGINT, signal.SIGTERM}


def install() -> None:
    """Handlers for SIGINT and SIGTERM (main thread only); forgets earlier signals. Then
    the two are let through: a process started with them blocked (``held``: from its
    first instruction, by whatever started it) gets a signal that came meanwhile now, as
    its one line, never Python's default (exit -2 or -15, or a traceback)."""
    global _previous_hook
    _received.clear()
    if sys.unraisablehook is not _unraisable:
        _previous_hook = sys.unraisablehook
        sys.unraisablehook = _unraisable
    signal.signal(signal.SIGINT, _on_sigint)
    signal.signal(signal.SIGTERM, _on_sigterm)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)


def installed() -> bool:
    """Whether this process answers signals with the command's one line already."""
    return signal.getsignal(signal.SIGINT) is _on_sigint


@contextmanager
def held(signals: frozenset = frozenset({signal.SIGINT})) -> Iterator[None]:
    """Within the block, ``signals`` are held back from this thread (a process started in
    it inherits them held for good: a helper leaves Ctrl-C to the command, and a Ctrl-C
    at its start-up never prints its traceback); one that came meanwhile is delivered at
    the block's end. Off the main thread, or where the platform has no signal masks,
    nothing."""
    import threading
    if threading.current_thread() is not threading.main_thread() or \
            not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, signals)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def report(exc: BaseException) -> int:
    """The one line of an interrupted command, and its exit status (130, or 143 for
    SIGTERM)."""
    terminated = isinstance(exc, Terminated)
    _received.clear()                       # told: the next command starts afresh
    print(f"paigow-verify: {'terminated' if terminated else 'interrupted'}", file=sys.stderr)
    return 128 + (signal.SIGTERM if terminated else signal.SIGINT)


def pending() -> BaseException | None:
    """The exception a recorded signal stands for, or None. Also what an exception stands
    for when Python turned a signal's KeyboardInterrupt into another one on its way (a
    class's ``__set_name__`` during an import: "RuntimeError: Error calling
    __set_name__"); None: the exception is the command's own."""
    if not _received:
        return None
    return Terminated() if signal.SIGTERM in _received else KeyboardInterrupt()


def check() -> None:
    """Raise for a signal that was received but whose exception was lost."""
    exc = pending()
    if exc is not None:
        raise exc



def interruptible(fn: Callable[..., T], *args: Any,
                  on_stop: Callable[[], object] | None = None) -> T:
    """``fn(*args)`` in a thread of its own while the main thread waits in steps of 50 ms,
    so that Ctrl-C or SIGTERM is answered at once (a compiled step runs for seconds in C,
    where Python runs no signal handler): the waiting thread raises, and calls
    ``on_stop()`` to ask the step to stop (a step that cannot be stopped holds its own
    objects only and ends with the process). A signal lost in a finalizer meanwhile is
    raised too (``check``). Work given to ``alongside`` runs in the main thread first.
    Called off the main thread (a Ray actor, the workbench, a test's thread), it is
    ``fn(*args)``."""
    import threading
    if threading.current_thread() is not threading.main_thread():
        return fn(*args)
    check()                                 # a signal lost before the step: not started
    step = Behind(lambda: fn(*args), "paigow-verify step")
    step.thread.start()
    try:
        while _alongside:                   # the main thread's own work meanwhile
            _alongside.pop(0).run()
        while step.thread.is_alive():
            step.thread.join(0.05)
            check()
    except BaseException:
        if on_stop is not None:
            on_stop()
        raise
    return step.value


class Alongside(Generic[T]):
    """Work for the main thread while a step runs (``alongside``): ``value`` once run."""

    def __init__(self, fn: Callable[[], T]):
        self.fn, self.started = fn, False
        self.value: T | None = None

    def run(self) -> None:
        if not self.started:
            self.started = True
            self.value = self.fn()


_alongside: list[Alongside] = []    # waiting for the main thread's next step


@contextmanager
def alongside(fn: Callable[[], T]) -> Iterator[Alongside[T]]:
    """Within the block, ``fn()`` runs in the main thread while the next ``interruptible``
    step runs in its own thread (a compiled count that releases the GIL: the two take
    two cores), else at the block's end (no step ran, or the block runs off the main
    thread). Its value is the yielded object's ``value`` after the block; an exception
    of ``fn`` stops the step (``on_stop``) and is raised."""
    import threading
    job = Alongside(fn)
    if threading.current_thread() is threading.main_thread():
        _alongside.append(job)
    try:
        yield job
    finally:
        if job in _alongside:
            _alongside.remove(job)
    job.run()


def stoppable(report: Callable[..., object] | None
              ) -> tuple[Callable[..., None], Callable[[], None]]:
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


class Behind(Generic[T]):
    """``fn()`` in a daemon thread of its own, to be started (``behind``, and
    ``interruptible``'s step): ``value`` once it ended, its result or its exception
    raised."""

    def __init__(self, fn: Callable[[], T], name: str = "paigow-verify behind"):
        import threading
        self.box: dict = {}
        self.thread = threading.Thread(target=self._work, args=(fn,), daemon=True, name=name)

    def _work(self, fn: Callable[[], T]) -> None:
        try:
            self.box["value"] = fn()
        except BaseException as exc:        # noqa: BLE001 (raised where ``value`` is read)
            self.box["error"] = exc

    @property
    def value(self) -> T:
        if "error" in self.box:
            raise self.box["error"]
        return self.box["value"]


@contextmanager
def behind(fn: Callable[[], T]) -> Iterator[Behind[T]]:
    """Within the block, ``fn()`` runs in a thread of its own: Python work that takes the
    GIL whenever the block's compiled steps (``interruptible``) release it, so that it
    fills the cores' idle moments instead of running before them. After the block the
    yielded object's ``value`` is its result (its exception raised there). An interrupted
    block does not wait for it (a daemon thread, ended with the process)."""
    job = Behind(fn)
    job.thread.start()
    yield job
    job.thread.join()
