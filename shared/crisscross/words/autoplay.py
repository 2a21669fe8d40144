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


def choose(game, budget=DEFAULT_BUDGET):
    """The AI's play for the seat to move: (cells, Result) or None."""
    return stepper(game, budget).best()


def take_turn(game, budget=DEFAULT_BUDGET):
    """Play the seat to move as the AI: lay the best play found, else draw or pass."""
    found = choose(game, budget)
    if found is not None:
        cells, _ = found
        if not game.play(cells).error:
            return "play"
    if wants_draw(game):
        game.draw()
        return "draw"
    game.pass_turn()
    return "pass"


def _hand_words(counts, lookup, prefix, out, most):
    """Every word of 2 to `most` letters the cards in `counts` (by card code, wild
    cards last) can spell, as (text, wild positions), into `out`."""
    if len(prefix) >= 2 and lookup.contains(prefix):
        out.append(prefix)
    if len(prefix) >= most:
        return
    for k in range(26):
        real = counts[k] > 0
        if not real and not counts[deck.WILD]:
            continue
        word = prefix + chr(97 + k)
        if not lookup.has_prefix(word):
            continue
        counts[k if real else deck.WILD] -= 1
        _hand_words(counts, lookup, word, out, most)
        counts[k if real else deck.WILD] += 1


def _spell(word, counts):
    """Cards for `word` from `counts` (real cards first, then wild cards): a list
    of (letter, wild), or None when the cards are not there. Takes them."""
    out = []
    for ch in word:
        k = ord(ch) - 97
        if counts[k]:
            counts[k] -= 1
            out.append((k, False))
        elif counts[deck.WILD]:
            counts[deck.WILD] -= 1
            out.append((k, True))
        else:
            return None
    return out


def best_square_score(hand, lookup, options):
    """Rule 9 with a Square Effect: the best two words laid in two rows of an empty
    table so that they overlap by 2 columns or more (each column of two a word,
    every 2x2 block a square), scored like any Square Effect; -1 if none."""
    counts = [0] * deck.KINDS
    for card in hand:
        counts[card] += 1
    words = []
    _hand_words(list(counts), lookup, "", words, len(hand) - 2)
    words.sort()
    best = -1
    for top in words:
        for low in words:
            if len(top) + len(low) > len(hand):
                continue
            for shift in range(2 - len(low), len(top) - 1):
                left = list(counts)
                a = _spell(top, left)
                b = _spell(low, left) if a is not None else None
                if b is None:
                    continue
                cells = [(0, i, a[i][0], a[i][1]) for i in range(len(top))]
                cells += [(1, shift + i, b[i][0], b[i][1]) for i in range(len(low))]
                board = Board()
                res = rules.Result()
                new = rules._check_cards(board, cells, options, res)
                if res.error or res.exchange:
                    continue
                view = rules._Overlay(board, new)
                corners = rules._squares(view, cells)
                if not corners:
                    continue
                rules._square_play(board, view, cells, corners, options, res, False)
                if res.error or res.score <= best:
                    continue
                if all(lookup.contains(w.lower()) for w in res.words):
                    best = res.score
    return best


def best_word_score(hand, lookup, options, budget=DEFAULT_BUDGET):
    """Tie-break value of a hand, in tenths: its best single word of 3+ letters, or
    its best Square Effect (best_square_score), whichever scores more."""
    square = best_square_score(hand, lookup, options)
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
    return max(s.best_value, square, 0)


def tie_break(game, tied):
    """Rule 9 for `game`'s `tied` seats: all cards back in the bin; the tied draw
    six each; the best word wins (again while still tied, at most MAX_TIEBREAKS
    times). Returns the seats still tied. Here, not in the game's module: only a
    tied game's end needs it, and it loads the search."""
    score_of = game._tiebreak or best_word_score
    for _ in range(rules.MAX_TIEBREAKS):
        bin_ = game.rng.shuffle(deck.new_deck())
        hands = []
        best = []
        for _ in tied:
            k = len(bin_) - rules.TIEBREAK_CARDS
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
