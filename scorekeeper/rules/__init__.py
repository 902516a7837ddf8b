"""The rules of the games the app scores: pure Python, no Django.

Each module holds one idea (tiles, house rules, the table's game, a hand, its result, the
regional rules, the match, the series, the tournament formats each game names: the
tournaments app's own rules hold the rest); each game is one class in games/ (its
presets, checks, scorer, tie rule, plays, end and winner), found by rules.find_game(key) or
a Game's `.kind`; callers name what they use as rules.X. The Jamaican set (each hand a game
won, the set to six) is games/jamaican.py: its totals are games, and what the set carries from
hand to hand (the next hand's worth, one-all, who poses) is MatchState.carried.

One path for every game (match.py), where a hand is its plays (none in a block game) and its
end: rules.play_match(game, hands) scores a whole match again (a model's recompute);
rules.play_hand(game, state, hand) scores and adds one hand; rules.advance(game, state, entry)
adds one rules.Play or one scored hand. A hand is a rules.Hand or rules.PlayedHand(plays, end).
"""

from . import games as games
from . import mexican_train as mexican_train
from .game import Deal as Deal
from .game import Game as Game
from .game import Preset as Preset
from .games import DEFAULT_SCORING as DEFAULT_SCORING
from .games import GAMES as GAMES
from .games import GameKind as GameKind
from .games import Header as Header
from .games import Scoring as Scoring
from .games import find_game as find_game
from .games.all_fives import nearest_five as nearest_five
from .games.all_fives import play_bound as play_bound
from .games.mexican_train import players_error as players_error
from .games.mexican_train import round_count_errors as round_count_errors
from .hand import Ending as Ending
from .hand import ErrorCode as ErrorCode
from .hand import Hand as Hand
from .hand import HandError as HandError
from .hand import InvalidHand as InvalidHand
from .hand import needed_seats as needed_seats
from .house import BlockedRule as BlockedRule
from .house import CountRule as CountRule
from .house import HouseRules as HouseRules
from .house import LeadRule as LeadRule
from .house import PartnersLevel as PartnersLevel
from .house import Rounding as Rounding
from .house import SetFormat as SetFormat
from .house import TieReplay as TieReplay
from .match import MatchState as MatchState
from .match import PlayedHand as PlayedHand
from .match import advance as advance
from .match import check_can_add as check_can_add
from .match import play_hand as play_hand
from .match import play_match as play_match
from .match import tally as tally
from .mexican_train import DOUBLE_BLANK_VALUES as DOUBLE_BLANK_VALUES
from .mexican_train import MexicanTrainRules as MexicanTrainRules
from .plays import Play as Play
from .plays import play_amounts as play_amounts
from .plays import play_side_points as play_side_points
from .plays import validate_play as validate_play
from .presets import ALL_PRESETS as ALL_PRESETS
from .presets import LEGACY_PRESETS as LEGACY_PRESETS
from .presets import PRESETS as PRESETS
from .presets import ROUND_PRESETS as ROUND_PRESETS
from .presets import game_of_preset as game_of_preset
from .presets import make_game as make_game
from .presets import plays_to_a_target as plays_to_a_target
from .presets import preset_named as preset_named
from .presets import usual_preset as usual_preset
from .result import Credit as Credit
from .result import HandMark as HandMark
from .result import HandResult as HandResult
from .result import PointKind as PointKind
from .result import Reason as Reason
from .result import ReasonCode as ReasonCode
from .scoring import score_hand as score_hand
from .scoring import validate_hand as validate_hand
from .series import SeriesRules as SeriesRules
from .series import SeriesState as SeriesState
from .series import is_shutout as is_shutout
from .series import series_advance as series_advance
from .series import series_tally as series_tally
from .tiles import InvalidTiles as InvalidTiles
from .tiles import Tile as Tile
from .tiles import TileError as TileError
from .tiles import TileErrorCode as TileErrorCode
from .tiles import TileSet as TileSet
from .tiles import count_tiles as count_tiles
from .tiles import normalise as normalise
from .tiles import tile_pips as tile_pips
from .tournament_format import KNOCKOUT_FORMATS as KNOCKOUT_FORMATS
from .tournament_format import PAIRS_FORMATS as PAIRS_FORMATS
from .tournament_format import Format as Format
