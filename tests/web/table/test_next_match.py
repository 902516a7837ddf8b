"""The next match at a table: asked for again (a second tap, a back gesture, a second phone)
while the table's newest match waits for its first hand with the same players and game, it
leads to that match; any other choice starts another; a match left empty counts nowhere."""

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Match, Table
from scorekeeper.statistics import reading as stats
from scorekeeper.statistics.records import SideRecord
from tests.support.testing import SETUP, add_hand, make_match, scoring_match, tap
from tests.web.test_limits import in_parallel

pytestmark = pytest.mark.django_db

# The setup page as the next match's form sends it for make_match's table, to 10.
NEXT = {**SETUP, "rules_of": "caribbean", "target": "", "target_other": "10"}


def finished() -> Match:
    """Alice & Cara won the table's first match, to 10."""
    return add_hand(make_match(target=10), 0, {1: 20, 2: 0, 3: 0})


def hidden(page: str, name: str) -> str:
    return page.split(f'name="{name}" value="', 1)[1].split('"', 1)[0]


def setup_sent(table: Table, phone: Client | None = None, **changes) -> str:
    """The next match's setup opened on a phone (its own token) and sent: where it leads."""
    phone = phone or Client()
    page = phone.get(table.new_match_url()).content.decode()
    answer = phone.post(table.new_match_url(), {**NEXT, "token": hidden(page, "token"), **changes})
    assert answer.status_code == 302, answer.context["form"].errors
    return answer["Location"]


def rematch_sent(match: Match, phone: Client | None = None) -> str:
    """Rematch tapped on the finished match's page, as it was drawn for this phone."""
    phone = phone or Client()
    page = phone.get(match.get_absolute_url()).content.decode()
    form = page.split(match.table.rematch_url(), 1)[1]
    data = {"token": hidden(form, "token"), "after": hidden(form, "after")}
    return phone.post(match.table.rematch_url(), data)["Location"]


def numbers(table: Table) -> list[int]:
    return sorted(table.matches.values_list("number", flat=True))


def test_two_phones_sending_the_same_next_match_start_one(client: Client):
    table = finished().table

    places = [setup_sent(table), setup_sent(table)]

    assert places == [f"/t/{table.key}/m/2/"] * 2
    assert numbers(table) == [1, 2]


@pytest.mark.django_db(transaction=True)
def test_phones_sending_the_same_next_match_at_once_start_one():
    # Each phone opened the setup (its own token) and sends it at the same moment: the check
    # and the new match are one transaction behind the table's lock.
    table = finished().table

    places = in_parallel(4, lambda n: setup_sent(table))

    assert places == [f"/t/{table.key}/m/2/"] * 4
    assert numbers(table) == [1, 2]


def test_the_same_next_match_after_a_rematch_leads_to_the_rematch():
    match = finished()

    rematch = rematch_sent(match)
    again = setup_sent(match.table)

    assert again == rematch == f"/t/{match.table.key}/m/2/"
    assert numbers(match.table) == [1, 2]


def test_the_table_lists_one_new_match_after_the_taps(client: Client):
    match = finished()
    rematch_sent(match)
    rematch_sent(match)
    setup_sent(match.table)

    page = client.get(match.table.get_absolute_url()).content.decode()

    assert page.count("not started") == 1
    assert page.count("won by") == 1


def test_a_match_reads_in_progress_from_its_first_hand(client: Client):
    match = finished()
    rematch_sent(match)
    add_hand(match.table.matches.get(number=2), 0, {1: 2, 2: 0, 3: 0})

    page = client.get(match.table.get_absolute_url()).content.decode()

    assert page.count("in progress") == 1
    assert "not started" not in page


@pytest.mark.parametrize(
    "changes",
    [
        {"player_4": "Eve"},
        {"player_2": "Dev", "player_4": "Ben"},  # Ben and Dev change chairs
        {"target_other": "20"},
        {"preset": "spanish", "rules_of": "spanish"},
        {"series_first_to": "3"},
    ],
    ids=["other players", "other chairs", "other target", "other game", "other series"],
)
def test_another_choice_starts_another_match(changes):
    table = finished().table
    setup_sent(table)

    place = setup_sent(table, **changes)

    assert place == f"/t/{table.key}/m/3/"
    assert numbers(table) == [1, 2, 3]


def test_a_match_with_a_hand_is_not_joined():
    table = finished().table
    setup_sent(table)
    add_hand(table.matches.get(number=2), 1, {0: 5, 2: 0, 3: 0})

    assert setup_sent(table) == f"/t/{table.key}/m/3/"


def test_a_scoring_game_with_a_hand_in_play_is_not_joined():
    match = scoring_match("all_fives", names=("Ana", "Ben"))
    tap(match, 0, 10)  # the first hand's first score, no end yet
    match.refresh_from_db()
    assert match.hand_count == 0  # the hand in play is not counted as played yet
    names, game = match.seat_names(), match.game()

    again = match.table.start_match(names, game, match.preset, join_waiting=True)

    assert again.number == 2


def test_a_mexican_train_match_waiting_is_joined_by_its_players():
    names = ["Ann", "Bo", "Cy", "Dee", "Eve"]
    game = rules.make_game("mexican_train", len(names))
    table = Table.objects.create(name="Park")
    first = table.start_match(names, game, "mexican_train")

    again = table.start_match(names, game, "mexican_train", join_waiting=True)

    assert again == first


def test_a_name_typed_in_another_case_joins_the_match_waiting():
    table = finished().table
    setup_sent(table)

    assert setup_sent(table, player_1="alice") == f"/t/{table.key}/m/2/"


def test_the_match_joined_stays_in_its_series_and_the_series_counts_one_win():
    match = finished()
    setup_sent(match.table)
    setup_sent(match.table)

    rematch = match.table.matches.get(number=2)
    assert rematch.series == match.series
    assert rematch.series.state().wins == (1, 0)


def test_the_hourly_limit_does_not_refuse_the_match_waiting(settings):
    table = finished().table
    setup_sent(table)
    settings.MATCHES_PER_HOUR = 2

    assert setup_sent(table) == f"/t/{table.key}/m/2/"


def test_a_match_left_empty_counts_nowhere_as_played():
    match = finished()
    setup_sent(match.table)  # match 2: left empty
    third = match.table.matches.get(
        number=int(setup_sent(match.table, player_2="Dev", player_4="Ben").split("/")[-2])
    )
    add_hand(third, 0, {1: 20, 2: 0, 3: 0})

    players, _pairs = stats.records(match.table)
    assert {row.player_a.name: row.played for row in players} == {
        "Alice": 2,
        "Ben": 2,
        "Cara": 2,
        "Dev": 2,
    }
    assert not SideRecord.objects.filter(match__number=2, table=match.table).exists()
    assert stats.last_results([match.table])[match.table.pk].number == 3
