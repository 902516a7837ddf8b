"""Hostile input at every form and URL: never a 5xx, a message when refused, nothing changed."""

import html
import uuid
from urllib.parse import quote

from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.models import Hand, Match, PlayEntry, Table
from tests.created import created
from tests.support.testing import SETUP, scoring_match

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


nasty_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            " ",
            "<script>alert(1)</script>",
            "' OR 1=1 --",
            "1e3",
            "0x10",
            "NaN",
            "12.0",
            "-0",
            "٣",
            "9" * 30,
            "\x00",
            "null",
            "{{ 7*7 }}",
        ]
    ),
)


numberish = st.one_of(st.integers(-(10**12), 10**12).map(str), nasty_text)


def state(match: Match) -> tuple:
    match.refresh_from_db()
    return (created(Hand).count(), tuple(match.totals), match.version, match.winner_side)


@FUZZ
@given(
    out=st.one_of(st.sampled_from(["0", "1", "2", "3", "blocked", "4", "-1", ""]), nasty_text),
    number=st.one_of(st.sampled_from(["1", "2", "0"]), numberish),
    token=st.one_of(st.uuids().map(str), nasty_text),
    pips=st.dictionaries(st.sampled_from([0, 1, 2, 3, 7, -1]), numberish, max_size=5),
    tiles=st.lists(
        st.one_of(st.sampled_from(["6-6", "6-5", "0-0", "7-7"]), nasty_text), max_size=4
    ),
    capicu=st.sampled_from([None, "on", "1", "false", "<b>"]),
    htmx=st.booleans(),
)
def test_hand_form_survives_anything(
    client: Client, make_match, out, number, token, pips, tiles, capicu, htmx
):
    match = created(Match).first() or make_match()
    before = state(match)
    data = {"out": out, "number": number, "token": token}
    data.update({f"pips_{seat}": value for seat, value in pips.items()})
    if tiles:
        data["tiles_1"] = tiles
    if capicu is not None:
        data["capicu"] = capicu
    headers = {"HX-Request": "true"} if htmx else {}
    url = f"/t/{match.table.key}/m/{match.number}/"
    for action in ("hand", "preview"):
        response = client.post(url + action, data, headers=headers)
        assert response.status_code < 500
    after = state(match)
    if after != before:
        # Whatever got through must have been a real hand the rules accept, saved once.
        assert after[0] == before[0] + 1
        saved = created(Hand).order_by("-id").first()
        assert rules.validate_hand(match.game(), saved.as_rules_hand()) == ()
        assert str(saved.token) == str(uuid.UUID(token))


@FUZZ
@given(
    names=st.lists(nasty_text, min_size=0, max_size=4),
    preset=st.one_of(st.sampled_from(["caribbean", "standard", "double_nine"]), nasty_text),
    target=numberish,
    target_other=numberish,
    bonus=numberish,
    count_rule=st.one_of(st.sampled_from(["all_other_hands", "opponents_only"]), nasty_text),
    pairing=st.one_of(st.sampled_from(["13", "12", "14"]), nasty_text),
)
def test_setup_form_survives_anything(
    client: Client, db, names, preset, target, target_other, bonus, count_rule, pairing
):
    before = created(Table).count()
    data = {**SETUP, "preset": preset, "target": target, "target_other": target_other}
    data.update({"capicu_other": bonus, "count_rule": count_rule, "pairing": pairing})
    for number in range(1, 5):
        data[f"player_{number}"] = names[number - 1] if number <= len(names) else ""
    response = client.post("/new", data)
    assert response.status_code < 500
    if response.status_code == 302:
        assert created(Table).count() == before + 1
        page = client.get(response["Location"]).content.decode()
        for name in created(Match).order_by("-id").first().seat_names():
            assert html.escape(name) in page or html.escape(name, quote=False) in page
        assert "<script>alert(1)</script>" not in page
    else:
        assert response.status_code == 422
        assert 'class="field-error"' in response.content.decode() or "form-errors" in (
            response.content.decode()
        )
        assert created(Table).count() == before


@FUZZ
@given(
    key=nasty_text,
    number=st.integers(0, 10**6),
    hand=st.integers(0, 10**6),
    method=st.sampled_from(["get", "post"]),
)
def test_unknown_keys_and_numbers_are_404_never_a_crash(
    client: Client, db, key, number, hand, method
):
    key = quote(key, safe="") or "x"
    for path in (
        f"/t/{key}/",
        f"/t/{key}/m/{number}/",
        f"/t/{key}/m/{number}/hand",
        f"/t/{key}/m/{number}/undo",
        f"/t/{key}/m/{number}/h/{hand}/",
        f"/t/{key}/rematch",
        f"/w/{key}/",
        f"/w/{key}/board",
    ):
        response = getattr(client, method)(path)
        assert response.status_code in (404, 405), path


query_value = st.one_of(
    numberish,
    st.sampled_from(["²", "①", "١٢", "1_2", "+3", "\uff12", "entry", "log", "blocked", "0"]),
)


@FUZZ
@given(
    before=query_value,
    out=query_value,
    part=query_value,
    seen=query_value,
    t=nasty_text,
    htmx=st.booleans(),
)
def test_query_parameters_never_crash_a_page(
    client: Client, make_match, add_hand, before, out, part, seen, t, htmx
):
    match = created(Match).first() or add_hand(make_match(), 0, {1: 3, 2: 5, 3: 7})
    key, watch = match.table.key, match.table.watch_key
    headers = {"HX-Request": "true"} if htmx else {}
    base = f"/t/{key}/m/{match.number}/"
    for path, params in (
        (f"/t/{key}/", {"before": before}),
        (base, {"out": out, "part": part}),
        (base + "h/1/", {"out": out}),
        (base + "undo", {}),
        (f"/w/{watch}/board", {"seen": seen}),
        ("/help", {"t": t}),
        ("/", {"before": before}),
    ):
        response = client.get(path, params, headers=headers)
        assert response.status_code < 500, (path, params)


nasty = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["", "-1", "1e1", "5.0", "0x5", "\u0665", "9" * 30, "\x00", "<b>", "null"]),
)


@FUZZ
@given(
    seat=st.one_of(st.sampled_from(["0", "1", "3", "4"]), nasty),
    points=st.one_of(st.sampled_from(["5", "2", "3", "45", "50", "7"]), nasty),
    number=st.one_of(st.sampled_from(["1", "2", "0"]), nasty),
    token=st.one_of(st.uuids().map(str), nasty),
    preset=st.sampled_from(["all_fives", "bergen"]),
    htmx=st.booleans(),
)
def test_play_strip_survives_anything(db, seat, points, number, token, preset, htmx):
    match = Match.objects.filter(scoring=preset).first() or scoring_match(preset, target=10**6)
    before = PlayEntry.objects.filter(hand__match=match).count()
    headers = {"HX-Request": "true"} if htmx else {}
    data = {"seat": seat, "points": points, "number": number, "token": token}

    response = Client().post(f"/t/{match.table.key}/m/{match.number}/play", data, headers=headers)

    assert response.status_code < 500
    added = PlayEntry.objects.filter(hand__match=match).order_by("-id")
    if added.count() != before:
        play = added.first()
        assert added.count() == before + 1
        allowed = range(5, 50, 5) if preset == "all_fives" else (2, 3)
        assert (str(play.seat), str(play.points), str(play.token)) == (seat, points, token)
        assert play.points in allowed and 0 <= play.seat < 4
