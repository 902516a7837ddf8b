"""Checks on a restored match: each hand is replayed through the rules, as a live save would
score it, and what the file says it scored must match; its log, seats and series must be what
live saves write."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as default
from typing import Any

from scorekeeper import models, rules
from scorekeeper.backup.load import within
from scorekeeper.models import rules_fields
from scorekeeper.models.rules_fields import hand_of
from scorekeeper.words import backup as words
from scorekeeper.words.refusals import refusal_words


@dataclass
class HandRows:
    """One hand of the file, checked and not yet written, with the rows that belong to it."""

    hand: models.Hand
    where: str  # the hand's place in the file, as in "match 2, hand 5"
    counts: list[models.SeatCount]
    entries: list[models.ScoreEntry]
    plays: list[models.PlayEntry]

    def rules_hand(self) -> rules.Hand:
        return hand_of(self.hand, {count.position: count.pips for count in self.counts})

    def has_end(self) -> bool:
        return not self.hand.in_play

    def played_hand(self) -> rules.PlayedHand:
        plays = sorted(self.plays, key=lambda play: play.position)
        return rules.PlayedHand(
            tuple(rules.Play(play.seat, play.points) for play in plays),
            None if self.hand.in_play else self.rules_hand(),
        )

    def stored_entries(self) -> list[tuple]:
        return sorted((entry.side, entry.kind, entry.points) for entry in self.entries)


@dataclass
class MatchRows:
    """One match of the file, checked and not yet written, with its seats, hands and log."""

    match: models.Match
    game: rules.Game
    seats: list[models.Seat]
    hands: list[HandRows] = default(default_factory=list)
    log: list[models.LogEntry] = default(default_factory=list)

    def names(self) -> list[str]:
        return [seat.player.name for seat in sorted(self.seats, key=lambda seat: seat.position)]

    def ordered_hands(self) -> list[HandRows]:
        return sorted(self.hands, key=lambda row: row.hand.number)


def replay(rows: MatchRows) -> None:
    """Play the match again through the rules, hand by hand along rules.play_match's path
    (rules.play_hand: a hand's plays, then its end), and compare with what the file stored
    (ValueError naming the first hand or field that does not add up)."""
    match, game = rows.match, rows.game
    state = rules.tally(game, ())
    ended = True  # the hand before this one had its end (none before the first)
    for expected, row in enumerate(rows.ordered_hands(), start=1):
        hand = row.hand
        if hand.number != expected:
            raise ValueError(
                words.say("hand_missing", match=match.number, hand=hand.number, expected=expected)
            )
        led_by = state.next_leader
        result, state = _play(rows, row, state, follows_an_end=ended)
        ended = result.ended
        if rules.play_amounts(game):
            _check_credits(match, row, result)
        # The rest of what a live save writes (models.Hand.take_result), field by field: the
        # hand's leader, winner and reason, and each entry's kind (an end's points are not
        # play points). Named as the file names them, so that the field can be found in it.
        made = {
            "led_by": led_by if result.led_by is None else result.led_by,
            "winning_seat": result.winning_seat,
            "reason": {} if result.reason is None else models.reason_to_json(result.reason),
            "entries": sorted((c.side, str(c.kind), c.points) for c in result.credits),
        }
        stored = {
            "led_by": hand.led_by,
            "winning_seat": hand.winning_seat,
            "reason": hand.reason,
            "entries": row.stored_entries(),
        }
        _compare(match, hand, stored, made)
    if match.ends_at is not None and match.finished_at is not None:
        # A tournament round's clock ended it: the side ahead after its last hand won.
        state = game.kind.time_up(state)
    # Where plays score, a match may end during a hand: who would lead next is not kept.
    _check_state(match, state, with_leader=not rules.play_amounts(game))


def _play(
    rows: MatchRows, row: HandRows, state: rules.MatchState, *, follows_an_end: bool
) -> tuple[rules.HandResult, rules.MatchState]:
    """One more hand of the file through rules.play_hand, as rules.play_match plays it."""
    game = rows.game
    try:
        # A hand without an end is one still in play (or ended by the match): it has plays,
        # and no hand follows it.
        if not follows_an_end or not (row.has_end() or row.plays):
            raise rules.InvalidHand((rules.HandError(rules.ErrorCode.HAND_NOT_ENDED),))
        rules.check_can_add(game, state)
        return rules.play_hand(game, state, row.played_hand(), number=row.hand.number)
    except rules.InvalidHand as refused:
        codes = refusal_words(refused, rows.names(), game)
        if rules.play_amounts(game):
            raise ValueError(
                words.say("plays_refused", match=rows.match.number, codes=codes)
            ) from None
        raise ValueError(
            words.say("hand_refused", match=rows.match.number, hand=row.hand.number, codes=codes)
        ) from None


def _check_credits(match: models.Match, row: HandRows, result: rules.HandResult) -> None:
    """Where plays score: what the file credits each side in the hand, against its plays and
    end as the rules score them."""
    credited = [0] * result.sides
    for entry in row.entries:
        credited[entry.side] += entry.points
    if tuple(credited) != result.side_points:
        raise ValueError(
            words.say(
                "credit_differs",
                match=match.number,
                hand=row.hand.number,
                credited=credited,
                made=list(result.side_points),
            )
        )


def _compare(match: models.Match, hand, stored: dict, made: dict) -> None:
    """Refuse the first field the file stored otherwise than the rules make it."""
    for field, value in stored.items():
        if value != made[field]:
            field, value, made_value = _first_difference(field, value, made[field])
            raise ValueError(
                words.say(
                    "hand_differs",
                    match=match.number,
                    hand=hand.number,
                    field=field,
                    value=repr(value),
                    made=repr(made_value),
                )
            )


def _first_difference(field: str, value, made) -> tuple[str, object, object]:
    """Where two values of a field part: within an object (a hand's reason), its first key
    that differs ("reason.pooled"), not the whole object."""
    if isinstance(value, dict) and isinstance(made, dict):
        for key in [*made, *(key for key in value if key not in made)]:
            if value.get(key) != made.get(key):
                return f"{field}.{key}", value.get(key), made.get(key)
    return field, value, made


def _check_state(match: models.Match, state: rules.MatchState, *, with_leader: bool) -> None:
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
                words.say(
                    "match_differs",
                    match=match.number,
                    field=field,
                    value=repr(value),
                    made=repr(made),
                )
            )
    if list(match.co_winners) != list(state.co_winners):
        raise ValueError(
            words.say(
                "co_winners_differ",
                match=match.number,
                value=repr(list(match.co_winners)),
                made=repr(list(state.co_winners)),
            )
        )


# What each change log action holds before and after, as the live saves write them: a hand's
# summary (models.Hand.summary), a play's (models.PlayEntry.summary) or nothing.
HAND, PLAY, HAND_OR_PLAY = "hand", "play", "hand or play"
LOG_SHAPES = {
    models.LogAction.STARTED: (None, None),
    models.LogAction.SAVED: (None, HAND),
    models.LogAction.EDITED: (HAND, HAND),
    models.LogAction.UNDONE: (HAND, None),
    models.LogAction.PLAYED: (None, PLAY),
    models.LogAction.UNPLAYED: (PLAY, None),
}
# A hand's summary (rules_fields.hand_summary): the fields it always has, and every one it may.
SUMMARY_NEEDS = {
    field.field for field in rules_fields.HAND if field.kept is rules_fields.Kept.ALWAYS
}
SUMMARY_KEYS = {field.field for field in rules_fields.HAND}


def check_log_entry(entry: models.LogEntry, game: rules.Game) -> None:
    """A change log entry holds what a live save writes for its action (ValueError naming the
    first field that does not)."""
    before, after = LOG_SHAPES.get(entry.action, (None, None))
    totals = entry.totals
    checks = [
        (
            "hand_number",
            entry.hand_number,
            (entry.action == models.LogAction.STARTED) is (entry.hand_number is None),
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
        ("result", entry.result, _result_fits(entry.result, after == HAND)),
    ]
    for field, value, fits in checks:
        if not fits:
            raise ValueError(
                words.say(
                    "log_differs",
                    match=entry.match.number,
                    action=entry.action,
                    field=field,
                    value=repr(value)[:80],
                )
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
        SUMMARY_NEEDS <= set(value) <= SUMMARY_KEYS
        and value["ending"] in models.Ending.values
        and (value["went_out"] is None or _seat(value["went_out"], game))
        and isinstance(value["capicu"], bool)
        and isinstance(pips, dict)
        and all(_seat(_int_text(seat), game) and _whole(count) for seat, count in pips.items())
    )


def _result_fits(value: Any, of_a_hand: bool) -> bool:
    """What the rules made of a hand (a hand's reason): none, or, on an entry that leaves a hand,
    one a hand's reason reads as."""
    if value is None:
        return True
    try:
        rules_fields.reason_from_json(value)
    except (AttributeError, KeyError, TypeError, ValueError):
        return False
    return of_a_hand


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _seat(value: Any, game: rules.Game) -> bool:
    return _whole(value) and value < game.seats


def _int_text(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def checked_game(match: models.Match) -> rules.Game:
    """The match's rules, once its totals, winner, next leader and series fit them."""
    try:
        game = match.game()
    except (TypeError, ValueError):
        # The rules module's own words know no languages: what it checked, in ours.
        problem = words.say(
            "rules_checked",
            seats=match.seat_count,
            tiles=match.tiles_each,
            target=match.target,
            capicu=match.capicu_bonus,
        )
        raise ValueError(
            words.say("rules_unplayable", match=match.number, problem=problem)
        ) from None
    if not (
        len(match.totals) == game.side_count
        and within(range(game.side_count), match.winner_side)
        and within(range(game.seats), match.next_leader)
    ):
        raise ValueError(words.say("bad_totals_or_winner", match=match.number))
    if match.series is not None and sorted(match.series_sides or [0]) != list(
        range(max(game.side_count, len(match.series.sides)))
    ):
        raise ValueError(words.say("not_in_series", match=match.number))
    return game


def check_series_sides(rows: MatchRows) -> None:
    """Each side of the match is the series side it names, with the same players (as a live
    match joins a series: models.Series.for_match)."""
    match, game = rows.match, rows.game
    if match.series is None:
        return
    sides = models.Series.side_keys(models.Series.sides_of(rows.names(), game))
    kept = models.Series.side_keys(match.series.sides)
    if len(kept) != game.side_count or sides != [kept[side] for side in match.series_sides]:
        raise ValueError(words.say("not_in_series", match=match.number))


def check_series_wins(series: Mapping[int, models.Series], matches: Sequence[models.Match]) -> None:
    """No first-to series holds more finished matches than it takes to decide it: a live table
    starts a new series once one is won (a correction may decide it earlier, never later)."""
    for found in series.values():
        if found.first_to is None:
            continue
        finished = sum(
            1 for match in matches if match.series is found and match.winner_side is not None
        )
        most = len(found.sides) * (found.first_to - 1) + 1
        if finished > most:
            raise ValueError(
                words.say(
                    "series_decided",
                    series=found.number,
                    finished=finished,
                    first_to=found.first_to,
                    most=most,
                )
            )


def check_copy(row: HandRows, raw: Mapping) -> None:
    """A version 1 hand's copy of its side and points must be what its entries say."""
    where = row.where
    points_of: dict[int, int] = {}
    for entry in row.entries:
        points_of[entry.side] = points_of.get(entry.side, 0) + entry.points
    side, points = next(iter(points_of.items()), (None, 0))
    for field, value, made in (
        ("scoring_side", raw.get("scoring_side"), side),
        ("points", raw.get("points"), points),
    ):
        if value != made:
            raise ValueError(
                words.say(
                    "entries_differ", where=where, field=field, value=repr(value), made=repr(made)
                )
            )
