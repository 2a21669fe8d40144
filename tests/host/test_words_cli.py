"""The word game's command lines: `words check` and `play --game words`."""

import errno
import io
import os
import json
import subprocess
import sys

from crisscross import sharecode
from crisscross.games import RULESETS
from crisscross import games
from crisscross.words.dictionary import Dictionary
from host.play import play_words, words_cli
from mpy import ROOT

words_bin = os.path.join(ROOT, "shared", "crisscross", "words", "words.bin")


def run_words(*argv):
    out = subprocess.run(
        [sys.executable, "-m", "host", "words"] + list(argv),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    return out.returncode, out.stdout + out.stderr


def test_check_accepts_words_and_refuses_names():
    assert run_words("check", "house") == (0, "HOUSE: accepted\n")
    code, text = run_words("check", "Venice")
    assert code == 1 and "VENICE: not in the dictionary" in text
    code, text = run_words("check", "house", "houze")
    assert code == 1 and "HOUSE: accepted" in text and "HOUZE" in text
    # The rules' own example extends TRIVIA to TRIVIAS.
    assert run_words("check", "trivias") == (0, "TRIVIAS: accepted\n")


def test_check_and_the_engine_agree_on_abbreviations():
    from crisscross.words import rules
    from crisscross.words.notation import from_rows
    from crisscross.words.dictionary import Dictionary

    d = Dictionary()
    for w in ("yr", "ca"):
        code, text = run_words("check", w)
        assert code == 1 and "not in the dictionary" in text
        assert not d.contains(w)
    # The engine refuses them in play: an R completing Y E / . A makes YR and RA.
    b = from_rows(["YE", ".A"])
    res = rules.evaluate(b, [(1, 0, 17, False)], d, rules.Options())
    assert res.error is None and sorted(res.words) == ["RA", "YR"]
    assert "YR" in res.bad_words  # (RA is no word either)
    code, _ = run_words("check", "ye")
    assert code == 0 and d.contains("ye")
    d.close()


def test_check_refuses_the_word_lists_entries_that_are_no_words():
    # wamerican holds them: pieces of words, computing jargon, an abbreviation.
    d = Dictionary()
    for w in ("dding", "xterm", "stdio", "avdp"):
        code, text = run_words("check", w)
        assert code == 1 and "not in the dictionary" in text, w
        assert not d.contains(w)
    assert d.contains("adding") and d.contains("term")
    d.close()


def test_check_explains_bad_input_without_a_traceback(capsys):
    assert words_cli.main(["check", "h0use"]) == 1
    assert "only the letters A-Z" in capsys.readouterr().out
    assert words_cli.main(["check", "s\u212ay"]) == 1  # KELVIN SIGN: lower() is k
    assert "only the letters A-Z" in capsys.readouterr().out
    assert words_cli.main(["check", "x"]) == 1
    assert "2 letters or more" in capsys.readouterr().out
    assert words_cli.main(["check", "a" * 100000]) == 1
    said = capsys.readouterr().out
    assert said.startswith("A" * 20 + "... (100000 letters): longer than any word")
    assert len(said) < 120  # not echoed back whole
    assert words_cli.main([]) == 2
    missing = "/nonexistent/w.bin"
    assert words_cli.main(["--dict", missing, "check", "house"]) == 2
    err = capsys.readouterr().err
    assert err == "words: cannot read the dictionary %s: %s\n" % (
        missing,
        os.strerror(errno.ENOENT),
    )
    # --dict after the command too, as a user types it
    assert words_cli.main(["check", "house", "--dict", missing]) == 2
    assert capsys.readouterr().err == err
    # play says it the same way
    assert play_words.main(["--auto", "--dict", missing]) == 2
    assert capsys.readouterr().err == "play" + err[len("words") :]
    assert words_cli.main(["check", "house", "--dict", words_bin]) == 0
    assert capsys.readouterr().out == "HOUSE: accepted\n"


def test_info_describes_the_file(capsys):
    assert words_cli.main(["info"]) == 0
    assert "words:" in capsys.readouterr().out


def play_json(*argv):
    out = io.StringIO()
    assert play_words.main(["--auto", "--json"] + list(argv), stdout=out) == 0
    return json.loads(out.getvalue())


def test_auto_game_json_is_complete_and_repeatable():
    a = play_json("--seed", "4", "--players", "2", "--target", "500", "--budget", "400")
    b = play_json("--seed", "4", "--players", "2", "--target", "500", "--budget", "400")
    assert a == b
    assert a["seed"] == 4 and len(a["scores"]) == 2 and a["finished"] is True
    assert a["winner"] in (0, 1)
    assert a["scores"][a["winner"]] == max(a["scores"])
    plays = [m for m in a["moves"] if m["action"] == "play"]
    assert plays
    total = sum(m["score"] + m["bonus"] for m in plays)  # tenths
    assert abs(total - round(10 * sum(a["scores"]))) == 0


def test_rule_sets_change_the_deal():
    t = play_json("--seed", "2", "--players", "3", "--tournament", "--budget", "200")
    deals = [m for m in t["moves"] if m["action"] == "deal"]
    # Three seats dealt, again at each restart (a stall starts the game over).
    assert len(deals) % 3 == 0 and all(len(m["rolls"]) == 3 for m in deals)
    assert t["rules"] == "words-tournament"
    big = play_json(
        "--seed", "2", "--optional-draw", "--target", "300", "--budget", "200"
    )
    assert all(len(m["rolls"]) == 5 for m in big["moves"] if m["action"] == "deal")
    assert big["rules"] == "words-optional"


def test_solo_game_runs():
    solo = play_json(
        "--seed", "9", "--players", "1", "--target", "400", "--budget", "300"
    )
    assert len(solo["scores"]) == 1 and solo["winner"] == 0


def test_bad_options_are_refused_clearly(capsys):
    assert play_words.main(["--auto", "--players", "5"]) == 2
    assert "1 to 4" in capsys.readouterr().err
    assert play_words.main(["--auto", "--tournament", "--optional-draw"]) == 2
    assert "tournament" in capsys.readouterr().err
    assert play_words.main(["--auto", "--seed", "x"]) == 2
    capsys.readouterr()
    assert play_words.main(["--auto", "--tournament", "--target", "100"]) == 2
    assert "leave out --target or --tournament" in capsys.readouterr().err
    # A tournament's code, and a target: the code is what to name, not an
    # option nobody gave.
    code = sharecode.pretty(sharecode.encode(7, RULESETS.index("words-tournament")))
    assert play_words.main(["--auto", "--code", code, "--target", "100"]) == 2
    err = capsys.readouterr().err
    assert "leave out --target (that code is a tournament game)" in err


def test_json_of_a_quit_game_is_marked_unfinished(capsys):
    out = io.StringIO()
    argv = ["--seed", "5", "--json"]
    assert play_words.main(argv, stdin=io.StringIO("draw\nq\n"), stdout=out) == 1
    rec = json.loads(out.getvalue())
    assert rec["finished"] is False and rec["winner"] is None
    assert [m["action"] for m in rec["moves"]][-2:] == ["draw", "play"]  # P2 played
    assert "the same deal again" in capsys.readouterr().err


def typed(script):
    """(exit status, what it wrote) of seed 5's game played as `script` types."""
    out = io.StringIO()
    status = play_words.main(["--seed", "5"], stdin=io.StringIO(script), stdout=out)
    return status, out.getvalue()


def test_text_output_and_a_human_seat():
    status, text = typed(
        "help\nplay 0 0 sideways HOUSE\nplay a b across HOUSE\ncells 1,1\n"
        "hint\ndraw\nquit\n"
    )
    assert status == 1  # quit
    assert "commands:" in text and "play ROW COL across|down WORD" in text
    assert "ROW,COL,LETTER" in text and "P1 draw" in text
    assert "ROW and COL are whole numbers" in text
    assert "game abandoned" in text


def test_a_word_not_in_the_dictionary_says_the_turn_is_lost_and_undo_says_why_not():
    # Seed 5's hand holds A A I L M M N N T T W X Y *: MANTA is a word SCOWL's
    # size-50 list lacks.
    status, text = typed("u\nplay 0 0 across MANTA\nquit\n")
    assert status == 1
    assert "no undo in the word game: the draws are blind" in text
    assert "unknown command" not in text
    assert "not in the dictionary: MANTA (the cards go back, the turn is lost)" in text


def test_the_short_commands_of_the_other_games_work_here_too():
    for quit_word in ("q", "exit"):
        status, text = typed("h\n%s\n" % quit_word)
        assert status == 1
        assert "commands:" in text and "unknown command" not in text


def test_module_entry_point():
    out = subprocess.run(
        [sys.executable, "-m", "host", "play", "--game", "words", "--auto"]
        + ["--seed", "1", "--target", "300", "--budget", "300"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "winner:" in out.stdout and "P1:" in out.stdout
    # the last line is the game's share code, as a dice game's
    code = out.stdout.splitlines()[-1].split("share code: ")[1]
    assert games.decode_deal(code) == ("words", "", 1)
