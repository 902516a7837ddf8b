"""Every game the app scores, one class a game, and the one lookup.

Each module is one game (block.py: the block game and its regional ways; all_fives.py;
bergen.py; mexican_train.py; jamaican.py); base.py holds the questions every game answers and
counted.py what the games that count pips share. A new game is one new module here, imported below.
"""

from .all_fives import AllFives as AllFives
from .base import GameKind as GameKind
from .bergen import Bergen as Bergen
from .bergen import Header as Header
from .block import Block as Block
from .jamaican import Jamaican as Jamaican
from .keys import DEFAULT_SCORING as DEFAULT_SCORING
from .keys import Scoring as Scoring
from .keys import find_game as find_game
from .mexican_train import MexicanTrain as MexicanTrain

# Every game, by its key, in the order of Scoring (a key without its class fails here).
GAMES: dict[Scoring, GameKind] = {key: find_game(key) for key in Scoring}
