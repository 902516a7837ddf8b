"""Games and hands the rules tests build again and again (pure Python, like the rules)."""

from scorekeeper.rules import (
    Ending,
    Game,
    Hand,
    HouseRules,
    MexicanTrainRules,
    Round,
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


def as_hand(entry: Round) -> Hand:
    """A round as every game's Hand: who went out (or blocked), the counts, the double blank."""
    ending = Ending.BLOCKED if entry.went_out is None else Ending.WENT_OUT
    holder = () if entry.double_blank is None else (entry.double_blank,)
    return Hand(ending, went_out=entry.went_out, pips=entry.pips, holding_doubles=holder)


def play_rounds(round_rules: MexicanTrainRules, players: int, entries):
    """Rounds played through the one path (play_match) at the table these round rules make."""
    nine = round_rules.tile_set is TileSet.DOUBLE_NINE
    preset = "mexican_train_nine" if nine else "mexican_train"
    table = train(
        players,
        preset,
        first_engine=round_rules.first_engine,
        double_blank_counts=round_rules.double_blank_counts,
        ties_to_most_outs=round_rules.ties_to_most_outs,
    )
    return play_match(table, [as_hand(entry) for entry in entries])
