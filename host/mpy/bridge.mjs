// A pretend board: real MicroPython 1.29 (WebAssembly) behind a raw-REPL serial link
// on 127.0.0.1, so stock mpremote (`connect socket://127.0.0.1:PORT`) and our flash
// tool can be tested with no hardware.
//
//   node host/mpy/bridge.mjs --fs DIR [--port 0] [--idle-exit 20] [--max-seconds 300]
//        [--drop-after BYTES] [--capacity BYTES]
//
// Prints "bridge listening on 127.0.0.1:PORT" once ready. Like a board:
// - its flash survives: the filesystem is restored from DIR when a connection opens
//   and saved back to DIR when it closes (and on every soft reset);
// - one connection at a time (a second one is closed at once, as a busy port);
// - Ctrl-D on an empty line soft-resets: a fresh interpreter, same files,
//   "MPY: soft reboot"; boot.py/main.py are NOT run (a game loop would never return);
// - raw-paste mode is supported, so mpremote runs at full speed;
// - errno numbers in tracebacks are mapped from WebAssembly's to MicroPython's.
// Test knobs: --drop-after cuts the first connection after that many received bytes
// (an unplugged cable); --capacity makes writes fail with ENOSPC beyond that many
// bytes of files (a full board). It exits by itself: --idle-exit seconds after the
// last connection closes, and in any case after --max-seconds.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import net from "node:net";
import fs from "node:fs";
import path from "node:path";

const SYSTEM_DIRS = new Set(["tmp", "home", "dev", "proc"]); // Emscripten's, not the board's
const PASTE_WINDOW = 512; // raw-paste flow-control window, as a board with a small buffer
const RAW_BANNER = "raw REPL; CTRL-B to exit\r\n>";
// WebAssembly (WASI) errno -> MicroPython errno and name, for tracebacks mpremote parses.
const ERRNO = { 44: [2, "ENOENT"], 20: [17, "EEXIST"], 51: [28, "ENOSPC"], 54: [20, "ENOTDIR"],
  31: [21, "EISDIR"], 55: [39, "ENOTEMPTY"], 28: [22, "EINVAL"] };
const WASI_ENOSPC = 51;
const DROP = Symbol("drop"); // queued where the test cuts the cable

function parseArgs(argv) {
  const o = { port: 0, fs: null, idleExit: 20, maxSeconds: 300, dropAfter: 0, capacity: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === "--port") o.port = Number(v);
    else if (a === "--fs") o.fs = v;
    else if (a === "--idle-exit") o.idleExit = Number(v);
    else if (a === "--max-seconds") o.maxSeconds = Number(v);
    else if (a === "--drop-after") o.dropAfter = Number(v);
    else if (a === "--capacity") o.capacity = Number(v);
    else throw new Error(`bridge.mjs: unknown argument ${a}`);
    i++;
  }
  if (!o.fs) throw new Error("bridge.mjs: --fs DIR is required (where the board's files live)");
  return o;
}

// ---- the board's flash: host directory <-> interpreter filesystem ----

function restoreTree(mp, hostDir, mpDir) {
  if (!fs.existsSync(hostDir)) return;
  for (const name of fs.readdirSync(hostDir)) {
    const src = path.join(hostDir, name);
    const dst = (mpDir === "/" ? "" : mpDir) + "/" + name;
    if (fs.statSync(src).isDirectory()) {
      try { mp.FS.mkdir(dst); } catch (e) { /* exists */ }
      restoreTree(mp, src, dst);
    } else {
      mp.FS.writeFile(dst, fs.readFileSync(src));
    }
  }
}

function walk(mp, mpDir, visit) {
  for (const name of mp.FS.readdir(mpDir)) {
    if (name === "." || name === "..") continue;
    if (mpDir === "/" && SYSTEM_DIRS.has(name)) continue;
    const p = (mpDir === "/" ? "" : mpDir) + "/" + name;
    const st = mp.FS.stat(p);
    if (mp.FS.isDir(st.mode)) { visit(p, null); walk(mp, p, visit); }
    else visit(p, st);
  }
}

function saveTree(mp, hostDir) {
  const tmp = hostDir + ".saving";
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  walk(mp, "/", (p, st) => {
    const dst = path.join(tmp, p);
    if (st === null) fs.mkdirSync(dst, { recursive: true });
    else fs.writeFileSync(dst, mp.FS.readFile(p));
  });
  fs.rmSync(hostDir, { recursive: true, force: true });
  fs.renameSync(tmp, hostDir);
}

function usedBytes(mp) {
  let total = 0;
  walk(mp, "/", (p, st) => { if (st) total += st.size; });
  return total;
}

// Writes past `capacity` bytes of files fail with ENOSPC, as on a full board.
function limitCapacity(mp, capacity) {
  const FS = mp.FS;
  const write = FS.write;
  FS.write = function (stream, buffer, offset, length, position, canOwn) {
    const node = stream.node;
    const pos = position === undefined ? stream.position : position;
    const size = node && node.usedBytes !== undefined ? node.usedBytes : 0;
    const growth = Math.max(0, pos + length - size);
    if (growth > 0 && usedBytes(mp) + growth > capacity) {
      throw new FS.ErrnoError(WASI_ENOSPC);
    }
    return write.call(this, stream, buffer, offset, length, position, canOwn);
  };
}

// ---- one connection: a board's serial port ----

class Board {
  constructor(opts, socket) {
    this.opts = opts;
    this.socket = socket;
    this.mp = null;
    this.out = []; // bytes the interpreter printed during the current step
    this.mute = false;
    this.raw = false; // raw REPL (Ctrl-A) or friendly (Ctrl-B)
    this.lineEmpty = true; // raw REPL: nothing typed since the prompt
    this.paste = null; // raw-paste buffer while pasting
    this.pasteCount = 0;
    this.pending = []; // a possible Ctrl-E 'A' Ctrl-A raw-paste request, half received
  }

  async boot() {
    const sink = (b) => { if (!this.mute) for (const c of b) this.out.push(c); };
    this.mp = await loadMicroPython({ stdout: sink, stderr: sink, linebuffer: false,
      heapsize: 256 * 1024, pystack: 8192 });
    restoreTree(this.mp, this.opts.fs, "/");
    if (this.opts.capacity) limitCapacity(this.mp, this.opts.capacity);
    this.mute = true; // a board says nothing when a port opens
    this.mp.replInit();
    this.mute = false;
  }

  save() {
    if (this.mp) saveTree(this.mp, this.opts.fs);
  }

  async softReset() {
    const wasRaw = this.raw;
    this.save();
    this.out.push(...Buffer.from("MPY: soft reboot\r\n"));
    const before = this.out.slice();
    await this.boot();
    this.out = before;
    if (wasRaw) {
      this.mute = true;
      this.mp.replProcessChar(1);
      this.mute = false;
      this.out.push(...Buffer.from(RAW_BANNER));
    } else {
      this.out.push(...Buffer.from("\r\nMicroPython v1.29.0 on bridge; JS with Emscripten\r\n>>> "));
    }
    this.raw = wasRaw;
    this.lineEmpty = true;
  }

  async feed(c) {
    if (this.mp.replProcessChar(c)) await this.softReset();
  }

  // Run a pasted program through the plain raw REPL, which answers "OK" first:
  // raw-paste mode does not, so that is dropped.
  async runPaste() {
    const code = Buffer.from(this.paste);
    this.paste = null;
    this.flush([4]); // acknowledge the end of the paste
    for (const c of code) this.mp.replProcessChar(c);
    const mark = this.out.length;
    await this.feed(4);
    const ok = this.out.indexOf(0x4f, mark);
    if (ok >= 0 && this.out[ok + 1] === 0x4b) this.out.splice(ok, 2);
    this.lineEmpty = true;
  }

  async step(c) {
    if (this.paste !== null) {
      if (c === 4) return this.runPaste();
      this.paste.push(c);
      if (++this.pasteCount % PASTE_WINDOW === 0) this.flush([1]); // room for one more window
      return;
    }
    if (this.raw && this.lineEmpty && (this.pending.length || c === 5)) {
      this.pending.push(c);
      const want = [5, 0x41, 1];
      if (this.pending.every((b, i) => b === want[i])) {
        if (this.pending.length === 3) {
          this.pending = [];
          this.paste = [];
          this.pasteCount = 0;
          this.flush([0x52, 1, PASTE_WINDOW & 0xff, PASTE_WINDOW >> 8]); // "R\x01" + window
        }
        return;
      }
      const held = this.pending;
      this.pending = [];
      for (const b of held) await this.plain(b);
      return;
    }
    await this.plain(c);
  }

  async plain(c) {
    if (c === 1) { this.raw = true; this.lineEmpty = true; }
    else if (this.raw && c === 2) this.raw = false;
    else if (this.raw && c === 4) this.lineEmpty = true;
    else if (this.raw && c !== 1 && c !== 3) this.lineEmpty = false;
    await this.feed(c);
  }

  flush(extra = []) {
    let text = Buffer.from(this.out).toString("latin1");
    this.out = [];
    text = text.replace(/OSError: (\d+)\r\n/g, (m, n) =>
      ERRNO[n] ? `OSError: [Errno ${ERRNO[n][0]}] ${ERRNO[n][1]}\r\n` : m);
    const bytes = Buffer.concat([Buffer.from(text, "latin1"), Buffer.from(extra)]);
    if (bytes.length && !this.socket.destroyed) this.socket.write(bytes);
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  fs.mkdirSync(opts.fs, { recursive: true });
  let busy = false;
  let dropArmed = opts.dropAfter > 0;
  let idleTimer = null;
  const idle = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => process.exit(0), opts.idleExit * 1000);
  };
  setTimeout(() => process.exit(0), opts.maxSeconds * 1000).unref();

  const server = net.createServer(async (socket) => {
    if (busy) { socket.destroy(); return; } // the port is taken
    busy = true;
    clearTimeout(idleTimer);
    socket.setNoDelay(true);
    const board = new Board(opts, socket);
    const queue = [];
    let received = 0;
    let closed = false;
    let pumping = false;
    let wake = null;
    const ready = board.boot();
    const finish = () => {
      if (closed) return;
      closed = true;
      board.save();
      busy = false;
      idle();
    };
    const pump = async () => {
      if (pumping) return;
      pumping = true;
      await ready;
      while (queue.length) {
        const chunk = queue.shift();
        if (chunk === DROP) { queue.length = 0; socket.destroy(); break; } // cable pulled
        for (const c of chunk) await board.step(c);
        board.flush();
      }
      pumping = false;
      if (wake) wake();
    };
    socket.on("data", (data) => {
      if (closed || socket.destroyed) return;
      received += data.length;
      if (dropArmed && received >= opts.dropAfter) {
        dropArmed = false;
        const keep = data.length - (received - opts.dropAfter);
        if (keep > 0) queue.push(data.subarray(0, keep));
        queue.push(DROP);
        pump();
        return;
      }
      queue.push(data);
      pump();
    });
    const closing = async () => {
      if (pumping) await new Promise((r) => { wake = r; });
      await ready;
      finish();
    };
    socket.on("close", closing);
    socket.on("error", () => {});
  });
  server.listen(opts.port, "127.0.0.1", () => {
    process.stdout.write(`bridge listening on 127.0.0.1:${server.address().port}\n`);
    idle();
  });
}

main().catch((e) => { process.stderr.write(String(e.message || e) + "\n"); process.exit(2); });
