"""Share codes: a game's seed (and variant) as 7 characters a player can type.

    encode(1234567) -> "ABMQX2T"        decode("abm-qx2t") -> 1234567

The alphabet has 31 characters with no look-alikes (no 0/O, 1/I/L), easy to step
through with up/down buttons. Six characters carry variant * 2**24 + seed in base
31 (31**6 > 52 * 2**24, so 2**24 seeds for each of 52 variants); the seventh is a
check character chosen so that the weighted sum of all seven values, weights 1..7,
is 0 mod 31. As 31 is prime and the weights are distinct and below 31, every
single wrong character and every swap of two neighbours changes that sum: the code
is rejected, never silently read as another game.

`daily_seed(y, m, d)` gives everyone the same game on the same day, on every
interpreter: integer arithmetic only, and a bijection on 24 bits so that no two
dates in the years 1..9999 share a seed.
"""

from crisscross.compat import const

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
_BASE = const(31)  # len(ALPHABET), a prime: see the module docstring
_DATA_CHARS = const(6)
CODE_LENGTH = const(7)  # _DATA_CHARS + the check character
SEED_BITS = const(24)
SEEDS = const(1 << 24)  # seeds per variant: 0..SEEDS-1
VARIANTS = const(52)  # variants 0..51: 52 * 2**24 <= 31**6
_INVERSE_LENGTH = const(9)  # 7 * 9 == 63 == 1 (mod 31)
SEPARATORS = "- "  # typed or printed for readability, ignored when reading
_MASK24 = const(0xFFFFFF)
EPOCH_DAYS = const(730425)  # _days_from_civil(2000, 1, 1): daily seeds count from there
_DAILY_SALT = const(0x5A17C3)  # so that day 0 is not seed 0


def _value_of(char):
    return ALPHABET.find(char)


def _check_char(values):
    """The character that makes sum((i + 1) * v) over all seven equal 0 mod 31."""
    total = 0
    for i in range(len(values)):
        total += (i + 1) * values[i]
    # Solve total + CODE_LENGTH * c == 0 (mod 31) for the check value c.
    return ALPHABET[(-total * _INVERSE_LENGTH) % _BASE]


def encode(seed, variant=0):
    """The 7-character share code for `seed` (0..2**24-1) in `variant` (0..51)."""
    if not (type(seed) is int and 0 <= seed < SEEDS):
        raise ValueError("seed must be an int in 0..%d" % (SEEDS - 1))
    if not (type(variant) is int and 0 <= variant < VARIANTS):
        raise ValueError("variant must be an int in 0..%d" % (VARIANTS - 1))
    value = variant * SEEDS + seed
    values = [0] * _DATA_CHARS
    for i in range(_DATA_CHARS - 1, -1, -1):
        values[i] = value % _BASE
        value //= _BASE
    return "".join(ALPHABET[v] for v in values) + _check_char(values)


def _wrong_length(text):
    return ValueError(
        "a share code has %d characters, this has %d" % (CODE_LENGTH, len(text))
    )


def clean(code):
    """Upper case, separators removed: the form `decode` checks."""
    if not isinstance(code, str):
        raise ValueError("a share code is text, like " + encode(0))
    if len(code) > 4 * CODE_LENGTH:  # no code, whatever its separators: say so now
        raise _wrong_length(code)
    out = ""
    for c in code.upper():
        if c not in SEPARATORS:
            out += c
    return out


def decode_variant(code):
    """(variant, seed) from a share code; ValueError says what is wrong."""
    text = clean(code)
    if len(text) != CODE_LENGTH:
        raise _wrong_length(text)
    values = []
    for i in range(CODE_LENGTH):
        v = _value_of(text[i])
        if v < 0:
            raise ValueError(
                "character %d, %r: share codes have no 0, O, 1, I, L" % (i + 1, text[i])
            )
        values.append(v)
    if _check_char(values[:_DATA_CHARS]) != text[_DATA_CHARS]:
        raise ValueError("share code check failed: wrong or swapped characters")
    value = 0
    for v in values[:_DATA_CHARS]:
        value = value * _BASE + v
    if value >= VARIANTS * SEEDS:
        raise ValueError("this share code is not one this version makes")
    return value // SEEDS, value % SEEDS


def decode(code):
    """The seed in a share code; ValueError says what is wrong."""
    return decode_variant(code)[1]


def pretty(code):
    """A code as shown to players: "ABM-QX2T"."""
    text = clean(code)
    return text[:3] + "-" + text[3:]


def deal_label(code, daily):
    """A deal as the results show it: the Daily's date, else "Code ABM-QX2T",
    else "" (a game without a code)."""
    if daily:
        return daily
    return "Code " + pretty(code) if code else ""


def _days_from_civil(year, month, day):
    """Days since 0000-03-01 in the proleptic Gregorian calendar (integers only)."""
    if month <= 2:
        year -= 1
    era = year // 400
    yoe = year - era * 400
    mp = (month + 9) % 12  # March is 0
    doy = (153 * mp + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe


def _days_in_month(year, month):
    if month == 2:
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        return 29 if leap else 28
    return 30 if month in (4, 6, 9, 11) else 31


def mix24(x):
    """A bijection on 0..2**24-1 that scatters nearby inputs (xorshift-multiply)."""
    x &= _MASK24
    x = ((x ^ (x >> 12)) * 0x9E3779) & _MASK24  # odd multiplier: invertible mod 2**24
    x = ((x ^ (x >> 11)) * 0x2C1B3D) & _MASK24
    return x ^ (x >> 12)


def daily_seed(year, month, day):
    """The seed of the day's game: the same everywhere, distinct for each day."""
    for name, v in (("year", year), ("month", month), ("day", day)):
        if type(v) is not int:
            raise ValueError("%s must be an int" % name)
    if not 1 <= year <= 9999 or not 1 <= month <= 12:
        raise ValueError("no such date: %d-%d-%d" % (year, month, day))
    if not 1 <= day <= _days_in_month(year, month):
        raise ValueError("no such date: %d-%d-%d" % (year, month, day))
    days = _days_from_civil(year, month, day) - EPOCH_DAYS
    return mix24(days + _DAILY_SALT)
