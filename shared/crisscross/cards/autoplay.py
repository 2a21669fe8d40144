"""Whole games between AI seats, and any game as a plain record (dicts and lists).

The record is what `python3 -m host play --game cards --auto --json` prints and
what the parity test compares between MicroPython and CPython, so it holds only
ints, strings, lists and None, and is built in a fixed order.
"""

from crisscross.cards import ai, deck, scoring
from crisscross.cards.game import PASS, Game
from crisscross.cards.session import AI_SEED_STEP, ai_rng  # noqa: F401 (re-exported)


def level_of(levels, seat):
    """`levels` lists one level per seat, repeated if shorter."""
    return levels[seat % len(levels)]


def step(game, levels, rngs):
    """Let the AI of the seat to play move once (or pass); returns its lines."""
    seat = game.turn
    move = ai.choose(game, level_of(levels, seat), rngs[seat])
    if move is None:
        game.pass_turn()
        return []
    return game.play(move[0], move[1], move[2])


def play(players, seed, variant=None, levels=(ai.HARD,)):
    """Play a whole game with an AI in every seat; returns the finished Game."""
    game = Game(players, seed, variant)
    rngs = [ai_rng(seed, s) for s in range(players)]
    while not game.over:
        step(game, levels, rngs)
    return game


def line_record(line):
    cells = [[x, y] for x, y in line.cells]
    if line.kind == scoring.NUMBER:
        value = line.value + 1
    elif line.kind == scoring.COLOUR:
        value = deck.COLOUR_NAMES[line.value]
    else:
        value = deck.ITEM_NAMES[line.value]
    return {
        "kind": scoring.KIND_NAMES[line.kind],
        "value": value,
        "cells": cells,
        "points": line.points,
        "seat": line.seat,
    }


def move_record(entry):
    seat, card, x, y, lines = entry
    if card == PASS:
        return {"seat": seat, "pass": True}
    return {
        "seat": seat,
        "card": deck.short(card),
        "x": x,
        "y": y,
        "lines": [line_record(ln) for ln in lines],
    }


def winner(game):
    """The winning seat, or the sorted list of seats sharing the top score."""
    w = game.winners()
    return w[0] if len(w) == 1 else w


def record(game):
    jokers = game.jokers()
    return {
        "seed": game.seed,
        "players": game.seats,
        "variant": game.variant,
        "colours": [deck.COLOUR_NAMES[c] for c in game.colours],
        "first": game.first,
        "first_cards": [deck.short(c) for c in game.first_cards],
        "jokers": None if jokers is None else [deck.ITEM_NAMES[j] for j in jokers],
        "scores": list(game.scores),
        "winner": winner(game) if game.over else None,
        "end": game.end_reason,
        "moves": [move_record(e) for e in game.history],
    }
