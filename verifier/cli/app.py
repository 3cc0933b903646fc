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
from typing import NoReturn, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.cli.settings import Settings

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
    """Usage errors as one line (and exit 2), like every other error of the tool; every
    option's value checked as it is parsed: an option with no type of its own gets
    ``options.given_text`` (no empty value), and an option declared with
    ``options.needs`` is refused without the option it needs."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        from verifier.cli.options import given_text
        self.register("type", None, given_text)
        self.seen: set[str] = set()

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"paigow-verify: error: {message} (see {self.prog} --help)\n")

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace | None, list[str]]:
        self.seen = set()
        namespace, extras = super().parse_known_args(args, namespace)
        for option, other in self.__dict__.get("needs", ()):
            if option in self.seen and other not in self.seen:
                self.error(f"{option} needs {other}")
        return namespace, extras

    def _get_values(self, action, arg_strings):
        self.seen.update(action.option_strings)      # the options given, for ``needs``
        return super()._get_values(action, arg_strings)


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
    subparsers.type = str           # the command's words go to its parser as they are
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
    try:
        if threading.current_thread() is threading.main_thread() and \
                not interrupts.installed():        # else in place since the first line
            interrupts.install()                    # (cli.main): a signal since is kept
        from verifier.engine import quiet_waits
        quiet_waits()                  # the thread policy: before any compiled module loads
        status = _main(argv)
    except KeyboardInterrupt as exc:   # at any point, start-up (imports) included
        return _interrupted(exc)
    except Exception:                  # an interrupt that Python wrapped on its way
        wrapped = interrupts.pending()
        if wrapped is None:
            raise
        return _interrupted(wrapped)
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
        settings = Settings.from_args(args)
        check_outputs(parser, settings)
        status = args.func(settings) or 0
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


def check_outputs(parser: argparse.ArgumentParser, settings: Settings) -> None:
    """Every output the command line names (an option of type ``options.output_file``)
    checked before the command starts any work, by the one check
    (``files.check_writable``: its folder there and writable, not a directory, a device, a
    link to nothing or one of the command's inputs)."""
    chosen = next((a.choices.get(settings.command or "") for a in parser._actions
                   if isinstance(a, argparse._SubParsersAction)), None)
    for action in chosen._actions if chosen is not None else ():
        if getattr(action.type, "kind", None) == "output" and getattr(settings, action.dest) \
                and not getattr(action.type, "checked_by_command", False):
            settings.output(action.dest)


if __name__ == "__main__":
    sys.exit(main())
