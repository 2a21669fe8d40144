"""One connection to a MicroPython board, through stock mpremote's serial transport.

Finds the port, opens it, interrupts the running program, runs snippets in the raw
REPL, moves files, soft-resets. Every failure a person can cause (no board, port
busy, cable pulled, board full) becomes a `BoardError` with a message that says
what to do; callers print it instead of a traceback.
"""

import argparse
import binascii
import contextlib
import errno
import io
import os
import random
import sys

import serial
import serial.tools.list_ports
from mpremote.transport import TransportError, TransportExecError
from mpremote.transport_serial import SerialTransport

from host import INTERRUPTED, Parser

# USB vendor ids of boards that run MicroPython, and of the USB-serial chips on
# ESP32 dev boards: `--port auto` only considers these.
KNOWN_VIDS = {
    0x2E8A: "Raspberry Pi (RP2040)",
    0xF055: "MicroPython",
    0x303A: "Espressif",
    0x10C4: "Silicon Labs CP210x",
    0x1A86: "WCH CH340",
    0x0403: "FTDI",
}
WRITE_CHUNK = 4096  # bytes per exec: as base64 text, still small for a board's heap
# Defined on the board before writing: append or write one piece of one file.
_WRITER = """
import binascii
def _w(p, b, m):
    with open(p, m) as f:
        f.write(binascii.a2b_base64(b))
"""
RESET_WAIT_S = 3
# How long one Ctrl-C waits for the raw REPL's banner; three tries, so a port where
# nothing answers is reported within ten seconds. A board answers in milliseconds.
ANSWER_WAIT_S = 3
READ_POLL_S = 0.1  # a pseudo-terminal's read waits no longer than this for a byte
# The longest any read waits for its first byte (mpremote's own reads would wait
# for ever): a board gone silent mid-command is then an error, not a hang. A
# snippet of ours answers well within it, even on a slow emulated board.
SILENCE_S = 60


class BoardError(Exception):
    """A problem the user can fix; the message says how."""


class BoardFull(BoardError):
    pass


class NoAnswer(BoardError):
    """Nothing answered on the port: no board there, or not running MicroPython."""


class LinkLost(BoardError):
    """The board stopped answering (unplugged, reset) in the middle of something."""


def _port(text):
    if not text.strip():
        raise argparse.ArgumentTypeError("give a serial port, or auto (one board)")
    if text.startswith("socket://"):
        address = text[len("socket://") :].split("?")[0]  # ?logging=...: pyserial's
        host, _, number = address.rpartition(":")
        if not host or not number.isdigit() or not 0 < int(number) < 65536:
            raise argparse.ArgumentTypeError(
                "%s: socket:// needs HOST:PORT, a port of 1-65535" % text
            )
    return text


def add_port(parser):
    """The `--port` option every command that talks to a board takes."""
    parser.add_argument(
        "--port",
        default="auto",
        type=_port,
        help="serial port, socket://HOST:PORT, or auto (one board)",
    )


def command(argv, prog, description, arguments, run):
    """The `main` of a board command (flash, saves, uf2): parse `argv` with the
    options `arguments(parser)` adds, then return `run(args)` (None is 0). A
    BoardError is its message and status 1; Ctrl-C says how to finish, status 130."""
    parser = Parser(prog=prog, description=description)
    arguments(parser)
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        status = run(args)
    except BoardError as e:
        # "flash: no board found ...", as every command names itself
        print("%s: %s" % (prog.split(" ", 3)[-1], e), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted: run the same command again to finish", file=sys.stderr)
        return INTERRUPTED
    return 0 if status is None else status


def find_ports():
    """USB serial ports that look like MicroPython boards, as (device, label)."""
    found = []
    for p in sorted(serial.tools.list_ports.comports()):
        if p.vid in KNOWN_VIDS:
            found.append((p.device, KNOWN_VIDS[p.vid]))
    return found


def resolve_port(port, ports=None):
    """'auto' -> the single attached board; anything else is used as given."""
    if port != "auto":
        return port
    ports = find_ports() if ports is None else ports
    if not ports:
        raise BoardError(
            "no board found: plug one in with a USB data cable (not a charge-only one), "
            "or name the port with --port /dev/ttyACM0 (make flash PORT=/dev/ttyACM0)"
        )
    if len(ports) > 1:
        names = ", ".join("%s (%s)" % p for p in ports)
        raise BoardError("several boards attached: %s; choose one with --port" % names)
    return ports[0][0]


def _why_not_open(port):
    """Open the port once more, only to tell the user why it failed."""
    if "://" not in port and not os.path.exists(port):
        return "no board found at %s: that port does not exist (unplugged?)" % port
    try:
        s = serial.serial_for_url(port, exclusive=True, do_not_open=True)
        s.open()
        s.close()
    except (OSError, serial.SerialException) as e:
        text = str(e)
        code = getattr(e, "errno", None)
        if "lock" in text or code in (errno.EBUSY, errno.EAGAIN) or "busy" in text:
            return (
                "port %s is busy: another program has it open (Thonny, a serial "
                "monitor, another mpremote); close it and try again" % port
            )
        if code == errno.EACCES or "ermission" in text:
            return (
                "no permission to open %s: on Linux add yourself to the 'dialout' "
                "group and log in again" % port
            )
        if "refused" in text:
            return "no board found at %s: nothing is listening there" % port
        return "cannot open %s: %s" % (port, text)
    return "cannot open %s (it may be in use by another program)" % port


def _remote_errno(output):
    """The errno of an OSError in a board's traceback text, or None."""
    for code, name in ((errno.ENOSPC, "ENOSPC"), (errno.ENOENT, "ENOENT")):
        if (
            name in output
            or "[Errno %d]" % code in output
            or "OSError: %d" % code in output
        ):
            return code
    return None


class Link:
    """An open raw-REPL session with one board."""

    def __init__(self, port):
        self.port = port
        self.doing = "connecting"
        self._open()

    def _open(self):
        try:
            self.transport = SerialTransport(self.port, baudrate=115200)
        except TransportError:
            raise BoardError(_why_not_open(self.port)) from None
        self.transport.serial.timeout = SILENCE_S

    def lost(self):
        return LinkLost(
            "lost the connection to the board while %s: nothing is broken; "
            "run the same command again to finish the job" % self.doing
        )

    def interrupt(self):
        """Stop the running program (Ctrl-C) and enter the raw REPL; a port
        where nothing answers is a BoardError within 3 * ANSWER_WAIT_S."""
        self.doing = "interrupting the running program"
        port = self.transport.serial
        # A port where nothing answers must be reported in seconds, and a write
        # to a device that takes nothing blocks: both are bounded here, and put
        # back for the transfers after.
        timeouts = port.timeout, port.write_timeout
        port.timeout, port.write_timeout = READ_POLL_S, ANSWER_WAIT_S
        try:
            for _ in range(3):  # a program busy in a slow call may miss a Ctrl-C
                try:
                    with contextlib.redirect_stdout(io.StringIO()):  # mpremote's
                        self.transport.enter_raw_repl(  # print of what it read
                            soft_reset=False, timeout_overall=ANSWER_WAIT_S
                        )
                    if self._synced():
                        return
                except (TransportError, serial.SerialTimeoutException):
                    continue
                except (OSError, serial.SerialException):
                    raise self.lost() from None
        finally:
            port.timeout, port.write_timeout = timeouts
        raise NoAnswer(
            "the board on %s does not answer: is it running MicroPython? If its "
            "screen is blank it is asleep: press a button to wake it. Otherwise "
            "press its reset button, or hold a game button while plugging it in "
            "(safe mode), then try again" % self.port
        )

    def _synced(self):
        """Run a snippet that prints a fresh mark and read up to its end. An
        answer to an earlier try that came late (the board was slow to take a
        Ctrl-C) is read and dropped on the way, so the next command's answer is
        its own. True when the mark came back."""
        mark = random.getrandbits(30)
        self.transport.serial.write(b"print('mark',%d,end='')\x04" % mark)
        end = b"mark %d\x04\x04" % mark
        data = self.transport.read_until(1, end, timeout_overall=ANSWER_WAIT_S)
        return data.endswith(end)

    def run(self, code, doing=None):
        """Run a snippet; its printed output as text. Board-side errors raise."""
        if doing:
            self.doing = doing
        try:
            return self.transport.exec(code).decode("utf-8", "replace")
        except TransportExecError as e:
            out = e.error_output
            if _remote_errno(out) == errno.ENOSPC:
                raise BoardFull(
                    "the board is full while %s: delete some of your own files "
                    "(mpremote fs ls / fs rm), then run the same command again"
                    % self.doing
                ) from None
            lines = out.strip().splitlines()
            raise BoardError(
                "the board failed while %s: %s"
                % (self.doing, lines[-1] if lines else "?")
            ) from None
        except (TransportError, OSError, serial.SerialException):
            raise self.lost() from None

    def write_files(self, items, progress=None):
        """Write [(path, bytes)] to the board, many small files per exec.

        The data travels as base64 in pieces of at most WRITE_CHUNK bytes; a big
        file is written in pieces, appending. `progress(path)` is called when the
        first piece of a file is sent.
        """
        self.run(_WRITER, "preparing to write")
        batch = []  # lines of the next exec
        starting = []  # files whose first piece is in it
        budget = WRITE_CHUNK
        for path, data in items:
            pieces = [
                data[i : i + WRITE_CHUNK] for i in range(0, len(data), WRITE_CHUNK)
            ]
            for k, piece in enumerate(pieces or [b""]):
                if len(piece) > budget and batch:
                    self._send(batch, starting, progress)
                    budget = WRITE_CHUNK
                if k == 0:
                    starting.append(path)
                self.doing = "writing " + path
                text = binascii.b2a_base64(piece, newline=False)
                batch.append("_w(%r,%r,%r)" % (path, text, "ab" if k else "wb"))
                budget -= len(piece)
        if batch:
            self._send(batch, starting, progress)
        self.run("del _w", "finishing the writes")

    def _send(self, batch, starting, progress):
        for path in starting:
            if progress:
                progress(path)
        self.run("\n".join(batch))
        del batch[:], starting[:]

    def write_file(self, path, data):
        self.write_files([(path, data)])

    def read_file(self, path):
        """The bytes of a file on the board, or None if it does not exist."""
        out = self.run(
            "import binascii\ntry:\n f=open(%r,'rb')\nexcept OSError:\n print('-')\nelse:\n"
            " while 1:\n  b=f.read(%d)\n  if not b:break\n  print(binascii.b2a_base64(b,newline=False).decode())\n"
            " f.close()\n print('.')" % (path, WRITE_CHUNK),
            "reading " + path,
        )
        lines = out.split()
        if not lines or lines[0] == "-":
            return None
        return b"".join(binascii.a2b_base64(x) for x in lines[:-1])

    def soft_reset(self):
        """Leave the raw REPL and restart the board's program (boot.py, main.py)."""
        self.doing = "restarting the board"
        try:
            self.transport.exit_raw_repl()
            self.transport.read_until(1, b">>> ", timeout=1)
            self.transport.serial.write(b"\x04")
            self.transport.read_until(1, b"soft reboot\r\n", timeout=RESET_WAIT_S)
        except (TransportError, OSError, serial.SerialException):
            raise self.lost() from None

    def close(self):
        try:
            self.transport.close()
        except (OSError, serial.SerialException):
            pass

    def reopen(self):
        """Open the port again after close() (another program, such as mpremote,
        had it meanwhile)."""
        self.doing = "connecting again"
        self._open()


def stopped(port, work):
    """`work(link)` on the board at `port` with its program stopped (Ctrl-C, the raw
    REPL), then the program restarted (a soft reset), whether the work was done or
    failed; a board that stopped answering is left as it is. Returns the work's
    result."""
    link = Link(port)
    try:
        link.interrupt()
        try:
            result = work(link)
        except (LinkLost, NoAnswer):
            raise
        except Exception:
            try:  # stopped for nothing: let the board's program run again
                link.soft_reset()
            except BoardError:
                pass
            raise
        link.soft_reset()
        return result
    finally:
        link.close()
