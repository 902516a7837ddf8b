"""The photo drawn back with what was counted: each tile outlined and numbered, each half's
count written on it, a cut tile crossed out; as a JPEG data address (nothing stored)."""

import base64

import cv2
import numpy as np

from scorekeeper.photo.counter import Count

# The drawing sent back is at most this wide on its long side: a phone's screen, not the photo.
LONGEST = 1000
COUNTED = (60, 200, 60)
CUT = (40, 40, 230)
INK = (255, 255, 255)


def overlay(image: np.ndarray, count: Count) -> str:
    scale = min(1.0, LONGEST / max(image.shape[:2]))
    if scale < 1:
        size = (round(image.shape[1] * scale), round(image.shape[0] * scale))
        image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
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
        _label(image, f"#{number}", tuple(corners[0]), colour, 0.5 * line)
        for (x, y), pips in zip(tile.labels, tile.halves, strict=True):
            _label(image, str(pips), (round(x * scale), round(y * scale)), colour, 0.6 * line)
    ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])
    assert ok
    return "data:image/jpeg;base64," + base64.b64encode(jpeg.tobytes()).decode("ascii")


def _label(image: np.ndarray, text: str, centre: tuple, colour: tuple, size: float) -> None:
    """Text centred on a point, on a box of the tile's colour so it reads on any pips."""
    font = cv2.FONT_HERSHEY_SIMPLEX
    thick = max(1, round(size * 1.6))
    (w, h), base = cv2.getTextSize(text, font, size, thick)
    x, y = centre[0] - w // 2, centre[1] + h // 2
    cv2.rectangle(image, (x - 3, y - h - 3), (x + w + 3, y + base), colour, -1)
    cv2.putText(image, text, (x, y), font, size, INK, thick, cv2.LINE_AA)
