"""Key files for the headless simulator: button presses and waits, one per line.

    # comments and blank lines are ignored
    right           a tap of a button: up down left right a b (down, then up
                    crisscross.presses.TAP_MS later)
    long-a          a long press, held presses.HOLD_MS (700 ms, past
                    buttons.LONG_MS): long-a long-b long-up ...
    right 3         an optional count repeats the line
    wait 1000       let 1000 ms pass on the fake clock

`parse(text)` returns a list of steps (kind, value, line): ("press", button, n),
("long", button, n) or ("wait", ms, n). A bad line raises KeyScriptError naming it;
`load(path)` reads a key file ("-": standard input) and says which file is wrong.
Replays (host.play.sim.replay) turn each press into button edges with times.
"""

from crisscross import buttons, presses
from host.play import read_text, source_name

PRESS = "press"
LONG = "long"
WAIT = "wait"

MAX_COUNT = 1000  # repeats on one line; more is surely a typo
MAX_WAIT_MS = 600000  # ten minutes of fake time per line
EXPECTED = "expected up, down, left, right, a, b, long-a, long-b or wait MS"


class KeyScriptError(ValueError):
    """A line of a key file that is not a step; .line is its 1-based number."""

    def __init__(self, line, message):
        ValueError.__init__(self, "line %d: %s" % (line, message))
        self.line = line


def _number(text, line, what, low, high):
    try:
        value = int(text)
    except ValueError:
        raise KeyScriptError(
            line, "%s must be a whole number, got %r" % (what, text)
        ) from None
    if not low <= value <= high:
        raise KeyScriptError(
            line, "%s must be %d..%d, got %d" % (what, low, high, value)
        )
    return value


def parse_line(text, line):
    """The steps of one line (an empty list for blanks and comments)."""
    words = text.split("#", 1)[0].split()
    if not words:
        return []
    name = words[0].lower()
    if name == WAIT:
        if len(words) != 2:
            raise KeyScriptError(line, "wait takes one number of milliseconds")
        return [(WAIT, _number(words[1], line, "wait", 0, MAX_WAIT_MS), line)]
    event = presses.parse(name)
    if event is None:
        raise KeyScriptError(line, "unknown key %r; %s" % (words[0], EXPECTED))
    if len(words) > 2:
        raise KeyScriptError(line, "%s takes at most a count, got %r" % (name, text))
    count = 1
    if len(words) == 2:
        count = _number(words[1], line, "count", 1, MAX_COUNT)
    button, ms = event
    step = (LONG if ms == presses.HOLD_MS else PRESS, button, line)
    return [step] * count


def parse(text):
    """All steps of a key file's text, in order."""
    steps = []
    for n, line in enumerate(text.splitlines(), 1):
        steps.extend(parse_line(line, n))
    return steps


def step_text(step):
    """A step written back as its key-file line (without the count)."""
    kind, value, _ = step
    if kind == WAIT:
        return "wait %d" % value
    name = buttons.NAMES[value]
    return "long-" + name if kind == LONG else name


def load(path):
    """The steps of the key file `path` ("-": standard input); ValueError
    naming the file and what is wrong (a bad line: its number)."""
    text = read_text(path, "key file")
    try:
        return parse(text)
    except KeyScriptError as e:
        raise ValueError("%s %s" % (source_name(path), e)) from None
