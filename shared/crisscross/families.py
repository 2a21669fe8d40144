"""Unloading the card and word games' modules when no game is going.

App.go calls `unload()` whenever it shows a screen with no session (the title
after the results, Save & quit, Abandon), so the next game, of any family,
starts from the title's heap (docs/performance.md). This module is itself in
App.TRANSIENT: it is loaded only for that moment.
"""

import sys

from crisscross.compat import forget

# A family's modules: every loaded module whose name starts so.
PREFIXES = (
    "crisscross.cards",
    "crisscross.words",
)
_WORDS_SESSION = "crisscross.words.session"


def unload():
    """Forget the card and word games' modules; the word list open on flash is
    closed once its module is really gone (on boards: CPython keeps modules)."""
    words = sys.modules.get(_WORDS_SESSION)
    names = []
    for name in sys.modules:  # any order: each is forgotten alike
        for prefix in PREFIXES:
            if name.startswith(prefix):
                names.append(name)
                break
    forget(names)
    if words is not None and _WORDS_SESSION not in sys.modules:
        lookup = words._lookup
        if lookup[0] is not None:
            lookup[0].close()
            lookup[0] = None
