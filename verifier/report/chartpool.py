"""The chart processes: two processes that draw the par sheet's charts side by side
(``start_pool``), forked from a server that imports matplotlib while the command goes on,
and the work handed to them behind the charts (``later``: the certificate's check, the
filing's worked examples and xlsx), each answer done here where they are not there."""
from __future__ import annotations

import contextlib
import functools
import os
from dataclasses import replace
from typing import Any, Callable, Iterator

from verifier.report import charts
from verifier.report.sheet import Bet


#: the processes that draw charts side by side (``start_pool``), or None: drawn here
_pool: Any = None


def start_pool() -> None:
    """Start, ahead of the work, two processes that will draw the charts side by side, on a
    machine of two cores or more: forked from a server that imports matplotlib at once,
    while this process goes on (the certificate's check). For a command that draws charts
    (``report --format html|pdf``); without it, or where it fails, they are drawn here."""
    global _pool, _hands
    if _pool is not None or (os.cpu_count() or 1) < 2:
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
    from verifier.support.interrupts import held
    try:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["verifier.report.chartpool", "matplotlib.figure",
                                        "matplotlib.backends.backend_svg"])
        from multiprocessing import forkserver, resource_tracker
        # the server and the drawing processes never take Ctrl-C (issue 52: no traceback
        # of theirs in their start-up); the resource tracker first, as its start lets
        # SIGINT through whatever held it (CPython's resource_tracker.py), and holds it itself
        resource_tracker.ensure_running()
        with held(), _this_package_first():
            forkserver.ensure_running()
            _pool = ProcessPoolExecutor(max_workers=2, mp_context=context, initializer=_deaf)
    except (OSError, ValueError, ImportError):
        _pool = None
    else:
        _hands = ThreadPoolExecutor(max_workers=1, thread_name_prefix="chart-hands")


@contextlib.contextmanager
def _this_package_first() -> Iterator[None]:
    """The environment the chart server starts in. Python's forkserver runs `python -c`, which
    puts the working directory first on the server's path (3.11 does not pass it this
    process's path): from a checkout's root, after `pip install .`, the server would import
    the checkout's source tree, not the package this process runs (a certificate checked
    there then failed on a fresh clone). It starts with the folder this process's
    ``verifier`` came from first on its path, and the working directory not put on it."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    saved = {k: os.environ.get(k) for k in ("PYTHONPATH", "PYTHONSAFEPATH")}
    os.environ["PYTHONPATH"] = os.pathsep.join([root, *filter(None, [saved["PYTHONPATH"]])])
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def stop_pool(at_once: bool = False) -> None:
    """End the processes of ``start_pool`` (the charts being drawn, then nothing queued):
    the command ends, interrupted or not, with no process of its own left behind.
    ``at_once`` (an interrupted command): they are terminated, not waited for (a chart or
    the certificate's check would hold the command's answer for seconds)."""
    global _pool
    _ahead.clear()
    _later.clear()
    if _pool is not None:
        if at_once:
            for process in list((getattr(_pool, "_processes", None) or {}).values()):
                process.terminate()
        # every hand-over done; at once, none more, and one waiting for the server fails
        # with it (it would hold the pool's shutdown until the server is up)
        _hands.shutdown(wait=not at_once, cancel_futures=at_once)
        if at_once:
            _stop_server()
        _pool.shutdown(wait=True, cancel_futures=True)      # at once: nothing runs now
        _pool = None


def _stop_server() -> None:
    """The fork server of the chart processes ended now (it may still be importing
    matplotlib, for seconds: it would hold the command's output open that long), as the
    command ends."""
    import signal
    from multiprocessing import forkserver
    server = getattr(forkserver, "_forkserver", None)
    pid = getattr(server, "_forkserver_pid", None)
    if server is None or pid is None:
        return
    try:
        os.kill(pid, signal.SIGTERM)            # its default: it ends, without a word
        server._stop()                          # reaped, its socket removed
    except (OSError, AttributeError):
        pass


def _deaf() -> None:
    """A drawing process leaves Ctrl-C to the command (which says it was interrupted)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


#: the thread that hands work to the pool (``_hand``), or None
_hands: Any = None


def _hand(fn: Callable[..., Any], *args: Any) -> Any:
    """A future of ``fn(*args)`` done by the pool, handed to it by the thread ``_hands``, in
    the order asked: the first hand-over waits for the server to start the pool's processes
    (matplotlib imported), which this process does not wait for."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool
    outer: Future = Future()
    pool = _pool

    def copy(inner: Future) -> None:
        if inner.cancelled():
            outer.cancel()
        elif inner.exception() is not None:
            outer.set_exception(inner.exception())
        else:
            outer.set_result(inner.result())

    def submit() -> None:
        try:
            pool.submit(fn, *args).add_done_callback(copy)
        except (BrokenProcessPool, RuntimeError, OSError, ValueError):
            outer.cancel()              # the pool broken or shut down: done here (_answer)
    _hands.submit(submit)
    return outer


#: the charts handed to the pool ahead (``draw_ahead``): id of the bet -> its futures
_ahead: dict[int, Any] = {}


def _submit(bet: Bet) -> list:
    """(title, future) of each chart of ``bet``, handed to the pool: what a chart reads
    crosses to the drawing process, not the bet's formula (its pay table and counts)."""
    return [(title, _hand(draw, replace(bet, formula=None)))
            for title, draw in charts._kinds(bet)]


def draw_ahead(bets: list[Bet]) -> None:
    """Hand the charts of ``bets`` to the pool of ``start_pool`` now, drawn while this
    process does something else (the PDF: WeasyPrint imported); ``each_bets_later``
    takes them. Without a pool, nothing."""
    if _pool is not None:
        _ahead.update((id(bet), _submit(bet)) for bet in bets if id(bet) not in _ahead)
    _release()


def sheet_ahead(sheet: Any) -> None:
    """What the pool makes of a par sheet (``report.sheet.ParSheet``), handed to it now:
    the operator figures' bands first (the page reads them before any chart:
    ``Operator.bands_ahead``), then the charts of its bets and its base game
    (``draw_ahead``). Without a pool, nothing."""
    if sheet.operator is not None:
        sheet.operator.bands_ahead()
    draw_ahead(sheet.bets + ([sheet.base_game] if sheet.base_game else []))


def pooled() -> bool:
    """Whether ``start_pool``'s processes are there to take work (``later``)."""
    return _pool is not None


class Later:
    """``fn(*args)`` (its answer picklable) done by one of ``start_pool``'s processes behind
    the charts, its answer wanted only at the end (``result``): the certificate's check
    while WeasyPrint lays out the page. Done here, when asked, without a pool or where the
    process is lost."""

    def __init__(self, fn: Callable[..., Any], *args: Any) -> None:
        self.fn, self.args, self.future = fn, args, None

    def start(self) -> None:
        if self.future is None and _pool is not None:
            self.future = _hand(self.fn, *self.args)

    def result(self) -> Any:
        self.start()
        return _answer(self.future, self.fn, *self.args)


#: the work of ``later`` not yet handed to the pool (it follows the charts)
_later: list[Later] = []


def later(fn: Callable[..., Any], *args: Any) -> Later:
    """``fn(*args)`` handed to the pool as soon as the charts are (``draw_ahead``): they
    come first, being wanted first; ``Later.result`` hands it at once if they never come."""
    job = Later(fn, *args)
    _later.append(job)
    return job


def _release() -> None:
    while _later:
        _later.pop(0).start()


def each_bets_later(bets: list[Bet]) -> list[list[tuple[str, Callable[[], str]]]]:
    """``charts.charts_of`` each of ``bets``, in order, without waiting: (title, ``svg``) of each
    chart, ``svg()`` its SVG text once drawn: by the pool of ``start_pool`` when there is
    one (the same SVG text; a chart whose process is lost drawn here), else here when
    asked."""
    if _pool is None:
        return [[(title, functools.partial(draw, bet)) for title, draw in charts._kinds(bet)]
                for bet in bets]
    futures = [_ahead.pop(id(bet), None) or _submit(bet) for bet in bets]
    _release()
    return [[(title, functools.partial(_answer, future, draw, bet))
             for (title, future), (_, draw) in zip(drawn, charts._kinds(bet))]
            for bet, drawn in zip(bets, futures)]


def _answer(future: Any, fn: Callable[..., Any], *args: Any) -> Any:
    """The pool's answer of ``future``, or ``fn(*args)`` done here: without a future, or
    when its process is lost (or the pool stopped, its work cancelled)."""
    from concurrent.futures import CancelledError
    from concurrent.futures.process import BrokenProcessPool
    if future is not None:
        try:
            return future.result()
        except (BrokenProcessPool, CancelledError, OSError):
            pass
    return fn(*args)
