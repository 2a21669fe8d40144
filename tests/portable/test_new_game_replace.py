"""Starting a new game over a saved one asks first, naming the saved game; No is
the answer unless the player picks Yes (there is one save slot)."""

from appdriver import Driver
from crisscross.screens.newgame import saved_family


def saved_game(*changes):
    """A driver back at the title with a saved game of the family `changes` pick."""
    d = Driver(seed=5)
    d.start_game(*changes)
    if d.name() == "Play":
        d.press("a")  # a placement: saved
    d.press("long-b")
    d.choose("Save & quit")
    assert d.name() == "Title" and d.screen.items[0] == "Continue"
    return d


def to_start(d, *changes):
    d.choose("New game")
    for keys in changes:
        d.press(keys)
    rows = d.screen.rows()
    d.press(" ".join(["down"] * (len(rows) - 1 - d.screen.row)))
    d.press("a")


def test_the_question_names_the_saved_game():
    d = saved_game("right right right")  # words
    saved = d.app.store.load_game()
    to_start(d, "left")  # a card game this time
    assert d.name() == "NewGame" and d.screen.asking is not None
    assert " ".join(d.screen.asking[:-1]) == "Replace your saved Words game?"
    assert not d.screen.yes  # No first
    d.press("a")  # No
    assert d.name() == "NewGame" and d.screen.asking is None
    assert d.app.store.load_game() == saved and d.app.session is None


def test_b_and_no_keep_the_saved_game_yes_replaces_it():
    d = saved_game()  # symbols
    saved = d.app.store.load_game()
    to_start(d)
    assert "Symbols" in " ".join(d.screen.asking)
    d.press("b")  # B: no, and the new game screen stays
    assert d.name() == "NewGame" and d.screen.asking is None
    d.press("a")  # asks again
    d.press("right left a")  # back to No
    assert d.name() == "NewGame" and d.app.store.load_game() == saved
    d.press("a right")
    assert d.screen.yes
    d.press("a")
    assert d.name() == "Play" and d.app.session is not None
    d.press("a")  # the new game's first placement replaces the save
    assert d.app.store.load_game() != saved


def test_no_question_without_a_saved_game():
    d = Driver(seed=5)
    to_start(d)
    assert d.name() == "Play"


def test_saved_family_reads_every_family_from_its_save():
    assert saved_family("words|1|...") == "Words"
    assert saved_family("cards|1|...") == "Cards"
    d = saved_game("right")  # digits
    assert saved_family(d.app.store.load_game()) == "Digits"
    d = saved_game()
    assert saved_family(d.app.store.load_game()) == "Symbols"


def test_the_answer_is_drawn_inverted_where_the_cursor_is():
    d = saved_game()
    to_start(d)
    no = d.frame()
    d.press("right")
    yes = d.frame()
    assert no != yes
    d.press("left")
    assert d.frame() == no
