# Bergen's `going out pays 2` is `a won hand pays 2`: it pays a blocked hand won too.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0015_merge_players_named_alike"),
    ]

    operations = [
        migrations.RenameField(
            model_name="table", old_name="going_out_pays_two", new_name="won_hand_pays_two"
        ),
        migrations.RenameField(
            model_name="match", old_name="going_out_pays_two", new_name="won_hand_pays_two"
        ),
    ]
