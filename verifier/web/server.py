"""Starting the workbench: uvicorn in the foreground (``paigow-verify serve``) or in a
thread (the tests and the benchmark)."""
from __future__ import annotations

import ipaddress
import threading
import time
import os
from typing import Any, Sequence

from verifier.support.errors import VerifierError

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


def missing_dependency() -> str | None:
    """None when the web extra is installed, else the one line saying how to install it."""
    from importlib.util import find_spec
    from verifier.support.extras import install_hint
    for module, package in (("jinja2", "jinja2"), ("starlette", "starlette"),
                            ("uvicorn", "uvicorn"), ("openpyxl", "openpyxl")):
        if find_spec(module) is None:
            return f"the workbench needs the web extra: {install_hint('web')} ({package} is missing)"
    if find_spec("python_multipart") is None and find_spec("multipart") is None:
        return (f"the workbench needs the web extra: {install_hint('web')} "
                "(python-multipart is missing)")
    return None


def is_local(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def allowed_hosts(host: str) -> list[str]:
    """The Host names the server answers to: the loopback names, and ``host`` itself (any
    for 0.0.0.0 or ::, where the caller has been warned)."""
    if host in ("0.0.0.0", "::"):
        return ["*"]
    return sorted({"127.0.0.1", "localhost", "::1", host})


def check_listen(host: str, port: int) -> None:
    """One line now, rather than the server's own report later, when ``host:port`` cannot
    be listened on (in use, not an address of this computer, a privileged port)."""
    import socket
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, kind, proto, _, address = infos[0]
        with socket.socket(family, kind, proto) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(address)
    except OSError as exc:
        raise VerifierError(f"cannot listen on {host}:{port}: "
                            f"{exc.strerror or exc}") from None


def make_server(paths: Sequence[str | os.PathLike], host: str = "127.0.0.1", port: int = 8000,
                warm: bool = True) -> Any:
    problem = missing_dependency()
    if problem:
        raise VerifierError(problem)
    import uvicorn
    from verifier.web.app import create_app
    app = create_app(paths, hosts=allowed_hosts(host), warm=warm)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            lifespan="off")
    return uvicorn.Server(config)


class Background:
    """The workbench in a thread: ``with Background(paths) as url: ...``."""

    def __init__(self, paths=None, host="127.0.0.1", port=0, warm=False):
        import socket
        if port == 0:
            with socket.socket() as s:
                s.bind((host, 0))
                port = s.getsockname()[1]
        self.server = make_server(paths, host, port, warm=warm)
        self.app = self.server.config.app
        self.url = f"http://{host}:{port}"
        self.thread = threading.Thread(target=self.server.run, name="workbench", daemon=True)

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the workbench did not start")
            time.sleep(0.01)
        return self.url

    def __exit__(self, *exc):
        self.app.state.shelf.stop()
        self.server.should_exit = True
        self.thread.join(timeout=5)
