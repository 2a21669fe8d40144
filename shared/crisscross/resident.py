"""What stays loaded: the app's one rule for memory, declared in one place.

At every change of screen, and after a hint or an AI's run (App.tidy), App.unload
forgets every engine module except CORE, the shown screen's (SCREENS, with its own
module and those of the screens it goes back to) and the session's (game(): its
GAMES, PLAYING until it is over, SEARCH while it runs). A module named nowhere here
is loaded only while it runs. Names are the module's within the engine's package
(PACKAGE): "words.session" is crisscross.words.session. Where the bytecode lives
in RAM each name here is a string object of its own, and the short form is half
the size or less (a name of up to ten letters is interned instead).

The rule is what keeps a whole game within its heap where the bytecode lives in
RAM (the official firmware and WebAssembly: `pico_stock.heap_live_max_bytes`,
`app.*.peak_live_bytes`). On the ROMFS firmware the bytecode stays in flash and
unloading frees only each module's few objects. A screen's modules are listed
after those they import (App.make imports them in this order, each on its own);
tests/host/test_engine_layout.py checks every name and that order.
"""

PACKAGE = "crisscross."

# The app's own modules and what a host holds.
CORE = (
    "app",
    "buttons",
    "compat",
    "ui",
    "protocol",
    "resident",
    "screens",
    "savefile",
    "store",
    "storage",
    "memory_storage",
    "presses",
)

_MENU = ("screens.listmenu",)
_SHEET = ("glyphs", "dice.ui.draw")
_CARDS = ("glyphs", "cards.ui.draw")

# By screen name (app.show's): the engine modules it needs while it is up.
SCREENS = {
    "title": _MENU,
    "pause": _MENU,
    "rulesmenu": _MENU,
    "textview": _MENU,
    "newgame": _MENU + ("glyphs",),
    "scores": ("games", "records"),
    "codeentry": ("sharecode",),
    "handover": (),
    "dice.play": _SHEET,
    "dice.results": _SHEET,
    "cards.play": _CARDS,
    "cards.results": _CARDS,
    "words.play": ("words.ui.draw", "words.ui.pending"),
    "words.menu": _MENU + ("screens.pause", "words.ui.draw"),
    "words.think": (
        "words.ui.draw",
        "words.lines",
        "words.ai",
    ),
    "words.results": ("words.exact",),
}

# By family, while its session is open: the game's model.
_DICE = (
    "dice.session",
    "dice.sheetgame",
    "dice.grid",
    "rng",
)
GAMES = {
    "symbols": _DICE,
    "digits": _DICE,
    "cards": (
        "cards.session",
        "cards.game",
        "cards.table",
        "cards.deck",
        "cards.scoring",
        "rng",
    ),
    "words": (
        "words.session",
        "words.game",
        "words.board",
        "words.deck",
        "words.rules",
        "words.dictionary",
        "rng",
    ),
}

# By family: the search of the hint and of the AI seats (a session's
# hint_modules(), imported by the search's first step).
SEARCH = {
    "symbols": (
        "dice.ai",
        "dice.ai_symbols_tables",
        "dice.ai_symbols",
    ),
    "digits": ("dice.ai", "dice.ai_digits"),
    "cards": ("cards.ai",),
    "words": ("words.lines", "words.ai"),
}

# By family, until the game is over: the dice rules' module, and the dice and
# card searches. The symbol search starts when A goes down, the others after a
# tap (protocol.HINT_AFTER_TAP_MS), and each hint and AI turn would import them
# again; kept, the heap at its largest is the same (a search holds it either
# way). The word search is kept only while it runs.
PLAYING = {
    "symbols": ("dice.symbols",) + SEARCH["symbols"],
    "digits": ("dice.digits",) + SEARCH["digits"],
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
