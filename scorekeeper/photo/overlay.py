"""The photo drawn back with what was counted: each tile outlined and numbered, each half's
count written on it, a cut tile crossed out, a half read above the most of the table's set
written in the cut colour with a "?" for the player to look at; as a JPEG data address (nothing
stored)."""

import base64

import cv2
import numpy as np

from scorekeeper.photo.counter import Count
from scorekeeper.photo.reading import MOST_PIPS

# The drawing sent back is at most this wide on its long side: a phone's screen, not the photo.
LONGEST = 1000
COUNTED = (60, 200, 60)
CUT = (40, 40, 230)
INK = (255, 255, 255)
# How tall, in pixels, the font's digits are at scale 1.
TEXT_HEIGHT = 24


def drawn_size(image: np.ndarray) -> tuple[int, int]:
    """The drawing's width and height (the page keeps its room before it has loaded)."""
    scale = min(1.0, LONGEST / max(image.shape[:2]))
    return round(image.shape[1] * scale), round(image.shape[0] * scale)


def overlay(image: np.ndarray, count: Count, most: int = MOST_PIPS) -> str:
    """`most`: the most pips a half of the table's set holds."""
    scale = min(1.0, LONGEST / max(image.shape[:2]))
    if scale < 1:
        image = cv2.resize(image, drawn_size(image), interpolation=cv2.INTER_AREA)
    else:
        image = image.copy()
    line = max(2, round(max(image.shape[:2]) / 400))
    for number, tile in enumerate(count.tiles, start=1):
        corners = (np.array(tile.corners, np.float32) * scale).round().astype(np.int32)
        colour = CUT if tile.cut else COUNTED
        cv2.polylines(image, [corners], True, colour, line, cv2.LINE_AA)
        if tile.cut:
            cv2.line(image, tuple(corners[0]), tuple(corners[2]), CUT, line, cv2.LINE_AA)
            cv2.line(image, tuple(corners[1]), tuple(corners[3]), CUT, line, cv2.LINE_AA)
            continue
        size = _text_size(corners, max(image.shape[:2]))
        # The tile's number on its line, between its halves' counts (at a corner it ran into
        # the next tile's number where tiles lie close).
        middle = tuple(np.round(corners.mean(axis=0)).astype(int))
        _label(image, f"#{number}", middle, colour, 0.6 * size)
        for (x, y), pips in zip(tile.labels, tile.halves, strict=True):
            text, ink = (f"{pips}?", CUT) if pips > most else (str(pips), colour)
            _label(image, text, (round(x * scale), round(y * scale)), ink, size)
    ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])
    assert ok
    return "data:image/jpeg;base64," + base64.b64encode(jpeg.tobytes()).decode("ascii")


def _text_size(corners: np.ndarray, longest: int) -> float:
    """The font scale for a tile's counts: a little under half the tile's width, so a count sits
    inside its half, but never so small that it cannot be read on a phone held at arm's length
    (the drawing is shown about 340 px wide)."""
    sides = np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1)
    height = min(max(0.42 * sides.min(), longest / 32), longest / 14)
    return height / TEXT_HEIGHT


def _label(image: np.ndarray, text: str, centre: tuple, colour: tuple, size: float) -> None:
    """Text centred on a point, on a box of the tile's colour so it reads on any pips."""
    font = cv2.FONT_HERSHEY_SIMPLEX
    thick = max(1, round(size * 1.6))
    (w, h), base = cv2.getTextSize(text, font, size, thick)
    x, y = centre[0] - w // 2, centre[1] + h // 2
    top, bottom = (max(0, x - 3), max(0, y - h - 3)), (x + w + 3, y + base)
    box = image[top[1] : bottom[1], top[0] : bottom[0]]
    # A darker shade of the outline's colour, so white digits read in sunlight; the pips beneath
    # still show through, so the table can check the count against them.
    box[:] = (0.25 * box + 0.75 * np.array(colour) * 0.6).astype(np.uint8)
    cv2.putText(image, text, (x, y), font, size, INK, thick, cv2.LINE_AA)
