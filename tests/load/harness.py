"""The one load harness of the bench and the load tests: the production site, gunicorn (one
server, or two behind nginx), and phones over HTTP.

Used by tests/load/ (through loadlib) and by bench/ (which puts tests/load on sys.path).
"""

from __future__ import annotations

import gzip
import http.client
import os
import secrets
import shutil
import signal
import socket
import string
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
BENCH_DIR = BASE_DIR / "bench"  # bench_urls: the app's routes and the bench's yardsticks
HOST = "127.0.0.1"
APP_SERVERS = 2
# Refused, reset or cut off mid-answer: the outcome of the request is unknown.
DISCONNECTS = (OSError, http.client.HTTPException)
# What a proxy answers when no server behind it could: the request may be sent again.
GATEWAY_ERRORS = (502, 503, 504)
# The answer to a hand whose token was stored before (English, the phones' language).
REPEAT_TEXT = "it had arrived before, and counts once"


# --- The server -------------------------------------------------------------------------------


def random_secret_key() -> str:
    return "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(50))


def free_port() -> int:
    with closing(socket.socket()) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def temp_dir(prefix: str) -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@dataclass
class Site:
    """Production settings for the server: collected static files in a dir of our own."""

    directory: Path
    secret_key: str = field(default_factory=random_secret_key)
    # Two app servers behind nginx (make loadtest-scaled), instead of one server.
    scaled: bool = False
    # More settings for this run (the bench's table limit, for one).
    extra: dict[str, str] = field(default_factory=dict)

    def env(self, database_url: str) -> dict[str, str]:
        dropped = {"DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL"}
        environ = {key: value for key, value in os.environ.items() if key not in dropped}
        environ.update(
            DEBUG="0",
            SECRET_KEY=self.secret_key,
            ALLOWED_HOSTS="127.0.0.1",
            SECURE_SSL_REDIRECT="0",
            DATABASE_URL=database_url,
            # The project's settings with STATIC_ROOT moved here, so that parallel runs never
            # rewrite each other's (or the checkout's) manifest under a live server.
            DJANGO_SETTINGS_MODULE="scorekeeper_loadtest_settings",
            PYTHONPATH=os.pathsep.join([str(self.directory), str(BASE_DIR), str(BENCH_DIR)]),
            LOADTEST_STATIC_ROOT=str(self.directory / "static"),
            LOG_LEVEL="ERROR",
            # Behind nginx the client's address is the one nginx appends to X-Forwarded-For.
            TRUSTED_PROXY_COUNT="1" if self.scaled else "0",
            # Two servers share the page cache through their database; one keeps it in files.
            CACHE="db" if self.scaled else "file",
            CACHE_DIR=str(self.directory / "cache"),
        )
        environ.update(self.extra)
        return environ

    def manage(self, database_url: str, *args: str, timeout: float = 180) -> None:
        self.python(database_url, "manage.py", *args, timeout=timeout)

    def python(self, database_url: str, *args: str, timeout: float = 180) -> None:
        """Python with `args` (a script or -m module, and its arguments), from the checkout's
        root, on this site's settings and database."""
        result = subprocess.run(
            [sys.executable, *args],
            cwd=BASE_DIR,
            env=self.env(database_url),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert result.returncode == 0, f"{args}:\n{result.stdout}{result.stderr}"


@contextmanager
def collected_site(scaled: bool = False, yardsticks: bool = False, **extra: str) -> Iterator[Site]:
    """The site with its static files collected; `yardsticks`: the bench's own views too."""
    with temp_dir("scorekeeper-load-site-") as directory:
        (directory / "scorekeeper_loadtest_settings.py").write_text(
            "import os\n\n"
            "from scorekeeper.settings import *  # noqa: F403\n\n"
            'STATIC_ROOT = os.environ["LOADTEST_STATIC_ROOT"]\n'
            + ('ROOT_URLCONF = "bench_urls"\n' if yardsticks else "")
        )
        site = Site(directory, scaled=scaled, extra=extra)
        site.manage(f"sqlite:///{directory / 'unused.sqlite3'}", "collectstatic", "--noinput")
        yield site


def group_alive(pgid: int) -> list[int]:
    """Processes of the group that still run (zombies waiting for a reaper do not count)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(stat.parent.name))
    return alive


def wait_until_healthy(
    process: subprocess.Popen,
    address: tuple[str, int],
    timeout: float,
    what: str,
    log: Callable[[], str],
) -> None:
    """Until `/healthz` answers 200 at `address`; a process that exits first fails with its log."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"{what} exited early:\n{log()}")
        try:
            if Phone(address).get("/healthz").status == 200:
                return
        except DISCONNECTS:
            pass
        time.sleep(0.1)
    raise AssertionError(f"{what} did not answer /healthz in {timeout}s:\n{log()}")


class Gunicorn:
    """`gunicorn scorekeeper.wsgi` in its own process group, so a kill takes every worker."""

    def __init__(
        self, site: Site, database_url: str, log: Path, workers: int = 3, threads: int = 2
    ) -> None:
        self.site = site
        self.database_url = database_url
        self.port = free_port()
        self.log = log
        self.workers, self.threads = workers, threads
        self.process: subprocess.Popen | None = None

    @property
    def address(self) -> tuple[str, int]:
        return ("127.0.0.1", self.port)

    def start(self, timeout: float = 30) -> None:
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [
                    str(BIN / "gunicorn"),
                    "scorekeeper.wsgi",
                    # As production runs it (README): the app loaded once, its workers forked
                    # from it and sharing its code.
                    "--preload",
                    "--workers",
                    str(self.workers),
                    "--threads",
                    str(self.threads),
                    "--bind",
                    f"127.0.0.1:{self.port}",
                    "--timeout",
                    "60",
                ],
                cwd=BASE_DIR,
                env=self.site.env(self.database_url),
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_until_healthy(self.process, self.address, timeout, "gunicorn", self.log_tail)

    def kill(self) -> None:
        """SIGKILL the master and every worker at once, as a power cut or the OOM killer would."""
        assert self.process is not None
        pgid = self.process.pid
        with suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGKILL)
        self.process.wait()
        deadline = time.monotonic() + 10
        while group_alive(pgid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not group_alive(pgid), f"gunicorn processes survived SIGKILL: {group_alive(pgid)}"

    def stop(self) -> None:
        if self.process is None:
            return
        pgid = self.process.pid
        if self.process.poll() is None:
            with suppress(ProcessLookupError):
                os.killpg(pgid, signal.SIGTERM)
            with suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
        if group_alive(pgid):
            with suppress(ProcessLookupError):
                os.killpg(pgid, signal.SIGKILL)
            self.process.wait()
        self.process = None

    def warm(self, path: str = "/healthz") -> None:
        """Every worker has imported Django and opened its database (each on its first request)."""
        phone = Phone(self.address, keep_alive=False)
        for _ in range(self.workers * 4):
            phone.get(path)

    def cpu_seconds(self) -> float:
        """CPU time (user + system) the master and its workers have used so far."""
        assert self.process is not None
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in group_alive(self.process.pid):
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])
        return total / ticks

    def url(self, path: str = "/") -> str:
        return f"http://{HOST}:{self.port}{path}"

    def __enter__(self) -> Gunicorn:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def log_tail(self, lines: int = 60) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def errors_logged(self) -> str:
        """Tracebacks the app logged (a 500 leaves one), for the failure message."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-200:]) if "Traceback" in text else ""


NGINX_CONF = """\
daemon off;
master_process on;
worker_processes 1;
{user}
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    upstream app {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://app;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            # A server that refuses or drops the connection: the other one gets the request.
            # Safe for posts too: a hand carries its token, so a repeat is saved once.
            # A 502, 503 or 504 from a server on its way down goes on to the other one as well.
            proxy_next_upstream error timeout http_502 http_503 http_504 non_idempotent;
            proxy_connect_timeout 2s;
            proxy_read_timeout 60s;
        }}
    }}
}}
"""


def nginx_binary() -> str:
    found = shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(path).exists()),
        "",
    )
    assert found, "the scaled load test needs nginx: install Debian's nginx (make loadtest-scaled)"
    return found


# How long nginx leaves a server it found dead before trying it again (as docs/deploy.md).
FAIL_TIMEOUT_SECONDS = 2


class Nginx:
    """Debian's nginx in the foreground, with its own config and temp dirs, on loopback only."""

    def __init__(self, directory: Path, upstream_ports: list[int]) -> None:
        self.directory = directory / "nginx"
        self.directory.mkdir(exist_ok=True)
        self.port = free_port()
        # Each server again as a backup that is never marked down: when both were found dead
        # at once (one killed, the other slow to accept on a busy machine), nginx would answer
        # 502 "no live upstreams" for the next FAIL_TIMEOUT_SECONDS instead of trying again.
        servers = "\n".join(
            [
                f"        server 127.0.0.1:{port} max_fails=1 fail_timeout={FAIL_TIMEOUT_SECONDS}s;"
                for port in upstream_ports
            ]
            + [f"        server 127.0.0.1:{port} backup max_fails=0;" for port in upstream_ports]
        )
        user = "user root;" if os.geteuid() == 0 else ""
        self.conf = self.directory / "nginx.conf"
        self.conf.write_text(
            NGINX_CONF.format(dir=self.directory, servers=servers, port=self.port, user=user)
        )
        self.log = self.directory / "nginx.out"
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 15) -> None:
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [nginx_binary(), "-c", str(self.conf), "-p", str(self.directory)],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        address = (HOST, self.port)
        try:
            wait_until_healthy(self.process, address, timeout, "nginx", self.log.read_text)
        except AssertionError:
            self.stop()  # never leave a proxy behind that did not come up
            raise

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()  # SIGTERM: nginx's fast shutdown
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.process = None


class Cluster:
    """Two app servers behind nginx: the phones see one address, and either server answers."""

    def __init__(
        self, site: Site, database_url: str, directory: Path, count: int = APP_SERVERS
    ) -> None:
        self.site = site
        self.servers = [
            Gunicorn(site, database_url, directory / f"gunicorn-{index}.log")
            for index in range(count)
        ]
        self.proxy = Nginx(directory, [server.port for server in self.servers])
        self.kills = 0

    @property
    def address(self) -> tuple[str, int]:
        return ("127.0.0.1", self.proxy.port)

    def start(self) -> None:
        """Every app server that is down, then the proxy if it is not running yet.

        A server restarted under a running proxy is back for the phones only once nginx tries
        it again, up to FAIL_TIMEOUT_SECONDS after it last found it dead: until then a kill of
        the other server would leave nginx no server to send to (502, "no live upstreams"),
        which a faster app met, its kills coming sooner after each restart."""
        restarted = False
        for server in self.servers:
            if server.process is None or server.process.poll() is not None:
                server.start()
                restarted = True
        if self.proxy.process is None:
            self.proxy.start()
        elif restarted:
            time.sleep(FAIL_TIMEOUT_SECONDS + 0.5)

    def kill(self) -> None:
        """SIGKILL one app server (each in turn); the other goes on serving every phone."""
        self.servers[self.kills % len(self.servers)].kill()
        self.kills += 1

    def stop(self) -> None:
        self.proxy.stop()
        for server in self.servers:
            server.stop()

    def errors_logged(self) -> str:
        return "\n".join(filter(None, (server.errors_logged() for server in self.servers)))


# --- A phone's browser ------------------------------------------------------------------------


@dataclass
class Reply:
    status: int
    headers: list[tuple[str, str]]
    body: bytes  # as it crossed the wire (compressed if the server compressed it)
    levels: tuple[int, ...] = ()  # the levels of the messages it left for the next page
    repeat: bool = False  # the server said this very hand (its token) had arrived before
    seconds: float = 0.0  # from sending the request to the last byte of the answer

    def header(self, name: str) -> str | None:
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    @property
    def location(self) -> str:
        return self.header("Location") or ""

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


class Stats:
    """What every phone sent and got back, counted under one lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.statuses: Counter[int] = Counter()
        self.outcomes: Counter[str] = Counter()
        self.disconnects = 0
        self.problems: list[str] = []

    def count(self, status: int) -> None:
        with self.lock:
            self.statuses[status] += 1

    def outcome(self, outcome: str) -> None:
        with self.lock:
            self.outcomes[outcome] += 1

    def disconnect(self) -> None:
        with self.lock:
            self.disconnects += 1

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)

    @property
    def requests(self) -> int:
        return sum(self.statuses.values())

    @property
    def server_errors(self) -> int:
        return sum(count for status, count in self.statuses.items() if status >= 500)


class Phone:
    """One phone: its own cookies, CSRF like a browser's form.

    With `secret_key` (the server's) the messages cookie is read and never sent back, so each
    answer carries only its own messages; without it the cookie is kept as a browser keeps it.
    `keep_alive`: one connection for every request, as a browser does; else one per request.
    """

    def __init__(
        self,
        address: tuple[str, int],
        stats: Stats | None = None,
        secret_key: str = "",
        retry_for: float = 0,
        stop: threading.Event | None = None,
        headers: dict[str, str] | None = None,
        keep_alive: bool = False,
    ) -> None:
        self.address = address
        self.stats = stats
        self.secret_key = secret_key
        self.retry_for = retry_for  # seconds to keep retrying a request the server dropped
        self.stop = stop  # set when the run is over: retry no more
        self.headers = headers or {}  # sent with every request
        self.keep_alive = keep_alive
        self.connection: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}
        self.retried = False  # the last request was sent again after a dropped connection
        self.page: Reply | None = None  # the match page read after the last hand post

    def get(self, path: str, headers: dict | None = None) -> Reply:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, fields: dict, headers: dict | None = None) -> Reply:
        return self.request("POST", path, fields, headers=headers)

    def request(
        self, method: str, path: str, fields: dict | None = None, headers: dict | None = None
    ) -> Reply:
        deadline = time.monotonic() + self.retry_for
        self.retried = False
        while True:
            try:
                reply = self._send(method, path, fields, headers or {})
            except DISCONNECTS:
                self.close()
                if self.stats:
                    self.stats.disconnect()
                if time.monotonic() >= deadline or (self.stop and self.stop.is_set()):
                    raise
                # Its outcome is unknown: send the very same form again, as a phone's retry does.
                self.retried = True
                time.sleep(0.1)
                continue
            if reply.status not in GATEWAY_ERRORS or not self.retry_for:
                return reply
            # The proxy found no server to answer (one restarting): like no signal, the phone
            # keeps the form and sends it again, once the way is open.
            if time.monotonic() >= deadline or (self.stop and self.stop.is_set()):
                return reply
            self.retried = True
            time.sleep(0.1)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def _send(self, method: str, path: str, fields: dict | None, extra: dict) -> Reply:
        host, port = self.address
        headers = {"Host": f"{host}:{port}", **self.headers}
        if not self.keep_alive:
            headers["Connection"] = "close"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            # Production cookies are Secure, so a browser would not send them over plain http:
            # this client carries them itself, and the header stands in for the form field.
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        headers.update(extra)
        start = time.perf_counter()
        if self.connection is None:
            self.connection = http.client.HTTPConnection(*self.address, timeout=60)
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
        except DISCONNECTS:
            if not self.keep_alive:
                raise
            # A kept-alive connection the server had already closed: once more on a new one.
            self.close()
            self.connection = http.client.HTTPConnection(*self.address, timeout=60)
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
        seconds = time.perf_counter() - start
        if response.will_close or not self.keep_alive:
            self.close()
        if self.stats:
            self.stats.count(response.status)
        levels, repeat = self._keep_cookies(response.headers.get_all("Set-Cookie") or [])
        return Reply(response.status, response.getheaders(), data, levels, repeat, seconds)

    def _keep_cookies(self, set_cookies: list[str]) -> tuple[tuple[int, ...], bool]:
        levels: tuple[int, ...] = ()
        repeat = False
        for header in set_cookies:
            for name, morsel in SimpleCookie(header).items():
                if name == "messages" and self.secret_key:
                    found = messages_of(morsel.value, self.secret_key)
                    levels = tuple(level for level, _ in found)
                    repeat = any(REPEAT_TEXT in text for _, text in found)
                elif morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        return levels, repeat


def messages_of(value: str, secret_key: str) -> list[tuple[int, str]]:
    """(level, text) of each message in Django's signed messages cookie."""
    from django.contrib.messages.storage.cookie import MessageSerializer
    from django.core import signing

    if not value:
        return []
    # The signer Django's get_cookie_signer() builds (SIGNING_BACKEND is left at its default).
    signer = signing.TimestampSigner(
        key=b"django.http.cookies" + secret_key.encode(),
        salt="django.contrib.messages",
        fallback_keys=[],
    )
    messages = signer.unsign_object(value, serializer=MessageSerializer)
    return [
        (message.level, str(message.message)) for message in messages if hasattr(message, "level")
    ]
