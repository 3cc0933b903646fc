"""The certificates the workbench holds (``Shelf``): each read and typed on first use, and
fully checked (``check``'s every count and result, both hashes) either there, on first use,
or, once ``start_checks`` has run, in a separate process (``checker.py``) in the
background, so that no page waits on a check and the server's own thread keeps answering.
A figure computed before its certificate's check is done says so; a certificate whose
check fails is refused from then on, in one line. Par sheets, signatures and downloads
always wait for the check (``get``).

Uploaded certificates (``check_upload``) are checked before they are kept."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from verifier.support.errors import VerifierError
from verifier.web.security import LARGE_BODIES

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate

#: the path of the upload, and its limit (bytes): a shipped certificate is about 5.5 MB
UPLOAD_PATH = "/certificates/upload"
UPLOAD_LIMIT = LARGE_BODIES[UPLOAD_PATH] - (64 << 10)     # 16 MiB; 64 KiB: the form around it
#: what ``status`` says of a certificate whose check has not ended
CHECKING = "checking"
CHECKED = "checked"


def check_upload(data: bytes, filename: str) -> Any:
    """An uploaded certificate's bytes loaded, fully checked and typed (``read``, as every
    certificate command does), through a private copy in a temporary folder that is gone
    when this returns; a problem is one line naming the file, never the temporary path."""
    import tempfile
    from verifier import certificate
    if len(data) > UPLOAD_LIMIT:
        raise VerifierError(f"{filename}: larger than {UPLOAD_LIMIT >> 20} MiB: not a "
                            "certificate this workbench reads")
    if not data.strip():
        raise VerifierError(f"{filename}: the file is empty")
    with tempfile.TemporaryDirectory(prefix="paigow-workbench-") as folder:
        path = Path(folder) / "upload.json"
        path.write_bytes(data)
        try:
            return certificate.read(path, filename)
        except VerifierError as exc:
            raise VerifierError(str(exc).replace(str(path), filename)) from None


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Shelf:
    """The certificates the server was started on, and those uploaded. The browser names
    one by its number on the shelf, never by a path."""

    def __init__(self, paths):
        self.paths = [Path(p) for p in paths]
        self._names = [p.name for p in self.paths]
        self._uploaded = 0
        self._certs: dict[int, Any] = {}            # i -> Certificate, or its VerifierError
        self._digests: dict[int, str | None] = {}   # i -> SHA-256 of the text typed
        self._checks: dict[int, tuple[str | None, str | None]] = {}   # i -> (digest, error)
        self._lock = threading.Condition()
        self._reading: dict[int, threading.Lock] = {}
        self._checker: subprocess.Popen | None = None

    def names(self) -> list[str]:
        return list(self._names)

    def add(self, cert: Certificate, name: str, most: int) -> int:
        """A certificate uploaded and checked (``check_upload``), kept in memory under
        ``name``: its number; a one-line error past ``most`` uploads."""
        with self._lock:
            if self._uploaded >= most:
                raise VerifierError(f"this workbench holds {most} uploaded certificates "
                                    "already: restart it to upload more")
            self._uploaded += 1
            self.paths.append(Path(""))          # held in memory: never read from a path
            self._names.append(name)
            i = len(self.paths) - 1
            self._certs[i], self._digests[i], self._checks[i] = cert, None, (None, None)
            return i

    def index(self, value: object) -> int:
        """A certificate's number from a page's text, or a one-line error."""
        text = str(value)
        try:
            i = int(text) if len(text) <= 9 else -1        # a path's text: bounded
        except ValueError:
            i = -1
        if not 0 <= i < len(self.paths):
            raise VerifierError(f"no certificate number {str(value)[:20]!r} here (0 to "
                                f"{len(self.paths) - 1})")
        return i

    # ------------------------------------------------------------------ reading
    def load(self, value: object) -> Certificate:
        """The certificate read and typed, for figures: checked here first when no
        background check runs; else not waiting for it (``status`` says how it stands).
        A certificate whose check has failed is refused."""
        i = self.index(value)
        cert = self._typed(i)
        if self._checker is None:
            self._check_here(i, cert)
        self._refuse_failed(i)
        return cert

    def get(self, value: object) -> Certificate:
        """The certificate read, typed and checked (waiting for its check)."""
        i = self.index(value)
        cert = self._typed(i)
        with self._lock:
            self._lock.wait_for(lambda: self._checked(i) or self._checker is None)
        if not self._checked(i):
            self._check_here(i, cert)
        self._refuse_failed(i)
        return cert

    def status(self, value: object) -> str:
        """``CHECKED``, ``CHECKING`` or the one line the check refused it with."""
        i = self.index(value)
        if not self._checked(i):
            return CHECKING
        error = self._checks[i][1]
        return error if error else CHECKED

    def _typed(self, i: int) -> Certificate:
        with self._lock:
            reading = self._reading.setdefault(i, threading.Lock())
        with reading:
            if i not in self._certs:
                from verifier.certificate.format import read_certificate_text
                from verifier.certificate.model import read_unchecked
                path = self.paths[i]
                try:
                    text = read_certificate_text(path)
                    self._digests[i] = _digest(text)
                    self._certs[i] = read_unchecked(text, path)
                except VerifierError as exc:
                    self._certs[i] = exc
        found = self._certs[i]
        if isinstance(found, VerifierError):
            raise found
        return found

    def _checked(self, i: int) -> bool:
        """Whether the check of the text typed has ended (a check of another text, the
        file changed between the two reads, does not count)."""
        return i in self._checks and (self._checks[i][0] is None
                                      or self._checks[i][0] == self._digests.get(i))

    def _check_here(self, i: int, cert: Certificate) -> None:
        from verifier.certificate.check import verify_or_raise
        with self._reading[i]:
            if self._checked(i):
                return
            result: tuple[str | None, str | None]
            try:
                verify_or_raise(cert.raw, self.paths[i].name)
                result = (self._digests.get(i), None)
            except VerifierError as exc:
                result = (self._digests.get(i), str(exc))
            with self._lock:
                self._checks[i] = result
                self._lock.notify_all()

    def _refuse_failed(self, i: int) -> None:
        if self._checked(i) and self._checks[i][1]:
            raise VerifierError(self._checks[i][1])

    # ------------------------------------------------------------------ the background
    def start_checks(self, first: int = 0) -> None:
        """Read ``first`` now (in a thread: the editor's first page needs it) and check
        every certificate in a separate process, in order (``checker.py``)."""
        import atexit
        root = Path(__file__).resolve().parent.parent.parent
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(root)] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
        paths = [str(p) for p in self.paths]       # none uploaded yet: all files
        self._checker = subprocess.Popen(
            [sys.executable, "-m", "verifier.web.checker", *paths], stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, stdin=subprocess.PIPE, env=env,
            start_new_session=True)       # a Ctrl-C to the server is not the checker's
        atexit.register(self.stop)
        threading.Thread(target=self._receive, args=(self._checker,), daemon=True,
                         name="workbench-checks").start()
        if self.paths:
            threading.Thread(target=self._warm, args=(first,), daemon=True,
                             name="workbench-read").start()

    def _warm(self, i: int) -> None:
        try:
            self._typed(i)
        except VerifierError:
            pass

    def _receive(self, process: subprocess.Popen) -> None:
        """The checker's answers, one JSON line per certificate; when it ends (or dies),
        whatever it did not check is checked on first use, here."""
        assert process.stdout is not None
        try:
            for line in process.stdout:
                answer = json.loads(line)
                with self._lock:
                    self._checks[int(answer["index"])] = (answer["sha256"], answer["error"])
                    self._lock.notify_all()
        finally:
            process.stdout.close()
            if process.stdin is not None:
                process.stdin.close()
            process.wait()
            with self._lock:
                self._checker = None
                self._lock.notify_all()

    def stop(self) -> None:
        """The background check stopped (the server is stopping; a server that ends
        without this closes the checker's standard input, which ends it too)."""
        process = self._checker
        if process is not None and process.poll() is None:
            process.terminate()
