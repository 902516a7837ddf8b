"""A tournament's tables are named for the event: a long event's name is cut short at a word's
end with "…", never the round, the table or the bracket match that tell its tables apart."""

import pytest
from django.utils import translation

from scorekeeper.tournaments.words.bracket import bracket_table_name
from scorekeeper.tournaments.words.tournament import board_table_name

LONG = "Copa Navidad del Barrio San Cristóbal de las Casas del Norte"


def test_a_short_event_names_its_tables_whole():
    assert board_table_name("Park Cup", 2, 7) == "Park Cup, round 2, table 7"
    assert bracket_table_name("Park Cup", "Final", None) == "Park Cup · Final"


@pytest.mark.parametrize("language", ["en", "es", "sv"])
def test_a_long_event_is_cut_at_a_word_s_end_and_keeps_the_round_and_table(language):
    with translation.override(language):
        names = [board_table_name(LONG, 3, table) for table in range(1, 13)]

    assert all(len(name) <= 60 for name in names)
    assert len(set(names)) == 12
    assert all(name.startswith("Copa Navidad del Barrio San Cristóbal") for name in names)
    assert all("…" in name and "12" in names[-1] for name in names)
    cut = names[0].split("…")[0]
    assert LONG.startswith(cut) and LONG[len(cut)] == " "


def test_a_long_event_keeps_each_bracket_match_s_title():
    with translation.override("es"):
        first = bracket_table_name(LONG, "Cuartos de final", 1)
        second = bracket_table_name(LONG, "Cuartos de final", 2)

    assert first != second
    assert len(first) <= 60 and len(second) <= 60
    cut = first.split("…")[0]
    assert LONG.startswith(cut) and LONG[len(cut)] == " "


def test_a_name_of_one_long_word_is_cut_where_it_must_be():
    name = board_table_name("A" * 70, 10, 10)

    assert len(name) == 60
    assert name.endswith("…, round 10, table 10")
