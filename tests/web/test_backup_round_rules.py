"""Mexican Train's house rules (the first engine, the double blank's count, ties to who went out
most) are kept in a backup of the table and of each match, and come back with it; a backup
written before them restores with the rules' defaults."""

import pytest

from scorekeeper import rules
from scorekeeper.backup import export_table, import_table
from scorekeeper.models import Table
from scorekeeper.models.rules_fields import ROUND_RULES, Group, house_rules_fields

from .test_backup import busy_table, wipe

pytestmark = pytest.mark.django_db

CHOSEN = {"first_engine": 9, "double_blank_counts": 50, "ties_to_most_outs": True}
DEFAULTS = house_rules_fields(rules.HouseRules(), Group.ROUND)


def round_rules(row) -> dict:
    return {field: getattr(row, field) for field in ROUND_RULES}


def table_with_round_rules() -> Table:
    table = busy_table()
    Table.objects.filter(pk=table.pk).update(**CHOSEN)
    table.matches.update(**CHOSEN)
    return Table.objects.get(pk=table.pk)


def test_the_round_rules_are_in_the_backup():
    data = export_table(table_with_round_rules())

    assert {field: data["table"][field] for field in ROUND_RULES} == CHOSEN
    for match in data["matches"]:
        assert {field: match[field] for field in ROUND_RULES} == CHOSEN


def test_the_round_rules_come_back_from_the_backup():
    table = table_with_round_rules()
    data = export_table(table)
    wipe(table)

    restored = import_table(data)

    assert round_rules(restored) == CHOSEN
    assert [round_rules(match) for match in restored.matches.all()] == [CHOSEN, CHOSEN]
    assert export_table(restored) == data


def test_a_backup_without_the_round_rules_restores_with_their_defaults():
    table = table_with_round_rules()
    data = export_table(table)
    wipe(table)
    for part in (data["table"], *data["matches"]):
        for field in ROUND_RULES:
            del part[field]

    restored = import_table(data)

    assert round_rules(restored) == DEFAULTS
    assert [round_rules(match) for match in restored.matches.all()] == [DEFAULTS, DEFAULTS]
