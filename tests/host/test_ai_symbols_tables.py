"""The symbol AI's table files: pattern ranks, and the same values as before.

The tables were stored by canonical code until issue 15 (4 bytes an entry:
code, value); they are now stored by pattern rank (a bit per rank present and
1.5 bytes per value, 1 in a table whose values all fit a byte:
host/ai_train.encode_table). The files were converted, not
trained again: every (stage, class, code, value) the old files held is listed
here from the new ones, and the listing's digest is the old files'.
"""

import hashlib
import os
import random

from mpy import ROOT

from host import ai_train as T
from crisscross.dice import ai_symbols as S

DICE = os.path.join(ROOT, "shared", "crisscross", "dice")
# sha256 of the sorted lines "stage class code value\n" of every entry of the
# tables as shipped by code (the format before ranks), and their count.
BY_CODE = {
    "basic": ("2d118a23e9220c0834394abff8e9809dc51950af5a0d3a5f81b2a89b8053d5fb", 3791),
    "advanced": (
        "ff278fd928d403abbc20eee2cdb015f3bf73ff6bb0cc54cab4d41a3e9f7569aa",
        4460,
    ),
}


def canonical_code(raw, size):
    """The old key: symbols relabelled 1, 2, ... in order of appearance."""
    labels = {}
    code = 0
    for k in range(size):
        v = (raw >> (3 * k)) & 7
        if v and v != 7:
            v = labels.setdefault(v, len(labels) + 1)
        code |= v << (3 * k)
    return code


def codes_by_rank(size):
    """{rank: canonical code} over every raw key of a tuple of `size` cells,
    checking that equal patterns, and only they, share a rank."""
    out = {}
    for raw in range(8**size):
        rank, complete = S.canon(raw, size)
        code = canonical_code(raw, size)
        assert out.setdefault(rank, code) == code, (raw, rank)
        assert complete == all((raw >> (3 * k)) & 7 for k in range(size))
    return out


def stages_of(rules):
    path = os.path.join(DICE, "ai_symbols_%s.bin" % rules)
    model = S.Model(rules == "advanced", T.CLASSES, T.STAGES, path, None)
    fresh = S.model(rules == "advanced")
    model.ends = fresh.ends
    return model, [model.stage(s) for s in range(max(T.STAGES) + 1)]


def test_ranks_number_the_patterns():
    for size in (5, 4):
        ranks = codes_by_rank(size)
        assert sorted(ranks) == list(range(T.pattern_count(size)))


def test_the_files_hold_the_values_stored_by_code_before():
    codes = {5: codes_by_rank(5), 4: codes_by_rank(4)}
    for rules, (digest, count) in BY_CODE.items():
        model, chunks = stages_of(rules)
        lines = []
        for s, chunk in enumerate(chunks):
            for cls, table in enumerate(T.decode_stage(chunk)):
                size = 5 if cls <= max(T.LINE_CLASSES) else 4
                for rank, v in table.items():
                    lines.append("%d %d %d %d\n" % (s, cls, codes[size][rank], v))
        lines.sort()
        assert len(lines) == count, rules
        assert hashlib.sha256("".join(lines).encode()).hexdigest() == digest, rules


def test_the_device_lookup_reads_every_entry():
    for rules in BY_CODE:
        model, chunks = stages_of(rules)
        for s, chunk in enumerate(chunks):
            for cls, table in enumerate(T.decode_stage(chunk)):
                size = 5 if cls <= max(T.LINE_CLASSES) else 4
                for rank in range(T.pattern_count(size)):
                    assert model.lookup(s << 4 | cls, rank) == table.get(rank)
    S.drop_tables()


def test_encode_and_decode_agree():
    rnd = random.Random(5)
    for size in (5, 4):
        n = T.pattern_count(size)
        for fill in (0, 1, 40, n):
            for span in (128, 2048):  # narrow tables, and 12-bit ones
                ranks = rnd.sample(range(n), fill)
                table = {r: rnd.randrange(-span, span) for r in ranks}
                narrow, b = T.encode_table(table, size)
                assert narrow == (span == 128 and fill > 0)
                assert T.decode_table(b, size, narrow) == table


def test_the_trainer_reads_and_writes_the_shipped_files_alike():
    for rules in BY_CODE:
        with open(os.path.join(DICE, "ai_symbols_%s.bin" % rules), "rb") as f:
            shipped = f.read()
        assert T.table_file(T.initial_tables(rules == "advanced")) == shipped
    S.drop_tables()
