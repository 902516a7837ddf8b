"""The app's routes plus two yardsticks: `bench/trivial` and `bench/floor/<key>`; and the
app's pages for what goes wrong, which only a root URLconf can name."""

import random
import uuid

from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_POST

from scorekeeper.models import Match
from scorekeeper.models.kept import KeptQuery
from scorekeeper.urls import handler400, handler403, handler404, handler500  # noqa: F401
from tests.support.testing import deal_hand


def trivial(request: HttpRequest) -> HttpResponse:
    """As little as a view can do: the cost of the middleware and the server alone."""
    return HttpResponse("ok", content_type="text/plain")


# The table's open match, read as a save reads its match (views.lookup.get_match).
NEWEST = KeptQuery(
    lambda key: Match.objects.with_seats().filter(table__key=key).order_by("-number")[:1],
    key="(a stand-in key)",
)


@require_POST
def floor(request: HttpRequest, key: str) -> HttpResponse:
    """A hand save's writes and nothing else: the open match read, `add_hand`'s transaction
    (the hand, its counts and entries, the match's new state, the log entry), no form, no page.
    A save cannot cost less than this; the bench reports the save against it too."""
    match = NEWEST.first(key=key)
    hand = deal_hand(match.game(), random.Random(match.hand_count))
    match.add_hand(hand, token=uuid.uuid4(), number=match.hand_count + 1)
    return HttpResponse(status=204)


urlpatterns = [
    path("bench/trivial", trivial, name="bench_trivial"),
    path("bench/floor/<str:key>", floor, name="bench_floor"),
    path("", include("scorekeeper.urls")),
]
