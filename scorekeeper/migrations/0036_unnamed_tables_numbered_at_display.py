"""A table set up without a name keeps its number, not the name in its creator's language: the
tables named so before are given back their number and a blank name, so that each reader sees
"Domino table N" in their own language."""

import re

from django.db import migrations, models

# The numbered names the setup gave, in the languages it has spoken ("Domino table %(number)s").
NUMBERED = re.compile(r"(?:Domino table|Mesa de dominó|Dominobord) ([1-9][0-9]{0,8})")
PREFIXES = ("Domino table ", "Mesa de dominó ", "Dominobord ")


def number_unnamed_tables(apps, schema_editor):
    Table = apps.get_model("scorekeeper", "Table")
    starts = models.Q()
    for prefix in PREFIXES:
        starts |= models.Q(name__startswith=prefix)
    for pk, name in list(Table.objects.filter(starts).values_list("pk", "name")):
        found = NUMBERED.fullmatch(name)
        if found:
            Table.objects.filter(pk=pk).update(name="", default_number=int(found[1]))


def name_numbered_tables(apps, schema_editor):
    Table = apps.get_model("scorekeeper", "Table")
    numbered = Table.objects.filter(name="", default_number__isnull=False)
    for pk, number in list(numbered.values_list("pk", "default_number")):
        Table.objects.filter(pk=pk).update(name=f"Domino table {number}")


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0035_sent_form_tokens"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="default_number",
            field=models.PositiveIntegerField(blank=True, editable=False, null=True),
        ),
        migrations.RunPython(number_unnamed_tables, name_numbered_tables),
    ]
