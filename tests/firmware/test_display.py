"""The SSD1306 driver: what reaches the panel equals the canvas, and no more than changed."""

import machine
from ssd1306_panel import Panel
from pocket import spibus, ssd1306

FULL = 1024


def make():
    machine.devices.clear()
    panel = Panel()
    machine.devices[0x3C] = panel
    i2c = machine.I2C(0)
    return ssd1306.SSD1306(ssd1306.I2CBus(i2c, 0x3C)), panel, i2c


def test_init_sends_one_blank_frame_and_turns_on():
    d, panel, i2c = make()
    assert panel.on
    assert panel.mode == 0  # horizontal addressing, which show() relies on
    assert panel.data_bytes == FULL and panel.ram == bytearray(FULL)


def test_a_drawing_arrives_byte_for_byte():
    d, panel, _ = make()
    d.text("Hello", 3, 5, 1)
    d.line(0, 0, 127, 63, 1)
    d.fill_rect(100, 40, 20, 20, 1)
    d.show()
    assert panel.ram == d.buffer


def test_nothing_changed_nothing_sent():
    d, panel, i2c = make()
    before = len(i2c.log)
    d.show()
    assert len(i2c.log) == before


def test_one_pixel_sends_one_byte_in_two_transactions():
    d, panel, i2c = make()
    before = panel.data_bytes
    n = len(i2c.log)
    d.pixel(70, 30, 1)
    d.show()
    assert panel.data_bytes - before == 1
    assert len(i2c.log) - n == 2  # the window (one command run) and the byte
    assert panel.ram == d.buffer


def test_a_change_spanning_pages_sends_only_its_columns():
    d, panel, _ = make()
    before = panel.data_bytes
    d.vline(10, 0, 64, 1)  # one column, all 8 pages
    d.pixel(20, 0, 1)  # widens page 0 to columns 10..20
    d.show()
    assert panel.data_bytes - before == 8 + 10
    assert panel.ram == d.buffer


def test_refresh_resends_everything():
    d, panel, _ = make()
    panel.ram[5] = 0xFF  # the panel's RAM got corrupted (a glitch on the bus)
    before = panel.data_bytes
    d.refresh()
    assert panel.data_bytes - before == FULL
    assert panel.ram == d.buffer


def test_sleep_contrast_and_invert():
    d, panel, _ = make()
    d.contrast(8)
    assert panel.contrast == 8
    d.poweroff()
    assert not panel.on
    d.poweron()
    assert panel.on
    d.invert(1)
    assert panel.inverted
    d.invert(0)
    assert not panel.inverted


def test_rotate_turns_the_picture_and_resends_the_frame():
    d, panel, _ = make()
    d.pixel(0, 0, 1)  # top left, bit 0 of byte 0
    d.show()
    assert panel.picture()[0] == 0x01
    d.rotate(0)
    assert panel.commands[-2:] == [(0xC0,), (0xA0,)]  # as micropython-lib sends them
    before = panel.data_bytes
    d.show()
    assert (
        panel.data_bytes - before == FULL
    )  # the remap applies to RAM written after it
    pic = panel.picture()
    assert pic[7 * 128 + 127] == 0x80 and sum(pic) == 0x80  # now bottom right
    d.rotate(1)
    assert panel.commands[-2:] == [(0xC8,), (0xA1,)]
    d.show()
    assert panel.picture()[0] == 0x01 and panel.ram == d.buffer


def test_spi_bus_decodes_the_same():
    machine.spi_devices.clear()
    panel = Panel()
    machine.spi_devices.append(panel)
    spi = machine.SPI(0)
    dc = machine.Pin(20)
    spi.dc = dc
    d = ssd1306.SSD1306(spibus.SPIBus(spi, dc, machine.Pin(17), machine.Pin(21)))
    d.text("SPI", 40, 30, 1)
    d.show()
    assert panel.ram == d.buffer and panel.on
    before = panel.data_bytes
    d.pixel(0, 0, 1)
    d.show()
    assert panel.data_bytes - before == 1
    machine.spi_devices.clear()
