"""The tournament's models leave the core's state for the tournaments app
(tournaments.0001_tournaments_from_the_core), which keeps their tables under the same names:
nothing is written to the database, every row stays. Dropped leaves first, so no model left in
the state points at one already gone; after the clubs app points its seeded tournament at the
new app's model."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('scorekeeper', '0032_bracket_boards_confirmed'),
        ('tournaments', '0001_tournaments_from_the_core'),
        ('clubs', '0007_seeded_tournament_in_tournaments_app'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name='Confirmation'),
                migrations.DeleteModel(name='SideLink'),
                migrations.DeleteModel(name='Place'),
                migrations.DeleteModel(name='BracketBoard'),
                migrations.DeleteModel(name='Board'),
                migrations.DeleteModel(name='Bracket'),
                migrations.DeleteModel(name='Round'),
                migrations.DeleteModel(name='Entrant'),
                migrations.DeleteModel(name='Tournament'),
            ],
        ),
    ]
