"""Share codes and daily seeds: round trips, every typing slip caught, dates."""

from crisscross import sharecode
from crisscross.rng import Rng
from crisscross.sharecode import (
    ALPHABET,
    CODE_LENGTH,
    SEEDS,
    VARIANTS,
    daily_seed,
    decode,
    decode_variant,
    encode,
    pretty,
)


def _error(code):
    try:
        decode(code)
    except ValueError as e:
        return str(e)
    raise AssertionError("accepted %r" % (code,))


def _sample_codes(n):
    rng = Rng(2026)
    codes = [encode(0), encode(SEEDS - 1, VARIANTS - 1), encode(1, 1)]
    while len(codes) < n:
        codes.append(encode(rng.below(SEEDS), rng.below(VARIANTS)))
    return codes


def test_alphabet_has_no_look_alikes_and_a_prime_size():
    assert len(ALPHABET) == 31 and len(set(ALPHABET)) == 31
    for c in "0O1IL":
        assert c not in ALPHABET


def test_round_trip_over_seeds_and_variants():
    rng = Rng(7)
    for _ in range(300):
        seed = rng.below(SEEDS)
        variant = rng.below(VARIANTS)
        code = encode(seed, variant)
        assert len(code) == CODE_LENGTH
        for c in code:
            assert c in ALPHABET
        assert decode_variant(code) == (variant, seed)
        assert decode(code) == seed
    assert decode_variant(encode(SEEDS - 1, VARIANTS - 1)) == (VARIANTS - 1, SEEDS - 1)
    assert decode(encode(0)) == 0


def test_different_games_get_different_codes():
    codes = [encode(s, v) for s in (0, 1, 2, 1000) for v in (0, 1, 2)]
    assert len(set(codes)) == len(codes)


def test_lower_case_dashes_and_spaces_are_accepted():
    code = encode(123456, 5)
    assert decode_variant(code.lower()) == (5, 123456)
    assert decode_variant(pretty(code)) == (5, 123456)
    assert pretty(code) == code[:3] + "-" + code[3:]
    assert decode_variant(" " + code[:2] + " " + code[2:5] + "-" + code[5:] + " ") == (
        5,
        123456,
    )


def test_every_single_character_slip_is_caught():
    for code in _sample_codes(40):
        for i in range(CODE_LENGTH):
            for c in ALPHABET:
                if c == code[i]:
                    continue
                wrong = code[:i] + c + code[i + 1 :]
                assert "check failed" in _error(wrong), wrong


def test_every_swap_of_neighbours_is_caught():
    checked = 0
    for code in _sample_codes(200):
        for i in range(CODE_LENGTH - 1):
            if code[i] == code[i + 1]:
                continue  # swapping equal characters changes nothing
            swapped = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
            assert "check failed" in _error(swapped), swapped
            checked += 1
    assert checked > 1000


def test_wrong_length_bad_characters_and_non_text_get_clear_messages():
    code = encode(42)
    assert _error(code[:-1]) == "a share code has 7 characters, this has 6"
    assert _error(code + "A") == "a share code has 7 characters, this has 8"
    assert _error("") == "a share code has 7 characters, this has 0"
    message = _error(code[:2] + "0" + code[3:])
    assert (
        "character 3" in message and "'0'" in message and "no 0, O, 1, I, L" in message
    )
    assert "'O'" in _error("O" + code[1:])
    assert "'L'" in _error(code[:6] + "l")
    assert "'?'" in _error("ABC?EFG")
    assert "text" in _error(1234567)
    assert "text" in _error(None)


def test_every_message_fits_the_message_box_whole_after_link():
    from crisscross.app import TOAST_ROWS, toast_lines
    from crisscross.games import RULESETS, decode_deal

    code = encode(42)
    beyond = [30] * 6
    bad = (
        code[:-1],
        code + "A" * 93,
        "A" * 200000,
        "\u00e9" + code[1:],
        code[:2] + "0" + code[3:],
        code[:3] + code[4] + code[3] + code[5:],
        "".join(ALPHABET[v] for v in beyond) + sharecode._check_char(beyond),
        encode(5, len(RULESETS)),
    )
    for text in bad:
        try:
            decode_deal(text)
        except ValueError as e:
            message = "Link: " + str(e)
        else:
            assert False, text
        lines = toast_lines([message])
        assert len(lines) <= TOAST_ROWS and " ".join(lines) == message, lines


def test_codes_beyond_the_last_variant_are_refused():
    # The six data characters could hold more than 52 variants; such codes pass the
    # check yet are not ones this version makes.
    values = [30] * 6
    code = "".join(ALPHABET[v] for v in values) + sharecode._check_char(values)
    assert "not one this version makes" in _error(code)


def test_encode_refuses_out_of_range_seeds_and_variants():
    for seed, variant in (
        (-1, 0),
        (SEEDS, 0),
        (0, VARIANTS),
        (0, -1),
        (True, 0),
        ("1", 0),
    ):
        try:
            encode(seed, variant)
        except ValueError as e:
            assert "must be an int" in str(e)
        else:
            raise AssertionError("accepted %r" % ((seed, variant),))


def _day_number(year, month, day):
    """Days since 2000-01-01, counted the slow way: whole years, months, days."""
    lengths = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)

    def leap(y):
        return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)

    n = 0
    for y in range(min(year, 2000), max(year, 2000)):
        n += 366 if leap(y) else 365
    if year < 2000:
        n = -n
    for m in range(1, month):
        n += 29 if (m == 2 and leap(year)) else lengths[m - 1]
    return n + day - 1


def test_day_numbers_agree_with_counting_days():
    dates = [(2000, 1, 1), (2000, 2, 29), (2000, 3, 1), (1999, 12, 31), (2026, 11, 22)]
    dates += [
        (2100, 2, 28),
        (2100, 3, 1),
        (2400, 2, 29),
        (1900, 3, 1),
        (1, 1, 1),
        (9999, 12, 31),
    ]
    for y, m, d in dates:
        got = sharecode._days_from_civil(y, m, d) - sharecode.EPOCH_DAYS
        assert got == _day_number(y, m, d), (y, m, d)


def test_daily_seeds_are_24_bit_and_differ_every_day_for_decades():
    seen = set()
    days = 0
    for year in range(2024, 2040):
        for month in range(1, 13):
            for day in range(1, sharecode._days_in_month(year, month) + 1):
                s = daily_seed(year, month, day)
                assert 0 <= s < SEEDS
                seen.add(s)
                days += 1
    assert len(seen) == days  # no two days share a game
    assert daily_seed(2026, 11, 22) == daily_seed(2026, 11, 22)


def test_mix24_is_a_bijection_on_a_sample_and_scatters_neighbours():
    outs = [sharecode.mix24(x) for x in range(4096)]
    assert len(set(outs)) == 4096
    # Neighbouring days give seeds far apart, not 1, 2, 3...
    assert abs(outs[1] - outs[0]) > 1000 and abs(outs[2] - outs[1]) > 1000


def test_impossible_dates_are_refused():
    for y, m, d in (
        (2026, 2, 29),
        (2100, 2, 29),
        (2026, 13, 1),
        (2026, 0, 1),
        (2026, 4, 31),
        (0, 1, 1),
        (2026, 1, 0),
    ):
        try:
            daily_seed(y, m, d)
        except ValueError as e:
            assert "no such date" in str(e)
        else:
            raise AssertionError("accepted %d-%d-%d" % (y, m, d))
    assert 0 <= daily_seed(2024, 2, 29) < SEEDS
    try:
        daily_seed("2026", 1, 1)
    except ValueError as e:
        assert "year must be an int" in str(e)
    else:
        raise AssertionError("accepted a string year")
