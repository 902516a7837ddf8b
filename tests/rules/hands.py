"""Games and hands the rules tests build again and again (pure Python, like the rules)."""

from scorekeeper.rules import (
    Ending,
    Game,
    Hand,
    HouseRules,
    MexicanTrainRules,
    TileSet,
    make_game,
    play_match,
)


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


def train(players: int = 4, preset: str = "mexican_train", **house) -> Game:
    """A Mexican Train table of this many players under these house rules."""
    return make_game(preset, players, rules=HouseRules(capicu_bonus=0, **house))


def a_round(went_out: int | None = None, pips=None, double_blank: int | None = None) -> Hand:
    """A Mexican Train round as every game's Hand: who went out (None: it blocked), the counts,
    and who was left holding the double blank."""
    ending = Ending.BLOCKED if went_out is None else Ending.WENT_OUT
    holder = () if double_blank is None else (double_blank,)
    return Hand(ending, went_out=went_out, pips=pips or {}, holding_doubles=holder)


def table_for(round_rules: MexicanTrainRules, players: int) -> Game:
    """The Mexican Train table these round rules make, with this many players."""
    nine = round_rules.tile_set is TileSet.DOUBLE_NINE
    return train(
        players,
        "mexican_train_nine" if nine else "mexican_train",
        first_engine=round_rules.first_engine,
        double_blank_counts=round_rules.double_blank_counts,
        ties_to_most_outs=round_rules.ties_to_most_outs,
    )


def play_rounds(round_rules: MexicanTrainRules, players: int, rounds):
    """Rounds played through the one path (play_match) at the table these round rules make."""
    return play_match(table_for(round_rules, players), rounds)
