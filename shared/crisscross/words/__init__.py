"""The word game: crossword-style letter cards ("Criss Cross" from the card rules).

Among its modules: deck.py holds the cards and their values, board.py the sparse
layout, rules.py what a play is and what it scores, game.py turns and dice,
session.py seats, AI turns and saving on the handheld, dictionary.py the word list
read from flash, ai.py the bounded move search, selfplay.py whole AI games; the
others say in their docstrings what they hold and when they are loaded. Its
screens are in ui/. Import this family only when it is played.
"""
