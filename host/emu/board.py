"""The real MicroPython firmware on an emulated Pico, driven from Python.

`Board` starts host/emu/protocol.mjs (rp2040js under Node.js) and talks to it line
by line. Emulated time moves only inside `run_ms`/`run_cycles`/`run_until` (or the
background runner of `running()`), so the same firmware, flash file and timed
inputs give the same cycle counts. See docs/emulator.md.

    board = Board()                       # firmware from env / build/
    board.power_on()
    board.run_ms(1500)
    board.frame()                         # 1024 bytes MONO_VLSB, as the glass shows
    board.down("a"); board.run_ms(80); board.up("a")
    board.power_off()                     # the flash file keeps littlefs
"""

import binascii
import collections
import contextlib
import json
import os
import shutil
import subprocess
import threading
import time

from host import shown
from host.board import uf2 as uf2mod
from host.emu import elf as elfmod
from host.emu.firmware import ROOT, elf_for, missing_firmware, node_missing, uf2_path
from host.emu import EmuError
from host.emu.repl import Pty, Serial
from host.screen.ssd1306_panel import Panel

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "protocol.mjs")
DEFAULT_FLASH = os.path.join("build", "emu-flash.bin")

# The `pico` board profile (firmware/pocket/boards/pico.py): GPIO of each button.
BUTTONS = {"up": 10, "down": 11, "left": 12, "right": 13, "a": 14, "b": 15}
PANEL_ADDR = 0x3C
FLASH_SIZE = 2 * 1024 * 1024
SLICE_NS = 2_000_000  # emulated time between looks at the pty
# MicroPython's mp_state_ctx.mem: where the GC's table and pool pointers are.
MEM_OFFSET = 692


def firmware_drives(path):
    """{name: (flash offset, size)} of the drives the firmware in the .uf2 at
    `path` declares (host/board/uf2.py): uf2.LITTLEFS, and uf2.ROMFS in a build with a
    ROMFS partition (official RPI_PICO: littlefs at 0xA0000; the ROMFS build:
    ROMFS at 0xA0000, littlefs at 0x120000)."""
    try:
        return uf2mod.drives(uf2mod.flatten(uf2mod.read(path)))
    except uf2mod.Uf2Error as e:
        raise EmuError(str(e)) from None


class Board:
    """An emulated Pico running a MicroPython .uf2, with the `pico` board's parts.

    uf2: the firmware (default: uf2_path()), written over the flash file at
    every power-on as a .uf2 dropped on the board in BOOTSEL mode is;
    flash_path: a file keeping the 2 MiB flash between power cycles (None: a fresh
    blank filesystem at every power-on, nothing written); elf: the same build with
    symbols, for heap figures (default: elf_for(uf2); "" for none); pty: also offer the REPL
    on a pseudo-terminal (`port`) for mpremote and `python3 -m host flash`;
    save=False: read flash_path at power-on but never write it. rom: a real RP2040
    boot ROM image to run instead of the emulator's own ROM routines (None: the
    emulator's, host/emu/bootrom.mjs; `python3 -m host emu --rom FILE`).
    """

    def __init__(
        self,
        uf2=None,
        flash_path=None,
        elf=None,
        pty=False,
        save=True,
        rom=None,
        heap_snapshot=False,
    ):
        self.uf2 = os.path.abspath(uf2) if uf2 else uf2_path()
        problem = missing_firmware(self.uf2) or node_missing()
        if problem:
            raise EmuError(problem)
        self._drives = None
        if rom and not os.path.isfile(rom):
            raise EmuError("no RP2040 boot ROM image at %s" % rom)
        self.rom = os.path.abspath(rom) if rom else None  # None: the emulator's own
        self.flash_path = os.path.abspath(flash_path) if flash_path else None
        self.save = save
        if elf is None:
            self.elf = elf_for(self.uf2)
        else:
            self.elf = os.path.abspath(elf) if elf else None
        self.heap_snapshot = heap_snapshot  # peak_snapshot() (needs the ELF)
        self.heap_symbols = None
        if self.elf:
            self.heap_symbols = _heap_symbols(self.elf, self.uf2)
        self.serial = Serial(self)
        self.display_updates = []  # (start_ms, end_ms, bytes) of each I2C write to 0x3C
        self.display_count = 0  # writes since power-on (display_updates may be trimmed)
        self.keep_display_updates = None  # keep only the newest N (None: all)
        self.panel = Panel()
        self._lock = threading.RLock()
        self._on = False
        self._unanswered = 0  # calls sent whose reply was not read (Ctrl-C)
        self._now_ns = 0
        self._last_stats = None
        self._runner = None
        self.runner_error = None
        self._stop_runner = threading.Event()
        self._due = collections.deque()  # (ns, pin, level): edges for the runner
        self._pty = Pty() if pty else None
        self.port = self._pty.port if pty else None  # the REPL for mpremote
        node = shutil.which(os.environ.get("NODE", "node"))
        self._proc = subprocess.Popen(
            [node, SCRIPT],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=None,
            start_new_session=True,  # Ctrl-C reaches Python, which powers off first
        )

    # ---- the link to node ----

    def _call(self, **msg):
        with self._lock:
            line = (json.dumps(msg) + "\n").encode()
            try:
                while self._unanswered:  # a call Ctrl-C cut short: its reply first
                    self._proc.stdout.readline()
                    self._unanswered -= 1
                self._proc.stdin.write(line)
                self._proc.stdin.flush()
                self._unanswered += 1
                reply = self._proc.stdout.readline()
                self._unanswered -= 1
            except (BrokenPipeError, OSError):
                reply = b""
            if not reply:
                raise EmuError("the emulator stopped (node exited); see its messages")
            data = json.loads(reply)
            if not data.get("ok"):
                raise EmuError("emulator: %s" % data.get("error"))
            self._take(data)
            return data

    def _take(self, data):
        if "now_ns" in data:
            self._now_ns = data["now_ns"]
        out = data.get("serial")
        if out:
            raw = binascii.unhexlify(out)
            self.serial._got(raw)
            if self._pty is not None:
                self._pty.got(raw)
        for start, end, hexdata in data.get("i2c", ()):
            raw = binascii.unhexlify(hexdata)
            self.display_updates.append((start / 1e6, end / 1e6, raw))
            self.display_count += 1
            self.panel.receive(raw)
        keep = self.keep_display_updates
        if keep is not None and len(self.display_updates) > 2 * keep:
            del self.display_updates[:-keep]
        if len(self.panel.commands) > 4096:
            del self.panel.commands[:-256]

    def kill(self):
        """Stop node at once, in the middle of a run too: the flash file keeps
        what it held (close() powers off and writes it, after the run)."""
        self._proc.kill()
        self._proc.wait()
        self._on = False

    def close(self):
        """Stop the runner and node (the flash file is written if the board was on)."""
        self.stop()
        if self._proc.poll() is None:
            try:
                if self._on:
                    self.power_off()
                self._call(cmd="quit")
            except EmuError:
                pass
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        if self._pty is not None:
            self._pty.close()
            self._pty = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- power ----

    def power_on(self, held=()):
        """Power on with the named buttons held (safe mode if any is)."""
        pins = [self._pin(name) for name in held]
        with self._lock:
            self.panel = Panel()
            self.display_updates = []
            self.display_count = 0
            msg = dict(
                cmd="power_on",
                rom=self.rom or "",
                uf2=self.uf2,
                flash=self.flash_path,
                save=self.save,
                buttons=sorted(BUTTONS.values()),
                held=pins,
            )
            if self.heap_symbols:
                msg["heap"] = self.heap_symbols
                msg["heap_snapshot"] = self.heap_snapshot
            self._call(**msg)
            self._on = True
            self._held = set(pins)

    def power_on_safe(self):
        """Power on in the game's safe mode: A held through boot, then let go;
        main.py stops at the REPL, which is then free for exec()."""
        self.power_on(held=["a"])
        self.run_ms(800)
        self.up("a")
        self.run_ms(100)

    def power_off(self):
        """Cut the power now: the flash file gets the flash exactly as it is."""
        with self._lock:
            if not self._on:
                return
            data = self._call(cmd="power_off")
            self._last_stats = data.get("stats")
            self._on = False
            self._due.clear()  # the edges of pin_at were for the board now off
            if self._pty is not None:
                self._pty.flush()

    # ---- time ----

    def now_ns(self):
        return self._now_ns

    def now_ms(self):
        """Emulated time since power-on, in milliseconds (a float)."""
        return self._now_ns / 1e6

    def run_ns(self, ns, stop_after_flash_ops=0):
        """Advance emulated time by ns (as fast as the host allows). Returns why it
        stopped: 'time', or 'flash_ops' when stop_after_flash_ops flash erase or
        program operations completed first (the clock is then at that instant).
        The clock stops at the first instruction boundary at or after the target,
        or in a flash erase or program under way (the core stalled in the ROM's
        routine, interrupts off, while a button may change)."""
        self._need_on()
        ns = int(ns)
        if ns <= 0:
            return "time"
        with self._lock:
            if self._pty is None:
                return self._call(
                    cmd="run", ns=ns, stop_after_flash_ops=stop_after_flash_ops
                )["stopped"]
            end = self._now_ns + ns
            ops0 = self._flash_ops() if stop_after_flash_ops else 0
            while self._now_ns < end:
                self._pump_pty()
                left = stop_after_flash_ops
                if left:
                    left = stop_after_flash_ops - (self._flash_ops() - ops0)
                r = self._call(
                    cmd="run",
                    ns=min(SLICE_NS, end - self._now_ns),
                    stop_after_flash_ops=left,
                )
                if r["stopped"] != "time":
                    self._pump_pty()
                    return r["stopped"]
            self._pump_pty()
            return "time"

    def run_ms(self, ms):
        """Advance emulated time by ms milliseconds."""
        return self.run_ns(ms * 1_000_000)

    def run_cycles(self, cycles):
        """Advance by a number of clk_sys cycles (125 MHz: 8 ns each)."""
        clk = (self._last_stats or {}).get("clk_sys") or 125_000_000
        return self.run_ns(cycles * 1e9 / clk)

    def run_until(self, predicate, timeout_ms=10000, step_ms=1):
        """Run in steps of step_ms until predicate(board) is true; True if it
        became true, False after timeout_ms of emulated time."""
        end = self._now_ns + timeout_ms * 1_000_000
        while not predicate(self):
            if self._now_ns >= end:
                return False
            self.run_ms(step_ms)
        return True

    def run_until_flash_ops(self, n, timeout_ms=60000):
        """Run until n more flash erase/program operations have completed; True
        if they did (the clock stops right after the n-th), False on timeout."""
        return self.run_ns(timeout_ms * 1_000_000, stop_after_flash_ops=n) == (
            "flash_ops"
        )

    def cut_power_after_flash_ops(self, n, timeout_ms=60000):
        """Power cut right after the n-th next flash operation (mid-save)."""
        done = self.run_until_flash_ops(n, timeout_ms)
        self.power_off()
        return done

    def _flash_ops(self):
        return self._call(cmd="stats")["stats"]["flash_ops"]

    def _need_on(self):
        if not self._on:
            raise EmuError("the board is off: call power_on() first")

    # ---- buttons ----

    def _pin(self, name):
        try:
            return BUTTONS[name]
        except (KeyError, TypeError):
            raise EmuError(
                "unknown button %r: one of %s" % (name, ", ".join(BUTTONS))
            ) from None

    def down(self, name):
        """Press a button now (its pin goes low); the emulated ms of the edge."""
        self._need_on()
        self._call(cmd="pin", pin=self._pin(name), level=0)
        return self.now_ms()

    def up(self, name):
        """Release a button now (its pull-up takes the pin high); the ms of the edge."""
        self._need_on()
        self._call(cmd="pin", pin=self._pin(name), level=1)
        return self.now_ms()

    def pin_at(self, name, pressed, at_ns):
        """Press (or let go of) a button when the emulated clock reaches at_ns:
        the runner (start()) makes the edge then, between its slices, so the
        board sees it at that instant of its own time however fast the host
        runs it. Edges come in the order given; one already due comes at once."""
        self._due.append((at_ns, self._pin(name), 0 if pressed else 1))

    def _edges_due(self):
        """The runner's part of pin_at: make the edges that are due; the ns to
        run before the next one (a slice at most)."""
        due = self._due
        while due and due[0][0] <= self._now_ns:
            _, pin, level = due.popleft()
            self._call(cmd="pin", pin=pin, level=level)
        return min(SLICE_NS, due[0][0] - self._now_ns) if due else SLICE_NS

    def tap(self, name, hold_ms=80, gap_ms=120):
        """A real press: down, hold, up, then a gap."""
        self.down(name)
        self.run_ms(hold_ms)
        self.up(name)
        self.run_ms(gap_ms)

    # ---- the panel ----

    def frame(self):
        """What the panel shows: 1024 bytes MONO_VLSB (the canvas's layout)."""
        return self.panel.picture()

    # ---- the REPL ----

    def _send_serial(self, data):
        self._need_on()
        self._call(cmd="serial", data=binascii.hexlify(data).decode())

    def exec(self, code, timeout_ms=10000, wait=True):
        """Run code through the raw REPL: Serial.exec."""
        return self.serial.exec(code, timeout_ms, wait)

    def at_repl(self, wait_ms=200):
        """True if the board answers at the REPL prompt: Serial.at_repl."""
        return self.serial.at_repl(wait_ms)

    # ---- figures ----

    def stats(self):
        """Counters since power-on (or at the last power-off, when off).

        cycles, busy_cycles (not in WFI/WFE; flash waits count as busy),
        wait_cycles, instructions, now_ns, clk_sys, i2c_transactions,
        i2c_panel_bytes, flash_ops, flash_bytes_programmed, flash_sectors_erased
        (4 KiB), flash_busy_ms, serial_in_bytes, serial_out_bytes; with the ELF:
        heap_total, heap_used (now), heap_live_after_gc (after the last
        collection), heap_peak_live_after_gc, gc_count, memory_errors,
        heap_used_at_memory_error."""
        if not self._on:
            if self._last_stats is None:
                raise EmuError("the board has not run yet")
            return dict(self._last_stats)
        s = self._call(cmd="stats")["stats"]
        self._last_stats = s
        if not self.heap_symbols:
            for key in list(s):
                if key.startswith("heap_") or key in ("gc_count", "memory_errors"):
                    del s[key]
        return s

    def read_memory(self, address, length):
        """Bytes of the emulated address space (RAM, flash, ROM)."""
        return binascii.unhexlify(
            self._call(cmd="read", addr=address, len=length)["data"]
        )

    def peak_snapshot(self):
        """(SRAM bytes, stack pointer) right after the collection that left the
        most heap live since power-on, or None: with heap_snapshot=True and the
        ELF (host/bench/heapwalk.py reads it)."""
        data = self._call(cmd="peak_snapshot")
        if not data.get("data"):
            return None
        return binascii.unhexlify(data["data"]), data["sp"]

    @property
    def drives(self):
        """The firmware's drives (firmware_drives): where its littlefs starts,
        and its ROMFS partition in a build with one."""
        if self._drives is None:
            self._drives = firmware_drives(self.uf2)
        return self._drives

    def littlefs(self):
        """{path: bytes} of every file in the board's littlefs, as it is now, or
        as the flash file keeps it when the board is off (the firmware's drive:
        host/board/littlefs_image.py reads it)."""
        from host.board import littlefs_image

        start, size = self.drives[uf2mod.LITTLEFS]
        if self._on:
            flash = self.flash_image()
        elif self.flash_path and self.save and os.path.isfile(self.flash_path):
            with open(self.flash_path, "rb") as f:  # as power_off left it
                flash = f.read()
        else:
            raise EmuError("the board is off and keeps no flash file")
        return littlefs_image.files(flash[start : start + size])

    def flash_image(self):
        """The 2 MiB flash as it is now."""
        out = bytearray()
        for off in range(0, FLASH_SIZE, 1 << 18):
            out += binascii.unhexlify(
                self._call(cmd="flash", offset=off, len=1 << 18)["data"]
            )
        return bytes(out)

    # ---- the pseudo-terminal and running in the background ----

    def _pump_pty(self):
        """What a tool wrote on the pty goes to the board; what the board sent, to it."""
        data = self._pty.read()
        if data and self._on:
            self._send_serial(data)
        self._pty.flush()

    def start(self, paced=True):
        """Keep the board running in a background thread (for mpremote on the
        pty, or a window). Paced, emulated time never runs ahead of wall time, as
        a tool on the pty expects: the game's idle timers count the seconds the
        tool sees, so a board left waiting does not dim, blank and sleep (its USB
        gone quiet) between two commands. paced=False runs as fast as it can."""
        if self._runner:
            return
        self._stop_runner.clear()
        self._runner = threading.Thread(target=self._run_loop, args=(paced,))
        self._runner.daemon = True
        self._runner.start()

    def stop(self):
        if self._runner:
            self._stop_runner.set()
            self._runner.join()
            self._runner = None

    @contextlib.contextmanager
    def running(self, paced=True):
        """`with board.running(): ...` the board runs while the block does."""
        self.start(paced)
        try:
            yield self
        finally:
            self.stop()

    def _run_loop(self, paced):
        wall0 = time.monotonic()
        emu0 = self._now_ns
        while not self._stop_runner.is_set():
            if not self._on:
                time.sleep(0.01)
                continue
            if paced:
                ahead = (self._now_ns - emu0) / 1e9 - (time.monotonic() - wall0)
                if ahead > 0:
                    time.sleep(min(ahead, 0.02))
                    continue
                if ahead < -0.1:  # the host fell behind: carry on from now
                    wall0, emu0 = time.monotonic(), self._now_ns
            try:
                self.run_ns(self._edges_due())
            except EmuError as e:
                self.runner_error = e  # the emulator is gone; the caller sees it next
                return


def _heap_symbols(elf, uf2):
    """Addresses for the heap figures, from the ELF's symbol table; EmuError if
    the ELF lacks them or is not the build of the .uf2."""
    try:
        image = elfmod.Elf(elf)
    except (OSError, elfmod.ElfError) as e:
        raise EmuError("cannot read MICROPYTHON_ELF %s: %s" % (elf, e)) from None
    names = ("mp_state_ctx", "gc_collect_end", "m_malloc_fail")
    found = image.symbols(names)
    missing = [n for n in names if n not in found]
    if missing:
        raise EmuError("%s has no symbol %s" % (elf, ", ".join(missing)))
    if not image.matches_uf2(uf2):
        raise EmuError(
            "MICROPYTHON_ELF %s is not the build of %s (their code differs)"
            % (shown(elf), shown(uf2))
        )
    return {
        "mem": found["mp_state_ctx"] + MEM_OFFSET,
        "gc_collect_end": found["gc_collect_end"],
        "m_malloc_fail": found["m_malloc_fail"],
    }
