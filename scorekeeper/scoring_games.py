"""The scoring games' names where callers found them before rules became a package.

They live in scorekeeper.rules now (plays.py, match.py, all_fives.py, bergen.py): new code
writes rules.Play, rules.play_scoring_match and so on.
"""

from scorekeeper.rules import Header as Header
from scorekeeper.rules import Play as Play
from scorekeeper.rules import ScoredHand as ScoredHand
from scorekeeper.rules import ScoringHand as ScoringHand
from scorekeeper.rules import add_play as add_play
from scorekeeper.rules import end_hand as end_hand
from scorekeeper.rules import nearest_five as nearest_five
from scorekeeper.rules import play_amounts as play_amounts
from scorekeeper.rules import play_bound as play_bound
from scorekeeper.rules import play_scoring_match as play_scoring_match
from scorekeeper.rules import play_side_points as play_side_points
from scorekeeper.rules import validate_play as validate_play
