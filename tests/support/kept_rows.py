"""The other tables' rows, read once and written back: a test that commits (a browser test's live
server) empties the database after it, and the next one gets the same rows again in one insert a
model, not by playing every game's hands through again (seconds a test, on PostgreSQL more)."""

from django.apps import apps
from django.db import models, transaction

APPS = ("scorekeeper", "tournaments", "clubs", "photo")

# Each model's rows as they were once the other tables were built: field names, then values.
_KEPT: list[tuple[type[models.Model], list[str], list[tuple]]] = []


def _models() -> list[type[models.Model]]:
    return [
        model
        for label in APPS
        for model in apps.get_app_config(label).get_models(include_auto_created=True)
    ]


def keep() -> None:
    """Read every row of our apps' models (once the other tables are in)."""
    _KEPT.clear()
    for model in _models():
        names = [field.attname for field in model._meta.concrete_fields]
        rows = list(model._base_manager.values_list(*names))
        if rows:
            _KEPT.append((model, names, rows))


def bring_back() -> None:
    """Write the kept rows again, with the keys they had: what the tests' floors
    (tests.created) were marked on. The database's counters are not reset by the emptying
    (no test asks for reset_sequences), so a test's new rows still take keys above them.
    The foreign keys are checked at the commit, so the order of the models does not matter."""
    with transaction.atomic():
        for model, names, rows in _KEPT:
            model._base_manager.bulk_create(
                model(**dict(zip(names, row, strict=True))) for row in rows
            )
