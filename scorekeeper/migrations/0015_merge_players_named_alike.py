"""Players of one table whose names differ only by case ("Ana" and "ana") become one player, the
one who sat first, with every seat and record of the others: the setup has always refused them at
one table as the same name, and the app now seats them as one. The rule and the records' sums are
written out here, on the historical models, so that this step keeps working whatever the app's
code becomes."""

import unicodedata
from collections import Counter, defaultdict

from django.db import migrations
from django.db.models import Count

COUNTERS = (
    "played",
    "won",
    "hands",
    "hands_won",
    "points",
    "capicus",
    "bonuses",
    "blocked_won",
    "shutouts_given",
    "shutouts_taken",
    "series_won",
)


def name_key(name):
    return unicodedata.normalize("NFC", name).casefold()


def merge_players(apps, schema_editor):
    Player = apps.get_model("scorekeeper", "Player")
    groups = defaultdict(list)
    for pk, table_id, name in Player.objects.order_by("pk").values_list("pk", "table_id", "name"):
        groups[table_id, name_key(name)].append(pk)
    tables = set()
    for (table_id, _key), ids in groups.items():
        if len(ids) > 1 and merge(apps, ids[0], ids[1:]):
            tables.add(table_id)
    for table_id in sorted(tables):
        rebuild_records(apps, table_id)


def merge(apps, kept, others):
    """The others' seats and side records to the kept player; False (left apart) if an older
    table seated two of them in one match."""
    Player = apps.get_model("scorekeeper", "Player")
    Seat = apps.get_model("scorekeeper", "Seat")
    SideRecord = apps.get_model("scorekeeper", "SideRecord")
    everyone = [kept, *others]
    together = (
        Seat.objects.filter(player_id__in=everyone)
        .values("match_id")
        .annotate(seated=Count("id"))
        .filter(seated__gt=1)
    )
    if together.exists():
        return False
    Seat.objects.filter(player_id__in=others).update(player_id=kept)
    for record in SideRecord.objects.filter(player_a_id__in=others):
        record.player_a_id = kept
        record.save(update_fields=["player_a_id"])
    for record in SideRecord.objects.filter(player_b_id__in=others):
        record.player_b_id = kept
        record.save(update_fields=["player_b_id"])
    for record in SideRecord.objects.filter(player_a_id__in=everyone) | SideRecord.objects.filter(
        player_b_id__in=everyone
    ):
        # A pair's record names the lower id first.
        if record.player_b_id is not None and record.player_a_id > record.player_b_id:
            record.player_a_id, record.player_b_id = record.player_b_id, record.player_a_id
            record.save(update_fields=["player_a_id", "player_b_id"])
    Player.objects.filter(pk__in=others).delete()
    return True


def rebuild_records(apps, table_id):
    """A table's records summed again from its side records, in order, streaks included."""
    SideRecord = apps.get_model("scorekeeper", "SideRecord")
    Record = apps.get_model("scorekeeper", "Record")
    totals = defaultdict(Counter)
    ids = {}
    for pk, player_a, player_b in Record.objects.filter(table_id=table_id).values_list(
        "pk", "player_a_id", "player_b_id"
    ):
        ids.setdefault((player_a, player_b), pk)
    for player_a, player_b, *counts in (
        SideRecord.objects.filter(table_id=table_id)
        .order_by("number", "side")
        .values_list("player_a_id", "player_b_id", *COUNTERS)
    ):
        counted = dict(zip(COUNTERS, counts, strict=True))
        keys = [(player_a, None)]
        if player_b is not None:
            keys += [(player_b, None), (player_a, player_b)]
        for key in keys:
            total = totals[key]
            total.update(counted)
            total["streak"] = total["streak"] + 1 if counted["won"] else 0
            total["best_streak"] = max(total["best_streak"], total["streak"])
    Record.objects.filter(table_id=table_id).delete()
    Record.objects.bulk_create(
        Record(
            pk=ids.get(key),
            table_id=table_id,
            player_a_id=key[0],
            player_b_id=key[1],
            **total,
        )
        for key, total in totals.items()
    )


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0014_recount_hands_won_and_bonuses"),
    ]

    operations = [
        migrations.RunPython(merge_players, migrations.RunPython.noop, elidable=True),
    ]
