"""The real main loop on the bench: every frame the panel shows the canvas, a cursor
move costs a small fraction of a frame, idle dims, blanks and wakes where it was."""

from crisscross import buttons, presses
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


def test_a_direction_held_down_lets_the_screen_dim_and_blank():
    # Pressed in a bag: its repeats move the cursor, but they are not input for
    # the idle timer, and once the screen is blank the loop waits for an edge.
    rig = Rig(StandIn)
    rig.frames(1)
    rig.pins[buttons.RIGHT].drive(0)
    rig.frames(1)
    while rig.clock.now < idle.BLANK_MS + 2000:
        rig.clock.now += 500  # however long the loop's waits last
        rig.frames(1)
    assert rig.idle.state == idle.BLANK and not rig.panel.on
    assert rig.waits.asked[-1] is None and rig.waits.deep[-1] is True
    fed = len(rig.app.fed)
    rig.clock.now += 60000
    rig.frames(1)
    assert len(rig.app.fed) == fed and rig.idle.state == idle.BLANK
    rig.pins[buttons.RIGHT].drive(1)  # taken out of the bag
    rig.frames(1)
    assert rig.panel.on


def test_a_whole_game_of_the_real_app_on_the_panel():
    from appdriver import Driver
    from crisscross.dice import policies
    from framebuf import FrameBuffer

    from crisscross.app import App
    from crisscross.memory_storage import MemoryStorage

    rig = Rig(
        lambda canvas, now: App(canvas, MemoryStorage(), now, 21, sprite=FrameBuffer)
    )
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
                b, ms = presses.parse(name)
                before = rig.bus_bytes()
                rig.tap(b, ms)
                on_play = type(rig.app.screen).__name__ == "Play"  # by name: reloaded
                if buttons.is_direction(b) and on_play:
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
    assert type(rig.app.screen).__name__ == "Results"
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


def _title_rig():
    from framebuf import FrameBuffer

    from crisscross.app import App
    from crisscross.memory_storage import MemoryStorage

    return Rig(
        lambda canvas, now: App(canvas, MemoryStorage(), now, 21, sprite=FrameBuffer)
    )


def test_idle_title_sleeps_until_the_dim_time_not_a_frame():
    rig = _title_rig()
    rig.frames(2)
    asked = rig.waits.asked[-1]
    # No key, no timer on the title: the loop sleeps until an edge or the dimming.
    assert asked is not None and asked >= idle.DIM_MS - 50, rig.waits.asked
    rig.clock.now += 1000
    rig.frames(1)
    assert idle.DIM_MS - 1000 - 50 <= rig.waits.asked[-1] <= idle.DIM_MS - 1000


def test_a_held_button_wakes_the_loop_for_its_long_press():
    from pocket.loop import HELD_MS

    rig = _title_rig()
    rig.frames(1)
    rig.pins[buttons.B].drive(0)
    rig.frames(1)
    assert rig.waits.asked[-1] == HELD_MS
    rig.clock.now += 100
    rig.pins[buttons.B].drive(1)
    rig.frames(1)
    assert rig.waits.asked[-1] > 1000  # let go: back to sleeping


def test_an_edge_sets_the_wake_flag_and_each_pass_clears_it():
    from pocket.wake import Edge

    rig = _title_rig()
    rig.keys.edge = edge = Edge()
    rig.keys.__init__(
        rig.pins, rig.buttons, rig.clock, rig.clock(), machine_edges(), edge
    )
    rig.frames(1)
    assert edge.flag == 0
    rig.pins[buttons.DOWN].drive(0)
    assert edge.flag == 1  # the interrupt: the loop's wait returns at once
    rig.frames(1)
    assert edge.flag == 0
    rig.clock.now += 50
    rig.pins[buttons.DOWN].drive(1)  # a release wakes it too
    assert edge.flag == 1


def machine_edges():
    import machine

    return machine.IRQ_FALLING | machine.IRQ_RISING


def test_a_message_on_screen_wakes_the_loop_when_it_is_due():
    rig = _title_rig()
    rig.frames(1)
    rig.app.toast("hello", 1500)
    rig.frames(1)
    assert 1400 <= rig.waits.asked[-1] <= 1500
    rig.clock.now += 1500
    rig.frames(1)
    assert rig.app._toast is None
    assert rig.waits.asked[-1] > 1500


def test_blank_screen_waits_for_an_edge_in_deep_sleep():
    rig = _title_rig()
    rig.frames(1)
    rig.clock.now += idle.BLANK_MS
    rig.frames(1)
    rig.frames(1)
    assert rig.idle.state == idle.BLANK
    assert rig.waits.asked[-1] is None and rig.waits.deep[-1] is True
