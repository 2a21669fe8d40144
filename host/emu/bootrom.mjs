// The RP2040 boot ROM as far as MicroPython's rp2 firmware uses it, built at start-up.
//
// Raspberry Pi's ROM image is not shipped: its floating-point routines (mufplib) are
// licensed for use on an RP2040 only (or by their author under GPLv2). Instead this
// builds a 16 KiB image with the parts the firmware reads - the header (initial stack,
// vectors, 'Mu' magic, version 2 = the B1 chip's ROM), the function and data lookup
// tables with the ROM's two-character codes, the 'SF' and 'SD' soft-float tables -
// and a 4-byte stub per routine (BKPT; BX LR). board.mjs catches the core arriving at a
// stub and does the routine in JS on the registers and memory (`call` below), then
// returns to LR and advances the clock by the cycles given here. See docs/emulator.md.
//
// Written from the documented behaviour (RP2040 datasheet 2.8 "Bootrom", pico-sdk's
// pico_bootrom, pico_float and pico_double); no ROM code is used.

export const ROM_SIZE = 16384;
const STACK_TOP = 0x20041f00; // the ROM's stack pointer, just below boot2's copy
const PARK = 0x20; // cpsid i; wfi; b wfi - where a reset to BOOTSEL ends
const FUNC_TABLE = 0x40;
const DATA_TABLE = 0x100;
const STRINGS = 0x180;
const SF_TABLE = 0x200; // its entry count in the byte at SF_TABLE - 2, as the SDK checks
const SD_TABLE = 0x300; // likewise (its count byte must not fall in the SF table)
const STUBS = 0x1000;

// ---- IEEE single and double on 32-bit registers ----
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u64 = new Uint32Array(f64.buffer);
const MIN_NORMAL_F = 2 ** -126;
const MIN_NORMAL_D = 2 ** -1022;

// The ROM's routines treat denormal inputs as zero and flush denormal results to zero.
function fIn(bits) {
  bits >>>= 0;
  if ((bits & 0x7f800000) === 0) return bits & 0x80000000 ? -0 : 0;
  u32[0] = bits;
  return f32[0];
}
function fOut(x) {
  if (Number.isNaN(x)) return 0x7fc00000; // the one NaN (JS's own bits vary by host)
  let r = Math.fround(x);
  if (r !== 0 && Math.abs(r) < MIN_NORMAL_F) r = r < 0 ? -0 : 0;
  f32[0] = r;
  return u32[0];
}
function dIn(lo, hi) {
  hi >>>= 0;
  if ((hi & 0x7ff00000) === 0) return hi & 0x80000000 ? -0 : 0;
  u64[0] = lo >>> 0;
  u64[1] = hi;
  return f64[0];
}
function dOut(x) {
  if (Number.isNaN(x)) return [0, 0x7ff80000];
  let r = x;
  if (r !== 0 && Math.abs(r) < MIN_NORMAL_D) r = r < 0 ? -0 : 0;
  f64[0] = r;
  return [u64[0], u64[1]];
}

// floor(x), saturated to [lo, hi]; NaN counts as an infinity of its sign bit
function satFloor(x, lo, hi, negative) {
  if (Number.isNaN(x)) return negative ? lo : hi;
  const v = Math.floor(x);
  return v < lo ? lo : v > hi ? hi : v;
}

// a 64-bit integer (BigInt) times 2^-n to a single, rounded once (to nearest, ties even)
function bigToF32(v, n) {
  const neg = v < 0n;
  let mag = neg ? -v : v;
  let shift = 0;
  const len = mag.toString(2).length;
  if (len > 26) {
    shift = len - 26; // keep 26 bits, the bits below folded into a sticky bit
    const sticky = mag & ((1n << BigInt(shift)) - 1n) ? 1n : 0n;
    mag = (mag >> BigInt(shift)) | sticky;
  }
  const x = Number(mag) * 2 ** (shift - n); // exact: 26 bits and a power of two
  return fOut(neg ? -x : x);
}
function bigToF64(v, n) {
  return dOut(Number(v) * 2 ** -n); // Number(BigInt) rounds to nearest, ties even
}
function i64(lo, hi) {
  return (BigInt(hi | 0) << 32n) | BigInt(lo >>> 0);
}
function u64of(lo, hi) {
  return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
}
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const U64_MAX = 2n ** 64n - 1n;
function floorTo64(x, lo, hi, negative) {
  if (Number.isNaN(x)) return negative ? lo : hi;
  if (x === Infinity) return hi;
  if (x === -Infinity) return lo;
  let v = BigInt(Math.floor(x));
  return v < lo ? lo : v > hi ? hi : v;
}
function split64(v) {
  const w = BigInt.asUintN(64, v);
  return [Number(w & 0xffffffffn), Number(w >> 32n)];
}
function cmp3(a, b) {
  return a < b ? -1 : a === b ? 0 : 1;
}
// Where IEEE arithmetic gives a NaN from numbers, the ROM's multiply and divide give
// an infinity, its sign the product of the operands' (0 * inf, inf / inf; the SDK's
// wrappers make some of them NaNs); inf + -inf is the positive quiet NaN. As seen on
// the real B1 ROM; 0 / 0 is taken like inf / inf (MicroPython never asks).
const bothNum = (a, b) => !Number.isNaN(a) && !Number.isNaN(b);
const add = (a, b) => a + b;
const sub = (a, b) => a - b;
const signOf = (a, b) => ((Object.is(a, -0) || a < 0) !== (Object.is(b, -0) || b < 0) ? -Infinity : Infinity);
function mul(a, b) {
  const r = a * b;
  return Number.isNaN(r) && bothNum(a, b) ? signOf(a, b) : r;
}
function div(a, b) {
  const r = a / b;
  return Number.isNaN(r) && bothNum(a, b) ? signOf(a, b) : r;
}
function fsqrt(a) {
  if (a === 0) return a; // -0 stays -0
  if (a < 0) return -Infinity; // as the ROM: -Inf for a negative argument
  return Math.sqrt(a);
}
function fln(a) {
  return a <= 0 ? -Infinity : Math.log(a); // as the ROM: -Inf for 0 and below
}

// The soft-float tables: offset -> [name, cycles, fn(r) -> results], r = r0..r3 as
// unsigned 32-bit numbers; a result is r0, or [r0, r1] for a double or 64-bit one.
// Arguments and results as the RP2040 datasheet's bootrom section gives them:
// doubles in r0:r1 (and r2:r3), fix = value * 2^n with n in the next register,
// float/double -> integer rounds toward -infinity and saturates (a NaN as the
// infinity of its sign bit), integer -> float rounds to nearest, ties to even.
// Results are exact (correctly rounded) where the ROM's are; the transcendental ones
// (sin cos tan atan2 exp ln) are JS's Math on the argument, correctly rounded or
// nearly, where the ROM's are not always: see docs/emulator.md.
// Cycles: the real B1 ROM's mean over 300 random arguments each, run in rp2040js
// (tests/emu/rom_compare.mjs prints both).
const FLOAT_TABLE = {
  0x00: ['fadd', 69, (r) => fOut(add(fIn(r[0]), fIn(r[1])))],
  0x04: ['fsub', 72, (r) => fOut(sub(fIn(r[0]), fIn(r[1])))],
  0x08: ['fmul', 55, (r) => fOut(mul(fIn(r[0]), fIn(r[1])))],
  0x0c: ['fdiv', 69, (r) => fOut(div(fIn(r[0]), fIn(r[1])))],
  0x10: ['fcmp', 13, (r) => cmp3(fIn(r[0]), fIn(r[1]))],
  0x14: ['fcmp', 20, (r) => cmp3(fIn(r[0]), fIn(r[1]))],
  0x18: ['fsqrt', 63, (r) => fOut(fsqrt(fIn(r[0])))],
  0x1c: ['float2int', 38, (r) => satFloor(fIn(r[0]), -(2 ** 31), 2 ** 31 - 1, r[0] >>> 31)],
  0x20: ['float2fix', 37, (r) => satFloor(fIn(r[0]) * 2 ** (r[1] | 0), -(2 ** 31), 2 ** 31 - 1, r[0] >>> 31)],
  0x24: ['float2uint', 34, (r) => satFloor(fIn(r[0]), 0, 2 ** 32 - 1, r[0] >>> 31)],
  0x28: ['float2ufix', 33, (r) => satFloor(fIn(r[0]) * 2 ** (r[1] | 0), 0, 2 ** 32 - 1, r[0] >>> 31)],
  0x2c: ['int2float', 53, (r) => fOut(r[0] | 0)],
  0x30: ['fix2float', 52, (r) => fOut((r[0] | 0) * 2 ** -(r[1] | 0))],
  0x34: ['uint2float', 52, (r) => fOut(r[0] >>> 0)],
  0x38: ['ufix2float', 50, (r) => fOut((r[0] >>> 0) * 2 ** -(r[1] | 0))],
  0x3c: ['fcos', 599, (r) => fOut(Math.cos(fIn(r[0])))],
  0x40: ['fsin', 591, (r) => fOut(Math.sin(fIn(r[0])))],
  0x44: ['ftan', 664, (r) => fOut(Math.tan(fIn(r[0])))],
  // 0x48: fsincos is not in a version-2 ROM either
  0x4c: ['fexp', 518, (r) => fOut(Math.exp(fIn(r[0])))],
  0x50: ['fln', 782, (r) => fOut(fln(fIn(r[0])))],
  0x54: ['fcmp', 26, (r) => cmp3(fIn(r[0]), fIn(r[1]))],
  0x58: ['fatan2', 632, (r) => fOut(Math.atan2(fIn(r[0]), fIn(r[1])))],
  0x5c: ['int642float', 85, (r) => bigToF32(i64(r[0], r[1]), 0)],
  0x60: ['fix642float', 84, (r) => bigToF32(i64(r[0], r[1]), r[2] | 0)],
  0x64: ['uint642float', 90, (r) => bigToF32(u64of(r[0], r[1]), 0)],
  0x68: ['ufix642float', 88, (r) => bigToF32(u64of(r[0], r[1]), r[2] | 0)],
  0x6c: ['float2int64', 50, (r) => split64(floorTo64(fIn(r[0]), I64_MIN, I64_MAX, r[0] >>> 31))],
  0x70: ['float2fix64', 49, (r) => split64(floorTo64(fIn(r[0]) * 2 ** (r[1] | 0), I64_MIN, I64_MAX, r[0] >>> 31))],
  0x74: ['float2uint64', 25, (r) => split64(floorTo64(fIn(r[0]), 0n, U64_MAX, r[0] >>> 31))],
  0x78: ['float2ufix64', 23, (r) => split64(floorTo64(fIn(r[0]) * 2 ** (r[1] | 0), 0n, U64_MAX, r[0] >>> 31))],
  0x7c: ['float2double', 15, (r) => dOut(fIn(r[0]))],
};

const D = (r) => dIn(r[0], r[1]);
const D2 = (r) => dIn(r[2], r[3]);
const DOUBLE_TABLE = {
  0x00: ['dadd', 90, (r) => dOut(add(D(r), D2(r)))],
  0x04: ['dsub', 95, (r) => dOut(sub(D(r), D2(r)))],
  0x08: ['dmul', 154, (r) => dOut(mul(D(r), D2(r)))],
  0x0c: ['ddiv', 184, (r) => dOut(div(D(r), D2(r)))],
  0x10: ['dcmp', 25, (r) => cmp3(D(r), D2(r))],
  0x14: ['dcmp', 30, (r) => cmp3(D(r), D2(r))],
  0x18: ['dsqrt', 168, (r) => dOut(fsqrt(D(r)))],
  0x1c: ['double2int', 69, (r) => satFloor(D(r), -(2 ** 31), 2 ** 31 - 1, r[1] >>> 31)],
  0x20: ['double2fix', 67, (r) => satFloor(D(r) * 2 ** (r[2] | 0), -(2 ** 31), 2 ** 31 - 1, r[1] >>> 31)],
  0x24: ['double2uint', 39, (r) => satFloor(D(r), 0, 2 ** 32 - 1, r[1] >>> 31)],
  0x28: ['double2ufix', 37, (r) => satFloor(D(r) * 2 ** (r[2] | 0), 0, 2 ** 32 - 1, r[1] >>> 31)],
  0x2c: ['int2double', 59, (r) => dOut(r[0] | 0)],
  0x30: ['fix2double', 58, (r) => dOut((r[0] | 0) * 2 ** -(r[1] | 0))],
  0x34: ['uint2double', 53, (r) => dOut(r[0] >>> 0)],
  0x38: ['ufix2double', 51, (r) => dOut((r[0] >>> 0) * 2 ** -(r[1] | 0))],
  0x3c: ['dcos', 1616, (r) => dOut(Math.cos(D(r)))],
  0x40: ['dsin', 1614, (r) => dOut(Math.sin(D(r)))],
  0x44: ['dtan', 1884, (r) => dOut(Math.tan(D(r)))],
  // 0x48: dsincos is not in a version-2 ROM (the SDK supplies its own)
  0x4c: ['dexp', 805, (r) => dOut(Math.exp(D(r)))],
  0x50: ['dln', 899, (r) => dOut(fln(D(r)))],
  0x54: ['dcmp', 37, (r) => cmp3(D(r), D2(r))],
  0x58: ['datan2', 2161, (r) => dOut(Math.atan2(D(r), D2(r)))],
  0x5c: ['int642double', 80, (r) => bigToF64(i64(r[0], r[1]), 0)],
  0x60: ['fix642double', 81, (r) => bigToF64(i64(r[0], r[1]), r[2] | 0)],
  0x64: ['uint642double', 81, (r) => bigToF64(u64of(r[0], r[1]), 0)],
  0x68: ['ufix642double', 82, (r) => bigToF64(u64of(r[0], r[1]), r[2] | 0)],
  0x6c: ['double2int64', 60, (r) => split64(floorTo64(D(r), I64_MIN, I64_MAX, r[1] >>> 31))],
  0x70: ['double2fix64', 59, (r) => split64(floorTo64(D(r) * 2 ** (r[2] | 0), I64_MIN, I64_MAX, r[1] >>> 31))],
  0x74: ['double2uint64', 32, (r) => split64(floorTo64(D(r), 0n, U64_MAX, r[1] >>> 31))],
  0x78: ['double2ufix64', 28, (r) => split64(floorTo64(D(r) * 2 ** (r[2] | 0), 0n, U64_MAX, r[1] >>> 31))],
  0x7c: ['double2float', 24, (r) => fOut(D(r))],
};

const code = (s) => s.charCodeAt(0) | (s.charCodeAt(1) << 8);

// Builds the image. Returns { image: Uint32Array(4096), handlers: Map(stub address ->
// {name, run(board, core) -> cycles}), erase, program: the flash stubs' addresses }.
export function buildRom() {
  const bytes = new Uint8Array(ROM_SIZE);
  const view = new DataView(bytes.buffer);
  const handlers = new Map();
  let nextStub = STUBS;
  const stub = (name, run) => {
    const addr = nextStub;
    nextStub += 4;
    view.setUint16(addr, 0xbe00, true); // bkpt #0 (never executed: caught first)
    view.setUint16(addr + 2, 0x4770, true); // bx lr
    handlers.set(addr, { name, run });
    return addr;
  };

  // header: stack, reset/NMI/HardFault vectors, magic, versions, the three pointers
  view.setUint32(0x00, STACK_TOP, true);
  for (const v of [0x04, 0x08, 0x0c]) view.setUint32(v, PARK | 1, true);
  bytes.set([0x4d, 0x75, 0x01, 0x02], 0x10); // 'M' 'u', compatibility 1, ROM version 2 (B1)
  view.setUint16(0x14, FUNC_TABLE, true);
  view.setUint16(0x16, DATA_TABLE, true);
  view.setUint16(0x18, stub('rom_table_lookup', lookup) | 1, true);
  view.setUint16(PARK, 0xb672, true); // cpsid i
  view.setUint16(PARK + 2, 0xbf30, true); // wfi
  view.setUint16(PARK + 4, 0xe7fd, true); // b PARK+2

  // rom_table_lookup(table, code): the entry's pointer, 0 if absent
  function lookup(board, core) {
    const mcu = board.mcu;
    let t = core.registers[0] >>> 0;
    const want = core.registers[1] & 0xffff;
    let n = 0;
    let found = 0;
    for (;;) {
      const c = mcu.readUint16(t);
      n++;
      if (c === 0) break;
      if (c === want) {
        found = mcu.readUint16(t + 2);
        break;
      }
      t += 4;
    }
    core.registers[0] = found;
    return 12 + 7 * n;
  }

  const funcs = [];
  const fn = (name, cycles, run) => funcs.push([name, stub(name, cycles === null ? run : (b, c) => (run(b, c), cycles))]);
  const R = (core) => core.registers;
  fn('P3', 20, (b, c) => {
    let v = R(c)[0] >>> 0;
    let k = 0;
    for (; v; v &= v - 1) k++;
    R(c)[0] = k;
  });
  fn('R3', 20, (b, c) => {
    let v = R(c)[0] >>> 0;
    let w = 0;
    for (let i = 0; i < 32; i++) w = (w << 1) | ((v >>> i) & 1);
    R(c)[0] = w;
  });
  fn('L3', 12, (b, c) => (R(c)[0] = Math.clz32(R(c)[0])));
  fn('T3', 14, (b, c) => {
    const v = R(c)[0] >>> 0;
    R(c)[0] = v ? 31 - Math.clz32(v & -v) : 32;
  });
  // memset(ptr, c, n) and memcpy(dest, src, n) return ptr/dest in r0. Cycles: the real
  // ROM's in this emulator, about 4 a byte for short or unaligned copies, under 1 a
  // byte for long aligned ones.
  const memset = (b, c, aligned) => {
    const [p, v, n] = [R(c)[0] >>> 0, R(c)[1] & 0xff, R(c)[2] >>> 0];
    for (let i = 0; i < n; i++) b.mcu.writeUint8(p + i, v);
    return n < 8 && !aligned ? 13 + 2 * n : 30 + Math.ceil(0.8 * n);
  };
  const memcpy = (b, c, aligned) => {
    const [d, s, n] = [R(c)[0] >>> 0, R(c)[1] >>> 0, R(c)[2] >>> 0];
    const tmp = new Uint8Array(n);
    for (let i = 0; i < n; i++) tmp[i] = b.mcu.readUint8(s + i);
    for (let i = 0; i < n; i++) b.mcu.writeUint8(d + i, tmp[i]);
    if (aligned || (n >= 8 && ((d ^ s) & 3) === 0)) return 30 + n;
    return 13 + 4 * n;
  };
  fn('MS', null, (b, c) => memset(b, c, false));
  fn('S4', null, (b, c) => memset(b, c, true));
  fn('MC', null, (b, c) => memcpy(b, c, false));
  fn('C4', null, (b, c) => memcpy(b, c, true));
  // reset_usb_boot: a real chip restarts into its USB mass-storage loader; here the
  // core stops (interrupts off, WFI for ever), as the firmware is gone from the USB.
  fn('UB', null, (b, c) => {
    c.PM = true;
    R(c)[14] = PARK + 2 + 1;
    return 20;
  });
  // flash: connect_internal_flash, flash_exit_xip, flash_flush_cache,
  // flash_enter_cmd_xip set up the QSPI pins and the SSI, which rp2040js does not model:
  // nothing to do but take the time the real ROM takes in this emulator.
  fn('IF', 69, () => {});
  fn('EX', 12955, () => {});
  fn('FC', 35, () => {});
  fn('CX', 300, () => {});
  // erase and program: flash.mjs's, on the flash array (board.mjs's loop counts them
  // and may stop the run)
  const erase = stub('RE', null);
  const program = stub('RP', null);
  funcs.push(['RE', erase], ['RP', program]);

  let t = FUNC_TABLE;
  for (const [name, addr] of funcs) {
    view.setUint16(t, code(name), true);
    view.setUint16(t + 2, addr | 1, true);
    t += 4;
  }
  view.setUint16(t, 0, true);
  if (t + 2 > DATA_TABLE) throw new Error('boot ROM: the function table is too long');

  // data: the soft-float tables, and the strings a ROM offers
  const strings = [
    ['GR', 'criss-cross-pocket emulated ROM'],
    ['CR', 'no Raspberry Pi code: host/emu/bootrom.mjs'],
  ];
  const data = [];
  let s = STRINGS;
  for (const [name, text] of strings) {
    data.push([name, s]);
    for (const ch of text) bytes[s++] = ch.charCodeAt(0);
    bytes[s++] = 0;
  }
  if (s > SF_TABLE - 2) throw new Error('boot ROM: the strings are too long');
  const table = (at, entries, prefix) => {
    bytes[at - 2] = 32; // entries in the table
    for (let off = 0; off < 0x80; off += 4) {
      const e = entries[off];
      if (!e) continue; // 0: not present (the SDK puts its own in)
      const [name, cycles, f] = e;
      const addr = stub(prefix + name, (b, c) => {
        const r = c.registers;
        const res = f([r[0] >>> 0, r[1] >>> 0, r[2] >>> 0, r[3] >>> 0]);
        if (Array.isArray(res)) {
          r[0] = res[0];
          r[1] = res[1];
        } else {
          r[0] = res;
        }
        return cycles;
      });
      view.setUint32(at + off, addr | 1, true);
    }
  };
  table(SF_TABLE, FLOAT_TABLE, '');
  table(SD_TABLE, DOUBLE_TABLE, '');
  data.push(['SF', SF_TABLE], ['SD', SD_TABLE]);
  t = DATA_TABLE;
  for (const [name, addr] of data) {
    view.setUint16(t, code(name), true);
    view.setUint16(t + 2, addr, true);
    t += 4;
  }
  view.setUint16(t, 0, true);
  if (nextStub > ROM_SIZE) throw new Error('boot ROM: too many routines');

  return {
    image: new Uint32Array(bytes.buffer),
    handlers,
    erase,
    program,
  };
}
