"""Photos of tiles laid touching as players leave them (tests.photo.render draws the rest):
upright tiles side by side a little out of line, each pushed up or down its length (or rows
of them, a row slid along the one above), on a dark table, a hairline between them."""

import random

import cv2
import numpy as np

from tests.photo.render import PIP_COLOURS, Drawn, Photo, tile_face

# The photo's size, and a tile's short side in it.
WIDTH, HEIGHT = 1600, 1200
SIDES = (100, 140)


def _upright(
    rng: random.Random, side: int, long: int = 0
) -> tuple[np.ndarray, np.ndarray, tuple[int, int]]:
    """One upright tile `side` wide and twice as long, or `long` (its first half below), its
    mask, and its halves: many pips, so a half cut short loses some."""
    halves = (rng.randint(5, 12), rng.randint(5, 12))
    colours = rng.sample(PIP_COLOURS[1:], 3)
    face, mask = tile_face(halves, 12, colours, rng)
    size = (side, long or 2 * side)
    face = cv2.resize(np.rot90(face).copy(), size, interpolation=cv2.INTER_AREA)
    mask = cv2.resize(np.rot90(mask).copy(), size, interpolation=cv2.INTER_AREA)
    return face, mask, halves


def _lay(scene: np.ndarray, rng: random.Random, side: int, x: int, y: int, long: int = 0) -> Drawn:
    """One upright tile laid with its top left corner at (x, y), twice as long as wide or
    `long`."""
    long = long or 2 * side
    face, mask, halves = _upright(rng, side, long)
    here = scene[y : y + long, x : x + side]
    here[:] = np.where(mask[..., None] > 127, face, here)
    middle = x + side / 2
    return Drawn(halves, ((middle, y + 0.75 * long), (middle, y + 0.25 * long)), False)


def touching(
    rng: random.Random, across: int, down: int, stagger: float, slide: float, gap: int = 1
) -> Photo:
    """A block of `down` rows of `across` upright tiles laid touching (`gap` pixels apart: a
    hairline, or none): each tile pushed up or down by a half to all of `stagger` of its
    length, by turns, each row slid along by up to `slide` of a tile's width; turned a little,
    blurred, noisy, as a JPEG."""
    side = rng.randint(*SIDES)
    shade = rng.randint(20, 60)
    scene = np.full((HEIGHT, WIDTH, 3), shade, np.uint8)
    left = (WIDTH - across * (side + gap)) // 2
    top = (HEIGHT - down * (2 * side + gap)) // 2
    tiles = []
    for row in range(down):
        shift = round(rng.uniform(-slide, slide) * side)
        for column in range(across):
            # (each out of line with the one before: up, then down)
            push = round((-1) ** column * rng.uniform(stagger / 2, stagger) * 2 * side)
            x = left + shift + column * (side + gap)
            tiles.append(_lay(scene, rng, side, x, top + row * (2 * side + gap) + push))
    return _photo(scene, rng, shade, tiles)


def chain(rng: random.Random, down: int, across: int) -> Photo:
    """An L of upright tiles laid touching (a hairline apart): `down` of them end to end in
    a column, the last with `across` more side by side beside it; turned a little, blurred,
    noisy, as a JPEG."""
    side = rng.randint(*SIDES) * 3 // 4
    shade = rng.randint(20, 60)
    scene = np.full((HEIGHT, WIDTH, 3), shade, np.uint8)
    left = (WIDTH - (across + 1) * (side + 1)) // 2
    top = (HEIGHT - down * (2 * side + 1)) // 2
    tiles = [_lay(scene, rng, side, left, top + row * (2 * side + 1)) for row in range(down)]
    bottom = top + (down - 1) * (2 * side + 1)
    tiles += [_lay(scene, rng, side, left + k * (side + 1), bottom) for k in range(1, across + 1)]
    return _photo(scene, rng, shade, tiles)


def _photo(scene: np.ndarray, rng: random.Random, shade: int, tiles: list) -> Photo:
    """The scene turned a little, blurred, noisy, as a JPEG, its tiles turned with it."""
    turn = cv2.getRotationMatrix2D((WIDTH / 2, HEIGHT / 2), rng.uniform(-12, 12), 1.0)
    scene = cv2.warpAffine(scene, turn, (WIDTH, HEIGHT), borderValue=(shade, shade, shade))
    tiles = [_turned(tile, turn) for tile in tiles]
    scene = cv2.GaussianBlur(scene, (0, 0), rng.uniform(0.5, 1.2))
    noise = np.random.default_rng(rng.randrange(1 << 30)).normal(0, 4, scene.shape)
    scene = (scene + noise).clip(0, 255).astype(np.uint8)
    jpeg = cv2.imencode(".jpg", scene, [cv2.IMWRITE_JPEG_QUALITY, 88])[1].tobytes()
    return Photo(jpeg, tuple(tiles))


def chain_corpus(size: int, seed: int = 43) -> list[Photo]:
    """`size` photos of an L of tiles laid touching: 2 or 3 end to end, 1 or 2 beside."""
    rng = random.Random(seed)
    return [chain(rng, rng.randint(2, 3), rng.randint(1, 2)) for _ in range(size)]


def _turned(tile: Drawn, turn: np.ndarray) -> Drawn:
    centres = tuple(tuple(float(v) for v in turn @ (x, y, 1)) for x, y in tile.centres)
    return Drawn(tile.halves, centres, tile.cut)


def touching_corpus(size: int, seed: int = 41) -> list[Photo]:
    """`size` photos of a row of 3 to 5 upright tiles laid touching a little out of line."""
    rng = random.Random(seed)
    return [touching(rng, rng.randint(3, 5), 1, 0.1, 0.0) for _ in range(size)]


def slid_corpus(size: int, seed: int = 47) -> list[Photo]:
    """`size` photos of 2 or 3 tiles laid touching end to end, each slid sideways by up to
    three tenths of its width: the row's outline cuts a strip off a tile's side."""
    rng = random.Random(seed)
    return [touching(rng, 1, rng.randint(2, 3), 0.0, 0.3) for _ in range(size)]


def block_corpus(size: int, seed: int = 45) -> list[Photo]:
    """`size` photos of a block of two rows of 3 or 4 upright tiles pressed together in line,
    a hairline apart or none: each row's own lines meet in one line across it, so a row (or
    the block) looks like one tile with far more pips than a half holds."""
    rng = random.Random(seed)
    return [touching(rng, rng.randint(3, 4), 2, 0.0, 0.0, rng.randint(0, 1)) for _ in range(size)]


def _lay_flat(scene: np.ndarray, rng: random.Random, side: int, x: int, y: int) -> Drawn:
    """One tile laid lengthwise with its top left corner at (x, y) (its first half left)."""
    halves = (rng.randint(0, 6), rng.randint(0, 6))
    face, mask = tile_face(halves, 6, rng.sample(PIP_COLOURS[1:], 3), rng)
    size = (2 * side, side)
    face = cv2.resize(face, size, interpolation=cv2.INTER_AREA)
    mask = cv2.resize(mask, size, interpolation=cv2.INTER_AREA)
    here = scene[y : y + side, x : x + 2 * side]
    here[:] = np.where(mask[..., None] > 127, face, here)
    middle = y + side / 2
    return Drawn(halves, ((x + 0.5 * side, middle), (x + 1.5 * side, middle)), False)


def snake(rng: random.Random, first: int, down: int, back: int) -> Photo:
    """A chain of tiles pressed tight end to end, as a game leaves them (no table between
    them, only their rims' shade): `first` lengthwise in a row, `down` upright in a column
    from its end, `back` lengthwise in a row back from the column's foot; turned a little,
    blurred, noisy, as a JPEG."""
    side = rng.randint(*SIDES) * 3 // 4
    shade = rng.randint(20, 60)
    scene = np.full((HEIGHT, WIDTH, 3), shade, np.uint8)
    left = (WIDTH - 2 * first * side) // 2
    top = (HEIGHT - (down * 2 + 1) * side) // 2
    tiles = [_lay_flat(scene, rng, side, left + 2 * k * side, top) for k in range(first)]
    column = left + (2 * first - 1) * side
    tiles += [_lay(scene, rng, side, column, top + (1 + 2 * k) * side) for k in range(down)]
    foot = top + (2 * down - 1) * side
    tiles += [_lay_flat(scene, rng, side, column - 2 * (k + 1) * side, foot) for k in range(back)]
    return _photo(scene, rng, shade, tiles)


def snake_corpus(size: int, seed: int = 44) -> list[Photo]:
    """`size` photos of a chain of 5 to 9 tiles pressed tight, turning twice."""
    rng = random.Random(seed)
    return [
        snake(rng, rng.randint(2, 3), rng.randint(1, 3), rng.randint(1, 3)) for _ in range(size)
    ]


def ragged(rng: random.Random, across: int, longer: float) -> Photo:
    """A block of two rows of `across` upright tiles pressed together (a hairline apart),
    the tiles between the block's corners up to `longer` of a tile longer (a set's tiles
    vary, the camera makes those nearer larger), each grown at its outer end, so the block's
    outline cuts those ends off; turned a little, blurred, noisy, as a JPEG."""
    side = rng.randint(*SIDES)
    shade = rng.randint(20, 60)
    scene = np.full((HEIGHT, WIDTH, 3), shade, np.uint8)
    left = (WIDTH - across * (side + 1)) // 2
    seam = HEIGHT // 2
    tiles = []
    for row in (0, 1):
        for column in range(across):
            inner = 0 < column < across - 1
            long = round(2 * side * (1 + (rng.uniform(longer / 2, longer) if inner else 0)))
            y = seam - long - 1 if row == 0 else seam
            tiles.append(_lay(scene, rng, side, left + column * (side + 1), y, long))
    return _photo(scene, rng, shade, tiles)


def ragged_corpus(size: int, seed: int = 46) -> list[Photo]:
    """`size` photos of a block of two rows of 3 to 5 tiles, the inner ones longer."""
    rng = random.Random(seed)
    return [ragged(rng, rng.randint(3, 5), 0.15) for _ in range(size)]
