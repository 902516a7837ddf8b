"""Each game's own words, one module a game, and the one lookup by the game's key.

Every module answers the same: `summary(house, targets)` (its rules in one line) and
`explain_result(game, result, names, side_names)` (why a hand or round scored what it did); a
game that scores during play also `explain_end(...)` (a hand's end), a game whose hands are
not points says them in its own words above Save (`short_line`) and in the change log
(`log_words`), and one whose worth the phone cannot tell says a hand without it while hands
wait on the phone (`outcome_line`). The next game is one more module here and one more line
below; a test checks every game has its words.
"""

from types import ModuleType

from scorekeeper.words.games import all_fives, bergen, block, jamaican, mexican_train

# Each game's words, by the key its game is stored under (rules.Scoring's values).
GAME_WORDS: dict[str, ModuleType] = {
    "block": block,
    "all_fives": all_fives,
    "bergen": bergen,
    "mexican_train": mexican_train,
    "jamaican": jamaican,
}


def words_of(game: object) -> ModuleType:
    """The words of a game: a table's rules.Game, a game's kind, or its key."""
    return GAME_WORDS[str(getattr(game, "scoring", game))]
