"""Tiles drawn as phone photos of real double-twelve sets show them: a half of few pips has
larger pips than one of many (seen on public phone photos of real sets, Dec 6)."""

import cv2
import numpy as np

from scorekeeper.photo.counter import count_image

NINE = [(x, y) for x in (25, 58, 91) for y in (27, 60, 93)]


def real_set_tile(few: list[tuple[int, int]], few_radius: int, many=NINE) -> np.ndarray:
    """A white tile 240 by 120 px on a dark cloth: `many` pips of radius 9 on its left half,
    `few` pips of `few_radius` on its right half, the line from 3 px of its top to 3 px of
    its bottom."""
    image = np.full((600, 800, 3), 55, np.uint8)
    tile = np.full((120, 240, 3), 236, np.uint8)
    for x, y in many:
        cv2.circle(tile, (x, y), 9, (150, 40, 170), -1, cv2.LINE_AA)
    for x, y in few:
        cv2.circle(tile, (x, y), few_radius, (200, 120, 20), -1, cv2.LINE_AA)
    cv2.rectangle(tile, (116, 3), (123, 116), (20, 20, 20), -1)
    image[240:360, 280:520] = tile
    return cv2.GaussianBlur(image, (0, 0), 1.0)


def test_large_round_pips_beside_small_ones_are_one_pip_each():
    """Three pips of nearly three times a small pip's area beside nine small ones, away from
    the rim: each was counted as three."""
    count = count_image(real_set_tile([(150, 25), (180, 60), (210, 95)], 15))
    assert [sorted(tile.halves) for tile in count.counted] == [[3, 9]]


def rim_reaching_tile() -> np.ndarray:
    """A lone white tile 240 by 120 px on a dark cloth, as on a real double-twelve set: nine
    pips on its left half and eight on its right, radius 11, the outer ones reaching to 6 px
    of its edge (into the band where a finger over it would show), the line from 2 px of its
    top to 2 px of its bottom."""
    image = np.full((600, 800, 3), 55, np.uint8)
    tile = np.full((120, 240, 3), 236, np.uint8)
    rows = (17, 60, 103)
    for x, y in [(x, y) for x in (19, 58, 100) for y in rows]:
        cv2.circle(tile, (x, y), 11, (150, 40, 170), -1, cv2.LINE_AA)
    for x, y in [(x, y) for x in (140, 182, 221) for y in rows if (x, y) != (182, 60)]:
        cv2.circle(tile, (x, y), 11, (200, 120, 20), -1, cv2.LINE_AA)
    cv2.rectangle(tile, (116, 2), (123, 117), (20, 20, 20), -1)
    image[240:360, 280:520] = tile
    return cv2.GaussianBlur(image, (0, 0), 1.0)


def test_a_lone_tile_whose_pips_and_line_reach_its_rim_is_read_not_cut():
    """Its pips and line reach into the band just inside its edge, where a finger over a tile
    shows; a strip of its face lies between them and its edge (a finger carries on beyond the
    edge onto the table): it was shown cut, as if a finger lay over it."""
    count = count_image(rim_reaching_tile())
    assert [sorted(tile.halves) for tile in count.tiles] == [[8, 9]]


def double_twelve(thread: int) -> np.ndarray:
    """A lone white double-twelve 240 by 120 px on a dark cloth, as on a real set: twelve
    pips of radius 11 a half in three rows of four, the outer ones 5 px from its edge; its
    top left pip joined across the rim to the table beyond the corner by a dark thread
    `thread` px wide (none for 0)."""
    image = np.full((600, 800, 3), 55, np.uint8)
    tile = np.full((120, 240, 3), 236, np.uint8)
    for x in np.linspace(16, 96, 4).round().astype(int):
        for y in (16, 60, 104):
            cv2.circle(tile, (int(x), y), 11, (150, 40, 170), -1, cv2.LINE_AA)
            cv2.circle(tile, (int(240 - x), y), 11, (40, 120, 200), -1, cv2.LINE_AA)
    cv2.rectangle(tile, (116, 2), (123, 117), (20, 20, 20), -1)
    image[240:360, 280:520] = tile
    if thread:
        cv2.line(image, (296, 256), (274, 234), (60, 40, 70), thread, cv2.LINE_AA)
    return cv2.GaussianBlur(image, (0, 0), 1.0)


def test_a_pip_joined_to_the_table_by_a_thread_is_no_finger():
    """A pip near a lone tile's corner joined to the table beyond its edge by a thread of
    dark 2 px wide (on real photos, the rounded corner's shade, a hair): a finger that
    carries on beyond the edge is far wider. The tile was not read."""
    for thread in (0, 2):
        count = count_image(double_twelve(thread))
        assert [tile.halves for tile in count.tiles] == [(12, 12)]


def pale_pips_tile(grey: int) -> np.ndarray:
    """A white tile 240 by 120 px on a dark cloth, a black line across its middle: nine pale
    grey pips (`grey`) on its left half, three black pips on its right."""
    image = np.full((600, 800, 3), 55, np.uint8)
    tile = np.full((120, 240, 3), 236, np.uint8)
    for x, y in NINE:
        cv2.circle(tile, (x, y), 9, (grey, grey, grey), -1, cv2.LINE_AA)
    for x, y in [(150, 25), (180, 60), (210, 95)]:
        cv2.circle(tile, (x, y), 9, (20, 20, 20), -1, cv2.LINE_AA)
    cv2.rectangle(tile, (116, 8), (123, 111), (15, 15, 15), -1)
    image[240:360, 280:520] = tile
    return cv2.GaussianBlur(image, (0, 0), 1.0)


def test_pale_grey_pips_beside_a_black_line_are_counted():
    """Light grey pips on a white tile whose line is black: read against the tile's darkest
    ink (its line), they were cut down to specks and the half read 0."""
    count = count_image(pale_pips_tile(150))
    assert [sorted(tile.halves) for tile in count.counted] == [[3, 9]]
