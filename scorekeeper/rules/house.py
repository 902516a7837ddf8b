"""The house rules: the switches on which tables differ, and the enums of their choices."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from .base import is_whole


class CountRule(StrEnum):
    ALL_OTHER_HANDS = "all_other_hands"
    OPPONENTS_ONLY = "opponents_only"
    EVERY_HAND = "every_hand"


class BlockedRule(StrEnum):
    LIGHTEST_HAND = "lightest_hand"
    LIGHTER_PAIR = "lighter_pair"


class LeadRule(StrEnum):
    """Who leads the next hand: the seat that won this one, or the next seat in turn."""

    WINNER_LEADS = "winner_leads"
    TURN_PASSES = "turn_passes"


class Rounding(StrEnum):
    """How All Fives rounds the count at the end of a hand to a multiple of five."""

    NEAREST_FIVE = "nearest_five"
    EACH_HAND = "each_hand"
    EXACT = "exact"


class SetFormat(StrEnum):
    """How a Jamaican set counts games won."""

    SIX_LOVE = "six_love"  # a win by the last side on love bruks the score to love all
    FIRST_TO_SIX = "first_to_six"  # straight six: every won hand adds, no bruk, no one-all


class TieReplay(StrEnum):
    """What the replay after a Jamaican tie is worth."""

    RISES = "rises"  # one more than the hand that tied
    FLAT_2 = "flat_2"  # 2, however many ties came before
    NO_PREMIUM = "no_premium"  # what the tied hand was worth


class PartnersLevel(StrEnum):
    """A Jamaican blocked hand whose lightest hands are level and both of one pair."""

    PAIR_WINS = "pair_wins"
    REPLAY = "replay"  # a tie, as level hands on different sides


@dataclass(frozen=True)
class HouseRules:
    """The switches on which tables differ; checked by the Game that uses them."""

    target: int = 200
    capicu_bonus: int = 25
    count_rule: CountRule = CountRule.ALL_OTHER_HANDS
    blocked_rule: BlockedRule = BlockedRule.LIGHTEST_HAND
    # Scoring games (All Fives, Bergen)
    rounding: Rounding = Rounding.NEAREST_FIVE
    blocked_pays_difference: bool = False
    won_hand_pays_two: bool = False
    doubles_lose_count: bool = False
    # Mexican Train (a round game): the engine of round 1 (None: the set's highest double), what
    # a player left holding the double blank scores (0: its pips, 25 or 50), and whether level
    # lowest totals go to who went out in more rounds.
    first_engine: int | None = None
    double_blank_counts: int = 0
    ties_to_most_outs: bool = False
    # Jamaican (each hand a game won; `target` is the games a set is played to): how the set
    # counts, what a replay after a tie is worth, one-all play two, level partners, whether a
    # key finish counts 2, and whether the double six poses every hand.
    set_format: SetFormat = SetFormat.SIX_LOVE
    tie_replay: TieReplay = TieReplay.RISES
    one_all_play_two: bool = True
    partners_level: PartnersLevel = PartnersLevel.PAIR_WINS
    key_counts_two: bool = False
    double_six_every_hand: bool = False

    # Regional rules (lead, blocked additions, bonuses)
    lead_rule: LeadRule = LeadRule.WINNER_LEADS
    ties_to_leaders: bool = False
    blocker_against_next: bool = False
    chuchazo_bonus: int = 0
    pase_corrido_bonus: int = 0
    pase_de_salida_bonus: int = 0
    pase_de_salida_on_double_only: bool = False
    first_hands_bonus: tuple[int, ...] = ()  # paid for winning hands 1, 2, 3... in order

    def __post_init__(self) -> None:
        # Stored choices arrive as plain strings; an unknown one raises ValueError here.
        object.__setattr__(self, "count_rule", CountRule(self.count_rule))
        object.__setattr__(self, "blocked_rule", BlockedRule(self.blocked_rule))
        object.__setattr__(self, "lead_rule", LeadRule(self.lead_rule))
        object.__setattr__(self, "first_hands_bonus", tuple(self.first_hands_bonus))
        object.__setattr__(self, "rounding", Rounding(self.rounding))
        object.__setattr__(self, "set_format", SetFormat(self.set_format))
        object.__setattr__(self, "tie_replay", TieReplay(self.tie_replay))
        object.__setattr__(self, "partners_level", PartnersLevel(self.partners_level))

    def without_block_switches(self) -> HouseRules:
        """These rules with the block games' regional switches off: ties to the leaders, blocker
        against the next hand and the bonuses are no part of All Fives or Bergen."""
        return replace(
            self,
            ties_to_leaders=False,
            blocker_against_next=False,
            chuchazo_bonus=0,
            pase_corrido_bonus=0,
            pase_de_salida_bonus=0,
            pase_de_salida_on_double_only=False,
            first_hands_bonus=(),
        )


def check_bonuses(house: HouseRules) -> None:
    bonuses = {
        "chuchazo": house.chuchazo_bonus,
        "pase corrido": house.pase_corrido_bonus,
        "pase de salida": house.pase_de_salida_bonus,
    }
    for index, value in enumerate(house.first_hands_bonus, start=1):
        bonuses[f"hand {index}"] = value
    for name, value in bonuses.items():
        if not is_whole(value) or value < 0:
            raise ValueError(f"the {name} bonus cannot be {value!r}")
