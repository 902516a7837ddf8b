"""What a phone downloads: the first visit to a scoreboard, and one hand save's swap."""

import gzip
import html as markup
import json
import re
from urllib.parse import urljoin, urlsplit

import brotli
from harness import Phone, Reply

ACCEPT = {"Accept-Encoding": "gzip, br"}
# What a page references: stylesheets, icons, scripts, images; then what CSS pulls in.
HTML_ASSETS = re.compile(
    r"""<(?:link|script|img|source)\b[^>]*?\b(?:href|src)=["']([^"'#]+)["']""", re.IGNORECASE
)
CSS_ASSETS = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)|@import\s+["']([^"']+)["']""")
# A script module's imports: static ones (`import "./a.js";`, `import {x} from "./a.js";`) load
# with the page; dynamic ones (`import("./a.js")`) when the page asks for them, after its load.
JS_STATIC_IMPORTS = re.compile(r"""(?:\bfrom\s*|\bimport\s*)["']((?:\.{1,2})?/[^"']+)["']""")
JS_DYNAMIC_IMPORTS = re.compile(r"""\bimport\s*\(\s*["']((?:\.{1,2})?/[^"']+)["']\s*\)""")


def gzipped(body: bytes) -> int:
    """What a proxy compressing on the fly would send (gzip level 6, nginx's usual setting)."""
    return len(gzip.compress(body, compresslevel=6, mtime=0))


def brotlied(body: bytes) -> int:
    return len(brotli.compress(body, quality=5))


def sizes(response: Reply, raw: bytes) -> dict:
    """A response as served (body and headers), and its body as a compressing proxy sends it."""
    return {
        "status": response.status,
        "encoding": response.header("Content-Encoding") or "identity",
        "served_bytes": len(response.body),
        "header_bytes": response.header_bytes,
        "raw_bytes": len(raw),
        "gzip_bytes": gzipped(raw),
        "br_bytes": brotlied(raw),
    }


def entry(path: str, response: Reply, raw: bytes) -> dict:
    kind = (response.header("Content-Type") or "").split(";")[0]
    return {"path": path, "type": kind, **sizes(response, raw), "headers": response.headers}


def local(base: str, path: str, ref: str) -> str | None:
    """A reference in the file at path, as a path on this site (None for another site's)."""
    url = urlsplit(urljoin(base + path, ref))
    if url.netloc != urlsplit(base).netloc:
        return None
    return url.path + (f"?{url.query}" if url.query else "")


def first_visit(host: str, port: int, page: str) -> dict:
    """The page and everything it references, fetched as a phone with an empty cache would."""
    phone = Phone((host, port), keep_alive=True)
    base = f"http://{host}:{port}"
    seen: set[str] = set()
    files = []
    later: list[str] = []  # the modules the scripts import dynamically
    queue = [page]
    while queue:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        response = phone.get(path, headers=ACCEPT)
        if response.status != 200:
            raise RuntimeError(f"GET {path}: {response.status}")
        raw = response.content
        files.append(entry(path, response, raw))
        kind = files[-1]["type"]
        found: list[str] = []
        if kind == "text/html":
            found = HTML_ASSETS.findall(raw.decode())
        elif kind == "text/css":
            found = [a or b for a, b in CSS_ASSETS.findall(raw.decode())]
        elif kind == "text/javascript":
            found = JS_STATIC_IMPORTS.findall(raw.decode())
            later += [local(base, path, ref) for ref in JS_DYNAMIC_IMPORTS.findall(raw.decode())]
        for ref in found:
            if ref.startswith("data:"):
                continue
            url = local(base, path, ref)
            if url:
                queue.append(url)
    html = files[0]
    assets = files[1:]
    served = sum(f["served_bytes"] for f in files)
    headers = sum(f["header_bytes"] for f in files)
    # If a proxy compressed the HTML as well: the HTML gzipped, the assets as served.
    proxied = html["gzip_bytes"] + sum(f["served_bytes"] for f in assets)
    return {
        "page": page,
        "files": files,
        "imported_later": [url for url in dict.fromkeys(later) if url and url not in seen],
        "html_compressed_by_server": html["encoding"] != "identity",
        "served_bytes": served,
        "header_bytes": headers,
        "served_with_headers": served + headers,
        "html_gzip_by_proxy_bytes": proxied,
        "html_gzip_by_proxy_with_headers": proxied + headers,
    }


SERVICE_WORKER = re.compile(r"""data-service-worker=["']([^"']+)["']""")
SHELL = re.compile(r"const SHELL_URLS = (\[[^\]]*\]);")
HAND_FORMS = re.compile(r"""hx-get=["']([^"']*[?&]part=entry[^"']*)["']""")


def kept_for_no_signal(host: str, port: int, first: dict) -> dict:
    """What the first visit goes on to download once the page has loaded: the script modules
    imported dynamically (main.js asks for each when its element is on the page), the service
    worker (offline.js registers it), the shell it keeps that the page did not fetch (the
    no-signal page, the modules this page did not ask for), the page again (its visit came
    before the worker, which fetches it to keep a copy as it takes the page over), and the hand
    form of every seat, which the page asks it to keep so that a hand can be entered without
    signal. Static files it keeps come from the browser's cache."""
    phone = Phone((host, port), keep_alive=True)
    page = first["page"]
    html = phone.get(page, headers=ACCEPT).content.decode()
    fetched = {f["path"] for f in first["files"]}
    files = []
    for path in first.get("imported_later", []):
        if path not in fetched:
            fetched.add(path)
            response = phone.get(path, headers=ACCEPT)
            files.append(entry(path, response, response.content))
    found = SERVICE_WORKER.search(html)
    if found:
        worker = markup.unescape(found.group(1))
        response = phone.get(worker, headers=ACCEPT)
        files.append(entry(worker, response, response.content))
        shell = SHELL.search(response.content.decode())
        for path in json.loads(shell.group(1)) if shell else []:
            if path not in fetched:
                fetched.add(path)
                response = phone.get(path, headers=ACCEPT)
                files.append(entry(path, response, response.content))
        response = phone.get(page, headers=ACCEPT)
        files.append(entry(page, response, response.content))
    for path in dict.fromkeys(markup.unescape(url) for url in HAND_FORMS.findall(html)):
        response = phone.get(path, headers=ACCEPT | {"HX-Request": "true"})
        files.append(entry(path, response, response.content))
    for f in files:
        if f["status"] != 200:
            raise RuntimeError(f"GET {f['path']}: {f['status']}")
    served = sum(f["served_bytes"] for f in files)
    headers = sum(f["header_bytes"] for f in files)
    return {
        "files": files,
        "served_bytes": served,
        "header_bytes": headers,
        "served_with_headers": served + headers,
    }


def swap(response: Reply) -> dict:
    """One hand save's #play swap as served, and as a compressing proxy would send it."""
    return sizes(response, response.content)
