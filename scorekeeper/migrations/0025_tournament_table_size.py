"""A round game's event (Mexican Train): the most players the draw seats at a table."""

import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0024_round_game_records"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="table_size",
            field=models.PositiveSmallIntegerField(
                default=4,
                validators=[
                    django.core.validators.MinValueValidator(3),
                    django.core.validators.MaxValueValidator(6),
                ],
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="format",
            field=models.CharField(
                choices=[
                    ("swiss", "Swiss (pairs)"),
                    ("round_robin", "Round robin (pairs)"),
                    ("rotating_partners", "Individuals, partners rotate"),
                    ("round_game", "Individuals at tables of 3 to 6 (Mexican Train)"),
                ],
                default="swiss",
                max_length=20,
            ),
        ),
    ]
