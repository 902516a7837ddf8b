"""A tiny phone over stdlib http.client: cookies kept by hand, CSRF token sent as a header."""

import gzip
import http.client
import re
import time
from dataclasses import dataclass
from urllib.parse import urlencode

# The production CSRF and session cookies are Secure; over plain http to 127.0.0.1 a real
# cookie jar would drop them, so Set-Cookie is read here by hand.
EXPIRED = re.compile(r";\s*max-age=0\b|;\s*expires=Thu, 01 Jan 1970", re.IGNORECASE)


@dataclass
class Response:
    status: int
    headers: list[tuple[str, str]]
    body: bytes
    seconds: float

    def header(self, name: str) -> str | None:
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    @property
    def header_bytes(self) -> int:
        """The status line and headers as they crossed the wire (HTTP/1.1)."""
        lines = [f"HTTP/1.1 {self.status} XX"] + [f"{k}: {v}" for k, v in self.headers]
        return len("\r\n".join(lines).encode("latin-1")) + 4

    @property
    def content(self) -> bytes:
        """The body with its Content-Encoding undone."""
        encoding = (self.header("Content-Encoding") or "").lower()
        if encoding == "gzip":
            return gzip.decompress(self.body)
        if encoding == "br":
            import brotli  # a runtime dependency of the app (whitenoise's .br files)

            return brotli.decompress(self.body)
        return self.body

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "replace")


class Phone:
    """One browser: its own cookies, one connection at a time."""

    def __init__(
        self, host: str, port: int, timeout: float = 30.0, headers: dict | None = None
    ) -> None:
        self.host, self.port, self.timeout = host, port, timeout
        self.headers = headers or {}
        self.cookies: dict[str, str] = {}
        self.conn: http.client.HTTPConnection | None = None

    @property
    def csrf_token(self) -> str:
        return self.cookies.get("csrftoken", "")

    def request(
        self,
        method: str,
        path: str,
        data: dict | None = None,
        headers: dict | None = None,
        cookies: bool = True,
    ) -> Response:
        sent = {"Host": f"{self.host}:{self.port}", "User-Agent": "scorekeeper-bench"}
        sent.update(self.headers)
        if cookies and self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urlencode(data, doseq=True).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        if method == "POST":
            sent["X-CSRFToken"] = self.csrf_token
        sent.update(headers or {})
        start = time.perf_counter()
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self.conn.request(method, path, body=body, headers=sent)
                raw = self.conn.getresponse()
                payload = raw.read()
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                # A kept-alive connection the server had already closed: reconnect once.
                self.close()
                if attempt == 2:
                    raise
        seconds = time.perf_counter() - start
        response = Response(raw.status, raw.getheaders(), payload, seconds)
        if raw.will_close:
            self.close()
        if cookies:
            self._keep_cookies(raw.msg.get_all("Set-Cookie") or [])
        return response

    def get(self, path: str, **kwargs) -> Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, data: dict, **kwargs) -> Response:
        return self.request("POST", path, data=data, **kwargs)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def _keep_cookies(self, set_cookies: list[str]) -> None:
        for line in set_cookies:
            name, _, rest = line.partition("=")
            value = rest.split(";", 1)[0].strip()
            if EXPIRED.search(line) or not value:
                self.cookies.pop(name.strip(), None)
            else:
                self.cookies[name.strip()] = value
