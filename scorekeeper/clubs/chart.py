"""A player's rating over their rated matches as chart geometry, drawn by the server (as the
race chart in story.py): an SVG polyline the page scales to its width, no JavaScript."""

WIDTH, HEIGHT = 320, 160
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 20
LABEL_GAP = 12  # px between two labels on the left


def rating_chart(ratings: list[float]) -> dict:
    """The line through each rating after a match (starting from 0, a new player's), with the
    zero line and the highest and lowest marked."""
    values = [0.0, *ratings]
    high, low = max(*values, 1.0), min(*values, 0.0)
    steps = len(values) - 1 or 1

    def x(step: int) -> float:
        return round(LEFT + (WIDTH - LEFT - RIGHT) * step / steps, 1)

    def y(value: float) -> float:
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low), 1)

    points = " ".join(f"{x(step)},{y(value)}" for step, value in enumerate(values))
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "points": points,
        "zero_y": y(0),
        "high": round(high, 1),
        "high_y": y(high),
        "low": round(low, 1),
        "low_y": y(low),
        # Its own label only when below zero and clear of the zero line's.
        "shows_low": y(low) - y(0) >= LABEL_GAP,
        "end_x": x(steps),
        "end_y": y(values[-1]),
        "matches": len(ratings),
    }
