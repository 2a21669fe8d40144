"""Card game scoring: every kind of line, fours vs threes, stacks, the variants."""

from crisscross.cards import deck, scoring
from crisscross.cards.scoring import COLOUR, ITEM, JOKER, NUMBER, Rules
from crisscross.cards.table import Table


def play(placed, code, x, y, players=4, strict=False, jokers=None, restack=False):
    """Lines made by `code` played at (x, y) after `placed` (code, x, y) triples;
    the player is the seat of the card's colour."""
    t = Table()
    for c, px, py in placed:
        t.place(deck.parse(c), px, py)
    card = deck.parse(code)
    rules = Rules(players, strict, jokers, restack)
    awarded = scoring.award(scoring.profile(t, x, y), card, deck.colour(card), rules)
    return scoring.lines(awarded, card, x, y)


def summary(lines):
    return sorted((ln.kind, ln.points, ln.seat, ln.cells) for ln in lines)


def total(lines, seat):
    return sum(ln.points for ln in lines if ln.seat == seat)


def test_three_of_a_number_in_a_row_scores_one():
    lines = play([("Y2K", 3, 3), ("R2A", 4, 3)], "G2S", 5, 3)
    assert summary(lines) == [(NUMBER, 1, 2, ((3, 3), (4, 3), (5, 3)))]
    assert lines[0].value == 1  # number 2 is stored as 1


def test_three_of_an_item_in_a_column_scores_one():
    lines = play([("Y1K", 3, 3), ("R3K", 3, 4)], "G4K", 3, 2)
    assert summary(lines) == [(ITEM, 1, 2, ((3, 2), (3, 3), (3, 4)))]


def test_diagonals_both_ways_count():
    down = play([("Y1K", 3, 3), ("R1A", 4, 4)], "G1S", 5, 5)
    assert summary(down) == [(NUMBER, 1, 2, ((3, 3), (4, 4), (5, 5)))]
    up = play([("Y1K", 3, 3), ("R1A", 4, 2)], "G1S", 5, 1)
    assert [ln.kind for ln in up] == [NUMBER] and len(up[0].cells) == 3


def test_the_played_card_may_complete_a_line_from_the_middle():
    lines = play([("Y3C", 3, 3), ("R2C", 5, 3)], "G4C", 4, 3)
    assert summary(lines) == [(ITEM, 1, 2, ((3, 3), (4, 3), (5, 3)))]


def test_four_in_a_row_scores_two_not_two_plus_threes():
    placed = [("Y2K", 3, 3), ("R2A", 4, 3), ("G2S", 5, 3)]
    lines = play(placed, "B2C", 6, 3)
    assert summary(lines) == [(NUMBER, 2, 3, ((3, 3), (4, 3), (5, 3), (6, 3)))]
    middle = play([("Y2K", 3, 3), ("R2A", 4, 3), ("B2C", 6, 3)], "G2S", 5, 3)
    assert total(middle, 2) == 2 and len(middle) == 1


def test_number_and_item_lines_on_the_same_cards_both_score():
    lines = play([("Y2K", 3, 3), ("R2K", 4, 3)], "G2K", 5, 3)
    assert sorted(ln.kind for ln in lines) == [NUMBER, ITEM]
    assert total(lines, 2) == 2


def test_lines_in_different_directions_add_up():
    placed = [("Y1K", 3, 3), ("R1A", 4, 3), ("Y4S", 5, 4), ("R3S", 5, 5)]
    lines = play(placed, "G1S", 5, 3)  # row of 1s and column of Shields
    assert summary(lines) == [
        (NUMBER, 1, 2, ((3, 3), (4, 3), (5, 3))),
        (ITEM, 1, 2, ((5, 3), (5, 4), (5, 5))),
    ]
    assert total(lines, 2) == 2


def test_gaps_and_mismatches_break_a_line():
    assert play([("Y2K", 3, 3), ("R2A", 5, 3)], "G2S", 6, 3) == []  # gap at x=4
    assert play([("Y2K", 3, 3), ("R3A", 4, 3)], "G2S", 5, 3) == []  # 2, 3, 2
    assert play([("Y2K", 3, 3), ("R2A", 4, 3)], "G2S", 5, 4) == []  # off the line


def test_only_lines_through_the_played_card_score():
    placed = [("Y2K", 3, 3), ("R2A", 4, 3), ("G2S", 5, 3)]
    assert play(placed, "B4C", 4, 4) == []  # the three of 2s is not re-scored


def test_only_the_top_card_of_a_stack_counts():
    # Keys at x=3,4 but the Key at x=4 is covered by a 1 Shield.
    placed = [("Y1K", 3, 3), ("R1K", 4, 3), ("G1S", 4, 3), ("Y3C", 6, 6)]
    assert play(placed, "B3K", 5, 3) == []
    lines = play(placed, "B1C", 5, 3)
    assert summary(lines) == [(NUMBER, 1, 3, ((3, 3), (4, 3), (5, 3)))]


def test_stacking_on_a_line_that_was_there_scores_nothing():
    # 2 2 2 scored when it was made; a 2 on the middle 2 makes no new line.
    placed = [("Y2K", 3, 3), ("R2A", 4, 3), ("G2S", 5, 3), ("Y4C", 6, 6)]
    assert play(placed, "B2C", 4, 3) == []
    # The reading of saves of version 1 scored it again.
    again = play(placed, "B2C", 4, 3, restack=True)
    assert summary(again) == [(NUMBER, 1, 3, ((3, 3), (4, 3), (5, 3)))]


def test_stacking_scores_a_line_the_covered_card_did_not_make():
    # Numbers 3 3 3 were there; the new Key turns the middle Shield into K K K.
    placed = [("Y3K", 3, 3), ("G3S", 4, 3), ("R3K", 5, 3), ("Y4C", 6, 6)]
    lines = play(placed, "B3K", 4, 3)
    assert summary(lines) == [(ITEM, 1, 3, ((3, 3), (4, 3), (5, 3)))]
    old = play(placed, "B3K", 4, 3, restack=True)
    assert sorted(ln.kind for ln in old) == [NUMBER, ITEM]
    # The same item as the covered card: the Shield line below was there already.
    col = [("Y1S", 3, 3), ("R2S", 3, 4), ("G2S", 3, 5), ("Y4C", 6, 6)]
    assert play(col, "B2S", 3, 4) == []
    # Jokers follow the item lines: the Key's holder gains from the new K K K only.
    jok = play(placed, "B3K", 4, 3, jokers=(deck.KEY, deck.AXE, deck.SHIELD, deck.COIN))
    assert sorted((ln.kind, ln.seat) for ln in jok) == [(ITEM, 3), (JOKER, 0)]


def test_own_colour_four_scores_three_and_more_lines_add():
    placed = [("Y1K", 3, 3), ("Y2A", 4, 3), ("Y3S", 5, 3)]
    lines = play(placed, "Y4C", 6, 3, players=2)
    assert summary(lines) == [(COLOUR, 3, 0, ((3, 3), (4, 3), (5, 3), (6, 3)))]
    assert scoring.gains(
        scoring.award(
            scoring.profile(_table(placed), 6, 3), deck.parse("Y4C"), 0, Rules(2)
        ),
        2,
    ) == ([3, 0], True)
    # Same number all along: the colour four (3) plus the number four (2).
    ones = [("Y1K", 3, 3), ("Y1A", 4, 3), ("Y1S", 5, 3)]
    both = play(ones, "Y1C", 6, 3, players=2)
    assert sorted(ln.kind for ln in both) == [NUMBER, COLOUR]
    assert total(both, 0) == 5


def test_three_of_a_colour_scores_nothing():
    assert play([("Y1K", 3, 3), ("Y2A", 4, 3)], "Y3S", 5, 3) == []


def test_strict_scoring_drops_numbers_but_keeps_items_and_colour_fours():
    assert play([("Y2K", 3, 3), ("R2A", 4, 3)], "G2S", 5, 3, strict=True) == []
    items = play([("Y1K", 3, 3), ("R3K", 4, 3)], "G4K", 5, 3, strict=True)
    assert summary(items) == [(ITEM, 1, 2, ((3, 3), (4, 3), (5, 3)))]
    ones = [("Y1K", 3, 3), ("Y1A", 4, 3), ("Y1S", 5, 3)]
    four = play(ones, "Y1C", 6, 3, players=2, strict=True)
    assert summary(four) == [(COLOUR, 3, 0, ((3, 3), (4, 3), (5, 3), (6, 3)))]


def test_joker_holder_gains_on_anyones_line_of_its_item():
    jokers = (deck.COIN, deck.KEY, deck.AXE, deck.SHIELD)  # seat 1 holds the Key
    lines = play([("Y1K", 3, 3), ("R3K", 4, 3)], "G4K", 5, 3, jokers=jokers)
    assert total(lines, 2) == 1  # the player's item three
    assert total(lines, 1) == 1  # seat 1's joker
    joker = [ln for ln in lines if ln.kind == JOKER]
    assert len(joker) == 1 and joker[0].value == deck.KEY
    four = play(
        [("Y1K", 3, 3), ("R3K", 4, 3), ("B2K", 6, 3)], "G4K", 5, 3, jokers=jokers
    )
    assert total(four, 1) == 2 and total(four, 2) == 2


def test_joker_holder_completing_its_own_item_gets_both():
    jokers = (deck.COIN, deck.KEY, deck.AXE, deck.SHIELD)
    lines = play([("Y1A", 3, 3), ("B3A", 4, 3)], "G4A", 5, 3, jokers=jokers)
    assert total(lines, 2) == 2 and len(lines) == 2


def test_number_lines_give_no_joker_bonus():
    jokers = (deck.KEY, deck.AXE, deck.SHIELD, deck.COIN)
    lines = play([("Y2K", 3, 3), ("R2A", 4, 3)], "G2S", 5, 3, jokers=jokers)
    assert [ln.kind for ln in lines] == [NUMBER]


def _table(placed):
    t = Table()
    for c, x, y in placed:
        t.place(deck.parse(c), x, y)
    return t


def test_could_score_never_misses_a_line():
    placed = [("Y2K", 3, 3), ("R2A", 4, 3), ("G3S", 3, 4), ("B1S", 5, 5)]
    t = _table(placed)
    rules = Rules(4)
    some = 0
    for y in range(7):
        for x in range(7):
            prof = scoring.profile(t, x, y)
            for card in range(64):
                if scoring.award(prof, card, deck.colour(card), rules):
                    assert scoring.could_score(prof)
                    some += 1
    assert some > 0


# Sun cards along row 3 (x 3-5) and column 6 (y 0-2): Y at (6, 3) closes both.
TWO_FOURS = [
    ("Y1K", 3, 3),
    ("Y2A", 4, 3),
    ("Y3S", 5, 3),
    ("Y1C", 6, 0),
    ("Y3K", 6, 1),
    ("Y2C", 6, 2),
]


def test_potentials_give_the_same_gains_as_award():
    # The AI scores its moves and the replies from potentials. On the second
    # table a card closes two colour fours at once: 6 points there too.
    placed = [
        ("Y2K", 3, 3),
        ("R2K", 4, 3),
        ("Y1K", 5, 3),
        ("Y4S", 3, 4),
        ("B2S", 4, 4),
        ("Y3A", 3, 2),
        ("G1S", 5, 5),
        ("B4S", 3, 4),  # a stack: its covered card decides what is new
        ("R2A", 3, 3),
    ]
    variants = (
        Rules(4),
        Rules(4, restack=True),
        Rules(4, True),
        Rules(4, False, (deck.KEY, deck.SHIELD, deck.AXE, deck.COIN)),
    )
    most = 0
    for t in (_table(placed), _table(TWO_FOURS)):
        for rules in variants:
            for y in range(7):
                for x in range(7):
                    prof = scoring.profile(t, x, y)
                    pot = scoring.potentials(prof, rules)
                    for card in range(64):
                        seat = deck.colour(card)
                        slow = scoring.gains(scoring.award(prof, card, seat, rules), 4)
                        assert scoring.card_gains(pot, card, seat, rules, 4) == slow
                        most = max(most, slow[0][seat])
    assert most >= 6  # the two fours


def test_one_card_making_two_colour_fours_scores_both():
    placed = TWO_FOURS
    lines = play(placed, "Y4A", 6, 3, players=2)
    colour = [ln for ln in lines if ln.kind == COLOUR]
    assert len(colour) == 2 and total(colour, 0) == 6
    assert scoring.gains(
        scoring.award(
            scoring.profile(_table(placed), 6, 3), deck.parse("Y4A"), 0, Rules(2)
        ),
        2,
    ) == ([total(lines, 0), 0], True)
