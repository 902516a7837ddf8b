"""The counter against tiles of colour (tests.photo.render.colour_corpus): black tiles with
white or coloured pips, pink, red, blue, green and yellow plastic with pips of a colour that
stands out, on dark and light tables."""

import random

import cv2
import numpy as np
import pytest

from scorekeeper.photo.counter import count_image, count_photo
from tests.photo.counted import count_each
from tests.photo.render import IVORY, WHITE, YELLOW, colour_corpus, render, tile_face
from tests.photo.test_counter import halves_right

BLACK_FACE, PINK_FACE = (35, 35, 35), (180, 100, 250)
YELLOW_FACE, BLUE_PIPS = (40, 200, 240), (190, 100, 30)


@pytest.fixture(scope="module")
def colour() -> list:
    return count_each(colour_corpus(40, seed=40))


def test_tiles_of_colour_are_read_no_worse_than_measured(colour):
    """Short of the bars of ivory tiles (38 of 40 exact, 435 of 440 halves, Dec 7; 37 and 427
    before tiles of colour no mask found were looked for by their pips, 36 and 419 on Dec 6;
    2 of 40 and 55 of 440 before faces of colour were looked for, when only faces lighter than
    the table were): a tile the photo's edge cuts lying against another, a black tile whose
    shaded side the table hides are missed; a floor, so the counter does not slip back. (Seed
    140, held out: 38 of 40, 385 of 388.)"""
    exact = sum(count.total == photo.total for photo, count in colour)
    assert exact >= 38
    right_total = [halves_right(photo, count) for photo, count in colour]
    assert sum(r for r, _ in right_total) / sum(t for _, t in right_total) >= 0.98


def test_black_tiles_on_a_table_as_dark_are_found_by_their_pips(colour):
    """A photo of five black tiles with red pips on a dark table: no mask told four of them
    from the table (11 of 33 before Dec 7), but their pips stand off the black (photo.strays);
    two of them lie close, their pips gathered as one group and then parted in two."""
    photo, count = colour[23]
    assert len(count.counted) == 5
    assert count.total == photo.total == 33


def tiles_of(face: tuple, pips: tuple, table: tuple, seed: int) -> tuple[np.ndarray, list]:
    """Three tiles of a `face` colour with `pips` drawn flat on a `table` of one colour, a
    little blurred and noisy: the image and the halves of each."""
    rng = random.Random(seed)
    image = np.full((900, 1200, 3), table, np.uint8)
    halves = []
    for x, y, upright in ((150, 150, False), (700, 200, True), (350, 550, False)):
        drawn = (rng.randint(1, 9), rng.randint(0, 9))
        tile, mask = tile_face(drawn, 9, [pips], rng, face)
        tile = cv2.resize(tile, (220, 110), interpolation=cv2.INTER_AREA)
        inside = cv2.resize(mask, (220, 110), interpolation=cv2.INTER_AREA)
        if upright:
            tile, inside = (cv2.rotate(done, cv2.ROTATE_90_CLOCKWISE) for done in (tile, inside))
        inside = inside[..., None] / 255
        spot = image[y : y + tile.shape[0], x : x + tile.shape[1]]
        spot[:] = (tile * inside + spot * (1 - inside)).astype(np.uint8)
        halves.append(drawn)
    noise = np.random.default_rng(seed).normal(0, 4, image.shape)
    return (cv2.GaussianBlur(image, (0, 0), 1.0) + noise).clip(0, 255).astype(np.uint8), halves


@pytest.mark.parametrize(
    ("face", "pips", "table"),
    [
        (BLACK_FACE, WHITE, (40, 80, 130)),  # on wood
        (BLACK_FACE, IVORY, (205, 214, 218)),  # on a light stone
        (PINK_FACE, YELLOW, (25, 25, 30)),  # on a dark table
        (PINK_FACE, YELLOW, (236, 238, 240)),  # on white plastic
    ],
)
def test_a_black_tile_with_white_pips_and_a_pink_one_with_yellow_pips_are_read(face, pips, table):
    """Found as faces of one colour apart from the table's, darker or lighter or of another
    hue; their pips as blobs far from the face's colour (none was found before)."""
    image, halves = tiles_of(face, pips, table, seed=sum(face) + sum(table))
    count = count_image(image)
    assert sorted(sorted(tile.halves) for tile in count.counted) == sorted(map(sorted, halves))


@pytest.mark.parametrize("seed", [5, 25])
def test_yellow_tiles_on_a_mottled_table_are_not_read_in_pieces(seed):
    """Two yellow tiles with blue pips on any table (drawn at these seeds, on a mottled
    yellow-brown one): the colour mask parts each face between its pips into many small
    regions and finds the table's own patches as tiles; those pieces are not taken over
    the faces the other masks find whole (before: 43 and 11 tiles read, 35 for 25 and 34
    for 22)."""
    photo = render(random.Random(seed), tiles=2, style=(YELLOW_FACE, BLUE_PIPS))
    count = count_photo(photo.jpeg)
    assert len(count.tiles) == len(photo.tiles)
    right, total = halves_right(photo, count)
    assert right >= total - 1
