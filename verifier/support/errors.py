"""User-facing errors: each becomes one line on stderr and a non-zero exit in the CLI."""


class VerifierError(ValueError):
    """Base class of every error caused by bad input (cards, pay tables, files, options)."""
