"""The optimal-strategy job's description (``JobSpec``: plain and picklable, so a Ray
actor builds its job from it), its key, the job object it builds (compiled, the
pure-Python twin, or a test's stand-in) and one chunk run so that Ctrl-C is answered at
once. The chunks' files: chunks.py; the run: job.py; Ray: cluster.py."""
from __future__ import annotations

import hashlib
import importlib
import json
from dataclasses import dataclass, field

from verifier.game.ranking import EVAL_JOKER_WILD, EVAL_WHEEL_SECOND
from verifier.game.settlement import COMMISSION, SettlementRule
from verifier.support.errors import VerifierError
from typing import Any, Callable, Iterable, Sequence, TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from verifier.engine import EngineSpec
    from verifier.rules.rulesets import RuleSet

T = TypeVar("T")


#: the version of the chunk files and of the job key; bump when either changes (the push
#: conditions and Face Up, issue 36, enter the key only when a job has them: the keys
#: and chunks of every earlier job stand)
FORMAT_VERSION = 2
#: units per chunk: the full deck (about 1.1 million units) in about 220 chunks of a few
#: seconds of CPU each
DEFAULT_CHUNK_SIZE = 5000
#: the backends by name; any other name is "module:attribute" (tests)
BACKENDS = ("compiled", "python")


# ---------------------------------------------------------------------------------
# the job's description: plain, picklable (a Ray actor builds its job from it)
# ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class JobSpec:
    """Everything that decides the job's results, in plain values.

    ``house_way``: the engine number (0, 1 the built-ins); ``house_way_name`` and
    ``house_way_text`` (the TOML of a house-way file, "" for a built-in) let another
    process define the same house way; ``house_way_program`` is the SHA-256 of the file's
    compiled program (cext/houseway.h), "" for a built-in."""
    deck: tuple
    wheel_second: int = False
    house_way: int = 0
    house_way_name: str = "mikes"
    house_way_text: str = ""
    house_way_program: str = ""
    #: the settlement, whole: the value that ranks settings (its commission), its push
    #: conditions on the banker's hand and Face Up (the dealer's hand exposed)
    settlement: SettlementRule = SettlementRule(COMMISSION)
    chunk_size: int = DEFAULT_CHUNK_SIZE
    backend: str = "compiled"
    threads: int = 1
    extra: dict = field(default_factory=dict)   # further keyword arguments of the job

    @property
    def face_up(self) -> bool:
        """Whether the job sums Face Up too (the settlement's dealer "exposed")."""
        return self.settlement.dealer_exposed

    def key(self) -> str:
        return job_key(self.deck, self.wheel_second, self.house_way_name,
                       self.house_way_program, self.settlement, self.chunk_size,
                       backend=self.backend)


def job_key(deck: Iterable[int], wheel_second: int, house_way_name: str,
            house_way_program: str, settlement: SettlementRule, chunk_size: int,
            backend: str = "compiled") -> str:
    """A stable id of the job: the SHA-256 (first 20 hex digits) of what decides its
    results and its chunks (of the settlement, ``SettlementRule.job_terms``). The backend
    counts: the compiled job's units are orbit representatives of six cards, its
    pure-Python twin's are player hands, so a chunk of one is not a chunk of the other."""
    what = {"format": FORMAT_VERSION, "deck": sorted(int(c) for c in deck),
            "wheel_second": bool(int(wheel_second) & EVAL_WHEEL_SECOND),
            # the wild joker's jobs apart from the bug's (whose keys are as ever)
            **({"joker": "wild"} if int(wheel_second) & EVAL_JOKER_WILD else {}),
            "house_way": house_way_name if not house_way_program else "file",
            "house_way_program": house_way_program, "chunk_size": int(chunk_size),
            **settlement.job_terms(), "backend": backend}
    text = json.dumps(what, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def spec_for(ruleset: RuleSet, deck: Sequence[int] | None = None, chunk_size: int | None = None,
             backend: str | None = None, threads: int | None = None,
             engine: EngineSpec | None = None) -> JobSpec:
    """The JobSpec of a rule set (house way, wheel, settlement) on ``deck`` (default the
    53-card deck). ``backend``: default compiled, or python under PAIGOW_PUREPYTHON=1.
    ``engine``: the command's ``EngineSpec`` of the rule set (default: made here)."""
    from verifier.engine import engine_spec
    engine = engine or engine_spec(ruleset.rules, threads, deck)
    return job_spec(engine, ruleset.settlement, deck, chunk_size, backend, threads)


def job_spec(engine: EngineSpec, settlement: Any, deck: Sequence[int] | None = None,
             chunk_size: int | None = None, backend: str | None = None,
             threads: int | None = None) -> JobSpec:
    """The JobSpec of an engine's rules (house way, wheel) and a settlement (a
    SettlementRule or its mapping) on ``deck``: ``spec_for`` without a rule set (a
    certificate's recompute)."""
    from verifier.engine import current, program_of, thread_count
    rule = SettlementRule.of(settlement)
    if deck is not None and len(set(deck)) < 14:
        raise VerifierError(f"the deck has {len(set(deck))} cards: the strategy job needs at "
                            "least 14 (a player's hand and a banker's)")
    wheel_second, house_way = engine.checked(suit_symmetric=True)
    name, text, program = engine.house_way, "", ""
    if engine.file is not None:
        name, text = engine.file.name, engine.file.text
        program = hashlib.sha256(json.dumps(program_of(engine.file)).encode()).hexdigest()
    deck = tuple(engine.cards(deck))
    chunk = DEFAULT_CHUNK_SIZE if chunk_size is None else int(chunk_size)
    if chunk < 1:
        raise VerifierError(f"chunk size {chunk}: at least 1")
    return JobSpec(deck=deck, wheel_second=wheel_second, house_way=house_way,
                   house_way_name=name, house_way_text=text, house_way_program=program,
                   settlement=rule, chunk_size=chunk,
                   backend=backend or ("python" if current() == "pure-python" else "compiled"),
                   threads=thread_count(threads))


def _house_way_here(spec):
    """The engine number of the spec's house way in this process (a file is defined in
    the engine modules here, as the driver did in its own)."""
    if not spec.house_way_text:
        return spec.house_way
    from verifier.engine import house_way_file_number
    from verifier.houseway.fileformat import loads
    return house_way_file_number(loads(spec.house_way_text, spec.house_way_name))


def job_class(backend: str) -> Any:
    """The class of a backend: one line when it is not in this build."""
    if backend == "compiled":
        from verifier.engine import compiled
        cls = getattr(compiled("_strategy"), "StrategyJob", None)
        where = "verifier.engine._strategy.StrategyJob"
    elif backend == "python":
        from verifier.strategy import twin
        cls = getattr(twin, "PythonJob", None)
        where = "verifier.strategy.twin.PythonJob"
    else:
        module, _, attr = backend.partition(":")
        try:
            cls = getattr(importlib.import_module(module), attr, None)
        except ImportError:
            cls = None
        where = backend
    if cls is None:
        raise VerifierError(f"the strategy job's {backend} backend ({where}) is not in "
                            "this build")
    return cls


def make_job(spec: JobSpec, units: Sequence[tuple[int, int]] | None = None) -> Any:
    """The job object of a spec, built in this process (tens of seconds on the full
    deck for the compiled job), interruptibly (``interruptible``). ``units``: the ranges
    (lo, hi) that will be run, when only those (the compiled job then builds only the
    tables they read; the other backends build what they build)."""
    cls = job_class(spec.backend)
    args = dict(deck=list(spec.deck), wheel_second=spec.wheel_second,
                house_way=_house_way_here(spec), settlement=spec.settlement)
    if spec.backend != "python":
        args["threads"] = spec.threads
    if units is not None and spec.backend == "compiled":
        args["units"] = list(units)
    args.update(spec.extra)
    return interruptible(lambda: cls(**args))


def run_chunk(job: Any, lo: int, hi: int) -> dict[str, Any]:
    """``job.run(lo, hi)``, interruptibly (``interruptible``)."""
    return interruptible(job.run, lo, hi)


def run_chunks(job: Any, ranges: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
    """Each range's raw sums, as ``run_chunk`` gives them, interruptibly: through the
    job's ``run_many`` when it has one (the compiled job runs the ranges' units together,
    which costs less than one range at a time: docs/STRATEGY.md "Chunks together"), else
    one range at a time."""
    ranges = [(int(lo), int(hi)) for lo, hi in ranges]
    if hasattr(job, "run_many"):
        return interruptible(job.run_many, ranges)
    return [run_chunk(job, lo, hi) for lo, hi in ranges]


def interruptible(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` answering signals at once (``support.interrupts.interruptible``):
    on one, the compiled job is asked to stop (``request_stop``: its loops skip what is
    left and its thread ends within milliseconds)."""
    from verifier.support import interrupts
    return interrupts.interruptible(fn, *args, on_stop=_request_stop)


def _request_stop():
    from verifier.engine import module
    try:
        stop = module("_strategy").request_stop      # the twin's: nothing runs apart
    except VerifierError:                             # the compiled core is not built
        return
    stop()
