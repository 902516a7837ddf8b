"""Records counted again: a hand won for 0 points is a hand won (and a blocked one a blocked hand
won), and each pase corrido is a bonus, where two in one hand had counted as one. The rule is
written out here, on the historical models, so that this step keeps working whatever the app's
code becomes."""

from collections import Counter, defaultdict

from django.db import migrations
from django.db.models import Count, Q

RECOUNTED = ("hands_won", "blocked_won", "bonuses")
NOT_BONUSES = ("count", "capicu", "play", "pase_corrido")


def recount(apps, schema_editor):
    SideRecord = apps.get_model("scorekeeper", "SideRecord")
    table_ids = SideRecord.objects.values_list("table_id", flat=True).distinct().order_by()
    for table_id in list(table_ids):
        recount_table(apps, table_id)


def recount_table(apps, table_id):
    Seat = apps.get_model("scorekeeper", "Seat")
    Hand = apps.get_model("scorekeeper", "Hand")
    ScoreEntry = apps.get_model("scorekeeper", "ScoreEntry")
    SideRecord = apps.get_model("scorekeeper", "SideRecord")
    Record = apps.get_model("scorekeeper", "Record")
    sides = {(row.match_id, row.side): row for row in SideRecord.objects.filter(table_id=table_id)}
    matches = {match_id for match_id, _side in sides}
    side_of_seat = {
        (match_id, position): side
        for match_id, position, side in Seat.objects.filter(match_id__in=matches).values_list(
            "match_id", "position", "side"
        )
    }
    tallies = defaultdict(Counter)
    for row in (
        ScoreEntry.objects.filter(hand__match_id__in=matches)
        .exclude(kind__in=NOT_BONUSES)
        .values("hand__match_id", "side")
        .annotate(hand_count=Count("hand", distinct=True))
        .order_by()
    ):
        tallies[row["hand__match_id"], row["side"]]["bonuses"] += row["hand_count"]
    for match_id, winning_seat, ending, pases_corridos in Hand.objects.filter(
        Q(winning_seat__isnull=False) | ~Q(pases_corridos={}), match_id__in=matches
    ).values_list("match_id", "winning_seat", "ending", "pases_corridos"):
        if winning_seat is not None:
            tally = tallies[match_id, side_of_seat[match_id, winning_seat]]
            tally["hands_won"] += 1
            tally["blocked_won"] += ending == "blocked"
        for side, times in pases_corridos.items():
            tallies[match_id, int(side)]["bonuses"] += times
    for key, side_record in sides.items():
        for field in RECOUNTED:
            setattr(side_record, field, tallies[key][field])
    SideRecord.objects.bulk_update(list(sides.values()), RECOUNTED)
    totals = defaultdict(Counter)
    for side_record in sides.values():
        keys = [(side_record.player_a_id, None)]
        if side_record.player_b_id is not None:
            keys += [
                (side_record.player_b_id, None),
                (side_record.player_a_id, side_record.player_b_id),
            ]
        for key in keys:
            totals[key].update({field: getattr(side_record, field) for field in RECOUNTED})
    records = list(Record.objects.filter(table_id=table_id))
    for record in records:
        for field in RECOUNTED:
            setattr(record, field, totals[record.player_a_id, record.player_b_id][field])
    Record.objects.bulk_update(records, RECOUNTED)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0013_table_arrived_at"),
    ]

    operations = [
        migrations.RunPython(recount, migrations.RunPython.noop, elidable=True),
    ]
