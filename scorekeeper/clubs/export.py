"""A club's leaderboard as CSV for spreadsheets, and its ratings with their history as JSON.
Ratings are never imported: a restored table's club rates its matches again."""

import csv
import io
from collections.abc import Iterable

from scorekeeper.clubs.models import Club, RatingStep
from scorekeeper.clubs.words import last_results, leaderboard_columns
from scorekeeper.inputs import isolated


def cell(text: str) -> str:
    """A name as a spreadsheet shows it: never a formula (as a match's sheet writes names)."""
    quote = "'" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else ""
    return quote + isolated(text)


def leaderboard_csv(ranked: Iterable, provisional: Iterable) -> str:
    """Place (as the page has it: none for the provisional), name and the leaderboard's
    numbers, a line a player."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([str(label) for label in leaderboard_columns()])
    lines = [(line.place, line) for line in ranked]  # level ratings share a place
    lines += [("", line) for line in provisional]
    for place, line in lines:
        writer.writerow(
            [
                place,
                cell(line.name),
                f"{line.rating:.1f}",
                line.played,
                line.won,
                line.win_rate,
                last_results(line.last),
            ]
        )
    return out.getvalue()


def ratings_json(club: Club) -> dict:
    """Every player's rating in each family now and after each rated match, in order."""
    families: dict[str, dict[str, dict]] = {}
    steps = (
        RatingStep.objects.filter(rated__club=club)
        .order_by("rated__seq", "pk")
        .values_list(
            "family", "player", "name", "mu", "sigma", "won", "rated__ended_at", "rated__match_id"
        )
    )
    for family, player, name, mu, sigma, won, ended_at, match in steps:
        # (named as first typed, as the leaderboard names them: the spelling of any match)
        line = families.setdefault(family, {}).setdefault(player, {"history": [], "name": name})
        line.update(rating=round(mu - 3 * sigma, 6), mu=mu, sigma=sigma)
        line["history"].append(
            {
                "ended_at": ended_at.isoformat(),
                "match": match,
                "rating": round(mu - 3 * sigma, 6),
                "mu": mu,
                "sigma": sigma,
                "won": won,
            }
        )
    return {
        "club": club.name,
        "model": "openskill PlackettLuce (defaults); rating = mu - 3 sigma",
        "families": {
            family: sorted(players.values(), key=lambda line: -line["rating"])
            for family, players in families.items()
        },
    }
