// Every soft-float routine of host/emu/bootrom.mjs against the same routine of a real
// RP2040 boot ROM image (argv[2]), run instruction by instruction in rp2040js.
// Prints one JSON object: per routine, the cases, how many differ, the largest
// difference in units in the last place, and the mean cycles of each. Used by
// tests/emu/test_emu_rom.py when $RP2040_BOOTROM is set.

import fs from 'node:fs';
import { RP2040 } from 'rp2040js';
import { buildRom } from '../../host/emu/bootrom.mjs';

for (const name of ['log', 'info', 'debug', 'warn']) console[name] = () => {};

const ours = buildRom();
const real = new RP2040();
const image = fs.readFileSync(process.argv[2]);
real.loadBootrom(new Uint32Array(image.buffer.slice(image.byteOffset, image.byteOffset + 16384)));
const RET = 0x20000000; // a BKPT in RAM: where the real routine returns to
real.writeUint16(RET, 0xbe00);

// deterministic inputs (xorshift32)
let seed = 0x1234567;
const rnd = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return seed >>> 0;
};
const fb = new Float32Array(1);
const ub = new Uint32Array(fb.buffer);
const db = new Float64Array(1);
const dw = new Uint32Array(db.buffer);
const fbits = (x) => ((fb[0] = x), ub[0]);
const dbits = (x) => ((db[0] = x), [dw[0], dw[1]]);
const uniform = (lo, hi) => lo + ((hi - lo) * rnd()) / 2 ** 32;
const logUniform = (lo, hi) => (rnd() & 1 ? -1 : 1) * Math.exp(uniform(Math.log(lo), Math.log(hi)));
const N = 300;

// kinds of argument lists: [r0, r1, r2, r3]
const gen = {
  ff: () => [fbits(logUniform(1e-6, 1e6)), fbits(logUniform(1e-6, 1e6)), 0, 0],
  f: () => [fbits(logUniform(1e-6, 1e6)), 0, 0, 0],
  fpos: () => [fbits(Math.abs(logUniform(1e-6, 1e6))), 0, 0, 0],
  fang: () => [fbits(uniform(-100, 100)), 0, 0, 0],
  fexp: () => [fbits(uniform(-80, 80)), 0, 0, 0],
  fn: () => [fbits(logUniform(1e-3, 1e9)), (rnd() % 20) - 4, 0, 0],
  i: () => [rnd(), 0, 0, 0],
  in: () => [rnd(), rnd() % 32, 0, 0],
  l: () => [rnd(), rnd() >>> (rnd() % 32), 0, 0],
  ln: () => [rnd(), rnd() >>> (rnd() % 32), rnd() % 40, 0],
  dd: () => [...dbits(logUniform(1e-9, 1e9)), ...dbits(logUniform(1e-9, 1e9))],
  d: () => [...dbits(logUniform(1e-9, 1e9)), 0, 0],
  dpos: () => [...dbits(Math.abs(logUniform(1e-9, 1e9))), 0, 0],
  dang: () => [...dbits(uniform(-100, 100)), 0, 0],
  dexp: () => [...dbits(uniform(-700, 700)), 0, 0],
  dn: () => [...dbits(logUniform(1e-3, 1e9)), (rnd() % 20) - 4, 0],
};
// offset: [argument kind, result kind (f single, i 32-bit, d double, l 64-bit)]
const SF = {
  0x00: ['ff', 'f'], 0x04: ['ff', 'f'], 0x08: ['ff', 'f'], 0x0c: ['ff', 'f'], 0x10: ['ff', 'i'],
  0x18: ['fpos', 'f'], 0x1c: ['f', 'i'], 0x20: ['fn', 'i'], 0x24: ['f', 'i'], 0x28: ['fn', 'i'],
  0x2c: ['i', 'f'], 0x30: ['in', 'f'], 0x34: ['i', 'f'], 0x38: ['in', 'f'], 0x3c: ['fang', 'f'],
  0x40: ['fang', 'f'], 0x44: ['fang', 'f'], 0x4c: ['fexp', 'f'], 0x50: ['fpos', 'f'],
  0x54: ['ff', 'i'], 0x58: ['ff', 'f'], 0x5c: ['l', 'f'], 0x60: ['ln', 'f'], 0x64: ['l', 'f'],
  0x68: ['ln', 'f'], 0x6c: ['f', 'l'], 0x70: ['fn', 'l'], 0x74: ['f', 'l'], 0x78: ['fn', 'l'],
  0x7c: ['f', 'd'],
};
const SD = {
  0x00: ['dd', 'd'], 0x04: ['dd', 'd'], 0x08: ['dd', 'd'], 0x0c: ['dd', 'd'], 0x10: ['dd', 'i'],
  0x18: ['dpos', 'd'], 0x1c: ['d', 'i'], 0x20: ['dn', 'i'], 0x24: ['d', 'i'], 0x28: ['dn', 'i'],
  0x2c: ['i', 'd'], 0x30: ['in', 'd'], 0x34: ['i', 'd'], 0x38: ['in', 'd'], 0x3c: ['dang', 'd'],
  0x40: ['dang', 'd'], 0x44: ['dang', 'd'], 0x4c: ['dexp', 'd'], 0x50: ['dpos', 'd'],
  0x54: ['dd', 'i'], 0x58: ['dd', 'd'], 0x5c: ['l', 'd'], 0x60: ['ln', 'd'], 0x64: ['l', 'd'],
  0x68: ['ln', 'd'], 0x6c: ['d', 'l'], 0x70: ['dn', 'l'], 0x74: ['d', 'l'], 0x78: ['dn', 'l'],
  0x7c: ['d', 'f'],
};

function tableEntry(mcu, name, off) {
  const code = name.charCodeAt(0) | (name.charCodeAt(1) << 8);
  let t = mcu.readUint16(0x16);
  for (;;) {
    const c = mcu.readUint16(t);
    if (c === 0) throw new Error(`no ${name} table`);
    if (c === code) return mcu.readUint32(mcu.readUint16(t + 2) + off) & ~1;
    t += 4;
  }
}

function runReal(addr, args) {
  const core = real.core;
  for (let i = 0; i < 4; i++) core.registers[i] = args[i];
  core.registers[13] = 0x20041000;
  core.registers[14] = RET | 1;
  core.PC = addr;
  let cycles = 0;
  while (core.PC !== RET) {
    cycles += core.executeInstruction();
    if (cycles > 1e6) throw new Error(`real routine at 0x${addr.toString(16)} did not return`);
  }
  return [core.registers[0] >>> 0, core.registers[1] >>> 0, cycles];
}

const oursMcu = { readUint16: () => 0 };
function runOurs(addr, args) {
  const core = { registers: new Uint32Array(16) };
  for (let i = 0; i < 4; i++) core.registers[i] = args[i];
  const cycles = ours.handlers.get(addr).run({ mcu: oursMcu }, core);
  return [core.registers[0] >>> 0, core.registers[1] >>> 0, cycles];
}

// distance in ulps of two results of a kind (Infinity if they are not comparable)
function distance(kind, a, b) {
  if (kind === 'i') return a[0] === b[0] ? 0 : Math.abs((a[0] | 0) - (b[0] | 0));
  if (kind === 'f') {
    const k = (x) => (x < 0x80000000 ? x : 0x80000000 - x);
    return Math.abs(k(a[0]) - k(b[0]));
  }
  const big = (x) => (BigInt(x[1]) << 32n) | BigInt(x[0]);
  if (kind === 'l') {
    const d = BigInt.asIntN(64, big(a)) - BigInt.asIntN(64, big(b));
    return Number(d < 0n ? -d : d);
  }
  const k = (x) => (x < 2n ** 63n ? x : 2n ** 63n - x);
  const d = k(big(a)) - k(big(b));
  return Number(d < 0n ? -d : d);
}

const out = {};
const ourRom = { readUint16: (a) => new DataView(ours.image.buffer).getUint16(a, true), readUint32: (a) => ours.image[a >> 2] };
for (const [table, spec] of [['SF', SF], ['SD', SD]]) {
  for (const [offText, [argKind, resKind]] of Object.entries(spec)) {
    const off = Number(offText);
    const realAddr = tableEntry(real, table, off);
    const ourAddr = tableEntry(ourRom, table, off);
    const name = ours.handlers.get(ourAddr).name;
    const row = { name, cases: 0, differ: 0, max_ulps: 0, max_error: 0, real_cycles: 0, our_cycles: 0, example: null };
    for (let n = 0; n < N; n++) {
      const args = gen[argKind]();
      const r = runReal(realAddr, args);
      const o = runOurs(ourAddr, args);
      const d = distance(resKind, r, o);
      row.cases++;
      row.real_cycles += r[2];
      row.our_cycles += o[2];
      if (d !== 0) {
        row.differ++;
        // for float results: |real - ours| / max(1, |real|)
        if (resKind === 'f' || resKind === 'd') {
          const v = (x) => (resKind === 'f' ? ((ub[0] = x[0]), fb[0]) : ((dw[0] = x[0]), (dw[1] = x[1]), db[0]));
          const rv = v(r);
          const e = Math.abs(rv - v(o)) / Math.max(1, Math.abs(rv));
          row.max_error = Math.max(row.max_error, e);
        }
        if (d > row.max_ulps) {
          row.max_ulps = d;
          row.example = { args: args.map((x) => x.toString(16)), real: r.slice(0, 2).map((x) => x.toString(16)), ours: o.slice(0, 2).map((x) => x.toString(16)) };
        }
      }
    }
    row.real_cycles = Math.round(row.real_cycles / N);
    row.our_cycles = Math.round(row.our_cycles / N);
    out[`${table}+0x${off.toString(16).padStart(2, '0')}`] = row;
  }
}
process.stdout.write(JSON.stringify(out) + '\n');
