"""One game of Criss Cross with the Janken Deck: seats, hands, turns, variants, the end.

Each seat plays one colour (Sun, Mountain, Forest, Ocean; by default seat i colour
i) with that colour's 16 cards, shuffled into a draw pile; hands hold HAND_SIZE
cards. The first player holds the high card of one drawn per seat from the whole
deck (`legacy`, saves of version 1: a card of the seat's own colour, and stacks
score lines again). A turn plays one card and
draws one. A seat that holds cards but has no legal placement passes; seats without
cards are skipped. The game ends at once when a card completes four in a row of its
player's colour ("colour"), when nobody has cards left ("cards"), or when every seat
still holding cards has passed in a row, so nobody can ever play again ("blocked").

What a screen uses: `turn`, `hands[seat]` (card ints, see `deck`), `scores`,
`table` (`at(x, y)`, `height(x, y)`, `bounds()`, `last`, `spots(card)`),
`legal_moves()` -> [(card, x, y)], `preview(card, x, y)`, `play(card, x, y)` ->
[scoring.Line] (kind, value, cells to flash, points, seat), `pass_turn()` when
`legal_moves()` is empty, then `over`, `end_reason`, `winners()`, `jokers()`.
A game is saved as its seed, variant, seats and `move_codes()`; `replay` restores it.
"""

from crisscross.compat import const
from crisscross.rng import Rng
from crisscross.cards import deck, scoring
from crisscross.cards.table import Table

HAND_SIZE = const(4)
_MIN_PLAYERS = const(2)
MAX_PLAYERS = const(4)
VARIANTS = ("joker", "strict", "joker-strict")
END_COLOUR = "colour"
END_CARDS = "cards"
END_BLOCKED = "blocked"
PASS = const(-1)  # the card of a pass in `history`
COLUMNS = "abcdefg"  # squares are named like the terminal's: column a-g, row 1-7
ROWS = "1234567"
PASS_CODE = "-"


def move_code(entry, before=None):
    """One history entry as `move_codes` writes it: 'Y3Kd4', or '-' for a pass;
    with `before`, that text, a comma and the code, as one string (a save
    appends each move's code to the moves so far: no string of the code alone)."""
    card = entry[1]
    if card == PASS:
        return PASS_CODE if before is None else before + "," + PASS_CODE
    # deck.short(card) and the square in one string
    colour = deck.COLOUR_LETTERS[deck.colour(card)]
    item = deck.ITEM_LETTERS[deck.item(card)]
    x = COLUMNS[entry[2]]
    y = ROWS[entry[3]]
    if before is None:
        return "%s%d%s%s%s" % (colour, deck.number(card), item, x, y)
    return "%s,%s%d%s%s%s" % (before, colour, deck.number(card), item, x, y)


class Game:
    FAMILY = "cards"

    def __init__(self, players=2, seed=0, variant=None, colours=None, legacy=False):
        if not _MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError("players must be 2 to 4")
        if variant is not None and variant not in VARIANTS:
            raise ValueError("unknown variant: %s" % variant)
        if colours is None:
            colours = range(players)
        colours = list(colours)
        if len(colours) != players or any(
            not 0 <= c < deck.COLOURS or colours.count(c) > 1 for c in colours
        ):
            raise ValueError("one different colour per seat")
        self.seats = players
        self.variant = variant
        self.seed = seed
        self.legacy = legacy
        rng = Rng(seed)
        self.colours = colours
        # High card for the first player: "each player choose a card from the deck
        # at random"; the cards differ, so there is no tie. They go back before
        # the deal. (Legacy: a card of the seat's own colour.)
        self.first_cards = []
        for s in range(players):
            if legacy:
                c = deck.colour_cards(colours[s])[rng.below(16)]
            else:
                c = rng.below(deck.DECK_SIZE)
                while c in self.first_cards:
                    c = rng.below(deck.DECK_SIZE)
            self.first_cards.append(c)
        self.first = 0
        for s in range(1, players):
            if deck.rank(self.first_cards[s]) > deck.rank(self.first_cards[self.first]):
                self.first = s
        self.piles = []
        self.hands = []
        for s in range(players):
            pile = rng.shuffle(deck.colour_cards(self.colours[s]))
            hand = []
            for _ in range(HAND_SIZE):
                hand.append(pile.pop())
            self.piles.append(pile)
            self.hands.append(hand)
        jokers = None
        if self.has("joker"):
            # One joker per seat, each holding a different item.
            items = rng.shuffle(list(range(deck.ITEMS)))
            jokers = items[:players]
        self.rules = scoring.Rules(players, self.has("strict"), jokers, legacy)
        self.table = Table()
        self.played = bytearray(deck.DECK_SIZE)  # 1 once a card is on the table
        self.scores = [0] * players
        self.turn = self.first
        self.over = False
        self.end_reason = None
        self.passes = 0  # passes in a row since the last card played
        self.history = []  # (seat, card or PASS, x, y, lines)
        self.last_lines = []

    def has(self, rule):
        """Is "joker" or "strict" played (alone or in "joker-strict")?"""
        return self.variant is not None and rule in self.variant

    def jokers(self):
        """Each seat's joker item, or None without the Joker Bonus."""
        if not self.has("joker"):
            return None
        return list(self.rules.jokers)

    def unplayed(self, seat):
        """Cards of the seat's colour not yet on the table: what others may infer."""
        out = []
        for c in deck.colour_cards(self.colours[seat]):
            if not self.played[c]:
                out.append(c)
        return out

    def legal_moves(self):
        """(card, x, y) for every card in the current hand and every place it may go."""
        if self.over:
            return []
        moves = []
        for card in self.hands[self.turn]:
            for x, y in self.table.spots(card):
                moves.append((card, x, y))
        return moves

    def preview(self, card, x, y, seat=None):
        """The lines `card` would complete at (x, y), without playing it."""
        if seat is None:
            seat = self.turn
        prof = scoring.profile(self.table, x, y)
        return scoring.award(prof, card, seat, self.rules)

    def play(self, card, x, y):
        """Play `card` from the current hand to (x, y); returns the lines it scored."""
        if self.over:
            raise ValueError("the game is over")
        seat = self.turn
        if card not in self.hands[seat]:
            raise ValueError("that card is not in the hand")
        if not self.table.can_place(card, x, y):
            raise ValueError("the card may not go there")
        awarded = self.preview(card, x, y, seat)
        self.table.place(card, x, y)
        self.played[card] = 1
        self.hands[seat].remove(card)
        g, ends = scoring.gains(awarded, self.seats)
        for s in range(self.seats):
            self.scores[s] += g[s]
        made = scoring.lines(awarded, card, x, y)
        self.last_lines = made
        self.history.append((seat, card, x, y, made))
        self.passes = 0
        if ends:
            self._finish(END_COLOUR)
            return made
        if self.piles[seat]:
            self.hands[seat].append(self.piles[seat].pop())
        self._advance()
        return made

    def pass_turn(self):
        """The current seat cannot play: it passes (only allowed then)."""
        if self.over:
            raise ValueError("the game is over")
        if self.legal_moves():
            raise ValueError("a card can be played, so passing is not allowed")
        self.history.append((self.turn, PASS, -1, -1, []))
        self.last_lines = []
        self.passes += 1
        holders = 0
        for s in range(self.seats):
            if self.hands[s]:
                holders += 1
        if self.passes >= holders:
            self._finish(END_BLOCKED)
            return
        self._advance()

    def _advance(self):
        for step in range(1, self.seats + 1):
            s = (self.turn + step) % self.seats
            if self.hands[s]:
                self.turn = s
                return
        self._finish(END_CARDS)

    def _finish(self, reason):
        self.over = True
        self.end_reason = reason

    def winners(self):
        """Seats with the highest score (more than one on a tie)."""
        best = max(self.scores)
        return [s for s in range(self.seats) if self.scores[s] == best]

    def move_codes(self):
        """The moves so far as text: per card 'Y3Kd4' (its short code and square),
        per pass '-', comma-separated, in the order played."""
        return ",".join([move_code(entry) for entry in self.history])

    def replay(self, text):
        """Play the moves of a `move_codes` text, each checked like a fresh move;
        ValueError naming the first one that is not legal."""
        if not text:
            return
        n = 0
        for code in text.split(","):
            n += 1
            try:
                if code == PASS_CODE:
                    self.pass_turn()
                    continue
                card = deck.parse(code[:3]) if len(code) == 5 else None
                x = COLUMNS.find(code[3])
                y = ROWS.find(code[4])
                if card is None or x < 0 or y < 0:
                    raise ValueError("not a card and square")
                self.play(card, x, y)
            except (ValueError, IndexError) as e:
                raise ValueError("move %d (%s): %s" % (n, code, e))
