"""The optimal-strategy job on Ray: actors that build the job once and run many chunks
(``strategy --ray``), and the check of a Ray address before ``ray.init``."""
from __future__ import annotations

import os
import re
import socket
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from verifier.support.errors import VerifierError
from verifier.strategy.spec import make_job

#: a Ray address: "local", "auto", host:port or ray://host:port
_RAY_ADDRESS = re.compile(r"(ray://)?([A-Za-z0-9.\-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})")


def check_ray_address(address: str) -> None:
    """One line for an address that is not one, for a missing ``ray`` package, and for an
    address where nothing listens (checked before ``ray.init``, which may wait long for a
    cluster that is not there)."""
    m = _RAY_ADDRESS.fullmatch(address)
    if address not in ("local", "auto") and (not m or not 0 < int(m.group(3)) < 65536):
        raise VerifierError(f"bad --ray address {address!r}: write host:port, "
                            "ray://host:port, auto or local")
    try:
        import ray  # noqa: F401
    except ImportError:
        from verifier.support.extras import install_hint
        raise VerifierError(f"--ray needs the ray package: {install_hint('cluster')}, or "
                            "pip install ray") from None
    if address in ("local", "auto"):
        return
    assert m is not None                        # checked above
    host = m.group(2).strip("[]")
    try:
        socket.create_connection((host, int(m.group(3))), timeout=5).close()
    except OSError as exc:
        raise VerifierError(f"no Ray cluster at {address}: {exc.strerror or exc}") from None


class ChunkWorker:
    """A Ray actor's body: builds the job of a spec once, then runs chunks."""

    def __init__(self, spec):
        self.job = make_job(spec)

    def units(self) -> tuple[int, float]:
        return self.job.units, float(getattr(self.job, "build_seconds", 0.0))

    def run(self, lo: int, hi: int) -> tuple[int, int, dict[str, Any], float]:
        t = time.perf_counter()
        raw = self.job.run(lo, hi)
        return lo, hi, raw, time.perf_counter() - t


class RayPool:
    """Ray actors, each building the job once and running many chunks (one in flight per
    actor); as many as the cluster's CPUs // the threads of one, at least 1. Starts Ray
    for the run (unless the caller already did) and stops it after."""

    def __init__(self, spec, address, work):
        import ray
        self.ray, self.spec, self.mine, self.actors = ray, spec, False, []
        if not ray.is_initialized():
            kwargs = {} if address == "local" else {"address": address}
            if address == "local":     # the workers import verifier from where we did
                root = str(Path(__file__).resolve().parents[2])
                env = {"PYTHONPATH": os.pathsep.join(
                    p for p in (root, os.environ.get("PYTHONPATH")) if p)}
                if "OMP_WAIT_POLICY" in os.environ:      # the thread policy (engine.threads)
                    env["OMP_WAIT_POLICY"] = os.environ["OMP_WAIT_POLICY"]
                kwargs["runtime_env"] = {"env_vars": env}
            here = os.getcwd()
            try:
                # Ray puts the driver's working folder first on its workers' path: started
                # from a source tree, they would import its (maybe unbuilt) verifier
                os.chdir(work)
                ray.init(log_to_driver=False, logging_level="ERROR",  # type: ignore[arg-type]
                         **kwargs)          # (Ray takes a level's name too; its hint says int)
            except Exception as exc:         # noqa: BLE001 (ray raises many kinds)
                first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                raise VerifierError(f"cannot start Ray at {address}: {first}") from None
            finally:
                os.chdir(here)
            self.mine = True
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        threads = min(spec.threads, cpus)
        self.cls: Any = ray.remote(num_cpus=threads)(ChunkWorker)
        self.most = max(1, cpus // threads)
        self.builds: list = []
        try:
            self._add(1)                # one actor first: the job's unit count
            self.units = self._get(self.builds[0])[0]
        except BaseException:
            self.__exit__()
            raise

    def _get(self, ref):
        """``ray.get``, a failure inside an actor as one line (the job's own
        VerifierError as it is)."""
        try:
            return self.ray.get(ref)
        except self.ray.exceptions.RayError as exc:
            cause = getattr(exc, "cause", None)
            if isinstance(cause, VerifierError):
                raise cause from None
            text = str(cause or exc).strip().splitlines()
            raise VerifierError(f"a Ray worker failed: {text[-1] if text else exc!r}") from None

    def _add(self, n):
        for _ in range(n):
            actor = self.cls.remote(self.spec)
            self.actors.append(actor)
            self.builds.append(actor.units.remote())

    @property
    def build_seconds(self) -> float:
        return max(b for _u, b in self._get(self.builds))

    def run_into(self, todo: Sequence[tuple[int, int]],
                 finish: Callable[[int, int, dict[str, Any], float], None]) -> None:
        """The chunks on the actors, ``finish(lo, hi, raw, seconds)`` called for each as it
        comes back (the executors' one interface, verifier/strategy/job.py)."""
        ray = self.ray
        self._add(min(self.most, len(todo)) - len(self.actors))
        queue = list(todo)
        running = {}
        for actor in self.actors:
            if queue:
                running[actor.run.remote(*queue.pop(0))] = actor
        while running:
            ready, _ = ray.wait(list(running), num_returns=1)
            actor = running.pop(ready[0])
            result = self._get(ready[0])
            if queue:
                running[actor.run.remote(*queue.pop(0))] = actor
            finish(*result)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for actor in self.actors:
            self.ray.kill(actor)
        if self.mine:
            self.ray.shutdown()
