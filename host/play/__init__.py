"""The front ends on a PC: every way a person plays the game here.

- sim.py (`host sim`): the simulator, in a pygame window (window.py) or
  headless; keyscript.py reads the key files it replays.
- term.py (`host term`): the 128x64 screen drawn in a terminal.
- cli_play.py (`host play`): the dice games on the command line, by a person or
  the AI; play_cards.py and play_words.py the same for cards and words;
  cli_score.py (`host score`) scores a sheet given as text; words_cli.py
  (`host words`) the word game's dictionary.
- hostclock.py: the millisecond clock they give the game.

The screen they draw (canvas, font, pictures) is host/screen/; the browser's
front end is host/web/.
"""

import sys


# The digits game's --variant names, as `play` and `score` take them.
DIGITS_VARIANTS = {"criss-and-cross": "cc", "versus": "versus"}


def source_name(path):
    """How a message names the file `path`: "-" is standard input."""
    return "stdin" if path == "-" else path


def read_text(path, what=""):
    """The text of the file `path` ("-": standard input) as UTF-8, a byte-order
    mark (a Windows editor's) dropped. ValueError saying why it cannot be read,
    naming it as `what` ("key file") and its path."""
    name = (what + " " if what else "") + source_name(path)
    try:
        if path == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                raw = f.read()
        return raw.decode("utf-8-sig")
    except OSError as e:
        raise ValueError("cannot read %s: %s" % (name, e.strerror or e)) from None
    except UnicodeDecodeError as e:
        raise ValueError(
            "%s is not UTF-8 text (byte 0x%02x at offset %d)"
            % (name, e.object[e.start], e.start)
        ) from None


def seed_error(seed, name="--seed "):
    """Why a --seed cannot be played, or None: a game's seed must fit a share
    code (its results show one)."""
    from crisscross import sharecode

    if 0 <= seed < sharecode.SEEDS:
        return None
    return "%smust be 0 to %d (what a share code carries), not %d" % (
        name,
        sharecode.SEEDS - 1,
        seed,
    )


def seed_arg(text):
    """argparse's type for a --seed a game can be played from."""
    import argparse

    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text) from None
    why = seed_error(seed, "")
    if why:
        raise argparse.ArgumentTypeError(why)
    return seed


def daily_seed(text):
    """The seed of --daily's day, "today" or YYYY-MM-DD: everyone's deal of that
    day, as on the handheld; ValueError when it is not a date."""
    from crisscross import sharecode

    if text == "today":
        import datetime

        d = datetime.date.today()
        return sharecode.daily_seed(d.year, d.month, d.day)
    try:
        y, m, day = (int(v) for v in text.split("-"))
    except ValueError:
        raise ValueError("--daily takes a date as YYYY-MM-DD") from None
    try:
        return sharecode.daily_seed(y, m, day)
    except ValueError:
        raise ValueError("--daily: no such date: %s" % text) from None


def chosen_deal(code, daily, seed, families, game=None, rules_options=None):
    """The deal --code, --daily or --seed names (at most one; none: a random
    seed), for a command that plays `families`: (family, rules, seed) for a
    share code, else (None, None, seed). `game` is the --game given and
    `rules_options` the rules options given ("--variant"), both None when
    none is: a code names its game and rules. ValueError saying what is wrong."""
    given = [
        n
        for n, v in (("--code", code), ("--daily", daily), ("--seed", seed))
        if v is not None
    ]
    if len(given) > 1:
        raise ValueError("give one of --code, --daily, --seed")
    if code is not None:
        from crisscross.games import decode_deal

        family, rules, seed = decode_deal(code)
        if family not in families or game not in (None, family):
            raise ValueError(
                "that code is a %s game: leave out --game %s" % (family, game)
                if game
                else "that code is a %s game" % family
            )
        if rules_options:
            raise ValueError("a share code names its rules: leave out " + rules_options)
        return family, rules, seed
    if daily is not None:
        return None, None, daily_seed(daily)
    if seed is None:
        import random
        from crisscross import sharecode

        return None, None, random.getrandbits(sharecode.SEED_BITS)
    why = seed_error(seed)
    if why:
        raise ValueError(why)
    return None, None, seed


def option_value(argv, name):
    """The value `argv` gives the option `name` ("--game"), as `--game cards` or
    `--game=cards`, or None: what a command is chosen by before it parses."""
    for k, a in enumerate(argv):
        if a == name and k + 1 < len(argv):
            return argv[k + 1]
        if a.startswith(name + "="):
            return a.split("=", 1)[1]
    return None


def code_family(argv):
    """The game a --code in `argv` names ("symbols", "cards", ...), or None (no
    code, or not a code: the command then says why)."""
    code = option_value(argv, "--code")
    if code is None:
        return None
    from crisscross.games import decode_deal

    try:
        return decode_deal(code)[0]
    except ValueError:
        return None


def add_deal_options(parser, what, example="AVF-F6V5"):
    """--seed, --code and --daily, the three ways of every game's `play` to name
    its `what` ("dice", "deal"): chosen_deal reads them."""
    from crisscross import sharecode

    parser.add_argument(
        "--seed",
        type=int,
        help="%s seed, 0-%d: what a share code carries (default: random)"
        % (what, sharecode.SEEDS - 1),
    )
    parser.add_argument(
        "--code",
        help="a share code (e.g. %s): the same %s and rules as on the handheld, "
        "in the simulator or the browser" % (example, what),
    )
    parser.add_argument(
        "--daily",
        nargs="?",
        const="today",
        metavar="YYYY-MM-DD",
        help="the daily challenge: everyone's %s of that day (default today)" % what,
    )


def share_code_of(family, rules, seed):
    """The share code, as printed, of a game of `family` and `rules` dealt from
    `seed`: what --code takes back."""
    from crisscross import games, sharecode

    return sharecode.pretty(games.share_code(games.rules_key(family, rules), seed))


def same_deal_again(code, players, default_players):
    """The line that offers a game quit early again: its share code, and its seats
    where they are not the default (a card or word deal depends on how many)."""
    seats = "" if players == default_players else " --players %d" % players
    return "the same deal again: python3 -m host play --code %s%s\n" % (code, seats)
