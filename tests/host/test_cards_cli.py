"""`python3 -m host play --game cards`: JSON records, the readable log, typed play."""

import json
import os
import subprocess
import sys
from types import SimpleNamespace

from crisscross.cards import session as cards_session
from crisscross.cards.game import PASS
from host.play import play_cards

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "host", "play", "--game", "cards", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_json_record_has_seed_scores_winner_and_moves():
    r = cli("--players", "3", "--auto", "--seed", "7", "--variant", "joker", "--json")
    assert r.returncode == 0, r.stderr
    rec = json.loads(r.stdout)
    assert rec["seed"] == 7 and rec["players"] == 3 and rec["variant"] == "joker"
    assert len(rec["scores"]) == 3 and len(rec["jokers"]) == 3
    assert rec["end"] in ("colour", "cards", "blocked")
    top = max(rec["scores"])
    leaders = [s for s in range(3) if rec["scores"][s] == top]
    assert rec["winner"] == (leaders[0] if len(leaders) == 1 else leaders)
    totals = [0, 0, 0]
    seats = set()
    for m in rec["moves"]:
        seats.add(m["seat"])
        if m.get("pass"):
            continue
        assert set(m) == {"seat", "card", "x", "y", "lines"}
        assert 0 <= m["x"] < 7 and 0 <= m["y"] < 7 and len(m["card"]) == 3
        for ln in m["lines"]:
            assert ln["kind"] in ("number", "item", "colour", "joker")
            assert [m["x"], m["y"]] in ln["cells"] and len(ln["cells"]) in (3, 4)
            totals[ln["seat"]] += ln["points"]
    assert totals == rec["scores"] and seats == {0, 1, 2}
    assert rec["moves"][0]["seat"] == rec["first"]
    assert (rec["moves"][0]["x"], rec["moves"][0]["y"]) == (3, 3)


def test_same_seed_same_game_and_levels_matter():
    a = json.loads(cli("--auto", "--seed", "42", "--json").stdout)
    b = json.loads(cli("--auto", "--seed", "42", "--json").stdout)
    c = json.loads(cli("--auto", "--seed", "42", "--level", "easy", "--json").stdout)
    assert a == b
    assert a["moves"] != c["moves"]


def test_without_a_seed_the_record_names_one_that_replays():
    rec = json.loads(cli("--auto", "--json", "--level", "easy").stdout)
    again = json.loads(
        cli("--auto", "--json", "--level", "easy", "--seed", str(rec["seed"])).stdout
    )
    assert rec == again


def test_readable_log_tells_the_game():
    r = cli("--auto", "--seed", "3", "--players", "2")
    rec = json.loads(cli("--auto", "--seed", "3", "--players", "2", "--json").stdout)
    out = r.stdout
    assert r.returncode == 0
    assert out.startswith("Criss Cross (Janken Deck), 2 players, seed 3")
    assert "goes first" in out and "Game over" in out
    assert "Scores: Sun %d, Mountain %d" % tuple(rec["scores"]) in out
    assert out.count(" plays ") == sum(1 for m in rec["moves"] if not m.get("pass"))
    # the last line is the game's share code, as a dice game's
    assert out.splitlines()[-1] == "share code: %s" % rec["share_code"]


def test_bad_options_get_a_message_not_a_traceback():
    for args in (
        ("--players", "5", "--auto"),
        ("--auto", "--level", "medium"),
        ("--auto", "--variant", "both"),
        ("--auto", "--seed", "-1"),
        ("--auto", "--seed", "x"),
    ):
        r = cli(*args)
        assert r.returncode == 2, args
        assert "Traceback" not in r.stderr and r.stderr.strip(), args


def test_typed_play_reasks_on_bad_input_and_stops_cleanly_at_eof():
    r = cli("--seed", "5", stdin="hello\n9 d4\n1 z9\n1 a1\nY9K d4\n")
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    out = r.stdout
    assert "Type a card and a square" in out
    assert "Your hand has cards 1 to 4." in out
    assert "No square there" in out
    assert "Y1C cannot go on a1: the first card goes on d4." in out
    assert "neither a hand position nor a card code" in out
    assert "Input ended: game abandoned." in out


def test_undo_says_why_there_is_none():
    r = cli("--seed", "5", stdin="u\n")
    assert "No undo in the card game: the cards are drawn blind." in r.stdout
    assert "Type a card and a square" not in r.stdout


class Script:
    """Answers the prompt like a player who asks for the moves list, then picks
    the first listed move; it also tries some bad input first."""

    def __init__(self):
        self.out = []
        self.pending = ["nonsense", "help", "moves"]
        self.prompts = 0

    def write(self, text):
        self.out.append(text)

    def read(self, prompt):
        self.prompts += 1
        if self.pending:
            return self.pending.pop(0)
        listing = self.out[-1]
        for row in listing.splitlines():
            code, squares = row.split(":")
            if squares.strip() != "nowhere":
                self.pending.append("moves")
                return code + " " + squares.split()[0]
        raise AssertionError("no legal move listed")


def test_a_typed_game_plays_to_the_end():
    for seed, players, variant in ((1, 2, None), (2, 3, "strict"), (3, 4, "joker")):
        s = Script()
        args = SimpleNamespace(
            players=players, seed=seed, variant=variant, auto=False, json=False
        )
        game, finished = play_cards.run(args, ["easy"], s.read, s.write)
        assert finished and game.over
        text = "\n".join(s.out)
        assert "Type a card and a square" in text  # 'nonsense' was refused
        assert "Commands:" in text  # help was shown
        assert "Game over" in text
        human_moves = [h for h in game.history if h[0] == 0 and h[1] >= 0]
        assert human_moves and s.prompts >= 2 * len(human_moves)


class FollowsHints:
    """A player who asks for the hint at every turn and plays it."""

    def __init__(self):
        self.out = []
        self.asked = 0

    def write(self, text):
        self.out.append(text)

    def read(self, prompt):
        last = self.out[-1]
        if last.startswith("Hint: "):
            return last[len("Hint: ") :].split(" (")[0]  # "2 d4 (Y1S)" -> "2 d4"
        self.asked += 1
        return "hint"


def test_the_hint_is_the_handhelds_and_playing_it_plays_on():
    seed = 21
    s = FollowsHints()
    args = SimpleNamespace(players=2, seed=seed, variant=None, auto=False, json=False)
    game, finished = play_cards.run(args, ["hard"], s.read, s.write)
    assert finished and game.over and s.asked > 3
    # The same game on the handheld: at each of the player's turns its hint is
    # the move the command line's hint had them play.
    handheld = cards_session.new_session(seed, 1, 1, "", "hard")
    for seat, card, x, y, _ in game.history:
        if seat == 0 and card != PASS:
            assert handheld.hint() == (card, x, y)
            handheld.play(card, x, y)
        elif seat == 0:
            handheld.pass_turn()
        else:
            assert handheld.ai_step()[:4] == (seat, card, x, y)
    assert handheld.game.over


def test_quit_abandons_and_json_shows_an_unfinished_game(capsys):
    s = Script()
    s.pending = ["quit"]
    args = SimpleNamespace(players=2, seed=9, variant=None, auto=False, json=True)
    game, finished = play_cards.run(args, ["hard"], s.read, s.write)
    assert not finished and not game.over
    assert s.out[-1] == "Game abandoned."


def test_main_in_process_returns_status(capsys):
    assert play_cards.main(["--auto", "--seed", "11", "--json", "--players", "4"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["players"] == 4 and len(rec["scores"]) == 4 and rec["finished"]
    assert play_cards.main(["--players", "9"]) == 2


def test_colours_and_joker_with_strict_from_the_command_line():
    r = cli("--players", "3", "--auto", "--seed", "9", "--colours", "bg")
    assert r.returncode == 0, r.stderr
    r = cli(
        "--players", "3", "--auto", "--seed", "9", "--colours", "BG",
        "--variant", "joker-strict", "--json",
    )  # fmt: skip
    rec = json.loads(r.stdout)
    assert rec["colours"] == ["Ocean", "Forest", "Sun"]
    assert rec["variant"] == "joker-strict" and len(rec["jokers"]) == 3
    for m in rec["moves"]:
        if not m.get("pass"):
            assert m["card"][0] == "BGY"[m["seat"]]
        assert all(ln["kind"] != "number" for ln in m.get("lines", []))
    for bad in ("BB", "Q", "YRGB"):
        r = cli("--players", "3", "--colours", bad, "--auto")
        assert r.returncode == 2 and "--colours" in r.stderr
