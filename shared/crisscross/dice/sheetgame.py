"""What the two dice games share: turns over shared rolls, history, undo, codes.

A game is its seed, its options and its list of moves. `encode()` writes exactly
that; `decode()` replays it, validating every move, so a save or a share can never
hold an impossible position.
"""

CELL_CHARS = "abcdefghijklmnopqrstuvwxy"  # one letter per cell 0..24
CELL_CODES = b"abcdefghijklmnopqrstuvwxy"  # the same as byte values


class SheetGame:
    """Base class: subclasses set FAMILY, TAG, ROUNDS, MOVE_LEN and the hooks."""

    FAMILY = ""
    TAG = ""
    ROUNDS = 0
    MOVE_LEN = 1

    def _reset(self):
        """Back to the position before the first move (subclass fills sheets)."""
        self.round = 0
        self.turn = 0
        self.history = []
        self.over = False
        self._settle(0)

    # ---- turn order -------------------------------------------------------
    def sheet_of(self, player):
        return self.sheets[player]

    def sheet(self):
        """The sheet the current player writes on."""
        return self.sheet_of(self.turn)

    def can_play(self, player):
        return True

    def _settle(self, first):
        """Move `turn` to the first player from `first` who can play this round."""
        while self.round < self.ROUNDS:
            for p in range(first, self.players):
                if self._seat_plays(p) and self.can_play(p):
                    self.turn = p
                    return
            self.round += 1
            first = 0
            if not self._anyone_can_play():
                break
        self.over = True

    def _seat_plays(self, p):
        return True

    def _anyone_can_play(self):
        for p in range(self.players):
            if self.can_play(p):
                return True
        return False

    # ---- moves ------------------------------------------------------------
    def is_legal(self, move):
        return not self.over and move in self.legal_moves()

    def place(self, move):
        if not self.is_legal(move):
            raise ValueError("illegal move %r" % (move,))
        self._apply(move)
        self.history.append(move)
        self._settle(self.turn + 1)

    def undo(self):
        """Take back the last placement (replays the rest); False if none."""
        if not self.history:
            return False
        moves = self.history[:-1]
        self._reset()
        for m in moves:
            self.place(m)
        return True

    # ---- codes ------------------------------------------------------------
    def encode(self):
        # The moves' letters go into one buffer: a string per move would be
        # garbage at every save, i.e. at every placement.
        n = self.MOVE_LEN
        moves = bytearray(len(self.history) * n)
        k = 0
        for m in self.history:
            if n == 1:
                moves[k] = CELL_CODES[m]
            else:
                moves[k] = CELL_CODES[m[0]]
                moves[k + 1] = CELL_CODES[m[1]]
            k += n
        return ".".join(
            (self.TAG, self._options(), str(self.seed), self._setup(), moves.decode())
        )

    @classmethod
    def decode(cls, text):
        """Rebuild a game from `encode()` text; ValueError with a reason if bad."""
        parts = text.strip().split(".")
        if len(parts) != 5 or parts[0] != cls.TAG:
            raise ValueError("not a %s game code" % cls.FAMILY)
        tag, options, seed, setup, moves = parts
        try:
            seed = int(seed)
        except ValueError:
            raise ValueError("bad seed in game code")
        game = cls._from_code(seed, options, setup)
        if len(moves) % cls.MOVE_LEN:
            raise ValueError("truncated move list in game code")
        for k in range(0, len(moves), cls.MOVE_LEN):
            cells = []
            for ch in moves[k : k + cls.MOVE_LEN]:
                i = CELL_CHARS.find(ch)
                if i < 0:
                    raise ValueError("bad move character %r in game code" % ch)
                cells.append(i)
            move = cells[0] if cls.MOVE_LEN == 1 else (cells[0], cells[1])
            if not game.is_legal(move):
                raise ValueError(
                    "illegal move %d in game code" % (k // cls.MOVE_LEN + 1)
                )
            game.place(move)
        return game

    # ---- results ----------------------------------------------------------
    def ranking(self):
        """[(place, player)] best first; equal tie-break keys share a place."""
        keys = [self.rank_key(p) for p in range(self.players)]
        # MicroPython's sort is not stable: make every key unique (seat order last).
        order = sorted(range(self.players), key=lambda p: (keys[p], -p), reverse=True)
        out = []
        place = 0
        for k, p in enumerate(order):
            if k == 0 or keys[p] != keys[order[k - 1]]:
                place = k + 1
            out.append((place, p))
        return out

    def winners(self):
        return [p for place, p in self.ranking() if place == 1]
