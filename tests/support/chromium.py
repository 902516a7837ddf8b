"""Debian's Chromium as the browser tests and the Lighthouse bench start it (no Django here)."""

import os
import shutil

# Headless, and quiet: no first-run pages, no background downloads, no QUIC, no sync.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def executable() -> str | None:
    """CHROME_PATH, or Debian's chromium; None when neither is there."""
    path = os.environ.get("CHROME_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    return path if os.path.exists(path) else None
