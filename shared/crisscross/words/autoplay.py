"""Whole AI turns and the tie-break's word score, on top of the search in `ai`.

Kept out of `crisscross.words.ai`, the module the handheld loads while the AI
thinks: a game on the handheld runs the search a slice at a time through
`ai.stepper` (crisscross.words.session), so it needs none of this but the tie-break,
which loads this module only at the end of a tied game. Host tools, tests and
self-play use `choose` and `take_turn`.
"""

from crisscross.words import deck, rules
from crisscross.words.ai import DEFAULT_BUDGET, Search, stepper, wants_draw
from crisscross.words.board import Board


def choose(game, budget=DEFAULT_BUDGET, clock=None, deadline=None):
    """The AI's play for the seat to move: (cells, Result) or None."""
    return stepper(game, budget, clock, deadline).best()


def take_turn(game, budget=DEFAULT_BUDGET):
    """Play the seat to move as the AI: lay the best play found, else draw or pass."""
    found = choose(game, budget)
    if found is not None:
        res = game.play(found[0])
        if not res.error:
            return "play"
    if wants_draw(game):
        game.draw()
        return "draw"
    game.pass_turn()
    return "pass"


def best_word_score(hand, lookup, options, budget=DEFAULT_BUDGET):
    """Tie-break value of a hand: its best single word of 3+ letters, in tenths."""
    s = Search(
        Board(),
        hand,
        lookup,
        options,
        budget,
        bonus=False,
        min_len=rules.MIN_WORD,
        max_len=len(hand),
    )
    s.best()
    return max(s.best_value, 0)


def tie_break(game, tied):
    """Rule 9 for `game`'s `tied` seats: all cards back in the bin; the tied draw
    six each; the best word wins (again while still tied, at most MAX_TIEBREAKS
    times). Returns the seats still tied. Here, not in the game's module: only a
    tied game's end needs it, and it loads the search."""
    from crisscross.words.game import MAX_TIEBREAKS, TIEBREAK_CARDS

    score_of = game._tiebreak or best_word_score
    for _ in range(MAX_TIEBREAKS):
        bin_ = game.rng.shuffle(deck.new_deck())
        hands = []
        best = []
        for seat in tied:
            k = len(bin_) - TIEBREAK_CARDS
            hand = sorted(bin_[k:])  # a list of card codes
            bin_[k:] = b""
            hands.append(deck.hand_text(hand))
            best.append(score_of(hand, game.lookup, game.options))
        game._note(-1, "tiebreak", seats=list(tied), hands=hands, scores=best)
        top = max(best)
        tied = [s for s, b in zip(tied, best) if b == top]
        if len(tied) == 1:
            break
    return tied
