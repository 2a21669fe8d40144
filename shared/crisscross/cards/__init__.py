"""The Janken Deck card game "Criss Cross": 2-4 players line up cards on a 4x4 table.

Modules: `deck` (cards as small ints), `table` (where cards lie, what may go where),
`scoring` (lines a played card completes), `game` (turns, variants, the end), `ai`
(easy and hard opponents), `autoplay` (whole games between AI seats, as records) and
`session` (seats, phases and saving on the handheld). Its screens are in `ui`.
Imported only when this game is played.
"""
