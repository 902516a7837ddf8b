"""The change log keeps, with a hand saved or corrected, what the rules made of it then: a set
counted in games won logs what the hand was worth, not the change of its totals."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0036_unnamed_tables_numbered_at_display"),
    ]

    operations = [
        migrations.AddField(
            model_name="logentry",
            name="result",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
