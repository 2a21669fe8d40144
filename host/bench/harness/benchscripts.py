"""The scripts of `make bench`'s scripted play (benchplay.py runs them).

Each is a generator of (event, kind): the event a press (crisscross.presses names
it: "a", "long-a", ...) or the harness's own ("boot", "redraw", "wait:MS", ...),
the kind what the step counts as. They ask the app only through benchrig's
functions (see there why).
  play FAMILY RULES   menus, a whole game with a hint every round, the results,
                      back to the title menu, the high scores (RULES as the New
                      game screen names them, e.g. Advanced); for cards a game
                      against one AI, each turn two hand moves, a hint and A;
                      for words a whole game against one quick AI (each turn
                      a cursor tour, a hint, its word laid; the AI thinks over
                      ticks), saved, quit and continued on the way, the results
  costs               boot, then on the play screen: redraws, cursor moves, hints
                      (REPEATS of each, for a median time)
  alloc N             boot, then a step making N bytes of garbage and one keeping
                      N bytes live (tests of the meter itself)
Step kinds: boot, menu, move (cursor and turn on the play screen), hint, place,
roll, results, tick (time passes, no key); in the costs script: redraw, cursor,
hint (menu steps are set-up).
"""

import sys

import benchrig
from benchrig import game_over, holds, index, row_key, screen, selected, toast_up

REPEATS = 5  # timed repetitions of each probe in the costs script
MOVES = ("right", "down", "left", "up", "b")  # a cursor tour each round, a turn
CURSOR_TOUR = ("right", "down", "left", "up", "right")
CARD_WAIT_MS = 1300  # longer than the card game shows a move (FLASH_MS)
CARD_STEPS = 600  # a card game against one AI takes a few hundred steps
WORD_PLAYS = 4  # human turns before the word game is saved, quit and continued
WORD_MAX_TURNS = 200  # a guard: a game against one AI ends long before
WORD_TICK_MS = 20  # a tick of the firmware's loop while a search runs
WORD_TICKS = 400  # more than any search takes (a slice per tick)
WORD_CLEAR_MS = 6000  # longer than any message shows
WORD_TOUR = ("right", "down", "left", "up")  # the cursor on the table each turn


# ---- the menus -----------------------------------------------------------------
def _choose(label):
    """Up/down presses and A that pick `label` in the current list menu."""
    target = index(label)
    while selected() != target:
        yield ("down" if target > selected() else "up"), "menu"
    yield "a", "menu"


def _set_row(key, wanted):
    """On New game: go to row `key`, then press right until wanted() holds."""
    for _ in range(20):
        if row_key() == key:
            break
        yield "down", "menu"
    for _ in range(10):
        if holds(wanted):
            return
        yield "right", "menu"
    raise RuntimeError("new game: cannot set " + key)


def _new_game(family, rules, ais=None):
    """From the title: New game, the family, the rules (as the row shows them),
    and `ais` AI foes when given (New game keeps the last ones chosen)."""
    yield from _choose("New game")
    yield from _set_row("game", lambda s: s.family() == family)
    yield from _set_row("rules", lambda s: s.rows()[s.row][2] == rules)
    if ais is not None:
        yield from _set_row("ais", lambda s: s.ais == ais)
    while row_key() != "start":
        yield "down", "menu"
    yield "a", "menu"


# ---- the dice games (symbols, digits) --------------------------------------------
def _dice_placed():
    """The dice game's session is at PLACED (the sheet filled, before A)."""
    return (
        benchrig.rig.app.session.phase == sys.modules["crisscross.dice.session"].PLACED
    )


def _play_round(hint=True):
    """One human turn on the play screen, as a careful player takes it."""
    for key in MOVES:
        # digits: B opens the menu instead
        if key != "b" or holds(lambda s: s.symbols):
            yield key, "move"
    if hint:
        yield "long-a", "hint"
    yield "a", "place"  # (on the hint's message: it closes, and A places)
    if holds(lambda s: s.asking is not None):
        yield "a", "place"  # consent: the placement leaves a lone cell
    if _dice_placed():
        # After the last placement A leads to the results: not steady play.
        yield "a", "results" if game_over() else "roll"


def play(family, rules):
    yield "boot", "boot"
    yield from _choose("Rules")
    yield "a", "menu"  # the first game's rules
    for _ in range(3):
        yield "down", "menu"
    yield "b", "menu"
    yield "b", "menu"
    yield from _choose("High scores")
    yield "b", "menu"
    yield from _new_game(family, rules)
    for _ in range(200):  # a game has at most a few dozen turns
        if game_over():
            break
        if screen("Handover"):
            yield "a", "menu"
        yield from _play_round()
    if not screen("Results"):
        raise RuntimeError("the game did not reach the results screen")
    yield "a", "results"
    for _ in range(3):
        yield "down", "results"
    yield "b", "results"
    yield "b", "results"
    if not screen("Title"):
        raise RuntimeError("the results did not lead back to the title menu")
    yield from _choose("High scores")
    yield "down", "menu"
    yield "b", "menu"


# ---- the card game -----------------------------------------------------------------
def _cards_next():
    """The next events of the card game, or None once it has left its play
    screen. A function, so that the generator holds nothing of the app while
    suspended (its locals would stay live and count as the app's heap)."""
    app = benchrig.rig.app
    scr = app.screen
    name = type(scr).__name__
    if name == "Handover":
        return (("a", "menu"),)
    if name != "CardsPlay":
        return None
    cs = sys.modules["crisscross.cards.session"]
    if scr.show is not None or app.session.phase != cs.PLAY:
        return (("wait:%d" % CARD_WAIT_MS, "tick"),)
    hand = (("right", "move"), ("left", "move")) if scr.can_play() else ()
    return hand + (("long-a", "hint"), ("a", "place"))


def _cards_game():
    """Against the AI: each turn two hand moves, a hint, then A puts the hinted
    card (or passes); shown moves and the AI's turns go by with the clock."""
    for _ in range(CARD_STEPS):
        events = _cards_next()
        if events is None:
            return
        yield from events
    raise RuntimeError("the card game did not end")


def cards(rules):
    yield "boot", "boot"
    yield from _choose("Rules")
    yield "down", "menu"
    yield "down", "menu"
    yield "a", "menu"  # the card game's rules
    yield "b", "menu"
    yield "b", "menu"
    yield from _new_game("cards", rules)
    yield from _cards_game()
    if not screen("CardsResults"):
        raise RuntimeError("the card game did not reach its results")
    yield "a", "results"
    yield "b", "results"
    yield "b", "results"
    yield from _choose("High scores")
    yield "b", "menu"


# ---- the word game -----------------------------------------------------------------
def _words_busy():
    """Whether the hint or an AI seat is searching (the thinking screen), or an
    AI seat moves next (the play screen hands over to it on a tick)."""
    if screen("WordsThink"):
        return True
    ws = sys.modules["crisscross.words.session"]
    return screen("WordsPlay") and benchrig.rig.app.session.phase == ws.AI_TURN


def _words_think():
    """Ticks until the hint or the AI's turn has finished searching."""
    for _ in range(WORD_TICKS):
        if not _words_busy():
            return
        yield "wait:%d" % WORD_TICK_MS, "tick"
    raise RuntimeError("the word game's search did not end")


def _words_turn():
    """One human turn against the AI: the cursor, a hint, then its word laid
    (or cards drawn through the menu when it finds none); the AI's reply."""
    if toast_up():
        yield "wait:%d" % WORD_CLEAR_MS, "tick"  # the AI's news: read, gone
    for key in WORD_TOUR:
        yield key, "move"
    yield "long-a", "hint"
    yield from _words_think()
    if toast_up():
        yield "wait:%d" % WORD_CLEAR_MS, "tick"  # "no play found"
    if holds(lambda s: s.cells()):
        yield "a", "place"  # the hint leaves the strip on OK: lay the word
    else:
        yield "long-b", "menu"
        yield from _choose("Draw cards")
    yield from _words_think()


def words(rules, stop_after=0):
    """Menus, a whole game against one quick AI (a hint and its word every turn),
    saved, quit and continued after WORD_PLAYS turns, the results, back to the
    title, the high scores. With `stop_after` N: N turns, then the menu's Abandon."""
    yield "boot", "boot"
    yield from _choose("Rules")
    for _ in range(3):
        yield "down", "menu"
    yield "a", "menu"  # the word game's rules
    yield "b", "menu"
    yield "b", "menu"
    yield from _new_game("words", rules, ais=1)
    yield from _words_think()  # the AI may move first
    turns = 0
    while screen("WordsPlay") and (not stop_after or turns < stop_after):
        if turns == WORD_PLAYS:
            if toast_up():  # a message: read it first
                yield "wait:%d" % WORD_CLEAR_MS, "tick"
            yield "long-b", "menu"
            yield from _choose("Save & quit")
            yield from _choose("Continue")
            yield from _words_think()
        turns += 1
        if turns > WORD_MAX_TURNS:
            raise RuntimeError("the word game did not end")
        yield from _words_turn()
    if screen("WordsPlay"):  # stopped early: abandon it
        if toast_up():
            yield "wait:%d" % WORD_CLEAR_MS, "tick"
        yield "long-b", "menu"
        yield from _choose("Abandon game")
        yield "a", "menu"  # "Abandon game?": yes
    elif screen("WordsResults"):
        yield "wait:%d" % WORD_CLEAR_MS, "results"  # the last news: read, gone
        yield "a", "results"
    if not screen("Title"):
        raise RuntimeError("the word game did not lead back to the title")
    yield from _choose("High scores")
    yield "b", "menu"


# ---- the probes ----------------------------------------------------------------------
def costs(family="symbols", rules="Advanced"):
    yield "boot", "boot"
    yield from _new_game(family, rules)
    for name, _ in _play_round(hint=False):  # a first placement: a realistic sheet
        yield name, "menu"
    for _ in range(REPEATS):
        yield "redraw", "redraw"
    for key in CURSOR_TOUR[:REPEATS]:
        yield key, "cursor"
    for _ in range(REPEATS):
        yield "long-a", "hint"


def alloc(n):
    yield "boot", "boot"
    yield "garbage:%d" % n, "probe"
    yield "keep:%d" % n, "probe"
    yield "redraw", "redraw"
