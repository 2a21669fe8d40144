"""The words on the screens that are longer than a glance (imported when shown)."""

CONTROLS = (
    "Arrows move. A places or chooses, B goes back. Hold A for a hint. Hold B "
    "for the game menu: hint, undo, rules, controls, save and quit. Where a hold "
    "means something, a short A or B acts when let go.\n"
    "Each game's own keys: Controls in its game menu."
)

# Each game's keys: Controls in its game menu (screens.pause), and its rules.
SYMBOLS_KEYS = (
    "Arrows move the pair of cells, B turns it (the first die's symbol stays "
    "where the turn starts), A places. Then A rolls the next dice and B takes "
    "the placement back. Hold A for a hint, hold B for the menu."
)

DIGITS_KEYS = (
    "Arrows move the cell, A places the digit. Then A rolls the next dice and "
    "B takes the digit back. B opens the menu (or hold it); hold A for a hint."
)

CARDS_KEYS = (
    "Left/right choose a card, A picks it up, arrows choose its square (dots), "
    "A plays, B puts it back. Hold A for a hint, hold B for the menu."
)

WORDS_KEYS = (
    "Arrows move, B turns across/down, A starts a word; left/right and A pick "
    "cards, up/down set a wild card's letter, B takes one back, A on OK lays. "
    "Hold A: hint. Hold B: draw, pass, another line (for a Square Effect over "
    "two rows or columns), scores, save."
)

SYMBOLS = (
    "12 rounds. Two symbol dice are rolled; put both symbols in two empty cells "
    "next to each other (across or down), in either order. You must place if you "
    "can. Your game ends after 12 rounds or when only lone empty cells are left.\n"
    "Rows and columns score runs of one symbol without gaps: 2 in a row 2, 3 in a "
    "row 3, 4 in a row 8, 5 in a row 10.\n"
    "Advanced: the rising diagonal scores too and counts twice; every line that "
    "scores 0 scores -5.\n"
    "Solo ranks: 30+ Cross Master, 25 X-tra Special, 20 Symbol Simon, 15 Line "
    "Sweeper, below: Column Counter."
)

DIGITS = (
    "Two dice make a digit: their sum, with 10 as 0, 11 as 1, 12 as 2. The centre "
    "starts with a rolled digit; 24 more rolls, each digit into any empty cell.\n"
    "Each row and column scores its equal digits anywhere in the line: 2 of a "
    "kind 1, 3 of a kind 3, 4 of a kind 6, 5 of a kind 10; and 5 for five "
    "consecutive digits in any order (0 only as 0-1-2-3-4 or 6-7-8-9-0).\n"
    "Criss and Cross: the lower of your rows total and columns total counts.\n"
    "Criss Versus Cross: two players on one sheet take turns; one scores the "
    "rows, the other the columns."
)

CARDS = (
    "Janken Deck, 2-4 players. Each plays one kingdom's 16 cards (numbers 1-4, "
    "items Key, Axe, Shield, Coin) and holds 4. A turn: play a card, draw one.\n"
    "Cards go on empty squares as long as all fit in a 4x4 grid, or on a card of "
    "the same number, but not on the card played last (its mark is inverted).\n"
    "3 in a row (across, down, diagonal) of one number or item scores 1, 4 in a "
    "row 2; a card on a stack scores only lines it makes anew. 4 in a row of your "
    "colour scores 3 and ends the game. Else it ends when nobody can play. Joker: "
    "each seat's joker item earns it the points of every line of that item. "
    "Strict: numbers do not score. Both may be played together.\n"
    "Keys: " + CARDS_KEYS
)

WORDS = (
    "Criss Cross letter cards, 1-4 players. Lay cards as in a crossword. The "
    "first word has 5 cards. Then lay cards in one row or column, joined to "
    "the table, making one word of 3 letters or more: it scores the sum of its "
    "card values times its length (the whole word, old cards too).\n"
    "Square Effect: complete a 2x2 block of cards and every word formed counts, "
    "2 letters too; the total is multiplied by the precise values of the "
    "block's cards, once per area.\n"
    "A word not in the dictionary: 0 points, the turn is lost. Empty your hand: "
    "125 x times emptied, and draw again. Or draw: roll a die, take that many "
    "cards; over the limit (24, 18 tournament, 30 big draw) loses 2 turns.\n"
    "Solo: aim for 6000. Else first to 3000 wins; the game also ends when the "
    "deck is empty and a player cannot lay.\n"
    "Keys: " + WORDS_KEYS
)

ABOUT = (
    "Criss Cross Pocket\n"
    "Criss Cross by Reiner Knizia (symbol game, Grail Games 2017, Egmont 2021) and "
    "the digits game from his book Dice Games Properly Explained. The card game: "
    "the Janken Deck's Criss Cross (jankendeck.com). The word game: a letter-card "
    "Criss Cross from its author's web page.\n"
    "Free software: the same code runs on the handheld and in the simulator."
)
