"""The club's pairs: partners across its tables and their record together."""

import re

import pytest
from django.urls import reverse

from tests.clubs.factories import club_with, played
from tests.clubs.test_families import mexican_train

pytestmark = pytest.mark.django_db


def test_partners_at_two_tables_are_one_pair_with_their_record(client):
    club, (north, south) = club_with("North", "South")
    played(north, ("Ana", "Ben", "Cara", "Dev"), 0)
    played(south, ("cara", "Eve", "ana", "Finn"), 1)
    played(north, ("Ana", "Ben", "Cara", "Dev"), 0)
    page = client.get(reverse("club_pairs", args=[club.key])).content.decode()
    cards = re.findall(r"<li class=\"stat-card\" data-pair>(.*?)</li>", page, re.S)
    first = cards[0]
    assert "Ana" in first and "Cara" in first
    assert re.findall(r"<dd>(\d+)</dd>", first) == ["3", "2", "67"]
    assert len(cards) == 3  # Ana & Cara, Ben & Dev, Eve & Finn


def test_each_for_themselves_makes_no_pair(client):
    club, (table,) = club_with("Train")
    mexican_train(table, 5)
    page = client.get(reverse("club_pairs", args=[club.key]) + "?game=mexican_train")
    assert "data-pair" not in page.content.decode()
