"""Lighthouse (mobile) on a few pages, in Debian's Chromium, from bench/node_modules."""

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.support import chromium

BENCH = Path(__file__).resolve().parent
CLI = BENCH / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = ("performance", "accessibility", "best-practices")


def install() -> None:
    """Lighthouse at the version pinned in bench/package.json (and its lock); quick if there."""
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed for Lighthouse: install Node.js (Debian's nodejs, npm).")
    subprocess.run([npm, "install", "--no-audit", "--no-fund"], cwd=BENCH, check=True)


def chrome_path() -> str:
    path = chromium.executable()
    if path is None:
        raise RuntimeError("Chromium not found: install Debian's 'chromium' or set CHROME_PATH.")
    return path


def audit(url: str, runs: int = 3) -> dict:
    """The median run by performance score (Lighthouse's own advice), out of `runs`."""
    results = []
    for _ in range(runs):
        for attempt in range(3):
            try:
                results.append(audit_once(url))
                break
            except LighthouseFlake as flake:
                # Lighthouse 12 on this Chromium now and then loses the trace (NO_NAVSTART).
                if attempt == 2:
                    raise RuntimeError(f"Lighthouse failed three times on {url}: {flake}") from None
    results.sort(key=lambda result: result["scores"]["performance"] or 0)
    median = results[len(results) // 2]
    median["performance_runs"] = [result["scores"]["performance"] for result in results]
    return median


class LighthouseFlake(Exception):
    pass


def audit_once(url: str) -> dict:
    """Scores (0-100) of each category and the audits that keep a category below 100."""
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        report = Path(tmp) / "report.json"
        profile = Path(tmp) / "profile"
        flags = [*chromium.FLAGS, f"--user-data-dir={profile}"]
        done = subprocess.run(
            [
                shutil.which("node") or "node",
                str(CLI),
                url,
                "--quiet",
                "--output=json",
                f"--output-path={report}",
                "--form-factor=mobile",
                f"--only-categories={','.join(CATEGORIES)}",
                f"--chrome-flags={' '.join(flags)}",
            ],
            env={**os.environ, "CHROME_PATH": chrome_path()},
            capture_output=True,
            text=True,
            timeout=240,
        )
        if not report.exists():
            raise LighthouseFlake(done.stderr.strip().splitlines()[-1:] or done.returncode)
        data = json.loads(report.read_text())
    if data.get("runtimeError"):
        raise LighthouseFlake(data["runtimeError"].get("code"))
    scores = {}
    failing = {}
    for name in CATEGORIES:
        category = data["categories"][name]
        score = category["score"]
        scores[name] = None if score is None else round(score * 100)
        misses = []
        for ref in category["auditRefs"]:
            found = data["audits"][ref["id"]]
            if ref.get("weight", 0) and found.get("score") is not None and found["score"] < 1:
                misses.append(
                    {
                        "id": ref["id"],
                        "title": found["title"],
                        "score": found["score"],
                        "display": found.get("displayValue", ""),
                    }
                )
        failing[name] = misses
    metrics = {
        key: data["audits"][key].get("numericValue")
        for key in (
            "first-contentful-paint",
            "largest-contentful-paint",
            "total-blocking-time",
            "cumulative-layout-shift",
            "speed-index",
            "total-byte-weight",
        )
        if key in data["audits"]
    }
    return {"url": url, "scores": scores, "failing": failing, "metrics": metrics}
