"""The dice games: Knizia's symbols game and the dice book's digits game, each on a
5x5 sheet.

Modules: `symbols` and `digits` (the rules, scoring and ranks), `sheetgame` (what
both share: turns, rolls, undo), `grid` (lines and neighbours), `notation` (sheets
as text), `session` (seats, phases, saving), `ai` (hints and opponents, with its
`ai_*` searches, tables and the `policies` baselines). Its screens are in `ui`.
Imported only when this game is played.
"""
