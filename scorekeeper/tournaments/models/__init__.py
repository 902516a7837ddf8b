"""A tournament on disk: the event and its entrants and rounds (`tournament`), a round's tables
(`board`), the knockout brackets (`bracket`) and what each side said of a result
(`confirmation`). Each name is re-exported, so callers write scorekeeper.tournaments.models.X."""

from scorekeeper.tournaments.models.board import Board as Board
from scorekeeper.tournaments.models.board import Place as Place
from scorekeeper.tournaments.models.bracket import Bracket as Bracket
from scorekeeper.tournaments.models.bracket import BracketBoard as BracketBoard
from scorekeeper.tournaments.models.confirmation import Confirmation as Confirmation
from scorekeeper.tournaments.models.confirmation import ConfirmRefused as ConfirmRefused
from scorekeeper.tournaments.models.confirmation import ResultsWaiting as ResultsWaiting
from scorekeeper.tournaments.models.confirmation import SideLink as SideLink
from scorekeeper.tournaments.models.tournament import DrawRefused as DrawRefused
from scorekeeper.tournaments.models.tournament import Entrant as Entrant
from scorekeeper.tournaments.models.tournament import Round as Round
from scorekeeper.tournaments.models.tournament import Tournament as Tournament
