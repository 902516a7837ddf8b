"""Series won: one more counter on the side records and the records, filled in for the series
already played. The rule is written out here (first to N match wins, a counted shutout twice)
so that this migration keeps working whatever the app's code becomes."""

from django.db import migrations, models


def credit_series_won(apps, schema_editor):
    Match = apps.get_model("scorekeeper", "Match")
    SideRecord = apps.get_model("scorekeeper", "SideRecord")
    Record = apps.get_model("scorekeeper", "Record")
    wins: dict[int, list[int]] = {}
    done: set[int] = set()
    finished = (
        Match.objects.filter(series__first_to__isnull=False, winner_side__isnull=False)
        .order_by("series_id", "number")
        .values_list(
            "pk",
            "series_id",
            "winner_side",
            "totals",
            "series_sides",
            "series__first_to",
            "series__shutout_counts_double",
        )
    )
    for pk, series_id, winner, totals, sides, first_to, double in finished:
        if not sides or series_id in done:
            continue
        tally = wins.setdefault(series_id, [0] * len(sides))
        shutout = all(total == 0 for side, total in enumerate(totals) if side != winner)
        tally[sides[winner]] += 2 if shutout and double else 1
        if tally[sides[winner]] < first_to:
            continue
        done.add(series_id)
        for side in SideRecord.objects.filter(match_id=pk, side=winner):
            side.series_won = 1
            side.save(update_fields=["series_won"])
            keys = [(side.player_a_id, None)]
            if side.player_b_id is not None:
                keys += [(side.player_b_id, None), (side.player_a_id, side.player_b_id)]
            for player_a, player_b in keys:
                Record.objects.filter(
                    table_id=side.table_id, player_a_id=player_a, player_b_id=player_b
                ).update(series_won=models.F("series_won") + 1)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0008_regional_rules"),
    ]

    operations = [
        migrations.AddField(
            model_name="record",
            name="series_won",
            field=models.PositiveIntegerField(db_default=0, default=0),
        ),
        migrations.AddField(
            model_name="siderecord",
            name="series_won",
            field=models.PositiveIntegerField(db_default=0, default=0),
        ),
        migrations.RunPython(credit_series_won, migrations.RunPython.noop, elidable=True),
    ]
