"""Writes the example submissions of examples/audit/ (docs/AUDIT.md): ``correct.xlsx``
and ``correct.csv``, a par sheet whose every figure is typed in from a published table
or a closed form, and ``flawed.xlsx``, the same sheet with three planted flaws:

1. a miscounted line: Jackpot Pai Gow's straight flush, 173,048 for the published 173,084
   (two digits swapped);
2. an edge rounded the wrong way: Jackpot Pai Gow's house edge 2.20% (the published
   figure is 2.21%; the exact edge is 2.2088...%, which rounds up);
3. a probability from a 52-card deck: Pai Gow Mania's four of a kind as 0.00168067, the
   standard deck's 224,848 seven-card four-of-a-kind hands of C(52,7) = 133,784,560
   (Wikipedia, "Poker probability", 7-card poker), instead of 307,472 of C(53,7).

Sources of the figures (typed in below, nothing computed by the verifier):
- Pai Gow Mania, seven-card hand, and Jackpot Pai Gow Poker: the combination counts and
  house edges (6.37%, 2.21%) the Wizard of Odds publishes
  (wizardofodds.com/games/pai-gow-poker/appendix/5/ and /appendix/3/); the same tables
  tests/test_custom_bets.py and tests/test_enumeration.py reproduce.
- Outlaw 9: the filed pay table (verifier/data/outlaw9_filed.toml); 7-card straight
  flushes 8 x 4 = 32 (eight runs of seven ranks in each suit), five aces C(48,2) = 1,128.
- Probabilities and odds: the published count over C(53,7) = 154,143,080, here.

Run from the repository's root: ``python examples/audit/make_examples.py`` (openpyxl)."""
import csv
import math
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
TOTAL = math.comb(53, 7)

GAME = [("Rule set", "outlaw9-mikes"), ("House way", "mikes"), ("Bonus reading", "seven-card")]

# line, pays (N to 1), published combinations
PAI_GOW_MANIA = [("Five Aces", 500, 1_128), ("Royal Flush", 250, 26_132),
                 ("Straight Flush", 50, 184_832), ("Four of a Kind", 25, 307_472),
                 ("Full House", 5, 4_188_528), ("Flush", 4, 6_172_088),
                 ("Three of a Kind", 3, 7_672_500), ("Straight", 2, 11_034_204)]
PAI_GOW_MANIA_OTHER = 124_556_196
PAI_GOW_MANIA_EDGE = "6.37%"

JACKPOT = [("Natural Royal Flush plus Natural Pair of Aces", 20000, 12),
           ("Five Aces plus Pair", 400, 72), ("Royal Flush plus Pair", 200, 1_560),
           ("Five Aces", 200, 1_056), ("Royal Flush", 100, 24_560),
           ("Straight Flush plus Pair", 60, 11_748), ("Four of a Kind plus Pair", 40, 57_648),
           ("Straight Flush", 30, 173_084), ("Four of a Kind", 20, 249_824),
           ("Full House plus Pair", 12, 150_480), ("Flush plus Pair", 8, 489_260),
           ("Straight plus Pair", 6, 1_155_536), ("Full House", 6, 4_024_560),
           ("Flush", 4, 5_631_420), ("Straight", 3, 10_145_388),
           ("Three of a Kind", 2, 7_470_676)]
JACKPOT_OTHER = 124_556_196
JACKPOT_EDGE = "2.21%"

OUTLAW9 = [("7-Card Straight Flush", 4000, 8 * 4, "8 runs of seven ranks x 4 suits"),
           ("Royal Flush and Royal Match", 2000, None, ""),
           ("7-Card Straight Flush with Joker", 1000, None, ""),
           ("5 Aces", 200, math.comb(48, 2), "the joker, four aces and any two of 48"),
           ("Royal Flush", 100, None, ""), ("Straight Flush", 40, None, ""),
           ("Four of a Kind", 25, None, ""), ("9 High", 12, None, ""),
           ("10 High", 10, None, ""), ("All Red or Black", 8, None, ""),
           ("All Red or Black with Joker", 6, None, ""), ("Full House", 5, None, ""),
           ("Flush", 4, None, ""), ("Three of a Kind", 3, None, ""),
           ("Straight", 2, None, ""), ("Three Pairs", 1, None, "")]


def probability(n, total=TOTAL):
    return float(round(Fraction(n, total), 8))


def odds(n, total=TOTAL):
    return f"1 in {float(Fraction(total, n)):,.1f}"


def pai_gow_mania(flawed):
    rows = [["Pai Gow Mania: seven-card hand"], ["Bet", "custom"], ["Reads", "seven-card"],
            ["Pay table", "Pai Gow Mania, seven-card hand"], [],
            ["Line", "Pays", "Combinations", "Probability", "Odds"]]
    for line, pays, n in PAI_GOW_MANIA:
        p = probability(n)
        if flawed and line == "Four of a Kind":
            p = probability(224_848, math.comb(52, 7))         # flaw 3: a 52-card deck
        rows.append([line, pays, n, p, odds(n)])
    rows.append(["Other (loses)", None, PAI_GOW_MANIA_OTHER, probability(PAI_GOW_MANIA_OTHER),
                 odds(PAI_GOW_MANIA_OTHER)])
    rows.append(["Total", None, TOTAL, 1, None])
    rows += [[], ["House edge", PAI_GOW_MANIA_EDGE]]
    return rows


def jackpot(flawed):
    rows = [["Jackpot Pai Gow Poker ($100,000 top prize on $5)"], ["Bet", "custom"],
            ["Reads", "best-for-bet"], ["Pay table", "Jackpot Pai Gow Poker"], [],
            ["Hand", "Pays", "Combos"]]
    for line, pays, n in JACKPOT:
        if flawed and line == "Straight Flush":
            n = 173_048                                        # flaw 1: miscounted
        rows.append([line, pays, n])
    rows.append(["Other (loses)", None, JACKPOT_OTHER])
    rows += [[], ["House edge", "2.20%" if flawed else JACKPOT_EDGE]]   # flaw 2
    return rows


def outlaw9():
    rows = [["Outlaw 9 High or Better, as filed"], ["Bet", "Outlaw 9"], [],
            ["Line", "Pays", "Combinations", "Notes"]]
    rows += [[line, pays, n, note] for line, pays, n, note in OUTLAW9]
    return rows


def write_xlsx(path, flawed):
    import openpyxl
    book = openpyxl.Workbook()
    game = book.active
    game.title = "Game"
    game.append(["Par sheet submitted for Pai Gow Poker side bets"])
    for row in GAME:
        game.append(list(row))
    for title, rows in (("Pai Gow Mania", pai_gow_mania(flawed)),
                        ("Jackpot Pai Gow", jackpot(flawed)), ("Outlaw 9", outlaw9())):
        ws = book.create_sheet(title)
        for row in rows:
            ws.append(row)
        for cells in ws.iter_rows():
            for cell in cells:
                if isinstance(cell.value, float):
                    cell.number_format = "0.00000000"
                elif isinstance(cell.value, int) and cell.value > 999:
                    cell.number_format = "#,##0"
    book.save(path)


def write_csv(path):
    with open(path, "w", newline="") as f:
        out = csv.writer(f)
        for row in GAME:
            out.writerow(row)
        for rows in (pai_gow_mania(False), jackpot(False)):
            out.writerow([])
            for row in rows:
                out.writerow(["" if c is None else f"{c:,}" if isinstance(c, int) and c > 999
                              else f"{c:.8f}" if isinstance(c, float) else c for c in row])


if __name__ == "__main__":
    write_xlsx(HERE / "correct.xlsx", flawed=False)
    write_xlsx(HERE / "flawed.xlsx", flawed=True)
    write_csv(HERE / "correct.csv")
    print("written: correct.xlsx, flawed.xlsx, correct.csv")
