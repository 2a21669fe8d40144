// The emulated Pico's 2 MiB flash chip (host/emu/board.mjs): its contents at
// power-on (the flash file, then a UF2 written over it), written back at power-off,
// and the boot ROM's erase and program done on the array with the chip's timing.

import fs from 'node:fs';

export const FLASH_SIZE = 2 * 1024 * 1024; // the Pico's W25Q16JV
const UF2_MAGIC0 = 0x0a324655;
const UF2_MAGIC1 = 0x9e5d5157;
const FLASH_BASE = 0x10000000;

// Typical W25Q16JV times (datasheet, tSE / tBE1 / tPP).
const SECTOR = 4096;
const SECTOR_ERASE_NS = 45e6;
const BLOCK64_ERASE_NS = 150e6;
const PAGE = 256;
const PAGE_PROGRAM_NS = 0.4e6;

function loadUf2(path, flash) {
  const data = fs.readFileSync(path);
  if (data.length === 0 || data.length % 512) {
    throw new Error(`${path} is not a UF2 file (its size is not a multiple of 512)`);
  }
  let blocks = 0;
  for (let off = 0; off < data.length; off += 512) {
    if (data.readUInt32LE(off) !== UF2_MAGIC0 || data.readUInt32LE(off + 4) !== UF2_MAGIC1) {
      throw new Error(`${path} is not a UF2 file (bad block at byte ${off})`);
    }
    const addr = data.readUInt32LE(off + 12);
    const size = data.readUInt32LE(off + 16);
    if (addr < FLASH_BASE || addr + size > FLASH_BASE + FLASH_SIZE || size > 476) {
      throw new Error(`${path} is not firmware for a Pico (block at 0x${addr.toString(16)})`);
    }
    flash.set(data.subarray(off + 32, off + 32 + size), addr - FLASH_BASE);
    blocks++;
  }
  return blocks;
}

// The flash as the flash file keeps it (else erased), then the UF2's blocks
// written over it, as the boot ROM writes a UF2 dropped on the board in
// BOOTSEL mode: what the UF2 does not cover (ROMFS, littlefs) is kept.
export function loadFlash(flash, flashPath, uf2Path) {
  flash.fill(0xff);
  if (flashPath && fs.existsSync(flashPath)) {
    const kept = fs.readFileSync(flashPath);
    if (kept.length !== FLASH_SIZE) {
      throw new Error(`${flashPath}: a flash image is ${FLASH_SIZE} bytes, got ${kept.length}`);
    }
    flash.set(kept.subarray(0, FLASH_SIZE), 0);
  }
  loadUf2(uf2Path, flash);
}

export function saveFlash(flash, flashPath) {
  fs.writeFileSync(flashPath, flash.subarray(0, FLASH_SIZE));
}

// The ROM's flash_range_erase(addr, count, block_size, cmd) on the array at once;
// returns how long the chip is busy (ns).
export function romErase(mcu, core, stats) {
  const addr = core.registers[0] & 0xffffff;
  const count = core.registers[1];
  const blockSize = core.registers[2];
  const flash = mcu.flash;
  let ns = 0;
  let a = addr;
  let left = count;
  while (left >= SECTOR) {
    // as the ROM does: a big block where aligned, else a 4 KiB sector
    if (blockSize > SECTOR && a % blockSize === 0 && left >= blockSize) {
      ns += BLOCK64_ERASE_NS;
      flash.fill(0xff, a, Math.min(a + blockSize, FLASH_SIZE));
      stats.flash_sectors_erased += blockSize / SECTOR;
      a += blockSize;
      left -= blockSize;
    } else {
      ns += SECTOR_ERASE_NS;
      flash.fill(0xff, a, Math.min(a + SECTOR, FLASH_SIZE));
      stats.flash_sectors_erased++;
      a += SECTOR;
      left -= SECTOR;
    }
  }
  return ns;
}

// The ROM's flash_range_program(addr, data, count) on the array at once;
// returns how long the chip is busy (ns).
export function romProgram(mcu, core, stats) {
  const addr = core.registers[0] & 0xffffff;
  const data = core.registers[1];
  const count = core.registers[2];
  const flash = mcu.flash;
  for (let i = 0; i < count && addr + i < FLASH_SIZE; i++) {
    flash[addr + i] &= mcu.readUint8(data + i); // NOR flash: bits only go 1 -> 0
  }
  stats.flash_bytes_programmed += count;
  let pages = 0;
  if (count > 0) {
    pages = Math.floor((addr + count - 1) / PAGE) - Math.floor(addr / PAGE) + 1;
  }
  return pages * PAGE_PROGRAM_NS;
}
