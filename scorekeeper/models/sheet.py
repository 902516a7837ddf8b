"""The hands and score entries a match's sheet shows, read as Django's prefetch reads them (the
same objects, caches and order) by two queries compiled once a connection (models/kept.py).

A page drawn afresh (the first read after a save, on every phone watching) reads them: building
the two prefetch querysets cost the ORM about twenty times what running them does.
"""

from django.db.models import QuerySet

from scorekeeper.models.hand import Hand, ScoreEntry
from scorekeeper.models.kept import KeptQuery

# Stand-ins: distinct, and within the fields' ranges (a bound beyond a field's range, such as a
# negative hand number, is dropped from the SQL as always true).
STAND_INS = {"match": 987_654_321, "after": 32_101}
_HANDS = KeptQuery(
    lambda match, after: Hand.objects.filter(match_id=match, number__gt=after).order_by("number"),
    **STAND_INS,
)
_ENTRIES = KeptQuery(
    lambda match, after: ScoreEntry.objects.filter(hand__match_id=match, hand__number__gt=after),
    **STAND_INS,
)


def prefetched(model, objects: list, **owner) -> QuerySet:
    """A queryset that has already been read, holding `objects`: what a prefetch leaves.

    `owner` is the filter the related manager would have applied (match_id=..., hand_id=...).
    It is deferred, as the manager defers it, so it costs nothing until another query is made
    from the queryset (`match.hands.exclude(...)`): that query then reads only the owner's rows,
    never the whole table."""
    queryset = QuerySet(model=model)
    queryset._deferred_filter = (False, (), owner)
    queryset._result_cache = objects
    queryset._prefetch_done = True
    return queryset


def load_hands(match, after: int) -> None:
    """Put the match's hands numbered above `after` on it, each with its entries, as
    `prefetch_related_objects([match], hands_prefetch(after))` does."""
    hands = _HANDS.all(match=match.pk, after=after)
    entries: dict[int, list[ScoreEntry]] = {hand.pk: [] for hand in hands}
    for entry in _ENTRIES.all(match=match.pk, after=after):
        # A hand saved between the two reads has its entries read but not itself: left out,
        # as the prefetch leaves it (the page shows the match as its first read found it).
        if entry.hand_id in entries:
            entries[entry.hand_id].append(entry)
    for hand in hands:
        Hand.match.field.set_cached_value(hand, match)
        for entry in entries[hand.pk]:
            ScoreEntry.hand.field.set_cached_value(entry, hand)
        hand._prefetched_objects_cache = {
            "entries": prefetched(ScoreEntry, entries[hand.pk], hand_id=hand.pk)
        }
    match.__dict__.setdefault("_prefetched_objects_cache", {})["hands"] = prefetched(
        Hand, hands, match_id=match.pk
    )
