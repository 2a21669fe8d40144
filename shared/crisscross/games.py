"""Which games there are: the rule sets that share codes number, the game families
with their own session module, and reopening a saved game of any of them.

Kept apart from crisscross.dice.session (the dice games' session), so that the menus and
the card and word games never load the dice games' code: every name a loaded module
holds stays in the board's RAM until it restarts.
"""

# A share code carries the seed and the index of the rule set here (its "variant").
# Append only: a code's meaning must never change.
RULESETS = (
    "symbols-basic",
    "symbols-advanced",
    "digits",
    "digits-cc",
    "digits-versus",
    "cards",
    "cards-joker",
    "cards-strict",
    "words",
    "words-tournament",
    "words-optional",
    "cards-joker-strict",
)

# Families with a session module of their own; the dice games share one. Each has
# `new_session(seed, humans, ais, rules, level, code, daily, ...)`: the card game's
# also takes the humans' colours, the dice games' the game and first symbols. Every
# family's Session has the protocol of docs/architecture.md.
OTHER_FAMILIES = ("cards", "words")


def family_session(family):
    """The session module of `family` ("dice", "cards", "words"), imported by name:
    the registry of games depends on no family."""
    return __import__("crisscross.%s.session" % family, None, None, ["Session"])


def ruleset(key):
    """'digits-cc' -> ('digits', 'cc'); the inverse of rules_key."""
    family, _, rules = key.partition("-")
    return family, rules


def rules_key(family, rules):
    """('digits', 'cc') -> 'digits-cc', ('cards', '') -> 'cards': a rule set's name."""
    return family + "-" + rules if rules else family


def share_code(key, seed):
    """The share code of the deal `seed` (its low 24 bits) under the rule set `key`."""
    from crisscross import sharecode

    return sharecode.encode(seed & 0xFFFFFF, RULESETS.index(key))


def decode_deal(code):
    """(family, rules, seed) a share code deals, e.g. ("cards", "joker", 1234);
    ValueError saying what is wrong with it."""
    from crisscross import sharecode

    variant, seed = sharecode.decode_variant(code)
    if variant >= len(RULESETS):
        raise ValueError("this share code is of a game this version does not have")
    family, rules = ruleset(RULESETS[variant])
    return family, rules, seed


def restore(text):
    """A saved session of any family; ValueError with a reason when unreadable."""
    head = text.split("|", 1)[0]
    family = head if head in OTHER_FAMILIES else "dice"  # a dice save: its version
    return family_session(family).Session.from_text(text)


def save_seats(text, human, ai):
    """The seats of a card or word game's save ("h" a human, "a" an AI, as `human`
    and `ai`); ValueError if another letter is there. Here, loaded while a game
    is restored, rather than in both families' resident session modules."""
    seats = []
    for ch in text:
        if ch == "h":
            seats.append(human)
        elif ch == "a":
            seats.append(ai)
        else:
            raise ValueError("bad seats in save")
    return seats
