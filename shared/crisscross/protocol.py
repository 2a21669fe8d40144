"""The family protocol, written once: what every family's session is and says.

A session (crisscross.<family>.session.Session) holds `game` (whose `turn` is the
seat to act and `FAMILY` its family's name), `seats` (HUMAN or AI per seat) and
`phase`, one of the phases below, which says what the screen must do next:

  PLAY      a human at game.turn moves (the dice games call it PLACE)
  PLACED    dice games only: a placement made, A goes on, B takes it back
  HANDOVER  pass-and-play: the next human must take the handheld first
  OVER      the results
  AI_TURN   an AI seat moves next, from the screen's ticks (cards, words)

and answers the app (the shared part is the base class `Session` below, each
family's SCREENS naming its screen for each phase): `screen()` the name of the
screen its phase wants,
`resident()` the modules it needs resident (with the hint's search, where a
family keeps it), MENU the name of its in-game menu,
`hint_modules()` what the hint's search imports and `hint_start_ms()` when it
starts after A goes down (screens.HintScreen),
HANDOVER_Y the y of the hand-over screen's "Player N" line (its layout),
`proceed()` after the hand-over, `can_undo()`/`undo()`, `to_text()` and the class
method `from_text(text)` for saves; `close()` if it holds a resource (a file).
"""

from crisscross.compat import const

PLAY = const(0)
PLACED = const(1)
HANDOVER = const(2)
OVER = const(3)
AI_TURN = const(4)

HUMAN = const(0)
AI = const(1)

# After A goes down on a play screen: when the hint's search starts. The long
# press comes LONG_MS (600 ms) after the edge; a search that needs all of that
# starts at once (a tap of A then runs some of it and abandons it), a shorter
# one this long after the edge, past most taps, which then run none of it.
HINT_AFTER_TAP_MS = const(150)


class Session:
    """What every family's session answers alike; each family's Session
    subclasses it and names its screens."""

    MENU = "pause"  # the in-game menu's screen
    HANDOVER_Y = 18  # the hand-over screen's "Player N" line (then 14, 23 px lower)
    SCREENS = ()  # the name of the screen for each phase, by the phase's number

    HINT_MODULES = ()  # what the hint's search imports (its first step)
    HINT_START_MS = 0  # its start after A goes down (HINT_AFTER_TAP_MS or 0)

    def screen(self):
        """The name of the screen the phase wants (App.open_session)."""
        return self.SCREENS[self.phase]

    def hint_modules(self):
        """The modules the hint's search imports: its first step imports them
        (nothing to do when resident()). screens.HintScreen."""
        return self.HINT_MODULES

    def hint_start_ms(self):
        """Milliseconds after A goes down on the play screen when the hint's
        search starts: 0, or HINT_AFTER_TAP_MS for a search that fits in what
        is left of the long press. screens.HintScreen."""
        return self.HINT_START_MS
