"""A lone white tile's face is cut from its walls only where the strip left out is a wall: a
strip of the face with a row of pips along it is no wall (seen on real phone photos of
double-twelve sets with coloured pips close to the tile's edge, Dec 6)."""

import cv2
import numpy as np

from scorekeeper.photo.counter import _through_pips

# The light rectangle found: a tile (with its wall, if drawn) 400 by 200 px.
QUAD = np.float32([[100, 100], [500, 100], [500, 300], [100, 300]])
# Its face as cut 28 px down from the rectangle's top side.
CUT = np.float32([[100, 128], [500, 128], [500, 300], [100, 300]])


def tile_photo(top: int, first_row: int) -> np.ndarray:
    """A white face from `top` down to 300 on a dark table, a grey wall above it up to 100,
    twelve red pips a half in three rows, the first at `first_row`."""
    image = np.full((400, 600, 3), 35, np.uint8)
    image[100:top, 100:500] = 150
    image[top:300, 100:500] = 235
    cv2.rectangle(image, (296, top + 10), (304, 290), (20, 20, 20), -1)
    for left in (100, 300):
        for x in range(left + 30, left + 200, 46):
            for y in (first_row, (first_row + 300) // 2, 300 - (first_row - top)):
                cv2.circle(image, (x, y), 13, (40, 40, 200), -1, cv2.LINE_AA)
    return cv2.GaussianBlur(image, (3, 3), 0)


def test_a_cut_through_a_row_of_pips_is_no_wall():
    """The tile's face is all of the rectangle, a row of pips 28 px in from its top: the cut
    there runs through them."""
    assert _through_pips(tile_photo(100, 128), QUAD, CUT)


def test_a_cut_along_a_wall_is_one():
    """A grey wall 28 px deep above the face, the pips well inside the face: the cut is the
    wall's edge."""
    assert not _through_pips(tile_photo(128, 156), QUAD, CUT)
