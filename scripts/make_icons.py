"""Draw the home-screen icons (PNG) from static/icon.svg with Chromium; run after changing it.

.venv/bin/python scripts/make_icons.py  writes static/icon-192.png, icon-512.png and
icon-maskable-512.png (the tile on a full square, inside the safe circle a launcher may crop),
then makes them small: 16 colours (pngquant; the tile has two, plus their antialiased edges)
and the best deflate (zopflipng), both Debian packages (`apt-get install pngquant zopfli`).
The 192 px icon goes from 3.5 KB to under 1 KB, and it is part of every first visit.
"""

import os
import shutil
import subprocess
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "static"
PAGE = """<!doctype html><html><body style="margin:0;background:{background}">
<div style="width:{size}px;height:{size}px;display:flex;align-items:center;justify-content:center">
<img src="data:image/svg+xml;base64,{svg}" style="width:{inner}px;height:{inner}px"></div>
</body></html>"""


def main() -> None:
    import base64

    svg = base64.b64encode((STATIC / "icon.svg").read_bytes()).decode()
    chromium = os.environ.get("CHROME_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    icons = [
        ("icon-192.png", 192, 192, "transparent"),
        ("icon-512.png", 512, 512, "transparent"),
        ("icon-maskable-512.png", 512, 300, "#f4f1ea"),
    ]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for name, size, inner, background in icons:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(PAGE.format(background=background, size=size, inner=inner, svg=svg))
            page.screenshot(path=str(STATIC / name), omit_background=background == "transparent")
            page.close()
        browser.close()
    for name, *_ in icons:
        shrink(STATIC / name)


def shrink(path: Path) -> None:
    """16 colours and the best deflate, in place; a no-op without the tools (the icon stays
    correct, only larger)."""
    if not (shutil.which("pngquant") and shutil.which("zopflipng")):
        print("pngquant or zopflipng missing (apt-get install pngquant zopfli): left as drawn")
        return
    subprocess.run(
        ["pngquant", "--force", "--speed", "1", "--strip", "--output", str(path), "16", str(path)],
        check=True,
    )
    subprocess.run(["zopflipng", "-y", "-m", str(path), str(path)], check=True, capture_output=True)


if __name__ == "__main__":
    main()
