"""The drawing sent back: its counts must read on a phone's screen, about 340 px wide."""

import base64

import cv2
import numpy as np
import pytest

from scorekeeper.photo.counter import Count, Tile
from scorekeeper.photo.overlay import overlay

SHOWN = 340


def drawn(tile_width: int) -> np.ndarray:
    """A grey 1600x1200 photo with one upright tile counted 5|3, drawn back as the phone
    shows it."""
    photo = np.full((1200, 1600, 3), 90, np.uint8)
    x, y = 700, 300
    corners = (
        (x, y),
        (x + tile_width, y),
        (x + tile_width, y + 2 * tile_width),
        (x, y + 2 * tile_width),
    )
    labels = ((x + tile_width / 2, y + tile_width / 2), (x + tile_width / 2, y + 1.5 * tile_width))
    cv2.rectangle(photo, corners[0], corners[2], (235, 235, 235), -1)
    count = Count(
        tiles=(Tile(corners=corners, halves=(5, 3), labels=labels),), width=1600, height=1200
    )
    url = overlay(photo, count)
    image = cv2.imdecode(np.frombuffer(base64.b64decode(url.split(",", 1)[1]), np.uint8), 1)
    return cv2.resize(image, (SHOWN, SHOWN * 3 // 4), interpolation=cv2.INTER_AREA)


def digit_height(image: np.ndarray, upper: tuple[float, float]) -> int:
    """How many rows of the shown drawing hold the white digits in the label box nearest the
    upper half's centre (given in the photo's pixels)."""
    box = np.all(image < 200, axis=2) & (image[:, :, 1] > image[:, :, 2] + 25)
    _, _, stats, centres = cv2.connectedComponentsWithStats(box.astype(np.uint8))
    near = np.hypot(*(centres[1:] - np.array(upper) * SHOWN / 1600).T).argmin() + 1
    x, y, w, h = stats[near, :4]
    inside = image[y : y + h, x : x + w]
    white = np.all(inside > 200, axis=2)
    return int(white.any(axis=1).sum())


@pytest.mark.parametrize("tile_width", [40, 90])
def test_a_count_reads_on_a_phone_even_on_a_small_tile(tile_width):
    # A tile 40 px wide in a 1600 px photo is under 9 px on the phone: its count is drawn
    # larger than the tile allows, at least 8 px tall on the screen (about a 12 px font).
    assert digit_height(drawn(tile_width), (700 + tile_width / 2, 300 + tile_width / 2)) >= 8


def test_a_count_sits_inside_a_large_tiles_half():
    # On a tile 300 px wide the count is under half the tile's width, so pips around it show.
    assert digit_height(drawn(300), (850, 450)) <= 300 * SHOWN / 1600 / 2
