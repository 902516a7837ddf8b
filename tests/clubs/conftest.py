"""The clubs' tests run inside a transaction the test rolls back, so nothing ever commits and
Django never runs the re-rating the receivers leave for after the commit: here it runs at
once, where the commit would be. test_write_side.py runs the real commit once."""

import pytest

from scorekeeper.clubs import receivers


@pytest.fixture(autouse=True)
def rerate_at_once(request, monkeypatch):
    marker = request.node.get_closest_marker("django_db")
    if marker is None or not marker.kwargs.get("transaction"):
        monkeypatch.setattr(receivers, "after_commit", lambda work: work())
