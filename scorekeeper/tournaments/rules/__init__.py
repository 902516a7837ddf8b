"""A tournament's rules: entrants, results, draws, tables, brackets, confirmations and the
standings, pure Python (no Django). The formats are the core's (`scorekeeper.rules.Format`):
each game names those it fits, and the draw asks the game."""

from . import tournament as tournament
from .tournament import Award as Award
from .tournament import Draw as Draw
from .tournament import Entrant as Entrant
from .tournament import Result as Result
from .tournament import ResultKind as ResultKind
from .tournament import Side as Side
from .tournament import Standing as Standing
from .tournament import TournamentRules as TournamentRules
from .tournament import side_of as side_of
from .tournament import standings as standings
from .tournament_draw import draw_round as draw_round
from .tournament_draw import pair_nearest as pair_nearest
from .tournament_draw import round_robin_rounds as round_robin_rounds
from .tournament_draw import seed_order as seed_order
from .tournament_matching import Matching as Matching
from .tournament_matching import nearest_perfect_matching as nearest_perfect_matching
from .tournament_tables import DEFAULT_TABLE_SIZE as DEFAULT_TABLE_SIZE
from .tournament_tables import MAX_TABLE_SIZE as MAX_TABLE_SIZE
from .tournament_tables import MIN_TABLE_SIZE as MIN_TABLE_SIZE
from .tournament_tables import GameStanding as GameStanding
from .tournament_tables import TableResult as TableResult
from .tournament_tables import draw_tables as draw_tables
from .tournament_tables import game_standings as game_standings
from .tournament_tables import table_sizes as table_sizes
from .tournament_tables import table_standings as table_standings
from .tournament_tables import target_standings as target_standings
from .tournament_ties import TieBreak as TieBreak
from .tournament_ties import TieKey as TieKey
from .tournament_ties import tie_breaks as tie_breaks
