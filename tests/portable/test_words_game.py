"""The word game's turns: dealing, drawing by die rolls, hand limits, lost turns,
the hand-emptying bonus, rejected words, the end of the game and the tie-break."""

from crisscross.rng import Rng
from crisscross.words import deck, game, notation, restore, rules
from crisscross.words.notation import cells_text, from_rows
from crisscross.words.dictionary import Dictionary
from crisscross.words.wordset import WordSet
from crisscross.words.game import Game
from crisscross.words.restore import parse_cells

WORDS = WordSet(["house", "houses", "out", "trivia", "pricing", "venice"])


def entries(g, action):
    return [e for e in g.log if e["action"] == action]


def give(g, seat, text):
    """Put exactly these cards in a hand (back into the deck what was there)."""
    p = g.players[seat]
    g.deck.extend(bytes(p.hand))
    p.hand = []
    for card in notation.parse_hand(text):
        i = list(g.deck).index(card)
        g.deck[i : i + 1] = b""  # a bytearray: no remove() on MicroPython
        p.hand.append(card)
    p.hand.sort()


def row(r, c, text):
    return [(r, c + i, ord(ch) - 65, False) for i, ch in enumerate(text)]


def test_deal_rolls_four_dice_per_player():
    for seed in range(5):
        g = Game(3, seed, lookup=WORDS)
        deals = entries(g, "deal")
        assert len(deals) == 3
        held = 0
        for e in deals:
            assert len(e["rolls"]) == 4 and e["drawn"] == sum(e["rolls"])
            assert len(g.players[e["player"]].hand) == e["drawn"] <= 24
            held += e["drawn"]
        assert len(g.deck) == 300 - held
        # The first player rolled highest in the last round of rolls for first.
        last = entries(g, "first")[-1]
        best = max(last["rolls"])
        assert last["seats"][last["rolls"].index(best)] == g.first == g.turn
        assert last["rolls"].count(best) == 1


def test_tournament_and_big_hands_change_the_dice_and_the_limit():
    t = Game(2, 1, rules.Options(tournament=True), WORDS)
    assert all(len(e["rolls"]) == 3 for e in entries(t, "deal"))
    assert t.options.hand_limit == 18 and t.options.target == 0
    big = Game(2, 1, rules.Options(big_hands=True), WORDS)
    assert all(len(e["rolls"]) == 5 for e in entries(big, "deal"))
    assert big.options.hand_limit == 30
    try:
        rules.Options(tournament=True, big_hands=True)
    except ValueError as e:
        assert "tournament" in str(e)
    else:
        assert False, "30 cards allowed in the tournament"


def test_drawing_takes_the_roll_or_loses_two_turns_over_the_limit():
    seen_ok = seen_lost = False
    for seed in range(30):
        g = Game(2, seed, lookup=WORDS)
        seat = g.turn
        give(g, seat, "AAAAAEEEEEIIIIIOOOOOUUUU"[:21])
        before = len(g.deck)
        e = g.draw()
        hand = len(g.players[seat].hand)
        if e["roll"] > 3:
            seen_lost = True
            assert e["drawn"] == 0 and e["lost"] and hand == 21
            assert g.players[seat].skips == 1
            g.pass_turn()  # the other player
            assert g.log[-1]["action"] == "skip" and g.log[-1]["player"] == seat
            assert g.turn != seat  # skipped straight back to the other seat
        else:
            seen_ok = True
            assert e["drawn"] == e["roll"] and hand == 21 + e["roll"]
            assert len(g.deck) == before - e["roll"]
    assert seen_ok and seen_lost


def test_the_last_cards_are_taken_when_fewer_remain_than_the_roll():
    g = Game(2, 3, lookup=WORDS)
    g.deck[1:] = b""  # a bytearray: no del on MicroPython
    seat = g.turn
    n = len(g.hand())
    e = g.draw()
    assert e["drawn"] == 1 and len(g.players[seat].hand) == n + 1 and not g.deck
    # A hand one short of the limit takes the last card whatever the roll: the
    # limit counts the cards that come, not the roll.
    for seed in range(12):
        g = Game(2, seed, lookup=WORDS)
        seat = g.turn
        give(g, seat, "AEIOU" * 4 + "AEI")  # 23 of the 24
        g.deck[1:] = b""
        e = g.draw()
        assert e["drawn"] == 1 and not e.get("lost"), (seed, e)
        assert len(g.players[seat].hand) == 24 and not g.deck


def test_once_the_deck_is_empty_a_refused_word_only_loses_the_turn():
    g = Game(2, 3, lookup=WORDS)
    seat = g.turn
    give(g, seat, "AAAAA")
    g.deck[0:] = b""
    res = g.play(row(0, 0, "AAAAA"))
    assert res.bad_words and not g.over and g.turn != seat
    g.pass_turn()  # the next player neither lays nor can draw: the end
    assert g.over and g.reason == "no cards left to draw"


def test_emptying_the_hand_scores_125_times_the_count_and_redraws():
    g = Game(2, 7, lookup=WORDS)
    seat = g.turn
    give(g, seat, "HOUSE")
    res = g.play(row(0, 0, "HOUSE"))
    assert res.error is None and res.score == 450
    p = g.players[seat]
    assert p.empties == 1 and p.score == 450 + 1250
    e = entries(g, "play")[-1]
    assert e["bonus"] == 1250 and len(e["rolls"]) == 4
    assert len(p.hand) == e["drawn"] == sum(e["rolls"])
    g.pass_turn()
    give(g, seat, "S")
    res = g.play([(0, 5, 18, False)])  # HOUSES
    assert res.error is None and res.score == 600
    assert p.empties == 2 and p.score == 1700 + 600 + 2500


def test_pricing_with_the_bonus_is_209():
    g = Game(2, 2, lookup=WordSet(["pricing"]))
    for r, c, letter in ((6, 4, 2), (5, 4, 8), (7, 4, 4)):  # the I, C, E column
        g.board.put(r, c, letter)
    seat = g.turn
    give(g, seat, "PRIING")
    res = g.play(row(6, 1, "PRI") + row(6, 5, "ING"))
    assert res.error is None and res.words == ["PRICING"]
    assert g.players[seat].score == 840 + 1250


def test_a_word_not_in_the_dictionary_costs_the_turn():
    g = Game(2, 4, lookup=WORDS)
    seat = g.turn
    give(g, seat, "HOUZE")
    res = g.play(row(0, 0, "HOUZE"))
    assert res.bad_words == ["HOUZE"]
    assert g.turn != seat and g.board.is_empty()
    assert deck.hand_text(g.players[seat].hand) == "EHOUZ"
    assert g.players[seat].score == 0 and entries(g, "reject")


def test_a_malformed_play_changes_nothing():
    g = Game(2, 4, lookup=WORDS)
    seat = g.turn
    give(g, seat, "HOUSE")
    log = len(g.log)
    res = g.play(row(0, 0, "HOUS"))  # only four cards to open
    assert res.error and g.turn == seat and len(g.log) == log
    res = g.play(row(0, 0, "HOUSS"))  # a card not in the hand
    assert res.error == "those cards are not in your hand"


def test_the_opening_lays_five_cards_unless_long_openings_are_on():
    g = Game(2, 4, lookup=WORDS)
    seat = g.turn
    give(g, seat, "HOUSES")
    res = g.play(row(0, 0, "HOUSES"))  # "must lay down 5 cards at once"
    assert res.error == "the first play lays 5 cards" and g.board.is_empty()
    assert not g.play(row(0, 0, "HOUSE")).error
    g = Game(2, 4, rules.Options(long_opening=True), WORDS)
    seat = g.turn
    give(g, seat, "HOUSES")
    res = g.play(row(0, 0, "HOUSES"))
    assert not res.error and res.score == (4 + 1 + 2 + 1 + 1 + 1) * 6 * 10


def test_reaching_the_target_ends_the_game():
    g = Game(2, 5, rules.Options(target=40), WORDS)
    seat = g.turn
    give(g, seat, "HOUSEX")
    g.play(row(0, 0, "HOUSE"))
    assert g.over and g.winner == seat and g.reason == "reached 40"
    assert g.play(row(1, 0, "OUT")).error == "the game is over"


def test_no_play_with_the_deck_empty_ends_the_game():
    g = Game(2, 6, lookup=WORDS)
    other = 1 - g.turn
    g.players[other].score = 70
    g.deck[:] = b""
    g.pass_turn()
    assert g.over and g.winner == other
    assert entries(g, "end")[0]["why"] == "no cards left to draw"


def test_nobody_able_to_open_restarts_then_ends():
    g = Game(2, 8, lookup=WORDS)
    for _ in range(game.STALL_ROUNDS * 2):
        assert not g.over
        g.pass_turn()
    assert entries(g, "restart") and g.restarts == 1
    assert len(g.deck) == 300 - sum(len(p.hand) for p in g.players)
    while not g.over:
        g.pass_turn()
    assert g.restarts == game.MAX_RESTARTS
    assert g.reason == "nobody can lay or draw cards"


def test_a_stall_after_the_opening_starts_over_with_scores_at_zero():
    # "no one can make a move because of the design of the laid-out cards ... the
    # game starts over with all players giving away their cards and the scores
    # all start back on zero": after an opening too, not only before one.
    g = Game(2, 8, lookup=WORDS)
    seat = g.turn
    give(g, seat, "HOUSEX")
    assert not g.play(row(0, 0, "HOUSE")).error
    assert g.players[seat].score == 450 and not g.board.is_empty()
    for _ in range(game.STALL_ROUNDS * 2):
        assert not g.over and g.restarts == 0
        g.pass_turn()
    assert not g.over and g.restarts == 1 and entries(g, "restart")
    assert g.board.is_empty() and g.scores() == [0, 0]
    assert len(g.deck) == 300 - sum(len(p.hand) for p in g.players)


def test_a_tie_is_broken_by_six_fresh_cards_each():
    d = Dictionary()
    g = Game(3, 9, lookup=d)
    g.players[0].score = g.players[2].score = 500
    g.deck[:] = b""
    g.pass_turn()
    rounds = entries(g, "tiebreak")
    assert rounds and rounds[0]["seats"] == [0, 2]
    last = rounds[-1]
    for hand in last["hands"]:
        assert len(hand) == 6
    if g.winner is not None:
        top = max(last["scores"])
        assert last["scores"][last["seats"].index(g.winner)] == top
        assert last["scores"].count(top) == 1
    d.close()


def test_cells_text_round_trips():
    cells = [(3, 3, 2, False), (-1, 5, 13, True)]
    assert cells_text(cells) == "3,3,C -1,5,n"
    assert parse_cells("3,3,C -1,5,n") == cells
    for bad in ("3,3", "a,b,C", "1,2,CD", "1,2,*"):
        try:
            parse_cells(bad)
        except ValueError as e:
            assert "ROW,COL,LETTER" in str(e) or "not a letter" in str(e)
        else:
            assert False, bad


def test_a_game_is_its_seed_and_its_actions():
    from crisscross.words import autoplay

    d = Dictionary()
    options = rules.Options(target=500)
    g = Game(2, 31, options, d)
    for _ in range(12):
        if g.over:
            break
        autoplay.take_turn(g, 300)
    assert len(list(restore.each_action(g.actions_text))) > 1  # a few actions
    again = restore.replay(2, 31, options, d, g.actions_text)
    assert again.log == g.log and again.scores() == g.scores()
    assert again.board._cells == g.board._cells
    assert again.actions_text == g.actions_text
    # A list of the actions replays the same game (host tools pass lists).
    listed = restore.replay(
        2, 31, options, d, list(restore.each_action(g.actions_text))
    )
    assert listed.log == g.log and listed.actions_text == g.actions_text
    too_long = g.actions_text + "-" * 400
    for bad in (["q"], ["7<Q"], "q", "7<", "7", "7<A&", "{0,0}A", "{0,x,1}A", too_long):
        try:
            restore.replay(2, 31, options, d, bad)
        except ValueError as e:
            assert "action" in str(e)
        else:
            assert False, bad
    d.close()


def test_each_action_splits_the_text_into_its_actions():
    cases = (
        ("", []),
        ("+", ["+"]),
        ("+-", ["+", "-"]),
        ("7<HOUSE+-", ["7<HOUSE", "+", "-"]),
        (
            "~1,4,99~7<AB!#7<c&8!D{-40,2,1}XY+",
            ["~1,4,99~", "7<AB", "!#7<c&8!D", "{-40,2,1}XY", "+"],
        ),
    )
    for text, want in cases:
        assert list(restore.each_action(text)) == want, text
    for bad in ("7", "7<", "7<A&", "q", "{1,2,0", "~1,2"):
        try:
            list(restore.each_action(bad))
        except ValueError as e:
            assert "action 1" in str(e), (bad, e)
        else:
            assert False, bad


def test_the_old_actions_split_as_split_does_without_a_list():
    for text in ("", "d", "d/x", "p 3,3,C 3,4,A/d/x", "/", "d//x", "x/"):
        want = text.split("/") if text else []
        assert list(restore.each_old_action(text)) == want, text


def test_actions_are_kept_as_one_text():
    g = Game(2, 4, lookup=WORDS)
    assert g.actions_text == ""
    g.draw()
    assert g.actions_text == "+"
    g.pass_turn()
    give(g, g.turn, "HOUSEX")
    assert g.play(row(0, 0, "HOUSE")).error is None
    # HOUSE across from (0, 0): "7<" then a letter a card.
    assert g.actions_text == "+-7<HOUSE"
    assert g.play(row(1, 0, "ZZZ")).error  # not the player's cards: not recorded
    assert g.actions_text == "+-7<HOUSE"


def test_the_deck_is_one_byte_per_card_drawn_from_its_end_as_before():
    for seed in range(6):
        # The deck as the list it was before, dealt with list.pop().
        old = []
        for kind in range(deck.KINDS):
            old.extend([kind] * deck.COUNTS[kind])
        Rng(seed).shuffle(old)  # a game's first use of its Rng
        g = Game(3, seed, lookup=WORDS)
        assert isinstance(g.deck, bytearray)
        for e in entries(g, "deal"):
            want = sorted(old.pop() for _ in range(e["drawn"]))
            assert g.players[e["player"]].hand == want, (seed, e)
        assert list(g.deck) == old
        seat = g.turn
        before = list(g.hand(seat))
        e = g.draw()
        if not e.get("lost"):
            got = [old.pop() for _ in range(e["drawn"])]
            assert g.players[seat].hand == sorted(before + got)
        assert list(g.deck) == old


def _cards(r, c, text, down=False):
    """Cards for `text` from (r, c); '.' skips a place already on the table."""
    out = []
    for i, ch in enumerate(text):
        if ch != ".":
            out.append(
                (r + i, c, ord(ch) - 65, False)
                if down
                else (r, c + i, ord(ch) - 65, False)
            )
    return out


def test_the_rules_worked_example_plays_through_on_the_device_dictionary():
    # Seven players, names allowed (VENICE is a city): HOUSE, OUT, TRIVIA, TRIVIAS,
    # VENICE, the CENT/TEN Square Effect, PRICING emptying the hand.
    d = Dictionary()
    g = Game(7, 3, rules.Options(names=True, players=7), d)
    plays = [
        (_cards(0, 0, "HOUSE"), "HOUSE", 450),
        (_cards(0, 1, ".UT", down=True), "OUT", 120),
        (_cards(2, 1, ".RIVIA"), "TRIVIA", 600),
        (_cards(2, 1, "......S"), "TRIVIAS", 770),
        (_cards(2, 4, ".ENICE", down=True), "VENICE", 720),
        (_cards(3, 3, "C.NT") + _cards(4, 2, "TE"), "CENT", 8624),
        (_cards(6, 1, "PRI.ING"), "PRICING", 840),
    ]
    for k, (cells, word, score) in enumerate(plays):
        seat = g.turn
        letters = "".join(chr(65 + cell[2]) for cell in cells)
        last = k == len(plays) - 1
        give(g, seat, letters if last else letters + "E")  # all 6 cards at the end
        before = g.players[seat].score
        res = g.play(cells, declared=word == "VENICE")
        assert res.error is None and res.bad_words == [], (word, res.error)
        assert word in res.words and res.score == score, (word, res.score)
        gained = g.players[seat].score - before
        assert gained == score + (1250 if last else 0), word
    square = entries(g, "play")[5]
    assert sorted(square["words"]) == ["AT", "CENT", "ICE", "IN", "TEN"]
    assert square["square"] == 154  # 15.4: 862.4 = 56 x 15.4
    assert deck.tenths(8624) == "862.4"
    # PRICING's player emptied the hand: 84 + 125 = 209, and drew a fresh hand.
    assert g.players[g.turn - 1].empties == 1 and g.players[g.turn - 1].hand
    # Without the names option the city is not a word.
    plain = Game(7, 3, rules.Options(players=7), d)
    for cells, _word, _ in plays[:4]:
        give(plain, plain.turn, "".join(chr(65 + c[2]) for c in cells) + "E")
        assert not plain.play(cells).error
    venice = plays[4][0]
    give(plain, plain.turn, "ENICEE")
    assert plain.play(venice, declared=True).bad_words == ["VENICE"]
    d.close()


def test_tournament_wild_card_for_a_junk_letter_is_exchanged():
    # Rule 6.2: "the wild card is returned to the drawing bin, and mixed up again.
    # Then draws another one in exchange for it."
    t = rules.Options(tournament=True)
    g = Game(2, 4, t, WORDS)
    seat = g.turn
    give(g, seat, "*AXESB")  # a wild, A X E S, B
    size = len(g.deck)
    wilds = list(g.deck).count(deck.WILD)
    cells = [(0, 0, 19, True)] + row(0, 1, "AXES")  # tAXES: a wild for T
    res = g.play(cells)
    assert res.error is None and res.exchange == 1
    assert g.board.is_empty() and g.turn != seat  # not laid; the turn is over
    hand = g.players[seat].hand
    rest = list(hand)
    for card in notation.parse_hand("AXESB"):  # the other cards came back to the hand
        rest.remove(card)
    assert len(rest) == 1  # and one card drawn in exchange for the wild
    assert len(g.deck) == size  # the wild went in, one card came out
    assert list(g.deck).count(deck.WILD) + hand.count(deck.WILD) == wilds + 1
    ex = entries(g, "exchange")
    assert ex and ex[0]["player"] == seat and ex[0]["drawn"] == 1
    assert g.players[seat].score == 0
    # The mixing comes from the game's seed: the same again.
    again = Game(2, 4, t, WORDS)
    give(again, seat, "*AXESB")
    again.play(cells)
    assert again.players[seat].hand == hand and bytes(again.deck) == bytes(g.deck)
    assert g.actions_text.startswith("7<tAXES")


def test_exact_halved_scores_add_up_and_decide_the_winner():
    g = Game(2, 4, rules.Options(tournament=True), WORDS)
    a, b = g.turn, 1 - g.turn
    p = g.players[a]
    p.score, p.rest = 148, 1 << 12  # 14.85
    g.players[b].score = 148  # 14.8: below by half a hundredth
    g.deck[:] = b""
    g.pass_turn()
    assert g.over and g.winner == a
    # A play's rest adds to the player's, carrying into the tenths.
    h = Game(2, 4, rules.Options(tournament=True), WordSet(("it", "is", "to", "sod")))
    h.board = from_rows(["IT.", "S.."])
    seat = h.turn
    give(h, seat, "*DEE")
    q = h.players[seat]
    q.score, q.rest = 10, 6000  # 1.0 and 6000/8192 of a tenth
    res = h.play([(1, 1, 14, True), (1, 2, 3, False)])
    assert res.score == 148 and res.rest == 4096  # 14.85
    assert (q.score, q.rest) == (10 + 148 + 1, 6000 + 4096 - 8192)
    assert entries(h, "play")[-1]["rest"] == 4096
