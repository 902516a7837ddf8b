"""The score sheet on disk: tables, matches, hands, their log and the records they leave.

Each name is re-exported from the module that holds it, so callers write scorekeeper.models.X;
the records' models live with the statistics (scorekeeper.statistics.records).
"""

from scorekeeper.models.choices import BlockedRule as BlockedRule
from scorekeeper.models.choices import CountRule as CountRule
from scorekeeper.models.choices import Ending as Ending
from scorekeeper.models.choices import EntryKind as EntryKind
from scorekeeper.models.choices import EntryMode as EntryMode
from scorekeeper.models.choices import LeadRule as LeadRule
from scorekeeper.models.choices import Preset as Preset
from scorekeeper.models.choices import Rounding as Rounding
from scorekeeper.models.hand import Hand as Hand
from scorekeeper.models.hand import PlayEntry as PlayEntry
from scorekeeper.models.hand import ScoreEntry as ScoreEntry
from scorekeeper.models.hand import SeatCount as SeatCount
from scorekeeper.models.hand import saved_once as saved_once
from scorekeeper.models.log import LogAction as LogAction
from scorekeeper.models.log import LogEntry as LogEntry
from scorekeeper.models.match import Match as Match
from scorekeeper.models.match import MatchQuerySet as MatchQuerySet
from scorekeeper.models.match import Seat as Seat
from scorekeeper.models.match import hands_prefetch as hands_prefetch
from scorekeeper.models.match import seats_prefetch as seats_prefetch
from scorekeeper.models.rules_fields import HAND as HAND
from scorekeeper.models.rules_fields import HOUSE_RULES as HOUSE_RULES
from scorekeeper.models.rules_fields import REGIONAL_INPUTS as REGIONAL_INPUTS
from scorekeeper.models.rules_fields import REGIONAL_RULES as REGIONAL_RULES
from scorekeeper.models.rules_fields import SCORING_RULES as SCORING_RULES
from scorekeeper.models.rules_fields import RuleField as RuleField
from scorekeeper.models.rules_fields import hand_fields as hand_fields
from scorekeeper.models.rules_fields import hand_of as hand_of
from scorekeeper.models.rules_fields import house_rules_fields as house_rules_fields
from scorekeeper.models.rules_fields import house_rules_of as house_rules_of
from scorekeeper.models.rules_fields import reason_from_json as reason_from_json
from scorekeeper.models.rules_fields import reason_to_json as reason_to_json
from scorekeeper.models.rules_fields import regional_rules_fields as regional_rules_fields
from scorekeeper.models.saving import HandConflict as HandConflict
from scorekeeper.models.saving import StaleMatch as StaleMatch
from scorekeeper.models.saving import same_report as same_report
from scorekeeper.models.seat_link import CountRefused as CountRefused
from scorekeeper.models.seat_link import RoundCount as RoundCount
from scorekeeper.models.seat_link import SeatLink as SeatLink
from scorekeeper.models.seat_link import close_round as close_round
from scorekeeper.models.seat_link import counts_conflict as counts_conflict
from scorekeeper.models.seat_link import open_round_counts as open_round_counts
from scorekeeper.models.seat_link import post_count as post_count
from scorekeeper.models.seat_link import posted_round as posted_round
from scorekeeper.models.seat_link import stored_as_posted as stored_as_posted
from scorekeeper.models.sent import SentForm as SentForm
from scorekeeper.models.series import Series as Series
from scorekeeper.models.table import KEY_LENGTH as KEY_LENGTH
from scorekeeper.models.table import KEY_PATTERN as KEY_PATTERN
from scorekeeper.models.table import NAME_MAX as NAME_MAX
from scorekeeper.models.table import NEW_TABLE_ENTRY_MODE as NEW_TABLE_ENTRY_MODE
from scorekeeper.models.table import HouseRulesFields as HouseRulesFields
from scorekeeper.models.table import Player as Player
from scorekeeper.models.table import RateLimited as RateLimited
from scorekeeper.models.table import Table as Table
from scorekeeper.models.table import TableQuerySet as TableQuerySet
from scorekeeper.models.table import lock_name as lock_name
from scorekeeper.models.table import new_key as new_key
from scorekeeper.models.versions import page_version as page_version
from scorekeeper.statistics.records import Record as Record
from scorekeeper.statistics.records import SideRecord as SideRecord
from scorekeeper.statistics.records import Tally as Tally
