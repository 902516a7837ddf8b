"""Every page and partial in Spanish and Swedish: no English string of ours is left on screen."""

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from scorekeeper.models import Match
from tests.created import created
from tests.support.testing import SETUP, add_hand, scoring_match, tap
from tests.web.match.test_rounds import play_short_game, post_round, start

CATALOGUES = Path(settings.BASE_DIR) / "scorekeeper" / "locale"


HTMX = {"HX-Request": "true"}


# The language switch names every language in itself, so "English" is meant to stay English.
SHOWN_IN_ENGLISH = {"English"}


# Placeholders that always hold a number; the others hold names or whole clauses.
NUMBERS = {
    "number",
    "points",
    "target",
    "bonus",
    "limit",
    "limit_value",
    "tiles",
    "high",
    "low",
    "matches",
}


PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


# --- The catalogue: what must not be shown in English ------------------------------------------


def read_catalogue(language: str) -> list[tuple[str, str]]:
    """(English, translation) for every message and plural form of a .po file."""
    entries, entry, key = [], {}, None
    path = CATALOGUES / language / "LC_MESSAGES" / "django.po"
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = line.strip()
        if not line:
            if entry:
                entries.append(entry)
            entry, key = {}, None
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[key] += ast.literal_eval(line)
        else:
            key, _space, value = line.partition(" ")
            entry[key] = ast.literal_eval(value)
    pairs = []
    for entry in entries:
        if not entry.get("msgid"):
            continue  # the header
        forms = [entry["msgid"], entry.get("msgid_plural", entry["msgid"])]
        for index, english in enumerate(forms[: 2 if "msgid_plural" in entry else 1]):
            translated = entry.get(f"msgstr[{index}]", entry.get("msgstr", ""))
            pairs.append((english, translated))
    return pairs


def english_pattern(msgid: str) -> re.Pattern | None:
    """A pattern for the English text as rendered, or None when it cannot tell languages apart."""
    literal = PLACEHOLDER.sub("", msgid)
    if len(re.findall(r"[^\W\d_]", literal)) < 3:
        return None  # "to %(target)s", numbers, placeholders only
    parts = []
    for piece in re.split(r"(%\(\w+\)[sd])", " ".join(msgid.split())):
        name = PLACEHOLDER.fullmatch(piece)
        if name:
            parts.append(r"\d+" if name.group(1) in NUMBERS else r".+?")
        else:
            parts.append(r"\s+".join(re.escape(word) for word in piece.split(" ")))
    pattern = "".join(parts)
    if re.match(r"\w", msgid.strip()):
        pattern = r"(?<!\w)" + pattern
    if re.search(r"\w$", msgid.strip()):
        pattern += r"(?!\w)"
    return re.compile(pattern)


def english_patterns(language: str) -> dict[str, re.Pattern]:
    patterns = {}
    for english, translated in read_catalogue(language):
        if english == translated or english in SHOWN_IN_ENGLISH:
            continue
        pattern = english_pattern(english)
        if pattern is not None:
            patterns[english] = pattern
    return patterns


# --- What a page shows: its text nodes and its readable attributes ------------------------------


class ShownText(HTMLParser):
    ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        for name, value in attrs:
            if name in self.ATTRIBUTES and value:
                self.pieces.append("\n" + value + "\n")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data):
        if not self.hidden:
            self.pieces.append(data)


def shown_text(html: str) -> list[str]:
    parser = ShownText()
    parser.feed(html)
    # Text nodes run together as a reader sees them; attributes stand alone.
    return [" ".join(chunk.split()) for chunk in " ".join(parser.pieces).split("\n")]


def assert_no_english(response, language: str) -> None:
    html = response.content.decode()
    assert response.status_code in (200, 422, 429), response.status_code
    if "<html" in html:
        assert f'<html lang="{language}">' in html
    texts = shown_text(html)
    left = sorted(
        {
            f"{english!r} in {found.group(0)!r}"
            for english, pattern in english_patterns(language).items()
            for text in texts
            if (found := pattern.search(text))
        }
    )
    assert not left, f"English left on the {language} page:\n" + "\n".join(left)


# --- Playing through the views -----------------------------------------------------------------


def new_table(client: Client, **changes) -> str:
    """The match page of a new table, set up through the setup form."""
    response = client.post("/new", {**SETUP, **changes})
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def hand_form(client: Client, url: str, out) -> dict:
    """The hidden fields of the hand form the match page offers after tapping `out`."""
    html = client.get(f"{url}?out={out}").content.decode()
    fields = dict(re.findall(r'name="(out|number|token)" value="([^"]*)"', html))
    assert set(fields) == {"out", "number", "token"}, html
    return fields


def post_hand(client: Client, url: str, out, pips: dict, capicu=False, htmx=False, **extra):
    data = hand_form(client, url, out)
    data.update({f"pips_{seat}": str(value) for seat, value in pips.items()})
    if capicu:
        data["capicu"] = "on"
    data.update(extra)
    return client.post(url + "hand", data, headers=HTMX if htmx else {})


def play(client: Client, url: str, out, pips: dict, capicu=False) -> None:
    # Confirmed ahead: a hand that ends the match is saved without the question in between.
    response = post_hand(client, url, out, pips, capicu, confirm_end="1")
    assert response.status_code == 302, response.content.decode()[:3000]


def key_of(url: str) -> str:
    return url.split("/")[2]


@pytest.fixture
def match_url(speaking: Client, db) -> str:
    """A match two hands in: a capicú for Dev, then a blocked hand Cara wins."""
    url = new_table(speaking)
    play(speaking, url, 3, {0: 10, 1: 12, 2: 9}, capicu=True)
    play(speaking, url, "blocked", {0: 9, 1: 15, 2: 3, 3: 9})
    return url


@pytest.fixture
def finished_url(speaking: Client, db) -> str:
    url = new_table(speaking, target="", target_other="10")
    play(speaking, url, 0, {1: 12, 2: 9, 3: 10})
    return url


# --- The catalogues themselves ----------------------------------------------------------------


def test_every_message_is_translated(language):
    untranslated = [english for english, translated in read_catalogue(language) if not translated]
    assert not untranslated, f"{language}: no translation for {untranslated}"


def test_translations_keep_every_placeholder(language):
    changed = [
        english
        for english, translated in read_catalogue(language)
        if sorted(PLACEHOLDER.findall(english)) != sorted(PLACEHOLDER.findall(translated))
    ]
    assert not changed, f"{language}: placeholders differ in {changed}"


def test_catalogue_header_names_the_language_and_its_plurals(language):
    header = (CATALOGUES / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    header = header.split("\n\n", 1)[0]
    assert f'"Language: {language}\\n"' in header
    assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in header
    assert "fuzzy" not in header


def test_swedish_counts_more_than_one_hand_in_the_plural(fresh_catalogues):
    """A Swedish plural that copied its singular said "efter 4 omgång" on a match's summary."""
    from django.utils import translation

    with translation.override("sv"):
        for singular, plural in (
            ("Running totals over %(hands)s hand", "Running totals over %(hands)s hands"),
            ("%(names)s (%(hands)s hand)", "%(names)s (%(hands)s hands)"),
            ("%(names)s (ahead after %(hands)s hand)", "%(names)s (ahead after %(hands)s hands)"),
        ):
            said = translation.ngettext(singular, plural, 4) % {"hands": 4, "names": "Ben"}
            assert "4 omgångar" in said, said
            one = translation.ngettext(singular, plural, 1) % {"hands": 1, "names": "Ben"}
            assert "1 omgång" in one and "omgångar" not in one


# Spanish says "tú" to the player at the phone and, as Latin America does, "ustedes" to several
# ("confirmen", "jueguen"): these are "usted" telling one person what to do.
USTED = re.compile(
    r"\b(?:usted|pregunte|elija|intente|inténtelo|vuelva a|juegue|empiece|revise|toque|pulse|"
    r"escriba|espere)\b",
    re.IGNORECASE,
)


def test_spanish_tells_the_player_what_to_do_as_tu():
    """The refused correction said "pregunte al director", a bracket's refusal "Juegue antes al
    menos una ronda": usted among the tú of every other page. ("que el director acepte", "hasta
    que se cierre" are no one told what to do; a plural, "jueguen", is ustedes to a table.)"""
    told = [
        translated
        for _english, translated in read_catalogue("es")
        if USTED.search(re.sub(r"\b(?:que|quien|cuando|cuanto)\b[^.;:]*", "", translated))
    ]
    assert not told, told


# Spain's "vosotros": its plural commands ("jugad", "dadle", "aclaradlo"), its other verb forms
# ("confirmáis", "perdisteis") and its pronouns ("os", "vuestro"); nouns such as "mitad",
# "seguridad" and "pared" end alike and are left out.
VOSOTROS = re.compile(
    r"\b(?:vosotr\w*|vuestr\w*|os|\w+(?:asteis|isteis|áis|éis)|\w+[aei]d(?:le|les|lo|la|los|las)"
    r"|\w+(?<![dt])ad|\w+(?<![rt])ed|\w+(?<!r)id|id)\b",
    re.IGNORECASE,
)


def test_spanish_tells_several_what_to_do_as_ustedes_never_vosotros():
    """The park's tables are in New York, Santo Domingo and San Juan: "Dadle agua a las fichas y
    jugad la mano otra vez" and "confirmad que perdisteis" were Spain's, not theirs."""
    told = [
        translated
        for _english, translated in read_catalogue("es")
        if VOSOTROS.search(PLACEHOLDER.sub("", translated))
    ]
    assert not told, told


def test_spanish_never_takes_the_director_for_a_man():
    """A disputed result said "Se avisa al director: él acepta o corrige el resultado": the
    director, whoever runs the day, is told of without a "he" (él of a thing, "sigue en él", is
    left alone)."""
    told = [
        translated
        for _english, translated in read_catalogue("es")
        if "director" in translated and re.search(r"(?<!\w)él(?!\w)", translated)
    ]
    assert not told, told


# --- One test per page -------------------------------------------------------------------------


def test_home_page(speaking: Client, language, match_url, finished_url):
    assert_no_english(speaking.get("/"), language)


def test_home_page_of_a_new_phone(speaking: Client, language, db):
    assert_no_english(speaking.get("/"), language)


def test_setup_page(speaking: Client, language, db):
    assert_no_english(speaking.get("/new"), language)


@pytest.mark.parametrize(
    "data",
    [
        # What a phone posts when Start is tapped on an untouched form.
        {"name": "", "player_1": "", "player_2": "", "player_3": "", "player_4": ""},
        {
            "player_1": "Ana",
            "player_2": "ana",
            "target_other": "doscientos",
            "capicu_other": "-1",
            "preset": "double_nine",
        },
        {"player_1": "Ana", "player_2": "Bo", "target_other": "0", "capicu_other": "9999"},
        {"player_1": "Ana", "player_2": "Bo", "target_other": "99999", "capicu_other": "x"},
        {"player_1": "Ana", "target": "", "preset": "standard"},
    ],
    ids=["empty", "same-names", "too-small", "too-big", "one-player"],
)
def test_setup_page_with_errors(speaking: Client, language, db, data):
    response = speaking.post("/new", data)
    assert response.status_code == 422
    assert_no_english(response, language)


def test_setup_page_when_too_many_tables_were_opened(speaking: Client, language, db, settings):
    settings.TABLES_PER_HOUR = 0
    response = speaking.post("/new", SETUP)
    assert response.status_code == 429
    assert_no_english(response, language)


def test_new_match_page(speaking: Client, language, match_url):
    assert_no_english(speaking.get(f"/t/{key_of(match_url)}/new"), language)


def test_match_scoreboard(speaking: Client, language, match_url):
    assert_no_english(speaking.get(match_url), language)


def test_change_log_page(speaking: Client, language, match_url):
    assert_no_english(speaking.get(f"{match_url}?part=log"), language)


def test_match_scoreboard_of_a_new_match(speaking: Client, language, db):
    assert_no_english(speaking.get(new_table(speaking)), language)


@pytest.mark.parametrize("preset", ["double_nine", "double_twelve"])
def test_match_scoreboard_with_a_bigger_set(speaking: Client, language, db, preset):
    assert_no_english(speaking.get(new_table(speaking, preset=preset)), language)


@pytest.mark.parametrize("out", ["blocked", "0"])
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_hand_form(speaking: Client, language, match_url, out, htmx):
    if htmx:
        response = speaking.get(f"{match_url}?part=entry&out={out}", headers=HTMX)
    else:
        response = speaking.get(f"{match_url}?out={out}")
    assert_no_english(response, language)


HAND_ERRORS = {
    "missing-pips": (0, {1: "", 2: 5, 3: 7}, {}),
    "not-a-number": (0, {1: "doce", 2: 5, 3: 7}, {}),
    "not-whole": (0, {1: "4.5", 2: 5, 3: 7}, {}),
    "negative": (0, {1: "-3", 2: 5, 3: 7}, {}),
    "too-many-pips": (0, {1: 70, 2: 5, 3: 7}, {}),
    "total-too-many": ("blocked", {0: 69, 1: 69, 2: 20, 3: 20}, {}),
    "capicu-on-blocked": ("blocked", {0: 1, 1: 2, 2: 3, 3: 4}, {"capicu": "on"}),
    "tile-in-two-hands": (0, {1: "", 2: "", 3: 7}, {"tiles_1": ["6-6"], "tiles_2": ["6-6"]}),
    "tile-not-in-set": (0, {1: "", 2: 5, 3: 7}, {"tiles_1": ["9-9"]}),
}


@pytest.mark.parametrize("case", HAND_ERRORS)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_hand_form_with_errors(speaking: Client, language, match_url, case, htmx):
    out, pips, extra = HAND_ERRORS[case]
    response = post_hand(speaking, match_url, out, pips, htmx=htmx, **extra)
    assert response.status_code == (200 if htmx else 422)
    assert_no_english(response, language)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_hand_form_without_who_went_out(speaking: Client, language, match_url, htmx):
    data = {**hand_form(speaking, match_url, 0), "out": "9"}
    response = speaking.post(match_url + "hand", data, headers=HTMX if htmx else {})
    assert_no_english(response, language)


def test_hand_form_when_hands_can_be_drawn(speaking: Client, language, db):
    url = new_table(speaking, partnership="", preset="standard")
    response = post_hand(speaking, url, 0, {1: 200, 2: 5, 3: 7})
    assert response.status_code == 422
    assert_no_english(response, language)


def test_the_same_hand_saved_twice(speaking: Client, language, match_url):
    data = {**hand_form(speaking, match_url, 0), "pips_1": "5", "pips_2": "5", "pips_3": "5"}
    speaking.post(match_url + "hand", data)
    assert_no_english(speaking.post(match_url + "hand", data, follow=True), language)


PREVIEWS = {
    "empty": ({}, 0, {}, {}),
    "problem": ({}, 0, {1: "doce"}, {}),
    "went-out": ({}, 0, {1: 10, 2: 5, 3: 7}, {}),
    "capicu": ({}, 0, {1: 10, 2: 5, 3: 7}, {"capicu": "on"}),
    "lightest-hand": ({}, "blocked", {0: 9, 1: 15, 2: 3, 3: 9}, {}),
    "void-tie": ({}, "blocked", {0: 5, 1: 5, 2: 9, 3: 9}, {}),
    "lighter-pair": ({"blocked_rule": "lighter_pair"}, "blocked", {0: 9, 1: 15, 2: 3, 3: 9}, {}),
    "draw-pairs": ({"blocked_rule": "lighter_pair"}, "blocked", {0: 5, 1: 5, 2: 9, 3: 9}, {}),
    "opponents-only": ({"count_rule": "opponents_only"}, 0, {1: 10, 3: 7}, {}),
    "every-hand": ({"count_rule": "every_hand"}, "blocked", {0: 1, 1: 2, 2: 3, 3: 4}, {}),
}


@pytest.mark.parametrize("case", PREVIEWS)
def test_preview_partial(speaking: Client, language, db, case):
    house, out, pips, extra = PREVIEWS[case]
    url = new_table(speaking, **house)
    data = {**hand_form(speaking, url, out), **extra}
    data.update({f"pips_{seat}": str(value) for seat, value in pips.items()})
    response = speaking.post(url + "preview", data, headers=HTMX)
    assert response.content.strip()
    assert_no_english(response, language)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_undo_confirmation(speaking: Client, language, match_url, htmx):
    assert_no_english(speaking.get(match_url + "undo", headers=HTMX if htmx else {}), language)


@pytest.mark.parametrize("version", ["right", "stale"])
def test_after_undoing(speaking: Client, language, match_url, version):
    html = speaking.get(match_url + "undo").content.decode()
    current = re.search(r'name="version" value="(\d+)"', html).group(1)
    data = {"version": current if version == "right" else "0"}
    assert_no_english(speaking.post(match_url + "undo", data, follow=True), language)


@pytest.mark.parametrize("out", ["", "?out=blocked", "?out=1"])
def test_hand_detail_page(speaking: Client, language, match_url, out):
    assert_no_english(speaking.get(f"{match_url}h/1/{out}"), language)


def hand_page_post(client: Client, url: str, number: int, **changes):
    html = client.get(f"{url}h/{number}/").content.decode()
    data = dict(re.findall(r'name="(out|number|token|version)" value="([^"]*)"', html))
    data.update(re.findall(r'name="(pips_\d)"[^>]*value="([^"]*)"', html))
    data.update(changes)
    return client.post(f"{url}h/{number}/", data, follow=True)


@pytest.mark.parametrize(
    "changes",
    [{}, {"pips_1": ""}, {"version": "0"}, {"pips_1": "60", "pips_2": "60", "pips_0": "1"}],
    ids=["corrected", "missing-pips", "changed-elsewhere", "would-end-early"],
)
def test_hand_detail_page_after_saving(speaking: Client, language, db, changes):
    url = new_table(speaking, target="", target_other="60")
    play(speaking, url, 3, {0: 10, 1: 12, 2: 9})
    play(speaking, url, 3, {0: 1, 1: 1, 2: 1})
    assert_no_english(hand_page_post(speaking, url, 1, **changes), language)


def test_finished_match(speaking: Client, language, finished_url):
    assert_no_english(speaking.get(finished_url), language)


def test_hand_saved_after_the_end(speaking: Client, language, finished_url):
    data = {"out": "0", "number": "2", "token": "7b1a4f3e-0000-4000-8000-000000000000"}
    data.update({"pips_1": "1", "pips_2": "1", "pips_3": "1"})
    response = speaking.post(finished_url + "hand", data, headers=HTMX)
    assert_no_english(response, language)


def test_table_history(speaking: Client, language, finished_url):
    key = key_of(finished_url)
    speaking.post(f"/t/{key}/rematch")
    assert_no_english(speaking.get(f"/t/{key}/"), language)


def test_table_history_without_matches(speaking: Client, language, db):
    from scorekeeper.models import Table

    table = Table.objects.create(name="")
    assert_no_english(speaking.get(f"/t/{table.key}/"), language)


def watch_key(client: Client, url: str) -> str:
    html = client.get(url).content.decode()
    return re.search(r'href="[^"]*/w/([^/"]+)/"', html).group(1)


def test_watch_page(speaking: Client, language, match_url):
    assert_no_english(speaking.get(f"/w/{watch_key(speaking, match_url)}/"), language)


def test_watch_board_partial(speaking: Client, language, finished_url):
    response = speaking.get(f"/w/{watch_key(speaking, finished_url)}/board", headers=HTMX)
    assert response.status_code == 200
    assert_no_english(response, language)


def test_help_page(speaking: Client, language):
    assert_no_english(speaking.get("/help"), language)


# --- The regional ways to play ----------------------------------------------------------------


@pytest.fixture
def regional_url(speaking: Client, db) -> str:
    """A Dominican table two hands in: a tie won by the side that led, then a pase corrido."""
    url = new_table(speaking, preset="dominican")
    response = post_hand(speaking, url, "blocked", {0: 5, 1: 6, 2: 7, 3: 6}, led_by="3")
    assert response.status_code == 302
    response = post_hand(speaking, url, 0, {1: 5, 2: 5, 3: 5}, pase_corrido_1="1")
    assert response.status_code == 302
    return url


@pytest.mark.parametrize("out", ["blocked", 0])
def test_regional_hand_form(speaking: Client, language, db, out):
    url = new_table(speaking, preset="puerto_rico_500")
    assert_no_english(speaking.get(f"{new_table(speaking, preset='cuban')}?out={out}"), language)
    assert_no_english(speaking.get(f"{url}?out={out}"), language)


def test_regional_hand_form_with_errors(speaking: Client, language, db):
    url = new_table(speaking, preset="dominican")
    response = post_hand(speaking, url, "blocked", {0: 5, 1: 6, 2: 7, 3: 6}, pase_corrido_0="x")
    assert response.status_code == 422
    assert_no_english(response, language)


def test_regional_sheet_and_hand_pages(speaking: Client, language, regional_url):
    assert_no_english(speaking.get(regional_url), language)
    assert_no_english(speaking.get(f"{regional_url}h/1/"), language)
    assert_no_english(speaking.get(f"{regional_url}h/2/"), language)


def test_regional_preview(speaking: Client, language, db):
    url = new_table(speaking, preset="puerto_rico_500")
    data = {**hand_form(speaking, url, 1), "pips_0": "10", "pips_2": "12", "pips_3": "8"}
    response = speaking.post(url + "preview", {**data, "chuchazo": "on"}, headers=HTMX)
    assert_no_english(response, language)


def test_shutout_and_series_banner(speaking: Client, language, db):
    url = new_table(speaking, target="", target_other="10", shutout_counts_double="on")
    play(speaking, url, 0, {1: 12, 2: 0, 3: 10})
    assert_no_english(speaking.get(url), language)
    assert_no_english(speaking.get(f"/t/{key_of(url)}/"), language)


def test_setup_page_showing_another_games_rules(speaking: Client, language, db):
    response = speaking.post("/new", {**SETUP, "preset": "spanish", "rules_of": "caribbean"})
    assert response.status_code == 200
    assert_no_english(response, language)


def test_help_page_of_a_regional_table(speaking: Client, language, regional_url):
    assert_no_english(speaking.get(f"/help?t={key_of(regional_url)}"), language)


# --- The check itself --------------------------------------------------------------------------


def test_the_check_catches_english_left_on_a_page():
    page = '<p title="Score sheet">Hand 3 · Match to Ana &amp; Bo!</p><p>Sale Ana</p>'
    found = {
        english
        for english, pattern in english_patterns("es").items()
        if any(pattern.search(text) for text in shown_text(page))
    }
    assert found == {"Score sheet", "Score", "Hand", "Hand %(number)s", "Match to %(side)s!"}


pytestmark = pytest.mark.django_db


def url(match, tail=""):
    return f"/t/{match.table.key}/m/{match.number}/{tail}"


def played(preset="all_fives", **house):
    match = scoring_match(preset, partnership=False, **house)
    tap(match, 0, 2 if preset == "bergen" else 10)
    add_hand(match, "blocked", {0: 3, 1: 9, 2: 14, 3: 6})
    tap(match, 1, 3 if preset == "bergen" else 15)
    return match


@pytest.mark.parametrize("preset", ["all_fives", "bergen"])
def test_match_page_with_the_strip_open(speaking: Client, language, preset):
    response = speaking.get(url(played(preset)), {"seat": "1"})

    assert_no_english(response, language)


def test_bergen_blocked_hand_form_asking_for_doubles(speaking: Client, language):
    match = played("bergen", doubles_lose_count=True)

    assert_no_english(speaking.get(url(match), {"out": "blocked"}), language)


@pytest.mark.parametrize("rounding", ["nearest_five", "each_hand", "exact"])
def test_all_fives_preview(speaking: Client, language, rounding):
    match = played(rounding=rounding, blocked_pays_difference=True)
    data = {"out": "blocked", "number": "2", "token": "8c4e6f0e-7f43-4f59-9d4c-4a3f2b1c0d9e"}
    data.update({"pips_0": "3", "pips_1": "9", "pips_2": "14", "pips_3": "6"})

    assert_no_english(speaking.post(url(match, "preview"), data, headers=HTMX), language)


@pytest.mark.parametrize("preset", ["all_fives", "bergen"])
def test_hand_pages(speaking: Client, language, preset):
    match = played(preset)

    assert_no_english(speaking.get(url(match, "h/1/")), language)
    assert_no_english(speaking.get(url(match, "h/2/")), language)


def test_undo_confirmation_of_a_play(speaking: Client, language):
    assert_no_english(speaking.get(url(played(), "undo")), language)


def test_match_ended_mid_hand_and_its_watch_page(speaking: Client, language):
    match = scoring_match("bergen", names=("Ann", "Bo"), target=3)
    tap(match, 1, 3)

    assert_no_english(speaking.get(url(match)), language)
    assert_no_english(speaking.get(f"/w/{match.table.watch_key}/"), language)


@pytest.mark.parametrize("preset", ["all_fives", "bergen"])
def test_help_page_for_a_scoring_table(speaking: Client, language, preset):
    match = played(preset)

    assert_no_english(speaking.get("/help", {"t": match.table.key}), language)


def test_a_round_in_play_is_all_in_the_language(speaking: Client, language: str):
    match = start(speaking, double_blank_counts="50")
    post_round(speaking, match, "blocked", {0: 3, 1: 9, 2: 0, 3: 4}, double_blank="1")

    assert_no_english(speaking.get(match.get_absolute_url()), language)
    assert_no_english(speaking.get(match.get_absolute_url() + "?out=2"), language)
    refused = post_round(speaking, match, "2", {0: 1, 1: 2}, double_blank="2")
    assert_no_english(refused, language)


def test_a_shared_win_is_all_in_the_language(speaking: Client, language: str):
    match = play_short_game(speaking, [("0", {1: 10}), ("1", {0: 4}), ("blocked", {0: 6, 1: 0})])

    assert created(Match).get().finished
    assert_no_english(speaking.get(match.get_absolute_url()), language)


def test_the_mexican_train_setup_is_all_in_the_language(speaking: Client, language: str):
    response = speaking.get("/new")

    assert_no_english(response, language)


def test_a_fifth_name_for_a_four_seat_game_is_refused_in_the_language(
    speaking: Client, language: str
):
    response = speaking.post("/new", {**SETUP, "player_5": "Eve"})

    assert response.status_code == 422
    assert_no_english(response, language)


def test_a_seat_page_is_all_in_the_language(speaking: Client, language: str):
    from scorekeeper.models import SeatLink

    match = start(speaking, double_blank_counts="25")
    url = SeatLink.for_match(match)[1].get_absolute_url()
    speaking.post(url, {"number": "1", "pips": "12"})

    assert_no_english(speaking.get(url), language)
    assert_no_english(speaking.post(url, {"number": "1", "pips": "x"}), language)
    assert_no_english(speaking.get(match.get_absolute_url()), language)


def test_a_rounds_own_page_says_why_in_the_language(speaking: Client, language: str):
    match = start(speaking, double_blank_counts="50")
    post_round(speaking, match, "blocked", {0: 3, 1: 9, 2: 0, 3: 4}, double_blank="1")
    post_round(speaking, match, "2", {0: 3, 1: 9, 3: 4})

    for hand in match.hands.all():
        assert_no_english(speaking.get(hand.get_absolute_url()), language)


def test_a_round_saved_corrected_and_undone_is_all_in_the_language(speaking: Client, language: str):
    match = start(speaking)
    saved = post_round(speaking, match, "0", {1: 23, 2: 7, 3: 41})
    assert_no_english(speaking.get(saved.url), language)
    hand = match.hands.get()
    assert_no_english(speaking.get(hand.get_absolute_url()), language)
    data = {"out": "0", "number": "1", "token": str(hand.token), "entry": "each"}
    data |= {"pips_1": "20", "pips_2": "7", "pips_3": "41", "version": str(match.version)}
    assert_no_english(speaking.post(hand.get_absolute_url(), data, follow=True), language)
    assert_no_english(speaking.get(match.undo_url()), language)
    match.refresh_from_db()
    undone = speaking.post(match.undo_url(), {"version": str(match.version)}, follow=True)
    assert_no_english(undone, language)
