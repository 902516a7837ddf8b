"""A club's seeded tournament points at the tournaments app's Tournament: the same table
(scorekeeper_tournament), so only Django's state changes and the foreign key stays as it is."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0006_club_version'),
        ('tournaments', '0001_tournaments_from_the_core'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.AlterField(
                    model_name='seededtournament',
                    name='tournament',
                    field=models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.tournament'),
                ),
            ],
        ),
    ]
