"""The words on the screens that are longer than a glance (imported when shown)."""

CONTROLS = (
    "Arrows move. A places or chooses. B turns the pair (symbols) or goes back. "
    "Hold A for a hint. Hold B for the game menu: undo, rules, save and quit.\n"
    "After placing, A rolls the next dice and B takes the placement back."
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

ABOUT = (
    "Criss Cross Pocket\n"
    "Criss Cross by Reiner Knizia (symbol game, Grail Games 2017, Egmont 2021) and "
    "the digits game from his book Dice Games Properly Explained.\n"
    "Free software: the same code runs on the handheld and in the simulator."
)
