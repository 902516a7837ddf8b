"""Tiles still in their shop's plastic wrap (tests.photo.render draws them when asked): the wrap
throws the light back in white patches, streaked along its creases, and in thin white lines
where it folds. A patch over a pip washes it out but for streaks of its colour; a line across
a pip splits it in two; a patch on the bare face is lighter than the face, not darker."""

import random

import cv2
import numpy as np


def sheen(face: np.ndarray, pips: list[tuple[int, int]], radius: int, rng: random.Random) -> None:
    """The wrap's glare over a tile's face drawn at 4x (`pips`: the centres of its pips): one
    or two streaked white patches, each over a pip when there is one, and a fold's white line
    across a pip."""
    height, width = face.shape[:2]
    for _ in range(rng.randint(1, 2)):
        x, y = rng.choice(pips) if pips else (rng.randint(40, width - 40), rng.randint(30, 170))
        centre = (x + rng.randint(-radius, radius), y + rng.randint(-radius, radius))
        axes = (rng.randint(2 * radius, 5 * radius), rng.randint(radius, 2 * radius))
        patch = np.zeros((height, width), np.uint8)
        cv2.ellipse(patch, centre, axes, rng.uniform(0, 180), 0, 360, 255, -1)
        _whiten(face, cv2.GaussianBlur(patch, (0, 0), 3), _streaks(face.shape, rng))
    if pips:
        x, y = rng.choice(pips)
        turn = rng.uniform(0, np.pi)
        reach = np.array([np.cos(turn), np.sin(turn)]) * 3 * radius
        ends = [
            (round(x - reach[0]), round(y - reach[1])),
            (round(x + reach[0]), round(y + reach[1])),
        ]
        line = np.zeros((height, width), np.uint8)
        cv2.line(line, ends[0], ends[1], 255, rng.randint(4, 7), cv2.LINE_AA)
        _whiten(face, line, np.float32(rng.uniform(0.8, 0.95)))


def _streaks(shape: tuple, rng: random.Random) -> np.ndarray:
    """How white a patch is from place to place: bands along its creases, at most nearly
    white, between them a pip's colour showing through."""
    height, width = shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    turn = rng.uniform(0, np.pi)
    across = np.cos(turn) * xs + np.sin(turn) * ys
    return 0.3 + 0.65 * np.sin(across / rng.uniform(6, 12)) ** 2


def _whiten(face: np.ndarray, where: np.ndarray, strength) -> None:
    alpha = (where.astype(np.float32) / 255 * strength)[..., None]
    face[:] = (face * (1 - alpha) + 255 * alpha).astype(np.uint8)
