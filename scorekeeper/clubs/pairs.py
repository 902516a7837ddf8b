"""The club's pairs: two players who sat as partners, and their record together across the
club's tables, read from the rated steps in one query."""

from collections import defaultdict
from dataclasses import dataclass

from scorekeeper.clubs.models import Club, RatingStep
from scorekeeper.words.names import side_name


@dataclass
class PairRecord:
    names: tuple[str, str]
    played: int = 0
    won: int = 0

    @property
    def name(self) -> str:
        """The pair as the language joins two partners (Ana & Ben, Ana e Isabel)."""
        return side_name(self.names)

    @property
    def win_rate(self) -> int:
        return (200 * self.won + self.played) // (2 * self.played) if self.played else 0


def pair_records(club: Club, family: str) -> list[PairRecord]:
    """Every pair of partners in this family, the most wins first (then the most matches)."""
    sides: dict[tuple[int, int], list[tuple[str, str, bool]]] = defaultdict(list)
    steps = RatingStep.objects.filter(rated__club=club, family=family).order_by("rated__seq")
    for rated, side, player, name, won in steps.values_list(
        "rated", "side", "player", "name", "won"
    ):
        sides[rated, side].append((player, name, won))
    records: dict[tuple[str, str], PairRecord] = {}
    for seated in sides.values():
        if len(seated) != 2:
            continue  # each for themselves: no partner
        (first, first_name, won), (second, second_name, _won) = sorted(seated)
        record = records.setdefault((first, second), PairRecord((first_name, second_name)))
        record.played += 1
        record.won += won
    return sorted(records.values(), key=lambda r: (-r.won, -r.played, r.names))
