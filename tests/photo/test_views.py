"""The photo count's screens: the camera button beside each count, a photo counted and drawn
back, its refusals (no photo, too large, not a picture, no tiles, too many), and the count
confirmed without the script, posted back into the hand."""

import random
import re

import cv2
import numpy as np
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils.datastructures import MultiValueDict

from scorekeeper.models import Hand, RoundCount, SeatLink
from scorekeeper.photo.models import PhotoCount
from tests.photo.render import render
from tests.support.testing import make_match
from tests.web.match.test_rounds import start

pytestmark = pytest.mark.django_db
URL = reverse("photo_count")


@pytest.fixture(scope="module")
def photo():
    return render(random.Random(3), tiles=3, cut=False)


def upload(data: bytes, name: str = "hand.jpg") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="image/jpeg")


def test_the_hand_form_has_a_camera_button_beside_each_count(client: Client):
    match = make_match()
    page = client.get(match.get_absolute_url() + "?out=0").content.decode()
    buttons = re.findall(
        r'<input type="file" name="photo" accept="image/\*" capture="environment"', page
    )
    assert len(buttons) == 3  # Ben, Cara and Dev count; Alice went out
    assert f'formaction="{URL}"' in page
    assert f'name="photo_back" value="{match.save_hand_url()}"' in page


def test_a_players_own_page_has_a_camera_button(client: Client):
    match = start(client)
    link = SeatLink.for_match(match)[1]
    page = client.get(link.get_absolute_url()).content.decode()
    assert 'capture="environment"' in page
    assert 'data-for="id_pips"' in page


def test_a_photo_is_drawn_back_with_each_half_to_confirm(client: Client, photo):
    answer = client.post(URL, {"photo": upload(photo.jpeg)}, headers={"HX-Request": "true"})
    html = answer.content.decode()
    assert answer.status_code == 200
    assert "<html" not in html
    assert 'src="data:image/jpeg;base64,' in html
    selected = [int(v) for v in re.findall(r'<option value="(\d+)" selected>', html)]
    assert len(selected) == 6 and sum(selected) == photo.total
    assert 'type="button" data-photo-use' in html
    assert PhotoCount.objects.count() == 1


def test_without_the_script_the_confirmed_count_goes_back_into_the_hand(client: Client, photo):
    match = make_match()
    hand = {"out": "0", "number": "1", "token": "5b1f2d8e-3c5a-4d7e-9f10-2a3b4c5d6e7f"}
    posted = {**hand, "pips_1": "", "photo_for": "pips_1", "photo": upload(photo.jpeg)}
    posted |= {"photo_back": match.save_hand_url(), "photo_page": match.get_absolute_url()}
    page = client.post(URL, posted).content.decode()
    assert f'action="{reverse("photo_confirm")}"' in page
    assert '<input type="hidden" name="out" value="0">' in page
    halves = re.findall(r'<option value="(\d+)" selected>', page)
    # The player corrects the first half to 12.
    confirm = {**hand, "pips_1": "", "half": ["12", *halves[1:]], "photo_for": "pips_1"}
    confirm |= {"photo_back": match.save_hand_url(), "photo_page": "/"}
    done = client.post(reverse("photo_confirm"), confirm).content.decode()
    total = 12 + sum(int(h) for h in halves[1:])
    assert f'<input type="hidden" name="pips_1" value="{total}">' in done
    assert f'action="{match.save_hand_url()}"' in done


def hidden_fields(page: str, action: str, back: bool = False) -> list[tuple[str, str]]:
    """The hidden values of the page's form that posts to `action`: the count put in, or (with
    `back`) the way back without it."""
    forms = re.findall(r"<form[^>]*>.*?</form>", page, re.S)
    (form,) = [f for f in forms if f'action="{action}"' in f and ("photo-back" in f) == back]
    return re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form)


def field_value(page: str, name: str) -> str:
    (tag,) = re.findall(rf'<input[^>]*name="{name}"[^>]*>', page)
    found = re.search(r'value="([^"]*)"', tag)
    return found[1] if found else ""


def test_the_count_put_in_the_hand_without_the_script_waits_for_save(client: Client, photo):
    """Put in the hand: the form again with the count in its field and what was typed in the
    others, no hand saved and no field refused (Dev's count is still to come)."""
    match = make_match()
    typed = {"out": "0", "number": "1", "token": "5b1f2d8e-3c5a-4d7e-9f10-2a3b4c5d6e7f"}
    typed |= {"entry": "each", "pips_1": "", "pips_2": "9", "pips_3": "", "capicu": "on"}
    place = {"photo_for": "pips_1", "photo_back": match.save_hand_url(), "photo_page": "/"}
    confirm = {**typed, **place, "half": ["4", "6"]}
    done = client.post(reverse("photo_confirm"), confirm).content.decode()
    back = hidden_fields(done, match.save_hand_url())
    assert ("pips_1", "10") in back and ("refill", "1") in back
    page = client.post(
        match.save_hand_url(),
        MultiValueDict({name: [value for n, value in back if n == name] for name, _ in back}),
    )
    html = page.content.decode()
    assert page.status_code == 200
    assert not Hand.objects.filter(match=match).exists()
    assert (field_value(html, "pips_1"), field_value(html, "pips_2")) == ("10", "9")
    assert field_value(html, "pips_3") == ""
    assert re.search(r'<input type="checkbox" name="capicu"[^>]*checked', html)
    assert 'class="field-error"' not in html
    assert 'name="token" value="5b1f2d8e-3c5a-4d7e-9f10-2a3b4c5d6e7f"' in html


def test_back_without_the_count_keeps_what_was_typed(client: Client, photo):
    """The way back from the photo, without the script, brings back the other counts typed."""
    match = make_match()
    typed = {"out": "0", "number": "1", "token": "5b1f2d8e-3c5a-4d7e-9f10-2a3b4c5d6e7f"}
    typed |= {"entry": "each", "pips_1": "", "pips_2": "9", "pips_3": "14"}
    posted = {**typed, "photo_for": "pips_1", "photo": upload(photo.jpeg)}
    posted |= {"photo_back": match.save_hand_url(), "photo_page": match.get_absolute_url()}
    counted = client.post(URL, posted).content.decode()
    back = dict(hidden_fields(counted, match.save_hand_url(), back=True))
    assert back["refill"] == "1" and back["pips_3"] == "14"
    html = client.post(match.save_hand_url(), back).content.decode()
    assert (field_value(html, "pips_2"), field_value(html, "pips_3")) == ("9", "14")
    assert 'class="field-error"' not in html
    assert not Hand.objects.filter(match=match).exists()


def test_a_players_count_from_a_photo_waits_for_them_to_send_it(client: Client):
    match = start(client)
    link = SeatLink.for_match(match)[1]
    posted = {"number": "1", "pips": "23", "refill": "1"}
    html = client.post(link.get_absolute_url(), posted).content.decode()
    assert field_value(html, "pips") == "23"
    assert not RoundCount.objects.filter(match=match).exists()
    # From a round closed since, the count is not put in the next round's form.
    client.post(link.get_absolute_url(), posted | {"number": "0"})
    assert not RoundCount.objects.filter(match=match).exists()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (None, "Choose a photo of the tiles."),
        (b"GIF89a not a photo at all", "not a photo this can read"),
        (b"\x89PNG\r\n\x1a\n" + bytes(100), "not a photo this can read"),
    ],
)
def test_a_bad_upload_gets_a_clear_message(client: Client, data, words):
    posted = {} if data is None else {"photo": upload(data, "x.png")}
    answer = client.post(URL, posted)
    assert answer.status_code == 422
    assert words in answer.content.decode()


def test_a_photo_without_tiles_says_so(client: Client):
    answer = client.post(URL, {"photo": upload(render(random.Random(5), tiles=0).jpeg)})
    assert answer.status_code == 422
    assert "No tiles found in this photo" in answer.content.decode()


@pytest.mark.parametrize("tone", [15, 90, 240], ids=["dark", "grey", "white"])
def test_a_photo_all_of_one_tone_says_no_tiles_were_found(client: Client, tone):
    """A photo taken in the dark or with a finger over the lens was read as one tile the size of
    the photo, cut by its edge ('take it again with the whole tile in it'), 0 pips counted."""
    _, jpeg = cv2.imencode(".jpg", np.full((600, 800, 3), tone, np.uint8))
    answer = client.post(URL, {"photo": upload(jpeg.tobytes())})

    assert answer.status_code == 422
    assert "No tiles found in this photo" in answer.content.decode()


def test_a_photo_over_10_mb_is_refused_unread(client: Client):
    answer = client.post(URL, {"photo": upload(b"\xff\xd8\xff" + bytes(10_000_001))})
    assert answer.status_code == 422
    assert "larger than 10 MB" in answer.content.decode()


def test_too_many_photos_from_one_address_in_an_hour(client: Client, settings, photo):
    settings.PHOTOS_PER_HOUR = 2
    for _ in range(2):
        assert client.post(URL, {"photo": upload(b"x")}).status_code == 422
    answer = client.post(URL, {"photo": upload(photo.jpeg)})
    assert answer.status_code == 429
    assert "Too many photos from here this hour" in answer.content.decode()


def test_a_post_without_a_photo_does_not_count_toward_the_limit(client: Client, settings, photo):
    """The limit spares the server's CPU: a post with no file, or one too large to read, costs
    nothing, so three of them leave the one photo allowed this hour to be counted."""
    settings.PHOTOS_PER_HOUR = 1
    for posted in (
        {},
        {"photo": upload(b"")},
        {"photo": upload(b"\xff\xd8\xff" + bytes(10_000_001))},
    ):
        answer = client.post(URL, posted)
        assert answer.status_code == 422
        assert "Too many photos" not in answer.content.decode()
    assert PhotoCount.objects.count() == 0
    assert client.post(URL, {"photo": upload(photo.jpeg)}).status_code == 200
    assert client.post(URL, {"photo": upload(photo.jpeg)}).status_code == 429


def test_a_half_over_twelve_is_refused(client: Client):
    answer = client.post(reverse("photo_confirm"), {"half": ["3", "13"]})
    assert answer.status_code == 422
    assert "A half holds 0 to 12 pips in this set" in answer.content.decode()


@pytest.mark.parametrize("half", ["²", "①", "1" * 10_000, "-1", "", " ", "1.5", "<b>3</b>"])
def test_a_half_that_is_no_count_is_refused_at_the_field(client: Client, half):
    # '²' and '①' pass str.isdigit() but int() refuses them; 10,000 digits are past int()'s
    # limit: each was a 500 before.
    answer = client.post(reverse("photo_confirm"), {"half": ["3", half], "photo_for": "pips_1"})
    assert answer.status_code == 422
    assert "A half holds 0 to 12 pips in this set" in answer.content.decode()


@pytest.mark.parametrize("half, total", [("٣", 6), ("\uff13", 6), (" 3 ", 6), ("12", 15), ("0", 3)])
def test_a_half_in_any_scripts_digits_counts_as_it_shows(client: Client, half, total):
    answer = client.post(reverse("photo_confirm"), {"half": ["3", half], "photo_for": "pips_1"})
    assert answer.status_code == 200
    assert f"{total} pips from the photo." in answer.content.decode()


@pytest.fixture(scope="module")
def double_twelve_photo():
    """Three tiles of a double-twelve set, two of their halves above six (7-3, 4-0, 3-12)."""
    return render(random.Random(18), tiles=3, cut=False, most=12)


def photo_counted_from_the_page(client: Client, match, photo, htmx: bool = True) -> str:
    """The photo posted as the match page's camera button posts it, with the set it names."""
    page = client.get(match.get_absolute_url() + "?out=0").content.decode()
    (most,) = set(re.findall(r'name="photo_most" value="(\d+)"', page))
    posted = {"photo": upload(photo.jpeg), "photo_most": most, "photo_for": "pips_1"}
    posted |= {"photo_back": match.save_hand_url(), "photo_page": "/"}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(URL, posted, headers=headers).content.decode()


def offered(html: str) -> set[int]:
    return {int(value) for value in re.findall(r'<option value="(\d+)"', html)}


def test_on_a_double_six_table_a_half_above_six_is_marked_and_unchosen(
    client: Client, double_twelve_photo
):
    """Before, a half read as 12 came back chosen, the menus offered 0 to 12, and "Use this
    count: 29" put a count the set cannot have in the field."""
    html = photo_counted_from_the_page(client, make_match(), double_twelve_photo)
    assert offered(html) == set(range(7))
    assert "data-photo-over" in html
    assert "Some halves read more than 6 pips" in html
    # The two halves above six (7 and 12) come unchosen, the others as read.
    assert html.count('<option value="" selected>?</option>') == 2
    chosen = [int(v) for v in re.findall(r'<option value="(\d+)" selected>', html)]
    assert sorted(chosen) == [0, 3, 3, 4]
    assert "<output data-photo-sum>?</output>" in html
    assert 'data-photo-pick="A half holds 0 to 6 pips in this set' in html


def test_on_a_double_six_table_a_half_above_six_never_goes_into_the_field(
    client: Client, double_twelve_photo
):
    """Without the script: the marked halves are required, and confirmed unchosen or as read
    the count is refused at the photo; nothing is posted back into the hand."""
    match = make_match()
    page = photo_counted_from_the_page(client, match, double_twelve_photo, htmx=False)
    assert page.count(" required>") == 2
    assert '<input type="hidden" name="photo_most" value="6">' in page
    place = {"photo_for": "pips_1", "photo_back": match.save_hand_url(), "photo_most": "6"}
    for halves in (["7", "3", "4", "0", "3", "12"], ["", "3", "4", "0", "3", ""]):
        answer = client.post(reverse("photo_confirm"), {**place, "half": halves})
        assert answer.status_code == 422
        html = answer.content.decode()
        assert "A half holds 0 to 6 pips in this set" in html
        assert 'name="pips_1"' not in html
    done = client.post(reverse("photo_confirm"), {**place, "half": ["6", "3", "4", "0", "3", "2"]})
    assert '<input type="hidden" name="pips_1" value="18">' in done.content.decode()


def test_on_a_double_twelve_table_the_same_photo_is_counted_as_read(
    client: Client, double_twelve_photo
):
    match = make_match(preset="double_twelve")
    html = photo_counted_from_the_page(client, match, double_twelve_photo)
    assert offered(html) == set(range(13))
    assert "data-photo-over" not in html
    chosen = [int(v) for v in re.findall(r'<option value="(\d+)" selected>', html)]
    assert sum(chosen) == double_twelve_photo.total == 29
    assert "<output data-photo-sum>29</output>" in html
    place = {"photo_for": "pips_1", "photo_back": match.save_hand_url(), "photo_most": "12"}
    done = client.post(reverse("photo_confirm"), {**place, "half": [str(h) for h in chosen]})
    assert '<input type="hidden" name="pips_1" value="29">' in done.content.decode()


def test_a_players_own_page_names_the_matchs_set(client: Client):
    match = start(client)
    link = SeatLink.for_match(match)[1]
    page = client.get(link.get_absolute_url()).content.decode()
    most = match.game().tile_set.value
    assert f'name="photo_most" value="{most}"' in page
