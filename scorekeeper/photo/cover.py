"""Whether something lies over a tile found in a photo (a finger, a thumb): such a tile is
shown cut, never counted (OpenCV and numpy only, no Django)."""

from functools import cache

import cv2
import numpy as np

from scorekeeper.photo.channels import brightest

# The band of a flattened tile from RIM_OUT to RIM_IN pixels inside its edge: more than
# RIM_SHARE of it RIM_INK darker than the face means something lies over the tile.
RIM_OUT, RIM_IN, RIM_INK, RIM_SHARE = 3, 9, 80, 0.05
# A tile's rounded corners, the radius of their curve in a flattened tile: the band follows it.
CORNER = 14
# A finger's tip over a tile's face, less of it on the rim than RIM_SHARE: one patch more than
# FINGER_INK darker than the face, FINGER_RIM pixels of it in the band and reaching FINGER_DEEP
# pixels in, where the pips are (a whole tile's rim and pips, apart, measured at most 94 px).
FINGER_INK, FINGER_RIM, FINGER_DEEP = 60, 130, 16
# Whether something dark over a tile carries on beyond its edge is seen in the tile flattened
# with MARGIN pixels of what lies round it: a dark patch reaching within BEYOND pixels of
# that's outer edge does (MARGIN within the reach of the tile's white, 15 px).
MARGIN, BEYOND = 12, 6
# A pip close to a tile's rounded corner may touch the table beside it by a thread of dark
# a few pixels wide; a finger is far wider: what is narrower than THREAD pixels is let go.
THREAD = 9
# A glint (a shiny pip's highlight) is at most GLINT pixels across in a flattened tile, and
# more than GLINT_LIFT lighter than what lies round it.
GLINT, GLINT_LIFT = 5, 15
# A wall seen along a side of a tile (its outline holds it) is dark along WALL_ALONG of the
# side, no deeper than WALL_DEEP pixels anywhere and as deep all along within WALL_EVEN (a
# glossy wall, or one under a wrap, catches the light in patches: its groove and foot show
# dark along only part of the side; a finger across the side is narrower than that).
WALL_ALONG, WALL_DEEP, WALL_EVEN = 0.6, 24, 6
# A tile whose region fills less of its four corners than this has something over it.
COVERED = 0.9
# A tile's dividing line is more than this darker than its face (a percentile down the line;
# the faintest whole tile's measured 14.6, at dusk): a tile alone whose middle shows none is
# an end of a tile, the rest under a finger (those measured 3 to 11.6).
LINE_INK = 12
# A face lit at least this much (its colour as pips.face_colour gives it, the lightest channel)
# is in daylight; at dusk, darker, its line's ink is less by as much (a share of its light).
LIT = 160


def bitten(area: float, quad_area: float) -> bool:
    """Whether a tile's light region has a bite out of it (a finger over it): it fills less
    of its four corners than a tile does."""
    return area < COVERED * quad_area


def covered(
    ink: np.ndarray, line: float, outward: np.ndarray, walls: bool = False, light: float = LIT
) -> bool:
    """Whether something lies over a flattened tile (`ink`: how far each pixel is below the
    tile's white; `line`: how dark its dividing line is; `outward`: which pixels lie in a
    dark patch that carries on beyond the tile's edge): something dark across the band just
    inside its edge and on beyond it (a pip or the line may reach into the band on a real
    tile, a strip of its face between them and its edge; a finger crosses the edge), or no
    dividing line in its middle (what shows of it is an end, the rest under a finger). With
    `walls`, the band starts past a wall the outline holds (a thin even band along a whole
    side, no finger). `light`: how light the face is (at dusk its line's ink is less too)."""
    ink = np.where(outward, ink, 0)
    depth = _inside_walls(ink > FINGER_INK) if walls else _depth(ink.shape[:2])
    band = (depth >= RIM_OUT) & (depth < RIM_IN)
    return (
        line <= LINE_INK * min(1.0, light / LIT)
        or float((ink[band] > RIM_INK).mean()) > RIM_SHARE
        or _tip(ink, band, depth)
    )


def outward(wide: np.ndarray, face: np.ndarray | None = None) -> np.ndarray:
    """Which pixels of a flattened tile (`wide`: with MARGIN pixels round it) lie in a dark
    patch that carries on beyond the tile's edge (a finger over it, the table beside it); a
    pip or the line's end has a strip of the tile's own face between it and the edge."""
    # The face's white nearby, glints left out (a shiny pip's highlight, far whiter than the
    # face round it): against them the face's own cream would read dark and join a pip to
    # the table. (The photo's grain is kept: taken out, a finger's shade would read lighter.)
    opened = cv2.morphologyEx(wide, cv2.MORPH_OPEN, np.ones((GLINT, GLINT), np.uint8))
    calm = np.minimum(wide, cv2.add(opened, np.full_like(opened, GLINT_LIFT)))
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (31, 31))
    white = cv2.dilate(calm, kernel)
    white = white if face is None else np.minimum(white, face)
    ink = brightest(white.astype(np.int16) - wide)
    dark = (ink > FINGER_INK).astype(np.uint8)
    thread = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (THREAD, THREAD))
    count, patches = cv2.connectedComponents(cv2.morphologyEx(dark, cv2.MORPH_OPEN, thread))
    ring = np.ones(patches.shape, bool)
    ring[BEYOND:-BEYOND, BEYOND:-BEYOND] = False
    beyond = np.zeros(count, bool)
    beyond[np.unique(patches[ring])] = True
    beyond[0] = False
    return beyond[patches][MARGIN:-MARGIN, MARGIN:-MARGIN]


def _inside_walls(dark: np.ndarray) -> np.ndarray:
    """How far each pixel of a flattened tile lies inside its face, where a wall may take a
    strip along a side (`dark`: what is dark and carries on beyond the edge): a thin band
    dark along a whole side, as deep all along it, is a wall the camera sees at an angle
    (a finger is narrower than a tile's width, and round); the face starts past it. Outside
    the face, -1."""
    height, width = dark.shape
    top, bottom = _wall(dark), _wall(dark[::-1])
    left, right = _wall(dark.T), _wall(dark.T[::-1])
    if not top + bottom + left + right:
        return _depth((height, width))
    depth = np.full((height, width), -1.0)
    depth[top : height - bottom, left : width - right] = _depth(
        (height - top - bottom, width - left - right)
    )
    return depth


def _wall(dark: np.ndarray) -> int:
    """How deep a wall reaches in from the top side of a flattened tile: at every point along
    the side (its rounded corners left out), the dark run from the edge inward; a wall's are
    nearly all there (WALL_ALONG of them: light catches a wall's end), shallow and alike.
    0 for no wall."""
    side = dark[:WALL_DEEP, CORNER:-CORNER]
    runs = np.argmin(np.vstack([side, np.zeros((1, side.shape[1]), bool)]), axis=0)
    if float((runs >= 2).mean()) < WALL_ALONG:
        return 0
    low, high = np.percentile(runs[runs >= 2], [10, 90])
    return int(high) + 1 if high - low <= WALL_EVEN and high < WALL_DEEP else 0


def _tip(ink: np.ndarray, band: np.ndarray, depth: np.ndarray) -> bool:
    """Whether one dark patch lies across the band and on into the face (a finger's tip), or
    along the band for longer: what of the band carries on beyond the edge is no pip and no
    tile's line, and no whole tile's rim reaches in so far."""
    count, patches = cv2.connectedComponents((ink > FINGER_INK).astype(np.uint8))
    on_rim = np.bincount(patches[band], minlength=count)
    deep = np.zeros(count, bool)
    deep[np.unique(patches[depth >= FINGER_DEEP])] = True
    # (or, reaching in no deeper than the band, lying along it for longer: a fingertip over
    # the tile's corner, the rest of the finger beyond the tile's outline)
    return bool((on_rim[1:] * np.where(deep[1:], 1, 0.7) >= FINGER_RIM).any())


@cache
def _depth(shape: tuple[int, int]) -> np.ndarray:
    """How far each pixel of a flattened tile lies inside its edge, round its rounded corners
    (outside them lies the table, whatever covers the tile)."""
    height, width = shape
    ys, xs = np.mgrid[0:height, 0:width]
    nearest_x = np.clip(xs, CORNER, width - 1 - CORNER)
    nearest_y = np.clip(ys, CORNER, height - 1 - CORNER)
    inside = CORNER - np.hypot(xs - nearest_x, ys - nearest_y)
    edge = np.minimum.reduce([ys, height - 1 - ys, xs, width - 1 - xs])
    in_corner = (xs != nearest_x) & (ys != nearest_y)
    return np.where(in_corner, inside, edge)
