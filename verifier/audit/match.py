"""What a submission's claims are about: the game it names held against the
certificate's, and for each block of claims the bet and the pay table (the
submission's, else the certificate's) whose exact figures judge them
(verifier/audit/judge.py)."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from verifier.support.errors import VerifierError
from verifier.audit.claims import BetBlock, Submission, key

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.game.paytables import Paytable

BASE_GAME = "base_game"
LOSES, TOTAL = "(loses)", "(total)"

_LOSES = {key(w) for w in ("loses", "lose", "loss", "losses", "no line", "no line (loses)",
                           "no line (pays nothing)", "other", "others", "all other",
                           "nothing", "no win", "not a pai gow (loses)", "player loses",
                           "player lose", "player loss", "banker wins")}
_TOTAL = {key(w) for w in ("total", "totals", "sum", "all")}
_BASE_NAMES = {key(w) for w in ("base game", "base", "base game wager", "pai gow poker")}


# ---------------------------------------------------------------------------------------
# the game


def game_of(cert: Certificate) -> dict[str, str]:
    return {"rule_set": cert.rule_set.name, "house_way": cert.house_way,
            "bonus_reading": cert.bonus_reading}


def claimed_rule_set(sub: Submission) -> str | None:
    """The rule set the claims name (a shipped name, or a rule-set file beside the claims
    file), or None."""
    cell = sub.game.get("rule_set")
    if cell is None:
        return None
    from verifier.rules.rulesets import load
    text = cell.text
    if text.lower().endswith(".toml"):
        text = str(Path(sub.path).parent / text)
    try:
        return load(text).name
    except VerifierError as exc:
        raise VerifierError(f"{cell.where}: {exc}") from None
    except OSError as exc:              # a name no file system takes
        raise VerifierError(f"{cell.where}: no rule set {cell.text!r} "
                            f"({exc.strerror})") from None


def check_game(sub: Submission, cert: Certificate, cert_path: str | os.PathLike) -> dict:
    """The claims' game against the certificate's: one line naming the first difference."""
    game = game_of(cert)
    wanted = {"rule_set": claimed_rule_set(sub)}
    for name in ("house_way", "bonus_reading"):
        if name in sub.game:
            wanted[name] = sub.game[name].text
    for name, value in wanted.items():
        if value is not None and key(value) != key(game[name] or ""):
            what = name.replace("_", " ")
            raise VerifierError(f"{sub.game[name].where}: the claims are of {what} {value}, "
                                f"the certificate {cert_path} of {what} {game[name]}")
    return game


# ---------------------------------------------------------------------------------------
# the bets


def bet_of(cert: Certificate, block: BetBlock) -> str:
    """The bet a block names: a bet of verifier/game/bets.py, a custom bet of the
    certificate's rule set, ``custom`` (a pay table of the claims) or the base game."""
    from verifier.game.bets import BETS, CUSTOM
    k = key(block.name.text)
    if k in _BASE_NAMES:
        return BASE_GAME
    if k == CUSTOM:
        return CUSTOM
    for name, b in BETS.items():
        if k in (key(name), key(b.title)):
            return name
    custom = cert.custom_paytables
    for name, table in custom.items():
        if k in (key(name), key(table.get("name", ""))):
            return name
    known = list(BETS) + list(custom)
    raise VerifierError(f"{block.name.where}: unknown bet {block.name.text!r} (known: "
                        f"{', '.join(known)}, custom with reads, or base game)")


def special_line(text: str) -> str | None:
    """LOSES or TOTAL for those rows (``"Other (loses)"``), else None."""
    keys = {key(text), key(re.sub(r"\(.*?\)", "", text))}
    return LOSES if keys & _LOSES else TOTAL if keys & _TOTAL else None


def paytable_of(cert: Certificate, bet: str, block: BetBlock) -> Paytable:
    """The pay table the claims are about: the Pays column's (every paying line listed),
    else the certificate's table of the bet. Each line's cell is named in an error."""
    from verifier.game.bets import BETS, CUSTOM
    from verifier.game.paytables import Paytable, PaytableError, kind_of, line_name, parse_pay
    where = str(block.name.where)
    reads = block.reads.text.strip().lower() if block.reads else ""
    own, envy, name_of_bet = None, False, bet
    if bet not in BETS and bet != CUSTOM:       # a custom bet of the certificate's rule set
        own = _certificate_table(cert.raw, bet, block)
        kind, name_of_bet, reads, envy = own.kind, CUSTOM, own.reads, own.envy
    else:
        try:
            kind = kind_of(bet, reads, where=where)
        except PaytableError as exc:
            raise VerifierError(str(exc)) from None
    lines: list = []
    seen: dict = {}
    for row in block.rows:
        if special_line(row.line.text):
            continue
        try:
            name = line_name(row.line.text, kind)
        except PaytableError as exc:
            raise VerifierError(f"{row.line.where}: {exc}") from None
        if name in seen:
            raise VerifierError(f"{row.line.where}: line {row.line.text!r} is given twice "
                                f"(also at {seen[name].cell or seen[name]})")
        seen[name] = row.line.where
        lines.append((row, name))
    title = block.title.text if block.title else block.name.text
    if block.pays:
        pays = []
        for row, name in lines:
            cell = row.cells.get("pays")
            if cell is None:
                raise VerifierError(f"{row.line.where}: line {row.line.text!r} has no pay (the "
                                    "Pays column is the pay table: every paying line)")
            pays.append((name, parse_pay(cell.text, str(cell.where))))
        return Paytable.from_lines(title, name_of_bet, pays, where, reads=reads, envy=envy)
    if bet == CUSTOM:
        raise VerifierError(f"{block.name.where}: a custom bet needs its pay table: a Pays "
                            "column")
    table = own or _certificate_table(cert.raw, bet, block)
    for row, name in lines:
        if name not in table.pay:
            raise VerifierError(f"{row.line.where}: {row.line.text!r} is not a line of the "
                                f"{table.name} pay table ({', '.join(table.categories())})")
    return table


def _certificate_table(cert, bet, block):
    """The certificate's pay table of a bet, or one line naming the bet's cell."""
    from verifier.certificate.formula import default_table
    try:
        return default_table(cert, bet)
    except VerifierError as exc:
        raise VerifierError(f"{block.name.where}: {exc}") from None


def table_note(cert: Certificate, bet: str, table: Paytable | None) -> str | None:
    """A line when the submission's pay table of a bet of the certificate is not the
    certificate's own (its claims are judged on the submission's), else None."""
    from verifier.certificate.formula import default_table
    from verifier.game.bets import CUSTOM
    from verifier.game.paytables import line_title, pay_label
    if bet in (BASE_GAME, CUSTOM):
        return None
    assert table is not None                    # a bet's block has its pay table
    try:
        own = default_table(cert.raw, bet)
    except VerifierError:
        return None
    if own.pays == table.pays:
        return None
    mine, theirs = table.pay, own.pay
    changes = [f"{line_title(c)} {pay_label(mine[c]) if c in mine else 'not paid'} "
               f"(certificate: {pay_label(theirs[c]) if c in theirs else 'not paid'})"
               for c in list(theirs) + [c for c in mine if c not in theirs]
               if mine.get(c) != theirs.get(c)]
    return (f"{table.name}: the submission's pay table is not the certificate's "
            f"{own.name} ({'; '.join(changes) or 'the order of its lines'}): its claims are "
            "judged on the submission's")
