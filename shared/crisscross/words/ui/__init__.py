"""The word game's screens: `play` (cursor, hand strip; the cards picked and where
they land are its base, `pending`), `think` (the table while a search runs), `menu`
(the shared pause menu with the word game's items) and `results`, drawing the
table, top line and hand with `draw`. Shown by name through App.show ("words.play"
is crisscross.words.ui.play); the game they show is the family's model, one
package up.
"""
