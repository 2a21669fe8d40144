"""The card game's screens: `play` (the table, the hand, the cursor) and `results`,
both drawing cards with `draw`. Shown by name through App.show ("cards.play" is
crisscross.cards.ui.play); the game they show is the family's model, one package up.
"""
