"""Games and hands the rules tests build again and again (pure Python, like the rules)."""

from scorekeeper.rules import Ending, Game, Hand, HouseRules, make_game


def caribbean(**house) -> Game:
    """Four seats in pairs with double six, as the Caribbean park plays, but for these rules."""
    return make_game("caribbean", 4, rules=HouseRules(**house))


def blocked(*pips: int, **inputs) -> Hand:
    """A blocked hand: the pips each seat holds, from seat 0 on."""
    return Hand(Ending.BLOCKED, pips=dict(enumerate(pips)), **inputs)


# Four seats at the regional presets' tables, with their rules as the preset sets them.
PR500 = make_game("puerto_rico_500", 4)
DOMINICAN = make_game("dominican", 4)
CUBAN = make_game("cuban", 4)
