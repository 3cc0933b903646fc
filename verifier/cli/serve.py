"""``paigow-verify serve [CERT.json ...]``: the designer's workbench, a local web page
(docs/WORKBENCH.md)."""
from __future__ import annotations

import sys

from verifier.support.errors import VerifierError
import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.cli.settings import Settings


def cmd_serve(settings: Settings) -> int:
    from verifier.web.server import check_listen, is_local, make_server, missing_dependency
    problem = missing_dependency()
    if problem:
        raise VerifierError(problem)
    from verifier.certificate.format import read_certificate_text
    for path in settings.certificates:          # a missing or unreadable file: one line now
        read_certificate_text(path)
    from verifier.web.workbench import shipped_paths
    paths = settings.certificates or shipped_paths()
    assert settings.host is not None and settings.port is not None     # serve's defaults
    check_listen(settings.host, settings.port)  # a refusal is the one line, no warning first
    if not is_local(settings.host):
        print(f"paigow-verify: warning: serving on {settings.host}, not only this computer: "
              "anyone who can reach it can use the workbench (no password)", file=sys.stderr)
    server = make_server(paths, settings.host, settings.port)
    url = f"http://{'[' + settings.host + ']' if ':' in settings.host else settings.host}:{settings.port}/"
    print(f"workbench: {url} on {len(paths)} certificate(s); Ctrl-C stops it", flush=True)
    if settings.open:
        import threading
        import webbrowser
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    server.run()
    return 0


def port_number(text: str) -> int:
    from verifier.cli.options import whole_number
    return whole_number(1, 65535)(text)


def register(subparsers: argparse._SubParsersAction) -> None:
    from verifier.support.extras import install_hint
    p = subparsers.add_parser(
        "serve", help="the designer's workbench: design pay tables in the browser, exactly",
        description="A local web page on the certificates (default: the shipped ones): edit "
                    "a bet's pays and see the exact return, house edge, hit frequency, "
                    "variance, volatility and each line's odds as you type; solve a line or "
                    "a group for a target edge; compare up to four pay tables; download the "
                    "pay table (TOML) and its par sheet (HTML, PDF, xlsx). Also one hand, "
                    "the house ways (upload and check your own) and a certificate's check "
                    "and signature. Binds to 127.0.0.1 unless --host says otherwise. Needs "
                    f"the web extra: {install_hint('web')}.")
    p.add_argument("certificates", nargs="*", metavar="CERT.json",
                   help="certificates to work on (default: the shipped ones)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this computer only; any "
                        "other is warned about)")
    p.add_argument("--port", type=port_number, default=8000, help="port (default 8000)")
    p.add_argument("--open", action="store_true", help="open the page in a browser")
    p.set_defaults(func=cmd_serve)
