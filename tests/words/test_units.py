"""The words of a unit of play: every unit a game plays has every phrase, read in the active
language, chosen by what the game says it plays, never by which game it is."""

import pytest
from django.utils import translation
from django.utils.safestring import SafeString

from scorekeeper import rules
from scorekeeper.words import units


def test_every_unit_a_game_plays_has_its_words():
    assert {game.unit for game in rules.GAMES.values()} <= set(units.UNITS)


def test_every_unit_has_every_phrase():
    phrases = {unit: set(words.phrases) for unit, words in units.UNITS.items()}

    assert phrases["round"] == phrases["hand"]
    for unit, words in (*units.UNITS_WITH_PLAYS.items(), *units.UNITS_IN_GAMES.items()):
        assert set(words.phrases) == phrases[unit]


def test_each_units_words_have_a_name_of_their_own():
    # The match page's notes are kept drawn under it: a hand's words with pips and without
    # under one name gave a set's page a pip game's line ("Hand 2: Ob, 0 pips").
    kept = (units.UNITS, units.UNITS_WITH_PLAYS, units.UNITS_IN_GAMES)
    names = [words.name for each in kept for words in each.values()]

    assert len(set(names)) == len(names)


@pytest.mark.parametrize("kind", rules.GAMES.values(), ids=str)
def test_each_game_gets_the_words_of_the_unit_it_plays(kind):

    assert units.unit_words(kind).unit == kind.unit


def test_a_round_game_says_round_and_a_hand_game_hand():
    round_game = rules.make_game("mexican_train", 4)
    hand_game = rules.make_game("caribbean", 4)

    assert units.unit_words(round_game).say("saved", number=3) == "Round 3 saved."
    assert units.unit_words(hand_game).say("saved", number=3) == "Hand 3 saved."


def test_a_game_that_scores_during_play_undoes_its_last_entry():
    game = rules.make_game("all_fives", 2)

    assert units.unit_words(game).say("undo_button") == "Undo last entry"
    assert units.unit_words(game).say("undo_one", number=4) == "Take back the end of hand 4?"
    assert units.unit_words(game).say("save") == "Save hand"


def test_a_phrase_is_read_in_the_active_language(fresh_catalogues):
    words = units.UNITS["round"]

    with translation.override("es"):
        assert words.say("save") == "Guardar la ronda"
    with translation.override("sv"):
        assert words.say("save") == "Spara rundan"


def test_a_template_reads_a_phrase_as_our_own_markup():
    shown = units.UNITS["hand"].queued

    assert isinstance(shown, SafeString)
    assert "Hand <span data-hand-number></span> is kept" in shown


def test_a_phrase_no_unit_has_is_an_attribute_error():
    with pytest.raises(AttributeError):
        units.UNITS["hand"].no_such_phrase  # noqa: B018 (the lookup is what is tested)


@pytest.mark.parametrize(("count", "said"), [(1, "over 1 round"), (3, "over 3 rounds")])
def test_a_phrase_that_counts_chooses_its_plural_by_the_number(count, said):
    title = units.UNITS["round"].say("race_title", rounds=count)

    assert title == f"Running totals {said}"


def test_a_set_counted_in_games_says_a_hand_without_its_pips():
    game = rules.make_game("jamaican_partner", 4, partnership=True)
    words = units.unit_words(game)

    said = words.say("entered_elsewhere", number=2, typed="Alice went out", pips="0 pips")
    assert "This phone had: Alice went out. If that is right" in said and "pips" not in said
    assert "pips" not in str(words.waiting_line) and "data-hand-who" in str(words.waiting_line)
    assert words.say("save") == "Save hand"
