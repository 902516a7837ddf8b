"""What a shiny table under a lamp shows that a matte one does not (tests.photo.render draws
it when asked): each glossy pip catches the light in a small white glint, and the lamp's glare
on the table, a soft light patch with streaks in its varnish, comes in from the photo's edge
as far as a tile or two lying near it."""

import random

import cv2
import numpy as np


def cream(rng: random.Random) -> tuple[int, int, int]:
    """A glossy set's face (BGR): cream, a little yellower than ivory."""
    return rng.randint(180, 205), rng.randint(205, 222), rng.randint(228, 240)


def glint(face: np.ndarray, centre: tuple[int, int], radius: int, rng: random.Random) -> None:
    """A glossy pip's highlight (drawn at 4x on the tile's face): a white spot a quarter of
    the pip wide, up and to one side of its middle, whiter than the face round it."""
    turn = rng.uniform(0, 2 * np.pi)
    x = round(centre[0] + 0.4 * radius * np.cos(turn))
    y = round(centre[1] + 0.4 * radius * np.sin(turn))
    cv2.circle(face, (x, y), max(2, round(0.28 * radius)), (255, 255, 255), -1, cv2.LINE_AA)


def glare(scene: np.ndarray, tiles: list, long: float, rng: random.Random) -> np.ndarray:
    """The lamp's glare on the table (`tiles`: each tile's middle on it, x, y, angle): a soft
    patch, at its heart nearly as light as a face and streaked along one direction, centred
    on the photo's edge nearest one of the tiles and reaching past it."""
    height, width = scene.shape[:2]
    x, y, _ = rng.choice(tiles)
    # (the edge nearest that tile: the patch's heart lies on it)
    gaps = {"left": x, "right": width - x, "top": y, "bottom": height - y}
    side = min(gaps, key=gaps.get)
    cx = {"left": 0.0, "right": float(width)}.get(side, x + rng.uniform(-0.3, 0.3) * long)
    cy = {"top": 0.0, "bottom": float(height)}.get(side, y + rng.uniform(-0.3, 0.3) * long)
    reach = gaps[side] + rng.uniform(0.1, 0.5) * long
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    patch = np.exp(-((((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * (reach / 1.6) ** 2)) ** 2))
    turn = rng.uniform(0, np.pi)
    across = np.cos(turn) * xs + np.sin(turn) * ys
    streaks = 0.88 + 0.12 * np.sin(across / rng.uniform(4, 9)) ** 2
    light = np.float32(rng.uniform(185, 225)) * patch * streaks
    return np.maximum(scene, light[..., None])
