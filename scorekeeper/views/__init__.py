"""Views: thin functions over the models and the rules module, one module a screen."""

from scorekeeper.views.backup import export_csv as export_csv
from scorekeeper.views.backup import export_json as export_json
from scorekeeper.views.backup import import_page as import_page
from scorekeeper.views.hand import hand_page as hand_page
from scorekeeper.views.match import match_page as match_page
from scorekeeper.views.match import preview_hand as preview_hand
from scorekeeper.views.pwa import healthz as healthz
from scorekeeper.views.pwa import help_page as help_page
from scorekeeper.views.pwa import manifest as manifest
from scorekeeper.views.pwa import service_worker as service_worker
from scorekeeper.views.request import client_address as client_address
from scorekeeper.views.save import save_hand as save_hand
from scorekeeper.views.save import save_play as save_play
from scorekeeper.views.seat import seat_page as seat_page
from scorekeeper.views.seat import seat_status as seat_status
from scorekeeper.views.stats import stats_page as stats_page
from scorekeeper.views.stats import versus_page as versus_page
from scorekeeper.views.table import home as home
from scorekeeper.views.table import new_match as new_match
from scorekeeper.views.table import new_table as new_table
from scorekeeper.views.table import rematch as rematch
from scorekeeper.views.table import table_page as table_page
from scorekeeper.views.undo import undo_hand as undo_hand
from scorekeeper.views.watch import watch as watch
from scorekeeper.views.watch import watch_board as watch_board
