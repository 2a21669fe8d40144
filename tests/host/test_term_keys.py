"""host.play.term without a terminal: key decoding and the drawn screen."""

import random
import re

from crisscross import buttons, presses
from host.play import term
from host.screen import fbcanvas, render
from host.play.term import QUIT, KeyDecoder

# A key is a button held for a time: a tap, or long enough for a long press.
UP = (buttons.UP, presses.TAP_MS)
DOWN = (buttons.DOWN, presses.TAP_MS)
LEFT = (buttons.LEFT, presses.TAP_MS)
RIGHT = (buttons.RIGHT, presses.TAP_MS)
A = (buttons.A, presses.TAP_MS)
B = (buttons.B, presses.TAP_MS)
LONG_A = (buttons.A, presses.HOLD_MS)
LONG_B = (buttons.B, presses.HOLD_MS)


def decode(data):
    return KeyDecoder().feed(data)


def test_arrows_in_both_cursor_modes_and_with_modifiers():
    assert decode(b"\x1b[A\x1b[B\x1b[C\x1b[D") == [UP, DOWN, RIGHT, LEFT]
    assert decode(b"\x1bOA\x1bOB\x1bOC\x1bOD") == [UP, DOWN, RIGHT, LEFT]
    assert decode(b"\x1b[1;2A\x1b[1;5D") == [UP, LEFT]  # shift-up, ctrl-left


def test_letters_enter_backspace_and_quit_keys():
    assert decode(b"z\rx\x7f\n\x08") == [A, A, B, B, A, B]
    assert decode(b"ZX") == [LONG_A, LONG_B]
    for key in (b"q", b"Q", b"\x03", b"\x04"):
        assert decode(b"z" + key) == [A, QUIT]


def test_other_keys_and_sequences_are_ignored():
    # Page Up, F5, Alt+z, a letter, UTF-8 'é', Ctrl-Z: none is a button.
    noise = b"\x1b[5~\x1b[15~\x1bzk\xc3\xa9\x1a"
    assert decode(noise + b"\x1b[Cz") == [RIGHT, A]


def test_sequences_split_across_reads_byte_by_byte():
    data = b"\x1b[A\x1bOD\x1b[1;2Bzx"
    decoder = KeyDecoder()
    got = []
    for k in range(len(data)):
        got += decoder.feed(data[k : k + 1])
    assert got == [UP, LEFT, DOWN, A, B]
    assert not decoder.pending


def test_a_lone_escape_waits_then_is_dropped():
    decoder = KeyDecoder()
    assert decoder.feed(b"z\x1b") == [A]
    assert decoder.pending
    decoder.flush()
    assert decoder.feed(b"[A") == []  # '[' and 'A' alone are no keys
    assert decoder.feed(b"x") == [B]


def test_an_endless_sequence_does_not_swallow_later_keys():
    junk = b"\x1b[" + b"1" * (term.MAX_SEQUENCE + 4)
    decoder = KeyDecoder()
    assert decoder.feed(junk) == []
    assert decoder.feed(b"z") == [A]


def screen_of(text):
    """Replay frame_text's output on a tiny emulated terminal: row -> text."""
    rows = {}
    row = 1
    for token in re.split(r"(\x1b\[[0-9;?]*[A-Za-z])", text):
        if not token:
            continue
        m = re.fullmatch(r"\x1b\[(\d+);1H", token)
        if m:
            row = int(m.group(1))
        elif token == "\x1b[H":
            row = 1
        elif not token.startswith("\x1b"):
            rows[row] = rows.get(row, "") + token
    return rows


def random_frame(seed):
    rng = random.Random(seed)
    buf = bytearray(render.frame_bytes(128, 64))
    fb = fbcanvas.FrameBuffer(buf, 128, 64, fbcanvas.MONO_VLSB)
    for _ in range(300):
        fb.pixel(rng.randrange(128), rng.randrange(64), 1)
    fb.text("Hi", 3, 3, 1)
    return buf


def test_frame_text_is_the_braille_framed_with_the_status_line():
    frame = random_frame(7)
    cells = render.to_braille(frame).splitlines()
    for colour in (True, False):
        rows = screen_of(term.frame_text(frame, colour))
        assert sorted(rows) == list(range(1, 20))
        assert rows[1] == "\u250c" + "\u2500" * 64 + "\u2510"
        assert [rows[k + 2] for k in range(16)] == [
            "\u2502" + line + "\u2502" for line in cells
        ]
        assert rows[18] == "\u2514" + "\u2500" * 64 + "\u2518"
        assert rows[19] == term.STATUS
        assert len(rows) == term.ROWS and len(rows[1]) == term.COLS
    # The default terminal holds it all.
    assert term.COLS <= 80 and term.ROWS <= 24
    assert term.OLED_COLOUR in term.frame_text(frame, True)
    assert "\x1b[38" not in term.frame_text(frame, False)


def test_a_too_small_terminal_is_told_in_whole_words_within_its_width():
    for cols in (30, 50, 65):
        text = term.too_small_text(cols, 10)
        assert text.startswith("\x1b[H\x1b[2J")
        lines = text[len("\x1b[H\x1b[2J") :].split("\r\n")
        assert all(len(line) <= cols for line in lines), lines
        words = " ".join(lines).split()
        assert words[:3] == ["The", "terminal", "is"] and words[-1] == "quits)."
        assert "%dx10;" % cols in words and "66x19." in words
