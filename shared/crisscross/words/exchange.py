"""Rule 6.2 (tournament): a wild card used for J, Q, V, X or Z is exchanged.

"If a wild card is used, the wild card is returned to the drawing bin, and mixed up
again. Then draws another one in exchange for it." Loaded only when that happens.
"""

from crisscross.words.deck import WILD


def exchange(game, seat, res, cells):
    """The play is not laid (without its wild cards it is no play): each wild card
    goes back into the deck, the deck is shuffled, the player draws one card for
    each; the turn ends."""
    hand = game.players[seat].hand
    for _ in range(res.exchange):
        hand.remove(WILD)
        game.deck.append(WILD)
    game.rng.shuffle(game.deck)
    entry = game._note_play(seat, "exchange", cells, res.words)
    entry["drawn"] = game._take(seat, res.exchange)
    game._quiet += 1
    game._next()
