"""Reads driven by wrk (Debian's `wrk`): a maintained load generator written in C, so the read
phases measure the server rather than a Python client on the same cores."""

import math
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

# Each wrk thread walks the phones' paths in turn, sending what a phone's browser sends.
SCRIPT = """
local paths, cookies = {}, {}
for line in io.lines("%(paths)s") do
  local path, cookie = line:match("^([^\t]*)\t?(.*)$")
  paths[#paths + 1] = path
  cookies[#cookies + 1] = cookie
end
local next_path = 0
request = function()
  next_path = next_path %% #paths + 1
  local headers = {["Accept-Encoding"] = "%(encoding)s"}
  if cookies[next_path] ~= "" then headers["Cookie"] = cookies[next_path] end
  return wrk.format("GET", paths[next_path], headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %%d %%d %%d %%d %%d %%d\\n", summary.requests,
    e.connect + e.read + e.write + e.timeout, e.status, latency:percentile(50),
    latency:percentile(99), summary.duration))
end
"""
RESULT = re.compile(r"^RESULT (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)$", re.MULTILINE)


def available() -> str | None:
    return shutil.which("wrk")


def duration(seconds: float) -> str:
    """`seconds` as wrk's --duration: wrk reads whole seconds only ("1.5s" is refused), so a
    fraction is rounded up, to at least 1."""
    return f"{max(1, math.ceil(seconds))}s"


def run(url_base: str, paths: list[str], seconds: float, connections: int, encoding: str) -> dict:
    """GET `paths` round robin for `seconds` over `connections` connections (2 threads).

    A path may carry the phone's cookies after a tab ("path\tname=value; ..."): sent with it,
    as the phone's browser sends them."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-wrk-") as tmp:
        listing = Path(tmp) / "paths.txt"
        listing.write_text("\n".join(paths) + "\n")
        script = Path(tmp) / "paths.lua"
        script.write_text(SCRIPT % {"paths": listing, "encoding": encoding})
        done = subprocess.run(
            [
                "wrk",
                "--threads",
                "2",
                "--connections",
                str(connections),
                "--duration",
                duration(seconds),
                "--timeout",
                "10s",
                "--script",
                str(script),
                url_base,
            ],
            capture_output=True,
            text=True,
            timeout=seconds + 60,
            check=True,
        )
    found = RESULT.search(done.stdout)
    if not found:
        raise RuntimeError(f"wrk printed no result:\n{done.stdout}\n{done.stderr}")
    requests, socket_errors, status_errors, p50_us, p99_us, duration_us = map(int, found.groups())
    elapsed = duration_us / 1e6
    return {
        "requests": requests,
        "errors": socket_errors + status_errors,
        "first_error": f"{socket_errors} socket errors, {status_errors} non-2xx/3xx"
        if socket_errors + status_errors
        else "",
        "rps": requests / elapsed,
        "p50_ms": p50_us / 1000,
        "p99_ms": p99_us / 1000,
        "rematches": 0,
        "client": "wrk",
    }
