"""A hand's points live only in its score entries: the copy on the hand goes."""

from django.db import migrations


def entries_for_every_scored_hand(apps, schema_editor):
    # Entries have been written with every hand; should a hand have scored without them, its
    # points become one count entry before the copy on the hand is dropped.
    Hand = apps.get_model("scorekeeper", "Hand")
    ScoreEntry = apps.get_model("scorekeeper", "ScoreEntry")
    missing = Hand.objects.filter(scoring_side__isnull=False, points__gt=0, entries__isnull=True)
    ScoreEntry.objects.bulk_create(
        ScoreEntry(hand=hand, side=hand.scoring_side, kind="count", points=hand.points)
        for hand in missing.iterator()
    )


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0004_match_token"),
    ]

    operations = [
        migrations.RunPython(entries_for_every_scored_hand, migrations.RunPython.noop),
        migrations.RemoveField(model_name="hand", name="points"),
        migrations.RemoveField(model_name="hand", name="scoring_side"),
    ]
