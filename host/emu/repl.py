"""The emulated Pico's USB serial, as bytes and as a REPL: `Serial` (what the
board sent, raw-REPL `exec`), and `Pty`, the same REPL on a pseudo-terminal for
mpremote and `python3 -m host flash`. host/emu/board.py's `Board` owns both.
"""

import os
import pty
import tty

from host.emu import EmuError

SERIAL_KEEP = 1 << 20  # bytes of board output kept for `serial.read()`
PTY_KEEP = 65536  # bytes kept for a pty nobody reads, the newest


class Serial:
    """The USB CDC REPL as bytes: write() goes to the board at the current
    emulated instant, read() returns what the board has sent since the last read."""

    def __init__(self, board):
        self._board = board
        self._buf = bytearray()
        self.total = 0  # bytes received in all

    def write(self, data):
        if isinstance(data, str):
            data = data.encode()
        self._board._send_serial(bytes(data))

    def _got(self, data):
        self._buf += data
        self.total += len(data)
        if len(self._buf) > SERIAL_KEEP:
            del self._buf[: len(self._buf) - SERIAL_KEEP]

    def peek(self):
        return bytes(self._buf)

    def read(self):
        data = bytes(self._buf)
        self._buf.clear()
        return data

    def read_until(self, marker, timeout_ms=5000, step_ms=5):
        """Run the board until its output holds `marker`; everything up to and
        including it. EmuError after timeout_ms of emulated time."""
        if isinstance(marker, str):
            marker = marker.encode()
        end = self._board.now_ns() + timeout_ms * 1_000_000
        while True:
            k = self._buf.find(marker)
            if k >= 0:
                data = bytes(self._buf[: k + len(marker)])
                del self._buf[: k + len(marker)]
                return data
            if self._board.now_ns() >= end:
                raise EmuError(
                    "no %r from the board within %d ms; it sent %r"
                    % (marker, timeout_ms, bytes(self._buf[-200:]))
                )
            self._board.run_ms(step_ms)

    def exec(self, code, timeout_ms=10000, wait=True):
        """Run code through the raw REPL (Ctrl-C, Ctrl-A ... Ctrl-D); its output.

        Stops the running program, as mpremote does. EmuError carries the
        board's traceback if the code raised. wait=False returns as soon as the
        board has accepted the code (it runs on with the next run_*)."""
        s = self
        s.read()
        s.write(b"\r\x03\x03")
        self._board.run_ms(50)
        s.write(b"\r\x01")
        s.read_until(b"raw REPL; CTRL-B to exit\r\n>", timeout_ms)
        s.write(code.encode() + b"\x04")
        s.read_until(b"OK", timeout_ms)
        if not wait:
            return None
        out = s.read_until(b"\x04", timeout_ms)[:-1]
        err = s.read_until(b"\x04", timeout_ms)[:-1]
        s.read_until(b">", timeout_ms)
        s.write(b"\x02")  # back to the friendly REPL
        s.read_until(b">>> ", timeout_ms)
        if err:
            lines = err.decode("utf-8", "replace").strip().splitlines()
            raise EmuError("the board raised: %s" % (lines[-1] if lines else "?"))
        return out.decode("utf-8", "replace")

    def at_repl(self, wait_ms=200):
        """True if the board answers a bare Enter with the REPL prompt (a blank
        board, or one in safe mode); the game ignores the Enter."""
        self.write(b"\r")
        end = self._board.now_ns() + wait_ms * 1_000_000
        while self._board.now_ns() < end:
            self._board.run_ms(10)
            if b">>> " in self.peek():
                return True
        return False


class Pty:
    """A pseudo-terminal (`port`) in raw mode: what the board sends is written to
    it (`got`, `flush`), what a tool writes is `read` for the board."""

    def __init__(self):
        master, slave = pty.openpty()
        tty.setraw(slave)  # no echo, no line editing: bytes pass as they are
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        self._out = bytearray()
        self.port = os.ttyname(slave)

    def got(self, data):
        self._out += data

    def read(self):
        """Everything a tool has written since the last read."""
        data = bytearray()
        while True:
            try:
                chunk = os.read(self._master, 65536)
            except (BlockingIOError, OSError):
                break
            if not chunk:
                break
            data += chunk
        return bytes(data)

    def flush(self):
        while self._out:
            try:
                n = os.write(self._master, self._out)
            except (BlockingIOError, OSError):
                # nobody reads the port: keep the newest bytes only, like a full buffer
                if len(self._out) > PTY_KEEP:
                    del self._out[:-PTY_KEEP]
                return
            del self._out[:n]

    def close(self):
        os.close(self._master)
        os.close(self._slave)
