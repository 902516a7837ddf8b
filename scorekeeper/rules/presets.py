"""Every way to play the games know (each game's module lists its own), and a Game from one."""

from __future__ import annotations

from .game import Game, Preset
from .games import DEFAULT_SCORING, GAMES, find_game
from .house import HouseRules

# Every preset, in the games' order: RULES.md's ways to play; each sets every switch and the
# setup keeps them all editable.
ALL_PRESETS: dict[str, Preset] = {
    preset.key: preset for game in GAMES.values() for preset in game.presets
}
# What the setup lists: the games played to a target, and the round games (Mexican Train), which
# ask more names; a game not yet offered (its screens to come) is in neither.
_OFFERED = {key: p for key, p in ALL_PRESETS.items() if p.kind.offered}
PRESETS: dict[str, Preset] = {key: p for key, p in _OFFERED.items() if p.has_target}
ROUND_PRESETS: dict[str, Preset] = {key: p for key, p in _OFFERED.items() if not p.has_target}
# Keys that stored matches and old links still carry, and the preset each now means.
LEGACY_PRESETS: dict[str, str] = {"double_nine": "cuban", "standard": "pub_block"}


def usual_preset(seats: int) -> Preset:
    """The way to play of a table that names only its players: the first the setup lists that
    seats as many (the Caribbean park at four; pub block, standard dominoes each for
    themselves, with two or three), else the first of all (the setup then says why not)."""
    fits = (preset for preset in PRESETS.values() if seats in preset.seat_options)
    return next(fits, next(iter(PRESETS.values())))


def make_game(
    preset: str,
    seats: int,
    *,
    partnership: bool | None = None,
    rules: HouseRules | None = None,
) -> Game:
    """Build a Game from a preset for this many seats (partnership: the preset's, at 4 seats).

    Without `rules`, the preset's own house rules.
    """
    # The deal follows the preset and the number of seats; partnership is a
    # separate choice that any preset allows at 4 seats (a partnership preset played each for
    # themselves keeps its set and deal). Game refuses partnership with fewer seats.
    chosen = preset_named(preset)
    deal = chosen.deal_for(seats)
    if partnership is None:
        partnership = chosen.partnership and seats == 4
    return Game(
        seats=seats,
        partnership=partnership,
        tile_set=chosen.tile_set,
        tiles_each=deal.tiles_each,
        draws=deal.draws,
        rules=chosen.default_rules(partnership) if rules is None else rules,
        scoring=chosen.scoring,
    )


def preset_named(key: str) -> Preset:
    """The preset with this key, or the one an old key now means (ValueError if none)."""
    try:
        return ALL_PRESETS[LEGACY_PRESETS.get(key, key)]
    except (KeyError, TypeError):
        raise ValueError(f"unknown preset {key!r}") from None


def plays_to_a_target(key: str | None) -> bool:
    """Whether `key` (perhaps an old key; none or unknown: the default) names a game played to a
    target, not a fixed number of rounds."""
    return game_of_preset(key).has_target


def game_of_preset(key: str | None):  # -> games.base.GameKind
    """The game `key` plays (perhaps an old key; none or unknown: the default game)."""
    try:
        return preset_named(key).kind  # type: ignore[arg-type]
    except ValueError:
        return find_game(DEFAULT_SCORING)
