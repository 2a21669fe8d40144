"""`make uf2`: one file for a fresh Pico, its parts where the ROMFS firmware
keeps them. Booted on the emulated Pico: tests/emu/test_emu_romfs.py."""

import os

import pytest

from host.board import fresh_uf2, littlefs_image, romfs, uf2
from host.board.flash import local_files
from host.board.flash_plan import MANIFEST, split

FIRMWARE = os.environ.get("MICROPYTHON_UF2")
STOCK = os.environ.get("MICROPYTHON_STOCK_UF2")


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
    with pytest.raises(fresh_uf2.FreshError, match="no ROMFS firmware at"):
        fresh_uf2.build(str(tmp_path / "x.uf2"), str(tmp_path / "none.uf2"))


@pytest.mark.skipif(
    not FIRMWARE or not os.path.isfile(FIRMWARE), reason="needs MICROPYTHON_UF2"
)
def test_the_firmware_is_never_written_over_and_a_made_file_is_named(tmp_path):
    firmware = tmp_path / "fw.uf2"
    firmware.write_bytes(open(FIRMWARE, "rb").read())
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
