"""The par sheet's charts, drawn with matplotlib as inline SVG text: the return by line,
the distribution of outcomes, and the confidence funnel over the number of bets."""
from __future__ import annotations

import contextlib
import functools
import io
import math
import os
import re
from dataclasses import replace
from typing import Any, Callable, Iterator

from verifier.report.sheet import Z90, Z95, Bet

WIDTH, HEIGHT = 7.2, 3.2          # inches


def _figure(height: float) -> tuple[Any, Any]:
    """A matplotlib figure WIDTH x ``height`` inches, made without pyplot (no figure
    manager, no GUI backend: the figure is only ever saved as SVG)."""
    import matplotlib
    matplotlib.rcParams.update({"svg.hashsalt": "paigow-verifier",  # stable ids
                                "svg.fonttype": "none", "font.size": 9,
                                "font.family": "DejaVu Sans"})
    _share_text_to_path()
    from matplotlib.figure import Figure
    fig = Figure(figsize=(WIDTH, height))
    return fig, fig.add_subplot()


def _share_text_to_path() -> None:
    """Every renderer of this process given one ``TextToPath`` (matplotlib makes one per
    renderer, ``RendererBase.__init__``, and with it a math text parser whose cache is its
    own): a log axis's labels (``$\\mathdefault{10^{3}}$``) are parsed once a process,
    not again by each of a chart's two drawings (``bbox_inches="tight"``) and each chart:
    about a third of the charts' CPU, the same SVG text. A ``TextToPath`` keeps nothing of
    a renderer's (its font scale and dpi are constants)."""
    import matplotlib.text
    import matplotlib.textpath
    if getattr(matplotlib.text.TextToPath, "shared", False) or not hasattr(
            matplotlib.textpath, "TextToPath"):
        return
    one = matplotlib.textpath.TextToPath()

    def shared() -> Any:
        return one
    shared.shared = True            # type: ignore[attr-defined]
    matplotlib.text.TextToPath = shared     # type: ignore[misc, assignment]


def _svg(fig: Any) -> str:
    out = io.StringIO()
    fig.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = out.getvalue()
    text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.S)
    text = re.sub(r'<(\w+)([^<>]*?) style="([^"]*)"', _attributes, text)
    return text[text.index("<svg"):]          # inline: no XML prologue or doctype


#: the SVG properties matplotlib writes in a ``style`` that are presentation attributes too
#: (SVG 1.1) and that the SVG's own style sheet (``*{stroke-linejoin: round;
#: stroke-linecap: butt}``, above every attribute) leaves alone
PRESENTATION = frozenset({
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
    "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "opacity", "font-size",
    "font-family", "font-style", "font-weight", "text-anchor", "clip-rule"})


def _attributes(match: re.Match) -> str:
    """An element's ``style="a: b; ..."`` as attributes ``a="b"`` where ``PRESENTATION``
    has ``a`` and the element has no attribute ``a`` already, the rest kept in its style:
    the same picture (an element's own attribute outranks what it inherits, as its style
    does), but WeasyPrint parses a style attribute as CSS, element by element: about a
    tenth of the time it takes to write the PDF."""
    tag, attrs, style = match.groups()
    moved, kept = [], []
    for declaration in filter(str.strip, style.split(";")):
        name, _, value = declaration.partition(":")
        name, value = name.strip(), value.strip()
        if name in PRESENTATION and not re.search(rf'\s{re.escape(name)}="', attrs):
            moved.append(f' {name}="{value}"')
        else:
            kept.append(declaration.strip())
    return (f"<{tag}{attrs}{''.join(moved)}"
            + (f' style="{"; ".join(kept)}"' if kept else ""))


def return_by_line(bet: Bet) -> str:
    """Horizontal bars: each line's contribution to the return (losing outcome apart)."""
    lines = [line for line in bet.lines if line.pay != "loses"]
    fig, ax = _figure(0.28 * len(lines) + 1.0)
    values = [float(line.contribution) for line in lines]
    ax.barh(range(len(lines)), values, color="#2c6e9b")
    ax.set_yticks(range(len(lines)), [line.title for line in lines])
    ax.invert_yaxis()
    unit = "dollars per other hand" if bet.kind == "amount" else "units per unit bet"
    ax.set_xlabel(f"Contribution to the return ({unit})")
    ax.set_title(f"{bet.title}: return by line")
    ax.grid(axis="x", alpha=0.3)
    return _svg(fig)


def outcome_distribution(bet: Bet) -> str:
    """Horizontal bars, the probability of every outcome on two scales side by side: linear
    (the common lines in proportion: a Wrangler Push's 2 to 1 beside its push) and log (the
    rare lines, invisible on the linear one), each axis labelled with its scale."""
    lines = [line for line in bet.lines if line.probability > 0]
    fig, linear = _figure(0.28 * len(lines) + 1.0)
    fig.delaxes(linear)
    linear, log = fig.subplots(1, 2, sharey=True, gridspec_kw={"wspace": 0.08})
    values = [float(line.probability) for line in lines]
    for ax, scale in ((linear, "linear"), (log, "log")):
        ax.barh(range(len(lines)), values, color="#7a9a3a")
        ax.set_xscale(scale)
        ax.set_xlabel(f"Probability ({scale} scale)")
        ax.grid(axis="x", alpha=0.3)
    linear.set_xlim(0, max(values) * 1.05)
    from matplotlib.ticker import NullFormatter
    log.set_xlim(10 ** math.floor(math.log10(min(values))), 1.0)   # whole decades, labelled
    log.xaxis.set_minor_formatter(NullFormatter())
    linear.set_yticks(range(len(lines)), [line.title for line in lines])
    linear.invert_yaxis()
    fig.suptitle(f"{bet.title}: distribution of outcomes", fontsize=9)
    return _svg(fig)


def confidence_funnel(bet: Bet) -> str:
    """The average result per unit bet after n bets: expected, with 90% and 95% bands."""
    points = [round(10 ** (k / 8)) for k in range(8, 49)]          # 10 .. 1,000,000
    mean = float(bet.expected)
    sd = bet.standard_deviation
    fig, ax = _figure(HEIGHT)
    for z, shade, name in ((Z95, "#c9dcec", "95%"), (Z90, "#8fb6d6", "90%")):
        ax.fill_between(points, [mean - z * sd / math.sqrt(n) for n in points],
                        [mean + z * sd / math.sqrt(n) for n in points], color=shade,
                        label=f"{name} range")
    ax.plot(points, [mean] * len(points), color="#1d3f5c", label="expected return")
    ax.axhline(0, color="#888888", linewidth=0.8)
    ax.set_xscale("log")
    ax.set_xlabel("Number of unit bets")
    ax.set_ylabel("Result per unit bet")
    ax.set_title(f"{bet.title}: confidence funnel")
    ax.legend(loc="upper right")
    ax.grid(alpha=0.3)
    return _svg(fig)


def _kinds(bet: Bet) -> list[tuple[str, Callable[[Bet], str]]]:
    """The charts of one bet: (title, the function that draws it)."""
    out: list[tuple[str, Callable[[Bet], str]]] = [
        ("Return by line", return_by_line), ("Distribution of outcomes", outcome_distribution)]
    if bet.kind == "wager":
        out.append(("Confidence funnel", confidence_funnel))
    return out


def charts_of(bet: Bet) -> list[tuple[str, str]]:
    """The charts of one bet, as (title, svg) pairs."""
    return [(title, draw(bet)) for title, draw in _kinds(bet)]


#: the processes that draw charts side by side (``start_pool``), or None: drawn here
_pool: Any = None


def start_pool() -> None:
    """Start, ahead of the work, two processes that will draw the charts side by side, on a
    machine of two cores or more: forked from a server that imports matplotlib at once,
    while this process goes on (the certificate's check). For a command that draws charts
    (``report --format html|pdf``); without it, or where it fails, they are drawn here."""
    global _pool
    if _pool is not None or (os.cpu_count() or 1) < 2:
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
    from verifier.support.interrupts import held
    try:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["verifier.report.charts", "matplotlib.figure",
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
        global _hands
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

    def copy(inner: Future) -> None:
        if inner.cancelled():
            outer.cancel()
        elif inner.exception() is not None:
            outer.set_exception(inner.exception())
        else:
            outer.set_result(inner.result())

    def submit() -> None:
        try:
            _pool.submit(fn, *args).add_done_callback(copy)
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
            for title, draw in _kinds(bet)]


def draw_ahead(bets: list[Bet]) -> None:
    """Hand the charts of ``bets`` to the pool of ``start_pool`` now, drawn while this
    process does something else (the PDF: WeasyPrint imported); ``each_bets_later``
    takes them. Without a pool, nothing."""
    if _pool is not None:
        _ahead.update((id(bet), _submit(bet)) for bet in bets if id(bet) not in _ahead)
    _release()


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
    """``charts_of`` each of ``bets``, in order, without waiting: (title, ``svg``) of each
    chart, ``svg()`` its SVG text once drawn: by the pool of ``start_pool`` when there is
    one (the same SVG text; a chart whose process is lost drawn here), else here when
    asked."""
    if _pool is None:
        return [[(title, functools.partial(draw, bet)) for title, draw in _kinds(bet)]
                for bet in bets]
    futures = [_ahead.pop(id(bet), None) or _submit(bet) for bet in bets]
    _release()
    return [[(title, functools.partial(_answer, future, draw, bet))
             for (title, future), (_, draw) in zip(charts, _kinds(bet))]
            for bet, charts in zip(bets, futures)]


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


def meter_lines(prog: Any) -> list[tuple[str, str]]:
    """(meter, svg) per meter of a progressive table (verifier/report/progressive.py): the
    return per unit against the meter's value, the others at their reset, the break-even
    marked."""
    out = []
    for meter, points, break_even in prog.meters:
        fig, ax = _figure(HEIGHT)
        ax.plot([x for x, _ in points], [y for _, y in points], color="#2c6e9b")
        ax.axhline(0, color="#888888", linewidth=0.8)
        if break_even is not None and points[0][0] <= break_even <= points[-1][0]:
            ax.axvline(break_even, color="#b5482a", linewidth=0.8, linestyle="--",
                       label=f"break-even ${break_even:,.0f}")
            ax.legend(loc="lower right")
        from matplotlib.ticker import FuncFormatter
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"${x:,.0f}"))
        ax.set_xlabel(f"Meter {meter}")
        ax.set_ylabel("Return per unit")
        ax.set_title(f"{prog.title}: return against meter {meter}")
        ax.grid(alpha=0.3)
        out.append((meter, _svg(fig)))
    return out


def meter_path(prog: Any) -> str | None:
    """The meter path the user gave (``report --meter-path``): each meter's value by
    round, its reset dashed, the file named on the chart; None without one."""
    if prog.path is None:
        return None
    source, names, resets, rows = prog.path
    fig, ax = _figure(HEIGHT)
    for i, (name, reset) in enumerate(zip(names, resets)):
        line = ax.plot([r for r, _ in rows], [v[i] for _, v in rows], linewidth=0.9,
                       label=f"meter {name}")
        ax.axhline(reset, color=line[0].get_color(), linewidth=0.7, linestyle="--")
    from matplotlib.ticker import FuncFormatter
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"${y:,.0f}"))
    ax.set_xlabel("Round")
    ax.set_ylabel("Meter (reset dashed)")
    ax.set_title(f"Meter path from {os.path.basename(source)}: {len(rows):,} points to "
                 f"round {rows[-1][0]:,}")
    ax.legend(loc="upper left")
    ax.grid(alpha=0.3)
    return _svg(fig)
