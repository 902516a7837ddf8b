"""The tournaments' screens: a director's, the event's for everyone, a side's own page; one
module a screen."""

from scorekeeper.tournaments.views.backup import tournament_export as tournament_export
from scorekeeper.tournaments.views.backup import tournament_import as tournament_import
from scorekeeper.tournaments.views.bracket_pages import bracket_cards as bracket_cards
from scorekeeper.tournaments.views.bracket_pages import bracket_draw as bracket_draw
from scorekeeper.tournaments.views.bracket_pages import bracket_forfeit as bracket_forfeit
from scorekeeper.tournaments.views.bracket_pages import bracket_print as bracket_print
from scorekeeper.tournaments.views.confirm import confirm_at_table as confirm_at_table
from scorekeeper.tournaments.views.confirm import director_accept as director_accept
from scorekeeper.tournaments.views.confirm import director_accept_bracket as director_accept_bracket
from scorekeeper.tournaments.views.confirm import side_page as side_page
from scorekeeper.tournaments.views.tournament import new_tournament as new_tournament
from scorekeeper.tournaments.views.tournament import tournament_cards as tournament_cards
from scorekeeper.tournaments.views.tournament import tournament_clock as tournament_clock
from scorekeeper.tournaments.views.tournament import tournament_csv as tournament_csv
from scorekeeper.tournaments.views.tournament import tournament_draw as tournament_draw
from scorekeeper.tournaments.views.tournament import tournament_entrant as tournament_entrant
from scorekeeper.tournaments.views.tournament import (
    tournament_entrant_page as tournament_entrant_page,
)
from scorekeeper.tournaments.views.tournament import tournament_entrants as tournament_entrants
from scorekeeper.tournaments.views.tournament import tournament_forfeit as tournament_forfeit
from scorekeeper.tournaments.views.tournament import tournament_page as tournament_page
from scorekeeper.tournaments.views.tournament import tournament_rename as tournament_rename
from scorekeeper.tournaments.views.tournament import tournament_screen as tournament_screen
from scorekeeper.tournaments.views.tournament import tournament_sheets as tournament_sheets
from scorekeeper.tournaments.views.tournament import (
    tournament_standings_print as tournament_standings_print,
)
from scorekeeper.tournaments.views.tournament import tournament_watch as tournament_watch
