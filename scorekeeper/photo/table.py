"""The tiles' faces told from the table in a photo: where it is light and greyish, lighter
than most of the photo or than the table around it; or, for tiles of colour (black, pink
plastic), of one even colour apart from the table's, and their pips as what lies far from
the face's own colour (OpenCV and numpy only, no Django)."""

import cv2
import numpy as np

from scorekeeper.photo.channels import brightest

# A face of colour stands this far at least from the table's colour (in its most different
# channel); a flattened tile is a coloured face when its median's hue is above COLOURED, or a
# dark face when its median is below DARK times its lightest pixels (white pips on black).
COLOUR_APART, COLOURED, DARK = 24, 0.45, 0.35
# The table's grain lies within GRAIN times its median distance from the table's colour.
GRAIN = 4
# A face's own colour lies within this of its median, in every channel.
EVEN = 55
# A pip of a face of colour stands this far from the face; a region filling SOLID of its
# convex hull is a tile or a row of them, notched by pips on its rim.
PIP_APART, SOLID = 60, 0.9


def light_mask(light: np.ndarray | None, greyish: np.ndarray) -> np.ndarray:
    """Where the photo is light and greyish (a tile's face), pips and dividing line filled."""
    if light is None:
        return np.zeros(greyish.shape, np.uint8)  # one table, no light faces on it
    size = max(3, round(max(light.shape) / 300)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    mask = cv2.morphologyEx((light & greyish).astype(np.uint8) * 255, cv2.MORPH_OPEN, kernel)
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel)


def light_regions(mask: np.ndarray) -> int:
    """How many regions of a light mask are a tile's size or more (the least a tile found in it
    takes of the photo)."""
    _, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    return int((stats[1:, cv2.CC_STAT_AREA] >= 0.0012 * mask.size).sum())


def unread_regions(mask: np.ndarray, outlines: list) -> int:
    """How many regions of a light mask a tile's size or more (the least a tile found in it
    takes of the photo) lie outside every tile found (`outlines`: their corners first): a
    tile in shade, lighter than the table round it but not as light as the others."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    large = stats[:, cv2.CC_STAT_AREA] >= 0.0012 * mask.size
    read = np.zeros(mask.shape, np.uint8)
    for corners, *_ in outlines:
        cv2.fillConvexPoly(read, np.round(corners).astype(np.int32), 1)
    large[np.unique(labels[read > 0])] = False
    large[0] = False
    return int(large.sum())


def lighter(whiteness: np.ndarray, apart: float) -> np.ndarray | None:
    """The lighter of the photo's two kinds of pixel, if they lie `apart` or more."""
    level, _ = cv2.threshold(whiteness, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    light = whiteness > level
    if not light.any() or light.all() or whiteness[light].mean() - whiteness[~light].mean() < apart:
        return None
    return light


def above_table(whiteness: np.ndarray) -> np.ndarray:
    """How much lighter each pixel is than the table around it: the table is what is left of
    the photo (at a quarter of its size) when everything narrower than a row of tiles is worn
    away."""
    height, width = whiteness.shape
    small = cv2.resize(whiteness, (width // 4, height // 4), interpolation=cv2.INTER_AREA)
    reach = max(15, max(small.shape) // 5) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach))
    table = cv2.blur(cv2.morphologyEx(small, cv2.MORPH_OPEN, kernel), (reach // 2, reach // 2))
    table = cv2.resize(table, (width, height), interpolation=cv2.INTER_LINEAR)
    return cv2.subtract(whiteness, table)


def halves_joined(mask: np.ndarray) -> np.ndarray:
    """The mask with a tile's two halves one region again where its line, meeting its darker
    rim at both ends, parted them: regions as wide as long (a half) closed among themselves,
    over a little more than a line's width."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    smallest = 0.0005 * mask.size
    squares = [c for c in contours if cv2.contourArea(c) > smallest and _square(c)]
    if len(squares) < 2:
        return mask
    alone = np.zeros_like(mask)
    cv2.drawContours(alone, squares, -1, 255, -1)
    size = max(5, round(max(mask.shape) / 150)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    return mask | cv2.morphologyEx(alone, cv2.MORPH_CLOSE, kernel)


def _square(contour: np.ndarray) -> bool:
    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    return 0.7 * h <= w <= h / 0.7


def colour_mask(image: np.ndarray) -> np.ndarray:
    """Where the photo's colour stands apart from the table around it, darker, lighter or of
    another hue (a black face, a pink or a yellow one): each pixel against the table's colour
    there, apart by more than Otsu's level of that distance and COLOUR_APART. The table's
    colour is the photo's median over a patch wider than a tile (at a quarter of its size),
    then the mean over a wider one of what that left as table (a block of tiles is no table)."""
    height, width = image.shape[:2]
    smooth = cv2.GaussianBlur(image, (5, 5), 0)
    small = cv2.resize(smooth, (width // 4, height // 4), interpolation=cv2.INTER_AREA)
    reach = max(15, max(small.shape[:2]) // 5) | 1
    table = cv2.medianBlur(small, reach)
    grown = cv2.dilate(_apart(small, table), np.ones((5, 5), np.uint8))
    bare = (grown == 0).astype(np.float32)
    if bare.mean() > 0.3:
        spread = (2 * reach + 1, 2 * reach + 1)
        weight = cv2.blur(bare, spread)[..., None]
        mean = cv2.blur(small.astype(np.float32) * bare[..., None], spread)
        table = np.where(weight > 0.05, mean / np.maximum(weight, 1e-3), table).astype(np.uint8)
    mask = _apart(smooth, cv2.resize(table, (width, height)))
    size = max(3, round(max(width, height) / 300)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    return _even(smooth, cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel))


def _even(image: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Each region of the mask a tile's size or more cut down to its own colour (within EVEN
    of its median, in every channel: a face is of one colour, a patch of sheen on the table
    beside it is not), its holes filled (pips), cleared of what is narrower than a pip (the
    sheen's specks), then closed alone and its notches filled (a pip on its rim)."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    size = max(5, round(max(mask.shape) / 160)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    kept = np.zeros_like(mask)
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        if area < 0.0012 * mask.size:
            continue
        region = labels[y : y + h, x : x + w] == label
        patch = image[y : y + h, x : x + w]
        face = np.median(patch[region], axis=0)
        near = brightest(cv2.absdiff(patch, np.full_like(patch, face))) < EVEN
        alone = cv2.copyMakeBorder((region & near).astype(np.uint8) * 255, *[size] * 4, 0)
        outlines, _ = cv2.findContours(alone, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cv2.drawContours(alone, outlines, -1, 255, -1)  # its pips and line filled
        alone = cv2.morphologyEx(alone, cv2.MORPH_OPEN, kernel)
        alone = cv2.morphologyEx(alone, cv2.MORPH_CLOSE, kernel)[size:-size, size:-size]
        kept[y : y + h, x : x + w] |= _notches_filled(alone)
    return kept


def _notches_filled(region: np.ndarray) -> np.ndarray:
    """A region nearly convex (a tile, a row of tiles) made its convex hull: a pip on a face's
    rim, far from the face's colour, leaves a notch in it."""
    outlines, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for outline in outlines:
        hull = cv2.convexHull(outline)
        if cv2.contourArea(outline) >= SOLID * cv2.contourArea(hull):
            cv2.drawContours(region, [hull], -1, 255, -1)
    return region


def _apart(image: np.ndarray, table: np.ndarray) -> np.ndarray:
    """Where `image` lies further from `table` (in its most different channel) than Otsu's
    level of that distance or, if less, GRAIN times its median (white pips on a black face
    far from a green table put Otsu's level between pips and face), and COLOUR_APART."""
    apart = brightest(cv2.absdiff(image, table))
    level, _ = cv2.threshold(apart, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    level = min(level, GRAIN * float(np.median(apart)))
    return (apart > max(level, COLOUR_APART)).astype(np.uint8) * 255


def coloured(flat: np.ndarray) -> bool:
    """Whether a flattened tile's face is of a colour (pink, blue) or dark with lighter pips
    (black)."""
    return of_colour(flat[8:-8, 8:-8].reshape(-1, 3))


def of_colour(pixels: np.ndarray) -> bool:
    """Whether a face's pixels are of a colour: their median far from grey (more than skin),
    or far darker than their lightest (white pips on black)."""
    face = np.median(pixels, axis=0)
    value = pixels.max(axis=1)
    hue = (face.max() - face.min()) / (face.max() + 1.0)
    return bool(hue > COLOURED or face.max() < DARK * np.percentile(value, 99))


def coloured_outlines(image: np.ndarray, found: tuple[list, int]) -> tuple[list, int]:
    """The outlines found (corners, cut, alone) whose face is of a colour (what else the
    colour mask finds, the table's sheen, a pale tile, is for the other masks to find), and
    none unread (a region of colour of no tile's shape is the table's own pattern, mostly)."""
    outlines, _ = found
    kept = []
    for outline in outlines:
        x, y, w, h = cv2.boundingRect(outline[0].astype(np.float32))
        x, y = max(x, 0), max(y, 0)
        inside = np.zeros((h, w), np.uint8)
        cv2.fillPoly(inside, [np.int32(outline[0] - (x, y))], 255)
        pixels = image[y : y + h, x : x + w][inside[: image.shape[0] - y, : image.shape[1] - x] > 0]
        kept += [outline] if len(pixels) and of_colour(pixels) else []
    return kept, 0


def tinted_ink(flat: np.ndarray, over: bool = False) -> np.ndarray | None:
    """On a flattened face of colour, how far each pixel lies from the face's colour (with
    `over`, from both the face's and its pips': what lies over the tile); None on a pale
    face."""
    if not coloured(flat):
        return None
    return off_face_and_pips(flat) if over else off_colour(flat)


def off_colour(flat: np.ndarray) -> np.ndarray:
    """How far each pixel of a face of colour lies from the face's own colour nearby (its
    median over half a tile), in the channel it differs most: a pip, its line, darker or
    lighter or of another hue."""
    face = cv2.medianBlur(flat, 61)
    return brightest(cv2.absdiff(flat, face))


def off_face_and_pips(flat: np.ndarray) -> np.ndarray:
    """How far each pixel of a face of colour lies from both the face's own colour and its
    pips' (the median of what stands PIP_APART from the face well inside its edge): what lies
    over the tile (a finger) shows, a pip near its rim does not."""
    apart = off_colour(flat)
    inner = flat[16:-16, 16:-16][apart[16:-16, 16:-16] > PIP_APART]
    if len(inner) == 0:
        return apart
    pip = np.median(inner, axis=0).astype(np.int16)
    from_pip = brightest(np.abs(flat.astype(np.int16) - pip)).astype(np.uint8)
    return np.minimum(apart, from_pip)
