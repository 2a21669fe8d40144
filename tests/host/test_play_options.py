"""`play`, `score` and `sim` options: seeds a share code carries, one printed form
of a code, quitting, refusals with exit 2, sheets from Windows editors, and the
dice games with several seats."""

import io
import json
import os
import sys

from mpy import ROOT
from mpy import run_host as host

sys.path.insert(0, os.path.join(ROOT, "shared"))
from crisscross import sharecode

BASIC = "XX^^O\nX/^^#\n#/==#\n^/=^#\nX#=O#\n"


def refused(r, *words):
    assert r.returncode == 2, (r.returncode, r.stdout[-300:], r.stderr)
    assert "Traceback" not in r.stderr
    for w in words:
        assert w in r.stderr, (w, r.stderr)


# ---- seeds and share codes ---------------------------------------------------


def test_seeds_a_share_code_cannot_carry_are_refused():
    top = str(sharecode.SEEDS)
    for game in ("symbols", "digits", "cards", "words"):
        for seed in ("-1", top):
            refused(
                host("play", "--game", game, "--seed", seed, "--auto"),
                "--seed must be 0 to 16777215",
            )
    refused(
        host("sim", "--seed", "-1", "--headless"),
        "argument --seed: must be 0 to 16777215",
    )
    refused(host("sim", "--seed", top), "16777215")
    refused(host("term", "--seed", top), "argument --seed: must be 0 to 16777215")
    # The last seed a code carries is played, and its code gives it back.
    r = host("play", "--seed", str(sharecode.SEEDS - 1), "--auto", "--json")
    assert r.returncode == 0, r.stderr
    code = json.loads(r.stdout)["share_code"]
    assert sharecode.decode(code) == sharecode.SEEDS - 1


def test_a_code_is_printed_in_one_form_and_read_in_both():
    j = json.loads(host("play", "--seed", "4321", "--auto", "--json").stdout)
    text = host("play", "--seed", "4321", "--auto").stdout
    code = j["share_code"]
    assert code == sharecode.pretty(sharecode.encode(4321, 0))
    assert "share code: %s\n" % code in text
    for typed in (code, code.replace("-", ""), code.lower()):
        again = json.loads(host("play", "--code", typed, "--auto", "--json").stdout)
        assert again["seed"] == 4321 and again["share_code"] == code


def test_quitting_prints_a_code_that_replays_the_dice_and_exits_1():
    r = host("play", "--seed", "9090", stdin="B1 C1\nq\n")
    assert r.returncode == 1
    line = r.stdout.strip().splitlines()[-1]
    code = line.split("--code ")[1]
    assert sharecode.decode(code) == 9090
    again = host("play", "--code", code, "--auto", "--json")
    assert again.returncode == 0 and json.loads(again.stdout)["seed"] == 9090
    # Input that ends counts as quitting; the same status in every family.
    assert host("play", "--game", "digits", "--seed", "3", stdin="").returncode == 1
    assert host("play", "--game", "cards", "--seed", "3", stdin="q\n").returncode == 1
    words = host("play", "--game", "words", "--seed", "3", stdin="quit\n")
    assert words.returncode == 1 and "game abandoned" in words.stdout


# ---- refusals ------------------------------------------------------------------


def test_a_card_or_word_games_code_deals_as_the_handheld_and_comes_back():
    from crisscross.cards import deck as card_deck
    from crisscross.cards import session as cards_session
    from crisscross.games import RULESETS
    from crisscross.words import session as words_session
    from crisscross.protocol import AI, HUMAN

    for key, seed in (("cards-joker", 4242), ("words-tournament", 777)):
        code = sharecode.pretty(sharecode.encode(seed, RULESETS.index(key)))
        # No --game: the code names its game.
        r = host("play", "--code", code.lower(), "--auto", "--json", timeout=300)
        assert r.returncode == 0, r.stderr
        record = json.loads(r.stdout)
        assert record["seed"] == seed and record["share_code"] == code
        if key == "cards-joker":
            game = cards_session.new_session(seed, 0, 2, "joker", "hard").game
            assert record["variant"] == "joker"
            assert record["first"] == game.first
            assert record["first_cards"] == [
                card_deck.short(c) for c in game.first_cards
            ]
            assert record["jokers"] == [card_deck.ITEM_NAMES[j] for j in game.jokers()]
        else:
            game = words_session.Session(seed, [HUMAN, AI], "tournament").game
            dealt = [e for e in game.log if e["action"] in ("first", "deal")]
            assert record["moves"][: len(dealt)] == dealt
            assert all(len(e["rolls"]) == 3 for e in dealt if e["action"] == "deal")
    # The daily challenge is everyone's deal of the day, in every game.
    day = sharecode.daily_seed(2026, 11, 29)
    for game in ("cards", "words"):
        r = host("play", "--game", game, "--daily", "2026-11-29", "--auto", "--json")
        assert json.loads(r.stdout)["seed"] == day, r.stderr
    # A quit says how to deal the same again.
    r = host("play", "--game", "cards", "--seed", "5", stdin="q\n")
    code = sharecode.pretty(sharecode.encode(5, RULESETS.index("cards")))
    assert r.returncode == 1
    assert r.stdout.endswith(
        "the same deal again: python3 -m host play --code %s\n" % code
    )
    # A deal of other than the default seats: the line names them, and gives the
    # same deal back.
    r = host("play", "--game", "words", "--seed", "5", "--players", "3", stdin="q\n")
    again = r.stdout.splitlines()[-1].split("python3 -m host ")[1].split()
    assert r.returncode == 1 and again[-2:] == ["--players", "3"], r.stdout
    records = [
        json.loads(host(*argv, "--auto", "--json", "--target", "300").stdout)
        for argv in (
            again,
            ["play", "--game", "words", "--seed", "5", "--players", "3"],
        )
    ]
    deals = [[e for e in rec["moves"] if e["action"] == "deal"] for rec in records]
    assert deals[0] == deals[1] and len(deals[0]) >= 3


def test_options_that_conflict_are_refused():
    refused(host("play", "--game", "words", "--target", "-5"), "--target")
    refused(
        host("play", "--game", "words", "--tournament", "--target", "100"),
        "tournament",
        "--target",
    )
    refused(
        host("play", "--game", "cards", "--level", "hard,easy,hard", "--auto"),
        "3 levels for 2 seats",
    )
    refused(host("play", "--game", "digits", "--start", "X"), "--start")
    refused(host("play", "--start", "Q", "--auto"), "--start must be one of")
    refused(host("play", "--game", "digits", "--advanced", "--auto"), "--advanced")
    refused(host("play", "--variant", "criss-and-cross", "--auto"), "--variant")
    refused(host("play", "--players", "7", "--auto"), "1 to 6")
    refused(host("play", "--game", "digits", "--players", "11", "--auto"), "1 to 10")
    refused(
        host("play", "--game", "digits", "--variant", "versus", "--players", "3"),
        "--players 2",
    )
    refused(host("play", "--code", "AVF-F6V5", "--advanced"), "names its rules")
    refused(host("play", "--code", "C9AAAAA", "--variant", "joker"), "names its rules")
    refused(host("play", "--code", "FJS-WES5", "--tournament"), "names its rules")
    refused(host("play", "--code", "C9AAAAA", "--seed", "3"), "give one of")
    refused(
        host("play", "--code", "AVF-F6V5", "--game", "words"),
        "that code is a symbols game: leave out --game words",
    )
    refused(
        host("play", "--code", "AVF-F6V5", "--game", "digits", "--auto"),
        "that code is a symbols game: leave out --game digits",
    )
    same = host("play", "--code", "AVF-F6V5", "--game", "symbols", "--auto", "--json")
    assert same.returncode == 0 and json.loads(same.stdout)["seed"] == 777
    refused(host("play", "--seed", "1", "--daily", "2026-01-01"), "one of")
    # Empty values are refused, not taken for "none given" (a random game).
    refused(host("play", "--code", "", "--auto"), "share code has 7 characters")
    refused(host("play", "--daily", "", "--auto"), "YYYY-MM-DD")
    refused(host("play", "--code", "", "--seed", "5", "--auto"), "one of")
    refused(host("emu", "--headless", "--boot-ms", "-1"), "--boot-ms", "0 to 600000")
    refused(host("emu", "--headless", "--boot-ms", "600001"), "0 to 600000")
    # Options are checked before the firmware is looked for, and before a run.
    refused(host("emu", "--boot-ms", "10"), "--boot-ms only work with --headless")
    refused(host("emu", "--headless", "--flash", ROOT), "is a folder: name the flash")
    nowhere = os.path.join(ROOT, "no-such-folder", "x.png")
    for prog in ("emu", "sim"):
        r = host(prog, "--headless", "--png", nowhere)
        refused(r, "%s: cannot write %s: no such folder" % (prog, nowhere))
    # The cards' level list may be shorter than the seats (it repeats), not longer.
    ok = host("play", "--game", "cards", "--players", "3", "--level", "easy")
    assert ok.returncode != 2 or "levels for" not in ok.stderr


def test_words_lower_case_is_wild_and_the_message_says_so():
    from host.play import play_words

    out = io.StringIO()
    script = io.StringIO("play 1 0 across hello\nquit\n")
    assert play_words.main(["--seed", "5"], stdin=script, stdout=out) == 1
    text = out.getvalue()
    assert "not allowed: those cards are not in your hand" in text
    assert "lower-case letters are wild cards" in text
    assert "needs 5, you hold 1" in text  # seed 5's hand holds one wild card


def test_missing_cards_names_the_letters_and_the_wilds():
    from host.play.play_words import missing_cards

    hand = [0, 4, 7, 26]  # A E H *
    assert missing_cards(hand, [(0, 0, 0, False), (0, 1, 4, False)]) == ""
    text = missing_cards(hand, [(0, 0, 11, False), (0, 1, 11, False)])
    assert text == "your hand lacks LL"
    text = missing_cards(hand, [(0, 0, 7, True), (0, 1, 4, True)])
    assert "wild cards" in text and "needs 2, you hold 1" in text
    assert "lacks" not in text
    assert missing_cards(hand, [(0, 0, 7, True)]) == ""


# ---- score ---------------------------------------------------------------------


def test_a_sheet_with_a_byte_order_mark_and_crlf_is_read(tmp_path):
    want = json.loads(host("score", "--json", stdin=BASIC).stdout)
    windows = "\ufeff" + BASIC.replace("\n", "\r\n")
    path = tmp_path / "sheet.txt"
    path.write_bytes(windows.encode("utf-8"))
    r = host("score", "--json", str(path))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == want
    r = host("score", "--json", stdin=windows)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == want


def test_a_digits_sheet_without_game_digits_gets_a_hint():
    sheet = "12345\n23456\n34567\n45678\n5678.\n"
    r = host("score", stdin=sheet)
    refused(r, "line 1, cell 1", "add --game digits")
    assert host("score", "--game", "digits", stdin=sheet).returncode == 0
    r = host("score", stdin="XX^^O\nX/^^#\n#/==#\n^/=^#\nX#=O?\n")
    refused(r, "line 5")
    assert "--game digits" not in r.stderr  # not a digits sheet either


# ---- the dice games with several seats ------------------------------------------


def play_json(*args):
    r = host("play", "--auto", "--json", *args)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_several_ai_seats_play_to_the_end_and_are_ranked():
    a = play_json("--players", "4", "--level", "random", "--seed", "1")
    assert a == play_json("--players", "4", "--level", "random", "--seed", "1")
    assert a["players"] == 4 and len(a["seats"]) == 4
    starts = [s["start"] for s in a["seats"]]
    assert starts == ["/", "X", "O", "^"]  # seat 1's default, AI seats the first free
    ranking = a["ranking"]
    keys = {r["seat"]: [r["total"]] + r["tie_break"] for r in ranking}
    for s in a["seats"]:
        assert keys[s["seat"]][0] == s["total"]
        lines = s["rows"] + s["cols"]
        assert sorted(lines, reverse=True) == keys[s["seat"]][1:]
    # Best first; a shared place exactly when the totals and tie-breaks are equal.
    for x, y in zip(ranking, ranking[1:]):
        assert keys[x["seat"]] >= keys[y["seat"]]
        assert (x["place"] == y["place"]) == (keys[x["seat"]] == keys[y["seat"]])
    assert a["winners"] == [r["seat"] for r in ranking if r["place"] == 1]
    # Seed 1 has equal totals that the tie-break separates.
    decided = [
        (x, y)
        for x in ranking
        for y in ranking
        if x["total"] == y["total"] and x["place"] < y["place"]
    ]
    assert decided and "highest single line" in a["tie_break_rule"]
    assert "diagonal counted once" in a["tie_break_rule"]  # as symbols.rank_key
    assert all("rank" not in s for s in a["seats"])  # the ranks are solo play's
    assert "rank" in play_json("--level", "random", "--seed", "1")  # solo
    # The game replays from its code with the same seats.
    from crisscross.dice.symbols import SymbolsGame

    game = SymbolsGame.decode(a["game_code"])
    assert game.over and game.players == 4
    assert [game.score(p).total for p in range(4)] == [s["total"] for s in a["seats"]]


def test_a_player_who_is_done_waits_while_the_others_go_on():
    # The 2021 end rule: seat 3 runs out of adjacent empty cells after 9 rolls;
    # seat 1 places all 12.
    a = play_json("--players", "3", "--level", "random", "--seed", "3")
    counts = [len(s["moves"]) for s in a["seats"]]
    assert counts == [12, 10, 9]
    done = a["seats"][2]["sheet"]
    cells = "".join(done)
    assert "." in cells
    for i, c in enumerate(cells):  # no two adjacent empty cells are left
        if c == ".":
            assert i % 5 == 4 or cells[i + 1] != "."
            assert i >= 20 or cells[i + 5] != "."


def test_digits_seats_versus_and_criss_and_cross():
    v = play_json("--game", "digits", "--variant", "versus", "--seed", "9")
    assert v["players"] == 2 and v["rules"] == "digits-versus"
    assert v["seats"][0]["sheet"] == v["seats"][1]["sheet"]  # one shared sheet
    assert v["seats"][0]["total"] == sum(v["seats"][0]["rows"])
    assert v["seats"][1]["total"] == sum(v["seats"][1]["cols"])
    again = play_json("--code", v["share_code"])
    assert again["players"] == 2 and again["seats"] == v["seats"]
    c = play_json("--game", "digits", "--variant", "criss-and-cross", "--players", "3")
    for r in c["ranking"]:
        seat = c["seats"][r["seat"] - 1]
        assert r["tie_break"] == [max(seat["rows_total"], seat["cols_total"])]


def test_a_typed_game_against_ai_seats():
    moves = []
    for r in range(5):  # B-C and D-E in every row, then A2-A3 and A4-A5
        for c in (1, 3):
            moves.append("%s%d %s%d" % ("ABCDE"[c], r + 1, "ABCDE"[c + 1], r + 1))
    moves += ["A2 A3", "A4 A5"]
    moves.insert(1, "u")  # take the first placement (and the AI's reply) back
    moves.insert(2, moves[0])
    r = host("play", "--players", "2", "--seed", "11", "--json", stdin="\n".join(moves))
    assert r.returncode == 0, r.stderr
    assert "undone" in r.stderr and "seat 2 (AI): " in r.stderr
    res = json.loads(r.stdout)
    you, ai = res["seats"]
    assert not you["ai"] and ai["ai"] and you["moves"][0] == "B1-C1"
    assert len(you["moves"]) == 12 and len(ai["moves"]) == 12


def test_a_typed_card_or_word_game_with_json_keeps_stdout_for_the_json():
    for game in ("cards", "words"):
        r = host("play", "--game", game, "--seed", "3", "--json", stdin="h\nq\n")
        assert r.returncode == 1, r.stderr  # quit
        record = json.loads(r.stdout)  # the game left as it stood, nothing else
        assert record["players"] == 2
        assert "help" in r.stderr.lower() or "commands:" in r.stderr


# ---- sim -----------------------------------------------------------------------


def test_no_display_message_has_no_sdl_noise():
    import pytest

    if not sys.platform.startswith("linux"):
        pytest.skip("SDL finds a display without DISPLAY on other systems")
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SDL_VIDEODRIVER"):
        env.pop(name, None)
    try:
        import pygame  # noqa: F401
    except ImportError:
        pytest.skip("pygame is not installed")
    r = host("sim", env=env)
    refused(r, "no display found", "make term")
    assert "XDG_RUNTIME_DIR" not in r.stderr
