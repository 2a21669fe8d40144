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
`resident()` the modules it needs resident, MENU the name of its in-game menu,
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


class Session:
    """What every family's session answers alike; each family's Session
    subclasses it and names its screens."""

    MENU = "pause"  # the in-game menu's screen
    HANDOVER_Y = 18  # the hand-over screen's "Player N" line (then 14, 23 px lower)
    SCREENS = ()  # the name of the screen for each phase, by the phase's number

    def screen(self):
        """The name of the screen the phase wants (App.open_session)."""
        return self.SCREENS[self.phase]
