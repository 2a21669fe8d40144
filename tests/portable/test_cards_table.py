"""Card game: where a card may go (4x4 bounding box, stacking, the last-card rule)."""

from crisscross.cards import deck
from crisscross.cards.table import CENTRE, SIZE, Table


def card(code):
    return deck.parse(code)


def table(*placed):
    """A table with (code, x, y) placed in order, unchecked."""
    t = Table()
    for code, x, y in placed:
        t.place(card(code), x, y)
    return t


def test_the_first_card_goes_to_the_centre_only():
    t = Table()
    assert t.spots(card("Y1K")) == [(CENTRE, CENTRE)]
    assert t.bounds() is None
    assert not t.can_place(card("Y1K"), 0, 0)


def test_after_one_card_every_square_within_three_is_open():
    t = table(("Y1K", 3, 3))
    spots = t.spots(card("R2A"))
    assert len(spots) == SIZE * SIZE - 1  # all but the centre, the last card
    assert (0, 0) in spots and (6, 6) in spots and (0, 6) in spots


def test_cards_must_fit_a_four_by_four_grid():
    t = table(("Y1K", 3, 3), ("R2A", 5, 3))  # three columns wide already
    c = card("Y2S")
    assert t.can_place(c, 6, 3)  # columns 3..6: four wide
    assert t.can_place(c, 2, 3)  # columns 2..5
    assert not t.can_place(c, 1, 3)  # columns 1..5: five wide
    assert t.can_place(c, 3, 0) and t.can_place(c, 3, 6)  # rows still free
    t.place(c, 3, 0)  # rows 0..3
    assert not t.can_place(c, 4, 4)
    assert t.can_place(c, 4, 2)
    assert t.bounds() == (3, 0, 5, 3)


def test_a_full_window_allows_only_its_own_squares():
    t = table(("Y1K", 3, 3), ("R2A", 6, 3), ("Y3S", 3, 0))
    spots = t.spots(card("G4C"))
    for x, y in spots:
        assert 3 <= x <= 6 and 0 <= y <= 3
    assert len(spots) == 16 - 3  # the empty squares of the window


def test_stacking_needs_the_same_number_on_top():
    t = table(("Y1K", 3, 3), ("R2A", 4, 3))
    assert t.can_place(card("G1S"), 3, 3)  # 1 on 1
    assert not t.can_place(card("G2S"), 3, 3)  # 2 on 1
    t.place(card("G1S"), 3, 3)
    assert t.height(3, 3) == 2
    assert t.at(3, 3) == card("G1S")


def test_never_on_the_card_played_last():
    t = table(("Y1K", 3, 3), ("R1A", 4, 3))
    assert not t.can_place(card("G1S"), 4, 3)
    assert t.can_place(card("G1S"), 3, 3)
    t.place(card("B1C"), 5, 3)
    assert t.can_place(card("G1S"), 4, 3)  # no longer the last one


def test_the_top_card_decides_what_may_stack():
    t = table(("Y1K", 3, 3), ("R1A", 3, 3), ("G3S", 4, 3))
    assert t.can_place(card("B1C"), 3, 3)
    assert not t.can_place(card("B3C"), 3, 3)
    assert t.height(3, 3) == 2


def test_squares_off_the_frame_are_never_open():
    t = table(("Y1K", 3, 3))
    for x, y in ((-1, 3), (7, 3), (3, -1), (3, 7)):
        assert not t.can_place(card("R2A"), x, y)
        assert t.at(x, y) == 255


def test_copy_is_independent():
    t = table(("Y1K", 3, 3))
    u = t.copy()
    u.place(card("R2A"), 4, 3)
    assert t.cards == 1 and u.cards == 2
    assert t.at(4, 3) == 255 and u.last != t.last
