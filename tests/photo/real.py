"""What real domino tiles show that flat drawings do not (tests.photo.render draws them when
asked): a spinner (a metal rivet in the middle of the dividing line), pips drilled and
painted, and the tile's thickness: a phone held at an angle sees the walls on the side of the
tiles nearer to it, shaded by the light, often a white face over a darker back layer."""

import random
from dataclasses import dataclass

import cv2
import numpy as np

# Spinners' metals (BGR): brass, gold, silver.
METALS = [(70, 150, 190), (40, 170, 215), (185, 185, 190)]
# Two-layer sets: the back layer's colour (BGR): black, dark green, dark red, navy; None for a
# tile of one colour all through.
BACKS = [None, None, (30, 30, 30), (40, 80, 30), (40, 40, 140), (90, 40, 20)]


def spinner(face: np.ndarray, centre: tuple[int, int], radius: int, rng: random.Random) -> None:
    """A rivet drawn on the tile's face (at 4x): a metal disc, darker at its rim, a bright
    highlight off its middle where the light catches it."""
    metal = np.array(rng.choice(METALS), np.float32)
    size = 2 * radius + 3
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32) - (radius + 1)
    reach = np.hypot(xs, ys) / radius
    inside = np.clip((1 - reach) * radius / 1.5, 0, 1)
    # The dome shades from its middle to its rim; the highlight is a soft spot up and left.
    shade = 1.05 - 0.45 * reach**2
    turn = rng.uniform(0, 2 * np.pi)
    hx, hy = 0.4 * radius * np.cos(turn), 0.4 * radius * np.sin(turn)
    glint = np.exp(-((xs - hx) ** 2 + (ys - hy) ** 2) / (2 * (0.22 * radius) ** 2))
    colour = metal * shade[..., None] + (255 - metal * shade[..., None]) * glint[..., None]
    x0, y0 = centre[0] - radius - 1, centre[1] - radius - 1
    spot = face[y0 : y0 + size, x0 : x0 + size].astype(np.float32)
    blend = inside[..., None]
    face[y0 : y0 + size, x0 : x0 + size] = (spot * (1 - blend) + colour * blend).clip(0, 255)


def drilled_pip(face: np.ndarray, centre, radius: int, colour, ivory) -> None:
    """A pip drilled and painted: the hole's bevel a lighter shade round the paint."""
    bevel = tuple(int(c * 0.62) for c in ivory)
    cv2.circle(face, centre, round(radius * 1.15), bevel, -1, cv2.LINE_AA)
    cv2.circle(face, centre, round(radius * 0.9), colour, -1, cv2.LINE_AA)


@dataclass(frozen=True)
class Sides:
    """How a photo's tiles show their walls: where the camera stands over the table (its
    foot), how high (the tilt), the light's direction, the set's thickness and back layer."""

    foot: np.ndarray
    height: float
    light: np.ndarray
    thick: float
    back: tuple[int, int, int] | None
    face_share: float

    def offset(self, where: np.ndarray, long: float) -> np.ndarray:
        """How far the tile's foot lies from its face, seen from the camera: toward the
        camera's foot, the tile's thickness scaled by the tilt there."""
        return (self.foot - where) * (self.thick * long) / self.height


def sides_of(camera: np.ndarray, width: int, height: int, rng: random.Random) -> Sides:
    """The camera as the homography shows it: it stands on the side where the table looks
    largest, tilted by 8 to 32 degrees; the light from any side."""
    centre = np.float32([width / 2, height / 2])
    grow = np.zeros(2, np.float32)
    for axis in (0, 1):
        step = np.zeros(2, np.float32)
        step[axis] = width / 10
        grow[axis] = _scale(camera, centre + step) - _scale(camera, centre - step)
    if np.linalg.norm(grow) < 1e-3:
        turn = rng.uniform(0, 2 * np.pi)
        grow = np.float32([np.cos(turn), np.sin(turn)])
    toward = grow / np.linalg.norm(grow)
    reach = 2.0 * width
    tilt = np.tan(np.radians(rng.uniform(8, 32)))
    turn = rng.uniform(0, 2 * np.pi)
    return Sides(
        foot=centre + toward * reach,
        height=reach / tilt,
        light=np.float32([np.cos(turn), np.sin(turn)]),
        thick=1 / 5,  # half as wide as long, 1/2.5 as thick as wide
        back=rng.choice(BACKS),
        face_share=rng.uniform(0.35, 0.6),
    )


def _scale(camera: np.ndarray, where: np.ndarray) -> float:
    """How much the camera enlarges the table at a point (the area of a small square)."""
    square = np.float32([[0, 0], [4, 0], [4, 4], [0, 4]]) + where
    seen = cv2.perspectiveTransform(square[None], camera)[0]
    return float(cv2.contourArea(seen))


def walls(scene: np.ndarray, corners: np.ndarray, ivory, sides: Sides, long: float) -> None:
    """The walls of one tile the camera sees (those facing its foot), drawn on the scene where
    the tile's face will then be laid: each side's strip from the face's edge to its foot,
    shaded by how it faces the light, a dark groove along the face's edge, and a back layer of
    another colour below the face's."""
    middle = corners.mean(axis=0)
    shift = sides.offset(middle, long)
    ivory = np.array(ivory, np.float32)
    for a, b in zip(corners, np.roll(corners, -1, axis=0), strict=True):
        normal = np.float32([b[1] - a[1], a[0] - b[0]])
        normal /= max(np.linalg.norm(normal), 1e-6)
        if np.dot(normal, (a + b) / 2 - middle) < 0:
            normal = -normal
        if np.dot(normal, shift) <= 0:
            continue  # a wall facing away from the camera
        lit = 0.62 + 0.42 * float(np.dot(normal, sides.light))
        upper = shift * (1.0 if sides.back is None else sides.face_share)
        _strip(scene, a, b, shift, np.array(sides.back or ivory, np.float32) * lit)
        _strip(scene, a, b, upper, ivory * lit)
        if sides.back is not None:
            _line(scene, a + upper, b + upper, ivory * lit * 0.6)
        _line(scene, a, b, ivory * 0.55)


def _strip(scene: np.ndarray, a, b, shift, colour) -> None:
    quad = np.float32([a, b, b + shift, a + shift])
    cv2.fillConvexPoly(scene, np.round(quad * 16).astype(np.int32), colour.tolist(), cv2.LINE_AA, 4)


def _line(scene: np.ndarray, a, b, colour) -> None:
    ends = [tuple(int(v) for v in np.round(p * 16)) for p in (a, b)]
    cv2.line(scene, ends[0], ends[1], colour.tolist(), 1, cv2.LINE_AA, 4)
