"""`make uf2`: one file for a fresh Pico, its parts where the ROMFS firmware
keeps them. Booted on the emulated Pico: tests/emu/test_emu_romfs.py."""

import os
import struct

import pytest

from host.board import fresh_uf2, littlefs_image, romfs, uf2
from host.board.flash import local_files
from host.board.flash_plan import MANIFEST, split

FIRMWARE = os.environ.get("MICROPYTHON_UF2")
STOCK = os.environ.get("MICROPYTHON_STOCK_UF2")
ROM_AT, ROM_SIZE = 0x10000, 0x80000
FS_AT, FS_SIZE = 0x90000, 0x10000


def made_firmware(path, names=(uf2.ROMFS, uf2.LITTLEFS)):
    """A firmware .uf2 of our own making for the checks that read only its shape:
    a binary-info block declaring the drives `names` (a ROMFS partition and a
    littlefs where the ROMFS build has them), as the Pico SDK lays it out."""
    base = uf2.FLASH_BASE
    flash = bytearray(0x400)
    where = {uf2.ROMFS: (ROM_AT, ROM_SIZE), uf2.LITTLEFS: (FS_AT, FS_SIZE)}
    table, entry, text = 0x180, 0x200, 0x300
    for k, name in enumerate(names):
        struct.pack_into("<I", flash, table + 4 * k, base + entry)
        at, size = where[name]
        struct.pack_into(
            "<4I", flash, entry, uf2.BI_TYPE_BLOCK_DEVICE, base + text, base + at, size
        )
        flash[text : text + len(name) + 1] = name.encode() + b"\0"
        entry += 16
        text += 32
    struct.pack_into(
        "<5I",
        flash,
        0x100,
        uf2.BI_MARKER_START,
        base + table,
        base + table + 4 * len(names),
        0,
        uf2.BI_MARKER_END,
    )
    uf2.write(str(path), [(0, bytes(flash))])
    return str(path)


def test_uf2_write_and_read_back(tmp_path):
    path = str(tmp_path / "x.uf2")
    uf2.write(path, [(0x1000, b"\x01" * 300), (0xA0000, b"abc")])
    blocks = uf2.read(path)
    assert sorted(blocks) == [0x1000, 0x1100, 0xA0000]
    assert blocks[0x1100] == b"\x01" * 44 + b"\xff" * 212
    data = open(path, "rb").read()
    assert len(data) == 3 * 512 and data[28:32] == b"\x56\xff\x8b\xe4"  # RP2040
    (tmp_path / "bad.uf2").write_bytes(b"x" * 512)
    with pytest.raises(uf2.Uf2Error, match="not a UF2 file"):
        uf2.read(str(tmp_path / "bad.uf2"))


@pytest.mark.skipif(
    not FIRMWARE or not os.path.isfile(FIRMWARE), reason="needs MICROPYTHON_UF2"
)
def test_the_file_holds_firmware_game_and_start_up_files_where_the_firmware_wants(
    tmp_path,
):
    out = str(tmp_path / "fresh.uf2")
    said = []
    fresh_uf2.build(out, FIRMWARE, say=said.append)
    assert "replaces what the board holds" in said[-1]
    firmware = uf2.flatten(uf2.read(FIRMWARE))
    drives = uf2.drives(firmware)
    flash = uf2.flatten(uf2.read(out))
    assert flash[: len(firmware)] == firmware
    in_rom, on_fs = split(local_files())
    rom_at, _ = drives[uf2.ROMFS]
    image = romfs.image(in_rom)
    assert flash[rom_at : rom_at + len(image)] == image
    fs_at, fs_size = drives[uf2.LITTLEFS]
    assert len(flash) == fs_at + fs_size
    files = littlefs_image.files(flash[fs_at:])
    assert {p: files[p] for p in on_fs} == on_fs
    assert romfs.sha(image).encode() in files[MANIFEST]


@pytest.mark.skipif(
    not STOCK or not os.path.isfile(STOCK), reason="needs MICROPYTHON_STOCK_UF2"
)
def test_a_firmware_without_romfs_is_refused_in_one_line(tmp_path):
    with pytest.raises(fresh_uf2.FreshError) as e:
        fresh_uf2.build(str(tmp_path / "x.uf2"), STOCK, say=lambda s: None)
    assert "has no ROMFS partition" in str(e.value) and "\n" not in str(e.value)


def test_the_drives_are_read_from_the_firmware_s_own_declaration(tmp_path):
    firmware = uf2.flatten(uf2.read(made_firmware(tmp_path / "fw.uf2")))
    assert uf2.drives(firmware) == {
        uf2.ROMFS: (ROM_AT, ROM_SIZE),
        uf2.LITTLEFS: (FS_AT, FS_SIZE),
    }
    assert uf2.drives(firmware[:0x110]) == {}  # cut short inside its declaration
    out = str(tmp_path / "fresh.uf2")
    fresh_uf2.build(out, str(tmp_path / "fw.uf2"), say=lambda s: None)
    flash = uf2.flatten(uf2.read(out))
    assert len(flash) == FS_AT + FS_SIZE
    assert flash[ROM_AT : ROM_AT + 4] == romfs.image(split(local_files())[0])[:4]


def test_a_firmware_without_the_drives_is_refused_in_one_line(tmp_path):
    tiny = str(tmp_path / "tiny.uf2")
    uf2.write(tiny, [(0, b"\0" * 256)])  # one block: shorter than a declaration
    for firmware in (tiny, made_firmware(tmp_path / "fs.uf2", (uf2.LITTLEFS,))):
        with pytest.raises(fresh_uf2.FreshError) as e:
            fresh_uf2.build(str(tmp_path / "x.uf2"), firmware, say=lambda s: 0)
        assert "has no ROMFS partition" in str(e.value), firmware
    with pytest.raises(fresh_uf2.FreshError, match="no ROMFS firmware at"):
        fresh_uf2.build(str(tmp_path / "x.uf2"), str(tmp_path / "none.uf2"))


def test_the_firmware_is_never_written_over_and_a_made_file_is_named(tmp_path):
    firmware = tmp_path / "fw.uf2"
    made_firmware(firmware)
    before = firmware.read_bytes()
    for out in (firmware, tmp_path / "." / "fw.uf2"):
        with pytest.raises(fresh_uf2.FreshError, match="is the firmware itself"):
            fresh_uf2.build(str(out), str(firmware), say=lambda s: None)
    assert firmware.read_bytes() == before
    with pytest.raises(fresh_uf2.FreshError, match="is a folder"):
        fresh_uf2.build(str(tmp_path), str(firmware), say=lambda s: None)
    made = str(tmp_path / "made.uf2")
    fresh_uf2.build(made, str(firmware), say=lambda s: None)
    with pytest.raises(fresh_uf2.FreshError, match="a make uf2 file"):
        fresh_uf2.build(str(tmp_path / "again.uf2"), made, say=lambda s: None)
