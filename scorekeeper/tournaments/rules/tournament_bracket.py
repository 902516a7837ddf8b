"""Knockouts: single and double elimination brackets, who plays whom, who advances (pure).

A bracket of n entrants (seeded 1..n) fills the next power of two; the places past n are byes,
which fall to the top seeds because of the standard seeding order. A bye is a phantom entrant
that loses every match: a match against it is a walkover (its winner advances at once, nothing
is played), and its loser drops to the losers' bracket as a bye again. So one walk over the
matches, in order, tells every match's sides from the results known so far.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import groupby
from typing import Protocol

__all__ = [
    "BYE",
    "Bracket",
    "BracketMatch",
    "Elimination",
    "Outcome",
    "Source",
    "by_lot",
    "champion",
    "correction_allowed",
    "drawn_seeds",
    "make_bracket",
    "resolve",
    "seed_order",
    "split_by_lot",
]

# The phantom entrant that fills a bracket up to a power of two.
BYE = "bye"
# The most rounds a winners' bracket may have (2**9 = 512 entrants).
MAX_ROUNDS = 9


class Elimination(StrEnum):
    SINGLE = "single"
    DOUBLE = "double"


class Part(StrEnum):
    """Which part of a bracket a match belongs to."""

    WINNERS = "W"
    LOSERS = "L"
    FINAL = "F"  # double elimination's grand final
    RESET = "R"  # its deciding final, when the losers' champion wins the first
    THIRD = "T"  # single elimination's match for third place


@dataclass(frozen=True, slots=True)
class Source:
    """Where one side of a match comes from: a seed, or the winner or loser of a match."""

    kind: str  # "seed", "winner" or "loser"
    value: int | str  # the seed number, or the match's key

    @classmethod
    def seed(cls, number: int) -> Source:
        return cls("seed", number)

    @classmethod
    def winner(cls, key: str) -> Source:
        return cls("winner", key)

    @classmethod
    def loser(cls, key: str) -> Source:
        return cls("loser", key)


@dataclass(frozen=True, slots=True)
class BracketMatch:
    key: str
    part: Part
    round: int  # 1.. within its part
    number: int  # 1.. within its round
    sources: tuple[Source, Source]


@dataclass(frozen=True)
class Bracket:
    """A bracket's shape: its matches in an order where each comes after those it waits for."""

    entrants: int
    elimination: Elimination
    matches: tuple[BracketMatch, ...]
    third_place: bool = False
    reset: bool = True
    by_key: dict[str, BracketMatch] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_key", {match.key: match for match in self.matches})

    @property
    def size(self) -> int:
        return 1 << self.winners_rounds

    @property
    def winners_rounds(self) -> int:
        return max(1, (self.entrants - 1).bit_length())

    @property
    def losers_rounds(self) -> int:
        return 2 * (self.winners_rounds - 1) if self.elimination is Elimination.DOUBLE else 0

    def round_of(self, part: Part, number: int) -> list[BracketMatch]:
        return [m for m in self.matches if m.part is part and m.round == number]

    def number_in_round(self, match: BracketMatch) -> int | None:
        """The match's number as its table and card name it: None when its round is that one
        match (a final)."""
        return match.number if len(self.round_of(match.part, match.round)) > 1 else None

    def next_matches(self, key: str) -> list[str]:
        """The matches that the winner or the loser of `key` goes on to."""
        return [
            match.key
            for match in self.matches
            if any(source.value == key and source.kind != "seed" for source in match.sources)
        ]


def seed_order(size: int) -> list[int]:
    """The standard order of seeds down a bracket of `size` (a power of two): 1 and 2 meet only
    in the final, 1-4 only in the semi-finals. Eight: 1 8 4 5 2 7 3 6."""
    if size < 1 or size & (size - 1):
        raise ValueError("a bracket's size is a power of two")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def _key(part: Part, round: int, number: int) -> str:
    return f"{part}{round}-{number}"


def _winners(rounds: int) -> list[BracketMatch]:
    order = seed_order(1 << rounds)
    matches = [
        BracketMatch(
            _key(Part.WINNERS, 1, i + 1),
            Part.WINNERS,
            1,
            i + 1,
            (Source.seed(order[2 * i]), Source.seed(order[2 * i + 1])),
        )
        for i in range(len(order) // 2)
    ]
    for round in range(2, rounds + 1):
        for i in range(1 << (rounds - round)):
            sources = tuple(Source.winner(_key(Part.WINNERS, round - 1, 2 * i + n)) for n in (1, 2))
            matches.append(
                BracketMatch(_key(Part.WINNERS, round, i + 1), Part.WINNERS, round, i + 1, sources)
            )
    return matches


def _losers(rounds: int) -> list[BracketMatch]:
    """The losers' bracket: its odd rounds pair its own winners (round 1: the first round's
    losers), its even rounds meet those who drop from the next winners' round (in reverse
    order every other time, so that two who met do not meet again at once)."""
    matches: list[BracketMatch] = []
    for round in range(1, 2 * (rounds - 1) + 1):
        dropping = round // 2 + 1  # the winners' round whose losers join in an even round
        count = 1 << (rounds - 1 - (round + 1) // 2)
        for i in range(count):
            if round == 1:
                pair = (2 * i + 1, 2 * i + 2)
                sources = tuple(Source.loser(_key(Part.WINNERS, 1, n)) for n in pair)
            elif round % 2 == 0:
                drop = count - i if dropping % 2 == 0 else i + 1
                sources = (
                    Source.winner(_key(Part.LOSERS, round - 1, i + 1)),
                    Source.loser(_key(Part.WINNERS, dropping, drop)),
                )
            else:
                sources = tuple(
                    Source.winner(_key(Part.LOSERS, round - 1, 2 * i + n)) for n in (1, 2)
                )
            matches.append(
                BracketMatch(_key(Part.LOSERS, round, i + 1), Part.LOSERS, round, i + 1, sources)
            )
    return matches


def make_bracket(
    entrants: int,
    elimination: Elimination = Elimination.SINGLE,
    *,
    third_place: bool = False,
    reset: bool = True,
) -> Bracket:
    """The bracket for `entrants` seeds (at least 2)."""
    if entrants < 2:
        raise ValueError("a bracket needs two entrants")
    rounds = max(1, (entrants - 1).bit_length())
    if rounds > MAX_ROUNDS:
        raise ValueError("too many entrants for one bracket")
    matches = _winners(rounds)
    final = _key(Part.WINNERS, rounds, 1)
    if elimination is Elimination.DOUBLE:
        matches += _losers(rounds)
        losers_final = (
            Source.winner(_key(Part.LOSERS, 2 * (rounds - 1), 1))
            if rounds > 1
            else Source.loser(final)
        )
        grand = BracketMatch("F1-1", Part.FINAL, 1, 1, (Source.winner(final), losers_final))
        matches.append(grand)
        if reset:
            # Played only when the losers' champion won: the same two in the same order.
            sources = (Source.loser(grand.key), Source.winner(grand.key))
            matches.append(BracketMatch("R1-1", Part.RESET, 1, 1, sources))
        third_place = False
    elif third_place and rounds > 1:
        semis = [Source.loser(_key(Part.WINNERS, rounds - 1, n)) for n in (1, 2)]
        matches.append(BracketMatch("T1-1", Part.THIRD, 1, 1, tuple(semis)))
    else:
        third_place = False
    return Bracket(entrants, elimination, tuple(matches), third_place, reset)


class Placed(Protocol):
    """A standings line: its entrant and its place (a shared place: the same number)."""

    @property
    def entrant(self) -> Hashable: ...

    @property
    def place(self) -> int: ...


def _places(lines: Sequence[Placed]) -> list[list]:
    """The entrants place by place, in the standings' order."""
    return [[line.entrant for line in group] for _place, group in groupby(lines, _place_of)]


def _place_of(line: Placed) -> int:
    return line.place


def by_lot(lines: Sequence[Placed], seed: int | str) -> list:
    """The entrants of standings lines in their order, for the brackets the standings seed.

    The standings break a tie down to a shared place (RULES.md) and no further; a bracket needs
    one order: who goes through where its cut falls inside a shared place, and who is the
    higher seed. The entrants sharing a place are put in an order drawn by lot from `seed`, so
    the same standings always give the same brackets, never the order they were entered."""
    draw = random.Random(seed)
    ranked: list = []
    for level in _places(lines):
        ranked.extend(draw.sample(level, len(level)) if len(level) > 1 else level)
    return ranked


def split_by_lot(lines: Sequence[Placed], brackets: Sequence[Sequence]) -> dict:
    """The entrants of each shared place the brackets' cut went through (the lot decided who
    went on): each one's bracket (its index, the championship 0), or None (left out)."""
    where = {entrant: index for index, seeds in enumerate(brackets) for entrant in seeds}
    split = {}
    for level in _places(lines):
        if len({where.get(entrant) for entrant in level}) > 1:
            split.update({entrant: where.get(entrant) for entrant in level})
    return split


def drawn_seeds(entrants: Sequence, seed: int | str) -> list:
    """The entrants in a drawn seeding order: the same seed draws the same order."""
    return random.Random(seed).sample(list(entrants), len(entrants))


@dataclass(frozen=True, slots=True)
class Outcome:
    """A match as the results known so far leave it.

    `sides` holds each side's entrant (a seed number, BYE, or None while not yet known).
    `state`: "waiting" (a side not known), "ready" (to play), "walkover" (against a bye),
    "decided" (played), "void" (not needed: the reset when the winners' champion won)."""

    key: str
    sides: tuple
    state: str
    winner: object = None
    loser: object = None

    @property
    def played(self) -> bool:
        return self.state in ("ready", "decided")


def _side(source: Source, seeds: int, outcomes: dict[str, Outcome]):
    if source.kind == "seed":
        return source.value if source.value <= seeds else BYE
    done = outcomes[source.value]
    return done.winner if source.kind == "winner" else done.loser


def _outcome(
    match: BracketMatch, sides: tuple, winners: Mapping[str, int], played: Mapping[str, tuple]
) -> Outcome:
    if None in sides:
        return Outcome(match.key, sides, "waiting")
    if BYE in sides:
        winner = sides[1] if sides[0] == BYE else sides[0]
        return Outcome(match.key, sides, "walkover", winner, BYE)
    won = winners.get(match.key)
    if won is None or played.get(match.key, sides) != sides:
        return Outcome(match.key, sides, "ready")
    return Outcome(match.key, sides, "decided", sides[won], sides[1 - won])


def resolve(
    bracket: Bracket, winners: Mapping[str, int], played: Mapping[str, tuple] | None = None
) -> dict[str, Outcome]:
    """Every match's sides and winner from `winners` (a match's key: the side that won it, 0
    or 1). A winner given for a match not (or no longer) ready is ignored, and so is one for a
    match `played` (its key: the sides that played it) by others than its sides now."""
    played = played or {}
    outcomes: dict[str, Outcome] = {}
    for match in bracket.matches:
        if match.part is Part.RESET:
            grand = outcomes[match.sources[0].value]
            if grand.state == "decided" and grand.winner == grand.sides[0]:
                outcomes[match.key] = Outcome(match.key, grand.sides, "void")
                continue
            if grand.state != "decided":
                outcomes[match.key] = Outcome(match.key, (None, None), "waiting")
                continue
            # The reset: the same two sides again, in the grand final's order.
            outcomes[match.key] = _outcome(match, grand.sides, winners, played)
            continue
        sides = tuple(_side(source, bracket.entrants, outcomes) for source in match.sources)
        outcomes[match.key] = _outcome(match, sides, winners, played)
    return outcomes


def champion(bracket: Bracket, outcomes: Mapping[str, Outcome]):
    """The bracket's winner (a seed), or None while it is being played."""
    last = [m for m in bracket.matches if m.part is not Part.THIRD][-1]
    done = outcomes[last.key]
    if done.state == "void":
        return outcomes[last.sources[0].value].winner
    return done.winner if done.state in ("decided", "walkover") else None


def correction_allowed(bracket: Bracket, begun: set[str], key: str) -> bool:
    """Whether the result of `key` may change its winner: not once the next match of either
    side (where its winner or its loser went on to) has a hand entered (is in `begun`)."""
    return not any(next_key in begun for next_key in bracket.next_matches(key))
