"""The card game on the handheld, driven through the real App with button events:
new game, a whole game against the AI, saving and continuing, pass and play."""

from appdriver import Driver
from crisscross.cards import session as cs
from crisscross.cards.game import Game
from crisscross.cards.ui.play import FLASH_MS, CardsPlay
from crisscross.cards.ui.results import CardsResults, ranking
from crisscross.screens.handover import Handover
from crisscross.screens.title import Title
from crisscross.memory_storage import FaultyStorage, MemoryStorage, PowerLoss
from crisscross import records
from crisscross.store import Store

WAIT = "wait:%d" % (FLASH_MS + 100)  # longer than any move is shown


def text(session):
    """A session's save text (to_text() gives it in parts)."""
    return "".join(session.to_text())


def is_a(obj, cls):
    """isinstance by class name: on a board the app unloads a game's modules at
    the title (crisscross.families), so a later game's screens come
    from a fresh import, not from the classes this test imported."""
    return type(obj).__name__ == cls.__name__


def start(d, *changes):
    """From the title: Cards with `changes` to the New game rows, then Start."""
    d.start_game("right right", *changes)
    return d.app.session


def step(d):
    """One step through the buttons: hand over, let a shown move end, or play the
    first card of the hand on its nearest square (A passes when nothing fits)."""
    scr = d.screen
    if is_a(scr, Handover):
        d.press("a")
    elif scr.show is not None or d.app.session.phase != cs.PLAY:
        d.press(WAIT)
    else:
        d.press("a a" if scr.can_play() else "a")


def settle(d):
    """Let shown moves end and the AI play until a human may act."""
    for _ in range(50):
        scr = d.screen
        if is_a(scr, CardsPlay) and scr.show is None:
            if d.app.session.phase == cs.PLAY:
                return
        d.press(WAIT)
    assert False, "the AI never handed back"


def finish(d, most=400):
    for _ in range(most):
        if is_a(d.screen, CardsResults):
            return
        step(d)
    assert False, "the game did not end"


def test_new_game_offers_cards_with_their_rows_and_starts_a_card_session():
    d = Driver(seed=11)
    d.choose("New game").press("right right")
    labels = [r[1] for r in d.screen.rows()]
    assert labels == [
        "Game",
        "Rule",
        "Players",
        "AI foes",
        "Colour",
        "AI",
        "Deal",  # cards are dealt, not rolled
        "> Start game",
    ]
    assert d.screen.rows()[0][2] == "Cards" and d.screen.rows()[4][2] == "Sun"
    d.press("b")
    s = start(d)
    assert is_a(s, cs.Session) and s.seats == [cs.HUMAN, cs.AI]
    assert s.level == "easy" and s.rules == "" and s.game.seed == 11
    assert s.game.colours == [0, 1]
    assert is_a(d.screen, CardsPlay)


def test_the_new_game_screen_lets_each_human_choose_a_colour():
    d = Driver(seed=11)
    # Two humans, no AI: P1 turns to Ocean (left from Sun); P2 goes right from
    # Mountain to Forest, then past P1's Ocean to Sun.
    s = start(d, "down down right down down left down right right")
    assert s.seats == [cs.HUMAN, cs.HUMAN] and s.game.colours == [3, 0]
    # One human on Forest under Joker+Strict: the AI foe takes Sun.
    d2 = Driver(seed=12)
    s2 = start(d2, "down right right right down down down right right")
    assert s2.seats == [cs.HUMAN, cs.AI] and s2.game.colours == [2, 0]
    assert s2.rules == "joker-strict" and s2.rules_key() == "cards-joker-strict"


def test_a_whole_game_against_the_ai_is_played_with_buttons_and_recorded():
    d = Driver(seed=3, today=lambda: (2026, 11, 22))
    s = start(d, "down down down right")  # two AI foes
    assert s.seats == [cs.HUMAN, cs.AI, cs.AI]
    finish(d)
    game = s.game
    assert game.over and s.phase == cs.OVER
    assert len(game.history) > 6
    seats = [e[0] for e in game.history]
    assert 0 in seats and 1 in seats and 2 in seats
    # Solo: the human's score went into the high scores, the save is gone.
    high = records.high_scores(d.app.store, "cards")
    assert [h["score"] for h in high] == [game.scores[0]]
    assert high[0]["date"] == "2026-11-22" and high[0]["code"] == s.code
    assert d.app.store.load_game() is None
    places = ranking(game)
    assert places[0][0] == 1 and game.scores[places[0][1]] == max(game.scores)
    d.press("a")
    assert d.screen.page == 1  # the final table
    d.press("b b")
    assert is_a(d.screen, Title) and d.app.session is None


def test_every_move_is_saved_and_continue_restores_the_same_position():
    d = Driver(seed=8)
    s = start(d)
    for _ in range(3):
        d.press("a a")
        settle(d)
    assert not s.game.over
    saved = d.app.store.load_game()
    assert saved == text(s) and saved.startswith("cards|")
    hands = [list(h) for h in s.game.hands]
    d.press("long-b").choose("Save & quit")
    assert is_a(d.screen, Title)
    d.choose("Continue")
    r = d.app.session
    assert r is not s and text(r) == saved
    assert r.game.hands == hands and r.game.scores == s.game.scores
    assert bytes(r.game.table.top) == bytes(s.game.table.top)
    assert r.game.turn == s.game.turn and is_a(d.screen, CardsPlay)


def test_a_move_handing_over_to_the_ai_is_saved_before_the_ai_moves():
    d = Driver(seed=8)
    s = start(d)
    settle(d)
    d.press("a a")
    assert s.phase == cs.AI_TURN and d.screen.show is s.game.history[-1]
    saved = d.app.store.load_game()  # the human's move, on flash at once...
    assert saved == text(s)
    assert len(saved.split("|")[-1].split(",")) == len(s.game.history)
    d.press("wait:1")
    assert d.screen.show[0] == 1
    later = d.app.store.load_game()  # ...then the AI's move, in its own save
    assert later != saved and later == text(s)
    assert len(later.split("|")[-1].split(",")) == len(s.game.history)


def test_a_power_cut_while_the_ai_replies_keeps_the_human_move():
    # The human's card hands the turn to the AI; the power goes anywhere in the
    # save of the AI's reply (every operation, every 7th byte): the game loads
    # with the human's move, or with the reply too, never from before them.
    for atomic in (False, True):
        cut = 0
        while True:
            inner = MemoryStorage()
            faulty = FaultyStorage(inner, atomic=atomic)
            d = Driver(seed=8, storage=faulty)
            s = start(d)
            settle(d)
            d.press("a a")
            assert s.phase == cs.AI_TURN
            human = text(s)
            ops, written = faulty.ops, faulty.bytes_written
            if cut < 3:  # before each of the save's operations (in place: one)
                faulty.fail_at_op = ops + cut
            else:
                faulty.fail_after_bytes = written + (cut - 3) * 7
            try:
                d.press("wait:1")  # the AI's reply and its save
            except PowerLoss:
                pass
            cut += 1
            if not faulty.dead:  # the save went through whole: no cut left
                assert d.screen.show[0] == 1
                if cut > 3:
                    break
                continue
            after = Store(inner).load_game()
            assert after == human or after == text(s), (atomic, cut)
            back = Driver(seed=8, storage=inner)
            back.press("a")  # Continue
            r = back.app.session
            assert len(r.game.history) >= len(human.split("|")[-1].split(","))


def test_the_save_text_kept_between_moves_matches_a_fresh_one():
    d = Driver(seed=14)
    s = start(d, "down down down right")  # two AI foes
    for _ in range(12):
        step(d)
        fresh = cs.Session.from_text(text(s))
        assert text(fresh) == text(s)
        assert text(s).endswith("|" + s.game.move_codes())


def test_a_restored_game_goes_on_exactly_as_the_uninterrupted_one():
    a = Driver(seed=21)
    start(a, "down down down right", "down down right")  # 2 foes, hard
    b = Driver(seed=21)
    start(b, "down down down right", "down down right")
    assert a.app.session.level == "hard"
    for _ in range(3):
        a.press("long-a a")  # the hint: chosen from the game alone, not the cursor
        settle(a)
        b.press("long-a a")
        settle(b)
    b.press("long-b").choose("Save & quit").choose("Continue")
    for _ in range(3):
        a.press("long-a a")  # the hint: chosen from the game alone, not the cursor
        settle(a)
        b.press("long-a a")
        settle(b)
    assert text(a.app.session) == text(b.app.session)
    assert a.frame() == b.frame()


def test_pass_and_play_hides_each_hand_behind_a_hand_over():
    d = Driver(seed=4)
    s = start(d, "down down right")  # two humans, no AI
    assert s.seats == [cs.HUMAN, cs.HUMAN]
    first = s.game.turn
    assert is_a(d.screen, Handover)  # nobody sees a hand before "ready"
    d.press("a")
    assert is_a(d.screen, CardsPlay) and s.game.turn == first
    d.press("a a")  # the first card scores nothing: straight to the hand-over
    assert is_a(d.screen, Handover) and s.game.turn == 1 - first
    d.press("b")  # only A goes on
    assert is_a(d.screen, Handover)
    d.press("a")
    assert is_a(d.screen, CardsPlay) and s.last_human == 1 - first
    # A pass-and-play game continues behind the hand-over screen.
    d.press("long-b").choose("Save & quit").choose("Continue")
    assert is_a(d.screen, Handover)
    finish(d)
    assert (
        d.app.store.load_game() is None
        and records.high_scores(d.app.store, "cards") == []
    )


def test_ai_moves_are_shown_one_at_a_time_and_a_key_skips_them():
    d = Driver(seed=6)
    s = start(d, "down down down right right")  # three AI foes
    game = s.game
    settle(d)
    n = len(game.history)
    d.press("a a")
    scr = d.screen
    # The human's move is shown first: no AI moves in the tick of the key press.
    assert len(game.history) == n + 1 and scr.show is game.history[-1]
    assert scr.show[0] == 0 and s.phase == cs.AI_TURN
    if scr.show[4]:
        d.press("a")  # skip the flash of the human's own scoring move
    else:
        d.press("wait:1")  # the next tick: the first AI seat moves
    # The AI seats move one per tick, each shown before the next.
    assert len(game.history) == n + 2
    assert scr.show is game.history[-1] and scr.show[0] == 1
    d.press("wait:100")
    assert len(game.history) == n + 2 and scr.show is game.history[-1]
    d.press("a")  # skip: the next AI moves at once
    assert len(game.history) == n + 3 and scr.show is game.history[-1]
    assert scr.show[0] == 2


def test_scored_lines_are_flashed_inverted_then_the_game_goes_on():
    d = Driver(seed=3)
    start(d, "down down down right")
    for _ in range(300):
        scr = d.screen
        if is_a(scr, CardsPlay) and scr.show is not None and scr.show[4]:
            break
        step(d)
    else:
        assert False, "no line scored"
    x, y = scr.show[4][0].cells[0]
    # The cell's corner pixel, blank on a plain card, is lit when inverted.
    px = 1 + (x - scr.vx) * 15 + 13
    py = 2 + (y - scr.vy) * 15 + 13
    assert d.frame()[(py // 8) * 128 + px] >> (py % 8) & 1
    entry = scr.show
    d.press(WAIT)
    assert d.screen is not scr or scr.show is not entry
    finish(d)


def test_the_cursor_only_stops_where_the_picked_card_may_go():
    d = Driver(seed=12)
    s = start(d)
    for _ in range(3):
        d.press("a a")
        settle(d)
    scr = d.screen
    assert scr.can_play()
    d.press("a")
    assert scr.mode == 1
    card = scr.picked()
    for keys in ("up", "left", "down down", "right right right", "up"):
        d.press(keys)
        assert s.game.table.can_place(card, scr.cx, scr.cy)
    d.press("b")
    assert scr.mode == 0
    d.press("long-a")  # the hint picks a card and its square
    hint = s.hint()
    assert scr.mode == 1 and (scr.picked(), scr.cx, scr.cy) == hint


def test_saved_texts_that_are_not_games_are_refused_with_a_reason():
    good = cs.new_session(77, 1, 2, "joker", "hard", "CODE", "")
    while good.phase == cs.AI_TURN:
        good.ai_step()
    good.play(*good.game.legal_moves()[0])
    saved = text(good)
    again = cs.Session.from_text(saved)
    assert text(again) == saved and again.game.jokers() == good.game.jokers()
    bad = (
        "cards|1",
        "words|" + saved[6:],
        saved.replace("|joker|", "|wild|"),
        saved.replace("|hard|", "|best|"),
        saved.replace("cards|2|haa", "cards|2|hxa"),
        saved.replace("cards|2|haa", "cards|2|aaa"),
        saved.replace("|YRG|", "|YRY|"),
        saved.replace("|YRG|", "|YR|"),
        saved.replace("|YRG|", "|YRQ|"),
        saved.replace("cards|2|", "cards|3|"),
        saved + ",Y1Kz9",
        saved + ",Q1Kd4",
        saved + ",-",
    )
    for t in bad:
        try:
            cs.Session.from_text(t)
        except ValueError as e:
            assert str(e)
        else:
            assert False, "accepted: " + t


# Saved by the version before the colour choice and the stacking rule (commit
# 5ddf237): seat 0 Sun (human), seat 1 Mountain (AI). Move 13, Y2C stacked on the
# R2C of a column of Coins, scored the Coins four again (2, and 2 for the Coin
# joker's holder).
V1_SAVE = (
    "cards|1|ha|hard|CODE||joker|77|fa7c967c,266dc696|Y3Kd4,R4Sb3,Y1Sa1,R1Ca4,"
    "Y1Ca1,R3Ca3,Y3Cd4,R2Ca2,Y4Sb3,R2Ad3,Y2Sa2,R2Sc4,Y2Ca2,R3Kd2"
)


def test_a_save_of_version_1_plays_on_by_its_own_rules():
    s = cs.Session.from_text(V1_SAVE)
    g = s.game
    assert g.legacy and g.colours == [0, 1] and g.first == 0
    assert g.scores == [2, 7]  # the re-scored stack counted, as when it was played
    assert g.history[12][4] and text(s) == V1_SAVE  # saved as it was
    while s.phase == cs.AI_TURN:
        s.ai_step()
    s.play(*g.legal_moves()[0])
    again = cs.Session.from_text(text(s))
    assert text(again).startswith("cards|1|ha|") and again.game.scores == g.scores


def test_chosen_colours_are_saved_and_the_ai_takes_the_others():
    s = cs.new_session(5, 1, 2, "joker-strict", "hard", "", "", [2])
    assert s.game.colours == [2, 0, 1] and s.rules_key() == "cards-joker-strict"
    saved = text(s)
    assert saved.startswith("cards|2|haa|") and "|GYR|" in saved
    r = cs.Session.from_text(saved)
    assert r.game.colours == [2, 0, 1] and text(r) == saved
    assert r.game.has("strict") and r.game.jokers() == s.game.jokers()


def test_a_bad_save_is_set_aside_on_continue_with_a_message():
    storage = MemoryStorage()
    d = Driver(seed=2, storage=storage)
    start(d)
    d.press("a a " + WAIT)
    text = d.app.store.load_game()
    d.app.store.save_game(text + ",Y1Kz9")
    d = Driver(seed=2, storage=storage)
    d.choose("Continue")
    assert is_a(d.screen, Title) and d.app.store.load_game() is None


def test_moves_replay_through_the_engine_checks():
    g = Game(3, 99, "strict")
    n = 0
    while not g.over and n < 10:
        moves = g.legal_moves()
        if moves:
            g.play(*moves[len(moves) // 2])
        else:
            g.pass_turn()
        n += 1
    h = Game(3, 99, "strict")
    h.replay(g.move_codes())
    assert h.move_codes() == g.move_codes() and h.scores == g.scores
    assert bytes(h.table.top) == bytes(g.table.top) and h.hands == g.hands


def test_the_game_menu_and_the_rules_menu_show_the_card_rules():
    from crisscross import texts, ui
    from crisscross.screens import textview

    d = Driver(seed=5)
    start(d)
    d.press("long-b")
    assert "Undo" not in d.screen.items  # drawn cards cannot be taken back
    d.choose("Rules")
    assert d.screen.lines == ui.wrap(texts.CARDS, textview.COLS)
    d.press("b").choose("Resume")
    assert is_a(d.screen, CardsPlay)
    d.press("long-b").choose("Abandon game").press("a")  # asked: one more A
    assert is_a(d.screen, Title) and d.app.store.load_game() is None
    d.choose("Rules").choose("Cards")
    assert d.screen.title == "CARDS"
    assert d.screen.lines == ui.wrap(texts.CARDS, textview.COLS)
