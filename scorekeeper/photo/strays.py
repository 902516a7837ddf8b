"""Tiles every way of telling faces from the table missed, found by their pips (OpenCV and numpy
only, no Django): on a mottled park table a white tile on a patch of sun, or a grey one in
shade, has no outline any mask closes, but its pips still show, and its rim is still a sharp
edge where the table's light and shade change softly. Pips lying outside every tile found are
gathered in groups a tile's length apart; each group is given the tile of the photo's tiles'
size whose rim the sharp edges follow best round it, and it is kept only when that rim is as
plain as theirs and the tile reads as many pips as the group holds. On tiles of colour (black
or plastic) a pip is what stands off the colour round it, lighter or of another hue; a group
spread wider than a tile (two tiles' pips gathered as one) is parted where its pips lie
furthest apart; and a region found of no tile's shape (tiles run together, a finger over one
of them), larger than a tile, is no tile's: what lies in it may be a tile found so. The same
sharp edges tell a patch of the table's light, found as a region of no tile's shape and shown
cut, from a tile a finger covers: no side of the patch's outline is sharp."""

from collections.abc import Callable

import cv2
import numpy as np

from scorekeeper.photo.channels import brightest, darkest
from scorekeeper.photo.reading import Tile, flatten, read
from scorekeeper.photo.table import coloured

# A pip's radius is the tiles' short side over PIP; a pip is a blob at least DARKER levels (or
# DARKER_SHARE of the light round it) darker than the mean light LOCAL radii round it, of
# between PIP_LEAST and PIP_MOST a disc's area, as tall as wide within ROUND.
PIP, DARKER, DARKER_SHARE, LOCAL = 11, 18, 0.12, 2.5
# On tiles of colour, a pip stands OFF_COLOUR levels at least from the mean colour round it, in
# the channel it differs most.
OFF_COLOUR = 40
PIP_LEAST, PIP_MOST, ROUND = 0.35, 2.6, 2.0
# A pip inside a tile found grown by GROWN is its own; stray pips nearer than NEAR tile lengths
# are one group, and a group of fewer than LEAST pips (a 1|0, or a speck of the table) is left.
GROWN, NEAR, LEAST = 1.15, 0.75, 2
# A group spread more than SPREAD tile lengths is two tiles' pips, parted in two.
SPREAD = 1.15
# A region cut, of more than LARGER times a tile's area, is no one tile's outline.
LARGER = 1.4
# The tile fitted round a group: turned by STEP degrees at a time and moved by MOVE pixels, its
# sides looked at in ROUGH points; then, within STEP of the best turn, by FINE_STEP and
# FINE_MOVE in SAMPLES points. It is of the photo's tiles' size times each of SIZES, its pips
# at least CLEAR pip radii in from its rim.
STEP, MOVE, ROUGH, FINE_STEP, FINE_MOVE = 6, 6.0, 40, 1.5, 2.0
SIZES, CLEAR = (0.92, 1.0, 1.08), 1.2
CORNERS = np.float32([[-1, -1], [1, -1], [1, 1], [-1, 1]])
# Kept when its weakest side's edge is PLAIN times the tiles found's at least, it overlaps no
# tile found by more than OVERLAP of the smaller, and it reads the group's pips, give or take
# SLACK.
PLAIN, OVERLAP, SLACK = 0.45, 0.1, 1
# A region shown cut whose sharpest side's edge is less than FAINT times the tiles found's
# mean side's is no tile: on rendered park tables most patches of light measured 0.04 to 0.2
# of it, while every tile shown cut measured 0.32 and up (a finger over it, tiles run
# together: the sides a finger leaves showing are still sharp), 0.42 and up at the photo's
# edge.
FAINT = 0.25
# With no tile found whole to compare with, a region shown cut is kept only where its sharpest
# side's edge is ALONE at least: patches of grain on 40 rendered tables with no tile measured
# 0.2 at most (one of 100 more, 0.27), tiles under fingers 0.21 and up (such a photo counts
# nothing either way: it is told it holds no tile, or shown the tiles it cannot count).
ALONE = 0.25
SAMPLES = 100


def strays(image: np.ndarray, tiles: list[Tile], covered: Callable) -> list[Tile]:
    """`tiles` looked at again by the sharp edges round them: the tiles found from pips outside
    every one of them added, each read (none that `covered`, its corners, says something lies
    over: a finger's shadow makes a rim of its own), and a region shown cut that no sharp
    edge outlines on any side left out (FAINT; a tile the photo's edge cuts keeps the sharp
    sides it shows). With no tile found whole, only the regions shown cut as sharp as a tile
    (ALONE): the tiles' size and rims are learnt from those found whole."""
    whole = [tile for tile in tiles if not tile.cut]
    if not whole:
        slope = _sharp_slope(image)
        return [tile for tile in tiles if _sharpest(slope, tile) >= ALONE]
    length, short = np.median([_sides(np.float32(tile.corners)) for tile in whole], axis=0)
    quads = [
        quad
        for tile in tiles
        if cv2.contourArea(quad := np.float32(tile.corners)) <= LARGER * length * short
        or not tile.cut
    ]
    radius = short / PIP
    groups = _groups(_stray_pips(image, radius, quads, _tinted(image, whole)), length)
    if not groups and not any(tile.cut for tile in tiles):
        return tiles
    slope = _sharp_slope(image)
    sides = _sides_edge(slope, np.stack([np.float32(tile.corners) for tile in whole]))
    plain, edged = float(np.median(sides.min(axis=1))), float(np.median(sides.mean(axis=1)))
    kept = [tile for tile in tiles if not tile.cut or not _faint(slope, tile, edged)]
    for group in groups:
        box = _fitted(slope, group, length, short, radius)
        if box is None or _rims(slope, box[None])[0] < PLAIN * plain:
            continue
        if _outside(box, image.shape) or any(_overlap(box, quad) > OVERLAP for quad in quads):
            continue
        if covered(box):
            continue
        (tile,) = read(image, [box])
        if not tile.unsure and abs(tile.pips - len(group)) <= SLACK:
            kept.append(tile)
    return kept


def _faint(slope: np.ndarray, tile: Tile, edged: float) -> bool:
    """Whether even the sharpest side of a tile's outline is FAINT next to the tiles found
    whole's sides (`edged`: the middle of their mean edges): a patch of light on a mottled
    table, not a tile."""
    return _sharpest(slope, tile) < FAINT * edged


def _sharpest(slope: np.ndarray, tile: Tile) -> float:
    """The sharp edge along the sharpest side of a tile's outline."""
    return float(_sides_edge(slope, np.float32(tile.corners)[None]).max())


def _tinted(image: np.ndarray, whole: list[Tile]) -> bool:
    """Whether most of the tiles found are of colour (black, or plastic of a colour)."""
    return 2 * sum(coloured(flatten(image, np.float32(tile.corners))) for tile in whole) > len(
        whole
    )


def _sides(corners: np.ndarray) -> tuple[float, float]:
    """A tile's long and short side."""
    first = float(np.linalg.norm(corners[1] - corners[0]))
    second = float(np.linalg.norm(corners[2] - corners[1]))
    return max(first, second), min(first, second)


def _sharp_slope(image: np.ndarray) -> np.ndarray:
    """How steep the photo's sharp edges are at each pixel for the light there: its light less
    that light smoothed wide (the table's soft light and shade gone), then its slope."""
    grey = darkest(image).astype(np.float32)
    sharp = cv2.GaussianBlur(grey, (0, 0), 1.2) - cv2.GaussianBlur(grey, (0, 0), 5)
    slope = cv2.magnitude(cv2.Sobel(sharp, cv2.CV_32F, 1, 0), cv2.Sobel(sharp, cv2.CV_32F, 0, 1))
    return cv2.GaussianBlur(slope, (0, 0), 1.5) / (cv2.blur(grey, (61, 61)) + 10)


def _stray_pips(
    image: np.ndarray, radius: float, quads: list[np.ndarray], tinted: bool
) -> np.ndarray:
    """The middles of the pip-sized dark round blobs inside no tile found (each grown by
    GROWN); `tinted` (most tiles found are of colour), of the blobs off the colour round
    them."""
    reach = 2 * round(LOCAL * radius) + 1
    if tinted:
        off = brightest(cv2.absdiff(image, cv2.blur(image, (reach, reach))))
        dark = (off > OFF_COLOUR).astype(np.uint8)
    else:
        grey = darkest(image).astype(np.float32)
        local = cv2.blur(grey, (reach, reach))
        dark = ((local - grey) > np.maximum(DARKER, DARKER_SHARE * local)).astype(np.uint8)
    for quad in quads:
        middle = quad.mean(axis=0)
        cv2.fillConvexPoly(dark, np.rint(middle + (quad - middle) * GROWN).astype(np.int32), 0)
    _, _, stats, middles = cv2.connectedComponentsWithStats(dark, connectivity=8)
    disc = np.pi * radius**2
    width, height, area = stats[1:, 2], stats[1:, 3], stats[1:, 4]
    sized = (area >= PIP_LEAST * disc) & (area <= PIP_MOST * disc)
    round_ = (np.maximum(width, height) <= ROUND * np.minimum(width, height)) & (
        area >= 0.5 * width * height
    )
    return np.float32(middles[1:][sized & round_]).reshape(-1, 2)


def _groups(pips: np.ndarray, length: float) -> list[np.ndarray]:
    """The pips in groups, each pip nearer than NEAR tile lengths to another of its group; the
    groups of LEAST pips or more."""
    count = len(pips)
    if count == 0:
        return []
    near = np.linalg.norm(pips[:, None] - pips[None], axis=2) < NEAR * length
    group = list(range(count))

    def root(index: int) -> int:
        while group[index] != index:
            group[index] = group[group[index]]
            index = group[index]
        return index

    for first, second in zip(*np.nonzero(np.triu(near, 1)), strict=True):
        group[root(int(first))] = root(int(second))
    roots = [root(index) for index in range(count)]
    sets = [pips[[r == top for r in roots]] for top in sorted(set(roots))]
    return [part for found in sets for part in _parted(found, length) if len(part) >= LEAST]


def _parted(pips: np.ndarray, length: float) -> list[np.ndarray]:
    """A group of pips, or, spread wider than SPREAD tile lengths (tiles lying close), its
    parts: cut across its longest spread where its pips lie furthest apart, each part
    parted again."""
    if np.linalg.norm(pips.max(axis=0) - pips.min(axis=0)) <= SPREAD * length:
        return [pips]
    if len(pips) < 2 * LEAST:
        return [pips]
    middle = pips.mean(axis=0)
    along = (pips - middle) @ np.linalg.svd(pips - middle)[2][0]
    ordered = np.sort(along)
    gap = int(np.argmax(np.diff(ordered)))
    cut = (ordered[gap] + ordered[gap + 1]) / 2
    first, second = pips[along < cut], pips[along >= cut]
    if len(first) < LEAST or len(second) < LEAST:
        return [pips]
    return _parted(first, length) + _parted(second, length)


def _fitted(
    slope: np.ndarray, pips: np.ndarray, length: float, short: float, radius: float
) -> np.ndarray | None:
    """The tile (its corners, long side first) round `pips` whose weakest side's edge is the
    plainest, or None when no tile of the photo's tiles' size holds them all: looked for at
    every turn roughly, then near the best turn finely."""
    rough = _best(slope, pips, np.arange(0, 180, STEP), (length, short, radius), MOVE, ROUGH)
    if rough is None:
        return None
    turns = rough[1] + np.arange(-STEP, STEP + FINE_STEP / 2, FINE_STEP)
    near = rough[0].mean(axis=0)
    return _best(slope, pips, turns, (length, short, radius), FINE_MOVE, SAMPLES, near)[0]


def _best(
    slope: np.ndarray,
    pips: np.ndarray,
    turns: np.ndarray,
    size: tuple,
    move: float,
    samples: int,
    near: np.ndarray | None = None,
) -> tuple[np.ndarray, float] | None:
    """Of the tiles round `pips` at each of `turns` (degrees), moved `move` pixels at a time
    (with `near`, a middle, only within MOVE of it), the one whose weakest side's edge is
    plainest, and its turn; None if none holds them."""
    length, short, radius = size
    middle = pips.mean(axis=0)
    best, best_turn, best_rim = None, 0.0, -1.0
    for turn in turns:
        angle = np.deg2rad(turn)
        along = np.array([np.cos(angle), np.sin(angle)], np.float32)
        across = np.array([-along[1], along[0]], np.float32)
        u, v = (pips - middle) @ along, (pips - middle) @ across
        for scale in SIZES:
            half_long, half_short = length * scale / 2, short * scale / 2
            clear = CLEAR * radius
            u_range = (u.max() - half_long + clear, u.min() + half_long - clear)
            v_range = (v.max() - half_short + clear, v.min() + half_short - clear)
            if near is not None:
                u_near, v_near = (near - middle) @ along, (near - middle) @ across
                u_range = (max(u_range[0], u_near - MOVE), min(u_range[1], u_near + MOVE))
                v_range = (max(v_range[0], v_near - MOVE), min(v_range[1], v_near + MOVE))
            if u_range[0] > u_range[1] or v_range[0] > v_range[1]:
                continue
            us = np.arange(u_range[0], u_range[1] + move / 2, move)
            vs = np.arange(v_range[0], v_range[1] + move / 2, move)
            shifts = (us[:, None, None] * along + vs[None, :, None] * across).reshape(-1, 2)
            frame = (CORNERS * [half_long, half_short]) @ np.stack([along, across])
            boxes = middle + shifts[:, None, :] + frame[None]
            rims = _rims(slope, boxes, samples)
            index = int(np.argmax(rims))
            if rims[index] > best_rim:
                best, best_turn, best_rim = boxes[index], float(turn), float(rims[index])
    return None if best is None else (best.astype(np.float32), best_turn)


def _rims(slope: np.ndarray, boxes: np.ndarray, samples: int = SAMPLES) -> np.ndarray:
    """Each box's weakest side: the mean sharp edge along it (boxes: N x 4 corners), looked
    at in `samples` points a side."""
    return _sides_edge(slope, boxes, samples).min(axis=1)


def _sides_edge(slope: np.ndarray, boxes: np.ndarray, samples: int = SAMPLES) -> np.ndarray:
    """The mean sharp edge along each side of each box (N x 4)."""
    steps = np.linspace(0.0, 1.0, samples, endpoint=False, dtype=np.float32)[:, None]
    starts, ends = boxes, np.roll(boxes, -1, axis=1)
    points = starts[:, :, None] + (ends - starts)[:, :, None] * steps  # N x 4 x SAMPLES x 2
    height, width = slope.shape
    xs = np.clip(np.rint(points[..., 0]).astype(np.int32), 0, width - 1)
    ys = np.clip(np.rint(points[..., 1]).astype(np.int32), 0, height - 1)
    return slope[ys, xs].mean(axis=2)


def _outside(box: np.ndarray, shape: tuple) -> bool:
    """Whether a box reaches past the photo's edge (a tile cut by it is found otherwise)."""
    height, width = shape[:2]
    return bool(box.min() < 2 or box[:, 0].max() > width - 3 or box[:, 1].max() > height - 3)


def _overlap(box: np.ndarray, quad: np.ndarray) -> float:
    """How much of the smaller of two outlines they share."""
    shared, _ = cv2.intersectConvexConvex(box.reshape(-1, 1, 2), quad.reshape(-1, 1, 2))
    return shared / max(1.0, min(cv2.contourArea(box), cv2.contourArea(quad)))
