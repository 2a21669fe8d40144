"""A tour of every screen, driven by button events; yields (name, frame).

The same tour runs under CPython and inside MicroPython: the frames must be the
same bytes (tests/host/test_screen_parity.py) and match the golden frames under
tests/golden/ (refresh them on purpose with `make golden`).
"""

from appdriver import Driver
from crisscross.dice import policies

CARDS_SEED = 21  # a card game with a scoring flash and a stack early on


def _is(obj, cls):
    """isinstance by class name: on a board the app unloads a game's modules at
    the title (crisscross.families), so a later game's screens come from a
    fresh import, not from the classes imported here."""
    return type(obj).__name__ == cls.__name__


def _finish(d, last=False):
    """Play the session to its end with the greedy policy, through the buttons
    (`last`: stop after the last placement, before the A that ends the game)."""
    game = d.app.session.game
    while not game.over:
        if d.name() == "Handover":
            d.press("a")
        d.place(policies.greedy_move(game))
        if game.over and last:
            return
        d.press("a")


def tour():
    d = Driver(seed=5, today=lambda: (2026, 11, 22))
    yield "title", d.frame()
    d.choose("New game")
    yield "new-game", d.frame()
    d.press("right")
    yield "new-game-digits", d.frame()
    d.press("down right right")
    yield "new-game-digits-versus", d.frame()
    d.press("b").choose("Rules")
    yield "rules-menu", d.frame()
    d.press("a")
    yield "rules-symbols", d.frame()
    d.press("down down down")
    yield "rules-symbols-scrolled", d.frame()
    d.press("b down a")
    yield "rules-digits", d.frame()
    d.press("b b up").choose("Controls")  # back on Rules; a press up, and down
    yield "controls", d.frame()
    d.press("b").choose("About")
    yield "about", d.frame()
    d.press("b").choose("High scores")
    yield "high-scores-empty", d.frame()
    d.press("b").start_game()  # symbols, basic rules
    yield "play-symbols", d.frame()
    d.press("b")
    yield "play-symbols-turned", d.frame()
    d.press("up up left left")
    yield "play-symbols-blocked", d.frame()
    d.press("a")
    yield "play-symbols-refused", d.frame()
    d.press("up up up a")  # (rows wrap: two down; the first key closes the message)
    yield "play-symbols-placed", d.frame()
    d.press("a")
    yield "play-symbols-round-2", d.frame()
    d.press("long-b")
    yield "pause-menu", d.frame()
    d.choose("Abandon game")
    yield "pause-abandon-asks", d.frame()
    d.press("b b")  # no; back to the game
    _finish(d, True)
    yield "play-symbols-last-placed", d.frame()
    d.press("a")
    yield "results-solo", d.frame()
    d.press("a")
    yield "results-sheet", d.frame()
    d.press("down down down down down down")
    yield "results-sheet-column", d.frame()
    d.press("b b")
    yield "title-after-game", d.frame()
    d.choose("High scores")
    yield "high-scores", d.frame()
    d.press("down")
    yield "statistics", d.frame()
    d.press("down")
    yield "last-games-chart", d.frame()
    # Advanced rules: the diagonal on the results sheet.
    d.press("b").start_game("down right")
    _finish(d)
    d.press("a up")
    yield "results-sheet-advanced-diagonal", d.frame()
    # Pass and play, two humans.
    d.press("b b").start_game("down left down right")
    yield "handover", d.frame()
    d.press("a")
    yield "play-player-1", d.frame()
    _finish(d)
    yield "results-ranking", d.frame()
    # Digits, solo (New game opens on the last game's two players: one again).
    d.press("b").start_game("right", "down down left")
    yield "play-digits", d.frame()
    d.press("left b")
    yield "pause-digits", d.frame()
    d.press("b")
    _finish(d)
    d.press("a")
    yield "results-digits-sheet", d.frame()
    # Share code entry with a typo.
    d.press("b b").choose("New game")
    d.press("up up left a")
    yield "code-entry", d.frame()
    d.press("up a")
    yield "code-entry-refused", d.frame()
    # The card game: rules, new game, solo against an AI, pass and play.
    for name, frame in _cards_tour(d):
        yield name, frame
    # The word game: its own driver, so it starts from the title whatever came before.
    for name, frame in _words_tour():
        yield name, frame
    for name, frame in words_letters():
        yield name, frame


def words_letters(wild=False):
    """The word game's table with every letter on it, A-Z (a-z: wild cards), as
    cards laid before and as the last play, between its arrows: a letter must
    look the same either way (tests/portable/test_words_marks.py)."""
    import canvas as fb
    from crisscross.words.ui import draw
    from crisscross.words.board import Board

    board = Board()
    cells = []
    for i in range(26):
        r, c = 2 * (i // 9), 1 + i % 9  # three rows of 9, each between arrows
        board.put(r, c, i, wild)
        cells.append((r, c))
    name = "words-letters-wild" if wild else "words-letters"
    for suffix, last in (("", []), ("-marked", cells)):
        buf, canvas = fb.new()
        draw.draw_table(canvas, board, (0, 0), last)
        yield name + suffix, bytes(buf)


def _seats(d, humans, ais):
    """On New game: the Players and AI foes rows set to `humans` and `ais`."""
    d.to_row("humans")
    while d.screen.humans != humans:
        d.press("right")
    d.to_row("ais")
    while d.screen.ais != ais:
        d.press("right")


def _start_cards(d, *changes, seats=None):
    """New game with Cards chosen (whatever game was played last), the rows
    changed by `changes` (and `seats`, (humans, AI foes)), then Start."""
    d.choose("New game")
    while d.screen.family() != "cards":
        d.press("right")
    for keys in changes:
        d.press(keys)
    if seats:
        _seats(d, *seats)
    rows = d.screen.rows()
    d.press(" ".join(["down"] * (len(rows) - 1 - d.screen.row)))
    d.press("a")
    if getattr(d.screen, "asking", None) is not None:  # replace the saved game
        d.press("right a")


def _cards_turn(d):
    """One step of a card game through the buttons: hand over, let a shown move
    end, or play the hand's first card on its nearest square (pass if none)."""
    from crisscross.screens.handover import Handover

    scr = d.screen
    if isinstance(scr, Handover):
        d.press("a")
    elif scr.show is not None or d.app.session.phase != 0:
        d.press("wait:1300")
    else:
        d.press("a a" if scr.can_play() else "a")


def _deepest(game):
    t = game.table
    return max(t.height(x, y) for y in range(7) for x in range(7))


def _cards_tour(d):
    from crisscross.cards.ui.play import CardsPlay

    d.press("b b b").choose("Rules")
    d.press("down down a")
    yield "rules-cards", d.frame()
    d.press("b b").choose("New game")
    while d.screen.family() != "cards":
        d.press("right")
    yield "new-game-cards", d.frame()
    d.press("b")
    # Joker+Strict, the human on Forest: a game with a flash and a stack early on.
    d.app.seed = CARDS_SEED  # its dice, as `sim --seed` gives a first game's
    _start_cards(d, "down right right right down down down right right")
    yield "cards-play-start", d.frame()
    game = d.app.session.game
    flashed = stacked = False
    while not game.over and not (flashed and stacked):
        scr = d.screen
        if not flashed and scr.show is not None and scr.show[4]:
            flashed = True
            yield "cards-line-flash", d.frame()
        human = _is(scr, CardsPlay) and scr.show is None
        if human and d.app.session.phase == 0 and not stacked and _deepest(game) > 1:
            stacked = True
            yield "cards-play-stack", d.frame()
            d.press("right a")
            yield "cards-target", d.frame()
            d.press("b")
            d.press("long-a")
            yield "cards-hint", d.frame()
            d.press("b")
        _cards_turn(d)
    assert flashed and stacked, "the tour's card game changed: pick another seed"
    d.press("long-b")
    yield "cards-pause", d.frame()
    d.press("b")
    while not game.over or _is(d.screen, CardsPlay):
        _cards_turn(d)
    yield "cards-results", d.frame()
    d.press("a")
    yield "cards-results-table", d.frame()
    d.press("b b")
    # Two humans pass the handheld; the second one's hand stays hidden.
    _start_cards(d, seats=(2, 0))
    d.press("a a a")  # the first player takes the handheld and plays
    yield "cards-handover", d.frame()
    d.press("a")
    yield "cards-play-next-human", d.frame()


def _words_hint(d):
    """Hold A, then tick until the hint is laid out (its search runs over ticks)."""
    d.press("long-a")
    while d.name() == "WordsThink":
        d.press("wait:20")


def _words_menu(d, item):
    d.press("wait:6000 long-b")
    d.choose(item)


def _words_new(d, humans, ais):
    """New game with Words chosen, `humans` and `ais` AI foes, then Start."""
    d.choose("New game")
    while d.screen.family() != "words":
        d.press("right")
    _seats(d, humans, ais)
    d.press(" ".join(["down"] * (len(d.screen.rows()) - 1 - d.screen.row)) + " a")


def _words_tour():
    from crisscross.screens.newgame import NewGame
    from crisscross.screens.handover import Handover as WordsHandover
    from crisscross.words.ui.results import WordsResults

    d = Driver(seed=5, today=lambda: (2026, 11, 22))
    d.choose("Rules")
    d.choose("Words")
    yield "rules-words", d.frame()
    d.press("b b").choose("New game")
    d.press("right right right down down down")  # Words, no AI foe
    yield "new-game-words", d.frame()
    d.press("down down a")
    yield "words-play-start", d.frame()
    d.press("a")
    yield "words-pick-start", d.frame()
    d.press("a a a")
    yield "words-pick", d.frame()
    d.press("left a")
    yield "words-refused", d.frame()
    d.press("wait:6000 b b b b up up right b")
    yield "words-cursor-down", d.frame()
    _words_hint(d)
    yield "words-hint", d.frame()
    d.press("a")
    yield "words-played", d.frame()
    d.press("wait:6000 right right")
    yield "words-after-play", d.frame()
    d.press("long-b")
    yield "words-menu", d.frame()
    d.choose("Scores")
    yield "words-scores", d.frame()
    d.press("b b")
    for _ in range(12):  # rounds with no card laid or drawn end the game
        _words_menu(d, "Pass")
        d.press("wait:6000")
        if _is(d.screen, WordsResults):
            break
    yield "words-results-solo", d.frame()
    # One human against an AI foe: it thinks over several ticks.
    d.press("wait:6000 a")
    _words_new(d, 1, 1)
    if d.app.session.phase != 4:  # the human opens: pass, the AI thinks next
        _words_menu(d, "Pass")
    yield "words-ai-thinking", d.frame()
    while d.app.session.phase == 4:
        d.press("wait:20")
    yield "words-after-ai", d.frame()
    _words_menu(d, "Save & quit")
    # Two humans pass the handheld (the last game's AI foe taken off): first,
    # the saved game is to be replaced.
    _words_new(d, 2, 0)
    assert _is(d.screen, NewGame) and d.screen.asking is not None
    yield "new-game-replace-asks", d.frame()
    d.press("right")
    yield "new-game-replace-yes", d.frame()
    d.press("a")
    yield "words-handover", d.frame()
    # The first human opens with the hint, then all pass: stalled rounds start
    # the game over (scores at zero) until it ends.
    for _ in range(300):
        d.press("wait:3000")
        if _is(d.screen, WordsResults):
            break
        if _is(d.screen, WordsHandover):
            d.press("a")
            continue
        if d.app.session.game.board.is_empty() and not d.app.session.game.restarts:
            _words_hint(d)
            if d.screen.picks:
                d.press("a")
                continue
        _words_menu(d, "Pass")
    assert _is(d.screen, WordsResults)
    d.press("wait:6000")
    yield "words-results-ranking", d.frame()
