"""`python3 -m host play --game cards`: the Janken Deck card game in the terminal.

With --auto every seat is an AI and the whole game is printed (or, with --json, one
JSON record: seed, scores, winner, moves). Without --auto you play seat 0 (Sun) by
typing moves such as `2 d4` (hand card 2 on square d4) against AI seats.
Squares: columns a-g, rows 1-7; the first card always goes on d4.

The JSON record (crisscross.cards.autoplay.record): seed, players, variant, first
(seat), first_cards, jokers (item per seat or null), scores, winner (a seat, or the
sorted list of seats on a tie), end ("colour", "cards" or "blocked") and moves:
{"seat", "card", "x", "y", "lines": [{"kind", "value", "cells", "points", "seat"}]}
or {"seat", "pass": true}; x and y are 0-6 (x 3, y 3 is d4). Exit status: 0 when
the game was played to the end, 1 when abandoned, 2 on bad options.
"""

import argparse
import json
import os
import sys

if __package__ in (None, ""):  # run as a script: make `host` importable
    sys.path.insert(
        0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    )
from host import Parser  # (importing host puts shared/ on sys.path)

from crisscross.cards import ai, autoplay, deck, scoring
from crisscross.cards import session as cards_session
from host.play import add_deal_options, chosen_deal, same_deal_again, share_code_of
from crisscross.cards.game import PASS, Game
from crisscross.cards.table import EMPTY, SIZE

COLUMNS = "abcdefg"
HUMAN = 0
PLAYERS = 2  # seats unless --players says otherwise
HELP = """Type a move as CARD SQUARE: CARD is its place in your hand (1-4) or its code
(colour Y/R/G/B = Sun/Mountain/Forest/Ocean, number, item K/A/S/C = Key/Axe/
Shield/Coin, e.g. Y3K); SQUARE is column a-g and row 1-7, e.g. d4.
'.' marks empty squares where a card fits; a card may also go on a card of the
same number, except on the card played last (marked <).
Commands: moves (list every legal move), hint (the handheld's), help, quit."""


def build_parser():
    p = Parser(
        prog="python3 -m host play --game cards",
        description="Criss Cross with the Janken Deck: line up 3 or 4 cards of the "
        "same number or item; 4 in a row of your colour ends the game.",
    )
    # `python3 -m host play --game cards` passes --game on; it names this game.
    p.add_argument(
        "--game", choices=("cards",), default="cards", help=argparse.SUPPRESS
    )
    p.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=PLAYERS,
        help="seats, the AI in all but the first (default %d)" % PLAYERS,
    )
    p.add_argument("--auto", action="store_true", help="AI plays every seat")
    add_deal_options(p, "deal", "C9A-AAAA")
    p.add_argument(
        "--variant", choices=("joker", "strict", "joker-strict"), default=None
    )
    p.add_argument(
        "--colours",
        default=None,
        help="one colour letter per seat: Y R G B (Sun, Mountain, Forest, Ocean), "
        "e.g. GY; colours not named go to the remaining seats (default YRGB)",
    )
    p.add_argument(
        "--level",
        default="hard",
        help="AI level: easy or hard; a comma list gives one per seat (hard,easy)",
    )
    p.add_argument(
        "--json", action="store_true", help="print one JSON record at the end"
    )
    return p


def parse_levels(text):
    levels = [t.strip() for t in text.split(",")]
    for lv in levels:
        if lv not in ai.LEVELS:
            return None
    return levels


def square(x, y):
    return COLUMNS[x] + str(y + 1)


def parse_square(text):
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in COLUMNS or t[1] not in "1234567":
        return None
    return COLUMNS.index(t[0]), int(t[1]) - 1


def seat_name(game, seat):
    return deck.COLOUR_NAMES[game.colours[seat]]


def describe_line(line):
    r = autoplay.line_record(line)
    ends = square(*line.cells[0]) + "-" + square(*line.cells[-1])
    n = len(line.cells)
    if line.kind == scoring.COLOUR:
        what = "%d %s cards in a row" % (n, r["value"])
    elif line.kind == scoring.JOKER:
        what = "joker bonus, %d %ss in a row" % (n, r["value"])
    else:
        what = "%d %ss in a row" % (n, r["value"])
    return "%s %s (+%d)" % (what, ends, line.points)


def describe_move(game, entry):
    seat, card, x, y, lines = entry
    who = seat_name(game, seat)
    if card == PASS:
        return "%s cannot play and passes" % who
    text = "%s plays %s on %s" % (who, deck.short(card), square(x, y))
    for line in lines:
        text += "\n    " + seat_name(game, line.seat) + ": " + describe_line(line)
    return text


def render(game, hand=()):
    """The table as text: cards in the occupied area, '.' where a hand card fits."""
    t = game.table
    spots = set()
    for card in hand:
        for s in t.spots(card):
            spots.add(s)
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    if t.cards:
        xs += [t.x0, t.x1]
        ys += [t.y0, t.y1]
    if not xs:
        xs = ys = [3]
    cols = range(min(xs), max(xs) + 1)
    rows = range(min(ys), max(ys) + 1)
    out = ["   " + "".join("  %s   " % COLUMNS[x] for x in cols)]
    for y in rows:
        cells = []
        for x in cols:
            c = t.at(x, y)
            if c == EMPTY:
                cells.append("  .   " if (x, y) in spots else "      ")
            else:
                mark = "<" if y * SIZE + x == t.last else " "
                h = t.height(x, y)
                cells.append(
                    " %s%s%s" % (deck.short(c), mark, str(h) if h > 1 else " ")
                )
        out.append("%2d " % (y + 1) + "".join(cells).rstrip())
    return "\n".join(out)


def scores_text(game):
    parts = []
    for s in range(game.seats):
        parts.append("%s %d" % (seat_name(game, s), game.scores[s]))
    return "Scores: " + ", ".join(parts)


def result_text(game):
    w = game.winners()
    names = " and ".join(seat_name(game, s) for s in w)
    ends = {
        "colour": "four in a row of one colour",
        "cards": "every card is played",
        "blocked": "nobody can play",
    }[game.end_reason]
    verdict = ("Tie: " + names) if len(w) > 1 else (names + " wins")
    return "Game over (%s). %s. %s" % (ends, scores_text(game), verdict)


def header(game):
    lines = [
        "Criss Cross (Janken Deck), %d players, seed %d%s"
        % (game.seats, game.seed, ", variant " + game.variant if game.variant else "")
    ]
    turned = ", ".join(
        "%s %s" % (seat_name(game, s), deck.short(game.first_cards[s]))
        for s in range(game.seats)
    )
    lines.append(
        "High card (%s): %s goes first" % (turned, seat_name(game, game.first))
    )
    jokers = game.jokers()
    if jokers is not None:
        lines.append(
            "Jokers: "
            + ", ".join(
                "%s %s" % (seat_name(game, s), deck.ITEM_NAMES[jokers[s]])
                for s in range(game.seats)
            )
        )
    return "\n".join(lines)


def why_not(game, card, x, y):
    t = game.table
    c = t.at(x, y)
    if not t.cards:
        return "the first card goes on d4"
    if c == EMPTY:
        return "all cards must fit in a 4x4 grid"
    if y * SIZE + x == t.last:
        return "no card may go on the card played last"
    return "%s may only go on a card with number %d" % (
        deck.short(card),
        deck.number(card),
    )


def parse_move(game, text):
    """(card, x, y) from the player's text, or an error message string."""
    hand = game.hands[game.turn]
    words = text.replace(",", " ").split()
    if len(words) != 2:
        return "Type a card and a square, e.g. '1 d4' (or 'help')."
    sq = parse_square(words[1])
    word = words[0]
    if sq is None:
        sq = parse_square(words[0])
        word = words[1]
    if sq is None:
        return "No square there: squares are a1 to g7, e.g. d4."
    if word.isdigit():
        k = int(word)
        if not 1 <= k <= len(hand):
            return "Your hand has cards 1 to %d." % len(hand)
        card = hand[k - 1]
    else:
        card = deck.parse(word)
        if card is None:
            return "'%s' is neither a hand position nor a card code like Y3K." % word
        if card not in hand:
            return "%s is not in your hand." % deck.short(card)
    x, y = sq
    if not game.table.can_place(card, x, y):
        return "%s cannot go on %s: %s." % (
            deck.short(card),
            square(x, y),
            why_not(game, card, x, y),
        )
    return (card, x, y)


def list_moves(game):
    by_card = []
    for card in game.hands[game.turn]:
        squares = [square(x, y) for x, y in game.table.spots(card)]
        by_card.append("%s: %s" % (deck.short(card), " ".join(squares) or "nowhere"))
    return "\n".join(by_card)


def hint_text(game):
    """The handheld's hint (the hard AI's move) as a line to type."""
    # Never None: a seat that must pass is not asked.
    card, x, y = cards_session.hint(game)
    k = game.hands[game.turn].index(card) + 1
    return "Hint: %d %s (%s)" % (k, square(x, y), deck.short(card))


def human_turn(game, read, write):
    """Ask until a legal move comes; False if the player quits or input ends."""
    hand = game.hands[game.turn]
    write("")
    write(render(game, hand))
    write(scores_text(game))
    write(
        "Your hand: "
        + "  ".join("%d:%s" % (k + 1, deck.short(c)) for k, c in enumerate(hand))
    )
    if not game.legal_moves():
        write("No card of yours fits anywhere: you pass.")
        game.pass_turn()
        return True
    while True:
        text = read("Your move (e.g. '1 d4'; moves, hint, help, quit): ")
        if text is None:
            write("Input ended: game abandoned.")
            return False
        cmd = text.strip().lower()
        if cmd in ("q", "quit", "exit"):
            write("Game abandoned.")
            return False
        if cmd in ("h", "help", "?"):
            write(HELP)
            continue
        if cmd in ("m", "moves"):
            write(list_moves(game))
            continue
        if cmd == "hint":
            write(hint_text(game))
            continue
        if cmd in ("u", "undo"):
            write("No undo in the card game: the cards are drawn blind.")
            continue
        if not cmd:
            continue
        move = parse_move(game, text)
        if isinstance(move, str):
            write(move)
            continue
        before = len(game.history)
        game.play(*move)
        write(describe_move(game, game.history[before]))
        return True


def _stdin_read(prompt, out=None):
    out = out or sys.stdout
    out.write(prompt)
    out.flush()
    line = sys.stdin.readline()
    if not line:
        out.write("\n")
        return None
    return line


def _to_stderr(text):
    print(text, file=sys.stderr)


def run(args, levels, read=_stdin_read, write=print):
    """Play one game; returns (game, finished)."""
    game = Game(
        args.players, args.seed, args.variant, getattr(args, "seat_colours", None)
    )
    rngs = [autoplay.ai_rng(args.seed, s) for s in range(args.players)]
    quiet = args.json
    if not quiet:
        write(header(game))
    while not game.over:
        if not args.auto and game.turn == HUMAN:
            if not human_turn(game, read, write):
                return game, False
            continue
        before = len(game.history)
        autoplay.step(game, levels, rngs)
        if not quiet:
            write(describe_move(game, game.history[before]))
    if not quiet:
        write("")
        write(render(game))
        write(result_text(game))
    return game, True


def main(argv):
    p = build_parser()
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    levels = parse_levels(args.level)
    if levels is None:
        sys.stderr.write("play: --level takes easy or hard, or a comma list of them\n")
        return 2
    if len(levels) > args.players:
        sys.stderr.write(
            "play: --level names %d levels for %d seats: one per seat at most\n"
            % (len(levels), args.players)
        )
        return 2
    args.seat_colours = None
    if args.colours is not None:
        chosen = [deck.COLOUR_LETTERS.find(ch) for ch in args.colours.upper()]
        if -1 in chosen or len(set(chosen)) < len(chosen) or len(chosen) > args.players:
            sys.stderr.write(
                "play: --colours takes different letters of Y R G B, one per seat at most\n"
            )
            return 2
        args.seat_colours = chosen + [c for c in range(4) if c not in chosen]
        args.seat_colours = args.seat_colours[: args.players]
    given = "--variant" if args.variant else None
    try:
        family, rules, args.seed = chosen_deal(
            args.code, args.daily, args.seed, ("cards",), "cards", given
        )
    except ValueError as e:
        sys.stderr.write("play: %s\n" % e)
        return 2
    if family is not None:
        args.variant = rules or None
    code = share_code_of("cards", args.variant, args.seed)
    if args.json:  # stdout is the JSON: a typed game talks on stderr
        game, finished = run(
            args, levels, lambda p: _stdin_read(p, sys.stderr), _to_stderr
        )
    else:
        game, finished = run(args, levels)
    if args.json:
        record = autoplay.record(game)
        record["share_code"], record["finished"] = code, finished
        print(json.dumps(record))
    if not finished:
        (sys.stderr if args.json else sys.stdout).write(
            same_deal_again(code, args.players, PLAYERS)
        )
    elif not args.json:
        print("share code: %s" % code)
    return 0 if finished else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
