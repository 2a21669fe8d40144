"""`python3 -m host play`: a solo dice game in the terminal, or played by a policy."""

import argparse
import json
import sys

from crisscross import ai, notation, sharecode, symbols
from crisscross.session import RULESETS, rules_key, ruleset, share_code
from crisscross.digits import DigitsGame
from crisscross.rng import Rng
from crisscross.symbols import SymbolsGame

LEVELS = ai.LEVELS


def build_parser():
    p = argparse.ArgumentParser(
        prog="python3 -m host play",
        description="Play a solo game of Criss Cross. Type moves as cells like B2 "
        "(column A-E, row 1-5); symbols take two cells, first die first: 'B2 B3'.",
    )
    p.add_argument(
        "--game", choices=("symbols", "digits", "cards", "words"), default="symbols"
    )
    p.add_argument("--advanced", action="store_true", help="symbols: advanced rules")
    p.add_argument("--variant", choices=("criss-and-cross",), help="digits variant")
    p.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
    p.add_argument(
        "--code",
        help="a share code (e.g. KD7-MQ2X): the same dice and rules as on the "
        "handheld or in the simulator",
    )
    p.add_argument(
        "--daily",
        nargs="?",
        const="today",
        metavar="YYYY-MM-DD",
        help="the daily challenge: everyone's dice of that day (default today)",
    )
    p.add_argument(
        "--start", default="/", help="symbols: start symbol, one of / X O ^ = #"
    )
    p.add_argument("--auto", action="store_true", help="let a policy play")
    p.add_argument(
        "--level",
        choices=LEVELS,
        default=ai.DEFAULT_LEVEL,
        help="policy for --auto: %s (strongest first)" % ", ".join(LEVELS),
    )
    p.add_argument(
        "--json", action="store_true", help="print one JSON object at the end"
    )
    return p


def new_game(args):
    if args.game == "symbols":
        start = symbols.CHARS.find(
            args.start.upper() if args.start in "xo" else args.start
        )
        if start <= 0:
            raise ValueError("--start must be one of / X O ^ = #")
        return SymbolsGame(args.seed, 1, args.advanced, [start])
    return DigitsGame(args.seed, 1, "cc" if args.variant else "")


def cell_name(i):
    return "ABCDE"[i % 5] + str(i // 5 + 1)


def parse_cell(text):
    text = text.strip().upper()
    if len(text) != 2 or text[0] not in "ABCDE" or text[1] not in "12345":
        raise ValueError("%r is not a cell (A1..E5)" % text)
    return (int(text[1]) - 1) * 5 + "ABCDE".index(text[0])


def parse_move(game, text):
    parts = text.replace(",", " ").split()
    if game.FAMILY == "symbols":
        if len(parts) != 2:
            raise ValueError("type two cells, first die first, e.g. B2 B3")
        move = (parse_cell(parts[0]), parse_cell(parts[1]))
    else:
        if len(parts) != 1:
            raise ValueError("type one cell, e.g. C4")
        move = parse_cell(parts[0])
    if not game.is_legal(move):
        raise ValueError(
            "that placement is not allowed: cells must be empty%s"
            % (" and next to each other" if game.FAMILY == "symbols" else "")
        )
    return move


def move_text(game, move):
    if game.FAMILY == "symbols":
        return cell_name(move[0]) + "-" + cell_name(move[1])
    return cell_name(move)


def roll_text(game):
    d = game.dice()
    if game.FAMILY == "symbols":
        return "dice: %s %s" % (symbols.CHARS[d[0]], symbols.CHARS[d[1]])
    return "digit: %d" % d


def show(game):
    chars = "   A B C D E"
    rows = notation.format_sheet(game.sheet_of(0), game.FAMILY).split("\n")
    return "\n".join([chars] + ["%d  %s" % (r + 1, rows[r]) for r in range(5)])


def play_typed(game, inp, out):
    while not game.over:
        out.write(
            "\n%s\nround %d/%d, %s > "
            % (show(game), game.round + 1, game.ROUNDS, roll_text(game))
        )
        out.flush()
        line = inp.readline()
        if not line:
            out.write("\n")
            return False
        if line.strip().lower() in ("q", "quit"):
            return False
        if line.strip().lower() == "u":
            out.write("undone\n" if game.undo() else "nothing to undo\n")
            continue
        try:
            game.place(parse_move(game, line))
        except ValueError as e:
            out.write("%s\n" % e)
    out.write("\n")
    return True


def choose(game, level, rng):
    return ai.choose(game, level, rng)


def result(game, level=None):
    s = game.score(0)
    out = {
        "seed": game.seed,
        "sheet": notation.format_sheet(game.sheet_of(0), game.FAMILY, "").split("\n"),
        "rows": s.rows,
        "cols": s.cols,
        "diagonal": s.diag,
        "total": s.total,
        "moves": [move_text(game, m) for m in game.history],
        "game_code": game.encode(),
        "share_code": share_code(game, rules_key(game)),
    }
    if game.FAMILY == "symbols":
        out["rank"] = symbols.rank_title(s.total)
    if level:
        out["level"] = level
    return out


def apply_code(args):
    """--code or --daily: the seed (and, for a code, the rules) it stands for."""
    if args.code:
        variant, args.seed = sharecode.decode_variant(args.code)
        if variant >= len(RULESETS):
            raise ValueError("share code of an unknown rule set")
        family, rules = ruleset(RULESETS[variant])
        if family not in ("symbols", "digits"):
            raise ValueError(
                "that code is a %s game: python3 -m host play --game %s --seed %d"
                % (family, family, args.seed)
            )
        args.game = family
        args.advanced = rules == "advanced"
        args.variant = "criss-and-cross" if rules == "cc" else None
        if rules == "versus":
            raise ValueError("Criss Versus Cross is for two players on the handheld")
    elif args.daily:
        if args.daily == "today":
            import datetime

            d = datetime.date.today()
            y, m, day = d.year, d.month, d.day
        else:
            try:
                y, m, day = (int(v) for v in args.daily.split("-"))
            except ValueError:
                raise ValueError("--daily takes a date as YYYY-MM-DD")
        args.seed = sharecode.daily_seed(y, m, day)


def main(argv):
    args = build_parser().parse_args(argv)
    if args.code and (args.seed is not None or args.daily):
        sys.stderr.write("play: give one of --code, --daily, --seed\n")
        return 2
    try:
        apply_code(args)
    except ValueError as e:
        sys.stderr.write("play: %s\n" % e)
        return 2
    if args.seed is None:
        import random

        args.seed = random.getrandbits(24)
    try:
        game = new_game(args)
    except ValueError as e:
        sys.stderr.write("play: %s\n" % e)
        return 2
    if args.auto:
        rng = Rng(args.seed ^ 0x5EED)
        while not game.over:
            game.place(choose(game, args.level, rng))
    elif not play_typed(game, sys.stdin, sys.stdout):
        sys.stdout.write("game left unfinished; its code: %s\n" % game.encode())
        return 1
    res = result(game, args.level if args.auto else None)
    if args.json:
        print(json.dumps(res))
    else:
        from host.cli_score import paper

        print(paper(game.sheet_of(0), game.score(0), game.FAMILY))
        if "rank" in res:
            print("rank: %s" % res["rank"])
        print("share code: %s" % sharecode.pretty(res["share_code"]))
    return 0
