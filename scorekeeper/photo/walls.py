"""A tile's face told from its walls (OpenCV and numpy only, no Django): a phone held at an
angle sees a strip of one or two sides of a tile beside its face, shaded darker than the face
(or a dark back layer under a white face), and a light region found in the photo holds both.
The face is what is as light as the face, its pips and line inside it."""

import cv2
import numpy as np

from scorekeeper.photo.channels import darkest

# A rectangle found is looked at flattened to at most this many pixels on its long side.
LOOK = 240
# The face is what is at least this share as light as most of the face (the lighter quarter of
# the rectangle: walls take less than a third of it); a wall facing away from the light is
# darker, a tile's rounded rim only a little darker.
FACE_SHARE = 0.86
# The face is taken for the rectangle only if it leaves out at least this share of it (less is
# the rim, or light and shade across the face).
WALL_SHARE = 0.07
# A face is at least this share of the rectangle's narrow side wide (a wall's strip is less).
WIDE = 0.4
# A side of the face more than MOVED pixels in from the rectangle's must be a sharp edge: the
# face's light falls by STEP of it (and LEAST levels, whatever the light) within a few pixels.
MOVED, STEP, LEAST = 5, 0.08, 12
# A wall seen is at most a quarter of a tile's width (a tile 1/2.5 as thick as wide, the
# phone tilted up to 32 degrees): a side moved in further is no wall's.
DEEPEST = 0.3
# Faces darker than this (dusk) are left as found.
DUSK = 110
# A groove is a thin line at least this much darker than the face on both its sides.
GROOVE = 12


def face_of(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The corners of the face in a light rectangle (`quad`: one tile, or tiles laid touching):
    the rectangle cut down to the part as light as its face, where the walls beside it take a
    strip of it; the rectangle itself where they take none."""
    long = float(max(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[1])))
    scale = min(1.0, LOOK / max(long, 1.0))
    size = (
        max(8, round(np.linalg.norm(quad[1] - quad[0]) * scale)),
        max(8, round(np.linalg.norm(quad[2] - quad[1]) * scale)),
    )
    rect = np.float32([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]])
    warp = cv2.getPerspectiveTransform(quad.astype(np.float32), rect)
    flat = cv2.warpPerspective(image, warp, size, flags=cv2.INTER_LINEAR)
    grey = cv2.GaussianBlur(darkest(flat), (3, 3), 0)
    level = float(np.percentile(grey, 75))
    if level < DUSK:
        return quad  # at dusk the noise is as strong as a wall's shade: left as found
    # (a wall as light as the face is parted from it by the groove where they meet: a thin
    # line darker than both sides)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
    groove = cv2.morphologyEx(grey, cv2.MORPH_BLACKHAT, kernel) > max(GROOVE, 0.08 * level)
    face = ((grey >= FACE_SHARE * level) & ~groove).astype(np.uint8)
    corners = _solid(face)
    if corners is None:
        return quad
    inside = cv2.contourArea(corners) / (size[0] * size[1])
    if not (0.5 <= inside <= 1 - WALL_SHARE):
        return quad
    # (the face's corners, in the rectangle's order, back in the photo)
    order = np.argmin(((corners[:, None, :] - rect[None, :, :]) ** 2).sum(axis=2), axis=0)
    if len(set(order.tolist())) < 4 or not _sharp(grey, corners[order], rect, level):
        return quad
    return cv2.perspectiveTransform(corners[order][None], np.linalg.inv(warp))[0]


def _sharp(grey: np.ndarray, face: np.ndarray, rect: np.ndarray, level: float) -> bool:
    """Whether each side of the face that lies in from the rectangle's is a sharp edge (the
    face turns darker within a few pixels: a groove, or a wall's shade) and not light and
    shade across a face (leaves' shade darkens it softly); and that one side does (a face a
    few pixels in from all round is the tile's rim, darker, left out)."""
    moved = False
    for k in range(4):
        a, b = face[k], face[(k + 1) % 4]
        side = rect[(k + 1) % 4] - rect[k]
        normal = np.float32([side[1], -side[0]]) / max(float(np.linalg.norm(side)), 1.0)
        inset = abs(float(np.dot((a + b) / 2 - rect[k], normal)))
        if inset <= MOVED:
            continue
        moved = True
        if inset > DEEPEST * float(rect[2].min()):
            return False  # deeper than any wall: the tile's light and shade
        along = a + np.outer(np.linspace(0.2, 0.8, 12), b - a)
        profile = []
        for step in range(-8, 5):
            points = np.round(along + step * normal).astype(int)
            xs = points[:, 0].clip(0, grey.shape[1] - 1)
            ys = points[:, 1].clip(0, grey.shape[0] - 1)
            profile.append(float(np.median(grey[ys, xs])))
        # (the darker side looked at only as far as the wall reaches: beyond it, the table)
        outside = profile[6 : 6 + max(1, min(7, round(inset) - 1))]
        if max(profile[:4]) - min(outside) < max(STEP * level, LEAST):
            return False
    return moved


def _solid(face: np.ndarray) -> np.ndarray | None:
    """The corners of the light parts as wide as a tile (a tile's face, or the faces of tiles
    laid touching, parted by the lines between them; a wall's strip is narrower), their pips
    and lines inside: the hull's points nearest the corners of its smallest box."""
    contours, _ = cv2.findContours(face, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    narrowest = WIDE * min(face.shape)
    parts = [c for c in contours if min(cv2.minAreaRect(c)[1]) >= narrowest]
    if not parts:
        return None
    hull = cv2.convexHull(np.concatenate(parts))
    rect = cv2.minAreaRect(hull)
    (_, _), (w, h), _ = rect
    if min(w, h) < 4 or sum(map(cv2.contourArea, parts)) < 0.7 * w * h:
        return None
    hull = hull.reshape(-1, 2).astype(np.float32)
    box = cv2.boxPoints(rect)
    return np.array([hull[np.argmin(((hull - p) ** 2).sum(axis=1))] for p in box], np.float32)


def wall_of(quad: np.ndarray, face: np.ndarray) -> np.ndarray:
    """How far and which way a tile's walls reach beyond its face in the photo, as one vector
    (the camera sees every tile's walls on the same sides, as wide): each side of the face
    moved in from the rectangle's, along that side's outward normal."""
    wall = np.zeros(2, np.float32)
    for k, normal in enumerate(_normals(quad)):
        inset = float(np.dot(_middle(quad, k) - _middle(face, k), normal))
        wall += max(0.0, inset) * normal
    return wall


def photo_wall(walls: list[np.ndarray]) -> np.ndarray | None:
    """The walls of a photo's tiles (one camera: the same sides, as wide), from those seen
    beside the faces told apart: their median, or None where none was seen."""
    if not walls:
        return None
    return np.median(np.array(walls), axis=0).astype(np.float32)


def without_wall(quad: np.ndarray, wall: np.ndarray) -> np.ndarray:
    """A light rectangle cut down to its face by the photo's walls (`wall`, from wall_of):
    each side moved in by as much as the walls reach out past it, the corners where the
    moved sides meet."""
    normals = _normals(quad)
    moved = [quad[k] - max(0.0, float(np.dot(wall, normals[k]))) * normals[k] for k in range(4)]
    corners = []
    for k in range(4):
        # (where side k-1, moved, meets side k, moved)
        p, r = moved[k - 1], quad[k] - quad[k - 1]
        q, s = moved[k], quad[(k + 1) % 4] - quad[k]
        cross = float(r[0] * s[1] - r[1] * s[0])
        if abs(cross) < 1e-6:
            return quad
        t = float((q - p)[0] * s[1] - (q - p)[1] * s[0]) / cross
        corners.append(p + t * r)
    return np.array(corners, np.float32)


def _middle(quad: np.ndarray, k: int) -> np.ndarray:
    return (quad[k] + quad[(k + 1) % 4]) / 2


def _normals(quad: np.ndarray) -> list[np.ndarray]:
    """Each side's normal pointing out of the rectangle (side k from corner k to k+1)."""
    centre = quad.mean(axis=0)
    normals = []
    for k in range(4):
        side = quad[(k + 1) % 4] - quad[k]
        normal = np.float32([side[1], -side[0]]) / max(float(np.linalg.norm(side)), 1e-6)
        normals.append(normal if np.dot(_middle(quad, k) - centre, normal) > 0 else -normal)
    return normals
