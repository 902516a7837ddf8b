"""A club's ratings: openskill's Plackett-Luce with its defaults, over the club's finished
matches in the order they ended, kept equal to a recomputation from the history."""

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from scorekeeper.clubs.models import ClubRating
from scorekeeper.clubs.ratings import ranks
from scorekeeper.clubs.rerating import up_to_date
from scorekeeper.tournaments.models import Board
from tests.clubs.factories import club_with, played
from tests.support.testing import make_tournament, play_out, reported

pytestmark = pytest.mark.django_db

# Who sat where and which side won, in the order the matches end: seats 0 & 2 are partners.
SCHEDULE = [
    (0, ("Ana", "Ben", "Cara", "Dev"), 0),
    (1, ("ana", "Eve", "Finn", "Ben"), 1),
    (0, ("Cara", "Dev", "Ana", "Eve"), 1),
    (1, ("Finn", "ANA", "Ben", "Cara"), 0),
    (0, ("Ana", "Ben", "Cara", "Dev"), 0),
]


def openskill_directly(schedule) -> dict[str, tuple[float, float]]:
    """The same matches rated by openskill by hand: names lower-cased, pairs as teams of two."""
    model = PlackettLuce()
    now: dict[str, object] = {}
    for _table, seats, winner in schedule:
        names = [name.lower() for name in seats]
        teams = [[now.get(name) or model.rating() for name in names[side::2]] for side in (0, 1)]
        rated = model.rate(teams, ranks=[1, 2] if winner == 0 else [2, 1])
        for side in (0, 1):
            for name, rating in zip(names[side::2], rated[side], strict=True):
                now[name] = rating
    return {name: (rating.mu, rating.sigma) for name, rating in now.items()}


def kept(club) -> dict[str, tuple[float, float]]:
    up_to_date(club)
    rows = ClubRating.objects.filter(club=club, family="block")
    return {row.player: (row.mu, row.sigma) for row in rows}


def assert_same(got, expected):
    assert got.keys() == expected.keys()
    for name, (mu, sigma) in expected.items():
        assert got[name] == pytest.approx((mu, sigma), abs=1e-9), name


def play(tables, schedule):
    return [played(tables[at], seats, winner) for at, seats, winner in schedule]


def test_ratings_equal_openskill_run_directly_over_the_same_matches():
    club, tables = club_with("North", "South")
    play(tables, SCHEDULE)
    assert_same(kept(club), openskill_directly(SCHEDULE))


def test_a_new_player_starts_at_zero_and_a_winner_rises():
    club, tables = club_with("North")
    play(tables, SCHEDULE[:1])
    up_to_date(club)
    ana = ClubRating.objects.get(club=club, player="ana")
    dev = ClubRating.objects.get(club=club, player="dev")
    assert ana.rating > 0 > dev.rating
    assert (ana.played, ana.won, ana.last, dev.last) == (1, 1, "W", "L")


def test_a_correction_rates_again_from_that_match():
    club, tables = club_with("North", "South")
    matches = play(tables, SCHEDULE)
    kept(club)
    first = matches[0]
    # Its one hand was Ana's (side 0 went out): it was Ben's, so the other side won.
    first.edit_hand(1, reported(1, {0: 30, 2: 30, 3: 30}), version=first.version)
    assert first.winner_side == 1
    corrected = [(0, SCHEDULE[0][1], 1), *SCHEDULE[1:]]
    assert_same(kept(club), openskill_directly(corrected))


def test_an_undone_end_takes_the_match_out_of_the_ratings():
    club, tables = club_with("North", "South")
    matches = play(tables, SCHEDULE)
    kept(club)
    # The last match at the South table (undo reaches only a table's newest match).
    south = matches[3]
    south.undo(version=south.version)
    assert not south.finished
    assert_same(kept(club), openskill_directly([*SCHEDULE[:3], SCHEDULE[4]]))


def test_a_table_leaving_takes_its_matches_out():
    club, tables = club_with("North", "South")
    play(tables, SCHEDULE)
    kept(club)
    club.memberships.filter(table=tables[1]).delete()
    north = [game for game in SCHEDULE if game[0] == 0]
    assert_same(kept(club), openskill_directly(north))


def test_fewer_than_five_rated_matches_is_provisional():
    club, tables = club_with("North")
    play(tables, [(0, ("Ana", "Ben", "Cara", "Dev"), 0)] * 4)
    up_to_date(club)
    assert ClubRating.objects.get(club=club, player="ana").provisional
    play(tables, [(0, ("Ana", "Ben", "Cara", "Dev"), 0)])
    up_to_date(club)
    assert not ClubRating.objects.get(club=club, player="ana").provisional


def test_ranks_put_the_winner_first_then_totals_level_totals_sharing():
    assert ranks([120, 200, 90, 120], [1], higher_first=True) == [2, 1, 3, 2]
    # A game without a target: the lowest total is best.
    assert ranks([40, 12, 40, 70], [1], higher_first=False) == [2, 1, 2, 3]
    # The winner first even when the clock ended the match with a level total behind it.
    assert ranks([80, 80], [1], higher_first=True) == [2, 1]


def test_the_recompute_command_finds_nothing_to_rebuild_when_kept(capsys):
    club, tables = club_with("North", "South")
    play(tables, SCHEDULE)
    up_to_date(club)
    call_command("recompute_ratings")
    assert "Park:" not in capsys.readouterr().out


def test_the_recompute_command_rebuilds_a_club_whose_ratings_were_changed(capsys):
    club, tables = club_with("North", "South")
    play(tables, SCHEDULE)
    up_to_date(club)
    ClubRating.objects.filter(club=club, player="ana").update(mu=40)
    call_command("recompute_ratings")
    assert "Park:" in capsys.readouterr().out
    assert_same(kept(club), openskill_directly(SCHEDULE))


def test_ratings_kept_match_by_match_equal_openskill_run_directly(capsys):
    club, tables = club_with("North", "South")
    for game in SCHEDULE:
        play(tables, [game])
        up_to_date(club)  # each end rated on its own, from the ratings kept
    assert_same(kept(club), openskill_directly(SCHEDULE))
    ana = ClubRating.objects.get(club=club, player="ana")
    assert (ana.played, ana.won, ana.last) == (5, 2, "WLLLW")  # newest first
    call_command("recompute_ratings")
    assert "Park:" not in capsys.readouterr().out


def test_a_tournament_board_given_as_a_forfeit_is_not_rated():
    tournament = make_tournament(["Ana & Cara", "Ben & Dev"], target=50)
    board = tournament.draw_next_round().boards.get()
    club, _tables = club_with()
    club.join(board.table)
    play_out(board.match, 0)
    up_to_date(club)
    assert ClubRating.objects.filter(club=club).count() == 4
    Board.objects.filter(pk=board.pk).update(kind=Board.Kind.FORFEIT, present_side=0)
    up_to_date(club)
    assert not ClubRating.objects.filter(club=club).exists()
