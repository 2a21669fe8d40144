"""The real main loop on the bench: every frame the panel shows the canvas, a cursor
move costs a small fraction of a frame, idle dims, blanks and wakes where it was."""

from crisscross import buttons
from pocket import idle
from rig import Rig, StandIn

FULL = 1024


def test_cursor_moves_send_far_less_than_a_frame():
    rig = Rig(StandIn)
    rig.frames(2)
    assert rig.panel.ram == rig.display.buffer
    costs = []
    for b in (buttons.RIGHT, buttons.RIGHT, buttons.DOWN, buttons.LEFT, buttons.UP):
        before = rig.bus_bytes()
        rig.tap(b)
        costs.append(rig.bus_bytes() - before)
    assert rig.app.cursor == 13
    assert rig.mismatches == 0
    assert max(costs) < FULL // 4, costs  # two cells' columns, not the screen
    assert min(costs) > 0


def test_idle_dims_blanks_and_the_waking_press_is_swallowed():
    rig = Rig(StandIn)
    rig.frames(1)
    rig.clock.now += idle.DIM_MS
    rig.frames(1)
    assert rig.idle.state == idle.DIMMED and rig.panel.contrast == idle.DIM
    rig.clock.now += idle.BLANK_MS - idle.DIM_MS
    rig.frames(1)
    assert rig.idle.state == idle.BLANK and not rig.panel.on
    cursor = rig.app.cursor
    rig.tap(buttons.RIGHT)  # only wakes
    assert rig.panel.on and rig.panel.contrast == idle.BRIGHT
    assert rig.app.cursor == cursor and rig.app.fed == []
    assert rig.panel.ram == rig.display.buffer  # the picture it had
    rig.tap(buttons.RIGHT)  # now it moves
    assert rig.app.cursor == cursor + 1


def test_a_press_while_dimmed_counts():
    rig = Rig(StandIn)
    rig.frames(1)
    rig.clock.now += idle.DIM_MS
    rig.frames(1)
    rig.tap(buttons.LEFT)
    assert rig.app.cursor == 11 and rig.idle.state == idle.ACTIVE


def test_a_whole_game_of_the_real_app_on_the_panel():
    from appdriver import Driver
    from crisscross import policies
    from crisscross.app import App
    from crisscross.screens.play import Play
    from crisscross.screens.results import Results
    from crisscross.memory_storage import MemoryStorage

    rig = Rig(lambda canvas, now: App(canvas, MemoryStorage(), now, 21))
    rig.frames(1)
    arrows = []  # bus bytes per cursor move on the play screen

    class OnBoard(Driver):
        """appdriver's helpers, but every press goes through pins and the loop."""

        def __init__(self):
            self.app = rig.app
            self.log = []

        def press(self, names):
            for name in names.split():
                if name.startswith("wait:"):
                    rig.clock.now += int(name[5:])
                    rig.frames(1)
                    continue
                b, kind = buttons.parse(name)
                before = rig.bus_bytes()
                rig.tap(b, 700 if kind == buttons.LONG else 50)
                if buttons.is_direction(b) and isinstance(rig.app.screen, Play):
                    arrows.append(rig.bus_bytes() - before)
            return self

    d = OnBoard()
    d.start_game()
    game = d.app.session.game
    sent = rig.bus_bytes()
    moves = 0
    while not game.over:
        d.place(policies.greedy_move(game))
        d.press("a")
        moves += 1
    assert isinstance(rig.app.screen, Results)
    assert rig.mismatches == 0
    assert rig.panel.ram == rig.display.buffer
    frames_sent = (rig.bus_bytes() - sent) / FULL
    assert frames_sent < moves * 4, (frames_sent, moves)
    arrows.sort()
    print(
        "cursor moves: %d, bytes median %d max %d"
        % (len(arrows), arrows[len(arrows) // 2], arrows[-1])
    )
    assert len(arrows) > 20
    assert arrows[len(arrows) // 2] < FULL // 8, arrows
    assert arrows[-1] < FULL // 2, arrows
