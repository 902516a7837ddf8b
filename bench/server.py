"""The production setup on this machine: settings from the environment, collectstatic, gunicorn."""

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from webclient import Phone

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).parent / "gunicorn")
HOST = "127.0.0.1"
# As README's production section runs it.
WORKERS = 3


def production_env(database: Path) -> dict[str, str]:
    """DEBUG off, a random key, this host only, no TLS redirect (no proxy here), bench routes."""
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CHROME_PATH"}}
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS=HOST,
        SECURE_SSL_REDIRECT="0",
        DATABASE_URL=f"sqlite:///{database}",
        DJANGO_SETTINGS_MODULE="bench_settings",
        PYTHONPATH=os.pathsep.join([str(BENCH), str(ROOT)]),
        LOG_LEVEL="WARNING",
        # The page cache in files the workers share (the production default), in this run's dir.
        CACHE="file",
        CACHE_DIR=str(database.parent / "cache"),
        # Every phone opens a table and a floor table from this one address.
        TABLES_PER_HOUR="1000",
    )
    return env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True)


def prepare(env: dict[str, str]) -> None:
    """A migrated database and compressed static files with hashed names."""
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


class Gunicorn:
    """gunicorn scorekeeper.wsgi, as in production, until stopped."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        self.log = log.open("ab")
        self.proc = subprocess.Popen(
            [
                GUNICORN,
                "scorekeeper.wsgi",
                "--bind",
                f"{HOST}:{self.port}",
                "--workers",
                str(WORKERS),
            ],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self._wait_until_up()

    def _wait_until_up(self, seconds: float = 30.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.proc.returncode}: see {self.log}")
            try:
                if Phone(HOST, self.port, timeout=2).get("/healthz").status == 200:
                    # Every worker imports Django and opens its database on its first request.
                    for _ in range(WORKERS * 4):
                        Phone(HOST, self.port).get("/bench/trivial")
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError("gunicorn did not answer /healthz in time")

    def worker_pids(self) -> list[int]:
        pids = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.proc.pid:
                pids.append(int(stat.parent.name))
        return pids

    def cpu_seconds(self) -> float:
        """CPU time (user + system) the master and its workers have used so far."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in [self.proc.pid, *self.worker_pids()]:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])
        return total / ticks

    def url(self, path: str = "/") -> str:
        return f"http://{HOST}:{self.port}{path}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    def __enter__(self) -> "Gunicorn":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
