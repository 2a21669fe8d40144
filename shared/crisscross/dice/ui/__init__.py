"""The dice games' screens: `play` (cursor, roll, panel) and `results`, both
drawing the sheet with `draw`. Shown by name through App.show ("dice.play" is
crisscross.dice.ui.play); the game they show is the family's model, one package up.
"""
