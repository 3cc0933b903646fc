"""Five aces: A-A-A-A plus the joker. The other two cards: any two of the 48
remaining regular cards."""
from verifier.proofs._common import C


def five_aces() -> int:
    return C(4, 4) * C(48, 2)                           # 1,128
