"""The word game's AI: legal, sensible plays within its lookup budget."""

from crisscross.words import ai, autoplay, deck, notation, rules, selfplay
from crisscross.words.board import Board
from crisscross.words.notation import from_rows
from crisscross.words.dictionary import Dictionary
from crisscross.words.wordset import WordSet
from crisscross.words.game import Game

OPTIONS = rules.Options()


def search(board, hand, lookup, budget=ai.DEFAULT_BUDGET):
    s = ai.Search(board, notation.parse_hand(hand), lookup, OPTIONS, budget)
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


def test_cross_checks_are_kept_only_for_cells_beside_the_cards():
    # Around HOUSE a cell needs a cross-check only above or below one of its
    # letters (across) or at either end (down): 12 anchors. The free cells with
    # nothing beside them take any letter and are not kept.
    words = WordSet(["houses", "ah", "ho", "oh", "us", "so", "he", "she", "hose"])
    s, found = search(from_rows(["HOUSE"]), "SAHE", words)
    assert found is not None
    A, E, H, S = (1 << deck.ALPHABET.index(x) for x in "AEHS")
    above = [A, H | S, 0, 0, H]  # AH; HO, SO; -; -; HE (no O in the hand)
    below = [E, H, S, 0, 0]  # HE; OH; US; -; -
    ends = [0, S]  # -HOUSE; HOUSES
    assert sorted(s.lines.cross) == sorted(above + below + ends)


def test_the_play_found_is_scored_as_the_rules_score_it():
    d = Dictionary()
    g = Game(2, 5, OPTIONS, d)
    for _ in range(4):
        autoplay.take_turn(g, 600)
    s = ai.stepper(g, 600)
    cells, res = s.best()
    again = rules.evaluate(g.board, cells, None, OPTIONS, check_words=False)
    # Kept as cells while searching, scored again at the end: the same value.
    assert res.error is None and res.score == again.score > 0
    assert res.words == again.words
    bonus = s._value_bonus(len(cells))
    assert s.best_value == res.score + bonus
    d.close()


def test_every_play_it_finds_is_legal_with_the_real_dictionary():
    d = Dictionary()
    g = Game(2, 11, OPTIONS, d)
    for _ in range(6):
        found = autoplay.choose(g, 1500)
        if found is None:
            g.draw()
            continue
        cells, res = found
        check = g.check(cells)
        assert check.error is None and check.bad_words == []
        assert check.score == res.score
        g.play(cells)
    d.close()


def test_an_empty_hand_finds_no_play_and_its_turn_ends_the_game():
    # Once the deck is empty a seat can hold no card (it emptied its hand and
    # drew nothing): the search finds nothing, on an empty table or beside words.
    words = WordSet(["house", "houses"])
    for board in (Board(), from_rows(["HOUSE"])):
        s, found = search(board, "", words)
        assert found is None and s.nodes == 0
    d = Dictionary()
    g = Game(2, 12, OPTIONS, d)
    autoplay.take_turn(g, 2000)
    g.deck[:] = b""  # a bytearray
    g.players[g.turn].hand[:] = []
    assert autoplay.take_turn(g, 2000) == "pass" and g.over
    d.close()


def test_the_budget_bounds_the_search():
    d = Dictionary()
    g = Game(2, 12, OPTIONS, d)
    autoplay.take_turn(g, 2000)
    hand = g.hand()
    for budget in (0, 10, 200):
        s = ai.Search(g.board, hand, d, OPTIONS, budget)
        found = s.best()
        assert s.nodes <= budget + 1
        if found is not None:
            assert g.check(found[0]).error is None
    d.close()


# A deal whose first hint is an 18-card hand with a wild card beside 5 cards:
# few lookups a step, as a word's first two letters come from tables.
BIG_HAND = "words|2|ha|quick||||13047205|7<ADDEd"


def test_the_budget_bounds_the_walk_as_well_as_the_lookups():
    from crisscross.words.session import Session

    g = Session.from_text(BIG_HAND).game
    assert len(g.hand()) == 18 and len(g.board._cells) == 5
    s = ai.stepper(g, 1000)
    found = s.best()
    # It stopped at its steps' bound, before its last lookup...
    most = 1000 * ai.WORK_PER_LOOKUP
    assert most < s.work <= most + ai.OFFER_WORK + 1
    assert s.nodes < 1000
    assert found is not None and g.check(found[0]).error is None
    # ...where a bigger budget goes on (the search had not ended by itself).
    more = ai.stepper(g, 4000)
    more.best()
    assert more.nodes > s.nodes and more.work > s.work
    assert more.best_value >= s.best_value


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
    hand = notation.parse_hand("BOXESQ")
    assert (
        autoplay.best_word_score(hand, words, OPTIONS) == (4 + 1 + 11 + 1 + 1) * 5 * 10
    )
    assert autoplay.best_word_score(notation.parse_hand("OX"), words, OPTIONS) == 0


class _Logged:
    """A lookup that records every question asked of it, in order."""

    def __init__(self, inner):
        self.inner = inner
        self.asked = []

    @property
    def reads(self):
        return getattr(self.inner, "reads", 0)

    FIRSTS = Dictionary.FIRSTS

    def has_prefix(self, w):
        self.asked.append(b"p" + bytes(w))
        return self.inner.has_prefix(w)

    def contains(self, w):
        self.asked.append(b"w" + bytes(w))
        return self.inner.contains(w)

    def begins(self, w):
        self.asked.append(b"b" + bytes(w))
        return self.inner.begins(w)

    def after(self, a):
        return self.inner.after(a)  # the pair table in RAM: no question

    def after2(self, a, b):
        self.asked.append(b"3" + bytes((97 + a, 97 + b)))
        return self.inner.after2(a, b)

    def across(self, w, here, letters):
        self.asked.append(b"x%d %d " % (here, letters) + bytes(w))
        return self.inner.across(w, here, letters)


def _run(game, budget, lookups=None, reads=None):
    p = game.players[game.turn]
    log = _Logged(game.lookup)
    s = ai.Search(game.board, p.hand, log, game.options, budget, empties=p.empties)
    slices = 1
    if lookups is None:
        found = s.best()
    else:
        out = []
        for _ in s.steps(out, lookups, reads):
            slices += 1
        found = out[0]
    cells = None if found is None else found[0]
    score = None if found is None else found[1].score
    return (log.asked, s.nodes, s.candidates, s.best_value, cells, score), slices


def test_slicing_never_changes_the_lookups_or_the_play():
    # The opening (an empty table) and layouts: any slice size asks the dictionary
    # the same questions in the same order, and finds the same play.
    d = Dictionary()
    g = Game(2, 3, OPTIONS, d)
    for _ in range(3):
        want, _ = _run(g, 350)
        assert want[1] > 20  # the third search ends before its budget
        for lookups, reads in ((1, None), (6, 2), (29, None)):
            got, slices = _run(g, 350, lookups, reads)
            assert got == want
            assert slices > want[1] // (lookups + 1)
        autoplay.take_turn(g, 300)
    d.close()


def _deep_search():
    # The only word runs through HOUSE and on with all 8 cards: 13 letters deep.
    words = WordSet(["housecdefghij"])
    hand = notation.parse_hand("CDEFGHIJ")
    return ai.Search(from_rows(["HOUSE"]), hand, words, OPTIONS, 10**6)


def _held(s):
    """The search's arrays (but the best play), the lines' among them."""
    out = {}
    for owner in (s, s.lines):
        for name, v in owner.__dict__.items():
            if isinstance(v, (bytes, bytearray, list)) and name != "best_cells":
                out[name] = (id(v), len(v))
    return out


def test_a_paused_search_holds_only_its_preallocated_arrays():
    # Between slices the search keeps one generator frame, not one per letter
    # (heap objects on MicroPython): its arrays stay the same objects however
    # deep the word it is growing.
    s = _deep_search()
    out = []
    steps = s.steps(out, 1)
    next(steps)
    held = _held(s)
    deepest = 0
    for _ in steps:
        for v in s.__dict__.values():
            assert type(v).__name__ != "generator"
        assert _held(s) == held
        assert sum(s.counts) + s.depth >= s.hand_size  # cards laid: back in hand
        deepest = max(deepest, s.depth)
    assert deepest == 13
    assert [c[2] for c in out[0][0]] == [2, 3, 4, 5, 6, 7, 8, 9]


def _gc_reclaims():
    """True where gc.collect() frees garbage made in the same call: a board, not
    CPython (no gc.mem_alloc) nor the WebAssembly build (which collects only
    between calls from JavaScript)."""
    import gc

    if not hasattr(gc, "mem_alloc"):
        return False
    gc.collect()
    before = gc.mem_alloc()
    junk = [bytearray(64) for _ in range(64)]
    junk = None
    gc.collect()
    return junk is None and gc.mem_alloc() - before < 2048


def test_a_search_paused_thirteen_letters_deep_holds_little_heap():
    if not _gc_reclaims():
        return
    import gc

    s = _deep_search()
    gc.collect()
    base = gc.mem_alloc()
    for _ in s.steps([], 1):
        if s.depth == 13:
            gc.collect()
            # The lines' arrays, the cross-checks kept, the one generator's
            # frame; a generator per letter would take ~210 bytes a letter.
            assert gc.mem_alloc() - base < 1500
            return
    assert False, "never 13 letters deep"


def test_tiebreak_may_use_a_square_effect():
    # Rule 9: "the highest score from what they've got": I T over S O is a
    # Square Effect, IT, SO, IS, TO (4 + 4 + 4 + 4) x 3.7 = 59.2, more than any word.
    words = WordSet(["it", "so", "is", "to", "its"])
    hand = notation.parse_hand("ITSOBB")
    assert autoplay.best_square_score(hand, words, OPTIONS) == 592
    assert autoplay.best_word_score(hand, words, OPTIONS) == 592
    # Without the two-letter words down there is no square: ITS (3 x 3) wins.
    flat = WordSet(["it", "so", "its"])
    assert autoplay.best_square_score(hand, flat, OPTIONS) == -1
    assert autoplay.best_word_score(hand, flat, OPTIONS) == 90


def test_the_search_picks_the_reference_play_in_both_interpreters():
    # The plain reference (crisscross.words.reference) beside the search, on
    # seeded random hands over small tables where squares, wild cards and hooks
    # abound (tests/host/test_words_reference.py: thousands of positions).
    from crisscross.rng import Rng
    from crisscross.words import reference

    words = WordSet(
        ["it", "is", "so", "to", "its", "sit", "toss", "stoic", "ox", "box"]
        + ["house", "houses", "hose", "shoe", "hoes", "he", "ah", "oh", "us"]
    )
    tables = (["HOUSE"], ["IT", "S."], [".T.", "SIT", ".S."], ["BOX", "...", "IT."])
    rng = Rng(27)
    count = 0
    for rows in tables:
        board = from_rows(rows)
        for _ in range(8):
            hand = sorted(rng.below(deck.KINDS) for _ in range(1 + rng.below(3)))
            s = ai.Search(board, hand, words, OPTIONS, 10**6)
            found = s.best()
            mine = None if found is None else (found[0], s.best_value)
            assert mine == reference.best_play(board, hand, words, OPTIONS)
            count += found is not None
    assert count >= 8  # plays were found, not only none
