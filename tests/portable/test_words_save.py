"""The word game's save (version 2): its actions written compactly, read back
into the same game; version 1 saves still load; a damaged one is refused with
a reason. (A whole game's file size: tests/host/test_words_save_size.py.)"""

from crisscross.words import autoplay, deck
from crisscross.words import session as ws
from crisscross.words.board import Board
from crisscross.words.game import EDGE, play_text
from crisscross.words.notation import cells_text
from crisscross.words.restore import each_action, play_cells


def _same(a, b):
    """Session `a`, loaded from a save of `b`, is b's game."""
    ga, gb = a.game, b.game
    assert ga.board._cells == gb.board._cells
    assert [p.hand for p in ga.players] == [p.hand for p in gb.players]
    assert ga.scores() == gb.scores() and bytes(ga.deck) == bytes(gb.deck)
    assert (ga.turn, ga.turns, ga.restarts) == (gb.turn, gb.turns, gb.restarts)
    assert ga.rng.state == gb.rng.state
    # Who holds the handheld is not saved: a pass-and-play game resumes behind
    # the hand-over screen, even when the human who moved last moves again.
    if a.humans > 1 and b.phase == ws.PLAY:
        assert a.phase == ws.HANDOVER
    else:
        assert a.phase == b.phase


def _cells(word, r, c, down=False, wild=()):
    out = []
    for i, ch in enumerate(word):
        out.append(
            (r + i if down else r, c if down else c + i, deck.code(ch), i in wild)
        )
    return out


def test_a_play_is_read_back_as_written():
    board = Board()
    for r, c, letter, wild in _cells("CAT", 0, 0) + _cells("OX", 1, 1, True):
        board.put(r, c, letter, wild)
    plays = (
        _cells("HOUSE", 0, 3),  # across from (0, 3)
        _cells("DOG", -3, 0, True, wild=(1,)),  # down, a wild O
        [(-1, 1, 0, False), (3, 1, 4, False)],  # A over the A, E under the X: one run
        [(-1, 0, 0, False), (1, 0, 1, False)],  # over and under the C
        [(0, 5, 0, False)],
        _cells("AB", -EDGE, -EDGE) + _cells("ZZ", EDGE - 1, EDGE - 2),  # edges
        _cells("WIDE", EDGE, 0) + _cells("ER", -40, 300, True),  # beyond: {ROW,COL,D}
        [(0, -1, 7, True), (2, 0, 8, False), (2, 2, 9, False)],  # three runs
    )
    for cells in plays:
        for head in ("", "!", "#", "!#"):
            text = play_text(board, cells, head)
            assert '"' not in text and "\\" not in text and "|" not in text
            assert list(each_action(text)) == [text], text
            got, declared, topic = play_cells(board, text)
            assert got == cells, (text, got, cells)
            assert declared == ("!" in head) and topic == ("#" in head)
    # The A over the A and the E under the X: the cards between are skipped.
    assert play_text(board, plays[2], "").endswith("AE") and "&" not in play_text(
        board, plays[2], ""
    )
    assert play_text(board, plays[4], "") == play_text(board, [(0, 5, 0, False)], "")


def _move(s, budget=150):
    """The seat to move plays what the AI finds, else draws or passes."""
    game = s.game
    if s.phase == ws.HANDOVER:
        s.proceed()
    found = autoplay.choose(game, budget)
    if found is not None and s.play(found[0]).error is None:
        return "p " + cells_text(found[0])  # as a version 1 save wrote it
    if len(game.hand()) < 8:
        s.draw()
        return "d"
    s.pass_turn()
    return "x"


def test_saves_load_back_into_the_same_game_through_a_redeal():
    s = ws.new_session(17, 2, 0, "", "quick", "CODE3")
    old = []  # the actions as version 1 wrote them
    kinds = set()
    for _ in range(10):
        old.append(_move(s))
        kinds.add(old[-1][0])
        again = ws.Session.from_text(s.to_text())
        _same(again, s)
        assert again.to_text() == s.to_text()
        v1 = "".join(s.to_text()).split("|")[:-1]
        v1[1] = "1"
        v1 = "|".join(v1) + "|" + "/".join(old)
        _same(ws.Session.from_text(v1), s)  # a version 1 save of it: the same game
    assert "p" in kinds
    # Passes until nobody has laid or drawn for three rounds: dealt again, and
    # the text starts again from there.
    restarts = s.game.restarts
    for _ in range(12):
        if s.game.restarts > restarts:
            break
        if s.phase == ws.HANDOVER:
            s.proceed()
        s.pass_turn()
        old.append("x")
    assert s.game.restarts == restarts + 1
    text = s.game.actions_text
    assert text[0] == "~" and list(each_action(text)) == [text]
    again = ws.Session.from_text(s.to_text())
    _same(again, s)
    v1 = "".join(s.to_text()).split("|")[:-1]
    v1[1] = "1"
    _same(ws.Session.from_text("|".join(v1) + "|" + "/".join(old)), s)
    for _ in range(3):
        _move(s)
    _same(ws.Session.from_text(s.to_text()), s)


def test_a_malformed_save_is_a_clear_value_error():
    s = ws.new_session(17, 1, 1, "", "quick")
    _move(s)
    text = "".join(s.to_text())
    bad = {
        text + "7": "two characters",  # a cell cut short
        text + "7<": "without letters",
        text + "7<A&": "action 2",
        text + " ": "unknown",
        text + "{1,2}AB": "{ROW,COL,0 or 1}",
        text + "{1,2,0AB": "without its }",
        text + "-~1,0,5~": "comes first",
        text[: text.rindex("|") + 1] + "~9,0,5~": "not a re-deal",
        text[: text.rindex("|") + 1] + "~1,0,0~": "not a dice state",
        text[: text.rindex("|") + 1] + "~1,0~": "~RESTARTS,TURNS,STATE~",
        text + "7<ZZZZZZZZ": "action 2",  # not the player's cards
    }
    for t, reason in bad.items():
        try:
            ws.Session.from_text(t)
        except ValueError as e:
            assert reason in str(e), (t, str(e))
        else:
            assert False, "accepted: " + t
