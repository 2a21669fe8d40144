"""`python3 -m host play --game words ...`: the word game in the terminal.

    --auto            every seat is the AI (otherwise seat 1 is you, the rest AI)
    --players N       1 to 4 seats (1 = solo: aim for 6000)
    --seed N          the dice, 0 to 16777215; the same seed replays the same game
    --json            print one JSON object at the end (scores in points; inside
                      "moves", score / bonus / square are in tenths of a point)
    --tournament      tournament rules 6.1-6.4 (18 cards, 3 rolls, no target)
    --optional-draw   optional rule 7.1: hand limit 30, draw with 5 rolls
    --target N        end when a player reaches N points (0 = play the cards out;
                      not with --tournament, which plays the cards out)
    --budget N        AI dictionary lookups per move

Exit status: 0 when the game was played to the end, 1 when you quit (or the input
ended), 2 on bad options.
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


from crisscross.games import rules_key
from crisscross.words import autoplay, deck, rules, selfplay
from host.play import add_deal_options, chosen_deal, same_deal_again, share_code_of
from crisscross.words.board import ACROSS, DOWN, LETTER_MASK
from crisscross.words.dictionary import Dictionary
from crisscross.words.game import Game
from crisscross.words.notation import cells_text, rows
from crisscross.words.restore import parse_cells

HELP = """commands:
  play ROW COL across|down WORD   lay WORD from ROW,COL (letters already on the
                                  table are skipped; a lower-case letter is a wild)
  cells R,C,L R,C,L ...           lay single cards anywhere (a Square Effect play)
  draw | pass | hint | board | help | quit (or q)"""


PLAYERS = 2  # seats unless --players says otherwise


def points(tenths):
    return tenths // 10 if tenths % 10 == 0 else tenths / 10


def parser():
    ap = Parser(
        prog="python3 -m host play --game words",
        description="Criss Cross, the word card game.",
    )
    ap.add_argument("--game", default="words", help=argparse.SUPPRESS)
    ap.add_argument("--auto", action="store_true", help="every seat is the AI")
    ap.add_argument(
        "--players",
        type=int,
        default=PLAYERS,
        help="1 to 4 seats, the AI in all but the first (default %d; 1 is the solo "
        "game to 6000)" % PLAYERS,
    )
    add_deal_options(ap, "deal", "FJS-WES5")
    ap.add_argument("--json", action="store_true", help="one JSON object at the end")
    ap.add_argument("--tournament", action="store_true", help="tournament rules")
    ap.add_argument(
        "--optional-draw", action="store_true", help="rule 7.1: 30 cards, 5 rolls"
    )
    ap.add_argument("--target", type=int, help="points that end the game")
    ap.add_argument(
        "--budget",
        type=int,
        default=autoplay.DEFAULT_BUDGET,
        help="AI lookups per move",
    )
    ap.add_argument("--dict", help="dictionary file (default: the device's)")
    return ap


def describe(entry):
    """One log entry as a line of text."""
    a = entry["action"]
    who = "P%d" % (entry["player"] + 1) if entry["player"] >= 0 else "--"
    head = "%4d %s %-6s" % (entry["turn"], who, a)
    if a == "play":
        text = "%s +%s" % (" ".join(entry["words"]), deck.tenths(entry["score"]))
        if "square" in entry:
            text += " (Square Effect x%s)" % deck.tenths(entry["square"])
        if entry["bonus"]:
            text += " +%s bonus" % deck.tenths(entry["bonus"])
        return "%s %s  [%s]" % (head, text, cells_text(entry["cells"]))
    if a == "draw":
        if entry.get("lost"):
            return "%s rolled %d: over the limit, turn lost" % (head, entry["roll"])
        return "%s rolled %d, took %d" % (head, entry["roll"], entry["drawn"])
    if a in ("deal", "first"):
        return "%s rolls %s" % (head, entry["rolls"])
    if a == "reject":
        return "%s not in the dictionary: %s (the cards go back, the turn is lost)" % (
            head,
            " ".join(entry["words"]),
        )
    if a == "tiebreak":
        return "%s hands %s best %s" % (head, entry["hands"], entry["scores"])
    if a == "end":
        return "%s %s" % (head, entry["why"])
    return head


def word_cells(game, row, col, direction, word):
    """Cells for WORD laid from (row, col), skipping letters already there."""
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    cells = []
    for i, ch in enumerate(word):
        r, c = row + i * dr, col + i * dc
        if not ch.isalpha() or deck.code(ch) < 0:
            raise ValueError("not a letter: %r" % ch)
        v = game.board.get(r, c)
        if v >= 0:
            on_table = v & LETTER_MASK
            if on_table != deck.code(ch):
                raise ValueError("%s is already at %d,%d" % (chr(65 + on_table), r, c))
            continue
        cells.append((r, c, deck.code(ch), ch.islower()))
    return cells


def missing_cards(hand, cells):
    """What the cells need that the hand lacks, as a sentence; "" if nothing.

    A lower-case letter is laid with a wild card: `play 1 0 across hello` asks
    for five wild cards, `HELLO` for the letter cards."""
    wild_needed = sum(1 for _, _, _, wild in cells if wild)
    letters = [k for _, _, k, wild in cells if not wild]
    missing = []
    for k in sorted(set(letters)):
        short = letters.count(k) - hand.count(k)
        if short > 0:
            missing.append(deck.ALPHABET[k] * short)
    wilds = hand.count(deck.WILD)
    parts = []
    if missing:
        parts.append("your hand lacks %s" % "".join(missing))
    if wild_needed > wilds:
        parts.append(
            "lower-case letters are wild cards (*): this needs %d, you hold %d; "
            "type a letter in upper case to lay its letter card" % (wild_needed, wilds)
        )
    return "; ".join(parts)


def show(game, out):
    b = game.board
    if b.is_empty():
        out.write("(the table is empty: lay a word of 5 cards or more)\n")
    else:
        out.write(
            "     rows %d..%d, columns %d..%d\n" % (b.top, b.bottom, b.left, b.right)
        )
        for i, line in enumerate(rows(b)):
            out.write("%4d %s\n" % (b.top + i, line))
    for i, p in enumerate(game.players):
        mark = ">" if i == game.turn else " "
        out.write(
            "%s P%d %8s points, %d cards\n"
            % (mark, i + 1, deck.tenths(p.score), len(p.hand))
        )


def human_turn(game, lines, out):
    """Read commands until the turn is taken; False when the player quits."""
    out.write("your cards: %s\n" % deck.hand_text(game.hand()))
    while True:
        out.write("> ")
        out.flush()
        line = lines.readline()
        if not line:
            return False
        words = line.split()
        if not words:
            continue
        cmd = words[0].lower()
        try:
            if cmd in ("q", "quit", "exit"):
                return False
            if cmd in ("h", "help", "?"):
                out.write(HELP + "\n")
            elif cmd in ("u", "undo"):
                out.write("no undo in the word game: the draws are blind\n")
            elif cmd == "board":
                show(game, out)
                out.write("your cards: %s\n" % deck.hand_text(game.hand()))
            elif cmd == "draw":
                game.draw()
                return True
            elif cmd == "pass":
                game.pass_turn()
                return True
            elif cmd == "hint":
                found = autoplay.choose(game)
                out.write(
                    "try: cells %s (%s)\n"
                    % (
                        " ".join(
                            "%d,%d,%s"
                            % (
                                r,
                                c,
                                deck.ALPHABET[k].lower() if w else deck.ALPHABET[k],
                            )
                            for r, c, k, w in found[0]
                        ),
                        " ".join(found[1].words),
                    )
                    if found
                    else "no play found: draw\n"
                )
            elif cmd in ("play", "cells"):
                if cmd == "play":
                    if len(words) != 5 or words[3].lower() not in ("across", "down"):
                        raise ValueError("play ROW COL across|down WORD")
                    direction = ACROSS if words[3].lower() == "across" else DOWN
                    try:
                        row, col = int(words[1]), int(words[2])
                    except ValueError:
                        raise ValueError("ROW and COL are whole numbers") from None
                    cells = word_cells(game, row, col, direction, words[4])
                else:
                    cells = parse_cells(" ".join(words[1:]))
                res = game.play(cells)
                if res.error:
                    out.write("not allowed: %s\n" % res.error)
                    short = missing_cards(game.hand(), cells)
                    if short:
                        out.write(short + "\n")
                    continue
                return True
            else:
                out.write("unknown command %r\n%s\n" % (cmd, HELP))
        except ValueError as e:
            out.write("%s\n" % e)


def main(argv, stdin=None, stdout=None):
    out = stdout or sys.stdout
    lines = stdin or sys.stdin
    try:
        args = parser().parse_args(argv)
    except SystemExit as e:
        return 0 if e.code == 0 else 2
    if args.game != "words":
        sys.stderr.write("play_words: --game must be words\n")
        return 2
    if not 1 <= args.players <= 4:
        sys.stderr.write("play: --players must be 1 to 4\n")
        return 2
    if args.budget < 1:
        sys.stderr.write("play: --budget must be at least 1\n")
        return 2
    rules_name = (
        "tournament" if args.tournament else "optional" if args.optional_draw else ""
    )
    try:
        family, coded, args.seed = chosen_deal(
            args.code,
            args.daily,
            args.seed,
            ("words",),
            "words",
            "--tournament/--optional-draw" if rules_name else None,
        )
    except ValueError as e:
        sys.stderr.write("play: %s\n" % e)
        return 2
    if family is not None:
        rules_name = coded
        args.tournament = rules_name == "tournament"
        args.optional_draw = rules_name == "optional"
    code = share_code_of("words", rules_name, args.seed)
    if args.target is not None and args.target < 0:
        sys.stderr.write(
            "play: --target must be 0 (play the cards out) or more points, "
            "not %d\n" % args.target
        )
        return 2
    if args.tournament and args.target:
        sys.stderr.write(
            "play: the tournament has no target (play goes on until all cards are "
            "drawn): leave out --target%s\n"
            % (" (that code is a tournament game)" if family else " or --tournament")
        )
        return 2
    try:
        options = rules.Options(
            tournament=args.tournament,
            big_hands=args.optional_draw,
            target=args.target,
            players=args.players,
        )
    except ValueError as e:
        sys.stderr.write("play: %s\n" % e)
        return 2
    try:
        lookup = Dictionary(args.dict)
    except (OSError, ValueError) as e:
        why = getattr(e, "strerror", None) or e
        sys.stderr.write(
            "play: cannot read the dictionary %s: %s\n"
            % (args.dict or "words.bin", why)
        )
        return 2
    seen = [0]
    quit_early = False

    def report(game, action=None):
        if not args.json:
            for entry in game.log[seen[0] :]:
                out.write(describe(entry) + "\n")
        seen[0] = len(game.log)

    try:
        if args.auto:
            game = selfplay.play_game(
                args.players, args.seed, options, lookup, args.budget, report
            )
        else:
            game = Game(args.players, args.seed, options, lookup)
            report(game)
            talk = sys.stderr if args.json else out  # --json: stdout is the JSON
            while not game.over:
                if game.turn == 0:
                    show(game, talk)
                    if not human_turn(game, lines, talk):
                        talk.write("game abandoned\n")
                        quit_early = True
                        break
                else:
                    autoplay.take_turn(game, args.budget)
                report(game)
    finally:
        lookup.close()
    report(game)
    summary = selfplay.summary(game)
    again = same_deal_again(code, args.players, PLAYERS)
    if args.json:
        summary["scores"] = [points(s) for s in summary["scores"]]
        summary["seed"], summary["share_code"] = args.seed, code
        summary["rules"] = rules_key("words", rules_name)
        summary["finished"] = game.over
        out.write(json.dumps(summary, sort_keys=True) + "\n")
        if quit_early:
            sys.stderr.write(again)
        return 1 if quit_early else 0
    out.write("\n")
    for line in rows(game.board):
        out.write("  " + line + "\n")
    for i, p in enumerate(game.players):
        out.write("P%d: %s points\n" % (i + 1, deck.tenths(p.score)))
    if game.over:
        out.write(
            "winner: %s\n"
            % ("P%d" % (game.winner + 1) if game.winner is not None else "a tie")
        )
    if quit_early:
        out.write(again)
    else:
        out.write("share code: %s\n" % code)
    return 1 if quit_early else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
