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


def seed_error(seed):
    """Why a --seed cannot be played, or None: a game's seed must fit a share
    code (its results show one)."""
    from crisscross import sharecode

    if 0 <= seed < sharecode.SEEDS:
        return None
    return "--seed must be 0 to %d (what a share code carries), not %d" % (
        sharecode.SEEDS - 1,
        seed,
    )
