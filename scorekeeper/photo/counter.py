"""Domino pips counted from a photo: the tiles found, each split in its two halves, each half's
pips counted (OpenCV and numpy only, no Django)."""

from dataclasses import dataclass

import cv2
import numpy as np

from scorekeeper.photo.chains import seamed_tiles, short_side
from scorekeeper.photo.channels import brightest, darkest
from scorekeeper.photo.cover import bitten
from scorekeeper.photo.faces import (
    closed_mask,
    edged_mask,
    fitted,
    relief,
    rough_mask,
    tile_sized,
    woven_mask,
)
from scorekeeper.photo.notches import notched_tiles, worn_apart
from scorekeeper.photo.pips import hidden as over_tile
from scorekeeper.photo.pips import ink_of
from scorekeeper.photo.pips import widened as _widened
from scorekeeper.photo.reading import Tile, cut_tile, own_line, read
from scorekeeper.photo.seams import (
    SEAM_INK,
    end_to_end,
    line_darkness,
    lines_at,
    middles,
    own_lines,
    placed_cells,
    seam,
)
from scorekeeper.photo.shapes import (
    at_edge,
    corner_area,
    corners_of,
    edge_cut,
    end_corner_out,
    glare_at_edge,
    quad_of,
    shaped,
    tile_shaped,
    touches_edge,
    trimmed_box,
)
from scorekeeper.photo.strays import strays
from scorekeeper.photo.table import (
    above_table,
    colour_mask,
    coloured_outlines,
    halves_joined,
    light_mask,
    light_regions,
    lighter,
    unread_regions,
)
from scorekeeper.photo.union import in_pieces, joined
from scorekeeper.photo.walls import face_of, photo_wall, wall_of, without_wall

# The long side a photo is counted at (the phone shrinks it to this before sending).
LONGEST = 1600
# A smaller photo (a picture saved from the web, a crop) is enlarged to this long side first:
# the counter's sizes in pixels (the smallest pip, a wall's width, the gap between tiles) were
# set on photos this size, and in a photo a third of it a tile's pips are taken for specks.
SMALLEST = 1200
# Tiles laid touching (a row, or a block) are split into at most this many; a light rectangle
# is flattened to this height to look for the lines between them (photo.seams).
MOST_TOUCHING = 12
SEAM_H = 120


class NotAnImage(ValueError):
    """The bytes are not a picture OpenCV can read."""


@dataclass(frozen=True)
class Count:
    """What a photo showed: the tiles in reading order and the photo's size as counted."""

    tiles: tuple[Tile, ...]
    width: int
    height: int
    # Light regions as large as a tile but of no tile's shape: tiles touching, most likely.
    unread: int = 0

    @property
    def total(self) -> int:
        return sum(tile.pips for tile in self.tiles)

    @property
    def counted(self) -> tuple[Tile, ...]:
        return tuple(tile for tile in self.tiles if not tile.cut)


def decode(data: bytes) -> np.ndarray:
    """The photo as a BGR image at most LONGEST pixels on its long side, or NotAnImage."""
    try:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR) if data else None
    except cv2.error:  # more pixels than OPENCV_IO_MAX_IMAGE_PIXELS (the package sets it)
        image = None
    if image is None or image.size == 0:
        raise NotAnImage
    return shrink(image)


def shrink(image: np.ndarray) -> np.ndarray:
    """The photo scaled to between SMALLEST and LONGEST pixels on its long side."""
    longest = max(image.shape[:2])
    if SMALLEST <= longest <= LONGEST:
        return image
    scale = min(max(longest, SMALLEST), LONGEST) / longest
    size = (round(image.shape[1] * scale), round(image.shape[0] * scale))
    enlarge = scale > 1
    return cv2.resize(image, size, interpolation=cv2.INTER_CUBIC if enlarge else cv2.INTER_AREA)


def count_photo(data: bytes) -> Count:
    return count_image(decode(data))


def count_image(image: np.ndarray) -> Count:
    height, width = image.shape[:2]
    tiles, unread = _count(image)
    if any(tile.unsure for tile in tiles):
        # (a half read with more pips than a half holds: tiles laid touching whose lines
        # between them barely show taken for fewer; their regions are looked at again)
        tiles, unread = _count(image, crowded=True)
    # (the tiles no way found, found by their pips; no patch of the table shown cut)
    tiles = strays(image, tiles, lambda corners: _uncovered(image, corners)[1])
    tiles.sort(key=lambda tile: _reading_order(tile, height))
    return Count(tuple(tiles), width, height, unread)


def _count(image: np.ndarray, crowded: bool = False) -> tuple[list[Tile], int]:
    """The tiles found and read, and how many light regions a tile's size were left unread;
    `crowded`, each region of tiles laid touching read as it is parted (_crowded)."""
    walls: list[np.ndarray] = []
    outlines, unread = _outlines(image, walls, crowded)
    # A tile lying alone with something dark across its rim (a finger) is shown as cut, not
    # miscounted (between tiles laid touching, their rims and the line between them lie).
    seen = [
        _uncovered(image, c, walls) if alone else (c, False)
        for c, cut, alone in outlines
        if not cut
    ]
    wall = photo_wall(walls)
    seen = [_walled(image, c, wall) if over else (c, over) for c, over in seen]
    tiles = [cut_tile(c) for c, over in seen if over]
    tiles += [cut_tile(corners) for corners, cut, _ in outlines if cut]
    tiles += read(image, [c for c, over in seen if not over])
    return tiles, unread


def _reading_order(tile: Tile, height: int) -> tuple[int, float]:
    """A tile's row of the photo's eight, then how far across (its middle's)."""
    xs, ys = zip(*tile.corners, strict=True)
    return int(sum(ys) / 4 * 8 / max(height, 1)), sum(xs) / 4


def _outlines(
    image: np.ndarray, walls: list, crowded: bool = False
) -> tuple[list[tuple[np.ndarray, bool]], int]:
    """The tiles told from the table as lighter than most of the photo; unless that reads
    none, leaves a region unread, takes half the photo for tiles or leaves more than one light
    region a tile's size unread (a light table, light and shade in patches under leaves, a
    dusk): then as lighter than the table around them, if that reads more; then, likewise, as
    calm faces their edges close, as faces of a colour (not tiles parted into pieces that
    another mask finds whole: union.in_pieces), where most of the photo is as light as a face
    as faces calmer than a cloth's weave, and as the faces inside any sharp edge closed all
    round (a blotchy table's light and shade change softly; photo.faces). The walls seen
    beside the faces of the first are added to `walls`; `crowded`: see _count."""
    small = cv2.GaussianBlur(image, (5, 5), 0)
    whiteness = darkest(small)
    greyish = brightest(small) - whiteness < 90
    light = lighter(whiteness, 35)
    first = light_mask(light, greyish)
    found = _tile_outlines(image, first, walls=walls, crowded=crowded)
    tiles = sum(not cut for _, cut, _ in found[0])
    calm = light is not None and light.mean() <= 0.45 and light_regions(first) <= tiles + 1
    above = light_mask(lighter(above_table(whiteness), 12), greyish)
    # (and no tile in shade, lighter than the table round it, left out)
    calm = calm and not glare_at_edge(found[0]) and unread_regions(above, found[0]) <= 1
    if tiles and not found[1] and calm:
        return found
    tinted = colour_mask(image)
    seen = relief(image)
    woven = [woven_mask(image, seen)] if light is None or light.mean() > 0.5 else []
    coloured = None  # the faces of colour, while they are the reading taken
    tried = [found]
    for mask in (above, edged_mask(image, seen), tinted, *woven):
        near = tile_sized(_tile_outlines(image, mask, crowded=crowded), *mask.shape[::-1])
        near = coloured_outlines(image, near) if mask is tinted else near
        tried.append(near)
        # (faces of colour found as many as by the others: their own outlines fit closer;
        # but not a tile of the table's hue parted between its pips into many: in_pieces)
        gain = sum(not cut for _, cut, _ in near[0]) - near[1] - (tiles - found[1])
        taken = gain > 0 or (mask is tinted and gain == 0 and near[0])
        if mask is tinted:
            taken = taken and not in_pieces(near, found)
        if taken or (found is coloured and in_pieces(found, near)):
            found, tiles = near, sum(not cut for _, cut, _ in near[0])
            coloured = near if mask is tinted else None
    # Found by edges alone, it must read more tiles than the others (a finger over a tile's
    # end leaves a shorter face whose edges close round it; a lone tile fitted to its face's
    # own edge is no longer taken for one a finger covers, so one more is enough).
    near = _closed(image, closed_mask(image, seen=seen), crowded)
    better = _readable(image, near) - near[1] > _readable(image, found) - found[1]
    better = better or in_pieces(found, near, scattered=found is not coloured)
    chosen = near if better else found
    # (a tile a patch of the table hid from the way chosen, found whole by another; in a
    # noisy photo, a dusk's, its sharp edges show plainer on the photo smoothed more)
    rough = rough_mask(image, seen, [c for c, cut, _ in chosen[0] if not cut])
    tried += [near] if rough is None else [near, _closed(image, rough, crowded, alone=True)]
    return joined(chosen, tried, lambda c: not _uncovered(image, c)[1], image.shape)


def _closed(image: np.ndarray, mask: np.ndarray, crowded: bool, alone: bool = False) -> tuple:
    """The tiles in the regions sharp edges close all round (`mask`, photo.faces), each lone one
    fitted to its face's own edge; `alone`: only the tiles lying alone are wanted."""
    found = _tile_outlines(image, mask, crowded=crowded, alone=alone)
    return fitted(image, tile_sized(found, *mask.shape[::-1]), lambda c: _uncovered(image, c)[1])


def _readable(image: np.ndarray, found: tuple[list, int]) -> int:
    """How many of the outlines found are tiles to count: whole, and nothing over one alone."""
    return sum(
        not cut and not (alone and _uncovered(image, corners)[1])
        for corners, cut, alone in found[0]
    )


def _uncovered(
    image: np.ndarray, corners: np.ndarray, walls: list | None = None
) -> tuple[np.ndarray, bool]:
    """A lone tile's outline and whether something lies over it (a finger): an outline that
    holds its walls beside the face (their shade darkens its rim as a finger would) is cut
    down to its face first, and judged by that (photo.walls), or where its face is not told
    apart (as light as it, a groove between), judged past the walls along its sides
    (photo.cover); the walls so seen are added to `walls`."""
    if not over_tile(_widened(image, corners)):
        return corners, False
    face = face_of(image, corners)
    if face is corners or over_tile(_widened(image, face)):
        # (a wall its face was not told from: a thin even band along a whole side; an end
        # cut short at one corner, through its pips: shapes.end_corner_out)
        if not over_tile(_widened(image, corners), walls=True):
            return corners, False
        moved = end_corner_out(corners, lambda c: not over_tile(_widened(image, c), walls=True))
        return (corners, True) if moved is None else (moved, False)
    if walls is not None:
        walls.append(wall_of(corners, face))
    return face, False


def _walled(image: np.ndarray, corners: np.ndarray, wall: np.ndarray | None) -> tuple:
    """A lone tile that reads as covered and whose own face was not told apart, judged again
    as its outline cut down by the walls seen beside the photo's other tiles (`wall`: one
    camera sees every tile's on the same sides, as wide; none seen, it stays covered)."""
    if wall is None:
        return corners, True
    face = without_wall(corners, wall)
    if over_tile(_widened(image, face)):
        return corners, True
    return face, False


def _tile_outlines(
    image: np.ndarray,
    mask: np.ndarray,
    walls: list | None = None,
    crowded: bool = False,
    alone: bool = False,
) -> tuple[list[tuple[np.ndarray, bool]], int]:
    """Each tile found in the light `mask`: its four corners (long side first) and whether the
    photo's edge cuts it; and how many light regions a tile's size or more were read as no
    tile. With `walls` (tiles lighter than most of the photo, their walls beside them as
    light), each light rectangle cut down to its face (photo.walls), the walls seen beside
    it added to `walls`; `crowded`: see _count; `alone`: only tiles lying alone are wanted (a
    way the union alone reads), so large regions of no tile's shape are not parted."""
    height, width = mask.shape
    mask = halves_joined(mask)  # a tile's line and rim may part its halves
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    smallest = 0.0012 * width * height
    found, shapeless, whole, edged = [], [], [], []
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < smallest:
            continue
        if touches_edge(contour, width, height):
            edged.append((contour, area, corners_of(contour, area, loose=True)))
            continue
        quad = quad_of(contour, area)
        quad = _face(image, quad, walls) if walls is not None and quad is not None else quad
        cells = _cells(image, quad)
        cells = _crowded(image, quad, cells) if crowded and cells else cells
        if len(cells) == 1 and bitten(area, cv2.contourArea(quad)):
            cells = []  # a tile with a bite out of it: a finger over it
        whole += [(cells, area, quad)] if cells else []
        if not cells:
            shapeless.append((contour, area, quad))
    areas = [area / len(cells) for cells, area, _ in whole for _ in cells]
    typical = float(np.median(areas)) if areas else smallest
    cut, touching = edge_cut(edged, typical if areas else 0.0)
    found += cut
    unread = 0
    for cells, area, quad in whole:
        # One tile as large as several (tiles laid touching whose lines barely show), or
        # tiles far smaller than the others (one tile's rows of pips taken for lines): the
        # grid of as many tiles as its area holds.
        if area > 1.6 * typical * len(cells) or area < 0.6 * typical * len(cells) > typical:
            cells = _cells(image, quad, tiles=max(1, round(area / typical)))
            unread += not cells
        found += [(corners, False, typical, len(cells) == 1) for corners in cells]
    shapeless = sorted(shapeless, key=lambda region: -region[1])
    shapeless = [r for r in shapeless if r[1] <= 1.5 * typical] if alone else shapeless
    # (the photo's edge cuts one of its tiles: parted once a tile's size is known, never
    # the region a tile's size is learnt from)
    parts, missed = _unshaped(image, shapeless, typical, bool(areas), touching)
    found += parts
    unread += missed
    # A sliver at the edge is a tile mostly out of the photo only if it is big enough.
    kept = [(c, cut, alone) for c, cut, area, alone in found if not cut or area > 0.25 * typical]
    return kept, unread


def _face(image: np.ndarray, quad: np.ndarray, walls: list) -> np.ndarray:
    """A light rectangle's face (photo.walls), and the walls seen beside it added to `walls`."""
    face = face_of(image, quad)
    if face is quad or _through_pips(image, quad, face):
        return quad
    walls.append(wall_of(quad, face))
    return face


def _through_pips(image: np.ndarray, quad: np.ndarray, face: np.ndarray) -> bool:
    """Whether a tile's face cut from its walls was cut through a row of its pips (a strip of
    a white face with pips along it, taken for a wall): the pips reach past the face's new
    edge, and it reads as covered where the whole tile does not."""
    return over_tile(_widened(image, face)) and not over_tile(_widened(image, quad))


def _unshaped(
    image: np.ndarray, shapeless: list, typical: float, learnt: bool, touching: list
) -> tuple[list, int]:
    """Regions of no tile's shape, the largest first: a tile's size, a tile a finger covers
    (shown as cut); larger, a rectangle whose lines barely show (blur) cut into as many tiles
    as its area holds, the region worn apart, or tiles laid touching out of line cut at its
    notches; and how many were read as no tile. Unless `learnt` from tiles found whole, a
    tile's size is learnt from the first region so cut (a patch of table is then no tile);
    then the regions the photo's edge cuts (`touching`), once a tile's size is known."""
    found, unread = [], 0
    regions = [(region, False) for region in shapeless]
    regions += [(region, True) for region in sorted(touching, key=lambda region: -region[1])]
    for (contour, area, quad), cut_by_edge in regions:
        if cut_by_edge and not learnt:
            continue
        if 0.3 * typical < area <= 1.5 * typical:
            corners = corners_of(contour, area, loose=True)
            corners = corners if corners is None else trimmed_box(contour, corners)
            found += [] if corners is None else [(corners, True, typical, False)]
        elif area > 1.5 * typical:
            parts, left = _parted(image, contour, quad, round(area / typical), (typical, learnt))
            if parts and not learnt:
                typical, learnt = float(np.median([corner_area(c) for c, *_ in parts])), True
            found += [(c, cut or at_edge(c, image.shape), *rest) for c, cut, *rest in parts]
            unread += left
    return found, unread


def _parted(image: np.ndarray, contour: np.ndarray, quad, tiles: int, size: tuple) -> tuple:
    """The tiles a large region of no tile's shape holds (corners, cut, typical, alone), by
    the tiles' `size` (their typical area, and whether learnt from tiles found whole); and
    whether a tile's area or more of it is left unread. A way that leaves part of it unread
    is weighed against the next: the one reading the most tiles wins (a region is left
    unread only where the seams leave a tile's area unparted)."""
    typical = size[0]
    cells = _cells(image, quad, tiles=tiles)
    if cells:
        return [(c, False, typical, False) for c in cells], False
    best: tuple[list, bool] = ([], True)
    for way in (_worn, _notched, _seamed):
        parts, left = way(image, contour, size)
        if parts and not left:
            return parts, False
        if _uncut(parts) > _uncut(best[0]):
            # (what wearing apart leaves is no tile's shape at all, most often a finger over
            # one: read as before, not as a region left unread)
            best = (parts, left and way is _seamed)
    return best


def _uncut(parts: list) -> int:
    return sum(not cut for _, cut, *_ in parts)


def _worn(image: np.ndarray, contour: np.ndarray, size: tuple) -> tuple[list, bool]:
    """The region worn apart (photo.notches), and whether a tile's area or more of it is in
    no part (a part of no shape at all is dropped; a tile's rim and wall are in none)."""
    parts = worn_apart(contour, size[0], corners_of)
    if not parts:
        return [], True
    areas = [corner_area(c) for c, *_ in parts]
    return parts, cv2.contourArea(contour) - sum(areas) > float(np.median(areas))


def _notched(image: np.ndarray, contour: np.ndarray, size: tuple) -> tuple[list, bool]:
    """The region cut at its notches (photo.notches): every part a tile, or none; none too
    if one part is two and a half times another or more (a set's tiles are one size: a
    block of tiles side by side is of a tile's shape too)."""
    tiles = notched_tiles(contour, image, shaped)
    areas = [corner_area(c) for c in tiles]
    if not tiles or max(areas) > 2.5 * min(areas):
        return [], True
    return [(c, False, size[0], False) for c in tiles], False


def _seamed(image: np.ndarray, contour: np.ndarray, size: tuple) -> tuple[list, bool]:
    """The region parted along its seams (photo.chains)."""
    tiles, left = seamed_tiles(contour, image, short_side(contour, *size), shaped, size[1])
    return [(c, False, size[0], False) for c in tiles], left


def _cells(image: np.ndarray, quad: np.ndarray | None, tiles: int = 0) -> list[np.ndarray]:
    """The tiles in a light rectangle: one, or a row or block of tiles laid touching, each the
    same size, with a dark line (their rims, a hair of table) all along every line between
    them. Of the grids whose lines show (all plainly, or most and all a little), the one whose
    tiles are nearest two to one; none for a rectangle no such grid divides. Told how many
    `tiles` it holds (from its area), the best grid of that many."""
    if quad is None:
        return []
    long = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[3] - quad[2])) / 2
    ratio = long / max(
        (np.linalg.norm(quad[2] - quad[1]) + np.linalg.norm(quad[0] - quad[3])) / 2, 1
    )
    grids = [
        (across, down)
        for across in range(1, MOST_TOUCHING + 1)
        for down in range(1, MOST_TOUCHING // across + 1)
        if tile_shaped(ratio * down / across)
        and (across * down == (tiles or across * down) or end_to_end(ratio, across, down, tiles))
    ]
    if not grids:
        return []
    size = (round(SEAM_H * ratio), SEAM_H)
    rect = np.float32([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]])
    warp = cv2.getPerspectiveTransform(quad.astype(np.float32), rect)
    ink = ink_of(cv2.warpPerspective(image, warp, size, flags=cv2.INTER_LINEAR))
    lines = line_darkness(ink)
    best = None
    for across, down in grids:
        xs, strengths_x, even_x = lines_at(lines[0], lines[2], across)
        ys, strengths_y, even_y = lines_at(lines[1], lines[3], down)
        strengths = strengths_x + strengths_y
        evens = even_x + even_y
        # Lines all seen between tiles, and not all faint.
        seen = bool(strengths) and np.mean(strengths) >= SEAM_INK
        # (or all plainly dark, and at most a third of them less even than a seam)
        odd = len(strengths) - sum(map(seam, strengths, evens))
        seen = seen and (not odd or (min(strengths) >= SEAM_INK and 3 * odd <= len(strengths)))
        # (and most tiles' own lines show across their middles: one tile's own line, dark
        # to its rim at both ends, and a row of its pips are no lines between tiles)
        seen = seen and own_lines(ink, xs, ys) >= 0.5
        strong = not strengths or min(strengths) >= SEAM_INK
        if not (seen or tiles or not strengths):
            continue
        # The tiles nearest two to one win; between as near, lines seen over none, lines all
        # plainly seen, then the most evenly dark, then more tiles.
        off = round(abs(abs(np.log(ratio * down / across)) - np.log(2)) * 20)
        # Told how many from the area, a row end to end whose tiles' own lines all show in
        # their middles first (the camera makes tiles near it larger than those apart).
        own = end_to_end(ratio, across, down, tiles) and middles(lines[0], across) >= 2 * SEAM_INK
        rank = (own, across * down == (tiles or across * down), -off, seen, strong)
        rank += (round(min(evens or [1.0]), 1), across * down)
        if best is None or rank > best[0]:
            best = (rank, across, down)
    if best is None:
        return []
    return placed_cells(image, quad, size, best[1], best[2])


def _crowded(image: np.ndarray, quad: np.ndarray, cells: list[np.ndarray]) -> list[np.ndarray]:
    """The tiles a region of tiles laid touching holds, when parted as `cells` one reads with
    more pips in a half than a half holds: of the grids of more tiles, the one whose faintest
    own line across a tile's middle is darkest, if at least half as dark as the faintest of
    the cells' (tiles side by side whose own lines meet in one; a region parted where no
    tile lies has lines through no tile's middle)."""
    if not any(tile.unsure for tile in read(image, cells)):
        return cells
    best, bar = cells, 0.5 * min(own_line(image, cell) for cell in cells)
    for tiles in range(len(cells) + 1, MOST_TOUCHING + 1):
        grid = _cells(image, quad, tiles=tiles)
        if len(grid) != tiles:
            continue
        faintest = min(own_line(image, cell) for cell in grid)
        if faintest > bar:
            best, bar = grid, faintest
    return best
