"""The workbench's background check (``Shelf.start_checks``): ``python -m
verifier.web.checker CERT.json ...`` checks each certificate as ``check`` does and prints
one JSON line for each, in order: {"index", "sha256" of the text it checked, "error": the
one line, or null}. A process of its own, so that the server's thread keeps answering while
it runs; it ignores Ctrl-C and ends when the server does (its standard input closes)."""
from __future__ import annotations

import hashlib
import json
import os
import signal
import sys
import threading
from pathlib import Path


def check(path: str) -> tuple[str, str | None]:
    """(SHA-256 of the text checked, the check's one line or None)."""
    from verifier.certificate.format import read_certificate_text
    from verifier.certificate.model import check_text
    from verifier.support.errors import VerifierError
    digest = ""
    try:
        text = read_certificate_text(path)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        check_text(text, path, Path(path).name)
    except VerifierError as exc:
        return digest, str(exc)
    return digest, None


def _end_with_the_server() -> None:
    """Ends this process when the server's end of its standard input closes: the server
    has stopped, however it stopped (Ctrl-C ends it at once, past its clean-up)."""
    sys.stdin.buffer.read()
    os._exit(0)


def main(paths: list[str]) -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with_the_server, daemon=True).start()
    for i, path in enumerate(paths):
        digest, error = check(path)
        try:
            print(json.dumps({"index": i, "sha256": digest, "error": error}), flush=True)
        except BrokenPipeError:            # the server has stopped
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
