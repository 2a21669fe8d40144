"""The word game's every-event paths written to make little garbage give what the
plain ways give: the save file, the saved text, a play's text, a message box's
lines. Under MicroPython, a cursor move on the play screen is also measured."""

import sys

from appdriver import Driver
from crisscross import buttons, ui
from crisscross.app import toast_lines
from crisscross.memory_storage import MemoryStorage, joined
from crisscross.records import game_mark
from crisscross.savefile import GAME, HEAD_ROOM, pack, pack_game, plain
from crisscross.store import Store
from crisscross.storeload import unpack
from crisscross.words import autoplay
from crisscross.words import session as ws
from crisscross.words.game import play_text
from crisscross.words.notation import cells_text
from crisscross.words.restore import parse_cells

PLAIN_TEXTS = (
    "",
    "a",
    "words|1|ha|quick|||optional|5|p 0,-2,C 0,-1,A 0,0,T/d/x",
    "".join(chr(i) for i in range(32, 127) if chr(i) not in '"\\'),
    "p 10,-12,Q/" * 150,  # a long game
)
# Each needs escaping in JSON: the save goes the general way.
ESCAPED_TEXTS = ('say "hi"', "back\\slash", "new\nline", "tab\there", "caf\u00e9")
MOVE_BYTES = 128  # a cursor move: the top line's text is built once, not per move


def _cuts(text):
    """`text` as tuples of parts that join into it."""
    half = len(text) // 2
    return (
        (text,),
        (text, ""),
        ("", text),
        (text[:half], text[half:]),
        (text[:1], text[1:2], text[2:]),
    )


def _file(seq, text, room):
    """pack_game's file, packed into a buffer of `room` bytes."""
    return joined(pack_game(memoryview(bytearray(room)), seq, text))


def test_a_game_save_is_the_file_pack_writes():
    for text in PLAIN_TEXTS:
        assert plain(text), text
        for seq in (1, 9, 10, 12345):
            data = pack(GAME, seq, {"game": text})
            assert unpack(GAME, data) == (seq, {"game": text})
            for parts in _cuts(text):  # given in parts: the same file
                assert plain(parts), parts
                # in the buffer whole, or the header there and the parts after
                for room in (HEAD_ROOM, 512, len(data)):
                    assert _file(seq, parts, room) == data, (seq, parts, room)
        for parts in _cuts(text):
            assert game_mark(parts) == game_mark(text), parts


def test_a_game_saved_in_parts_is_saved_and_compared_as_its_text():
    st = MemoryStorage()
    store = Store(st)
    assert store.save_game(("words|1|h|quick||||5|", "d/x"))
    data = st.files["game.sav"]
    assert data == pack(GAME, 1, {"game": "words|1|h|quick||||5|d/x"})
    assert store.load_game() == "words|1|h|quick||||5|d/x"
    again = Store(st)  # the text as loaded: one str
    assert again.load_game() == "words|1|h|quick||||5|d/x"
    for same in (("words|1|h|quick||||5|", "d/x"), ("words|1|h|quick||||5|d/x",)):
        assert again.save_game(same)  # the same text: nothing written
        assert st.files["game.sav"] == data and "game.sav.bak" not in st.files
    for other in (("words|1|h|quick||||5|", "d/x/d"), ("words|1|h|quick||||5|", "d")):
        assert again.save_game(other)
        assert Store(st).load_game() == "".join(other)
    assert "".join(ESCAPED_TEXTS) and again.save_game(ESCAPED_TEXTS)
    assert Store(st).load_game() == "".join(ESCAPED_TEXTS)  # the general way
    try:
        store.save_game(("words|", 12))
    except ValueError as e:
        assert "encode" in str(e)
    else:
        assert False, "a part that is not a string was saved"


def test_texts_json_must_escape_are_saved_the_general_way():
    for text in ESCAPED_TEXTS:
        assert not plain(text), text
        st = MemoryStorage()
        assert Store(st).save_game(text)
        assert Store(st).load_game() == text
    st = MemoryStorage()
    store = Store(st)
    for text in PLAIN_TEXTS + ESCAPED_TEXTS:  # one file, saved over and over
        assert store.save_game(text)
        assert Store(st).load_game() == text


def test_message_lines_are_what_wrap_gives():
    cases = (
        ["P2 CAT +5"],
        ["P1 QUIZZICAL +123 bonus +50", "P2 drew 3"],
        [" leading space"],
        ["a" * 30],
        ["", "x"],
        [],
        ["one", "two", "three", "four", "five", "six"],
        ["exactly 14 chr", "fifteen chars!!"],
        ["two  spaces", "trailing "],
        ["line\nbreak inside the text"],
    )
    for texts in cases:
        assert toast_lines(texts) == ui.wrap("\n".join(texts), 14)[:5], texts


def _plainly(cells, head=""):
    parts = []
    for r, c, letter, wild in cells:
        ch = chr(65 + letter)
        parts.append("%d,%d,%s" % (r, c, ch.lower() if wild else ch))
    return head + " ".join(parts)


def test_a_play_is_written_row_col_letter_per_card():
    plays = (
        [(0, 0, 0, False)],
        [(-512, 511, 25, True), (10, -7, 4, False), (100, -100, 12, True)],
        [(3, c, c % 26, c % 3 == 0) for c in range(-9, 12)],
        [(999, -999, 1, False), (-99, 9, 2, True)],
        [(1000, 5, 1, False), (-1234, 0, 2, True)],  # off the table: still written
    )
    for cells in plays:
        for head in ("", "p ", "p!# "):
            assert cells_text(cells, head) == _plainly(cells, head), (cells, head)
        assert parse_cells(cells_text(cells)) == cells


def _from_scratch(s, actions):
    """The save text built the way it was before the game kept its actions as
    one text: the fields and a list of the actions, joined."""
    seats = "".join(["h" if x == ws.HUMAN else "a" for x in s.seats])
    fields = (ws.HEAD, ws.SAVE_VERSION, seats, s.level, s.code, s.daily, s.rules)
    return "|".join(fields + (str(s.game.seed), "".join(actions)))


def test_the_saved_text_follows_every_action():
    s = ws.new_session(11, 1, 1, "", "quick", "CODE1", "2026-11-22")
    actions = []
    assert "".join(s.to_text()) == _from_scratch(s, actions)
    for _ in range(5):  # six quiet actions of two seats: a re-deal (below)
        if s.phase == ws.PLAY:
            if len(s.game.hand()) < 10:
                s.draw()
                actions.append("+")
            else:
                s.pass_turn()
                actions.append("-")
        else:
            s.game.pass_turn()  # the AI's seat, without its search
            s._update()
            actions.append("-")
        parts = s.to_text()
        assert "".join(parts) == _from_scratch(s, actions)
        done, recent = s.game.actions_parts()  # the game's own texts, no copy
        assert parts[1] is done and parts[2] is recent
        assert s.to_text() is parts  # asked again: the same, nothing built
    again = ws.Session.from_text(s.to_text())
    assert again.game.actions_text == s.game.actions_text
    assert "".join(again.to_text()) == "".join(s.to_text())


def test_a_played_game_is_saved_byte_for_byte_as_before():
    """A seeded game through the session, plays, draws and passes: after every
    move the file on flash is the one the save text built the old way gives,
    and the game loads back from it."""
    from crisscross.words import autoplay

    s = ws.new_session(23, 2, 0, "optional", "quick", "CODE2", "2026-11-22")
    game = s.game
    st = MemoryStorage()
    store = Store(st)
    actions = []  # the actions as strings, as the game's list held them
    kinds = set()
    for move in range(14):
        if game.over:
            break
        if s.phase == ws.HANDOVER:
            s.proceed()
        assert s.phase == ws.PLAY
        found = None if move % 4 == 3 else autoplay.choose(game, 150)
        if found is not None:
            written = play_text(game.board, found[0], "")  # the table before it
            assert s.play(found[0]).error is None
            actions.append(written)
        elif move % 8 == 3:
            s.draw()
            actions.append("+")
        else:
            s.pass_turn()
            actions.append("-")
        kinds.add(actions[-1][0] if actions[-1] in ("+", "-") else "p")
        text = _from_scratch(s, actions)
        assert "".join(s.to_text()) == text
        assert store.save_game(s.to_text())
        assert st.files["game.sav"] == pack(GAME, move + 1, {"game": text}), move
    assert kinds == {"p", "+", "-"}, actions
    loaded = Store(st)
    assert loaded.load_game() == text
    again = ws.Session.from_text(loaded.load_game())
    assert again.game.actions_text == "".join(actions)
    assert again.game.board._cells == game.board._cells
    assert again.game.scores() == game.scores() and again.game.deck == game.deck
    files = dict(st.files)
    assert loaded.save_game(again.to_text())  # resumed, nothing played: no write
    assert st.files == files


def test_cursor_moves_on_the_word_play_screen_make_next_to_no_garbage():
    if sys.implementation.name != "micropython":
        return  # CPython allocates for everything: nothing to measure
    import gc

    d = Driver(seed=5)
    d.start_game("right right right")  # words, no AI foe
    d.press("wait:6000 right left")  # no message; the top line built
    app = d.app
    assert type(app.screen).__name__ == "WordsPlay"
    moves = [buttons.RIGHT, buttons.DOWN, buttons.LEFT, buttons.UP] * 2
    worst = 0
    for b in moves:
        d.now += 50
        gc.collect()
        before = gc.mem_alloc()
        d.buttons.down(b, d.now)  # a tap: a frame at each edge, as the loop runs
        d.step(d.now)
        d.now += 80
        d.buttons.up(b, d.now)
        d.step(d.now)
        used = gc.mem_alloc() - before
        worst = max(worst, used)
    assert worst <= MOVE_BYTES, worst


def test_wrap_gives_a_line_that_fits_as_the_general_way_does():
    # A text with a newline takes the general way: compare the quick one with it.
    for text in ("", "ab", "ab  c", "ab ", " ab", "P2 drew 3", "x" * 16, "a b c d"):
        assert ui.wrap(text, 16) == ui.wrap(text + "\n", 16)[:-1], text


def test_an_action_copies_only_the_latest_actions():
    """A move adds its text to the latest few actions, which join the older ones
    once they are long enough: the game's whole text is not copied at every move
    (it was: ~300-460 bytes of garbage a move late in a game)."""
    s = ws.new_session(5, 2, 1, "", "quick", "CODE2", "2026-11-22")
    game = s.game
    folds = moves = appended = 0
    while not game.over and moves < 60:
        done, recent = game.actions_parts()
        before = game.actions_text
        restarts = game.restarts
        autoplay.take_turn(game, s.budget())
        moves += 1
        if game.restarts != restarts:
            continue  # a re-deal starts the text again
        new_done, new_recent = game.actions_parts()
        added = game.actions_text[len(before) :]
        assert game.actions_text == before + added and added
        appended += len(added)
        if new_done is done:
            assert new_recent == recent + added
        else:
            folds += 1
            assert new_done == done + recent + added and new_recent == ""
    # a fold once the latest reach 64 characters: at most one per 64 added
    assert folds and folds <= appended // 64, (folds, appended)
