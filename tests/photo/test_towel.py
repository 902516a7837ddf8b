"""The faces told from a rough white cloth by their calm (photo.faces.woven_mask), on photos
of tiles apart on it (tests.photo.towel): each half's middle lies in a face found, and the
cloth well away from every tile lies in none."""

import numpy as np

from scorekeeper.photo.counter import decode
from scorekeeper.photo.faces import woven_mask
from tests.photo.towel import towel_corpus

# How far from every half's middle a point of the cloth lies to be well away from the tiles.
AWAY = 150


def test_faces_on_a_rough_white_cloth_are_told_by_their_calm():
    """Measured Dec 6 on these 10 photos: 64 of 72 halves' middles in a face, 150 of 4516
    points of bare cloth (3%) in one. (A real photo of four tiles on a white woven cloth,
    whose faces ran into the cloth as light as them, read 0 before; 3 tiles right with it.)"""
    inside = halves = cloth = bare = 0
    for photo in towel_corpus(10):
        mask = woven_mask(decode(photo.jpeg))
        middles = [centre for tile in photo.tiles for centre in tile.centres]
        inside += sum(mask[round(y), round(x)] > 0 for x, y in middles)
        halves += len(middles)
        ys, xs = np.mgrid[20 : mask.shape[0] : 40, 20 : mask.shape[1] : 40]
        for x, y in zip(xs.ravel(), ys.ravel(), strict=True):
            if all(np.hypot(x - cx, y - cy) > AWAY for cx, cy in middles):
                cloth += mask[y, x] > 0
                bare += 1
    assert inside >= 0.85 * halves
    assert cloth <= 0.05 * bare
