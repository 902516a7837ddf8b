"""The counter against white and ivory tiles on a light cloth, laid touching out of line
(tests.photo.render.cloth_corpus, tests.photo.cloth): one across another's end, or a row
side by side each slid along its length, whose one region is no rectangle."""

from scorekeeper.photo.counter import count_photo
from tests.photo.render import cloth_corpus
from tests.photo.test_counter import halves_right


def test_tiles_laid_touching_out_of_line_on_a_cloth_are_cut_apart():
    """Measured Dec 6 on these 12 photos: 7 exact, 57 of 80 halves; before such a region
    was cut at its notches, 3 exact and 36 of 80 halves (it was read as no tile). A floor,
    so the counter does not slip back; what is still missed is mostly tiles whose faces
    run into the cloth where their edge barely shows."""
    photos = cloth_corpus(12, seed=41)
    counts = [count_photo(photo.jpeg) for photo in photos]
    exact = sum(count.total == photo.total for photo, count in zip(photos, counts, strict=True))
    right_total = [halves_right(photo, count) for photo, count in zip(photos, counts, strict=True)]
    assert exact >= 6
    assert sum(r for r, _ in right_total) >= 0.65 * sum(t for _, t in right_total)
