"""Tiles and sets: a tile's one spelling, a set's tiles and weights, and counting held tiles."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache
from typing import Protocol

from .base import Refused, is_whole, seat_or_none

# A tile is normalised as (high, low) so that each tile of a set has exactly one spelling.
Tile = tuple[int, int]


# --- Tiles and sets -------------------------------------------------------------------------


class TileSet(IntEnum):
    """A set of dominoes, named by (and valued as) its highest number."""

    DOUBLE_SIX = 6
    DOUBLE_NINE = 9
    DOUBLE_TWELVE = 12

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the set once, as (high, low)."""
        return _tiles_of(self.value)

    @property
    def tile_count(self) -> int:
        """How many tiles the set holds (28, 55, 91)."""
        return len(_tiles_of(self.value))

    @property
    def total_pips(self) -> int:
        """The pips on all tiles of the set together (168, 495, 1092)."""
        return _heaviest_of(self.value)[-1]

    def heaviest(self, tiles: int) -> int:
        """The pips on the heaviest `tiles` tiles of the set (the whole set past its size)."""
        sums = _heaviest_of(self.value)
        return sums[max(0, min(tiles, len(sums) - 1))]


@cache
def _tiles_of(top: int) -> tuple[Tile, ...]:
    return tuple((high, low) for high in range(top + 1) for low in range(high + 1))


@cache
def _heaviest_of(top: int) -> tuple[int, ...]:
    # Prefix sums of the tiles sorted heaviest first: entry n is the heaviest hand of n tiles.
    sums = [0]
    for pips in sorted((high + low for high, low in _tiles_of(top)), reverse=True):
        sums.append(sums[-1] + pips)
    return tuple(sums)


def tile_pips(tile: Tile) -> int:
    """The pips on one tile: both halves, so a double counts twice its number."""
    high, low = tile
    return high + low


def normalise(tile: Iterable[int]) -> Tile:
    """The tile as (high, low), refusing anything but two whole non-negative numbers."""
    halves = tuple(tile)
    if len(halves) != 2 or not all(is_whole(half) and half >= 0 for half in halves):
        raise ValueError(f"not a domino: {tile!r}")
    first, second = halves
    return (first, second) if first >= second else (second, first)


class TileErrorCode(StrEnum):
    NOT_IN_SET = "not_in_set"
    CLAIMED_TWICE = "claimed_twice"
    UNKNOWN_SEAT = "unknown_seat"


@dataclass(frozen=True, slots=True)
class TileError:
    code: TileErrorCode
    seat: int | None = None
    tile: Tile | None = None


class InvalidTiles(Refused):
    """The tiles given for the hands cannot all be real: see `.errors`."""

    errors: tuple[TileError, ...]


class _Table(Protocol):
    """What count_tiles needs of a Game: its set, and which seats it has."""

    @property
    def tile_set(self) -> TileSet: ...

    def has_seat(self, seat: object) -> bool: ...


def count_tiles(game: _Table, hands: Mapping[int, Iterable[Tile]]) -> dict[int, int]:
    """Pips per seat from the tiles each hand holds (refuses tiles off the set or held twice)."""
    errors: list[TileError] = []
    top = game.tile_set.value
    seen: set[Tile] = set()
    counts: dict[int, int] = {}
    known = {seat: tiles for seat, tiles in hands.items() if game.has_seat(seat)}
    for seat in hands:
        if not game.has_seat(seat):
            errors.append(TileError(TileErrorCode.UNKNOWN_SEAT, seat=seat_or_none(seat)))
    # Seat order, so a tile held twice is always blamed on the later seat.
    for seat in sorted(known):
        pips = 0
        for raw in known[seat]:
            try:
                tile = normalise(raw)
            except (TypeError, ValueError):
                errors.append(TileError(TileErrorCode.NOT_IN_SET, seat=seat, tile=raw))
                continue
            if tile[0] > top:
                errors.append(TileError(TileErrorCode.NOT_IN_SET, seat=seat, tile=tile))
            elif tile in seen:
                errors.append(TileError(TileErrorCode.CLAIMED_TWICE, seat=seat, tile=tile))
            else:
                seen.add(tile)
                pips += tile[0] + tile[1]
        counts[seat] = pips
    if errors:
        raise InvalidTiles(errors)
    return counts
