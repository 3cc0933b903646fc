"""Entry point: builds the parser from the command modules and turns errors into one line."""
from __future__ import annotations

import argparse
import importlib
import os
import sys
import threading

from verifier.support.version import __version__
from verifier.support import interrupts
from verifier.support.errors import VerifierError
from typing import NoReturn, Sequence

# Command modules and the commands each registers, in the order they appear in --help. A
# command line builds only its command's module (the others cost start-up time: some
# iterate the bet registry); --help, or no known command, builds them all.
# tests/test_settings.py holds each module to the commands listed here.
COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "hand": ("hand",), "strategy": ("strategy",), "run": ("run",),
    "odds": ("check", "compare", "solve", "report"), "formula": ("formula",), "progressive": ("progressive",),
    "filing": ("filing",), "audit": ("audit",), "sign": ("keygen", "sign"), "prove": ("prove",),
    "table": ("settle", "simulate"), "rules": ("rules",), "houseways": ("house-ways",),
    "serve": ("serve",),
}


def _command_of(argv: Sequence[str]) -> str | None:
    """The command a command line names (its first word; the tool's own options, --help and
    --version, come before any command), or None."""
    return argv[0] if argv and not argv[0].startswith("-") else None


class OneLineErrorParser(argparse.ArgumentParser):
    """Usage errors as one line (and exit 2), like every other error of the tool."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"paigow-verify: error: {message} (see {self.prog} --help)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of the module of ``command`` when it is one."""
    parser = OneLineErrorParser(
        prog="paigow-verify",
        description="Exact, exhaustive odds for Pai Gow Poker with the Wrangler Push and "
                    "Outlaw 9 High or Better bonus bets: every one of the 154,143,080 "
                    "seven-card hands is enumerated, set by the house way and classified.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = [m for m, names in COMMAND_MODULES.items() if command in names]
    for name in modules or COMMAND_MODULES:
        try:
            module = importlib.import_module(f".{name}", __package__)
        except ModuleNotFoundError as exc:
            if exc.name == f"{__package__}.{name}":
                continue  # command group not built yet
            raise
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if threading.current_thread() is threading.main_thread():
        interrupts.install()
    try:
        from verifier.engine import quiet_waits
        quiet_waits()                  # the thread policy: before any compiled module loads
        status = _main(argv)
    except KeyboardInterrupt as exc:   # at any point, start-up (imports) included
        return _interrupted(exc)
    lost = interrupts.pending()        # raised inside a finalizer and swallowed there
    return _interrupted(lost) if lost is not None else status


_interrupted = interrupts.report


def _main(argv):
    from verifier.support.files import forget_inputs
    forget_inputs()
    if argv is None:
        argv = sys.argv[1:]
    try:
        parser = build_parser(_command_of(argv))   # a broken bet plugin: one line
    except VerifierError as exc:
        print(f"paigow-verify: error: {exc}", file=sys.stderr)
        return 2
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:       # --help (0) or a usage error (2): a status, as always
        return exc.code
    if not getattr(args, "func", None):
        print("paigow-verify: error: no command given (see paigow-verify --help)",
              file=sys.stderr)
        return 2
    from verifier.cli.settings import Settings
    try:
        status = args.func(Settings.from_args(args)) or 0
        sys.stdout.flush()      # a closed pipe shows here, inside the handlers below
        return status
    except BrokenPipeError:
        # the reader went away (`paigow-verify ... | head`): stop quietly, as Unix tools do
        # when SIGPIPE ends them, and keep the interpreter's final flush from complaining
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 128 + 13
    except VerifierError as exc:
        print(f"paigow-verify: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        name = exc.filename if exc.filename else ""
        print(f"paigow-verify: error: {exc.strerror or exc}{': ' + str(name) if name else ''}",
              file=sys.stderr)
        return 2
    except MemoryError:
        print("paigow-verify: error: out of memory (try fewer --threads)", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
