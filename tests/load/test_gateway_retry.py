"""A phone of the load test treats a proxy's 502, 503 or 504 like no signal: it sends again."""

import http.server
import threading

import harness
import loadlib
import pytest

pytestmark = pytest.mark.load


class Flaky(http.server.BaseHTTPRequestHandler):
    """A proxy whose servers are down for the first posts (one answer per status), then up."""

    answers: list[int] = []
    seen: list[bytes] = []

    def do_POST(self) -> None:
        self.seen.append(self.rfile.read(int(self.headers["Content-Length"])))
        status = self.answers.pop(0) if self.answers else 302
        self.send_response(status)
        self.send_header("Location", "/t/k/m/1/")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def proxy():
    Flaky.answers = [502, 503, 504]
    Flaky.seen = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Flaky)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def test_a_gateway_error_sends_the_same_hand_again(proxy):
    phone = harness.Phone(proxy.server_address, retry_for=10)
    reply = phone.post("/t/k/m/1/hand", {"token": "abc", "number": "3"})
    assert reply.status == 302
    assert phone.retried
    assert len(Flaky.seen) == 4 and len(set(Flaky.seen)) == 1  # the very same form each time


def test_the_nginx_config_passes_a_post_on_to_the_live_server(tmp_path):
    conf = harness.Nginx(tmp_path, [8001, 8002]).conf.read_text()
    line = next(line for line in conf.splitlines() if "proxy_next_upstream " in line)
    assert "non_idempotent" in line and "error" in line


class DropsFirst(http.server.BaseHTTPRequestHandler):
    """An app server that drops its first connection unanswered (a worker killed mid-request, or
    a connect that timed out on a busy machine), then answers every post."""

    dropped = False

    def do_GET(self) -> None:  # the proxy's health check, before the posts
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        if not DropsFirst.dropped:
            DropsFirst.dropped = True
            self.close_connection = True
            self.connection.shutdown(2)
            return
        self.send_response(302)
        self.send_header("Location", "/t/k/m/1/")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args) -> None:
        pass


@pytest.mark.skipif(not loadlib.SCALED, reason="needs nginx: part of make loadtest-scaled")
def test_nginx_tries_again_when_both_servers_were_found_dead_at_once(tmp_path):
    # One server killed (nothing listens on its port), the other drops one request: both are
    # marked dead together. Without the backup lines every post for the next seconds is 502.
    DropsFirst.dropped = False
    live = http.server.ThreadingHTTPServer(("127.0.0.1", 0), DropsFirst)
    threading.Thread(target=live.serve_forever, daemon=True).start()
    proxy = harness.Nginx(tmp_path, [harness.free_port(), live.server_address[1]])
    try:
        proxy.start()  # inside: a proxy that never came up is stopped all the same
        phone = harness.Phone(("127.0.0.1", proxy.port), retry_for=0)
        statuses = [phone.post("/t/k/m/1/hand", {"token": str(n)}).status for n in range(4)]
    finally:
        proxy.stop()
        live.shutdown()
        live.server_close()
    assert DropsFirst.dropped
    assert statuses == [302, 302, 302, 302]
