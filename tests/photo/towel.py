"""Photos of tiles lying apart on a rough white cloth (tests.photo.cloth's ROUGH kind): a
towel or a coarse tablecloth whose threads are as light as a white face, its weave deep, so
the faces are told from it by their calm, not by their light (photo.faces.woven_mask)."""

import random

from tests.photo.cloth import ROUGH
from tests.photo.render import Photo, render


def towel_corpus(size: int, seed: int = 46) -> list[Photo]:
    """`size` photos of 2 to 5 tiles apart on a rough white cloth, none cut by the edge."""
    rng = random.Random(seed)
    return [render(rng, tiles=rng.randint(2, 5), cloth=ROUGH, cut=False) for _ in range(size)]
