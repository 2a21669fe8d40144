// The emulated Pico of `python3 -m host emu` (host/emu/protocol.mjs serves it to
// host/emu/board.py).
//
// rp2040js runs MicroPython's own rp2 firmware with the `pico` board's parts
// attached: an SSD1306 at 0x3C on I2C0 (GP4/GP5; panel.mjs), six buttons on
// GP10-GP15 (pulled up, pressed = low), a 2 MiB flash kept in a file (flash.mjs),
// and the USB CDC REPL. Time advances only when asked (`run`), so the same firmware,
// files and timed inputs give the same cycle counts. See docs/emulator.md.

import fs from 'node:fs';
import { RP2040, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';
import { buildRom, ROM_SIZE } from './bootrom.mjs';
import { loadFlash, romErase, romProgram, saveFlash } from './flash.mjs';
import { attachPanel } from './panel.mjs';

// A real B1 boot ROM image's flash routines ('RE' and 'RP' in its table), for
// opts.rom; without it the ROM is built by bootrom.mjs and its stubs say where.
const B1_FLASH_RANGE_ERASE = 0x237c;
const B1_FLASH_RANGE_PROGRAM = 0x23c4;

class QuietLogger extends ConsoleLogger {
  // Warnings of unmodelled registers are expected; errors must not throw mid-instruction.
  constructor() {
    super(LogLevel.Error, false);
    this.seen = new Set();
  }
  error(component, message) {
    const key = component + message;
    if (!this.seen.has(key) && this.seen.size < 50) {
      this.seen.add(key);
      process.stderr.write(`emu: [${component}] ${message}\n`);
    }
  }
}

export class Board {
  constructor(opts) {
    this.opts = opts;
    const mcu = new RP2040();
    this.mcu = mcu;
    mcu.logger = new QuietLogger();
    if (opts.rom) {
      // a real ROM image (for comparison): it runs as is, but for erase and program
      const rom = fs.readFileSync(opts.rom);
      if (rom.length !== ROM_SIZE) {
        throw new Error(`${opts.rom}: a boot ROM is ${ROM_SIZE} bytes, got ${rom.length}`);
      }
      mcu.loadBootrom(new Uint32Array(rom.buffer.slice(rom.byteOffset, rom.byteOffset + ROM_SIZE)));
      this.romHandlers = new Map();
      this.romErase = B1_FLASH_RANGE_ERASE;
      this.romProgram = B1_FLASH_RANGE_PROGRAM;
    } else {
      const rom = buildRom();
      mcu.loadBootrom(rom.image);
      this.romHandlers = rom.handlers;
      this.romErase = rom.erase;
      this.romProgram = rom.program;
    }
    // a BKPT executed: a ROM stub the loop did not catch, or the firmware's own
    mcu.onBreak = (code) => {
      const pc = (mcu.core.registers[15] - 2) >>> 0;
      mcu.logger.error('bkpt', `BKPT #${code} at 0x${pc.toString(16)} (lr 0x${(mcu.core.registers[14] >>> 0).toString(16)})`);
    };
    // flash: the flash file's contents (else erased), the UF2 written over them (flash.mjs)
    loadFlash(mcu.flash, opts.flash, opts.uf2);
    this.enterBoot2();
    this.clock = mcu.clock;
    // A flash erase or program under way: the core stalls in the ROM call until
    // then (ns), its interrupts off as the firmware left them; pins change meanwhile.
    this.flashDoneAt = -1;
    this.stats = {
      busy_cycles: 0,
      wait_cycles: 0,
      instructions: 0,
      flash_ops: 0,
      flash_bytes_programmed: 0,
      flash_sectors_erased: 0,
      flash_busy_ms: 0,
      i2c_transactions: 0,
      i2c_panel_bytes: 0,
      serial_in_bytes: 0,
      serial_out_bytes: 0,
      gc_count: 0,
      heap_live_after_gc: null,
      heap_peak_live_after_gc: null,
      memory_errors: 0,
      heap_used_at_memory_error: null,
    };
    this.serialOut = [];
    this.i2cEvents = [];
    this.setupUsb();
    attachPanel(this); // panel.mjs: I2C0's transactions to 0x3C, i2c.scan() on GP4/GP5
    // buttons: pulled up, a held one reads low from the very start
    this.held = new Set(opts.held || []);
    for (const pin of opts.buttons || []) {
      mcu.gpio[pin].setInputValue(!this.held.has(pin));
    }
    // heap figures by symbol (optional)
    this.heap = opts.heap || null;
    this.gcEnd = this.heap ? this.heap.gc_collect_end & ~1 : -1;
    this.mallocFail = this.heap ? this.heap.m_malloc_fail & ~1 : -1;
    this.gcReturn = -1;
    this.gcReturnSp = 0;
    // opts.heap_snapshot: keep a copy of SRAM at each new peak of the live heap
    // (host/bench/heapwalk.py reads it: what the heap held at its largest)
    this.snapshotPeak = !!opts.heap_snapshot;
    this.peakSnapshot = null;
    this.peakSnapshotSp = 0;
  }

  // What the ROM's flash boot ends with: the 256-byte second stage (boot2) from the
  // start of flash, checked by its CRC, copied to the top of SRAM and entered with
  // lr = 0 (boot2 then sets up XIP and jumps through the vector table at 0x100).
  // The ROM's own reading of flash goes through the SSI, which rp2040js does not
  // model, so that part is done here; what the firmware calls later (the function
  // and data tables: flash routines, memcpy, soft float) is bootrom.mjs's.
  enterBoot2() {
    const { mcu } = this;
    const boot2 = mcu.flash.subarray(0, 256);
    let crc = 0xffffffff;
    for (let i = 0; i < 252; i++) {
      crc ^= boot2[i] << 24;
      for (let b = 0; b < 8; b++) {
        crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
      }
    }
    const want = boot2[252] | (boot2[253] << 8) | (boot2[254] << 16) | (boot2[255] << 24);
    if (crc >>> 0 !== want >>> 0) {
      throw new Error(`${this.opts.uf2} has no valid second-stage boot loader: not firmware for a Pico`);
    }
    const BOOT2_LOAD = 0x20041f00;
    mcu.sram.set(boot2, BOOT2_LOAD - 0x20000000);
    const core = mcu.core;
    core.SP = mcu.bootrom[0]; // the ROM's stack, below boot2
    core.LR = 0;
    core.PC = BOOT2_LOAD;
  }

  // ---- USB CDC: the host side of the REPL ----
  setupUsb() {
    const cdc = new USBCDC(this.mcu.usbCtrl);
    this.cdc = cdc;
    this.hostBytes = Buffer.alloc(0); // host -> board, unlimited
    this.pendingReads = []; // OUT transfers the board is waiting on
    cdc.onSerialData = (buffer) => {
      this.serialOut.push(Buffer.from(buffer));
      this.stats.serial_out_bytes += buffer.length;
    };
    const usb = this.mcu.usbCtrl;
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint !== cdc.outEndpoint) {
        return; // as rp2040js's USBCDC: control OUT stages complete by themselves
      }
      this.pendingReads.push(size);
      this.feedUsb();
    };
  }

  feedUsb() {
    const usb = this.mcu.usbCtrl;
    while (this.pendingReads.length && this.hostBytes.length) {
      const size = this.pendingReads.shift();
      const n = Math.min(size, this.hostBytes.length);
      const chunk = new Uint8Array(this.hostBytes.subarray(0, n));
      this.hostBytes = this.hostBytes.subarray(n);
      usb.endpointReadDone(this.cdc.outEndpoint, chunk);
    }
  }

  serialIn(bytes) {
    this.stats.serial_in_bytes += bytes.length;
    this.hostBytes = Buffer.concat([this.hostBytes, bytes]);
    this.feedUsb();
  }

  // ---- buttons ----
  setPin(pin, level) {
    this.mcu.gpio[pin].setInputValue(!!level);
  }

  // ---- the heap, read from MicroPython's state by symbol ----
  heapUsed() {
    const h = this.heap;
    if (!h) return null;
    const mcu = this.mcu;
    const atb = mcu.readUint32(h.mem + 0);
    const len = mcu.readUint32(h.mem + 4);
    const RAM = 0x20000000;
    if (atb < RAM || atb + len > RAM + mcu.sram.length || len > 0x10000) {
      return null; // before gc_init, or not this build's layout of mp_state_ctx
    }
    let used = 0;
    for (let i = 0; i < len; i++) {
      const b = mcu.readUint8(atb + i);
      if (b) {
        used += (b & 3 ? 1 : 0) + (b & 12 ? 1 : 0) + (b & 48 ? 1 : 0) + (b & 192 ? 1 : 0);
      }
    }
    return used * 16;
  }

  heapTotal() {
    const h = this.heap;
    if (!h) return null;
    return (this.mcu.readUint32(h.mem + 16) - this.mcu.readUint32(h.mem + 12)) >>> 0;
  }

  // ---- the execute loop: busy cycles vs cycles spent waiting (WFI/WFE) ----
  run(ns, stopAfterFlashOps) {
    const { mcu, clock } = this;
    const core = mcu.core;
    const target = clock.nanos + ns;
    const st = this.stats;
    const opsStop = stopAfterFlashOps > 0 ? st.flash_ops + stopAfterFlashOps : -1;
    while (clock.nanos < target) {
      const cycleNs = 1e9 / mcu.clkSys;
      if (this.flashDoneAt >= 0) {
        // in the ROM's flash routine: the chip is busy, then back to the caller
        const dt = Math.min(this.flashDoneAt, target) - clock.nanos;
        st.busy_cycles += dt / cycleNs;
        clock.tick(dt);
        if (clock.nanos >= this.flashDoneAt) {
          this.flashDoneAt = -1;
          core.registers[15] = core.registers[14] & ~1;
          st.flash_ops++;
          if (st.flash_ops === opsStop) {
            return 'flash_ops';
          }
        }
        continue;
      }
      if (core.waiting) {
        const next = clock.nextAlarm ? clock.nextAlarm.nanos : target;
        const to = Math.min(next, target);
        const dt = Math.max(0, to - clock.nanos);
        st.wait_cycles += dt / cycleNs;
        clock.tick(dt);
        if (core.waiting && core.interruptsUpdated && core.checkForInterrupts()) {
          core.waiting = false;
        }
        continue;
      }
      const pc = core.registers[15];
      if (pc < ROM_SIZE && this.romHandlers.has(pc) && pc !== this.romErase && pc !== this.romProgram) {
        // a ROM routine, done here (bootrom.mjs): its cycles, then back to the caller
        const cycles = this.romHandlers.get(pc).run(this, core);
        core.registers[15] = core.registers[14] & ~1;
        st.busy_cycles += cycles;
        clock.tick(cycles * cycleNs);
        continue;
      }
      if (pc === this.romErase || pc === this.romProgram) {
        // done on the array at once (flash.mjs); the core returns when the chip would be done
        const busyNs = pc === this.romErase ? romErase(mcu, core, st) : romProgram(mcu, core, st);
        st.flash_busy_ms += busyNs / 1e6;
        this.flashDoneAt = clock.nanos + busyNs;
        continue;
      }
      if (pc === this.gcEnd) {
        this.gcReturn = core.registers[14] & ~1;
        this.gcReturnSp = core.registers[13];
      } else if (pc === this.gcReturn && core.registers[13] === this.gcReturnSp) {
        this.gcReturn = -1;
        st.gc_count++;
        const live = this.heapUsed();
        st.heap_live_after_gc = live;
        if (live !== null) {
          if (this.snapshotPeak && live > (st.heap_peak_live_after_gc || 0)) {
            this.peakSnapshot = Uint8Array.from(mcu.sram);
            this.peakSnapshotSp = core.registers[13] >>> 0;
          }
          st.heap_peak_live_after_gc = Math.max(st.heap_peak_live_after_gc || 0, live);
        }
      } else if (pc === this.mallocFail) {
        st.memory_errors++;
        st.heap_used_at_memory_error = this.heapUsed();
      }
      const cycles = core.executeInstruction();
      st.instructions++;
      st.busy_cycles += cycles;
      clock.tick(cycles * cycleNs);
    }
    return 'time';
  }

  takeEvents() {
    const out = Buffer.concat(this.serialOut).toString('hex');
    this.serialOut = [];
    const i2c = this.i2cEvents;
    this.i2cEvents = [];
    return { serial: out, i2c };
  }

  report() {
    const s = Object.assign({}, this.stats);
    s.busy_cycles = Math.round(s.busy_cycles);
    s.wait_cycles = Math.round(s.wait_cycles);
    s.cycles = s.busy_cycles + s.wait_cycles;
    s.now_ns = this.clock.nanos;
    s.clk_sys = this.mcu.clkSys;
    s.flash_busy_ms = Math.round(s.flash_busy_ms * 1000) / 1000;
    if (this.heap) {
      s.heap_used = this.heapUsed();
      s.heap_total = this.heapTotal();
    }
    return s;
  }

  save() {
    if (this.opts.flash && this.opts.save !== false) {
      saveFlash(this.mcu.flash, this.opts.flash);
    }
  }
}
