"""host.play.keyscript: the key files the headless simulator replays."""

import pytest

from crisscross import buttons
from host.play import keyscript
from host.play.keyscript import LONG, PRESS, WAIT, KeyScriptError


def test_every_documented_word_parses_to_its_step():
    text = "up\ndown\nleft\nright\na\nb\nlong-a\nlong-b\nwait 250\n"
    assert keyscript.parse(text) == [
        (PRESS, buttons.UP, 1),
        (PRESS, buttons.DOWN, 2),
        (PRESS, buttons.LEFT, 3),
        (PRESS, buttons.RIGHT, 4),
        (PRESS, buttons.A, 5),
        (PRESS, buttons.B, 6),
        (LONG, buttons.A, 7),
        (LONG, buttons.B, 8),
        (WAIT, 250, 9),
    ]


def test_blanks_comments_case_and_counts():
    text = "# a game\n\n   \nRIGHT 3   # along the row\n  Long-B\nwait 0\n"
    assert keyscript.parse(text) == [
        (PRESS, buttons.RIGHT, 4),
        (PRESS, buttons.RIGHT, 4),
        (PRESS, buttons.RIGHT, 4),
        (LONG, buttons.B, 5),
        (WAIT, 0, 6),
    ]


def test_windows_line_endings_and_no_final_newline():
    assert keyscript.parse("a\r\nwait 10\r\nb") == [
        (PRESS, buttons.A, 1),
        (WAIT, 10, 2),
        (PRESS, buttons.B, 3),
    ]


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("a\nb\njump\n", 3, "unknown key 'jump'"),
        ("a\n\n# x\nwait\n", 4, "one number"),
        ("wait soon\n", 1, "whole number"),
        ("a\nwait -5\n", 2, "0..600000"),
        ("wait 600001\n", 1, "0..600000"),
        ("b 0\n", 1, "1..1000"),
        ("right 2 3\n", 1, "at most a count"),
        ("long-c\n", 1, "unknown key 'long-c'"),
        ("wait 5 5\n", 1, "one number"),
    ],
)
def test_bad_lines_name_their_number(text, line, words):
    with pytest.raises(KeyScriptError) as info:
        keyscript.parse(text)
    assert info.value.line == line
    assert str(info.value).startswith("line %d: " % line)
    assert words in str(info.value)


def test_unknown_key_message_lists_what_is_allowed():
    with pytest.raises(KeyScriptError) as info:
        keyscript.parse("select\n")
    for word in ("up", "down", "left", "right", "long-a", "long-b", "wait MS"):
        assert word in str(info.value)


def test_step_text_writes_lines_that_parse_back():
    text = "up\nlong-a\nwait 70\nb\nlong-right\n"
    steps = keyscript.parse(text)
    assert "".join(keyscript.step_text(s) + "\n" for s in steps) == text
