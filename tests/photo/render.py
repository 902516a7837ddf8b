"""Photos of domino tiles drawn with their truth known: random tiles (0 to 12 pips a half),
pip colours, rotations, a camera's perspective, blur, shadows, backgrounds, noise and JPEG;
tiles lying apart, or a row of them touching (long side to long side, or end to end)."""

import random
from dataclasses import dataclass

import cv2
import numpy as np

from tests.photo import cloth as woven
from tests.photo import hands, laying, real, shine, wrap

# Where the pips of a half sit, on a grid of 3 columns and 4 rows (x, y from 0 to 1), as
# double-twelve sets lay them out; up to 9 on 3 x 3 as double-six and double-nine sets do.
_THREE = {"tl": (0.2, 0.2), "tm": (0.5, 0.2), "tr": (0.8, 0.2), "ml": (0.2, 0.5)}
_THREE |= {"c": (0.5, 0.5), "mr": (0.8, 0.5), "bl": (0.2, 0.8), "bm": (0.5, 0.8)}
_THREE |= {"br": (0.8, 0.8)}
NINE = {
    0: [],
    1: ["c"],
    2: ["tl", "br"],
    3: ["tl", "c", "br"],
    4: ["tl", "tr", "bl", "br"],
    5: ["tl", "tr", "c", "bl", "br"],
    6: ["tl", "tr", "ml", "mr", "bl", "br"],
    7: ["tl", "tr", "ml", "c", "mr", "bl", "br"],
    8: ["tl", "tm", "tr", "ml", "mr", "bl", "bm", "br"],
    9: list(_THREE),
}
_ROWS = (0.14, 0.38, 0.62, 0.86)
_COLS = (0.2, 0.5, 0.8)
TWELVE = {
    10: [(c, r) for r in _ROWS for c in (0.2, 0.8)] + [(0.5, 0.26), (0.5, 0.74)],
    11: [(c, r) for r in _ROWS for c in (0.2, 0.8)] + [(0.5, 0.2), (0.5, 0.5), (0.5, 0.8)],
    12: [(c, r) for r in _ROWS for c in _COLS],
}

PIP_COLOURS = [
    (20, 20, 20),
    (40, 40, 190),
    (170, 70, 20),
    (40, 140, 30),
    (20, 120, 220),
    (140, 40, 120),
    (30, 70, 120),
    (10, 170, 200),
    (130, 60, 200),
    (130, 130, 20),
    (90, 90, 90),
    (60, 30, 160),
]
BACKGROUNDS = [
    (40, 110, 30),  # felt
    (40, 80, 130),  # wood
    (60, 60, 60),  # slate
    (120, 70, 30),  # a blue cloth
    (110, 120, 125),  # concrete
    (25, 25, 30),  # a dark table
    (70, 140, 170),  # a park bench
]


# Light tables of a park, where white tiles hardly stand out: white plastic, pale wood, pale
# concrete, a sunlit white cloth, a light stone.
LIGHT_TABLES = [
    (236, 238, 240),
    (170, 200, 222),
    (188, 194, 198),
    (245, 246, 244),
    (205, 214, 218),
]


@dataclass(frozen=True)
class Drawn:
    """One tile as drawn: its halves, where the middle of each half landed, and whether the
    photo's edge cuts it."""

    halves: tuple[int, int]
    centres: tuple[tuple[float, float], tuple[float, float]]
    cut: bool


@dataclass(frozen=True)
class Photo:
    jpeg: bytes
    tiles: tuple[Drawn, ...]

    @property
    def total(self) -> int:
        return sum(sum(tile.halves) for tile in self.tiles if not tile.cut)


def positions(value: int) -> list[tuple[float, float]]:
    return [_THREE[name] for name in NINE[value]] if value <= 9 else TWELVE[value]


def tile_face(
    halves: tuple[int, int],
    most: int,
    colours: list,
    rng: random.Random,
    face_colour: tuple[int, int, int] | None = None,
    rivet: float = 0.0,
    drilled: bool = False,
    glossy: bool = False,
    wrapped: bool = False,
):
    """The tile seen from above at 4x the size it gets drawn at: an ivory face (or one of
    `face_colour`, its line then of its pips' colour), the line, the pips; and its mask (the
    rounded rectangle). With `rivet`, a spinner that many pips wide in the line's middle;
    `drilled`, pips drilled and painted (tests.photo.real); `glossy`, each with a glint;
    `wrapped`, the glare of a plastic wrap over it (tests.photo.wrap)."""
    width, height = 400, 200
    ivory = tuple(int(c) for c in (rng.randint(215, 245), rng.randint(225, 250), 245))
    if face_colour is not None:
        ivory = tuple(int(np.clip(c + rng.randint(-12, 12), 0, 255)) for c in face_colour)
    ivory = shine.cream(rng) if glossy else ivory
    face = np.zeros((height, width, 3), np.uint8)
    mask = np.zeros((height, width), np.uint8)
    radius = 18
    for target, colour in ((face, ivory), (mask, 255)):
        cv2.rectangle(target, (radius, 0), (width - radius, height), colour, -1)
        cv2.rectangle(target, (0, radius), (width, height - radius), colour, -1)
        for x, y in ((radius, radius), (width - radius, radius)):
            cv2.circle(target, (x, y), radius, colour, -1)
            cv2.circle(target, (x, height - radius), radius, colour, -1)
    # A real tile's edge is rounded: seen from above its rim is a little darker than its face
    # (where two tiles touch, that rim is all that shows between them).
    # (The distance is to the mask's outside, the frame beyond its straight sides included.)
    outside = cv2.copyMakeBorder(mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    rim = cv2.distanceTransform(outside, cv2.DIST_L2, 5)[1:-1, 1:-1]
    face = (face * (1 - 0.2 * np.clip(1 - rim / 12, 0, 1))[..., None]).astype(np.uint8)
    line = (50, 50, 50) if face_colour is None else colours[0]
    cv2.line(face, (200, 18), (200, 182), line, 6)
    pip = {6: 19, 9: 16, 12: 13}[most]
    # (a glossy set's pips larger, and reaching nearer the rim)
    pip, spread = (round(pip * 1.3), 1.12) if glossy else (pip, 1.0)
    if rivet:
        real.spinner(face, (200, 100), round(pip * rivet), rng)
    centres = []
    for half, value in enumerate(halves):
        colour = colours[value % len(colours)]
        for x, y in positions(value):
            centre = (
                round(half * 200 + 100 + (x * 172 - 86) * spread),
                round(100 + (y * 172 - 86) * spread),
            )
            if drilled:
                real.drilled_pip(face, centre, pip, colour, ivory)
            else:
                cv2.circle(face, centre, pip, colour, -1, cv2.LINE_AA)
            if glossy:
                shine.glint(face, centre, pip, rng)
            centres.append(centre)
    if wrapped:
        wrap.sheen(face, centres, pip, rng)
    return face, mask


def _background(width: int, height: int, rng: random.Random, light: bool = False) -> np.ndarray:
    base = np.array(rng.choice(LIGHT_TABLES if light else BACKGROUNDS), np.float32)
    base = base * (rng.uniform(0.92, 1.02) if light else rng.uniform(0.7, 1.2))
    grain = cv2.resize(
        np.random.default_rng(rng.randrange(1 << 30)).normal(0, 1, (height // 40, width // 40)),
        (width, height),
        interpolation=cv2.INTER_CUBIC,
    )
    ground = base[None, None, :] * (1 + 0.12 * grain[..., None])
    return ground.clip(0, 255)


def _place(count, width, height, long, cut, rng, taken=()):
    """Centres (in the photo) and angles for the tiles, none touching another nor the spots
    already taken (x, y, reach); with cut, the first sits on the photo's left or right edge."""
    placed = []
    if cut:
        placed.append((rng.choice((0, width)), rng.uniform(0.3, 0.7) * height, rng.uniform(0, 180)))
    for _ in range(count * 80):
        if len(placed) == count:
            break
        x, y = rng.uniform(0.13, 0.87) * width, rng.uniform(0.15, 0.85) * height
        apart = all(np.hypot(x - px, y - py) > 1.25 * long for px, py, _ in placed)
        if apart and all(np.hypot(x - tx, y - ty) > reach + 0.7 * long for tx, ty, reach in taken):
            placed.append((x, y, rng.uniform(0, 180)))
    return placed


def _row(size: int, width: int, height: int, long: int, rng: random.Random, askew: bool = False):
    """A row of tiles laid touching, all at one angle: long side to long side or end to end,
    each a hair (0 to 1.5 px) from the next and a little out of line, the tiles made smaller
    if the row would not fit (with `askew`, laid out of line: tests.photo.cloth). Where the
    row lies, each tile's offset from there and angle, the spot the row takes (x, y, reach),
    and the tiles' length."""
    angle = rng.uniform(0, 180)
    side_by_side = rng.random() < 0.5
    turn = np.radians(angle)
    along = np.array([np.cos(turn), -np.sin(turn)])  # the tile's long side in the photo
    across = np.array([np.sin(turn), np.cos(turn)])
    direction, sideways = (across, along) if side_by_side else (along, across)
    # The camera shows the table up to 1.4 times larger: room for that.
    length = (size * (0.5 if side_by_side else 1) + 0.05 * size) * (1.2 if askew else 1)
    extent = 1.4 * (np.abs(direction) * length + np.abs(sideways)) / 2
    long = min(long, int(min(0.32 * width / extent[0], 0.31 * height / extent[1])))
    extent = extent * long
    x = rng.uniform(0.17 * width + extent[0], 0.83 * width - extent[0])
    y = rng.uniform(0.18 * height + extent[1], 0.82 * height - extent[1])
    step = (long / 2 if side_by_side else long) + rng.uniform(0, 1.5)
    tiles = []
    for i in range(size):
        offset = (i - (size - 1) / 2) * step
        wobble = rng.uniform(-0.02, 0.02) * long
        shift = offset * direction + wobble * sideways
        tiles.append((float(shift[0]), float(shift[1]), angle + rng.choice((0, 180))))
    if askew:
        askew_tiles = woven.out_of_line(size, long, along, across, rng)
        tiles = [(dx, dy, angle + turn + rng.choice((0, 180))) for dx, dy, turn in askew_tiles]
    return ((x, y), tiles), ((x, y, float(np.hypot(*extent))),), long


def _to_scene(x: float, y: float, back: np.ndarray) -> tuple[float, float]:
    sx, sy = cv2.perspectiveTransform(np.float32([[[x, y]]]), back)[0][0]
    return float(sx), float(sy)


def _laid_on_table(laid, back: np.ndarray) -> list[tuple[float, float, float]]:
    """A row's tiles on the table: touching there, whatever the camera makes of it."""
    if not laid:
        return []
    (x, y), tiles = laid
    sx, sy = _to_scene(x, y, back)
    return [(sx + dx, sy + dy, angle) for dx, dy, angle in tiles]


def _camera(width: int, height: int, rng: random.Random, lean: float = 0.14) -> np.ndarray:
    """A homography for a phone held at an angle: the photo shows a quadrilateral of the
    table, each corner up to `lean` in from the scene's."""
    frame = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    lean = [rng.uniform(0, lean) for _ in range(8)]
    seen = np.float32(
        [
            [lean[0] * width, lean[1] * height],
            [width - lean[2] * width, lean[3] * height],
            [width - lean[4] * width, height - lean[5] * height],
            [lean[6] * width, height - lean[7] * height],
        ]
    )
    return cv2.getPerspectiveTransform(seen, frame)


def render(
    rng: random.Random,
    width: int = 1200,
    height: int = 900,
    tiles: int | None = None,
    cut: bool | None = None,
    most: int | None = None,
    row: int = 0,
    park: bool = False,
    held: bool = False,
    style: tuple | None = None,
    spinner: bool = False,
    sides: bool = False,
    drilled: bool = False,
    light: bool | None = None,
    shiny: bool = False,
    cloth: bool | int = False,
    wrapped: bool = False,
) -> Photo:
    """A photo of `tiles` tiles lying apart (random if None) and, with `row`, that many more
    laid touching in a row; with `park`, as a phone sees them at a park table (see _park); with
    `held`, in a hand at a slant, fingers over some (a tile a finger covers is drawn as cut:
    it must not be counted); with `style` (a face's colour, its pips' colour), tiles of that
    colour on any table, light or dark. As real sets are (tests.photo.real): with `spinner`, a
    metal rivet in each tile's line; with `sides`, the tiles' walls the camera sees; with
    `drilled`, pips drilled and painted; with `light`, on a light table (or not); with
    `shiny`, on a shiny table under a lamp, its glare and glossy pips (tests.photo.shine); with
    `cloth`, on a light cloth, the row laid out of line (tests.photo.cloth); with `wrapped`,
    in a plastic wrap's glare (tests.photo.wrap)."""
    most = most or rng.choice((6, 9, 12))
    count = rng.randint(1, 12) if tiles is None else tiles
    long = rng.randint(150, 220) if count + row <= 6 else rng.randint(110, 150)
    if light is None:
        light = (park or style is not None) and rng.random() < (0.3 if style else 0.6)
    scene = woven.cloth(width, height, rng, cloth) if cloth else None
    scene = _background(width, height, rng, light) if scene is None else scene
    shade = np.zeros((height, width), np.float32)
    colours = (
        [rng.choice((PIP_COLOURS[0], PIP_COLOURS[10]))]
        if rng.random() < 0.4
        else rng.sample(PIP_COLOURS, len(PIP_COLOURS))
    )
    colours = colours if style is None else [style[1]]
    camera = _camera(width, height, rng, lean=0.25 if held else 0.14)
    back = np.linalg.inv(camera)
    rivet = rng.uniform(1.0, 1.45) if spinner else 0.0
    seen_sides = real.sides_of(camera, width, height, rng) if sides else None
    with_cut = (rng.random() < 0.2) if cut is None else cut
    laid, taken, long = _row(row, width, height, long, rng, cloth) if row else ([], (), long)
    placed = _place(count, width, height, long, with_cut and count > 0, rng, taken)
    on_table = [(*_to_scene(x, y, back), angle) for x, y, angle in placed]
    drawn = []
    faces = []
    walled = []
    placed_all = _laid_on_table(laid, back) + on_table
    for sx, sy, angle in placed_all:
        halves = (rng.randint(0, most), rng.randint(0, most))
        face, mask = tile_face(
            halves, most, colours, rng, style and style[0], rivet, drilled, shiny, wrapped
        )
        turn = cv2.getRotationMatrix2D((200, 100), angle, long / 400)
        turn[:, 2] += (sx - 200, sy - 100)
        walled.append((face, mask, turn))
        flat_face = cv2.warpAffine(face, turn, (width, height), flags=cv2.INTER_AREA)
        flat_mask = cv2.warpAffine(mask, turn, (width, height)).astype(np.float32) / 255
        drop = laying.shadow(flat_mask, long / 25)
        shift = np.float32([[1, 0, long / 25], [0, 1, long / 20]])
        shade = np.maximum(shade, cv2.warpAffine(drop, shift, (width, height)))
        faces.append((flat_face, flat_mask))
        points = cv2.transform(
            np.float32([[[100, 100], [300, 100], [0, 0], [400, 0], [400, 200], [0, 200]]]), turn
        )
        seen = cv2.perspectiveTransform(points, camera)[0]
        inside = all(2 <= px <= width - 3 and 2 <= py <= height - 3 for px, py in seen[2:])
        centres = (tuple(map(float, seen[0])), tuple(map(float, seen[1])))
        drawn.append(Drawn(halves, centres, not inside))
    # The tiles' shadows fall on the table (a lamp's glare on it), then the tiles lie on it.
    scene = shine.glare(scene, placed_all, long, rng) if shiny else scene
    scene = scene * (1 - 0.45 * shade[..., None])
    if seen_sides is not None:
        _walls(scene, walled, seen_sides, long)
    for flat_face, flat_mask in faces:
        laying.lay(scene, flat_face, flat_mask)
    if held:
        scene, covered = hands.fingers(scene, [mask for _, mask in faces], long, rng)
        drawn = [
            Drawn(tile.halves, tile.centres, tile.cut or hidden)
            for tile, hidden in zip(drawn, covered, strict=True)
        ]
    scene = _light(scene, rng)
    scene = _park(scene, rng) if park else scene
    photo = cv2.warpPerspective(scene.clip(0, 255).astype(np.uint8), camera, (width, height))
    photo = _blur_and_noise(photo, rng, noisy=park)
    quality = rng.randint(25, 70) if park else rng.randint(40, 92)
    ok, jpeg = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return Photo(jpeg.tobytes(), tuple(drawn))


def _walls(scene: np.ndarray, walled: list, sides: real.Sides, long: int) -> None:
    """Every tile's walls the camera sees, under all the faces (a wall between tiles laid
    touching shows only in the gap between them)."""
    corners = np.float32([[[0, 0], [400, 0], [400, 200], [0, 200]]])
    for face, mask, turn in walled:
        ivory = np.percentile(face[mask > 0], 75, axis=0)
        real.walls(scene, cv2.transform(corners, turn)[0], ivory, sides, long)


def _light(scene: np.ndarray, rng: random.Random) -> np.ndarray:
    """Light falling unevenly: a gradient across the table and a soft shadow (a head, a
    hand) over part of it."""
    height, width = scene.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    ramp = np.cos(angle) * xs / width + np.sin(angle) * ys / height
    light = rng.uniform(0.85, 1.05) + rng.uniform(0, 0.18) * (ramp - ramp.mean())
    if rng.random() < 0.5:
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        spread = rng.uniform(0.15, 0.35) * width
        blot = np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * spread**2))
        light = light * (1 - rng.uniform(0.1, 0.3) * blot)
    return scene * light[..., None]


def _park(scene: np.ndarray, rng: random.Random) -> np.ndarray:
    """A park table's light: sun through leaves (light and shade in patches), glare (a few
    bright spots burnt to white, on tiles and table alike), and at times dusk (everything
    dark, the sensor's noise then strong: see _blur_and_noise)."""
    height, width = scene.shape[:2]
    gen = np.random.default_rng(rng.randrange(1 << 30))
    leaves = cv2.resize(gen.normal(0, 1, (6, 8)), (width, height), interpolation=cv2.INTER_CUBIC)
    scene = scene * (1 + rng.uniform(0.1, 0.3) * np.tanh(leaves))[..., None]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    for _ in range(rng.randint(1, 4)):
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        spread = rng.uniform(0.02, 0.08) * width
        glare = np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * spread**2))
        scene = scene + rng.uniform(80, 220) * glare[..., None]
    if rng.random() < 0.3:
        scene = scene * rng.uniform(0.3, 0.55)
    return scene


def _blur_and_noise(photo: np.ndarray, rng: random.Random, noisy: bool = False) -> np.ndarray:
    sigma = rng.uniform(0, 2.0)
    if sigma > 0.3:
        photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    gen = np.random.default_rng(rng.randrange(1 << 30))
    noise = gen.normal(0, rng.uniform(4, 14) if noisy else rng.uniform(0, 8), photo.shape)
    return (photo + noise).clip(0, 255).astype(np.uint8)


def park_corpus(size: int, seed: int = 37) -> list[Photo]:
    """`size` photos as at a park table: 1 to 10 tiles apart, and a row of 2 to 4 touching in
    one photo of three."""
    rng = random.Random(seed)
    rows = [rng.choice((0, 0, rng.randint(2, 4))) for _ in range(size)]
    return [render(rng, tiles=rng.randint(1, 10), row=row, park=True) for row in rows]


def held_corpus(size: int, seed: int = 38) -> list[Photo]:
    """`size` photos of 1 to 8 tiles held at a slant, fingers over some of them."""
    rng = random.Random(seed)
    return [render(rng, tiles=rng.randint(1, 8), held=True) for _ in range(size)]


def shiny_corpus(size: int, seed: int = 43) -> list[Photo]:
    """`size` photos of 2 to 6 tiles apart on a dark shiny table under a lamp: glossy pips,
    and the lamp's glare coming in from the photo's edge up to a tile (tests.photo.shine)."""
    rng = random.Random(seed)
    return [render(rng, tiles=rng.randint(2, 6), shiny=True, light=False) for _ in range(size)]


def corpus(size: int, seed: int = 35, touching: bool = False) -> list[Photo]:
    """`size` random photos; with touching, each has a row of 2 to 6 tiles laid touching and
    0 to 4 tiles apart."""
    rng = random.Random(seed)
    if not touching:
        return [render(rng) for _ in range(size)]
    return [render(rng, tiles=rng.randint(0, 4), row=rng.randint(2, 6)) for _ in range(size)]


# Tiles of colour (BGR): black with white, ivory or coloured pips; saturated plastic (pink, red,
# blue, green, yellow) with pips of a colour that stands out on it.
WHITE, IVORY, YELLOW, BLACK = (240, 242, 245), (205, 228, 240), (20, 200, 250), (25, 25, 25)
COLOUR_SETS = [
    ((35, 35, 35), [WHITE, IVORY, YELLOW, (50, 60, 210), (60, 170, 60), (210, 140, 40)]),
    ((180, 100, 250), [YELLOW, WHITE, BLACK]),  # pink
    ((40, 40, 200), [WHITE, YELLOW, BLACK]),  # red
    ((190, 100, 30), [WHITE, YELLOW]),  # blue
    ((60, 150, 40), [WHITE, YELLOW, BLACK]),  # green
    ((40, 200, 240), [BLACK, (40, 40, 200), (190, 100, 30)]),  # yellow
]


def colour_corpus(size: int, seed: int = 40) -> list[Photo]:
    """`size` photos of tiles of colour (one set a photo: black, or pink, red, blue, green,
    yellow plastic, pips of a contrasting colour) on any table, dark or light: 1 to 8 tiles
    apart, and a row of 2 to 4 touching in one photo of four."""
    rng = random.Random(seed)
    photos = []
    for _ in range(size):
        face, pips = rng.choice(COLOUR_SETS)
        row = rng.choice((0, 0, 0, rng.randint(2, 4)))
        style = (face, rng.choice(pips))
        photos.append(render(rng, tiles=rng.randint(1, 8) - (row > 0), row=row, style=style))
    return photos


def real_corpus(size: int, seed: int = 39) -> list[Photo]:
    """`size` photos of real sets (tests.photo.real): spinners in most, the tiles' walls
    seen in most, pips drilled in half; tiles apart, or a row of 2 to 5 touching beside 0 to 3
    apart in one photo of three; on dark and light tables; double-six, nine and twelve."""
    rng = random.Random(seed)
    photos = []
    for _ in range(size):
        kind = {
            "spinner": rng.random() < 0.7,
            "sides": rng.random() < 0.8,
            "drilled": rng.random() < 0.5,
            "light": rng.random() < 0.3,
        }
        if rng.random() < 1 / 3:
            photos.append(render(rng, tiles=rng.randint(0, 3), row=rng.randint(2, 5), **kind))
        else:
            photos.append(render(rng, tiles=rng.randint(1, 10), **kind))
    return photos


def cloth_corpus(size: int, seed: int = 41) -> list[Photo]:
    """`size` photos of white or ivory tiles on a light cloth (tests.photo.cloth): 2 or 3
    laid touching out of line, beside 0 to 2 apart."""
    rng = random.Random(seed)
    photos = []
    for _ in range(size):
        tiles, row = rng.randint(0, 2), rng.randint(2, 3)
        photos.append(render(rng, tiles=tiles, row=row, cloth=True, cut=False))
    return photos


def wrapped_corpus(size: int, seed: int = 44) -> list[Photo]:
    """`size` photos of 2 to 8 double-six tiles apart on a dark table, still in their plastic
    wrap: its glare washes pips out or splits them (tests.photo.wrap)."""
    rng = random.Random(seed)
    return [
        render(rng, tiles=rng.randint(2, 8), most=6, light=False, wrapped=True) for _ in range(size)
    ]
