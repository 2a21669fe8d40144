"""The word game's scoring: every worked example of the rules text, in tenths.

The plays below rebuild the layout of the text's tutorial move by move (HOUSE, OUT,
TRIVIA, TRIVIAS, VENICE, the Square Effect, PRICING) on one board.
"""

from crisscross.words import deck, exact, rules
from crisscross.words.board import Board
from crisscross.words.notation import from_rows
from crisscross.words.wordset import WordSet

TUTORIAL_WORDS = ("house", "out", "trivia", "trivias", "venice", "ice", "cent", "ten",
                  "in", "at", "pricing", "tint", "tent", "spice", "it", "so",
                  "is", "to")  # fmt: skip
LOOKUP = WordSet(TUTORIAL_WORDS)
OPTIONS = rules.Options()


def cells(r, c, text, down=False):
    """Cards for `text` from (r, c); '.' skips a place already on the table."""
    out = []
    for i, ch in enumerate(text):
        if ch != ".":
            rr, cc = (r + i, c) if down else (r, c + i)
            out.append((rr, cc, ord(ch.upper()) - 65, ch.islower()))
    return out


def lay(board, play, options=OPTIONS, lookup=LOOKUP):
    res = rules.evaluate(board, play, lookup, options)
    assert res.error is None, res.error
    assert res.bad_words == [], res.bad_words
    for r, c, letter, wild in play:
        board.put(r, c, letter, wild)
    for r, c in res.square:
        board.spend(r, c)
    return res


def tutorial(upto):
    """The board after the first `upto` plays of the tutorial, and their results."""
    plays = [
        cells(0, 0, "HOUSE"),
        cells(0, 1, ".UT", down=True),
        cells(2, 1, ".RIVIA"),
        cells(2, 1, "......S"),
        cells(2, 4, ".ENICE", down=True),
        cells(3, 3, "C.NT") + cells(4, 2, "TE"),
        cells(6, 1, "PRI.ING"),
    ]
    b = Board()
    results = [lay(b, p) for p in plays[:upto]]
    return b, results


def test_house_opening_scores_45():
    b, (house,) = tutorial(1)
    assert house.words == ["HOUSE"]
    assert house.score == 450  # (4+1+2+1+1) x 5 letters


def test_out_scores_12():
    _, res = tutorial(2)
    assert res[1].words == ["OUT"] and res[1].score == 120


def test_trivia_scores_60_and_trivias_77():
    _, res = tutorial(4)
    assert res[2].words == ["TRIVIA"] and res[2].score == 600
    # An extension scores the whole word again: the credit of TRIVIA plus the S.
    assert res[3].words == ["TRIVIAS"] and res[3].score == 770


def test_venice_scores_72_when_names_are_allowed():
    b, _ = tutorial(4)
    play = cells(2, 4, ".ENICE", down=True)
    plain = WordSet(w for w in TUTORIAL_WORDS if w != "venice")
    # By default a name is not a word: the play is refused (the turn is lost).
    refused = rules.evaluate(b, play, plain, OPTIONS)
    assert refused.bad_words == ["VENICE"]
    # With names allowed and the player vouching for it, it counts.
    named = rules.evaluate(b, play, plain, rules.Options(names=True), declared=True)
    assert named.error is None and named.bad_words == []
    assert named.score == 720  # (5+1+1+1+3+1) x 6


def test_square_effect_play_scores_862_point_4():
    b, res = tutorial(6)
    square = res[5]
    assert sorted(square.words) == ["AT", "CENT", "ICE", "IN", "TEN"]
    assert square.word_points == 15 + 24 + 9 + 4 + 4
    # The precise values of the ten cards in the four complete 2x2 squares.
    assert square.multiplier == 154
    assert square.score == 8624
    assert deck.tenths(square.score) == "862.4"
    # Spent: the ten cards of the squares and the rest of the words formed (the T
    # of TEN); VENICE's V is in a square, so spent too.
    assert len(square.square) == 11 and (4, 2) in square.square
    assert (2, 4) in square.square and (5, 4) not in square.square


def test_pricing_scores_84():
    _, res = tutorial(7)
    assert res[6].words == ["PRICING"] and res[6].score == 840
    assert res[6].multiplier == 0


def test_the_square_effect_happens_once_per_area():
    # TINT and TENT complete the square E N / N T, but its cards were spent.
    b, _ = tutorial(7)
    res = rules.evaluate(b, cells(1, 5, "T..T", down=True), LOOKUP, OPTIONS)
    assert res.error is None
    assert sorted(res.words) == ["TENT", "TINT"]
    assert res.multiplier == 0
    assert res.score == (4 * 4 + 4 * 4) * 10


def test_a_fresh_square_elsewhere_multiplies_again():
    b = from_rows(["IT", "S."])
    res = rules.evaluate(b, [(1, 1, 14, False)], LOOKUP, OPTIONS)  # O: IT / SO
    assert res.error is None
    # Only words through a new card count: IT and IS were there already.
    assert sorted(res.words) == ["SO", "TO"]
    # (2 + 2) x 2 letters x (1 + 0.8 + 0.9 + 1) = 8 x 3.7
    assert res.multiplier == 37 and res.score == 8 * 37


def test_plain_plays_make_exactly_one_word():
    b, _ = tutorial(1)
    # An S under the H of HOUSE makes "HS" down: two letters, no square: refused.
    res = rules.evaluate(b, [(1, 0, 18, False)], LOOKUP, OPTIONS)
    assert res.error is not None
    # Cards not in one line without a square are refused.
    res = rules.evaluate(b, [(1, 1, 20, False), (2, 2, 19, False)], LOOKUP, OPTIONS)
    assert res.error is not None
    # A card touching nothing is refused.
    res = rules.evaluate(b, cells(5, 5, "OUT"), LOOKUP, OPTIONS)
    assert res.error is not None


def test_the_opening_lays_five_cards():
    res = rules.evaluate(Board(), cells(0, 0, "OUT"), LOOKUP, OPTIONS)
    assert res.error is not None
    res = rules.evaluate(Board(), cells(0, 0, "TRIVIA"), LOOKUP, OPTIONS)
    assert res.error == "the first play lays 5 cards"
    longer = rules.Options(long_opening=True)
    res = rules.evaluate(Board(), cells(0, 0, "TRIVIA"), LOOKUP, longer)
    assert res.error is None and res.score == 600


SQUARE_WORDS = WordSet(("house", "it", "so", "is", "to", "tone", "no", "eh", "oh"))


def test_a_square_effect_must_join_the_table():
    b, _ = tutorial(1)  # HOUSE in row 0, columns 0-4
    block = cells(3, 3, "IT") + cells(4, 3, "SO")  # a 2x2 block away from it
    res = rules.evaluate(b, block, SQUARE_WORDS, OPTIONS)
    assert res.error == "join the cards on the table"
    corner = cells(1, 5, "IT") + cells(2, 5, "SO")  # only a corner meets the E
    res = rules.evaluate(b, corner, SQUARE_WORDS, OPTIONS)
    assert res.error == "join the cards on the table"
    # The text's own square joins the layout: accepted (tested above, 862.4).


def test_a_new_square_may_not_use_the_words_of_a_spent_one():
    b = from_rows(["IT", "S."])
    first = lay(b, [(1, 1, 14, False)], lookup=SQUARE_WORDS)  # O: IT / SO
    assert first.multiplier == 37
    # N O / E H under the O: none of its cards was in the first square, but TONE
    # runs through the T and O of its word TO: not a totally different area.
    play = cells(2, 1, "NO") + cells(3, 1, "EH")
    res = rules.evaluate(b, play, SQUARE_WORDS, OPTIONS)
    assert res.error is None and res.bad_words == []
    assert sorted(res.words) == ["EH", "NO", "OH", "TONE"]
    assert res.multiplier == 0 and res.score == res.word_points * 10
    # The same block on the same letters, none of them spent, multiplies.
    res = rules.evaluate(from_rows(["IT", "SO"]), play, SQUARE_WORDS, OPTIONS)
    assert res.multiplier == 11 + 10 + 6 + 37  # N O E H


def test_wild_cards_score_nothing_and_halve_the_square_in_the_tournament():
    b = from_rows(["IT", "S."])
    wild_o = [(1, 1, 14, True)]
    plain = rules.evaluate(b, wild_o, LOOKUP, OPTIONS)
    # Words: TO (1+0) x 2, SO (1+0) x 2; multiplier 1 + 0.8 + 0.9 + 0 = 2.7.
    assert plain.word_points == 4
    assert plain.multiplier == 27 and plain.score == 4 * 27
    t = rules.Options(tournament=True)
    halved = rules.evaluate(b, wild_o, LOOKUP, t)
    assert halved.halvings == 1
    assert halved.score == 4 * 27 // 2  # the multiplier halved: 1.35


def test_halving_keeps_the_exact_value():
    # "decimals are accepted": a wild o completing I T / S o with SoD scores
    # (SoD 9 + To 2) x 2.7 / 2 = 14.85, not 14.9.
    b = from_rows(["IT.", "S.."])
    play = [(1, 1, 14, True), (1, 2, 3, False)]
    t = rules.Options(tournament=True)
    res = rules.evaluate(b, play, WordSet(("it", "is", "to", "sod")), t)
    assert res.error is None and res.word_points == 11 and res.multiplier == 27
    assert res.halvings == 1 and res.score == 148 and res.rest == 1 << 12
    assert exact.points(res.score, res.rest) == "14.85"
    # The text's own figures: 13 halved is 6.5, twice 3.25, three times 1.625.
    assert exact.points(65) == "6.5" and exact.points(32, 4096) == "3.25"
    assert exact.points(16, 2048) == "1.625" and exact.points(16, 2048, 2) == "1.62"
    assert exact.points(8624) == "862.4" and exact.points(450) == "45"


def test_two_wilds_halve_twice():
    b = from_rows(["IT", "s."])  # a wild S on the table
    t = rules.Options(tournament=True)
    res = rules.evaluate(b, [(1, 1, 14, True)], LOOKUP, t)
    # TO (1+0) x 2 = 2, sO (0+0) x 2 = 0; multiplier (1 + 0.8) / 4 = 0.45.
    assert res.word_points == 2 and res.multiplier == 18 and res.halvings == 2
    assert res.score == 9  # 2 x 0.45 = 0.9


def test_tournament_wild_cards_do_not_help_junk_letters():
    t = rules.Options(tournament=True)
    assert t.hand_limit == 18 and t.rolls == 3
    b = Board()
    # A wild standing for a junk letter is exchanged in the tournament (rule 6.2;
    # the game returns it to the deck, see test_words_game)...
    words = WordSet(["vexes", "taxes"])
    res = rules.evaluate(b, cells(0, 0, "vEXES"), words, t)
    assert res.error is None and res.exchange == 1
    # ...and so is a wild laid together with a junk card.
    res = rules.evaluate(b, cells(0, 0, "tAXES"), words, t)
    assert res.error is None and res.exchange == 1
    # A bad shape is still refused first; no wild, or no junk letter: no exchange.
    assert rules.evaluate(b, cells(0, 0, "tAX"), words, t).error is not None
    assert rules.evaluate(b, cells(0, 0, "TAXES"), words, t).exchange == 0
    assert rules.evaluate(b, cells(0, 0, "hOUSE"), words, t).exchange == 0
    # Outside the tournament both are fine.
    res = rules.evaluate(b, cells(0, 0, "tAXES"), words, OPTIONS)
    assert res.error is None and res.exchange == 0
