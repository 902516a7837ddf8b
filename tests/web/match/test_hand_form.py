"""The hand form: hands under the regional rules (bonuses, leaders, blockers), a hand that ends
the match asked about once, a match already over, hidden fields changed, a count posted for the
seat that went out."""

import re
import uuid
from dataclasses import asdict

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.forms.hand import HandForm
from scorekeeper.forms.hand_inputs import HAND_INPUTS, HandInput
from scorekeeper.models import Hand, Match, ScoreEntry, Table, rules_fields
from scorekeeper.models.saving import same_report
from tests.created import created
from tests.support.testing import hand_post


def url(match: Match, end="") -> str:
    return f"/t/{match.table.key}/m/{match.number}/{end}"


def post_hand(client: Client, match: Match, out, pips: dict, **taps):
    match.refresh_from_db()
    data = {"out": str(out), "number": str(match.hand_count + 1), "token": str(uuid.uuid4())}
    data.update({f"pips_{seat}": str(value) for seat, value in pips.items()})
    data.update({name: "on" if value is True else str(value) for name, value in taps.items()})
    response = client.post(url(match, "hand"), data)
    match.refresh_from_db()
    return response


def entries(match: Match, number: int) -> set[tuple[int, str, int]]:
    found = ScoreEntry.objects.filter(hand__match=match, hand__number=number)
    return {(entry.side, entry.kind, entry.points) for entry in found}


def game_of(make_match, preset: str) -> Match:
    """A match under every switch of the preset."""
    return make_match(preset=preset, **asdict(rules.ALL_PRESETS[preset].rules))


def test_chuchazo_and_first_hand_bonus_are_entries_of_the_winners(client: Client, make_match):
    match = game_of(make_match, "puerto_rico_500")

    response = post_hand(client, match, 1, {0: 10, 2: 12, 3: 8}, chuchazo=True)

    assert response.status_code == 302
    assert entries(match, 1) == {(1, "count", 30), (1, "chuchazo", 100), (1, "first_hands", 100)}
    assert match.totals == [0, 230]


def test_the_second_hand_pays_75(client: Client, make_match):
    match = game_of(make_match, "puerto_rico_500")
    post_hand(client, match, 1, {0: 10, 2: 12, 3: 8})

    post_hand(client, match, 0, {1: 5, 2: 5, 3: 5})

    assert (0, "first_hands", 75) in entries(match, 2)
    assert match.totals == [90, 130]


def test_pase_corrido_goes_to_the_side_that_made_the_play(client: Client, make_match):
    match = game_of(make_match, "dominican")

    post_hand(client, match, 0, {1: 5, 2: 5, 3: 5}, pase_corrido_1=2)

    assert entries(match, 1) == {(0, "count", 15), (1, "pase_corrido", 50)}
    assert match.totals == [15, 50]


def test_a_first_hand_tie_asks_who_led(client: Client, make_match):
    match = game_of(make_match, "dominican")

    response = post_hand(client, match, "blocked", {0: 5, 1: 6, 2: 7, 3: 6})

    assert response.status_code == 422
    assert response.context["form"].errors["led_by"]
    assert match.hand_count == 0


def test_a_tie_goes_to_the_side_that_led(client: Client, make_match):
    match = game_of(make_match, "dominican")

    post_hand(client, match, "blocked", {0: 5, 1: 6, 2: 7, 3: 6}, led_by=3)

    assert match.totals == [0, 5 + 7 + 6]
    assert match.next_leader == 3  # the pair's hands are level: the leader won the count
    assert match.hands.get().leader_told == 3


def test_the_hand_form_asks_who_led_only_while_nobody_knows(client: Client, make_match):
    match = game_of(make_match, "dominican")
    first = client.get(url(match) + "?out=blocked").context["form"]
    post_hand(client, match, 0, {1: 5, 2: 5, 3: 5})

    second = client.get(url(match) + "?out=blocked").context["form"]

    assert (first.asks_leader, second.asks_leader) == (True, False)


def test_the_lead_passes_in_turn_at_a_spanish_table(client: Client, make_match):
    match = game_of(make_match, "spanish")

    post_hand(client, match, 2, {0: 5, 1: 5, 3: 5}, led_by=0)
    post_hand(client, match, 2, {0: 5, 1: 5, 3: 5})

    assert match.next_leader == 2
    assert match.totals == [30, 0]


def test_blocker_against_the_next_hand_asks_who_blocked(client: Client, make_match):
    match = make_match(blocker_against_next=True)

    refused = post_hand(client, match, "blocked", {0: 5, 1: 6, 2: 7, 3: 6})
    saved = post_hand(client, match, "blocked", {0: 9, 1: 6, 2: 1, 3: 1}, blocked_by=0)

    assert refused.context["form"].errors["blocked_by"]
    assert saved.status_code == 302
    assert match.hands.get().winning_seat == 1


def test_a_bonus_the_table_does_not_pay_is_refused_at_its_field(client: Client, make_match):
    match = make_match()

    response = post_hand(client, match, 0, {1: 5, 2: 5, 3: 5}, chuchazo=True)

    assert response.context["form"].errors["chuchazo"] == [
        "This table plays without a chuchazo bonus."
    ]
    assert match.hand_count == 0


def test_chuchazo_is_refused_on_a_blocked_hand(client: Client, make_match):
    match = game_of(make_match, "puerto_rico_500")

    response = post_hand(client, match, "blocked", {0: 5, 1: 6, 2: 7, 3: 8}, chuchazo=True)

    assert "chuchazo" in response.context["form"].errors
    assert match.hand_count == 0


def test_pase_de_salida_at_a_cuban_table_pays_the_side_that_led(client: Client, make_match):
    match = game_of(make_match, "cuban")

    post_hand(client, match, 0, {1: 5, 2: 5, 3: 5}, led_by=1, pase_de_salida=True)

    assert entries(match, 1) == {(0, "count", 15), (1, "pase_de_salida", 20)}


def test_correcting_a_hand_keeps_its_taps_and_scores_again(client: Client, make_match):
    match = game_of(make_match, "puerto_rico_500")
    post_hand(client, match, 1, {0: 10, 2: 12, 3: 8}, chuchazo=True)
    hand = match.hands.get()
    page = client.get(url(match, "h/1/"))
    assert page.context["form"]["chuchazo"].value() is True

    client.post(
        url(match, "h/1/"),
        {
            "out": "1",
            "number": "1",
            "token": str(hand.token),
            "version": str(match.version),
            "pips_0": "10",
            "pips_2": "12",
            "pips_3": "18",
        },
    )

    match.refresh_from_db()
    assert match.totals == [0, 40 + 100]


pytestmark = pytest.mark.django_db


MESSAGE = "This page could not be read. Reload it and enter the hand again."


@pytest.mark.parametrize(
    "damaged", [{"entry": "bogus"}, {"token": "zz"}, {"number": "abc"}], ids=lambda d: next(iter(d))
)
def test_a_damaged_hidden_field_is_refused_with_a_message(client: Client, make_match, damaged):
    match = make_match()
    data = hand_post(match, out=0, pips={1: 10, 2: 5, 3: 7}, **damaged)
    response = client.post(f"/t/{match.table.key}/m/1/hand", data)
    assert response.status_code == 422
    assert MESSAGE in response.content.decode()
    assert not created(Hand).exists()


OVER = "This match is over. Start a rematch to play on."


def finished_match(add_hand):
    table = Table.objects.create(name="Park")
    game = rules.make_game("standard", 2, rules=rules.HouseRules(target=10))
    return add_hand(table.start_match(["Ana", "Ben"], game, "standard"), 0, {1: 20})


def late_hand(match) -> dict:
    return {"out": "1", "number": "2", "token": str(uuid.uuid4()), "pips_0": "4"}


def test_a_hand_after_the_end_says_the_match_is_over(client: Client, db, add_hand):
    match = finished_match(add_hand)
    url = f"/t/{match.table.key}/m/{match.number}/"
    response = client.post(url + "hand", late_hand(match))
    assert response.status_code == 200
    assert OVER in response.content.decode()
    assert created(Hand).count() == 1


def test_an_htmx_hand_after_the_end_says_the_match_is_over(client: Client, db, add_hand):
    match = finished_match(add_hand)
    url = f"/t/{match.table.key}/m/{match.number}/"
    response = client.post(url + "hand", late_hand(match), headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert OVER in response.content.decode()
    assert created(Hand).count() == 1


def near_the_line(make_match, add_hand):
    match = make_match(names=("Ana", "Ben"), preset="standard", target=50)
    return add_hand(match, 0, {1: 40})


def winning_hand(**extra) -> dict:
    return {"out": "0", "number": "2", "token": str(uuid.uuid4()), "pips_1": "12", **extra}


def test_a_hand_that_ends_the_match_is_not_saved_without_confirming(
    client: Client, make_match, add_hand
):
    match = near_the_line(make_match, add_hand)
    response = client.post(url(match, "hand"), winning_hand())
    html = response.content.decode()
    assert created(Hand).count() == 1
    assert "Ana reaches 52 and wins." in html
    assert 'name="confirm_end"' in html
    assert 'value="12"' in html  # the numbers as typed come back


def test_a_confirmed_hand_ends_the_match(client: Client, make_match, add_hand):
    match = near_the_line(make_match, add_hand)
    client.post(url(match, "hand"), winning_hand(confirm_end="1"))
    match.refresh_from_db()
    assert match.finished
    assert created(Hand).count() == 2


def test_a_hand_that_does_not_end_the_match_saves_at_once(client: Client, make_match, add_hand):
    match = near_the_line(make_match, add_hand)
    client.post(url(match, "hand"), winning_hand(pips_1="3"))
    assert created(Hand).count() == 2


def test_the_preview_says_the_hand_ends_the_match(client: Client, make_match, add_hand):
    match = near_the_line(make_match, add_hand)
    html = client.post(url(match, "preview"), winning_hand()).content.decode()
    assert "Ana reaches 52 and wins." in html


def test_undo_is_on_the_winning_banner(client: Client, make_match, add_hand):
    match = near_the_line(make_match, add_hand)
    add_hand(match, 0, {1: 12})
    html = client.get(url(match, "")).content.decode()
    banner = html[html.index('class="banner win"') :]
    assert "banner-undo" in banner[: banner.index("</div>")]


def test_the_question_is_drawn_with_the_preview_of_the_numbers_as_typed(
    client: Client, make_match, add_hand
):
    # Drawn with the page (without JavaScript too), not asked for once it has loaded.
    match = near_the_line(make_match, add_hand)
    html = client.post(url(match, "hand"), winning_hand()).content.decode()
    output = html[html.index('<output id="preview"') : html.index("</output>")]
    assert "Ana reaches 52 and wins." in output
    assert 'hx-trigger="input from:closest form' in output


def test_the_question_sits_in_the_bar_beside_its_button(client: Client, make_match, add_hand):
    match = near_the_line(make_match, add_hand)
    html = client.post(url(match, "hand"), winning_hand()).content.decode()
    bar = html[html.index('<div class="save-row confirming">') :]
    assert bar.index('class="confirm ends"') < bar.index('name="confirm_end"') < bar.index("</div>")


def test_backing_out_of_the_question_keeps_the_numbers_as_typed(
    client: Client, make_match, add_hand
):
    match = near_the_line(make_match, add_hand)
    html = client.post(url(match, "hand"), winning_hand()).content.decode()
    assert 'name="back"' in html  # the question offers a way back

    response = client.post(url(match, "hand"), winning_hand(back="1"))

    html = response.content.decode()
    assert created(Hand).count() == 1
    assert 'name="confirm_end"' not in html
    assert 'value="12"' in html
    assert "Save hand" in html


def test_a_waiting_hand_that_meets_the_end_is_marked_over_for_the_phones_queue(
    client: Client, db, add_hand
):
    """A hand sent from the phone's queue after another phone ended the match: the answer says
    "over" (saves.js holds the hand for the player), not a plain answer it would take as saved."""
    match = finished_match(add_hand)
    url = f"/t/{match.table.key}/m/{match.number}/"
    hand = client.post(url + "hand", late_hand(match), headers={"HX-Request": "true"})
    play = client.post(
        url + "play",
        {"seat": "0", "points": "10", "token": str(uuid.uuid4())},
        headers={"HX-Request": "true"},
    )
    assert (hand["X-Hand"], play["X-Hand"]) == ("over", "over")
    assert created(Hand).count() == 1


def test_a_tables_hand_forms_share_their_regional_fields_and_not_their_errors(make_match):
    # The regional taps' fields are built once for a table's names (two forms a save): each
    # form still checks only what was posted to it.
    from scorekeeper.forms import HandForm

    match = game_of(make_match, "dominican")
    base = {"out": "0", "number": "1", "token": str(uuid.uuid4())}
    base.update({f"pips_{seat}": "5" for seat in (1, 2, 3)})
    wrong = HandForm(match, {**base, "pase_corrido_1": "many"})
    right = HandForm(match, {**base, "pase_corrido_1": "2"})
    assert wrong.fields["pase_corrido_1"] is right.fields["pase_corrido_1"]
    assert wrong.fields["led_by"] is HandForm.for_next_hand(match).fields["led_by"]
    assert not wrong.is_valid()
    assert list(wrong.errors) == ["pase_corrido_1"]
    assert right.is_valid(), right.errors
    assert right.cleaned_data["hand"].pases_corridos == {0: 0, 1: 2}
    others = make_match(names=("Eva", "Finn", "Gus", "Hal"))
    assert [name for _, name in HandForm(others).fields["led_by"].choices] == [
        "Eva",
        "Finn",
        "Gus",
        "Hal",
    ]


def test_a_tables_hand_forms_share_their_count_fields_each_with_done_on_its_last(make_match):
    # The pips and tile pickers are built once for the names and the seats a hand counts.
    from scorekeeper.forms import HandForm

    match = make_match()
    first = HandForm(match, {"out": "0"})
    again = HandForm(match, {"out": "0"})
    other = HandForm(match, {"out": "3"})
    assert first.fields["pips_1"] is again.fields["pips_1"]
    assert first.fields["tiles_3"] is again.fields["tiles_3"]
    assert [seat for seat, _, _ in first.pip_fields()] == [1, 2, 3]
    assert [seat for seat, _, _ in other.pip_fields()] == [0, 1, 2]
    done = 'enterkeyhint="done"'
    assert done in str(first["pips_3"]) and done not in str(first["pips_2"])
    assert done in str(other["pips_2"]) and done not in str(again["pips_2"])


def test_the_hand_form_shows_and_reads_every_field_of_a_hand():
    # A field added to rules_fields.HAND without its form input fails here, not at a table.
    assert set(HAND_INPUTS) == {field.name for field in rules_fields.HAND}


@pytest.mark.parametrize(
    ("preset", "taps"),
    [("puerto_rico_500", {"chuchazo": True}), ("dominican", {"pases_corridos": {0: 1}})],
)
def test_a_corrected_hand_posts_back_as_it_was_stored(make_match, preset, taps):
    match = game_of(make_match, preset)
    stored = rules.Hand(ending=rules.Ending.WENT_OUT, went_out=1, pips={0: 10, 2: 12, 3: 8}, **taps)
    match.add_hand(stored, token=uuid.uuid4(), number=1)
    saved = match.hands.get(number=1)

    form = HandForm.for_hand(match, saved)
    posted = {name: form[name].value() for name in form.fields}
    data = {name: "on" if value is True else value for name, value in posted.items() if value}
    again = HandForm(match, data, led_by=saved.led_by)

    assert again.is_valid(), again.errors
    assert same_report(saved.as_rules_hand(), again.cleaned_data["hand"])


def test_a_field_with_a_switch_of_its_own_is_shown_read_and_refused_at_it(
    client: Client, make_match, monkeypatch
):
    # The next field of a hand (a key finish) needs only its entry: the form adds its switch,
    # the page draws it, the post reads it and the rules' refusal shows at it.
    key = HandInput(
        lambda game, hand: {"key": hand.key},
        lambda form, data: bool(data.get("key")),
        asked=lambda form: form.ending is rules.Ending.WENT_OUT,
        label="Out on a key",
        refusals=(rules.ErrorCode.KEY_NOT_COUNTED,),
    )
    monkeypatch.setitem(HAND_INPUTS, "key", key)
    match = make_match()

    page = client.get(url(match) + "?out=1").content.decode()
    response = post_hand(client, match, 1, {0: 10, 2: 12, 3: 8}, key=True)

    assert 'name="key"' in page and "Out on a key" in page
    assert response.status_code == 422
    assert list(response.context["form"].errors) == ["key"]
    assert match.hand_count == 0


# --- A count for the seat that went out --------------------------------------------------------

WENT_OUT_EMPTY = "Alice went out, so their hand is empty: leave this count blank."


def went_out_post(match: Match, winner_count: str, **extra) -> dict:
    """Alice (seat 0) went out; a count for each hand the game asks, and `winner_count` for
    Alice's own, which no form draws."""
    needed = rules.needed_seats(match.game(), rules.Ending.WENT_OUT, 0)
    counts = {seat: 3 for seat in needed}
    return hand_post(match, 0, counts, pips_0=winner_count, confirm_end="1", **extra)


def field_errors(response, name: str) -> list[str]:
    return [str(error) for error in response.context["form"].errors.get(name, [])]


@pytest.mark.parametrize("preset", list(rules.ALL_PRESETS))
def test_a_count_for_the_seat_that_went_out_is_refused_at_its_field_in_every_game(
    client: Client, make_match, preset
):
    # It was left unread: the hand saved as if the count had not been posted.
    match = game_of(make_match, preset)

    response = client.post(url(match, "hand"), went_out_post(match, "5"))

    assert response.status_code == 422
    assert field_errors(response, "pips_0") == [WENT_OUT_EMPTY]
    # Drawn as posted, the message right under it (a page without JavaScript opens there).
    page = response.content.decode()
    field = re.search(r'<div class="pip-field has-error" id="refused">(.*?)</div>', page, re.S)
    assert re.search(r'<input [^>]*name="pips_0"[^>]*value="5"', field.group(1))
    assert WENT_OUT_EMPTY in field.group(1)
    assert not created(Hand).exists()


@pytest.mark.parametrize("preset", list(rules.ALL_PRESETS))
@pytest.mark.parametrize("nothing", ["0", "", " "])
def test_a_nought_or_nothing_for_the_seat_that_went_out_saves_the_hand_in_every_game(
    client: Client, make_match, preset, nothing
):
    match = game_of(make_match, preset)

    response = client.post(url(match, "hand"), went_out_post(match, nothing))

    assert response.status_code == 302
    hand = created(Hand).get()
    assert 0 not in hand.pips()  # kept as a hand posted without it is


@pytest.mark.parametrize(
    ("typed", "message"),
    [("abc", "Type a whole number of pips, like 12."), ("-3", "Pips can't be below 0.")],
)
def test_not_a_count_for_who_went_out_is_refused_at_its_field_too(
    client: Client, make_match, typed, message
):
    match = make_match()

    response = client.post(url(match, "hand"), went_out_post(match, typed))

    assert response.status_code == 422
    assert dict(response.context["form"].errors) == {"pips_0": [message]}
    assert not created(Hand).exists()


def test_a_count_for_who_went_out_beside_a_total_is_refused_at_its_own_field(
    client: Client, make_match
):
    match = make_match()

    data = hand_post(match, 0, {}, pips_0="5", entry="total", pooled="20")
    response = client.post(url(match, "hand"), data)

    assert response.status_code == 422
    assert dict(response.context["form"].errors) == {"pips_0": [WENT_OUT_EMPTY]}
    assert not created(Hand).exists()


def test_a_correction_giving_who_went_out_a_count_is_refused_and_changes_nothing(
    client: Client, make_match
):
    match = make_match()
    post_hand(client, match, 0, {1: 10, 2: 5, 3: 7})
    hand = match.hands.get()
    data = {"version": str(match.version), "number": "1", "token": str(hand.token)}

    response = client.post(url(match, "h/1/"), went_out_post(match, "4", **data))

    assert response.status_code == 422
    assert field_errors(response, "pips_0") == [WENT_OUT_EMPTY]
    match.refresh_from_db()
    assert (match.totals, match.version) == ([22, 0], int(data["version"]))
