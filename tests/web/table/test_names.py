"""Names are normalised before they are checked or stored; user text never turns the page."""

import re
from html.parser import HTMLParser
from importlib import import_module

import pytest
from django.apps import apps as django_apps
from django.conf import settings
from django.test import Client
from django.utils import translation

from scorekeeper.backup import match_csv
from scorekeeper.inputs import clean_text
from scorekeeper.models import Match, Table
from scorekeeper.words.names import side_name
from tests.created import created
from tests.support.testing import SETUP

INVISIBLES = [
    "\u200b",  # zero-width space
    "\u2060",  # word joiner
    "\u00ad",  # soft hyphen
    "\u3164",  # Hangul filler
    "\u115f\u1160",  # Hangul choseong and jungseong fillers
    "\u200e\u200f",  # direction marks
    "\u202e",  # right-to-left override
    "\u2067\u2069",  # isolate and pop
    "\ufeff",  # byte-order mark
]


@pytest.mark.parametrize("invisible", INVISIBLES)
def test_a_name_of_invisible_characters_is_refused_at_its_field(client: Client, db, invisible):
    response = client.post("/new", {**SETUP, "player_3": invisible * 3})
    assert response.status_code == 422
    assert "Type a name with letters you can see." in response.content.decode()
    assert not created(Table).exists()


def test_a_table_name_of_invisible_characters_is_refused(client: Client, db):
    response = client.post("/new", {**SETUP, "name": "\u200b\u2060"})
    assert response.status_code == 422
    assert not created(Table).exists()


def field_errors(page: str) -> dict[str, str]:
    """Each field's error as the page shows it, by the field's name."""
    return dict(re.findall(r'id="id_(\w+)_error">([^<]*)<', page))


def test_a_player_name_too_long_is_refused_in_our_words_and_nothing_else(
    client: Client, db, fresh_catalogues
):
    """Django's own "Asegúrese de que este valor tenga menos de 30 caracteres" (usted, and 30
    is allowed), and beside it "a game needs at least two players": the name was typed."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    two = {**SETUP, "player_1": "A" * 31, "player_3": "", "player_4": "", "partnership": ""}
    response = client.post("/new", two)
    assert response.status_code == 422
    assert field_errors(response.content.decode()) == {
        "player_1": "Escribe un nombre de 30 caracteres como mucho."
    }
    assert not created(Table).exists()


def test_a_table_name_too_long_is_refused_in_our_words(client: Client, db):
    response = client.post("/new", {**SETUP, "name": "A" * 61})
    assert response.status_code == 422
    assert field_errors(response.content.decode()) == {
        "name": "Type a name of at most 60 characters."
    }
    assert client.post("/new", {**SETUP, "name": "A" * 60}).status_code == 302


@pytest.mark.parametrize("twin", ["Ana\u200b", "A\u00adna", "Ana\u202e", " Ana  "])
def test_a_look_alike_of_another_name_counts_as_the_same_name(client: Client, db, twin):
    response = client.post("/new", {**SETUP, "player_1": "Ana", "player_2": twin})
    assert response.status_code == 422
    assert "Two players can&#x27;t have the same name." in response.content.decode()


def test_a_combining_accent_is_the_same_name_as_the_composed_one(client: Client, db):
    response = client.post("/new", {**SETUP, "player_1": "José", "player_2": "Jose\u0301"})
    assert response.status_code == 422


def test_names_are_stored_normalised(client: Client, db):
    data = {**SETUP, "name": "Caf\u00e9\u200b  Zo\u00eb", "player_1": "Jose\u0301\u2060  Luis"}
    assert client.post("/new", data).status_code == 302
    assert created(Table).get().name == "Café Zoë"
    assert created(Match).get().seat_names()[0] == "José Luis"


class Outside(HTMLParser):
    """Text of the page that sits outside every <bdi> and every FSI...PDI span."""

    def __init__(self):
        super().__init__()
        self.depth = 0
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.depth += tag == "bdi"

    def handle_endtag(self, tag):
        self.depth -= tag == "bdi"

    def handle_data(self, data):
        if not self.depth:
            self.text.append(re.sub("\u2068[^\u2069]*\u2069", "", data))


def leaks(page: str) -> bool:
    parser = Outside()
    parser.feed(page)
    return "\u202e" in "".join(parser.text)


@pytest.fixture
def rlo_match(db, add_hand):
    """A finished match whose names and table name carry a right-to-left override."""
    from scorekeeper import rules

    table = Table.objects.create(name="Park\u202e")
    game = rules.make_game("standard", 2, rules=rules.HouseRules(target=10))
    match = table.start_match(["Ana\u202e", "Ben\u202e"], game, "standard")
    return add_hand(match, 0, {1: 20})


def test_a_right_to_left_override_stays_inside_an_isolate_on_every_page(client: Client, rlo_match):
    key, number = rlo_match.table.key, rlo_match.number
    ana, ben = (player.pk for player in rlo_match.table.players.order_by("name"))
    client.get(f"/t/{key}/")  # remembered for the home page
    for path in (
        "/",
        f"/t/{key}/",
        f"/t/{key}/stats",
        f"/t/{key}/versus?one={ana}&other={ben}",
        f"/t/{key}/m/{number}/",
        f"/t/{key}/m/{number}/h/1/",
        f"/t/{key}/m/{number}/undo",
        f"/w/{rlo_match.table.watch_key}/",
        f"/help?t={key}",
    ):
        page = client.get(path).content.decode()
        assert "\u202e" in page, path
        assert not leaks(page), path


def test_the_hand_form_isolates_names_in_buttons_and_labels(client: Client, make_match):
    match = make_match(names=("Ana\u202e", "Ben", "Cara", "Dev"))
    page = client.get(f"/t/{match.table.key}/m/{match.number}/?out=1").content.decode()
    assert "\u202e" in page
    assert not leaks(page)


def test_the_csv_isolates_every_name(rlo_match):
    text = match_csv(rlo_match)
    assert "\u202e" in text
    assert "\u202e" not in re.sub("\u2068[^\u2069]*\u2069", "", text)


# Joiners and tags that are part of what a name shows: an emoji made of several, a flag, and
# the letters of scripts that join (or keep apart) with them.
WHOLE = {
    "curly-haired woman": "Ana \U0001f469\U0001f3fd\u200d\U0001f9b1",
    "family": "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466 Ruiz",
    "Scotland": "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Iain",
    "Persian ZWNJ": "\u0641\u0631\u062e\u200c\u0644\u0642\u0627",  # Farrokh-Legha
    "Devanagari ZWJ": "\u0915\u094d\u200d\u0937\u093e",
    "Malayalam chillu": "\u0d28\u0d4d\u200d",
}


@pytest.mark.parametrize("name", WHOLE.values(), ids=WHOLE.keys())
def test_a_joiner_or_tag_inside_what_a_name_shows_is_kept(client: Client, db, name):
    assert clean_text(name) == name
    assert client.post("/new", {**SETUP, "player_1": name}).status_code == 302
    assert created(Match).get().seat_names()[0] == name


@pytest.mark.parametrize(
    "typed, kept",
    [
        ("A\u200cna", "Ana"),  # Latin letters do not use a joiner
        ("A\u200dna", "Ana"),
        ("\u200d\U0001f469", "\U0001f469"),  # nothing to join before it
        ("\U0001f469\u200d", "\U0001f469"),
        ("\U0001f469\u200d\u202e\U0001f9b1", "\U0001f469\U0001f9b1"),  # a bidi control between
        ("Ana\U000e0067\U000e007f", "Ana"),  # tags after a letter are no flag
        ("\U0001f3f4\U000e0067\U000e0062", "\U0001f3f4"),  # tags without their end
        ("\u0641\u200c\u202e\u0644", "\u0641\u0644"),
    ],
)
def test_a_joiner_or_tag_outside_a_grapheme_is_dropped(typed, kept):
    assert clean_text(typed) == kept


@pytest.mark.parametrize("invisible", ["\u200d\u200c", "\U000e0067\U000e007f", "\u200d\u2066"])
def test_a_name_of_joiners_and_tags_only_is_refused(client: Client, db, invisible):
    response = client.post("/new", {**SETUP, "player_3": invisible * 3})
    assert response.status_code == 422
    assert not created(Table).exists()


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


# --- A table set up without a name ----------------------------------------------------------------


def quick_setup(client: Client) -> dict[str, str]:
    """What the home page's quick setup posts: its hidden fields (no table name), four players."""
    page = client.get("/").content.decode()
    form = page[page.index('class="setup quick"') : page.index("</form>")]
    hidden = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form))
    hidden.pop("csrfmiddlewaretoken", None)
    assert "name" not in hidden
    return {**hidden, "player_1": "Ana", "player_2": "Bea", "player_3": "Cris", "player_4": "Dani"}


def test_tables_started_from_the_quick_setup_at_one_park_get_distinct_names(db):
    phones = [Client(), Client()]  # two phones on the park's Wi-Fi: one address
    for phone in phones:
        assert phone.post("/new", quick_setup(phone)).status_code == 302

    names = [str(table) for table in created(Table).order_by("pk")]
    assert names == ["Domino table 1", "Domino table 2"]


@pytest.mark.parametrize(
    ("language", "first", "second"),
    [("es", "Mesa de dominó 1", "Mesa de dominó 2"), ("sv", "Dominobord 1", "Dominobord 2")],
)
def test_the_numbered_name_is_in_the_phone_s_language(
    speaking: Client, db, language, first, second
):
    speaking.post("/new", quick_setup(speaking))
    speaking.post("/new", {**SETUP, "name": ""})  # the full setup, its name left blank

    with translation.override(language):
        names = [str(table) for table in created(Table).order_by("pk")]
    assert names == [first, second]


def test_a_number_another_table_of_the_phone_was_named_by_hand_is_skipped(client: Client, db):
    client.post("/new", {**SETUP, "name": "Domino table 2"})
    client.post("/new", {**SETUP, "name": ""})

    names = [str(table) for table in created(Table).order_by("pk")]
    assert names == ["Domino table 2", "Domino table 3"]


def test_an_unnamed_table_reads_in_the_readers_language(client: Client, db):
    # Before, the name was stored in the language of the phone that made the table: a Swedish
    # phone read "Domino table 1" on a table an English phone set up.
    client.post("/new", quick_setup(client))
    table = created(Table).get()
    swedish = Client(headers={"accept-language": "sv"})

    page = swedish.get(f"/t/{table.key}/").content.decode()
    match_page = swedish.get(f"/t/{table.key}/m/1/").content.decode()
    english = client.get(f"/t/{table.key}/").content.decode()

    assert table.name == ""
    assert "Dominobord 1" in page and "Domino table 1" not in page
    assert "Dominobord 1" in match_page and "Domino table 1" not in match_page
    assert "Domino table 1" in english


def test_tables_named_by_number_before_read_in_the_readers_language(db):
    migration = import_module("scorekeeper.migrations.0036_unnamed_tables_numbered_at_display")
    tables = [
        Table.objects.create(name=name)
        for name in ("Domino table 3", "Mesa de dominó 12", "Dominobord 4", "Domino table 3b")
    ]
    typed = Table.objects.create(name="Dominobord")

    migration.number_unnamed_tables(django_apps, None)

    again = [Table.objects.get(pk=table.pk) for table in tables]
    assert [(t.name, t.default_number) for t in again] == [
        ("", 3),
        ("", 12),
        ("", 4),
        ("Domino table 3b", None),
    ]
    assert Table.objects.get(pk=typed.pk).name == "Dominobord"
    with translation.override("sv"):
        assert [str(t) for t in again[:3]] == ["Dominobord 3", "Dominobord 12", "Dominobord 4"]
