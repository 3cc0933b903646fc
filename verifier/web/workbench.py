"""What the workbench's pages show beside the pay-table editor (``editor.py``), from the
same functions the command line uses: the certificates the server holds, one hand
(``hand``, ``hand --strategy``), the house ways (``house-ways``, ``house-ways check``,
``ratings``, ``compare``) and a certificate's check (``check``, ``check --public-key``)
and par sheet. This module only gathers inputs and shapes results for the pages; it adds
no arithmetic of its own."""
from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from verifier.support.errors import VerifierError, choose

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.web.shelf import Shelf

#: the largest upload, by kind (bytes): a house-way file, a public key
UPLOAD_LIMITS = {"house way": 64 << 10, "public key": 16 << 10}


def shipped_paths() -> list[Path]:
    """The shipped certificates, in the order of the table of names."""
    from verifier.certificate.shipped import DIRECTORY, SHIPPED
    return [DIRECTORY / name for name in dict.fromkeys(SHIPPED.values())
            if (DIRECTORY / name).is_file()]


# ---------------------------------------------------------------------------------------
# one hand


def rule_sets() -> list[str]:
    """Every shipped rule set (the seeds' first; the push variants of issue 36 after)."""
    from verifier.rules.rulesets import names
    return names()


def hand(cards: str, rule_set: str, strategy: bool = False, dealer: str | None = None) -> dict:
    """``hand CARDS`` (and ``--strategy``, or ``--dealer CARDS``: Face Up, every setting
    against the dealer's exposed hand) under a shipped rule set: the JSON the command
    prints with ``--json``."""
    from verifier.rules.rulesets import load
    rule_set = choose("rule set", rule_set, rule_sets())
    cards = str(cards)[:80]
    ruleset = load(rule_set)
    if dealer is not None:
        from verifier.game.cards import parse_cards
        from verifier.strategy.faceup import face_up_hand
        return face_up_hand(parse_cards(cards, count=7), parse_cards(str(dealer)[:80], count=7),
                            ruleset.rules, ruleset.settlement)
    if strategy:
        from verifier.game.cards import parse_cards
        from verifier.strategy.hand import by_value, hand_strategy, value_note
        out = hand_strategy(parse_cards(cards, count=7), ruleset)
        out["value_note"] = value_note(ruleset.settlement)
        out["shown"] = by_value(out["settings"])
        return out
    from verifier.engine import set_hand
    from verifier.game.bets import house_way_lines
    from verifier.game.names import class_line_name
    out = set_hand(cards, ruleset.rules).to_json_dict()
    # for a person: each line's name, the top class's by the joker's reading
    out["house_way_lines"] = [class_line_name(line, ruleset.joker) for line in
                              sorted(house_way_lines(out["back_key"], out["front_key"]))]
    return out


# ---------------------------------------------------------------------------------------
# house ways


def house_way_names() -> list[str]:
    from verifier.houseway import names
    return names()


def house_way(name_or_text: str, filename: str | None = None) -> Any:
    """A shipped house way by name, or an uploaded file's text read by the house-way
    reader (``filename`` names it in a one-line error)."""
    from verifier.houseway import load
    if filename is None:
        if name_or_text not in house_way_names():
            raise VerifierError(f"unknown house way {str(name_or_text)[:40]!r}")
        return load(name_or_text)
    from verifier.houseway.fileformat import loads
    return loads(name_or_text, filename)


def read_upload(data: bytes, kind: str, filename: str) -> str:
    """An uploaded file's text: at most ``UPLOAD_LIMITS[kind]`` bytes of UTF-8."""
    from verifier.support.files import decode_text
    return decode_text(data, filename, kind, UPLOAD_LIMITS[kind])


def _on_house_way(name_or_text, filename, job):
    """``job(name or path)`` on a shipped house way, or on an upload through a private
    copy in a temporary folder (the engine reads house ways as files)."""
    if filename is None:
        house_way(name_or_text)
        return job(name_or_text)
    import tempfile
    house_way(name_or_text, filename)            # refused here, in one line, if invalid
    with tempfile.TemporaryDirectory(prefix="paigow-workbench-") as folder:
        path = Path(folder) / "upload.toml"
        path.write_text(name_or_text, encoding="utf-8")
        return job(str(path))


def check_house_way(name_or_text: str, filename: str | None = None) -> Any:
    """``house-ways check``: every hand set by the house way."""
    from verifier.engine import check_house_way as check
    return _on_house_way(name_or_text, filename, check)


def house_way_ratings(name_or_text: str, filename: str | None = None) -> dict:
    """``house-ways ratings``: the power ratings of the house way (casino-standard's
    rules, the file's readings), as the command prints them."""
    from verifier.strategy.houseways import house_way_ratings as ratings
    _hw, rules, deck_size, tables = _on_house_way(name_or_text, filename, ratings)

    def rows(table):
        return [(r["hand"], f"{r['hands']:,}", f"{float(r['probability']):.6f}",
                 f"{float(r['player_pr']):.6f}", f"{float(r['banker_pr']):.6f}")
                for r in tables[table]]
    return {"total": f"{tables['total']:,}", "deck_size": deck_size, "wheel": rules.wheel,
            "tables": [("Two-card hands (the joker an ace)", rows("two_card")),
                       ("Five-card hands (by class and first rank)", rows("five_card"))]}


class Comparisons:
    """``house-ways compare`` in the background (a few seconds of both cores per house
    way, its pairwise count; the hands set differently by the command's own count by
    classes): one comparison at a time, the last few kept for their pages. ``deck``: the
    deck to deal from (default the full deck; the tests use a reduced one)."""

    KEPT = 8

    def __init__(self, deck=None):
        self.deck = deck
        self.jobs = {}
        self._lock = threading.Lock()

    def start(self, entries: Sequence[tuple[str, str | None]]) -> str:
        """``entries``: [(shipped name, None) or (file name, uploaded text)], two or
        more. Returns the job's id; a one-line error while another one runs."""
        import secrets
        if not 2 <= len(entries) <= 8:
            raise VerifierError("compare two to eight house ways")
        for name, text in entries:           # every one readable, before any work
            house_way(text if text is not None else name, name if text is not None else None)
        with self._lock:
            if any(job["running"] for job in self.jobs.values()):
                raise VerifierError("a comparison is running: wait for it (its page shows "
                                    "when it is done)")
            key = secrets.token_urlsafe(8)
            self.jobs[key] = {"names": [n for n, _ in entries], "running": True,
                              "error": "", "rows": None, "started": time.time(),
                              "seconds": None, "progress": ""}
            while len(self.jobs) > self.KEPT:
                oldest = next(k for k, j in self.jobs.items() if not j["running"])
                del self.jobs[oldest]
        threading.Thread(target=self._run, args=(key, entries), daemon=True,
                         name="house-ways-compare").start()
        return key

    def get(self, key: str) -> dict:
        job = self.jobs.get(key)
        if job is None:
            raise VerifierError("no such comparison here (the server keeps the last "
                                f"{self.KEPT})")
        return job

    def _run(self, key, entries):
        import tempfile
        from verifier.strategy.houseways import compare_house_ways
        job = self.jobs[key]
        try:
            with tempfile.TemporaryDirectory(prefix="paigow-workbench-") as folder:
                ways = []
                for i, (name, text) in enumerate(entries):
                    if text is None:
                        ways.append(name)
                    else:
                        path = Path(folder) / f"upload-{i}.toml"
                        path.write_text(text, encoding="utf-8")
                        ways.append(str(path))
                job["rows"] = _comparison_rows(
                    compare_house_ways(ways, deck=self.deck, progress=JobProgress(job)))
        except VerifierError as exc:
            job["error"] = str(exc)
        except Exception as exc:          # a thread's failure is shown, not lost
            job["error"] = f"the comparison failed: {type(exc).__name__}: {exc}"
        finally:
            job["seconds"] = time.time() - job["started"]
            job["running"] = False


class JobProgress:
    """A ``Progress`` (verifier/support/progress.py) that keeps the stage and how far it
    has got in a background job's ``progress`` text, for its page to show."""

    def __init__(self, job: dict):
        self.job = job
        self.stages = 0

    def stage(self, unit: str, desc: str | None = None, initial: int = 0) -> Any:
        import contextlib
        self.stages += 1
        job, n = self.job, self.stages
        what = desc or unit

        def report(done: int, total: int, note: str | None = None) -> None:
            part = f"{100 * done / total:.0f}%" if total else f"{done:,}"
            job["progress"] = f"stage {n}: {what}, {part}"

        job["progress"] = f"stage {n}: {what}"
        return contextlib.nullcontext(report)


def _comparison_rows(rows):
    """``compare_house_ways``'s rows as the page shows them (each house way by its title,
    the command's decimals, the exact fractions beside them)."""
    from verifier.report.display import pct
    out = []
    for r in rows:
        out.append({
            "name": r["title"], "total": f"{r['counts']['total']:,}",
            "win": pct(r["probabilities"]["win"], 4), "push": pct(r["probabilities"]["push"], 4),
            "loss": pct(r["probabilities"]["loss"], 4),
            "exact": {k: str(p) for k, p in r["probabilities"].items()},
            "commission": f"{100 * float(r['commission_return']):+.4f}%",
            "commission_exact": str(r["commission_return"]),
            "fees": [(f"${w[0]:,}-${w[1]:,}", f"${fee}", f"{100 * lo['decimal']:+.3f}%",
                      f"{100 * hi['decimal']:+.3f}%") for w, fee, lo, hi in r["fee_returns"]],
            "differ": f"{r['differ']:,}",
            "by_type": {t: f"{n:,}" for t, n in r["by_type"].items()}})
    return out


# ---------------------------------------------------------------------------------------
# certificates


def certificate_summary(cert: Certificate) -> dict:
    """What a certificate (a ``Certificate``) holds, for its page."""
    from verifier.game.paytables import pay_label
    from verifier.game.names import READING_STATUS, display_name, reading_title
    from verifier.web.editor import CUSTOM_PREFIX, base_table, bets_of
    tables = []
    for bet, _title in bets_of(cert):
        if bet.startswith(CUSTOM_PREFIX):
            continue
        table = base_table(cert, bet)
        assert table is not None                # not a new custom bet (skipped above)
        tables.append({"bet": bet, "name": table.name, "status": table.status or "not filed",
                       "lines": [(display_name(line), pay_label(p)) for line, p in table.pays]})
    tool = cert.tool
    return {"rule_set": cert.rule_set.name, "description": cert.rule_set.description,
            "total_hands": f"{cert.total_hands:,}", "deck": cert.deck.size,
            "format": f"{cert.format} {cert.format_version}",
            "tool": f"{tool.name} {tool.version}, {tool.created}, engine {tool.engine}",
            "sections": list(cert.sections), "sha256": cert.sha256,
            "result_sha256": cert.result_sha256,
            "readings": [(reading_title(k), READING_STATUS.get(r.value, r.value))
                         for k, r in cert.readings.items()],
            "tables": tables,
            "signature": cert.signature.key_fingerprint if cert.signature else None}


def certificate_index(shelf: Shelf) -> list[dict]:
    """The certificates page's table: each certificate's name, rule set, hands, date,
    hash, signature and how its check stands (or the one line that refused it)."""
    out = []
    for i, name in enumerate(shelf.names()):
        row = {"number": i, "name": name, "error": ""}
        try:
            cert = shelf.load(i)
        except VerifierError as exc:
            row["error"] = str(exc)
        else:
            row.update(rule_set=cert.rule_set.name, hands=f"{cert.total_hands:,}",
                       deck=cert.deck.size, created=str(cert.tool.created)[:10],
                       sha256=cert.sha256, signed=bool(cert.signature),
                       check=shelf.status(i))
        out.append(row)
    return out


def house_way_index() -> list[dict]:
    """The house ways page's table: each shipped house way's name, title, source, rows and
    the SHA-256 of its file."""
    import hashlib
    from verifier.houseway import load
    out = []
    for name in house_way_names():
        hw = load(name)
        digest = hashlib.sha256(Path(hw.path).read_bytes()).hexdigest() if hw.path else ""
        out.append({"name": name, "title": hw.title, "source": hw.source,
                    "rows": len(hw.rows), "sha256": digest})
    return out


def check_certificate(cert: Certificate, key_text: str | None = None,
                      key_name: str = "") -> list[str]:
    """``check`` (and ``--public-key``): [] when intact, else the mismatches as text."""
    from verifier import certificate
    problems = [str(m) for m in certificate.check(cert.raw)]
    if key_text is not None:
        from verifier.certificate.signing import verify
        problems += [f"{f}: {m}" for f, m in verify(cert.raw, key_name, pem=key_text)]
    return problems
