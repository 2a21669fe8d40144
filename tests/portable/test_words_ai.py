"""The word game's AI: legal, sensible plays within its lookup budget."""

from crisscross.words import ai, deck, rules, selfplay
from crisscross.words.board import Board, from_rows
from crisscross.words.dictionary import Dictionary
from crisscross.words.wordset import WordSet
from crisscross.words.game import Game

OPTIONS = rules.Options()


def search(board, hand, lookup, budget=ai.DEFAULT_BUDGET):
    s = ai.Search(board, deck.parse_hand(hand), lookup, OPTIONS, budget)
    return s, s.best()


def test_opening_is_the_best_word_of_five_or_more():
    words = WordSet(["house", "houses", "hose", "shoe", "hoes"])
    s, (cells, _) = search(Board(), "HOUSEX", words)
    assert len(cells) == 5  # HOUSES would need a second S
    assert "".join(deck.ALPHABET[c[2]] for c in cells) == "HOUSE"
    assert s.best_value == 450


def test_extension_beats_a_smaller_hook():
    # TRIVIA under HOUSE: with one S the AI may make HOUSES (60) or TRIVIAS (77).
    b = from_rows(["HOUSE..", ".U.....", ".TRIVIA"])
    words = WordSet(["houses", "trivias"])
    _, (cells, res) = search(b, "S", words)
    assert res.words == ["TRIVIAS"] and cells == [(2, 7, 18, False)]


def test_finds_a_square_effect():
    b = from_rows(["IT", "S."])
    words = WordSet(["so", "to", "it", "is", "its"])
    _, (cells, res) = search(b, "O", words)
    assert cells == [(1, 1, 14, False)] and res.multiplier == 37


def test_uses_a_wild_card_when_needed():
    b = from_rows(["HOUSE"])
    words = WordSet(["houses"])
    _, (cells, res) = search(b, "*", words)
    assert cells == [(0, 5, 18, True)] and res.words == ["HOUSEs"]


def test_every_play_it_finds_is_legal_with_the_real_dictionary():
    d = Dictionary()
    g = Game(2, 11, OPTIONS, d)
    for _ in range(6):
        found = ai.choose(g, 1500)
        if found is None:
            g.draw()
            continue
        cells, res = found
        check = g.check(cells)
        assert check.error is None and check.bad_words == []
        assert check.score == res.score
        g.play(cells)
    d.close()


def test_the_budget_bounds_the_search():
    d = Dictionary()
    g = Game(2, 12, OPTIONS, d)
    ai.take_turn(g, 2000)
    hand = g.hand()
    for budget in (0, 10, 200):
        s = ai.Search(g.board, hand, d, OPTIONS, budget)
        found = s.best()
        assert s.nodes <= budget + 1
        if found is not None:
            assert g.check(found[0]).error is None
    d.close()


def test_a_seeded_ai_game_repeats_exactly():
    d = Dictionary()
    a = selfplay.play_game(2, 21, rules.Options(target=400), d, 400)
    b = selfplay.play_game(2, 21, rules.Options(target=400), d, 400)
    assert a.over and a.log == b.log and a.scores() == b.scores()
    plays = [e for e in a.log if e["action"] == "play"]
    assert plays and sum(e["score"] + e["bonus"] for e in plays) == sum(a.scores())
    d.close()


def test_tiebreak_score_is_the_best_three_letter_word_or_longer():
    words = WordSet(["ox", "box", "boxes"])
    hand = deck.parse_hand("BOXESQ")
    assert ai.best_word_score(hand, words, OPTIONS) == (4 + 1 + 11 + 1 + 1) * 5 * 10
    assert ai.best_word_score(deck.parse_hand("OX"), words, OPTIONS) == 0


def test_a_clock_deadline_stops_the_search_early():
    d = Dictionary()
    g = Game(2, 12, OPTIONS, d)
    ai.take_turn(g, 2000)
    now = [0]

    def clock():  # a fake clock: one "millisecond" per lookup
        now[0] += 1
        return now[0]

    s = ai.Search(g.board, g.hand(), d, OPTIONS, 10**6, clock=clock, deadline=50)
    found = s.best()
    assert s.nodes <= 50
    if found is not None:
        assert g.check(found[0]).error is None
    d.close()
