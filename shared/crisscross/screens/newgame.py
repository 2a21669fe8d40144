"""New game: choose the game, rules, players, start symbols and the dice.

Up/down pick a row, left/right change it (the chosen row's value shows < > when it
can change), A on "> Start game" begins.
"""

from crisscross import buttons, glyphs, ui
from crisscross.screens import Screen
from crisscross.screens.listmenu import scrollbar

GAMES = ("symbols", "digits", "cards", "words")
GAME_NAMES = ("Symbols", "Digits", "Cards", "Words")
RULES = {
    "symbols": (("basic", "Basic"), ("advanced", "Advanced")),
    "digits": (("", "Standard"), ("cc", "C&Cross"), ("versus", "Versus")),
    "cards": (
        ("", "Standard"),
        ("joker", "Joker"),
        ("strict", "Strict"),
        ("joker-strict", "Joker+Str."),
    ),
    "words": (("", "Normal"), ("tournament", "Tournament"), ("optional", "Big draw")),
}
DICE = ("Random", "Daily", "Code")
# AI levels per family: (name the engine knows, name on the screen); the dice
# games' are crisscross.dice.session.SEAT_LEVELS (Normal the first offered).
LEVELS = {
    "symbols": (("greedy", "Easy"), ("casual", "Normal"), ("device", "Strong")),
    "digits": (("greedy", "Easy"), ("casual", "Normal"), ("device", "Strong")),
    "cards": (("easy", "Easy"), ("hard", "Hard")),
    "words": (("quick", "Quick"), ("strong", "Strong")),
}
FIRST_LEVEL = {"symbols": 1, "digits": 1, "cards": 0, "words": 0}
# The card game's colours (crisscross.cards.deck's order), one per human seat.
COLOURS = ("Sun", "Mountain", "Forest", "Ocean")
MIN_SEATS = {"symbols": 1, "digits": 1, "cards": 2, "words": 1}
MAX_SEATS = {"symbols": 6, "digits": 10, "cards": 4, "words": 4}
ROWS = 6
ANSWER = " No   Yes"
VALUE_END = 118  # values end here: the < > marks and the scroll bar beside them


class NewGame(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        last = {}
        if app.store is not None:
            from crisscross import records

            last = records.settings(app.store).get("new_game")
            if not isinstance(last, dict):
                last = {}
        self.game = _pick(GAMES, last.get("game"), 0)
        self.rules = _int(last, "rules", 0)
        # The players and AI foes as chosen on their rows; each game and rule set
        # shows them fitted to its seats (_fix), and gives them back unchanged.
        self.chosen = [_int(last, "humans", 1), _int(last, "ais", 0)]
        self.starts = [1, 2, 3, 4, 5, 6]  # start symbol per seat (symbols)
        self.colours = [0, 1, 2, 3]  # colour per human seat (cards)
        self.dice = 0
        self.code = ""  # share code typed on the code screen (take_code)
        self.shown_code = ""  # the same as the results show it: AVF-F6V5
        self.level = _int(last, "level", FIRST_LEVEL[self.family()])
        self.row = 0
        self.top = 0
        self.asking = None  # "Replace your saved ... game?": its lines, while up
        self.yes = False  # the answer chosen (No first)
        self._fix()

    # ---- the rows ---------------------------------------------------------
    def family(self):
        return GAMES[self.game]

    def rows(self):
        """(key, label, value text) for every row shown now."""
        fam = self.family()
        out = [("game", "Game", GAME_NAMES[self.game])]
        out.append(("rules", "Rule", RULES[fam][self.rules][1]))
        out.append(("humans", "Players", str(self.humans)))
        if not self.versus():
            out.append(("ais", "AI foes", str(self.ais)))
        if fam == "symbols":
            for p in range(self.humans):
                out.append(
                    (
                        "start%d" % p,
                        (
                            "P%d first sym" % (p + 1)
                            if self.humans > 1
                            else "First symbol"
                        ),
                        "",
                    )
                )
        if fam == "cards":
            for p in range(self.humans):
                label = "Colour" if self.humans == 1 else "P%d" % (p + 1)
                out.append(("colour%d" % p, label, COLOURS[self.colours[p]]))
        if self.ais or self.versus() and self.humans < 2:
            out.append(("level", "AI", LEVELS[fam][self.level][1]))
        dice = self.shown_code if self.dice == 2 and self.code else DICE[self.dice]
        out.append(
            ("dice", "Deal" if fam == "cards" or fam == "words" else "Dice", dice)
        )
        out.append(("start", "> Start game", ""))
        return out

    def can_change(self, key):
        """Whether left/right change the row `key` (its value shows < >)."""
        fam = self.family()
        if key == "start":
            return False
        if key == "rules":
            return len(RULES[fam]) > 1
        if key == "ais":
            return MAX_SEATS[fam] - self.humans > max(0, MIN_SEATS[fam] - self.humans)
        if key.startswith("colour"):
            return self.humans < 4  # four humans: every colour is taken
        if key.startswith("start"):
            return self.humans < 6  # six humans: every symbol is taken
        return True

    def versus(self):
        return self.family() == "digits" and RULES["digits"][self.rules][0] == "versus"

    def _fix(self):
        """Keep the choices consistent after any change."""
        fam = self.family()
        self.rules %= len(RULES[fam])
        self.humans, self.ais = self.chosen
        if self.versus():
            self.humans = min(max(self.humans, 1), 2)
            self.ais = 2 - self.humans
        most = MAX_SEATS[fam]
        self.humans = min(max(self.humans, 1), most)
        self.ais = min(max(self.ais, MIN_SEATS[fam] - self.humans), most - self.humans)
        self.level %= len(LEVELS[fam])
        # Start symbols of the humans must all differ (symbols: at most 6 seats).
        for p in range(self.humans if fam == "symbols" else 0):
            while self.starts[p] in self.starts[:p]:
                self.starts[p] = self.starts[p] % 6 + 1
        # So must the colours of the humans (cards: at most 4 seats).
        for p in range(self.humans if fam == "cards" else 0):
            while self.colours[p] in self.colours[:p]:
                self.colours[p] = (self.colours[p] + 1) % 4

    def _change(self, key, step):
        if key == "game" or key == "rules":
            # A friend's code names its game and rules: another choice drops it.
            self.code = self.shown_code = ""
        if key == "game":
            self.game = (self.game + step) % len(GAMES)
            self.rules = 0
            self.level = FIRST_LEVEL[self.family()]
        elif key == "rules":
            self.rules = (self.rules + step) % len(RULES[self.family()])
        elif key == "humans":
            most = 2 if self.versus() else MAX_SEATS[self.family()]
            self.chosen[0] = (self.humans - 1 + step) % most + 1
        elif key == "ais":
            fam = self.family()
            low = max(0, MIN_SEATS[fam] - self.humans)
            span = MAX_SEATS[fam] - self.humans - low + 1
            self.chosen[1] = low + (self.ais - low + step) % span
        elif key.startswith("start") and key != "start":
            p = int(key[5:])
            s = self.starts[p]
            for _ in range(6):
                s = (s - 1 + step) % 6 + 1
                if s not in self.starts[: self.humans] or s == self.starts[p]:
                    break
            self.starts[p] = s
        elif key.startswith("colour"):
            p = int(key[6:])
            c = self.colours[p]
            for _ in range(4):
                c = (c + step) % 4
                if c not in self.colours[: self.humans] or c == self.colours[p]:
                    break
            self.colours[p] = c
        elif key == "level":
            self.level = (self.level + step) % len(LEVELS[self.family()])
        elif key == "dice":
            self.dice = (self.dice + step) % len(DICE)
        self._fix()

    # ---- keys -------------------------------------------------------------
    def key(self, b, kind):
        if self.asking is not None:
            self._answer(b, kind)
            return
        rows = self.rows()
        if kind == buttons.LONG:
            return
        if b == buttons.UP:
            self.row = (self.row - 1) % len(rows)
        elif b == buttons.DOWN:
            self.row = (self.row + 1) % len(rows)
        elif b == buttons.LEFT or b == buttons.RIGHT:
            self._change(rows[self.row][0], 1 if b == buttons.RIGHT else -1)
        elif kind == buttons.REPEAT:
            return
        elif b == buttons.B:
            self.app.show("title", "New game")
        elif b == buttons.A:
            key = rows[self.row][0]
            if key == "start":
                self.start()
            elif key == "dice" and self.dice == 2:
                self.app.show("codeentry", self)
            else:
                self._change(key, 1)
        self.row = min(self.row, len(self.rows()) - 1)

    def take_code(self, code, fam, rules):
        """A checked share code (typed, or a link's) and the game and rules it
        deals (games.decode_deal's), chosen."""
        from crisscross import sharecode

        self.code = sharecode.clean(code)
        self.shown_code = sharecode.pretty(self.code)
        if fam != self.family():
            self.level = FIRST_LEVEL[fam]
        self.game = _pick(GAMES, fam, 0)
        names = [r[0] for r in RULES[fam]]
        self.rules = _pick(names, rules, 0)
        self._fix()

    def seed(self):
        """(seed, share code, daily date) for the chosen dice; None if unavailable."""
        from crisscross import sharecode

        app = self.app
        if self.dice == 1:
            day = app.date()
            if day is None:
                app.toast("The clock is not set: flash from a PC")
                return None
            return sharecode.daily_seed(*day), app.date_text(day)
        if self.dice == 2:
            if not self.code:
                app.toast("Enter a code first (A on Dice)")
                return None
            return sharecode.decode(self.code), ""
        return next_seed(app), ""

    def _answer(self, b, kind):
        """The question before a saved game is replaced: arrows choose No or
        Yes, A answers; B is No."""
        if b < buttons.A:
            if kind == buttons.PRESS:
                self.yes = not self.yes
            return
        self.asking = None
        if b == buttons.A and self.yes:
            self.start(True)

    def start(self, replace=False):
        """Begin the game chosen; first ask (`replace` not given) when it would
        replace the saved game, which is kept in one slot."""
        from crisscross import games

        app = self.app
        saved = app.store.load_game() if app.store is not None else None
        if saved and not replace:
            fam = saved_family(saved)
            self.asking = ui.wrap("Replace your saved %s game?" % fam, 14)
            self.asking.append(ANSWER)
            self.yes = False
            return
        picked = self.seed()
        if picked is None:
            return
        seed, daily = picked
        fam = self.family()
        rules = RULES[fam][self.rules][0]
        level = LEVELS[fam][self.level][0]
        app = self.app
        if app.store is not None:
            from crisscross import records

            chosen = {
                "new_game": {
                    "game": fam,
                    "rules": self.rules,
                    "humans": self.chosen[0],
                    "ais": self.chosen[1],
                    "level": self.level,
                }
            }
            records.save_settings(app.store, chosen)
        args = (seed, self.humans, self.ais, rules, level)
        args += (games.share_code(games.rules_key(fam, rules), seed), daily)
        if fam == "cards":
            args += (self.colours[: self.humans],)
        elif fam not in games.OTHER_FAMILIES:
            args += (fam, self.starts[: self.humans])
        try:
            mod = games.family_session(fam if fam in games.OTHER_FAMILIES else "dice")
        except ImportError:
            app.toast("This game is not installed")
            return
        try:
            app.session = mod.new_session(*args)
        except OSError as e:  # a file the game needs: the word list
            app.toast("Can't start: %s" % e)
            return
        app.open_session()

    # ---- drawing ----------------------------------------------------------
    def draw(self, c):
        ui.bar(c, "NEW GAME")
        if self.asking is not None:  # the question alone: no row cut by its frame
            self._ask(c)
            return
        rows = self.rows()
        if self.row < self.top:
            self.top = self.row
        elif self.row >= self.top + ROWS:
            self.top = self.row - ROWS + 1
        for k in range(ROWS):
            i = self.top + k
            if i >= len(rows):
                break
            key, label, value = rows[i]
            y = 11 + k * 9
            fg = 1
            if i == self.row:
                c.fill_rect(0, y - 1, 125, 9, 1)
                fg = 0
            c.text(label, 1, y, fg)
            x = VALUE_END - 8 * len(value)
            if key.startswith("start") and key != "start":
                x = VALUE_END - 8
                glyphs.symbol(c, self.starts[int(key[5:])], x, y, fg == 0)
            elif value:
                c.text(value, x, y, fg)
            if i == self.row and self.can_change(key):
                _arrow(c, x - 5, y, -1, fg)
                _arrow(c, VALUE_END + 2, y, 1, fg)
        scrollbar(c, self.top, ROWS, len(rows), 10)

    def _ask(self, c):
        """The question in a box, the answer chosen inverted."""
        lines = self.asking
        x, y, w = ui.box(c, lines)
        x += (w - len(ANSWER)) * 4  # the answer line, centred as box centres it
        y += (len(lines) - 1) * 9
        k, n = (6, 3) if self.yes else (1, 2)  # "Yes" or "No" in ANSWER
        c.fill_rect(x + k * 8 - 1, y - 1, n * 8 + 2, 9, 1)
        c.text(ANSWER[k : k + n], x + k * 8, y, 0)


def _arrow(c, x, y, way, colour):
    """A 3x5 triangle pointing left (way -1) or right (1) from x, beside a text
    line at y: the mark of a value that left/right change."""
    for k in range(3):
        h = 2 - k if way > 0 else k  # the column's half height
        c.vline(x + k, y + 3 - h, 2 * h + 1, colour)


def saved_family(text):
    """The name of the game family a save holds ("Words"), as the Game row says."""
    head = text.split("|", 1)[0]
    for k in range(len(GAMES)):
        if GAMES[k] == head:
            return GAME_NAMES[k]
    # A dice game's save ends with its game code: S... symbols, D... digits.
    return GAME_NAMES[0] if text[text.rfind("|") + 1 :][:1] == "S" else GAME_NAMES[1]


def _int(last, key, default):
    """The whole number settings.sav's new_game holds at `key`, else `default`
    (_fix brings it into range)."""
    value = last.get(key)
    return value if isinstance(value, int) else default


def _pick(names, value, default):
    for k in range(len(names)):
        if names[k] == value:
            return k
    return default


SCREEN = NewGame


def next_seed(app):
    """A fixed seed once (the host's: the app's `seed`), then seeds from the
    clock and the events."""
    if app.seed is not None:
        s, app.seed = app.seed, None
        return s
    from crisscross.rng import scramble

    return scramble((app.now * 2654435761 + app.events * 40503) & 0xFFFFFFFF) & 0xFFFFFF
