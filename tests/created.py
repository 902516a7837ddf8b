"""The rows a test made itself: the database also holds other tables of every game (the shared
fixture, tests.support.testing.other_tables), so "no table was stored" is asked of these."""

from django.apps import apps
from django.db.models import Max, Model, QuerySet

# The highest primary key of each model once the other tables are in: rows above it are new.
_FLOORS: dict[type[Model], int] = {}


def mark_floors() -> None:
    """Note where the other tables end, model by model (after they are built)."""
    _FLOORS.clear()
    for label in ("scorekeeper", "tournaments"):
        for model in apps.get_app_config(label).get_models():
            _FLOORS[model] = model.objects.aggregate(top=Max("pk"))["top"] or 0


def created(model: type[Model]) -> QuerySet:
    """This model's rows made since the other tables were built."""
    return model.objects.filter(pk__gt=_FLOORS.get(model, 0))
