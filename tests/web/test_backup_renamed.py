"""Backups written before a switch was renamed still restore, under the switch's new name."""

import json
from uuid import uuid4

import pytest

from scorekeeper import rules
from scorekeeper.backup import export_table, import_table
from scorekeeper.models import Table
from scorekeeper.testing import scoring_match

pytestmark = pytest.mark.django_db


def test_a_backup_with_going_out_pays_two_restores_as_a_won_hand_pays_two():
    match = scoring_match("bergen", names=("Ann", "Bo"), won_hand_pays_two=True)
    hand = rules.Hand(rules.Ending.WENT_OUT, went_out=1)
    match.add_hand(hand, token=uuid4(), number=1)
    exported = json.loads(json.dumps(export_table(match.table)))
    old = json.loads(json.dumps(exported))
    for part in (old["table"], *old["matches"]):
        part["going_out_pays_two"] = part.pop("won_hand_pays_two")
    match.table.matches.all().delete()
    match.table.delete()

    imported = import_table(old)

    table = Table.objects.get(pk=imported.pk)
    assert table.won_hand_pays_two
    assert table.matches.get().won_hand_pays_two
    assert export_table(table) == exported
