"""The ``paigow-verify`` command line: one module per command group.

Each command module exposes ``register(subparsers)``, adding its subcommands with
``set_defaults(func=...)``; ``func(args)`` returns the exit status.
"""
from verifier.cli.main import main

__all__ = ["main"]
