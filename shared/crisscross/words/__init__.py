"""The word game: crossword-style letter cards ("Criss Cross" from the card rules).

deck.py holds the cards and their values, board.py the sparse layout, rules.py what a
play is and what it scores, game.py turns and dice, dictionary.py the word list read
from flash, ai.py the bounded move search, selfplay.py whole AI games; its screens
are in ui/. Import this family only when it is played.
"""
