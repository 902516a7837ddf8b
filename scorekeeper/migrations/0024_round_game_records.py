"""A round game's (Mexican Train's) own numbers in the records: its rounds, the pips counted
against each player, the rounds they went out and their lowest game, apart from the hands and
points of the other games; a shared win counts as a win for each who shares it. The rule is
written out here, on the historical models, so that this step keeps working whatever the app's
code becomes."""

from collections import Counter, defaultdict

from django.db import migrations, models
from django.db.models import Sum

ZEROED = (
    "hands",
    "hands_won",
    "points",
    "capicus",
    "bonuses",
    "blocked_won",
    "shutouts_given",
    "shutouts_taken",
)
ROUNDS = ("won", "rounds", "round_pips", "rounds_out", "lowest_game", *ZEROED)
SUMMED = ("won", "rounds", "round_pips", "rounds_out")


def recount(apps, schema_editor):
    SideRecord = apps.get_model("scorekeeper", "SideRecord")
    table_ids = (
        SideRecord.objects.filter(match__scoring="mexican_train")
        .values_list("table_id", flat=True)
        .distinct()
        .order_by()
    )
    for table_id in list(table_ids):
        recount_table(apps, table_id)


def recount_table(apps, table_id):
    Hand = apps.get_model("scorekeeper", "Hand")
    ScoreEntry = apps.get_model("scorekeeper", "ScoreEntry")
    SideRecord = apps.get_model("scorekeeper", "SideRecord")
    Record = apps.get_model("scorekeeper", "Record")
    sides = list(
        SideRecord.objects.filter(table_id=table_id, match__scoring="mexican_train").select_related(
            "match"
        )
    )
    matches = {side.match_id for side in sides}
    pips = Counter()
    for row in (
        ScoreEntry.objects.filter(hand__match_id__in=matches)
        .values("hand__match_id", "side")
        .annotate(total=Sum("points"))
        .order_by()
    ):
        pips[row["hand__match_id"], row["side"]] += row["total"]
    out = Counter(
        Hand.objects.filter(match_id__in=matches, winning_seat__isnull=False).values_list(
            "match_id", "winning_seat"
        )
    )
    for side in sides:
        match = side.match
        for field in ZEROED:
            setattr(side, field, 0)
        side.won = int(side.side == match.winner_side or side.side in match.co_winners)
        side.rounds = match.hand_count
        side.round_pips = pips[side.match_id, side.side]
        side.rounds_out = out[side.match_id, side.side]  # each for themselves: seat is side
        side.lowest_game = match.totals[side.side]
    SideRecord.objects.bulk_update(sides, ROUNDS)
    # The table's records summed again, streaks included, from all its side records.
    totals = defaultdict(Counter)
    lowest = {}
    for row in SideRecord.objects.filter(table_id=table_id).order_by("number", "side"):
        keys = [(row.player_a_id, None)]
        if row.player_b_id is not None:
            keys += [(row.player_b_id, None), (row.player_a_id, row.player_b_id)]
        for key in keys:
            total = totals[key]
            total.update({field: getattr(row, field) for field in (*SUMMED, *ZEROED)})
            total["streak"] = total["streak"] + 1 if row.won else 0
            total["best_streak"] = max(total["best_streak"], total["streak"])
            if row.lowest_game is not None:
                lowest[key] = min(lowest.get(key, row.lowest_game), row.lowest_game)
    records = list(Record.objects.filter(table_id=table_id))
    fields = (*SUMMED, *ZEROED, "streak", "best_streak", "lowest_game")
    for record in records:
        key = record.player_a_id, record.player_b_id
        for field in fields[:-1]:
            setattr(record, field, totals[key][field])
        record.lowest_game = lowest.get(key)
    Record.objects.bulk_update(records, fields)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0023_tournament_presets_mexican_train"),
    ]

    operations = [
        migrations.AddField(
            model_name="record",
            name="lowest_game",
            field=models.IntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="record",
            name="round_pips",
            field=models.PositiveIntegerField(db_default=0, default=0),
        ),
        migrations.AddField(
            model_name="record",
            name="rounds",
            field=models.PositiveIntegerField(db_default=0, default=0),
        ),
        migrations.AddField(
            model_name="record",
            name="rounds_out",
            field=models.PositiveIntegerField(db_default=0, default=0),
        ),
        migrations.AddField(
            model_name="siderecord",
            name="lowest_game",
            field=models.IntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="siderecord",
            name="round_pips",
            field=models.PositiveIntegerField(db_default=0, default=0),
        ),
        migrations.AddField(
            model_name="siderecord",
            name="rounds",
            field=models.PositiveIntegerField(db_default=0, default=0),
        ),
        migrations.AddField(
            model_name="siderecord",
            name="rounds_out",
            field=models.PositiveIntegerField(db_default=0, default=0),
        ),
        migrations.RunPython(recount, migrations.RunPython.noop, elidable=True),
    ]
