"""The counter against rendered photos whose truth is known (tests.photo.render): the exact
total on at least 95% of them, each half on at least 99%; and the hard cases."""

import random

import cv2
import numpy as np
import pytest

from scorekeeper.photo.counter import LONGEST, NotAnImage, count_image, count_photo, decode
from tests.photo.render import Photo, corpus, render, tile_face


@pytest.fixture(scope="module")
def rendered() -> list[tuple[Photo, object]]:
    return [(photo, count_photo(photo.jpeg)) for photo in corpus(80, seed=35)]


def halves_right(photo: Photo, count) -> tuple[int, int]:
    """Each drawn half against the counted half written nearest its middle (within a pip's
    reach): how many are right, of how many."""
    found = [
        (label, pips)
        for tile in count.counted
        for label, pips in zip(tile.labels, tile.halves, strict=True)
    ]
    right = total = 0
    for tile in photo.tiles:
        if tile.cut:
            continue
        for (x, y), pips in zip(tile.centres, tile.halves, strict=True):
            total += 1
            near = [p for (lx, ly), p in found if (lx - x) ** 2 + (ly - y) ** 2 < 30**2]
            right += near == [pips]
    return right, total


def test_the_exact_total_on_at_least_95_percent_of_rendered_photos(rendered):
    exact = sum(count.total == photo.total for photo, count in rendered)
    assert exact / len(rendered) >= 0.95


def test_each_half_right_on_at_least_99_percent(rendered):
    sums = [halves_right(photo, count) for photo, count in rendered]
    right, total = sum(s[0] for s in sums), sum(s[1] for s in sums)
    assert total > 500
    assert right / total >= 0.99


def test_a_tile_cut_by_the_edge_is_found_and_not_counted():
    photo = render(random.Random(4), tiles=4, cut=True)
    count = count_photo(photo.jpeg)
    assert [tile.cut for tile in photo.tiles].count(True) == 1
    assert [tile.cut for tile in count.tiles].count(True) == 1
    assert len(count.counted) == 3
    assert count.total == photo.total


def test_a_photo_without_tiles_finds_none():
    count = count_photo(render(random.Random(5), tiles=0).jpeg)
    assert count.tiles == ()
    assert count.total == 0


def test_a_double_twelve_hand_of_fifteen_tiles_at_1600_pixels():
    photo = render(random.Random(12), width=1600, height=1200, tiles=15, cut=False, most=12)
    count = count_photo(photo.jpeg)
    assert len(count.counted) == len(photo.tiles)
    assert count.total == photo.total


def test_bytes_that_are_no_picture_are_refused():
    for data in (b"", b"GIF89a not really", b"%PDF-1.4\n" + bytes(200)):
        with pytest.raises(NotAnImage):
            decode(data)


def test_a_small_file_that_claims_too_many_pixels_is_refused_undecoded():
    """64 million black pixels compress to 200 KB of PNG: refused before they are decoded."""
    ok, png = cv2.imencode(".png", np.zeros((8000, 8000, 3), np.uint8))
    assert ok and len(png) < 1_000_000
    with pytest.raises(NotAnImage):
        decode(png.tobytes())


def test_a_larger_photo_is_counted_at_1600_pixels_on_its_long_side():
    ok, png = cv2.imencode(".png", np.full((2000, 3000, 3), 90, np.uint8))
    assert ok
    assert decode(png.tobytes()).shape[:2] == (1067, LONGEST)


def test_two_tiles_touching_are_not_read_as_one_and_are_said_to_be_unread():
    """Two tiles laid long side to long side make a square: not a tile's shape, so not read as
    one, and the count says a region a tile's size or more was left unread."""
    rng = random.Random(8)
    image = np.full((900, 1200, 3), 60, np.uint8)
    places = [(100, 100), (100, 200), (600, 300), (600, 600)]  # the first two touch
    for x, y in places:
        face, _ = tile_face((rng.randint(0, 6), rng.randint(0, 6)), 6, [(20, 20, 20)], rng)
        image[y : y + 100, x : x + 200] = cv2.resize(face, (200, 100), interpolation=cv2.INTER_AREA)
    count = count_image(image)
    assert count.unread == 1
    assert len(count.counted) == 2
