"""Fill the database with finished matches dealt from real tiles, for benchmarks at scale.

Not a management command: it deals hands with the tests' factories, which the shipped app does
not carry. The bench's scale run calls it as a script, from the checkout's root, under the
settings DJANGO_SETTINGS_MODULE names:

    python -m tests.support.generate_matches --tables 1 --matches 10000 --hands 12
"""

import argparse
import random
import uuid
from dataclasses import dataclass
from datetime import timedelta

import django

if __name__ == "__main__":
    django.setup()  # the models below need the app registry ready

from django.db import transaction
from django.utils import timezone

from scorekeeper import models, rules
from scorekeeper.statistics.records import record_table
from tests.support.testing import deal_hand

NAMES = (
    "Alice", "Ben", "Cara", "Dev", "Elena", "Felix", "Gloria", "Hugo", "Ines", "Juan",
    "Karin", "Luis", "Marta", "Nils", "Olga", "Pedro", "Rosa", "Sven", "Tomas", "Yara",
)  # fmt: skip
# Most tables play partnership double-six; some play the other presets.
PRESET_WEIGHTS = {"caribbean": 70, "cuban": 10, "double_twelve": 5, "pub_block": 15}
BLOCKED_SHARE = 0.12
CAPICU_SHARE = 0.06
MATCHES_PER_BATCH = 100


@dataclass
class PlayedMatch:
    game: rules.Game
    hands: list[rules.Hand]
    results: tuple[rules.HandResult, ...]
    state: rules.MatchState


def play_finished_match(
    preset: str, seats: int, house: rules.HouseRules, hand_count: int, rng: random.Random
) -> PlayedMatch:
    """A match that reaches its line on exactly its last hand (the target is set to fit)."""
    # Hands are dealt first; the target is then the winning total, so the match ends on the
    # last hand and not before, as if the table had played to that line.
    open_game = rules.make_game(preset, seats, rules=_with_target(house, 10**9))
    hands = [deal_hand(open_game, rng) for _ in range(hand_count - 1)]
    _, before = rules.play_match(open_game, hands)
    best_before = max(before.totals)
    while True:
        last = deal_hand(open_game, rng)
        result = rules.score_hand(open_game, last, before.next_leader)
        totals = [t + p for t, p in zip(before.totals, result.side_points, strict=True)]
        if max(totals) > best_before:
            break
    hands.append(last)
    game = rules.make_game(preset, seats, rules=_with_target(house, max(totals)))
    results, state = rules.play_match(game, hands)
    if state.ended_after != hand_count - 1:
        raise AssertionError("the generated match did not end on its last hand")
    return PlayedMatch(game, hands, results, state)


def _with_target(house: rules.HouseRules, target: int) -> rules.HouseRules:
    return rules.HouseRules(
        target=target,
        capicu_bonus=house.capicu_bonus,
        count_rule=house.count_rule,
        blocked_rule=house.blocked_rule,
    )


def create_tables(
    count: int, rng: random.Random
) -> list[tuple[models.Table, list[models.Player], str, int]]:
    """Tables with their players, preset and seat count."""
    now = timezone.now()
    chosen = []
    tables = []
    for index in range(count):
        preset = rng.choices(list(PRESET_WEIGHTS), weights=list(PRESET_WEIGHTS.values()))[0]
        seats = rng.choice(rules.PRESETS[preset].seat_options)
        chosen.append((preset, seats))
        tables.append(
            models.Table(
                name=f"Generated table {index + 1}",
                preset=preset,
                partnership=rules.PRESETS[preset].partnership and seats == 4,
                created_at=now,
                updated_at=now,
            )
        )
    models.Table.objects.bulk_create(tables)
    players = [
        models.Player(table=table, name=name)
        for table, (_, seats) in zip(tables, chosen, strict=True)
        for name in rng.sample(NAMES, seats)
    ]
    models.Player.objects.bulk_create(players)
    by_table: dict[int, list[models.Player]] = {}
    for player in players:
        by_table.setdefault(player.table_id, []).append(player)
    return [
        (table, by_table[table.pk], preset, seats)
        for table, (preset, seats) in zip(tables, chosen, strict=True)
    ]


def create_matches(
    table: models.Table,
    players: list[models.Player],
    preset: str,
    numbers: range,
    hand_count: int,
    rng: random.Random,
    total_matches: int,
) -> None:
    """Finished matches at this table, with what add_hand would have stored, in bulk."""
    now = timezone.now()
    house = rules.HouseRules()
    matches, played = [], []
    for number in numbers:
        match_played = play_finished_match(preset, len(players), house, hand_count, rng)
        game = match_played.game
        # One match a day, going back from today; a hand every three minutes.
        started = now - timedelta(days=total_matches - number + 1, hours=rng.randint(0, 6))
        ended = started + timedelta(minutes=3 * hand_count)
        matches.append(
            models.Match.for_game(
                game,
                preset,
                table=table,
                number=number,
                totals=list(match_played.state.totals),
                winner_side=match_played.state.winner_side,
                next_leader=match_played.state.next_leader,
                hand_count=match_played.state.hands_played,
                version=match_played.state.hands_played,
                created_at=started,
                updated_at=ended,
                finished_at=ended,
            )
        )
        played.append(match_played)
    models.Match.objects.bulk_create(matches)
    seats, hands, logs, counts, entries = [], [], [], [], []
    for match, match_played in zip(matches, played, strict=True):
        game = match_played.game
        seats.extend(
            models.Seat(match=match, position=position, side=game.side_of(position), player=player)
            for position, player in enumerate(players)
        )
        logs.append(
            models.LogEntry(
                match=match,
                action=models.LogAction.STARTED,
                totals=[0] * game.side_count,
                at=match.created_at,
            )
        )
        led_by = None
        running = [0] * game.side_count
        for number, (hand, result) in enumerate(
            zip(match_played.hands, match_played.results, strict=True), start=1
        ):
            at = match.created_at + timedelta(minutes=3 * number)
            saved = models.Hand(
                match=match,
                number=number,
                token=uuid.UUID(int=rng.getrandbits(128), version=4),
                created_at=at,
                updated_at=at,
            )
            # The same model methods a live table's add_hand stores through, in bulk.
            counts.extend(saved.take_reported(hand))
            entries.extend(saved.take_result(result, led_by))
            led_by = result.next_leader
            running = [t + p for t, p in zip(running, result.side_points, strict=True)]
            hands.append(saved)
            logs.append(
                models.LogEntry(
                    match=match,
                    action=models.LogAction.SAVED,
                    hand_number=number,
                    after=saved.summary(pips=dict(hand.pips)),
                    totals=list(running),
                    result=saved.reason or None,
                    at=at,
                )
            )
    models.Seat.objects.bulk_create(seats)
    models.Hand.objects.bulk_create(hands)
    models.SeatCount.objects.bulk_create(counts)
    models.ScoreEntry.objects.bulk_create(entries)
    models.LogEntry.objects.bulk_create(logs)
    # The records the statistics read, from what was just written (as after an import).
    record_table(table, models.Match.objects.filter(pk__in=[match.pk for match in matches]))


def sheet_of(match: models.Match) -> tuple:
    """What recompute may change, to compare before and after."""
    match.refresh_from_db()
    hands = [
        (
            hand.number,
            hand.led_by,
            hand.winning_seat,
            hand.reason,
            sorted((entry.side, entry.kind, entry.points) for entry in hand.entries.all()),
        )
        for hand in match.hands.prefetch_related("entries").order_by("number")
    ]
    return (match.totals, match.winner_side, match.next_leader, match.hand_count, hands)


class GenerationError(Exception):
    """What was asked cannot be generated, or what was generated does not score the same again."""


def verify(matches: list[models.Match]) -> None:
    """Score each match again with Match.recompute (rolled back) and compare."""

    class Rollback(Exception):
        pass

    for match in matches:
        stored = sheet_of(match)
        try:
            with transaction.atomic():
                match.recompute()
                recomputed = sheet_of(match)
                raise Rollback
        except Rollback:
            pass
        if recomputed != stored:
            raise GenerationError(f"match {match.pk}: stored sheet differs from recompute()")


def generate(tables: int, matches: int, hands: int, seed: int = 7, check: int = 5) -> str:
    """`tables` new tables of `matches` finished matches of `hands` hands each; `check` of them
    recomputed to the same sheet. What was made, in a line."""
    if tables < 1 or matches < 1 or hands < 1:
        raise GenerationError("--tables, --matches and --hands must be at least 1.")
    rng = random.Random(seed)
    with transaction.atomic():
        created = create_tables(tables, rng)
    for table, players, preset, _ in created:
        for start in range(1, matches + 1, MATCHES_PER_BATCH):
            numbers = range(start, min(start + MATCHES_PER_BATCH, matches + 1))
            with transaction.atomic():
                create_matches(table, players, preset, numbers, hands, rng, matches)
    sample_ids = list(
        models.Match.objects.filter(table__in=[table for table, *_ in created]).values_list(
            "pk", flat=True
        )
    )
    sample = models.Match.objects.filter(pk__in=rng.sample(sample_ids, min(check, len(sample_ids))))
    verify(list(sample))
    return (
        f"{tables} tables, {tables * matches} finished matches of {hands} hands; "
        f"{len(sample)} recomputed to the same sheet."
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="Generate finished matches, dealt from real tiles, at new tables."
    )
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--matches", type=int, default=20, help="matches at each table")
    parser.add_argument("--hands", type=int, default=40, help="hands in each match")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--verify", type=int, default=5, help="matches to recompute")
    args = parser.parse_args(argv)
    try:
        print(generate(args.tables, args.matches, args.hands, args.seed, args.verify))
    except GenerationError as error:
        parser.exit(1, f"error: {error}\n")


if __name__ == "__main__":
    main()
