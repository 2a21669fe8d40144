"""What stays loaded: the app's one rule for memory, declared in one place.

At every change of screen, and after a hint or an AI's run (App.tidy), App.unload
forgets every engine module except CORE, the shown screen's (SCREENS, with its own
module and those of the screens it goes back to) and the session's (game(): its
GAMES, PLAYING until it is over, SEARCH while it runs). A module named nowhere here
is loaded only while it runs.

The rule is what keeps a whole game within its heap where the bytecode lives in
RAM (the official firmware and WebAssembly: `pico_stock.heap_live_max_bytes`,
`app.*.peak_live_bytes`). On the ROMFS firmware the bytecode stays in flash and
unloading frees only each module's few objects. A screen's modules are listed
after those they import (App.make imports them in this order, each on its own);
tests/host/test_engine_layout.py checks every name and that order.
"""

# The app's own modules and what a host holds.
CORE = (
    "crisscross",
    "crisscross.app",
    "crisscross.buttons",
    "crisscross.compat",
    "crisscross.ui",
    "crisscross.protocol",
    "crisscross.resident",
    "crisscross.screens",
    "crisscross.savefile",
    "crisscross.store",
    "crisscross.storage",
    "crisscross.memory_storage",
    "crisscross.presses",
)

_MENU = ("crisscross.screens.listmenu",)
_SHEET = ("crisscross.glyphs", "crisscross.dice.ui.draw")
_CARDS = ("crisscross.glyphs", "crisscross.cards.ui.draw")

# By screen name (app.show's): the engine modules it needs while it is up.
SCREENS = {
    "title": _MENU,
    "pause": _MENU,
    "rulesmenu": _MENU,
    "textview": _MENU,
    "newgame": _MENU + ("crisscross.glyphs",),
    "scores": ("crisscross.games", "crisscross.records"),
    "codeentry": ("crisscross.sharecode", "crisscross.games"),
    "handover": (),
    "dice.play": _SHEET,
    "dice.results": _SHEET,
    "cards.play": _CARDS,
    "cards.results": _CARDS,
    "words.play": ("crisscross.words.ui.draw", "crisscross.words.ui.pending"),
    "words.menu": _MENU + ("crisscross.screens.pause", "crisscross.words.ui.draw"),
    "words.think": (
        "crisscross.words.ui.draw",
        "crisscross.words.lines",
        "crisscross.words.ai",
    ),
    "words.results": ("crisscross.words.exact",),
}

# By family, while its session is open: the game's model.
_DICE = (
    "crisscross.dice.session",
    "crisscross.dice.sheetgame",
    "crisscross.dice.grid",
    "crisscross.rng",
)
GAMES = {
    "symbols": _DICE,
    "digits": _DICE,
    "cards": (
        "crisscross.cards.session",
        "crisscross.cards.game",
        "crisscross.cards.table",
        "crisscross.cards.deck",
        "crisscross.cards.scoring",
        "crisscross.rng",
    ),
    "words": (
        "crisscross.words.session",
        "crisscross.words.game",
        "crisscross.words.board",
        "crisscross.words.deck",
        "crisscross.words.rules",
        "crisscross.words.dictionary",
        "crisscross.rng",
    ),
}

# By family: the search of the hint and of the AI seats (a session's
# hint_modules(), imported by the search's first step).
SEARCH = {
    "symbols": (
        "crisscross.dice.ai",
        "crisscross.dice.ai_symbols_tables",
        "crisscross.dice.ai_symbols",
    ),
    "digits": ("crisscross.dice.ai", "crisscross.dice.ai_digits"),
    "cards": ("crisscross.cards.ai",),
    "words": ("crisscross.words.lines", "crisscross.words.ai"),
}

# By family, until the game is over: the dice rules' module, and the dice and
# card searches. The symbol search starts when A goes down, the others after a
# tap (protocol.HINT_AFTER_TAP_MS), and each hint and AI turn would import them
# again; kept, the heap at its largest is the same (a search holds it either
# way). The word search is kept only while it runs.
PLAYING = {
    "symbols": ("crisscross.dice.symbols",) + SEARCH["symbols"],
    "digits": ("crisscross.dice.digits",) + SEARCH["digits"],
    "cards": SEARCH["cards"],
    "words": (),
}


def game(family, over, searching=False):
    """What a game of `family` keeps (Session.resident()): its model, what it
    plays with until it is `over`, and its search while `searching`."""
    keep = GAMES[family]
    if not over:
        keep = keep + PLAYING[family]
    if searching:
        keep = keep + SEARCH[family]
    return keep
