"""Light tiles on a light cloth (tests.photo.render): a woven white or cream cloth or towel,
its threads a fine texture of light and shade, and tiles laid touching out of line on it (one
across another's end, or a row side by side each slid along its length), whose faces are
as light as the cloth and whose one region is no rectangle."""

import random

import cv2
import numpy as np

# White and cream cloths, towels (BGR).
CLOTHS = [(232, 234, 236), (214, 226, 234), (240, 240, 238), (205, 215, 222)]
# The kind of cloth render(cloth=...) asks for: a light one (True), a rough white one.
ROUGH = 2


def cloth(width: int, height: int, rng: random.Random, kind: int = 1) -> np.ndarray:
    """A light cloth: its colour, the weave's threads across and down (a few pixels apart,
    each a little darker between), and soft folds; of `kind` ROUGH, a white one as light as
    a white face at its threads, its weave deep (a towel, a coarse tablecloth)."""
    rough = kind == ROUGH
    base = np.array(rng.choice(CLOTHS[2:3] if rough else CLOTHS), np.float32)
    base *= rng.uniform(1.0, 1.05) if rough else rng.uniform(0.9, 1.02)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    pitch = rng.uniform(3.0, 7.0)
    weave = np.abs(np.sin(np.pi * xs / pitch)) * np.abs(np.sin(np.pi * ys / pitch * 1.1))
    depth = rng.uniform(0.15, 0.25) if rough else rng.uniform(0.04, 0.12)
    gen = np.random.default_rng(rng.randrange(1 << 30))
    folds = cv2.resize(gen.normal(0, 1, (5, 7)), (width, height), interpolation=cv2.INTER_CUBIC)
    light = (1 - depth + depth * weave) * (1 + rng.uniform(0.02, 0.06) * folds)
    return (base[None, None, :] * light[..., None]).clip(0, 255)


def out_of_line(size: int, long: int, along, across, rng: random.Random) -> list:
    """Tiles laid touching out of line, as offsets from the middle (dx, dy) and a turn from the
    row's angle: two, one across the other's end (its side against that end, anywhere along
    it), or a row side by side, each slid along its length by up to 45% of it."""
    along, across = np.asarray(along), np.asarray(across)
    gap = rng.uniform(0, 1.5)
    if size == 2 and rng.random() < 0.5:
        slide = rng.uniform(-0.25, 0.25) * long
        second = along * (0.75 * long + gap) + across * slide
        return [(0.0, 0.0, 0), (float(second[0]), float(second[1]), 90)]
    tiles = []
    for i in range(size):
        slide = rng.choice((-1, 1)) * rng.uniform(0.15, 0.45) * long
        shift = (i - (size - 1) / 2) * (long / 2 + gap) * across + slide * along
        tiles.append((float(shift[0]), float(shift[1]), 0))
    return tiles
