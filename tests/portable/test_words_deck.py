"""The word game's cards: the distribution and the values from the rules' table."""

from crisscross.words import deck, notation


def test_300_cards_with_13_wild():
    assert deck.total() == 300
    assert deck.COUNTS[deck.WILD] == 13
    cards = deck.new_deck()
    assert isinstance(cards, bytearray) and len(cards) == 300
    for kind in range(deck.KINDS):
        assert list(cards).count(kind) == deck.COUNTS[kind]
    assert list(cards).count(deck.code("E")) == 33
    assert list(cards) == sorted(cards)  # unshuffled: A..Z, then the wild cards


def test_score_values_are_the_precise_values_rounded():
    for kind in range(26):
        pv = deck.PV[kind]  # tenths; no letter sits exactly on a half
        assert deck.SV[kind] == (pv + 5) // 10, deck.char(kind)
    assert deck.SV[deck.WILD] == 0 and deck.PV[deck.WILD] == 0


def test_counts_follow_the_footnote_base_of_20():
    # "20 / precise value, rounded": E is 20 / 0.6 = 33.3 -> 33 cards.
    for kind in range(26):
        pv = deck.PV[kind]
        assert deck.COUNTS[kind] == (2 * 200 + pv) // (2 * pv), deck.char(kind)
    assert deck.COUNTS[deck.WILD] == (2 * 20 * 2 + 3) // (2 * 3)  # 2/3 of 20


def test_card_text_round_trips():
    assert notation.parse_hand("HOUSE*") == [7, 14, 20, 18, 4, deck.WILD]
    assert deck.hand_text(notation.parse_hand("*esuoh")) == "EHOSU*"
    assert deck.code("1") == -1 and deck.code("") == -1 and deck.code("AB") == -1
    assert deck.tenths(8624) == "862.4" and deck.tenths(450) == "45"
    assert deck.tenths(-5) == "-0.5"


def test_parse_hand_rejects_other_characters():
    try:
        notation.parse_hand("AB1")
    except ValueError as e:
        assert "1" in str(e)
    else:
        assert False, "accepted a digit"
