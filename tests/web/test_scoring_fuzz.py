"""Hostile input at the play strip: never a 5xx; only a real score is ever recorded, once."""

from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.models import Match, PlayEntry
from scorekeeper.testing import scoring_match

from .test_fuzz import FUZZ

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
