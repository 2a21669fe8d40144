"""`make emu`'s window without the emulator: the edges a player makes go to the
board at the player's times in the board's own time, and the title bar says how
fast the emulation runs when it falls behind. (On the real firmware, a throttled
emulator: tests/emu/test_emu_game.py.)"""

from host.emu.cli import EmuDevice, Speed


class SlowBoard:
    """A board whose clock runs at `speed` of the wall clock's; records the
    edges it is asked to make (pin_at) with their emulated instants."""

    def __init__(self, wall, speed):
        self.wall = wall
        self.speed = speed
        self.sent = []

    def now_ns(self):
        return int(self.wall[0] * self.speed * 1e9)

    def now_ms(self):
        return self.now_ns() / 1e6

    def pin_at(self, name, pressed, at_ns):
        self.sent.append((name, pressed, at_ns))


def test_edges_keep_the_players_rhythm_in_the_boards_time():
    wall = [10.0]
    board = SlowBoard(wall, 0.3)
    device = EmuDevice(board, clock=lambda: wall[0])
    device.down(4, 0)  # A, held 0.9 s on the wall clock
    wall[0] += 0.9
    device.up(4, 0)
    wall[0] += 0.2
    device.down(5, 0)  # then B tapped, while the board is still behind
    wall[0] += 0.08
    device.up(5, 0)
    start = 3_000_000_000  # the board's now at the first edge (10 s at 0.3)
    assert board.sent == [
        ("a", True, start),
        ("a", False, start + 900_000_000),
        ("b", True, start + 1_100_000_000),
        ("b", False, start + 1_180_000_000),
    ]
    # Once the board has made them all and nothing is held, the next press
    # comes at the board's now again.
    wall[0] = 20.0
    device.down(0, 0)
    assert board.sent[-1] == ("up", True, 6_000_000_000)


def test_the_title_bar_tells_the_speed_only_while_behind():
    wall = [0.0]
    board = [0.0]
    speed = Speed(lambda: board[0], lambda: wall[0])
    wall[0], board[0] = 0.5, 500
    assert not speed.changed()  # not a second yet
    wall[0], board[0] = 1.0, 400
    assert speed.changed() and speed.note == " - emulated at 40% of real time"
    wall[0], board[0] = 2.0, 800
    assert not speed.changed()  # the same
    wall[0], board[0] = 3.0, 1800
    assert speed.changed() and speed.note == ""
    wall[0], board[0] = 4.0, 100  # a power cycle: the board's clock from 0
    assert not speed.changed()
