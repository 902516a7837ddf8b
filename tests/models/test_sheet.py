"""A match's sheet read by its two compiled queries (models/sheet.py) leaves what Django's
prefetch leaves: the same hands, entries, order and caches, and nothing read again."""

import pytest
from django.db import connection
from django.db.models import prefetch_related_objects
from django.test.utils import CaptureQueriesContext

from scorekeeper.models import Match, hands_prefetch


def played(make_match, add_hand, hands: int) -> Match:
    match = make_match()
    for number in range(hands):
        # Capicú now and then: a hand with two entries (its points and the bonus).
        out = number % 4
        pips = {seat: 3 + number + seat for seat in range(4) if seat != out}
        add_hand(match, out, pips, capicu=number % 3 == 0)
    return match


def fresh(match: Match) -> Match:
    return Match.objects.select_related("table").get(pk=match.pk)


def sheet(match: Match) -> list[tuple]:
    """What a sheet reads from the hands, each entry with the hand it names."""
    return [
        (
            hand.pk,
            hand.number,
            hand.match is match,
            *((e.pk, e.side, e.kind, e.points, e.hand is hand) for e in hand.entry_list()),
        )
        for hand in match.hands.all()
    ]


def test_the_sheet_reads_as_the_prefetch_does(db, make_match, add_hand):
    match = played(make_match, add_hand, 7)
    for latest in (None, 3, 7, 20):
        by_prefetch = fresh(match)
        after = 0 if latest is None else by_prefetch.hand_count - latest
        prefetch_related_objects([by_prefetch], hands_prefetch(after))
        ours = fresh(match)
        with CaptureQueriesContext(connection) as queries:
            ours.load_sheet(latest)
            read = sheet(ours)
            rows = [hand.get_absolute_url() for hand in ours.ordered_hands()]
        assert read == sheet(by_prefetch)
        assert len(read) == (7 if latest is None else min(latest, 7))
        assert any(len(row) > 4 for row in read)  # a hand with two entries
        assert rows == [hand.get_absolute_url() for hand in by_prefetch.ordered_hands()]
        assert len(queries) == 2  # hands, entries; nothing read for a hand's match or entries


def test_a_match_with_no_hands_reads_an_empty_sheet(db, make_match):
    match = fresh(make_match())
    match.load_sheet(20)
    assert list(match.hands.all()) == []
    assert match.ordered_hands() == []


def test_another_matchs_hands_stay_off_the_sheet(db, make_match, add_hand):
    first = played(make_match, add_hand, 3)
    other = played(make_match, add_hand, 2)
    assert [hand.match_id for hand in fresh(first).load_sheet().hands.all()] == [first.pk] * 3
    assert [hand.match_id for hand in fresh(other).load_sheet(20).hands.all()] == [other.pk] * 2


def test_a_stand_in_the_sql_would_leave_out_is_refused(db):
    # number > -5 is always true for a positive field: Django drops it, and the query kept
    # would then ignore every call's bound too.
    from scorekeeper.models import Hand
    from scorekeeper.models.kept import KeptQuery

    query = KeptQuery(lambda after: Hand.objects.filter(number__gt=after), after=-5)
    with pytest.raises(ValueError, match="stand-ins"):
        query.all(after=3)


def test_a_hand_saved_between_the_two_reads_is_left_out(db, make_match, add_hand, monkeypatch):
    # The hands are read, then another phone saves one, then the entries are read: that hand's
    # entries come with no hand of theirs (a page drawn just then answered 500).
    from scorekeeper.models import sheet

    match = played(make_match, add_hand, 2)
    read_hands = sheet._HANDS.all

    def hands_then_a_save(**values):
        found = read_hands(**values)
        add_hand(match, 1, {0: 5, 2: 5, 3: 5})
        return found

    monkeypatch.setattr(sheet._HANDS, "all", hands_then_a_save)
    ours = fresh(match).load_sheet(20)
    assert [hand.number for hand in ours.hands.all()] == [1, 2]
    assert all(entry.hand is hand for hand in ours.hands.all() for entry in hand.entry_list())


def test_a_query_made_from_the_read_sheet_reads_only_this_match(db, make_match, add_hand):
    """The database holds other tables' hands (the shared fixture); a query built on the kept
    sheet (Match.round_outs excludes from it) must still read this match's hands alone."""
    match = played(make_match, add_hand, 5)
    ours = fresh(match)
    ours.load_sheet(20)
    assert sorted(ours.hands.exclude(went_out=None).values_list("pk", flat=True)) == sorted(
        match.hands.values_list("pk", flat=True)
    )
    hand = ours.hands.all()[0]
    assert set(hand.entries.exclude(points=None).values_list("hand_id", flat=True)) == {hand.pk}
    assert ours.round_outs() == (2, 1, 1, 1)


def test_a_round_games_page_opens_beside_other_tables(client, make_match, add_hand):
    """The seam: a Caribbean table's hand that seat 4 went out of made a two-player Mexican
    Train game's page answer 500 (its round_outs read every table's hands)."""
    add_hand(make_match(), 3, {0: 5, 1: 5, 2: 5})
    game = make_match(names=("Ann", "Bo"), preset="mexican_train", capicu_bonus=0)
    response = client.get(game.get_absolute_url())
    assert response.status_code == 200
