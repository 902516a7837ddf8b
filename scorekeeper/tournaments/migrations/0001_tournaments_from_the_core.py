"""The tournament's tables move from the core's app (scorekeeper) to this one, in Django's
state only: the tables keep their names (each model's Meta.db_table) and their rows, so
nothing is written to the database here. The core's migration
0033_tournaments_moved_to_their_app then drops the old models from its own state; on a new
database the core's earlier migrations make the tables."""

import django.core.validators
import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

import scorekeeper.models.table


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("scorekeeper", "0032_bracket_boards_confirmed"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="Bracket",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("number", models.PositiveSmallIntegerField(default=1)),
                        (
                            "elimination",
                            models.CharField(
                                choices=[
                                    ("single", "Single elimination"),
                                    ("double", "Double elimination"),
                                ],
                                default="single",
                                max_length=10,
                            ),
                        ),
                        ("third_place", models.BooleanField(default=False)),
                        ("reset", models.BooleanField(default=True)),
                        (
                            "best_of",
                            models.PositiveSmallIntegerField(
                                choices=[
                                    (1, "One match"),
                                    (3, "Best of 3 matches"),
                                    (5, "Best of 5 matches"),
                                ],
                                default=1,
                            ),
                        ),
                        ("seeds", models.JSONField(default=list)),
                    ],
                    options={
                        "db_table": "scorekeeper_bracket",
                        "ordering": ["number"],
                    },
                ),
                migrations.CreateModel(
                    name="Entrant",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("name", models.CharField(max_length=30)),
                        ("partner", models.CharField(blank=True, max_length=30)),
                        ("checked_in", models.BooleanField(default=True)),
                        ("withdrawn", models.BooleanField(default=False)),
                    ],
                    options={
                        "db_table": "scorekeeper_entrant",
                        "ordering": ["pk"],
                    },
                ),
                migrations.CreateModel(
                    name="Round",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("number", models.PositiveSmallIntegerField()),
                        ("seed", models.CharField(max_length=32)),
                        ("started_at", models.DateTimeField(blank=True, null=True)),
                        ("ended_at", models.DateTimeField(blank=True, null=True)),
                    ],
                    options={
                        "db_table": "scorekeeper_round",
                        "ordering": ["number"],
                    },
                ),
                migrations.CreateModel(
                    name="Tournament",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "preset",
                            models.CharField(
                                choices=[
                                    ("caribbean", "Caribbean park"),
                                    ("puerto_rico_500", "Puerto Rico 500"),
                                    ("dominican", "Dominican"),
                                    ("cuban", "Cuban (double-nine)"),
                                    ("spanish", "Spanish / tournament"),
                                    ("double_twelve", "Double-twelve in pairs"),
                                    ("pub_block", "Pub block"),
                                    ("all_fives", "All Fives"),
                                    ("bergen", "Bergen"),
                                    ("jamaican_partner", "Jamaican partner"),
                                    ("jamaican_cut_throat", "Jamaican cut-throat"),
                                    ("straight_six", "Straight six (Jamaican)"),
                                    ("mexican_train", "Mexican Train (double-twelve)"),
                                    ("mexican_train_nine", "Mexican Train (double-nine)"),
                                    ("double_nine", "Partnership, double-nine"),
                                    ("standard", "Each for themselves, double-six"),
                                ],
                                default="caribbean",
                                max_length=20,
                            ),
                        ),
                        ("target", models.PositiveIntegerField(default=200)),
                        ("capicu_bonus", models.PositiveIntegerField(default=25)),
                        (
                            "count_rule",
                            models.CharField(
                                choices=[
                                    ("all_other_hands", "All other hands"),
                                    ("opponents_only", "Opponents only"),
                                    ("every_hand", "Every hand"),
                                ],
                                default="all_other_hands",
                                max_length=20,
                            ),
                        ),
                        (
                            "blocked_rule",
                            models.CharField(
                                choices=[
                                    ("lightest_hand", "Lightest hand"),
                                    ("lighter_pair", "Lighter pair"),
                                ],
                                default="lightest_hand",
                                max_length=20,
                            ),
                        ),
                        (
                            "lead_rule",
                            models.CharField(
                                choices=[
                                    ("winner_leads", "The winner leads"),
                                    ("turn_passes", "The lead passes in turn"),
                                ],
                                default="winner_leads",
                                max_length=20,
                            ),
                        ),
                        ("ties_to_leaders", models.BooleanField(default=False)),
                        ("blocker_against_next", models.BooleanField(default=False)),
                        ("chuchazo_bonus", models.PositiveIntegerField(default=0)),
                        ("pase_corrido_bonus", models.PositiveIntegerField(default=0)),
                        ("pase_de_salida_bonus", models.PositiveIntegerField(default=0)),
                        ("pase_de_salida_on_double_only", models.BooleanField(default=False)),
                        ("first_hands_bonus", models.JSONField(blank=True, default=list)),
                        (
                            "rounding",
                            models.CharField(
                                choices=[
                                    ("nearest_five", "Nearest five"),
                                    ("each_hand", "Each hand to the nearest five"),
                                    ("exact", "Exact"),
                                ],
                                default="nearest_five",
                                max_length=20,
                            ),
                        ),
                        ("blocked_pays_difference", models.BooleanField(default=False)),
                        ("won_hand_pays_two", models.BooleanField(default=False)),
                        ("doubles_lose_count", models.BooleanField(default=False)),
                        ("first_engine", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("double_blank_counts", models.PositiveSmallIntegerField(default=0)),
                        ("ties_to_most_outs", models.BooleanField(default=False)),
                        ("set_format", models.CharField(default="six_love", max_length=20)),
                        ("tie_replay", models.CharField(default="rises", max_length=20)),
                        ("one_all_play_two", models.BooleanField(default=True)),
                        ("partners_level", models.CharField(default="pair_wins", max_length=20)),
                        ("key_counts_two", models.BooleanField(default=False)),
                        ("double_six_every_hand", models.BooleanField(default=False)),
                        (
                            "key",
                            models.CharField(
                                default=scorekeeper.models.table.new_key,
                                editable=False,
                                max_length=32,
                                unique=True,
                            ),
                        ),
                        (
                            "watch_key",
                            models.CharField(
                                default=scorekeeper.models.table.new_key,
                                editable=False,
                                max_length=32,
                                unique=True,
                            ),
                        ),
                        ("name", models.CharField(max_length=60)),
                        (
                            "format",
                            models.CharField(
                                choices=[
                                    ("swiss", "Swiss (pairs)"),
                                    ("round_robin", "Round robin (pairs)"),
                                    ("rotating_partners", "Individuals, partners rotate"),
                                    (
                                        "round_game",
                                        "Individuals at tables of 3 to 6 (Mexican Train)",
                                    ),
                                    ("single_elimination", "Single elimination (pairs)"),
                                    ("double_elimination", "Double elimination (pairs)"),
                                ],
                                default="swiss",
                                max_length=20,
                            ),
                        ),
                        (
                            "table_size",
                            models.PositiveSmallIntegerField(
                                default=4,
                                validators=[
                                    django.core.validators.MinValueValidator(3),
                                    django.core.validators.MaxValueValidator(6),
                                ],
                            ),
                        ),
                        ("time_cap", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("forfeit_for", models.PositiveIntegerField(blank=True, null=True)),
                        ("forfeit_against", models.PositiveIntegerField(default=0)),
                        ("bye_for", models.PositiveIntegerField(blank=True, null=True)),
                        ("bye_against", models.PositiveIntegerField(default=0)),
                        ("round_count", models.PositiveSmallIntegerField(blank=True, null=True)),
                        (
                            "results_need",
                            models.CharField(
                                choices=[
                                    ("nothing", "Nothing: a result counts as the table enters it"),
                                    ("other_side", "The other side confirms each result"),
                                    ("director", "The director accepts each result"),
                                ],
                                default="nothing",
                                max_length=12,
                            ),
                        ),
                        (
                            "creator",
                            models.CharField(
                                blank=True, db_index=True, editable=False, max_length=32
                            ),
                        ),
                        ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "arrived_at",
                            models.DateTimeField(
                                db_index=True, default=django.utils.timezone.now, editable=False
                            ),
                        ),
                    ],
                    options={
                        "db_table": "scorekeeper_tournament",
                    },
                ),
                migrations.CreateModel(
                    name="Board",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("number", models.PositiveSmallIntegerField()),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("played", "Played"),
                                    ("forfeit", "Forfeit"),
                                    ("bye", "Bye"),
                                ],
                                default="played",
                                max_length=10,
                            ),
                        ),
                        ("present_side", models.PositiveSmallIntegerField(blank=True, null=True)),
                        (
                            "match",
                            models.OneToOneField(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="board",
                                to="scorekeeper.match",
                            ),
                        ),
                        (
                            "table",
                            models.OneToOneField(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="board",
                                to="scorekeeper.table",
                            ),
                        ),
                        (
                            "round",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="boards",
                                to="tournaments.round",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "scorekeeper_board",
                        "ordering": ["number"],
                    },
                ),
                migrations.CreateModel(
                    name="BracketBoard",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("key", models.CharField(max_length=12)),
                        ("first_seed", models.PositiveSmallIntegerField()),
                        ("second_seed", models.PositiveSmallIntegerField()),
                        ("winner_side", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("forfeit_side", models.PositiveSmallIntegerField(blank=True, null=True)),
                        (
                            "bracket",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="boards",
                                to="tournaments.bracket",
                            ),
                        ),
                        (
                            "match",
                            models.OneToOneField(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="bracket_board",
                                to="scorekeeper.match",
                            ),
                        ),
                        (
                            "table",
                            models.OneToOneField(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="bracket_board",
                                to="scorekeeper.table",
                            ),
                        ),
                        (
                            "first",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to="tournaments.entrant",
                            ),
                        ),
                        (
                            "second",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to="tournaments.entrant",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "scorekeeper_bracketboard",
                        "ordering": ["pk"],
                    },
                ),
                migrations.CreateModel(
                    name="Place",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("side", models.PositiveSmallIntegerField()),
                        (
                            "board",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="places",
                                to="tournaments.board",
                            ),
                        ),
                        (
                            "entrant",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="places",
                                to="tournaments.entrant",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "scorekeeper_place",
                        "ordering": ["pk"],
                    },
                ),
                migrations.CreateModel(
                    name="SideLink",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("side", models.PositiveSmallIntegerField()),
                        (
                            "key",
                            models.CharField(
                                default=scorekeeper.models.table.new_key,
                                editable=False,
                                max_length=32,
                                unique=True,
                            ),
                        ),
                        (
                            "board",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="side_links",
                                to="tournaments.board",
                            ),
                        ),
                        (
                            "bracket_board",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="side_links",
                                to="tournaments.bracketboard",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "scorekeeper_sidelink",
                        "ordering": ["side"],
                    },
                ),
                migrations.AddField(
                    model_name="round",
                    name="tournament",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rounds",
                        to="tournaments.tournament",
                    ),
                ),
                migrations.AddField(
                    model_name="entrant",
                    name="tournament",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="entrants",
                        to="tournaments.tournament",
                    ),
                ),
                migrations.AddField(
                    model_name="bracket",
                    name="tournament",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="brackets",
                        to="tournaments.tournament",
                    ),
                ),
                migrations.CreateModel(
                    name="Confirmation",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("confirmed", "Confirmed"),
                                    ("accepted", "Accepted"),
                                    ("disputed", "Disputed"),
                                ],
                                max_length=10,
                            ),
                        ),
                        ("totals", models.JSONField()),
                        ("winner_side", models.PositiveSmallIntegerField()),
                        ("side", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("name", models.CharField(blank=True, max_length=60)),
                        ("at", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "board",
                            models.OneToOneField(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="confirmation",
                                to="tournaments.board",
                            ),
                        ),
                        (
                            "bracket_board",
                            models.OneToOneField(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="confirmation",
                                to="tournaments.bracketboard",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "scorekeeper_confirmation",
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(
                                        ("board__isnull", False), ("bracket_board__isnull", True)
                                    ),
                                    models.Q(
                                        ("board__isnull", True), ("bracket_board__isnull", False)
                                    ),
                                    _connector="OR",
                                ),
                                name="confirmation_one_board",
                            )
                        ],
                    },
                ),
                migrations.AddConstraint(
                    model_name="bracketboard",
                    constraint=models.UniqueConstraint(
                        fields=("bracket", "key"), name="bracket_board_unique_key"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="board",
                    constraint=models.UniqueConstraint(
                        fields=("round", "number"), name="board_unique_number"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="sidelink",
                    constraint=models.UniqueConstraint(
                        fields=("board", "side"), name="side_link_unique_side"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="sidelink",
                    constraint=models.UniqueConstraint(
                        fields=("bracket_board", "side"), name="side_link_unique_bracket_side"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="sidelink",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("board__isnull", False), ("bracket_board__isnull", True)),
                            models.Q(("board__isnull", True), ("bracket_board__isnull", False)),
                            _connector="OR",
                        ),
                        name="side_link_one_board",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="round",
                    constraint=models.UniqueConstraint(
                        fields=("tournament", "number"), name="round_unique_number"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="bracket",
                    constraint=models.UniqueConstraint(
                        fields=("tournament", "number"), name="bracket_unique_number"
                    ),
                ),
            ],
        ),
    ]
