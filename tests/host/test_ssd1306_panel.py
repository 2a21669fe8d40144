"""The SSD1306 model (host/screen/ssd1306_panel.py): bus decoding, addressing, and the picture.

Expected values come from the datasheet's rules, worked out by hand here, not from
the model's own helpers.
"""

import random

from host.screen.ssd1306_panel import Panel

# What every driver sends for an upright 128x64 picture (segment remap, COM scan
# from COM63, alternative COM pins, charge pump on), then display on.
UPRIGHT = bytes(
    (0xA8, 0x3F, 0xA1, 0xC8, 0xDA, 0x12, 0xD3, 0x00, 0x40, 0x8D, 0x14, 0x20, 0x00)
)


def cmds(panel, *ops):
    panel.receive(bytes((0x00,) + ops))


def data(panel, payload):
    panel.receive(b"\x40" + bytes(payload))


def upright(**kw):
    p = Panel(**kw)
    p.receive(b"\x00" + UPRIGHT + b"\xaf")
    return p


def px(pic, x, y, width=128):
    return (pic[(y >> 3) * width + x] >> (y & 7)) & 1


def random_frame(seed=1, n=1024):
    rng = random.Random(seed)
    return bytes(rng.randrange(256) for _ in range(n))


def full_frame(p, frame):
    cmds(p, 0x21, 0, 127, 0x22, 0, 7)
    data(p, frame)


def test_after_reset_the_panel_is_dark_in_page_mode():
    p = Panel()
    assert (p.on, p.mode, p.contrast, p.charge_pump) == (False, 2, 0x7F, False)
    data(p, b"\xff" * 5)  # page mode: page 0, columns 0..4
    assert p.ram[:6] == b"\xff" * 5 + b"\x00"
    assert p.picture() == bytes(1024)  # display off


def test_upright_settings_show_ram_as_it_is():
    p = upright()
    frame = random_frame()
    full_frame(p, frame)
    assert p.ram == frame
    assert p.picture() == frame
    assert p.on and p.mode == 0 and p.unknown == []


def test_pixel_placement_follows_ram_row_and_column():
    p = upright()
    full_frame(p, bytes(1024))
    cmds(p, 0x21, 5, 5, 0x22, 3, 3)
    data(p, b"\x04")  # page 3, bit 2 = row 26, column 5
    pic = p.picture()
    lit = [(x, y) for y in range(64) for x in range(128) if px(pic, x, y)]
    assert lit == [(5, 26)]


def test_segment_remap_off_mirrors_left_right():
    p = upright()
    cmds(p, 0xA0)
    frame = random_frame(2)
    full_frame(p, frame)
    pic = p.picture()
    for page in range(8):
        for x in range(128):
            assert pic[page * 128 + x] == frame[page * 128 + 127 - x]


def test_com_scan_normal_mirrors_top_bottom():
    p = upright()
    cmds(p, 0xC0)
    frame = random_frame(3)
    full_frame(p, frame)
    pic = p.picture()
    for y in range(64):
        for x in range(0, 128, 7):
            assert px(pic, x, y) == px(frame, x, 63 - y)


def test_both_remaps_off_turn_the_picture_half_round():
    p = upright()
    cmds(p, 0xA0, 0xC0)
    frame = random_frame(4)
    full_frame(p, frame)
    pic = p.picture()
    for y in range(0, 64, 3):
        for x in range(0, 128, 5):
            assert px(pic, x, y) == px(frame, 127 - x, 63 - y)


def test_display_start_line_scrolls_ram_up():
    p = upright()
    frame = random_frame(5)
    full_frame(p, frame)
    cmds(p, 0x40 | 10)
    pic = p.picture()
    assert p.start_line == 10
    for y in range(64):
        assert px(pic, 9, y) == px(frame, 9, (y + 10) % 64)


def test_display_offset_shifts_by_whole_pages():
    p = upright()
    frame = random_frame(6)
    full_frame(p, frame)
    cmds(p, 0xD3, 8)
    assert p.offset == 8
    assert p.picture() == frame[128:] + frame[:128]  # RAM page 1 on top


def test_display_offset_with_normal_com_scan_moves_the_other_way():
    # 0xC0: COM0 is the bottom row; offset 8 puts the row scanned 8th on COM0
    p = upright()
    cmds(p, 0xC0, 0xD3, 8)
    frame = random_frame(7)
    full_frame(p, frame)
    pic = p.picture()
    for y in range(64):
        assert px(pic, 3, y) == px(frame, 3, (63 - y + 8) % 64)


def test_invert_and_entire_display_on():
    p = upright()
    frame = random_frame(8)
    full_frame(p, frame)
    cmds(p, 0xA7)
    assert p.picture() == bytes(b ^ 0xFF for b in frame)
    cmds(p, 0xA5)
    assert p.picture() == b"\xff" * 1024
    cmds(p, 0xA4, 0xA6)
    assert p.picture() == frame


def test_display_off_and_charge_pump_off_are_dark():
    p = upright()
    frame = random_frame(9)
    full_frame(p, frame)
    cmds(p, 0xAE)
    assert p.picture() == bytes(1024) and p.ram == frame
    cmds(p, 0xAF, 0x8D, 0x10)
    assert p.picture() == bytes(1024)
    ext = upright(external_vcc=True)
    cmds(ext, 0x8D, 0x10)
    full_frame(ext, frame)
    assert ext.picture() == frame


def test_contrast_is_recorded_even_split_over_transactions():
    p = upright()
    cmds(p, 0x81)
    assert p.contrast == 0x7F and p.pending == [0x81]
    cmds(p, 0x20)  # the argument, though it looks like an opcode
    assert p.contrast == 0x20 and p.mode == 0 and p.pending == []


def test_multiplex_ratio_below_64_leaves_the_top_dark():
    p = upright()
    frame = random_frame(10)
    full_frame(p, frame)
    cmds(p, 0xA8, 31)  # 32 lines: COM31..COM0, the bottom half of the glass
    pic = p.picture()
    assert pic[:512] == bytes(512)
    assert pic[512:] == frame[:512]  # RAM rows 0..31, upright


def test_sequential_com_pins_interleave_a_64_row_glass():
    p = upright()
    frame = random_frame(11)
    full_frame(p, frame)
    cmds(p, 0xDA, 0x02)
    pic = p.picture()
    for y in range(64):  # even rows: RAM rows 0..31, odd rows: 32..63
        src = y // 2 if y % 2 == 0 else 32 + y // 2
        assert px(pic, 40, y) == px(frame, 40, src), y


def test_horizontal_mode_wraps_inside_the_window():
    p = upright()
    cmds(p, 0x21, 10, 12, 0x22, 1, 2)
    data(p, range(1, 8))  # 6 cells, then the 7th wraps to the window's start
    assert p.ram[128 + 10 : 128 + 13] == bytes((7, 2, 3))
    assert p.ram[256 + 10 : 256 + 13] == bytes((4, 5, 6))
    assert (p.col, p.page) == (11, 1)


def test_vertical_mode_goes_down_the_pages_first():
    p = upright()
    cmds(p, 0x20, 0x01, 0x21, 0, 1, 0x22, 6, 7)
    data(p, (1, 2, 3, 4))
    assert p.ram[6 * 128] == 1 and p.ram[7 * 128] == 2
    assert p.ram[6 * 128 + 1] == 3 and p.ram[7 * 128 + 1] == 4
    assert (p.col, p.page) == (0, 6)


def test_page_mode_start_page_and_column_nibbles():
    p = upright()
    cmds(p, 0x20, 0x02, 0xB3, 0x05, 0x17)  # page 3, column 0x75 = 117
    data(p, range(1, 13))  # 11 to the end of the page, then column 0 same page
    assert p.ram[3 * 128 + 117 : 3 * 128 + 128] == bytes(range(1, 12))
    assert p.ram[3 * 128] == 12 and p.ram[4 * 128] == 0
    assert (p.col, p.page) == (1, 3)


def test_page_commands_are_ignored_outside_page_mode():
    p = upright()  # horizontal
    cmds(p, 0x21, 0, 127, 0x22, 0, 7, 0xB4, 0x03, 0x12)
    assert (p.col, p.page) == (0, 0)


def test_co_bit_control_bytes_one_byte_each():
    p = Panel()
    # adafruit style: 0x80 before every command byte, 0xC0 before a single data byte
    p.receive(bytes((0x80, 0xAF, 0x80, 0x81, 0x80, 0x33, 0x80, 0x8D, 0x80, 0x14)))
    p.receive(bytes((0xC0, 0xAA, 0x40, 0x55, 0x66)))  # then a data run
    assert p.on and p.contrast == 0x33 and p.charge_pump
    assert p.ram[:4] == bytes((0xAA, 0x55, 0x66, 0))
    assert p.bus_bytes == 15 and p.data_bytes == 3


def test_spi_dc_chooses_commands_or_ram():
    p = Panel()
    p.spi(0, UPRIGHT + b"\xaf")
    p.spi(0, b"\x21\x00\x7f\x22\x00\x07")
    frame = random_frame(12)
    p.spi(1, frame)
    assert p.picture() == frame and p.bus_bytes == len(UPRIGHT) + 7 + 1024


def test_every_command_is_logged_and_unknown_ones_are_kept():
    p = Panel()
    cmds(p, 0xD5, 0x80, 0xD9, 0xF1, 0xDB, 0x30, 0x2E, 0xE3, 0x26, 0, 0, 0, 7, 0, 0xFF)
    cmds(p, 0xFE)
    assert p.commands[:3] == [(0xD5, 0x80), (0xD9, 0xF1), (0xDB, 0x30)]
    assert p.commands[5] == (0x26, 0, 0, 0, 7, 0, 0xFF)
    assert (p.clock, p.precharge, p.vcomh) == (0x80, 0xF1, 0x30)
    assert p.unknown == [0xFE]


def test_a_32_row_panel():
    p = Panel(pages=4)
    cmds(p, 0xA8, 31, 0xA1, 0xC8, 0xDA, 0x02, 0x8D, 0x14, 0x20, 0, 0xAF)
    frame = random_frame(13, 512)
    full_frame(p, frame)  # the page window 0..7 on a 4-page RAM: the rest drops
    assert p.picture() == frame
    cmds(p, 0xDA, 0x12)  # alternative pins on a 32-row glass: every other COM
    pic = p.picture()
    assert pic != frame
    for y in range(32):
        com = 2 * (31 - y)
        want = px(frame, 8, 31 - com) if com < 32 else 0
        assert px(pic, 8, y) == want
