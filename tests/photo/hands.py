"""Fingers drawn over tiles, as a hand holding them or pointing at them covers them."""

import random

import cv2
import numpy as np

SKIN = [(140, 170, 215), (100, 135, 185), (60, 90, 140), (45, 65, 100)]


def fingers(scene: np.ndarray, masks: list, long: int, rng: random.Random):
    """A finger over half the tiles, from beyond one of its sides as far in as a third of the
    tile; and which tiles fingers cover (2% of a tile's face or more)."""
    height, width = scene.shape[:2]
    skin = np.array(rng.choice(SKIN), np.float32)
    fingers = np.zeros((height, width), np.float32)
    for mask in masks:
        if rng.random() < 0.5:
            continue
        ys, xs = np.nonzero(mask > 0.5)
        cx, cy = float(xs.mean()), float(ys.mean())
        turn = rng.uniform(0, 2 * np.pi)
        reach, length = long * rng.uniform(0.3, 0.55), long * rng.uniform(1.0, 1.5)
        tip = (round(cx + np.cos(turn) * reach), round(cy + np.sin(turn) * reach))
        root = (round(tip[0] + np.cos(turn) * length), round(tip[1] + np.sin(turn) * length))
        cv2.line(fingers, tip, root, 1.0, max(8, round(long * rng.uniform(0.16, 0.24))))
    fingers = cv2.GaussianBlur(fingers, (0, 0), 1.5)
    lit = skin * rng.uniform(0.85, 1.1) * (0.8 + 0.2 * fingers[..., None])
    scene = scene * (1 - fingers[..., None]) + lit * fingers[..., None]
    covered = [float((fingers * mask).sum()) >= 0.02 * float(mask.sum()) for mask in masks]
    return scene, covered
