"""Checks on a backup before it becomes a table: safe to parse, and every sum adds up.

An import is checked the way a live table is: each hand is scored again by the rules module
from what the table reported, and what the file says it scored must match.
"""

import json
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper import rules
from scorekeeper.inputs import clean_text
from scorekeeper.models import REGIONAL_INPUTS, Ending, LogAction, LogEntry, Match, reason_to_json
from scorekeeper.words.refusals import refusal_words

# A backup is a few levels deep (table, matches, hands, counts); anything deeper is not one.
MAX_DEPTH = 8
# Whole numbers only: a count, a total or a seat has at most this many digits.
MAX_DIGITS = 12


def load_backup(raw: bytes | str, max_bytes: int) -> Any:
    """The JSON of a backup file (ValueError for anything that is not plain, bounded JSON)."""
    if len(raw) > max_bytes:
        raise ValueError(
            ngettext(
                "The file is larger than %(limit)s byte.",
                "The file is larger than %(limit)s bytes.",
                max_bytes,
            )
            % {"limit": max_bytes}
        )
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ValueError(_("The file is not UTF-8 text.")) from None
    try:
        data = json.loads(
            raw, parse_constant=_no_constant, parse_float=_no_float, parse_int=_bounded_int
        )
    except RecursionError:
        raise ValueError(_("The file is nested too deeply to be a backup.")) from None
    except json.JSONDecodeError as error:
        # Where the text stops being JSON, in the page's words; what the parser expected there
        # is its own English.
        raise ValueError(
            _("The file is not JSON: line %(line)s, column %(column)s (%(problem)s).")
            % {"line": error.lineno, "column": error.colno, "problem": error.msg}
        ) from None
    check_shape(data)
    return data


def _no_constant(name: str) -> None:
    raise ValueError(
        _("The file holds %(value)s, which is not a number a backup contains.") % {"value": name}
    )


def _no_float(text: str) -> None:
    raise ValueError(not_whole(text))


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(
            _("The file holds a number too large for a score: %(value)s...") % {"value": text[:20]}
        )
    return int(text)


def not_whole(value: str) -> str:
    return _("The file holds %(value)s: every number in a backup is a whole number.") % {
        "value": value
    }


def check_shape(data: Any) -> None:
    """Refuse deep nesting and any number that is not a whole one (bool aside), however loaded."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ValueError(_("The file is nested too deeply to be a backup."))
        if isinstance(value, float):
            raise ValueError(not_whole(repr(value)))
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_DIGITS:
            raise ValueError(_("The file holds a number too large for a score."))
        if isinstance(value, dict):
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)


def normal_name(name: str, what: str, *, required: bool = False) -> str:
    """A name normalised as the app stores one typed today (older tables may hold others)."""
    clean = clean_text(name)
    if required and not clean:
        raise ValueError(
            _("Invalid backup: %(what)s %(name)s has no letters you can see.")
            % {"what": what, "name": repr(name)}
        )
    return clean


def check_match(match: Match) -> None:
    """Score every hand again and compare with what the file stored (ValueError naming the
    first hand that does not add up)."""
    game = match.game()
    state = rules.tally(game, [])
    led_by: int | None = None
    hands = list(match.hands.prefetch_related("counts", "entries").order_by("number"))
    for expected, hand in enumerate(hands, start=1):
        where = {"match": match.number, "hand": hand.number}
        if hand.number != expected:
            raise ValueError(
                _(
                    "Invalid backup: match %(match)s, hand %(expected)s is missing "
                    "(the next one is numbered %(hand)s)."
                )
                % {**where, "expected": expected}
            )
        try:
            result = rules.score_hand(game, hand.as_rules_hand(), led_by, number=expected)
            state = rules.advance(game, state, result)
        except rules.InvalidHand as refused:
            raise ValueError(
                _(
                    "Invalid backup: match %(match)s, hand %(hand)s: "
                    "the rules refuse this hand (%(codes)s)."
                )
                % {**where, "codes": refusal_words(refused, match.seat_names(), game)}
            ) from None
        # Named as the file names them, so that the field can be found in it.
        stored = {
            "led_by": hand.led_by,
            "winning_seat": hand.winning_seat,
            "reason": hand.reason,
            "entries": sorted((e.side, e.kind, e.points) for e in hand.entries.all()),
        }
        scored = {
            "led_by": result.led_by,
            "winning_seat": result.winning_seat,
            "reason": reason_to_json(result.reason),
            "entries": sorted((c.side, str(c.kind), c.points) for c in result.credits),
        }
        _compare(match, hand, stored, scored)
        led_by = result.next_leader
    _check_state(match, state, with_leader=True)


def _compare(match: Match, hand, stored: dict, made: dict) -> None:
    """Refuse the first field the file stored otherwise than the rules make it."""
    for field, value in stored.items():
        if value != made[field]:
            raise ValueError(
                _(
                    "Invalid backup: match %(match)s, hand %(hand)s: the file has %(field)s "
                    "%(value)s, the rules make it %(made)s."
                )
                % {
                    "match": match.number,
                    "hand": hand.number,
                    "field": field,
                    "value": repr(value),
                    "made": repr(made[field]),
                }
            )


def _check_state(match: Match, state: rules.MatchState, *, with_leader: bool) -> None:
    """The match's totals, hand count, winner, end (and next leader) as its hands make them."""
    compared = [
        ("totals", match.totals, list(state.totals)),
        ("hand_count", match.hand_count, state.hands_played),
        ("winner_side", match.winner_side, state.winner_side),
        ("next_leader", match.next_leader, state.next_leader),
        ("finished", match.finished_at is not None, state.finished),
    ]
    for field, value, made in compared:
        if value != made and (with_leader or field != "next_leader"):
            raise ValueError(
                _(
                    "Invalid backup: match %(match)s: the file has %(field)s %(value)s, "
                    "the hands make it %(made)s."
                )
                % {"match": match.number, "field": field, "value": repr(value), "made": repr(made)}
            )


def check_scoring_match(match: Match) -> None:
    """All Fives and Bergen: score the plays and ends again, entry by entry, and compare."""
    game = match.game()
    hands = list(match.hands.prefetch_related("counts", "plays", "entries").order_by("number"))
    try:
        scored, state = rules.play_match(game, [hand.as_played() for hand in hands])
    except rules.InvalidHand as refused:
        raise ValueError(
            _("Invalid backup: match %(match)s: the rules refuse its plays or ends (%(codes)s).")
            % {"match": match.number, "codes": refusal_words(refused, match.seat_names(), game)}
        ) from None
    led_by: int | None = None
    for expected, (hand, result) in enumerate(zip(hands, scored, strict=True), start=1):
        credited = [0] * game.side_count
        for entry in hand.entries.all():
            credited[entry.side] += entry.points
        if hand.number != expected or tuple(credited) != result.side_points:
            raise ValueError(
                _(
                    "Invalid backup: match %(match)s, hand %(hand)s: the file credits "
                    "%(credited)s, its plays and end make %(made)s."
                )
                % {
                    "match": match.number,
                    "hand": hand.number,
                    "credited": credited,
                    "made": list(result.side_points),
                }
            )
        # The rest of what a live save writes (Hand.store_result), field by field: the end's
        # winner and reason, and each entry's kind (an end's points are not play points).
        made = {
            "led_by": led_by if result.led_by is None else result.led_by,
            "winning_seat": result.winning_seat,
            "reason": {} if result.reason is None else reason_to_json(result.reason),
            "entries": sorted((c.side, str(c.kind), c.points) for c in result.credits),
        }
        stored = {
            "led_by": hand.led_by,
            "winning_seat": hand.winning_seat,
            "reason": hand.reason,
            "entries": sorted((e.side, e.kind, e.points) for e in hand.entries.all()),
        }
        _compare(match, hand, stored, made)
        led_by = result.next_leader
    _check_state(match, state, with_leader=False)


# What each change log action holds before and after, as the live saves write them: a hand's
# summary (Hand.summary), a play's (PlayEntry.summary) or nothing.
HAND, PLAY, HAND_OR_PLAY = "hand", "play", "hand or play"
LOG_SHAPES = {
    LogAction.STARTED: (None, None),
    LogAction.SAVED: (None, HAND),
    LogAction.EDITED: (HAND, HAND),
    LogAction.UNDONE: (HAND, None),
    LogAction.PLAYED: (None, PLAY),
    LogAction.UNPLAYED: (PLAY, None),
}
SUMMARY_KEYS = {"ending", "went_out", "capicu", "pips", "pooled", "pair_pips", "holding_doubles"}


def check_log_entry(entry: LogEntry, game: rules.Game) -> None:
    """A change log entry holds what a live save writes for its action (ValueError naming the
    first field that does not)."""
    before, after = LOG_SHAPES.get(entry.action, (None, None))
    totals = entry.totals
    checks = [
        (
            "hand_number",
            entry.hand_number,
            (entry.action == LogAction.STARTED) is (entry.hand_number is None),
        ),
        (
            "totals",
            totals,
            isinstance(totals, list)
            and len(totals) == game.side_count
            and all(_whole(t) for t in totals),
        ),
        ("before", entry.before, _summary_fits(entry.before, before, game)),
        ("after", entry.after, _summary_fits(entry.after, after, game)),
    ]
    for field, value, fits in checks:
        if not fits:
            raise ValueError(
                _(
                    "Invalid backup: match %(match)s, the change log: %(action)s has %(field)s "
                    "%(value)s, which no save writes there."
                )
                % {
                    "match": entry.match.number,
                    "action": entry.action,
                    "field": field,
                    "value": repr(value)[:80],
                }
            )


def _summary_fits(value: Any, shape: str | None, game: rules.Game) -> bool:
    if shape is None:
        return value is None
    if not isinstance(value, dict):
        return False
    if "play" in value and shape != HAND:
        play = value["play"]
        return (
            set(value) == {"play"}
            and isinstance(play, dict)
            and set(play) == {"seat", "points"}
            and _seat(play["seat"], game)
            and _whole(play["points"])
        )
    if shape == PLAY:
        return False
    pips = value.get("pips")
    return (
        {"ending", "went_out", "capicu", "pips"}
        <= set(value)
        <= SUMMARY_KEYS | set(REGIONAL_INPUTS)
        and value["ending"] in Ending.values
        and (value["went_out"] is None or _seat(value["went_out"], game))
        and isinstance(value["capicu"], bool)
        and isinstance(pips, dict)
        and all(_seat(_int_text(seat), game) and _whole(count) for seat, count in pips.items())
    )


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _seat(value: Any, game: rules.Game) -> bool:
    return _whole(value) and value < game.seats


def _int_text(text: str) -> int | None:
    return int(text) if text.isdigit() else None
