"""The command line: `python3 -m host score` and `python3 -m host play`."""

import io
import json
import subprocess
import sys

from mpy import ROOT
from mpy import run_host as host

BASIC = "XX^^O\nX/^^#\n#/==#\n^/=^#\nX#=O#\n"
ADVANCED = "O O / O X\nX = = X ^\nX # = ^ ^\nX X O O ^\nX # / / /\n"


def test_score_json_for_the_rule_book_examples():
    out = host("score", "--json", stdin=BASIC)
    assert out.returncode == 0
    assert json.loads(out.stdout) == {
        "rows": [4, 2, 2, 0, 0],
        "cols": [2, 3, 5, 2, 8],
        "diagonal": None,
        "total": 28,
    }
    out = json.loads(host("score", "--advanced", "--json", stdin=ADVANCED).stdout)
    assert out["diagonal"] == 4 and out["total"] == 24 and out["cols"][1] == -5


def test_score_text_looks_like_the_paper_sheet(tmp_path):
    path = tmp_path / "sheet.txt"
    path.write_text(ADVANCED)
    out = host("score", "--advanced", str(path))
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["4"]
    assert lines[1].split() == ["O", "O", "/", "O", "X", "2"]
    assert lines[-1].split() == ["4", "8", "-5", "2", "-5", "3", "24"]


class Terminal(io.TextIOWrapper):
    def isatty(self):
        return True


def test_score_typed_at_a_terminal_says_what_it_waits_for(monkeypatch, capsys):
    from host.play import cli_score

    typed = Terminal(io.BytesIO(BASIC.encode()))
    monkeypatch.setattr(sys, "stdin", typed)
    assert cli_score.main(["--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["total"] == 28
    assert err == (
        "score: type the sheet, 5 lines of 5 cells, then Ctrl-D on a line of its "
        "own\n"
    )
    assert host("score", "--json", stdin=BASIC).stderr == ""  # piped: no word


def test_score_digits_criss_and_cross_json():
    sheet = "11111\n22222\n33333\n44444\n55555\n"
    out = json.loads(
        host(
            "score",
            "--game",
            "digits",
            "--variant",
            "criss-and-cross",
            "--json",
            stdin=sheet,
        ).stdout
    )
    assert out["rows_total"] == 50 and out["cols_total"] == 25 and out["total"] == 25
    assert out["diagonal"] is None


def test_score_digits_versus_gives_each_seat_its_lines():
    sheet = "11111\n22222\n33333\n44444\n55555\n"
    out = host("score", "--game", "digits", "--variant", "versus", stdin=sheet)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "rows 50 (seat 1's), columns 25 (seat 2's)"
    seat1 = json.loads(
        host(
            "score", "--game", "digits", "--variant", "versus", "--json", stdin=sheet
        ).stdout
    )
    assert (seat1["rows_total"], seat1["cols_total"], seat1["total"]) == (50, 25, 50)


def test_malformed_sheets_name_the_line_and_cell():
    cases = [
        ("XX^^O\nX/^^#\n#/=?#\n^/=^#\nX#=O#\n", "line 3, cell 4"),
        ("XX^^O\nX/^^#\n", "5 lines of 5 cells, got 2 lines"),
        ("XX^^O\n", "5 lines of 5 cells, got 1 line\n"),
        ("XX^^O\nX/^^#\n#/==#\n^/=^#\nX#=O\n", "line 5"),
        ("XX^^O\nX/^^#\n#/==##\n^/=^#\nX#=O#\n", "line 3"),
    ]
    for text, where in cases:
        out = host("score", "--json", stdin=text)
        assert out.returncode == 2
        assert where in out.stderr
        assert "Traceback" not in out.stderr
    out = host("score", "--game", "digits", stdin="1234x\n" + "12345\n" * 4)
    assert out.returncode == 2 and "line 1, cell 5" in out.stderr


def test_unknown_options_and_missing_files_are_clear():
    out = host("score", "--bogus")
    assert out.returncode == 2 and out.stderr == (
        "python3 -m host score: unrecognized arguments: --bogus "
        "(--help lists the options)\n"
    )
    for argv in (
        ["play", "--seed", "abc"],
        ["play", "--game", "cards", "--players", "5"],
    ):
        out = host(*argv)
        assert out.returncode == 2 and len(out.stderr.splitlines()) == 1, out.stderr
        assert argv[-2] in out.stderr and "--help lists the options" in out.stderr
    out = host("score", "/nonexistent/sheet.txt")
    assert out.returncode == 2 and "cannot read" in out.stderr
    out = host("frobnicate")
    assert out.returncode == 2 and "unknown command" in out.stderr


def test_a_typed_move_that_is_not_utf8_is_shown_as_a_terminal_shows_it():
    r = subprocess.run(
        [sys.executable, "-m", "host", "play", "--seed", "5"],
        input=b"\xffA A2\nq\n",
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )
    assert r.returncode == 1
    assert "'\ufffdA' is not a cell (A1..E5)" in r.stdout.decode("utf-8")


def test_a_sheet_that_is_not_utf8_is_named_so_and_dash_reads_stdin(tmp_path):
    import subprocess
    import sys

    from mpy import ROOT

    sheet = BASIC.replace("/", "\xff", 1).encode("latin-1")
    path = tmp_path / "sheet.txt"
    path.write_bytes(sheet)
    for args, stdin, name in ((["-"], sheet, "stdin"), ([str(path)], b"", str(path))):
        out = subprocess.run(
            [sys.executable, "-m", "host", "score", *args],
            input=stdin,
            capture_output=True,
            cwd=ROOT,
            timeout=60,
        )
        assert out.returncode == 2
        assert out.stderr.decode() == (
            "score: %s is not UTF-8 text (byte 0xff at offset 7)\n" % name
        )
    out = host("score", "--json", "-", stdin=BASIC.replace("/", "Q", 1))
    assert out.stderr == "score: line 2, cell 2: 'Q' is not one of . / X O ^ = #\n"
    assert json.loads(host("score", "--json", "-", stdin=BASIC).stdout)["total"]


def test_auto_play_json_is_complete_and_reproducible():
    argv = ("play", "--game", "symbols", "--advanced", "--seed", "42", "--auto")
    a, b = (json.loads(host(*argv, "--json").stdout) for _ in range(2))
    assert a == b
    assert (
        a["seed"] == 42
        and len(a["sheet"]) == 5
        and all(len(r) == 5 for r in a["sheet"])
    )
    assert isinstance(a["diagonal"], int)
    scored = json.loads(
        host("score", "--advanced", "--json", stdin="\n".join(a["sheet"])).stdout
    )
    assert scored["total"] == a["total"] and scored["rows"] == a["rows"]
    d = json.loads(
        host("play", "--game", "digits", "--seed", "5", "--auto", "--json").stdout
    )
    assert d["diagonal"] is None and len(d["moves"]) == 24


def test_typed_play_rejects_bad_moves_and_finishes():
    moves = ["Q9 A1", "A1 A2", "A2 A4"]  # bad cell, taken cell, not adjacent
    pairs = [(r, c) for r in range(5) for c in (1, 3)] + [(1, 0), (3, 0)]
    for r, c in pairs:
        if c == 0:
            moves.append("A%d A%d" % (r + 1, r + 2))
        else:
            moves.append("%s%d %s%d" % ("ABCDE"[c], r + 1, "ABCDE"[c + 1], r + 1))
    out = host("play", "--seed", "9", "--json", stdin="\n".join(moves) + "\n")
    assert out.returncode == 0, out.stderr
    assert "is not a cell" in out.stderr  # with --json the game talks on stderr
    assert "not allowed" in out.stderr
    res = json.loads(out.stdout)  # stdout: the one JSON object
    assert len(res["moves"]) == 12 and "." not in "".join(res["sheet"])


def test_typed_play_takes_help_a_hint_the_json_move_form_and_undo():
    hinted = json.loads(
        host("play", "--seed", "9", "--auto", "--json", "--level", "device").stdout
    )["moves"][0]
    compact = hinted.replace("-", "").lower()  # "b2b3", as typed in a hurry
    typed = ["h", "hint", hinted, "undo", compact, "u", "u", "exit"]
    out = host("play", "--seed", "9", stdin="\n".join(typed) + "\n")
    assert out.returncode == 1, out.stderr  # quit
    assert "type two cells, first die first: B2 B3;" in out.stdout
    assert "hint: %s (expected final score " % hinted in out.stdout
    assert out.stdout.count("undone") == 2 and "nothing to undo" in out.stdout
    assert (
        "is not a cell" not in out.stdout and "type two cells, e.g." not in out.stdout
    )


def test_json_of_a_quit_game_is_its_record_so_far_marked_unfinished():
    out = host("play", "--seed", "9", "--json", stdin="C1 C2\nq\n")
    assert out.returncode == 1, out.stderr
    assert "game left unfinished" in out.stderr
    rec = json.loads(out.stdout)
    assert rec["finished"] is False and rec["moves"] == ["C1-C2"]
    assert "rank" not in rec  # a rank is for a whole sheet
    out = host("play", "--seed", "9", "--players", "2", "--json", stdin="q\n")
    rec = json.loads(out.stdout)
    assert rec["finished"] is False and [s["ai"] for s in rec["seats"]] == [0, 1]
    assert "ranking" not in rec and "winners" not in rec
    done = json.loads(host("play", "--seed", "9", "--auto", "--json").stdout)
    assert done["finished"] is True and "rank" in done


def test_typed_play_asks_before_cutting_a_cell_off_as_the_handheld_does():
    # A1 holds the start symbol: after C1-C2, B2-B3 leaves B1 with no empty
    # neighbour. Typed again, it is placed (u then takes it back).
    typed = ["C1 C2", "B2 B3", "B2 B3", "u", "q"]
    out = host("play", "--seed", "9", stdin="\n".join(typed) + "\n")
    assert out.returncode == 1, out.stderr
    warning = "B2-B3 leaves a cell that can never be filled: type it again"
    assert out.stdout.count(warning) == 1
    assert out.stdout.count("undone") == 1


def test_a_share_code_gives_the_same_dice_and_rules():
    first = json.loads(
        host("play", "--seed", "777", "--advanced", "--auto", "--json").stdout
    )
    code = first["share_code"]
    again = json.loads(host("play", "--code", code, "--auto", "--json").stdout)
    assert again["seed"] == 777 and isinstance(again["diagonal"], int)
    assert again["sheet"] == first["sheet"] and again["total"] == first["total"]
    assert len(code) == 8 and code[3] == "-"  # printed as on the handheld
    pretty = code.replace("-", " ").lower()  # as a friend might type it
    assert (
        json.loads(host("play", "--code", pretty, "--auto", "--json").stdout)["seed"]
        == 777
    )


def test_a_mistyped_share_code_is_refused_with_a_message():
    code = json.loads(host("play", "--seed", "777", "--auto", "--json").stdout)[
        "share_code"
    ]
    typo = code[:2] + ("B" if code[2] != "B" else "C") + code[3:]
    out = host("play", "--code", typo, "--auto")
    assert (
        out.returncode == 2
        and "share code" in out.stderr
        and "Traceback" not in out.stderr
    )
    out = host("play", "--code", "AB!", "--auto")
    assert out.returncode == 2 and "Traceback" not in out.stderr


def test_daily_challenge_seed_comes_from_the_date():
    from crisscross import sharecode

    out = json.loads(host("play", "--daily", "2026-11-22", "--auto", "--json").stdout)
    assert out["seed"] == sharecode.daily_seed(2026, 11, 22)
    out = host("play", "--daily", "2026-02-30", "--auto")
    assert out.returncode == 2
    assert out.stderr == "play: --daily: no such date: 2026-02-30\n"
