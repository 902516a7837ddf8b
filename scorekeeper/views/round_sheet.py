"""Mexican Train's sheet: rounds as rows with their engine, the lowest total marked, the end."""

from scorekeeper import rules
from scorekeeper.inputs import isolated
from scorekeeper.models import Match, SeatLink, counts_conflict, open_round_counts
from scorekeeper.sharing import qr_svg
from scorekeeper.words.names import listed
from scorekeeper.words.pages import last_round_shared, last_round_won
from scorekeeper.words.refusals import hand_error_message
from scorekeeper.words.rounds import counts_do_not_fit


def round_sheet(match: Match, game: rules.Game, rows: list[dict]) -> dict:
    """What a round game's scoreboard and sheet add to the scoreboard's context."""
    round_rules = game.round_rules
    totals = list(match.totals)
    names = match.seat_names()
    played = match.hand_count
    lowest = min(totals) if played else None
    for row in rows:
        hand = row["hand"]
        row["engine"] = round_rules.engine(hand.number)
        row["round_cells"] = [
            (points or 0, total, hand.went_out == seat, seat in hand.holding_doubles)
            for seat, (points, total, _bonuses, _won) in enumerate(row["cells"])
        ]
    winners = match.winner_sides()
    next_round = None if match.finished else played + 1
    return {
        "rounds": round_rules.rounds,
        "next_round": next_round,
        "engine": round_rules.engine(next_round) if next_round else None,
        "lowest": [seat for seat, total in enumerate(totals) if total == lowest],
        "winners_name": listed([names[seat] for seat in winners]),
        "shared_win": len(winners) > 1,
        "double_blank_counts": round_rules.double_blank_counts,
        "first_engine": round_rules.engine(1),
        "upright_names": upright_names(names),
    }


# The longest name that fits across its column of the sheet on a 360 px phone, by players.
ACROSS = {2: 14, 3: 9, 4: 7}


def upright_names(names: list[str]) -> bool:
    """Whether the sheet heads its columns with the names upright: past four players, or a
    name too long to fit across its column (it would break mid-word)."""
    return len(names) not in ACROSS or max(map(len, names)) > ACROSS[len(names)]


def round_end_text(match: Match, state: rules.MatchState) -> str:
    """What the last round does: who wins with the lowest total, or who share it."""
    names = match.seat_names()
    winners = state.winners
    total = state.totals[winners[0]]
    if len(winners) > 1:
        return last_round_shared(listed([names[seat] for seat in winners]), total)
    return last_round_won(names[winners[0]], total)


def seat_links(request, match: Match) -> dict:
    """Each player's own link (with its QR), and whose count for the open round is in."""
    if match.finished:
        return {}
    counts = open_round_counts(match)
    names = match.seat_names()
    links = []
    for seat, link in enumerate(SeatLink.for_match(match)):
        url = request.build_absolute_uri(link.get_absolute_url())
        links.append(
            {"name": names[seat], "url": url, "qr": qr_svg(url), "count": counts.get(seat)}
        )
    return {"seat_links": links, **round_counts(match, counts)}


def round_counts(match: Match, counts: dict) -> dict:
    """The scorer's polled part: who is still missing and the counts posted so far."""
    names = match.seat_names()
    return {
        "counts_conflict": conflict_text(match, counts),
        "counts_missing": [names[seat] for seat in range(match.seat_count) if seat not in counts],
        "counts_posted": bool(counts),
        "counts_in": [
            {"name": names[seat], "went_out": count.went_out, "pips": count.pips}
            for seat, count in sorted(counts.items())
        ],
        "counts_url": f"{match.get_absolute_url()}?part=counts&round={match.hand_count + 1}",
    }


def conflict_text(match: Match, counts: dict) -> str:
    """Why the open round, every count in, waits on the scorer ("" when it does not)."""
    out, errors = counts_conflict(match, counts)
    if not out and not errors:
        return ""
    names = match.seat_names()
    game = match.game()
    return counts_do_not_fit(
        [isolated(names[seat]) for seat in out],
        [str(hand_error_message(error, names, game)) for error in errors],
    )
