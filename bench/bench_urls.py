"""The app's routes plus `bench/trivial`: the yardstick every other request is compared to."""

from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def trivial(request: HttpRequest) -> HttpResponse:
    """As little as a view can do: the cost of the middleware and the server alone."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/trivial", trivial, name="bench_trivial"),
    path("", include("scorekeeper.urls")),
]
