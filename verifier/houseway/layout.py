"""The flat program of a house-way file as the compiled route reads it (cext/houseway.h):
``ROW_INTS`` ints per row at these offsets. The one place the layout is written: the C
names (``HW_LABEL`` ...) are generated from it at build time (cext/gen_vocab.py), and
verifier/engine/program.py writes the rows by it."""
from verifier.houseway.fields import MAX_BANDS

ROW_INTS = 256
# offsets inside one row
LABEL, HANDS, NBANDS, BANDS = 0, 1, 2, 3      # 3 ints per band: feature, low, high
FRONT = BANDS + 3 * MAX_BANDS                 # the play: its kind and 4 operands
BACK, IMPROVES, HAS_ELSE = FRONT + 5, FRONT + 6, FRONT + 7
ELSE = HAS_ELSE + 1                           # the else play: kind and 4 operands
CODE_LEN = ELSE + 5
CODE = CODE_LEN + 1                           # the condition's byte code
FRONT_MIN = 250           # front_at_least: the least front key, -1 none
HIGHEST_FRONT = 251       # the reading highest_front (HIGHEST_FRONT_READINGS)
#: the offsets by their C names (HW_*), in order
OFFSETS = {"LABEL": LABEL, "HANDS": HANDS, "NBANDS": NBANDS, "BANDS": BANDS, "FRONT": FRONT,
           "BACK": BACK, "IMPROVES": IMPROVES, "HAS_ELSE": HAS_ELSE, "ELSE": ELSE,
           "CODE_LEN": CODE_LEN, "CODE": CODE, "FRONT_MIN": FRONT_MIN,
           "HIGHEST_FRONT": HIGHEST_FRONT}

#: a play's kind: two ranks or features (FRONT_RANKS), or a word of the file
FRONT_RANKS = 0
FRONT_KINDS = {"highest": 1, "best-of-rest": 2}
#: the kind of each of a FRONT_RANKS play's two operands
OPERAND_RANK, OPERAND_FEATURE = 0, 1
HIGHEST_FRONT_READINGS = {"highest-hand": 0, "card-by-card": 1}
