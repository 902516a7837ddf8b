"""Thick tiles on a dark table, as phones see them: a cream face under a glossy wrap whose
glare is whiter than the face, and a wall showing along a whole side, as light as the face
but for its foot and the groove where they meet (seen on real phone photos of coloured
double-six sets, Dec 6). Neither is a finger over the tile: such a tile is read, not cut."""

import cv2
import numpy as np
import pytest

from scorekeeper.photo.counter import count_image

CREAM = (170, 215, 232)
# Where the tile lies in the photo, its face 240 by 120 px.
LEFT, TOP, LONG, WIDE = 280, 240, 240, 120
# Patches of a wrap's glare on the face, between its pips and its rim: where, how large.
GLARE = ((8, 70, (5, 30)), (80, 30, (22, 6)), (180, 100, (18, 5)), (232, 60, (4, 25)))


def thick_tile(glare: bool, wall: int, turn: float = 0.0) -> np.ndarray:
    """A 3|5 tile of cream face and coloured pips close to its rim on a black table; with
    `glare`, white streaks of a wrap's glare over the face; with `wall`, that many px of wall
    beside its left end (a dark foot, then as light as the face, a groove at the face's edge);
    the photo turned by `turn` degrees."""
    image = np.full((600, 800, 3), 30, np.uint8)
    if wall:
        image[TOP + 2 : TOP + WIDE - 2, LEFT - wall : LEFT] = 205
        image[TOP + 2 : TOP + WIDE - 2, LEFT - wall : LEFT - wall + wall // 2] = 120
        image[TOP + 4 : TOP + WIDE - 4, LEFT - 2 : LEFT] = 150
    cv2.rectangle(image, (LEFT, TOP), (LEFT + LONG, TOP + WIDE), CREAM, -1, cv2.LINE_AA)
    cv2.rectangle(image, (LEFT + 116, TOP + 10), (LEFT + 123, TOP + WIDE - 10), (25, 25, 25), -1)
    pip = 14
    for x, y in ((25, 25), (60, 60), (95, 95)):
        cv2.circle(image, (LEFT + x, TOP + y), pip, (60, 60, 190), -1, cv2.LINE_AA)
    for x, y in ((145, 22), (215, 22), (180, 60), (145, 98), (215, 98)):
        cv2.circle(image, (LEFT + x, TOP + y), pip, (150, 90, 40), -1, cv2.LINE_AA)
    if glare:
        for x, y, size in GLARE:
            cv2.ellipse(
                image, (LEFT + x, TOP + y), size, 0, 0, 360, (250, 250, 250), -1, cv2.LINE_AA
            )
    image = cv2.GaussianBlur(image, (5, 5), 0)
    if turn:
        spin = cv2.getRotationMatrix2D((400, 300), turn, 1.0)
        image = cv2.warpAffine(image, spin, (800, 600), borderMode=cv2.BORDER_REPLICATE)
    return image


@pytest.mark.parametrize("turn", [0.0, 23.0, 71.0])
@pytest.mark.parametrize(("glare", "wall"), [(True, 0), (False, 12), (True, 12)])
def test_a_thick_tile_is_read_not_taken_for_covered(glare: bool, wall: int, turn: float):
    count = count_image(thick_tile(glare, wall, turn))
    assert [sorted(tile.halves) for tile in count.counted] == [[3, 5]]
