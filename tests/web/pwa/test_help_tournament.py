"""The help page explains running a tournament, in every language."""

import pytest
from django.urls import reverse

from tests.web.test_translations import assert_no_english

pytestmark = pytest.mark.django_db


def test_the_help_page_explains_running_a_tournament(client):
    page = client.get(reverse("help")).content.decode()
    assert 'id="tournaments"' in page
    for words in ("director's link", "bye", "time is up", "points difference", "backup file"):
        assert words in page


def test_the_help_page_explains_a_mexican_train_event(client):
    page = client.get(reverse("help")).content.decode()
    for words in ("tables of 3 to 6", "lowest sum of game totals", "highest total of that round"):
        assert words in page


def test_the_points_difference_has_each_language_s_own_name(client, settings):
    english = client.get(reverse("help")).content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    spanish = client.get(reverse("help")).content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "sv"
    swedish = client.get(reverse("help")).content.decode()

    assert "efectividad" not in english
    assert "luego por efectividad (puntos a favor menos puntos en contra)" in spanish
    assert "sedan poängskillnaden (poäng för minus poäng mot)" in swedish


def test_its_tournament_section_is_translated(speaking, language):
    response = speaking.get(reverse("help"))
    assert_no_english(response, language)
    assert "director's link" not in response.content.decode()


def test_the_help_page_explains_a_jamaican_event(client):
    page = client.get("/help").content.decode()
    assert "Jamaican plays in pairs" in page
    assert "the best total of the others at the table" in page
