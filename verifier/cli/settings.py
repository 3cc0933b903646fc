"""The command line's settings, built once from the parsed arguments (as twine builds its
``Settings``): the rule set with the readings the options apply over it, read once per
command however many times a command asks; the thread count; the progress bars (or none);
the output file checked against the inputs. A command's own options are read through it
as from the arguments (``settings.paytable``). Commands compute with these and print;
nothing below ``cli/`` sees the arguments."""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from functools import cached_property


@dataclass
class Settings:
    options: argparse.Namespace

    @classmethod
    def from_args(cls, args) -> "Settings":
        return args if isinstance(args, Settings) else cls(args)

    def __getattr__(self, name):
        # a command's own options (only called for names the class does not define)
        if name.startswith("__") or name == "options":
            raise AttributeError(name)
        return getattr(self.options, name)

    def __setattr__(self, name, value):
        if name == "options" or name in type(self).__dict__:
            object.__setattr__(self, name, value)
            return
        # an option set by the command: the rule set is read again with it
        setattr(self.options, name, value)
        self.__dict__.pop("ruleset", None)
        self.__dict__.pop("deck", None)

    @cached_property
    def ruleset(self):
        """The rule set ``--rules`` names (default outlaw9-mikes) with ``--wheel``,
        ``--bonus-reading`` and ``--house-way`` applied over it."""
        from verifier.rules.rulesets import load
        get = lambda name: getattr(self.options, name, None)        # noqa: E731
        return load(get("rules")).with_overrides(
            wheel=get("wheel"), bonus_reading=get("bonus_reading"), house_way=get("house_way"))

    @property
    def readings(self):
        """The readings that change the engine's counts (``Rules``) of the rule set."""
        return self.ruleset.rules

    @cached_property
    def deck(self):
        """``--deck-ranks``: the reduced deck it names (tests, quick checks), else None."""
        ranks = getattr(self.options, "deck_ranks", None)
        return reduced_deck(ranks) if ranks else None

    @property
    def progress(self):
        """A tqdm bar on stderr for each stage of long work (``cli/progress.py``), or None:
        ``--progress`` / ``--no-progress``; by default, when stderr is a terminal."""
        chosen = getattr(self.options, "progress", None)
        if not (sys.stderr.isatty() if chosen is None else chosen):
            return None
        from verifier.cli.progress import TqdmProgress
        return TqdmProgress()

    @property
    def threads(self) -> int | None:
        """``--threads`` (None: the thread policy's default, verifier/engine/threads.py)."""
        return getattr(self.options, "threads", None)

    def output(self, name: str = "out"):
        """The output file of option ``name`` (None when not given), checked before any
        work: writable, and not a file the command line names (a rule set, a pay table,
        a certificate, a key: every option's value, which is never overwritten)."""
        path = getattr(self.options, name, None)
        if path:
            from verifier.support.files import check_writable
            check_writable(path, inputs=self._named_files(exclude=name))
        return path

    def _named_files(self, exclude):
        out = []
        for key, value in vars(self.options).items():
            if key == exclude or key == "func":
                continue
            for v in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(v, str) and v:
                    out.append(v)
        return out


def reduced_deck(ranks):
    """``--deck-ranks 9TJQKA`` -> the reduced deck (four suits of each, plus the joker)."""
    from verifier.game.cards import RANK_CHARS, deck_of_ranks
    from verifier.support.errors import VerifierError
    text = ranks.upper().replace("10", "T")
    bad = sorted({c for c in text if c not in RANK_CHARS})
    if bad or len(set(text)) != len(text):
        raise VerifierError(f"bad --deck-ranks {ranks!r}: distinct rank characters from "
                            f"{RANK_CHARS}")
    deck = deck_of_ranks(text)
    if len(deck) < 7:
        raise VerifierError(f"--deck-ranks {ranks!r} gives {len(deck)} cards, fewer than 7")
    return deck
