"""The filing's worked examples (issue 38, docs/FILING.md): real deals whose settlement
the tests replay through the table's settlement code (``round_odds``) and the game's own
rule (``game.outcome``), one example for each paying line of each bet (a rule set's
custom bets too); Face Up's, which the table does not deal, against the brute force of
the best response (tests/test_face_up.py) and the published definition of an ace-high
pai gow (tests/test_push_when.py)."""
import pytest


def _replay_base(table, e):
    """The base game's result by the game's rule: the keys compared, copies to the banker."""
    from verifier.game.outcome import LOSS, PUSH, WIN, base_outcome
    p, d = e.player_set, e.dealer_set
    if e.outcome == "foul":
        from verifier.game.ranking import is_foul
        assert is_foul(p[2], p[3]) and set(p[0]) == set(e.fouled)
        return LOSS
    copy = p[2] == d[2] or p[3] == d[3]
    assert copy == (e.outcome == "copy")
    return base_outcome(p[3], p[2], d[3], d[2])


@pytest.mark.parametrize("name", ["outlaw9-mikes", "emperors-challenge", "commission-free",
                                  "ez-pai-gow"])
def test_the_worked_examples_are_real_deals_the_table_settles_as_claimed(name):
    from test_push_when import seven_card_pai_gow_top
    from verifier.engine import set_hands
    from verifier.filing.examples import worked_examples
    from verifier.game.bets import table_sides
    from verifier.game.categories import names_to_mask
    from verifier.game.outcome import LOSS, PUSH, WIN
    from verifier.rules.rulesets import load
    from verifier.table.limits import TableRules
    from verifier.table.round import round_odds
    rs = load(name)
    table = TableRules.from_ruleset(rs)
    examples = worked_examples(table)
    claimed = {"win": WIN, "loss": LOSS, "push": PUSH, "foul": LOSS}
    base = [e for e in examples if e.kind == "base"]
    assert [e.outcome for e in base] == ["win", "loss", "push", "copy"] + (
        ["dealer push"] if rs.settlement.get("push_when") else []) + ["foul"]
    tables = {name if t.bet == "custom" else t.bet: t for name, t in rs.paytables().items()}
    sides = table_sides()
    lines_shown = {}
    for e in examples:
        assert len(set(e.player) | set(e.dealer)) == 14            # a real deal
        p, d = set_hands([list(e.player), list(e.dealer)], table.wheel_second,
                         table.house_way_number)
        assert d == e.dealer_set
        played = None
        if e.outcome == "foul":
            played = (e.player_set[2], e.player_set[3])
        else:
            assert p == e.player_set
        odds = round_odds(d, p, played, e.outcome == "foul", table, e.player, e.dealer)
        if e.kind == "base":
            rule = _replay_base(table, e)
            if e.outcome in claimed:
                assert rule == claimed[e.outcome]
            if e.outcome in ("push", "copy") and name == "ez-pai-gow":   # not the dealer's push
                assert seven_card_pai_gow_top(e.dealer) != 10
            if e.outcome == "dealer push":
                if name == "ez-pai-gow":                            # a queen-high pai gow
                    assert seven_card_pai_gow_top(e.dealer) == 10
                else:                                               # Tiger 9 (9-high front)
                    assert d[2] // 13 == 7
                assert rule == WIN and e.odds == odds[0] == PUSH
                continue
            assert odds[0] == e.odds == rule                        # no push on the banker
            continue
        lines_shown.setdefault(e.kind, []).append(e.outcome)
        if e.kind == "envy":
            assert p[4] & names_to_mask([e.outcome])                 # the hand shows it
            continue
        slot = table.kinds.index(e.kind)
        assert odds[slot] == e.odds
        if e.kind in tables and tables[e.kind].bet == "custom":             # Queen's Dragon
            assert (e.kind, e.outcome) == ("queens_dragon", "queen_high")
            assert seven_card_pai_gow_top(e.dealer) == 10                     # a queen on top
            assert e.odds == tables[e.kind].pay[e.outcome] == 50
            continue
        bet = next(b for b, t in tables.items() if t.pay and e.outcome in t.pay
                   and sides_kind(b) == e.kind)
        pay = tables[bet].pay[e.outcome]
        assert e.odds == pay                                         # the pay table's pay
    # one example for each paying line of each bet's pay table (the envy's: each amount)
    for bet, t in tables.items():
        if t.bet == "custom":
            assert sorted(lines_shown[bet]) == sorted(l for l, pay in t.pay.items() if pay)
            continue
        kind = sides_kind(bet)
        if kind is not None:
            kind = "envy" if sides[kind].envy else kind
            assert sorted(lines_shown[kind]) == sorted(l for l, pay in t.pay.items() if pay), bet


def sides_kind(bet):
    from verifier.game.bets import BETS
    side = BETS[bet].table if bet in BETS else None
    return side.kind if side else None


def test_face_up_examples_are_the_best_responses_settled_by_the_push_rule():
    """Face Up (the table does not deal it): each example's result is the brute force's,
    the best of the 21 splits against the dealer's house-way hand (tests/test_face_up.py),
    the push read on the dealer's seven cards by the published definition of an ace-high
    pai gow (tests/test_push_when.py); the setting shown gives that result."""
    from test_face_up import best_against
    from test_push_when import ACE, seven_card_pai_gow_top
    from verifier.engine import set_hand
    from verifier.filing.faceup import face_up_examples
    from verifier.game.outcome import base_outcome
    from verifier.rules.rulesets import load
    rs = load("face-up")
    ws = rs.rules.wheel_second
    examples = face_up_examples(rs)
    assert [e.outcome for e in examples] == ["win", "loss", "push", "copy", "dealer push"]
    for e in examples:
        assert len(set(e.player) | set(e.dealer)) == 14                  # a real deal
        d = set_hand(list(e.dealer), rs.rules)                           # the house way
        assert e.dealer_set[2:4] == (d.front_key, d.back_key)
        pushes = seven_card_pai_gow_top(e.dealer) == ACE
        assert pushes == (e.outcome == "dealer push")
        assert e.odds == best_against(e.player, (d.back_key, d.front_key), pushes,
                                      wheel_second=ws)
        front, back, fk, bk = e.player_set
        assert sorted(front + back) == sorted(e.player) and len(front) == 2
        shown = base_outcome(bk, fk, d.back_key, d.front_key)
        assert (0 if pushes else shown) == e.odds
        assert (fk == d.front_key or bk == d.back_key) == (e.outcome == "copy")


@pytest.mark.parametrize("cards", [14, 53, 64])
def test_the_engines_shuffles_are_cpythons_random_shuffle(engine, cards):
    """The deals of the worked examples come from the engine's shuffles
    (``engine.shuffled_deals``: compiled, CPython's generator and shuffle written again);
    against ``random.Random.shuffle`` itself, 300 shuffles from one seed (some 16,000 words
    of the generator: its 624-word state made again many times over), the same deals, the
    same deck after and the generator where CPython's is after."""
    import random
    from verifier.engine import shuffled_deals
    deck = list(range(cards))
    theirs, ours = random.Random(38), random.Random(38)
    their_deck, our_deck = list(deck), list(deck)
    expected = []
    for _ in range(300):
        theirs.shuffle(their_deck)
        expected.append((tuple(sorted(their_deck[:7])), tuple(sorted(their_deck[7:14]))))
    got = shuffled_deals(ours, our_deck, 100) + shuffled_deals(ours, our_deck, 200)
    assert got == expected and our_deck == their_deck
    assert ours.getstate() == theirs.getstate() and ours.random() == theirs.random()
