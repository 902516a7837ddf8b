"""Each tile found read: flattened to a standard size, its halves' pips counted against the pip
size of every tile in the photo, and where each half's count is written (numpy and OpenCV
only, no Django)."""

from dataclasses import dataclass

import cv2
import numpy as np

from scorekeeper.photo.pips import (
    FLAT_H,
    FLAT_W,
    dividing_line,
    face_colour,
    half_blobs,
    ink_of,
    pips_of,
    typical_pip_area,
)

# The most pips a half can hold (a double-twelve set).
MOST_PIPS = 12

Point = tuple[int, int]


@dataclass(frozen=True)
class Tile:
    """One tile found: its four corners in the photo, the pips of each half (None for a tile
    the photo's edge cuts), where each half's count is written, and whether it looked odd."""

    corners: tuple[Point, Point, Point, Point]
    halves: tuple[int, int] | None
    labels: tuple[Point, Point]
    unsure: bool = False

    @property
    def cut(self) -> bool:
        return self.halves is None

    @property
    def pips(self) -> int:
        return sum(self.halves) if self.halves else 0


def read(image: np.ndarray, quads: list[np.ndarray]) -> list[Tile]:
    """Each tile (its corners, long side first) read: its halves' pips, a pip's size learnt
    from all of them. A half seen with more than a half can hold is shown as the most and
    marked for the player to look at."""
    flats = [flatten(image, corners) for corners in quads]
    blobs = [half_blobs(flat) for flat in flats]
    pip_areas = [typical_pip_area(blobs, level) for level in (0, 1)]
    tiles = []
    for corners, (split, found) in zip(quads, blobs, strict=True):
        counts = tuple(
            max(pips_of(found[level][half], pip_areas[level]) for level in (0, 1))
            for half in (0, 1)
        )
        unsure = any(count > MOST_PIPS for count in counts)
        counts = tuple(min(count, MOST_PIPS) for count in counts)
        tiles.append(Tile(points(corners), counts, labels(corners, split), unsure))
    return tiles


def own_line(image: np.ndarray, corners: np.ndarray) -> float:
    """How dark a tile's own line shows across its middle (pips.dividing_line)."""
    flat = flatten(image, corners)
    return dividing_line(ink_of(flat, face_colour(flat)))[1]


def flatten(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    flat = np.float32([[0, 0], [FLAT_W, 0], [FLAT_W, FLAT_H], [0, FLAT_H]])
    warp = cv2.getPerspectiveTransform(corners.astype(np.float32), flat)
    return cv2.warpPerspective(image, warp, (FLAT_W, FLAT_H), flags=cv2.INTER_LINEAR)


def labels(corners: np.ndarray, split: int) -> tuple[Point, Point]:
    flat = np.float32([[0, 0], [FLAT_W, 0], [FLAT_W, FLAT_H], [0, FLAT_H]])
    back = cv2.getPerspectiveTransform(flat, corners.astype(np.float32))
    centres = np.float32([[[split / 2, FLAT_H / 2], [(split + FLAT_W) / 2, FLAT_H / 2]]])
    (a, b) = cv2.perspectiveTransform(centres, back)[0]
    return (round(a[0]), round(a[1])), (round(b[0]), round(b[1]))


def points(corners: np.ndarray) -> tuple[Point, Point, Point, Point]:
    a, b, c, d = ((round(float(x)), round(float(y))) for x, y in corners)
    return a, b, c, d


def cut_tile(corners: np.ndarray) -> Tile:
    middle = corners.mean(axis=0)
    label = (round(float(middle[0])), round(float(middle[1])))
    return Tile(points(corners), None, (label, label))
