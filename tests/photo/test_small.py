"""Small photos (a picture saved from the web, a crop) are enlarged before they are counted."""

import cv2
import numpy as np
import pytest

from scorekeeper.photo.counter import SMALLEST, count_photo, decode
from tests.photo.render import Photo, real_corpus
from tests.photo.test_counter import exact_totals, halves_share

# The rendered photos are 1200 px on their long side: drawn again at a third of that, their
# pips are a few pixels across.
SMALL = 400


def _small(photo: Photo) -> bytes:
    """The rendered photo shrunk to SMALL pixels on its long side, as a JPEG."""
    image = cv2.imdecode(np.frombuffer(photo.jpeg, np.uint8), cv2.IMREAD_COLOR)
    scale = SMALL / max(image.shape[:2])
    size = (round(image.shape[1] * scale), round(image.shape[0] * scale))
    small = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    return cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()


@pytest.fixture(scope="module")
def small():
    return [(photo, count_photo(_small(photo))) for photo in real_corpus(12, seed=39)]


def test_a_small_photo_is_counted_at_the_smallest_size():
    ok, png = cv2.imencode(".png", np.full((300, 400, 3), 90, np.uint8))
    assert ok
    assert decode(png.tobytes()).shape[:2] == (900, SMALLEST)


def test_photos_of_real_sets_drawn_small_are_read(small):
    assert exact_totals(small) >= 10
    assert halves_share(small) >= 0.95
