"""Tiles and sets: the pips they hold, and counting a hand from its tiles."""

import pytest

from scorekeeper.rules import (
    InvalidTiles,
    TileError,
    TileErrorCode,
    TileSet,
    count_tiles,
    make_game,
    normalise,
    tile_pips,
)


@pytest.mark.parametrize(
    ("tile_set", "count", "pips"),
    [
        (TileSet.DOUBLE_SIX, 28, 168),
        (TileSet.DOUBLE_NINE, 55, 495),
        (TileSet.DOUBLE_TWELVE, 91, 1092),
    ],
)
def test_set_size_and_pips(tile_set, count, pips):
    assert (tile_set.tile_count, tile_set.total_pips) == (count, pips)
    assert len(tile_set.tiles) == count
    assert sum(map(tile_pips, tile_set.tiles)) == pips


def test_set_tiles_are_normalised_and_unique():
    tiles = TileSet.DOUBLE_NINE.tiles

    assert all(tile == normalise(tile) for tile in tiles)
    assert len(set(tiles)) == len(tiles)


def test_double_counts_both_halves():
    assert tile_pips((6, 6)) == 12
    assert tile_pips((0, 0)) == 0


def test_normalise_puts_the_high_half_first():
    assert normalise((2, 5)) == (5, 2)
    assert normalise([5, 2]) == (5, 2)


@pytest.mark.parametrize("tile", [(1,), (1, 2, 3), (-1, 2), (1.0, 2), ("1", 2)])
def test_normalise_refuses_what_is_not_a_domino(tile):
    with pytest.raises(ValueError):
        normalise(tile)


def test_heaviest_seven_double_six_tiles_hold_69():
    assert TileSet.DOUBLE_SIX.heaviest(7) == 69


def test_count_tiles_adds_each_hands_pips():
    game = make_game("caribbean", 4)

    assert count_tiles(game, {2: [(1, 2)], 0: [(6, 6), (0, 5)], 1: []}) == {0: 17, 1: 0, 2: 3}


def test_count_tiles_refuses_a_tile_off_the_set():
    with pytest.raises(InvalidTiles) as raised:
        count_tiles(make_game("caribbean", 4), {0: [(7, 1)], 1: [(2, "x")]})

    assert raised.value.errors == (
        TileError(TileErrorCode.NOT_IN_SET, seat=0, tile=(7, 1)),
        TileError(TileErrorCode.NOT_IN_SET, seat=1, tile=(2, "x")),
    )


def test_count_tiles_accepts_high_numbers_of_bigger_sets():
    assert count_tiles(make_game("double_twelve", 4), {0: [(12, 11)]}) == {0: 23}


def test_count_tiles_refuses_a_tile_held_twice():
    with pytest.raises(InvalidTiles) as raised:
        count_tiles(make_game("caribbean", 4), {3: [(4, 1)], 1: [(1, 4)]})

    assert raised.value.errors == (TileError(TileErrorCode.CLAIMED_TWICE, seat=3, tile=(4, 1)),)


def test_count_tiles_refuses_a_seat_not_at_the_table():
    with pytest.raises(InvalidTiles) as raised:
        count_tiles(make_game("standard", 2), {2: [(4, 1)]})

    assert raised.value.errors == (TileError(TileErrorCode.UNKNOWN_SEAT, seat=2),)
