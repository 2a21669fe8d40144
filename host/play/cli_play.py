"""`python3 -m host play`: a dice game in the terminal, or played by a policy.

Solo, or `--players N`: seat 1 is you (or, with --auto, the AI too) and the other
seats are AI opponents, played by the handheld's own session code
(crisscross.dice.session), so the turn order and the end rule are the handheld's: a
player with no two adjacent empty cells left is done and the others go on (the
2021 edition's end rule); the game ends when every player is done.

Exit status: 0 when the game was played to the end, 1 when the player quit (or
the input ended), 130 on Ctrl-C (with the same share code as a quit), 2 on bad
options.
"""

import json
import sys

from crisscross import sharecode
from host import INTERRUPTED, Parser
from host.play import DIGITS_VARIANTS, add_deal_options, chosen_deal
from crisscross.dice import ai, grid, notation, symbols
from crisscross.dice import session as sess
from crisscross.dice.session import rules_key, share_code
from crisscross.dice.digits import MAX_PLAYERS as DIGITS_MAX
from crisscross.dice.symbols import MAX_PLAYERS as SYMBOLS_MAX

LEVELS = ai.LEVELS
# The share code's example in --help (tests/host/test_docs_codes.py decodes it).
EXAMPLE_CODE = "AVF-F6V5"
TIE_BREAKS = {
    "symbols": "the highest single line score (the advanced diagonal counted "
    "once), then the next highest, and so on; equal in all of them: a shared place",
    "digits": "none: equal totals share the place",
    "digits-cc": "the higher of the rows and columns totals; then a shared place",
    "digits-versus": "none: equal totals share the place",
}


COMMANDS = "hint shows the AI's move, u undoes your last placement, q quits."


def build_parser():
    p = Parser(
        prog="python3 -m host play",
        description="Play Criss Cross in the terminal. Type moves as cells like B2 "
        "(column A-E, row 1-5); symbols take two cells, first die first: 'B2 B3'. "
        + COMMANDS,
        epilog="Other games: --game cards and --game words have their own options "
        "(python3 -m host play --game cards --help).",
    )
    p.add_argument(
        "--game",
        choices=("symbols", "digits", "cards", "words"),
        help="the game (default symbols; a share code names its own)",
    )
    p.add_argument("--advanced", action="store_true", help="symbols: advanced rules")
    p.add_argument(
        "--variant",
        choices=tuple(DIGITS_VARIANTS),
        help="digits: Criss and Cross, or Criss Versus Cross (--players 2)",
    )
    p.add_argument(
        "--players",
        type=int,
        default=None,
        help="players (default 1): seat 1 is you, the others AI; "
        "symbols 1-%d, digits 1-%d" % (SYMBOLS_MAX, DIGITS_MAX),
    )
    add_deal_options(p, "dice", EXAMPLE_CODE)
    p.add_argument(
        "--start",
        default=None,
        help="symbols: your start symbol, one of / X O ^ = # (default /); "
        "AI seats take the first free ones",
    )
    p.add_argument("--auto", action="store_true", help="the AI plays every seat")
    p.add_argument(
        "--level",
        choices=LEVELS,
        default=ai.DEFAULT_LEVEL,
        help="the AI's level, strongest first: %s (default: %s, the handheld's)"
        % (", ".join(LEVELS), ai.DEFAULT_LEVEL),
    )
    p.add_argument(
        "--json", action="store_true", help="print one JSON object at the end"
    )
    return p


def parse_start(text):
    """A start symbol's value 1..6 from its character (x and o in either case)."""
    value = symbols.CHARS.find(text.upper() if text in ("x", "o") else text)
    if len(text) != 1 or value <= 0:
        raise ValueError("--start must be one of / X O ^ = #")
    return value


def rules_of(args):
    """The rules argument of crisscross.dice.session.new_game."""
    if args.game == "symbols":
        return "advanced" if args.advanced else "basic"
    return DIGITS_VARIANTS.get(args.variant, "")


def new_game(args):
    """The game with its seats: seat 0 takes --start, AI seats the first free."""
    starts = None
    if args.game == "symbols":
        starts = [parse_start(args.start or "/")]
        for s in range(1, 7):
            if len(starts) < args.players and s not in starts:
                starts.append(s)
    humans = 0 if args.auto else 1
    return sess.new_game(
        args.game, args.seed, humans, args.players - humans, rules_of(args), starts
    )


def cell_name(i):
    return "ABCDE"[i % 5] + str(i // 5 + 1)


def parse_cell(text):
    text = text.strip().upper()
    if len(text) != 2 or text[0] not in "ABCDE" or text[1] not in "12345":
        raise ValueError("%r is not a cell (A1..E5)" % text)
    return (int(text[1]) - 1) * 5 + "ABCDE".index(text[0])


def parse_move(game, text):
    parts = text.replace(",", " ").replace("-", " ").split()  # B2 B3, B2-B3
    if game.FAMILY == "symbols":
        if len(parts) == 1 and len(parts[0]) == 4:
            parts = [parts[0][:2], parts[0][2:]]  # B2B3
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


def show(game, player=0):
    chars = "   A B C D E"
    rows = notation.format_sheet(game.sheet_of(player), game.FAMILY).split("\n")
    return "\n".join([chars] + ["%d  %s" % (r + 1, rows[r]) for r in range(5)])


def seat_name(game, seat, human):
    if game.FAMILY == "digits" and game.variant == "versus":
        what = "rows" if seat == 0 else "columns"
        return "seat %d (%s, %s)" % (seat + 1, "you" if human else "AI", what)
    return "seat %d (%s)" % (seat + 1, "you" if human else "AI")


def play_typed(session, inp, out):
    """Seat 0 types its moves; AI seats answer. False when the player quits."""
    game = session.game
    marks = []  # len(game.history) before each of the player's placements
    asked = None  # a placement that cuts a cell off, typed once
    while session.phase != sess.OVER:
        out.write(
            "\n%s\nround %d/%d, %s > "
            % (show(game), game.round + 1, game.ROUNDS, roll_text(game))
        )
        out.flush()
        line = inp.readline()
        if not line:
            out.write("\n")
            return False
        command = line.strip().lower()
        if command in ("q", "quit", "exit"):
            return False
        if command in ("h", "help", "?"):
            out.write(
                "type %s; %s\n"
                % (
                    (
                        "two cells, first die first: B2 B3"
                        if game.FAMILY == "symbols"
                        else "a cell: C4"
                    ),
                    COMMANDS,
                )
            )
            continue
        if command == "hint":
            move, expected = ai.hint(game, ai.DEVICE)
            out.write(
                "hint: %s (expected final score %d)\n"
                % (move_text(game, move), expected)
            )
            continue
        if command in ("u", "undo"):
            if not marks:
                out.write("nothing to undo\n")
                continue
            back = marks.pop()
            while len(game.history) > back:
                game.undo()
            session.phase = sess.PLACE
            out.write("undone\n")
            continue
        try:
            move = parse_move(game, line)
        except ValueError as e:
            out.write("%s\n" % e)
            continue
        if game.FAMILY == "symbols" and move != asked:
            # As the handheld asks: a cell cut off for good, when it need not be.
            lone = grid.lone_made(game.sheet(), move[0], move[1])
            if lone and grid.lone_free(game.sheet()):
                asked = move
                out.write(
                    "%s leaves %s that can never be filled: type it again to "
                    "place it anyway\n"
                    % (
                        move_text(game, move),
                        "a cell" if lone == 1 else "%d cells" % lone,
                    )
                )
                continue
        asked = None
        marks.append(len(game.history))
        session.confirm(move)
        session.proceed()
        for seat, m in session.ai_log:
            out.write("%s: %s\n" % (seat_name(game, seat, False), move_text(game, m)))
    out.write("\n")
    return True


def seats_of_moves(game):
    """The seat that made each move of game.history, replayed from the start."""
    head = game.encode().rsplit(".", 1)[0]
    replay = type(game).decode(head + ".")
    seats = []
    for m in game.history:
        seats.append(replay.turn)
        replay.place(m)
    return seats


def seat_result(game, player, moves):
    s = game.score(player)
    out = {
        "sheet": notation.format_sheet(game.sheet_of(player), game.FAMILY, "").split(
            "\n"
        ),
        "rows": s.rows,
        "cols": s.cols,
        "diagonal": s.diag,
        "total": s.total,
        "moves": moves,
    }
    if game.FAMILY == "symbols":
        out["start"] = symbols.CHARS[game.starts[player]]
        if game.players == 1 and game.over:  # the ranks are solo play's
            out["rank"] = symbols.rank_title(s.total)
    if game.FAMILY == "digits" and game.variant == "cc":
        out["rows_total"] = s.rows_total
        out["cols_total"] = s.cols_total
    return out


def seat_record(game, player, moves, seats):
    """One seat's record in a game of several: seat_result, its number and
    whether an AI played it."""
    rec = seat_result(game, player, moves)
    rec["seat"] = player + 1
    rec["ai"] = not (seats and seats[player] == sess.HUMAN)
    return rec


def tie_break(game, player):
    """The values after the total that decide a tie, best first."""
    key = game.rank_key(player)
    out = []
    for v in key[1:]:
        out.extend(v if isinstance(v, tuple) else (v,))
    return out


def result(game, level=None, seats=None):
    """The JSON record. Solo: the sheet's fields at the top level (as before).
    With --players N: "seats" (one record per seat, seat 1 first), "ranking"
    (place, seat, total, tie-break values) and "winners". A game quit before its
    end has "finished": false and neither rank, ranking nor winners."""
    key = rules_key(game)
    out = {
        "finished": game.over,
        "seed": game.seed,
        "rules": key,
        "game_code": game.encode(),
        "share_code": sharecode.pretty(share_code(game, key)),
    }
    by_seat = seats_of_moves(game)
    moves = [[] for _ in range(game.players)]
    for seat, m in zip(by_seat, game.history):
        moves[seat].append(move_text(game, m))
    if game.players == 1:
        out.update(seat_result(game, 0, moves[0]))
    else:
        out["players"] = game.players
        out["seats"] = [
            seat_record(game, p, moves[p], seats) for p in range(game.players)
        ]
    if game.players > 1 and game.over:
        out["ranking"] = [
            {
                "place": place,
                "seat": p + 1,
                "total": game.score(p).total,
                "tie_break": tie_break(game, p),
            }
            for place, p in game.ranking()
        ]
        out["winners"] = [p + 1 for p in game.winners()]
        out["tie_break_rule"] = TIE_BREAKS[
            "symbols" if game.FAMILY == "symbols" else key
        ]
    if level:
        out["level"] = level
    return out


def apply_code(args):
    """--code, --daily or --seed: the seed (and, for a code, the game and rules)
    they stand for; ValueError naming the option when they do not fit."""
    given = "--advanced/--variant" if args.advanced or args.variant else None
    family, rules, args.seed = chosen_deal(
        args.code, args.daily, args.seed, ("symbols", "digits"), args.game, given
    )
    if family is None:
        if args.game is None:
            args.game = "symbols"
        return
    args.game = family
    args.advanced = rules == "advanced"
    args.variant = None
    for name, value in DIGITS_VARIANTS.items():
        if rules == value:
            args.variant = name


def check_game_options(args):
    """After --code has named the game: options of the other family refused."""
    if args.game == "digits":
        if args.start is not None:
            raise ValueError("--start is for --game symbols (digits have no start)")
        if args.advanced:
            raise ValueError("--advanced is for --game symbols")
    elif args.variant:
        raise ValueError("--variant is for --game digits")
    if args.start is not None:
        parse_start(args.start)
    if args.players is None:
        args.players = 2 if args.variant == "versus" else 1
    most = SYMBOLS_MAX if args.game == "symbols" else DIGITS_MAX
    if args.variant == "versus":
        if args.players != 2:
            raise ValueError("Criss Versus Cross is for --players 2")
    elif not 1 <= args.players <= most:
        raise ValueError("--players must be 1 to %d in the %s game" % (most, args.game))


def left_unfinished(game, status, out, record=None):
    """The quit's line, with the code that deals the same dice again; `record`
    (--json: the game so far, result()) printed on stdout before it."""
    if record:
        print(json.dumps(record))
    out.write(
        "game left unfinished; the same dice again: "
        "python3 -m host play --code %s\n" % sharecode.pretty(share_code(game))
    )
    return status


def main(argv):
    args = build_parser().parse_args(argv)
    try:
        apply_code(args)
        check_game_options(args)
    except ValueError as e:
        sys.stderr.write("play: %s\n" % e)
        return 2
    try:
        game = new_game(args)
    except ValueError as e:
        sys.stderr.write("play: %s\n" % e)
        return 2
    seats = [sess.AI] * args.players
    if not args.auto:
        seats[0] = sess.HUMAN
    # The handheld's session: AI seats play as soon as their turn comes. With
    # --json the game talks on stderr: stdout is the one JSON object.
    talk = sys.stderr if args.json else sys.stdout
    ais = args.auto or args.players > 1

    def record():
        return result(game, args.level if ais else None, seats)

    try:
        session = sess.Session(game, seats, share_code(game), args.level)
        if not args.auto and not play_typed(session, sys.stdin, talk):
            return left_unfinished(game, 1, talk, args.json and record())
    except KeyboardInterrupt:
        # Ctrl-C at a prompt or while the AI plays: the same line as a quit, on
        # a line of its own (after the prompt, or the ^C a terminal echoed).
        talk.write("\n")
        return left_unfinished(game, INTERRUPTED, talk, args.json and record())
    res = record()
    if args.json:
        print(json.dumps(res))
        return 0
    from host.play.cli_score import paper

    for p in range(game.players):
        if game.players > 1:
            print("%s%s" % ("" if p == 0 else "\n", seat_name(game, p, not seats[p])))
        print(paper(game.sheet_of(p), game.score(p), game.FAMILY))
        if "rank" in res:
            print("rank: %s" % res["rank"])
    if game.players > 1:
        print("\nranking:")
        for row in res["ranking"]:
            print(
                "%d. %s  %d  (tie-break %s)"
                % (
                    row["place"],
                    seat_name(game, row["seat"] - 1, not seats[row["seat"] - 1]),
                    row["total"],
                    " ".join(str(v) for v in row["tie_break"]) or "none",
                )
            )
        print("tie-break: %s" % res["tie_break_rule"])
    print("share code: %s" % res["share_code"])
    return 0
