"""Forms: what a person types, checked field by field before the rules see it."""

from scorekeeper.forms.backup import ImportForm as ImportForm
from scorekeeper.forms.hand import HandForm as HandForm
from scorekeeper.forms.history import HistoryFilterForm as HistoryFilterForm
from scorekeeper.forms.history import VersusForm as VersusForm
from scorekeeper.forms.history import who_choices as who_choices
from scorekeeper.forms.play import PlayForm as PlayForm
from scorekeeper.forms.setup import SetupForm as SetupForm
