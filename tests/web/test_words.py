"""How partners' names are joined in each language."""

import pytest
from django.utils import translation

from scorekeeper.models import side_name


@pytest.mark.parametrize(
    ("language", "second", "joined"),
    [
        ("en", "Isabel", "Ana & Isabel"),
        ("es", "Ben", "Ana y Ben"),
        ("es", "Isabel", "Ana e Isabel"),
        ("es", "Íñigo", "Ana e Íñigo"),
        ("es", "Hilda", "Ana e Hilda"),
        ("es", "Ian", "Ana y Ian"),
        ("es", "Hielo", "Ana y Hielo"),
        ("sv", "Isabel", "Ana och Isabel"),
        ("sv", "Ben", "Ana och Ben"),
    ],
)
def test_partners_are_joined_as_the_language_joins_them(language, second, joined):
    with translation.override(language):
        assert side_name(["Ana", second]) == joined


def test_a_side_of_one_is_just_the_name():
    assert side_name(["Ana"]) == "Ana"


ARABIC = "\u0645\u0631\u062d\u0628\u0627"  # a greeting, written right to left


def test_a_right_to_left_name_is_isolated_so_the_pair_keeps_its_order():
    with translation.override("es"):
        assert side_name([ARABIC, "Isabel"]) == f"\u200e\u2068{ARABIC}\u2069 e \u2068Isabel\u2069"


def test_left_to_right_names_are_joined_without_isolates():
    assert side_name(["Ana", "Ben", "Cy"]) == "Ana, Ben, Cy"
