// The emulated Pico's protocol: `node host/emu/protocol.mjs` is what
// host/emu/board.py starts, one emulator process per Board there. It powers a
// board.mjs Board on and off and passes it time, button levels and USB bytes.
//
// One JSON object per line on stdin, one JSON reply per line on stdout
// ({"ok": true, ...} or {"ok": false, "error": "..."}). Byte strings are hex.

import readline from 'node:readline';
import { Board } from './board.mjs';

// Anything the library prints must not reach stdout, which carries the protocol;
// its notes on registers it does not model go to stderr only with EMU_VERBOSE=1.
const verbose = process.env.EMU_VERBOSE === '1';
for (const name of ['log', 'info', 'debug', 'warn']) {
  console[name] = verbose ? (...args) => process.stderr.write(args.join(' ') + '\n') : () => {};
}

let board = null;

function handle(msg) {
  switch (msg.cmd) {
    case 'power_on': {
      if (board) board.save();
      board = new Board(msg);
      return { now_ns: 0 };
    }
    case 'power_off': {
      if (!board) return {};
      board.save();
      const stats = board.report();
      const events = board.takeEvents();
      board = null;
      return Object.assign({ stats }, events);
    }
    case 'quit':
      if (board) board.save();
      board = null;
      return { quit: true };
  }
  if (!board) throw new Error('the board is off: power_on first');
  switch (msg.cmd) {
    case 'run': {
      const stopped = board.run(msg.ns, msg.stop_after_flash_ops || 0);
      return Object.assign({ stopped, now_ns: board.clock.nanos }, board.takeEvents());
    }
    case 'serial':
      board.serialIn(Buffer.from(msg.data, 'hex'));
      return {};
    case 'pin':
      board.setPin(msg.pin, msg.level);
      return { now_ns: board.clock.nanos };
    case 'stats':
      return { stats: board.report() };
    case 'read': {
      const bytes = [];
      for (let i = 0; i < msg.len; i++) bytes.push(board.mcu.readUint8(msg.addr + i));
      return { data: Buffer.from(bytes).toString('hex') };
    }
    case 'peak_snapshot':
      // SRAM as it was right after the collection that left the most heap live
      if (!board.peakSnapshot) return { data: '' };
      return { data: Buffer.from(board.peakSnapshot).toString('hex'), sp: board.peakSnapshotSp };
    case 'regs': {
      const c = board.mcu.core;
      return {
        regs: Array.from(c.registers),
        waiting: c.waiting,
        usb: [board.cdc.initialized, board.cdc.inEndpoint, board.cdc.outEndpoint, board.pendingReads, board.hostBytes.length],
      };
    }
    case 'flash':
      return {
        data: Buffer.from(board.mcu.flash.subarray(msg.offset, msg.offset + msg.len)).toString('hex'),
      };
  }
  throw new Error(`unknown command ${msg.cmd}`);
}

function serve() {
  // Ctrl-C in the terminal is for the Python side, which powers off (saving the flash).
  process.on('SIGINT', () => {});
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  rl.on('line', (line) => {
    if (!line.trim()) return;
    let reply;
    try {
      const msg = JSON.parse(line);
      reply = Object.assign({ ok: true }, handle(msg));
    } catch (e) {
      reply = { ok: false, error: e.message };
    }
    process.stdout.write(JSON.stringify(reply) + '\n');
    if (reply.quit) process.exit(0);
  });
  rl.on('close', () => {
    if (board) board.save();
    process.exit(0);
  });
}

serve();
