"""The dice AI's table files: the ranks are canon()'s, the values keep the
rules' exact scores where a line is full, and the trainer rebuilds them
from a seed, byte for byte."""

import os
import random

import pytest

from mpy import ROOT

from host.engine import ai_train as T
from host.engine import ai_train_digits as TD
from crisscross.dice import ai_digits as D
from crisscross.dice import ai_symbols_tables as S
from crisscross.dice.symbols import ROUNDS

DICE = os.path.join(ROOT, "shared", "crisscross", "dice")


def read(name):
    with open(os.path.join(DICE, name), "rb") as f:
        return f.read()


def rank_at(ranks, bit):
    b = bit >> 3
    return ((ranks[b] | ranks[b + 1] << 8) >> (bit & 7)) & 1023


def test_the_ranks_file_holds_canon_of_every_key():
    ranks = read(S.RANKS_FILE)
    assert len(ranks) == 10 * (8**5 + 8**4) // 8
    for raw in range(8**5):
        assert rank_at(ranks, 10 * raw) == S.canon(raw)[0]
    for raw in range(8**4):
        assert rank_at(ranks, S.SQUARE_RANKS + 10 * raw) == S.canon(raw, 4)[0]
    assert ranks == T.ranks_file()


def test_ranks_number_the_patterns_one_each():
    """Keys alike up to relabelling, and only they, share a rank (a pattern's
    symbols renamed in order of appearance; empty and blocked kept)."""
    for size, count in ((5, S.LINE_PATTERNS), (4, S.SQUARE_PATTERNS)):
        seen = {}
        for raw in range(8**size):
            labels = {}
            code = []
            for k in range(size):
                v = (raw >> (3 * k)) & 7
                if v and v != 7:
                    v = labels.setdefault(v, len(labels) + 1)
                code.append(v)
            assert seen.setdefault(S.canon(raw, size)[0], code) == code
        assert sorted(seen) == list(range(count))


def test_value_files_keep_exact_scores_where_lines_are_full():
    for advanced in (False, True):
        name = "ai_symbols_advanced.bin" if advanced else "ai_symbols_basic.bin"
        model = S.Model(advanced, read(name), read(S.RANKS_FILE))
        pat = T.Patterns(advanced)
        for stage in range(1, ROUNDS + 1):
            for cls in range(S.NCLASSES):
                if cls == 3 and not advanced:
                    continue  # no diagonal in basic
                if cls < 4:
                    for r in range(S.LINE_PATTERNS):
                        v = model.value(stage, cls, r)
                        if pat.complete[r] or stage == ROUNDS:
                            assert v == pat.score[r], (stage, cls, r)
                elif stage == ROUNDS:  # at the end squares count for nothing
                    assert [
                        model.value(stage, cls, r) for r in range(S.SQUARE_PATTERNS)
                    ] == [0] * S.SQUARE_PATTERNS


def test_the_learned_values_differ_from_the_score_as_it_stands():
    """Not the defaults: an empty line is worth points to come early on."""
    for advanced in (False, True):
        name = "ai_symbols_advanced.bin" if advanced else "ai_symbols_basic.bin"
        model = S.Model(advanced, read(name), read(S.RANKS_FILE))
        empty = S.canon(0)[0]
        now = T.Patterns(advanced).score[empty]  # 0, or -5 points in advanced
        # row 1's class (rows and columns 1 and 3, which start empty): points to come
        assert model.value(1, 1, empty) > now + 100
    data = read(D.TABLE_FILE)
    assert len(data) == 2 * D.RANKS * D.STAGES
    assert D.line_value(data, 23, 0, 0) > 200


def test_the_trainer_rebuilds_the_same_bytes_from_a_seed():
    a = T.train_symbols(True, 5, (1, 6), 6, 4)
    b = T.train_symbols(True, 5, (1, 6), 6, 4)
    c = T.train_symbols(True, 6, (1, 6), 6, 4)
    assert a == b and a != c
    # the step falls over a TD phase (from its 11th game): other bytes
    e = T.train_symbols(True, 5, (1, 6), 20, 4)
    assert T.train_symbols(True, 5, (1, 6), 20, 4, 0.1) != e
    d = TD.train(5, (1, 20), 20, T.log)
    assert d == TD.train(5, (1, 20), 20, T.log) != TD.train(6, (1, 20), 20, T.log)
    assert TD.train(5, (1, 20), 20, T.log, 0.1) != d
    assert len(d) == len(read(D.TABLE_FILE))


def test_each_rule_set_learns_from_its_own_seed_unless_one_is_given(tmp_path):
    tiny = ["--mc-iterations", "1", "--mc-games", "6", "--td0-games", "6"]
    tiny += ["--etd-games", "4", "--rules", "advanced", "--jobs", "1"]
    seed, _, _, _, end = T.RECIPE["advanced"]
    assert T.main(tiny + ["--out", str(tmp_path / "own")]) == 0
    assert T.main(tiny + ["--out", str(tmp_path / "given"), "--seed", "5"]) == 0
    own = (tmp_path / "own" / "ai_symbols_advanced.bin").read_bytes()
    given = (tmp_path / "given" / "ai_symbols_advanced.bin").read_bytes()
    assert own == T.train_symbols(True, seed, (1, 6), 6, 4, end)
    assert given == T.train_symbols(True, 5, (1, 6), 6, 4, end) != own


def test_the_trainer_refuses_a_symbols_option_for_digits_alone(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit:
        T.main(["--rules", "digits", "--td0-games", "5", "--out", str(tmp_path)])
    assert exit.value.code == 2
    assert "--td0-games" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing learned, nothing written


def test_the_digits_file_holds_the_mean_of_two_counts_of_empty_cells():
    tables = TD.scratch()
    key = D.POW6[3] + D.POW6[7]  # a line holding a 3 and a 7
    tables[5][key] = 1000.0
    tables[6][key] = 2000.0
    tables[23][key] = 500.0
    data = TD.table_file(tables)
    assert D.line_value(data, 5, key, 2) == D.line_value(data, 6, key, 2) == 1500
    assert D.line_value(data, 23, key, 2) == 500
    assert D.line_value(data, 3, key, 2) == D.key_score(key) * D.SCALE


def test_the_digits_trainers_expectation_is_the_plain_one():
    # expected() looks each line's gains up once; the plain way values every
    # placement of every next digit in full (afters()).
    rnd = random.Random(7)
    tables = TD.mc(TD.scratch(), rnd, 1, 30, T.log)
    checked = 0
    for _ in range(5):
        s = TD.State(tables, rnd)
        for _ in s.play(rnd):
            if s.empty:
                plain = sum(D.ODDS[d] * max(s.afters(d))[0] for d in range(10))
                assert abs(s.expected() - plain / 36) < 1e-6
                checked += 1
    assert checked == 5 * 23
