"""Many phones at once: each with its own table, saving real hands and loading its scoreboard."""

import math
import multiprocessing
import random
import re
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field

from harness import Phone


def setup_data() -> dict:
    """The setup form of the bench's tables: the tests' four players, named Bench."""
    from tests.support.testing import SETUP

    return {"name": "Bench", **SETUP}


# Hands in each client's match before the scoreboard is loaded: about half a match to 200.
SETUP_HANDS = 4
MATCH_PATH = re.compile(r"^/t/([^/]+)/m/(\d+)/$")
WATCH_PATH = re.compile(r"/w/([^/\"]+)/")
BOARD = re.compile(r'hx-get="(/w/[^"]+/board\?seen=[^"]+)"')
# What a phone's browser sends: every page and swap may come back compressed.
ACCEPT_ENCODING = "gzip, br"


@dataclass
class Sample:
    kind: str
    start: float
    seconds: float
    ok: bool
    error: str = ""


@dataclass
class TablePhone:
    """One phone keeping the score of its own table."""

    host: str
    port: int
    seed: int
    setup_data: dict = field(default_factory=setup_data)
    phone: Phone = field(init=False)
    key: str = ""
    number: int = 0
    hands: int = 0
    over: bool = False
    rematches: int = 0
    watch_board: str = ""  # the watch page's refresh while nothing changes (a 204)
    floor_key: str = ""  # a table of its own for bench/floor, with a match that never ends
    # Tables of its own for the saves measured on rows of their own: (key, number, hands, over).
    # "ordinary": a match to 10,000, so no save in the phase ends it; "ending": a match to 1,
    # so its next hand ends it and a Rematch starts the next.
    tables: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        from scorekeeper import rules

        # Each phone its own address as the proxy reports it (TEST-NET-2, never contacted):
        # table creation is rate-limited per address.
        forwarded = f"198.51.100.{self.seed % 250 + 1}"
        headers = {"X-Forwarded-For": forwarded, "Accept-Encoding": ACCEPT_ENCODING}
        self.phone = Phone((self.host, self.port), headers=headers, keep_alive=True)
        self.rng = random.Random(self.seed)
        self.game = rules.make_game("caribbean", 4)

    @property
    def match_path(self) -> str:
        return f"/t/{self.key}/m/{self.number}/"

    def new_table(self, data: dict) -> tuple[str, int]:
        self.phone.get("/new")
        response = self.phone.post("/new", data)
        found = MATCH_PATH.match(response.header("Location") or "")
        if response.status != 302 or not found:
            raise RuntimeError(f"setup: POST /new answered {response.status}")
        return found[1], int(found[2])

    def setup(self, floor: bool = False) -> None:
        self.key, self.number = self.new_table(self.setup_data)
        page = self.phone.get(self.match_path).text
        self.play_to(SETUP_HANDS)
        watch = WATCH_PATH.search(page)
        if watch:
            board = BOARD.search(self.phone.get(f"/w/{watch[1]}/").text)
            self.watch_board = board[1].replace("&amp;", "&") if board else ""
        if floor:
            self.floor_key = self.new_table(self.setup_data | {"target_other": "10000"})[0]
            for name, target in (("ordinary", "10000"), ("ending", "1")):
                key, number = self.new_table(self.setup_data | {"target_other": target})
                self.tables[name] = (key, number, 0, False)
            with self.at("ordinary"):
                self.play_to(SETUP_HANDS)

    @contextmanager
    def at(self, name: str):
        """Play at another table of this phone's for a while (save_hand and rematch there)."""
        mine = (self.key, self.number, self.hands, self.over)
        self.key, self.number, self.hands, self.over = self.tables[name]
        try:
            yield
        finally:
            self.tables[name] = (self.key, self.number, self.hands, self.over)
            self.key, self.number, self.hands, self.over = mine

    def save_ordinary(self) -> tuple[bool, str]:
        """A save that does not end its match."""
        with self.at("ordinary"):
            return self.save_hand()

    def save_ending(self) -> tuple[bool, str]:
        """A save that ends its match (a match to 1; a void hand, scoring 0, does not)."""
        with self.at("ending"):
            return self.save_hand()

    def rematch_ending(self) -> tuple[bool, str]:
        with self.at("ending"):
            return self.rematch()

    def ending_over(self) -> bool:
        return self.tables["ending"][3]

    def paths(self) -> dict[str, str]:
        """What each read phase GETs for this phone (wrk's path list), with the phone's cookies
        (a message waiting was shown by the phone's next page: not sent again).

        The phone opens its scoreboard once first, as its browser has it open: the session
        cookie then lists this table first on the home page, as a browser keeps it after its
        first read, and the reads do not rewrite the cookie each time (wrk sends the cookies it
        is given, never the ones an answer set)."""
        self.phone.get(self.match_path)
        cookies = "; ".join(f"{k}={v}" for k, v in self.phone.cookies.items() if k != "messages")
        return {
            "trivial": f"/bench/trivial\t{cookies}",
            "scoreboard": f"{self.match_path}\t{cookies}",
            "watch_unchanged": f"{self.watch_board}\t{cookies}",
        }

    def play_to(self, hands: int) -> None:
        """Save hands until the open match has this many (a rematch if one ends before)."""
        while self.hands < hands or self.over:
            ok, reason = self.rematch() if self.over else self.save_hand()
            if not ok:
                raise RuntimeError(f"setup: a hand was refused ({reason})")

    def hand_data(self) -> dict:
        from tests.support.testing import deal_hand, hand_fields

        # The hand that ends the match is confirmed, as the phone does after the question; the
        # page's version goes with it, as saves.js sends #play's (a bench match takes only
        # hands, so its version is the hands saved): an ordinary save answers with its swaps.
        hand = hand_fields(deal_hand(self.game, self.rng), self.hands + 1)
        return {**hand, "confirm_end": "1", "shown": str(self.hands)}

    def save_hand(self, headers: dict | None = None) -> tuple[bool, str]:
        """POST the next hand as htmx does; its out-of-band swaps (or all of #play) come back."""
        self.last = response = self.phone.post(
            f"{self.match_path}hand",
            self.hand_data(),
            headers={"HX-Request": "true", **(headers or {})},
        )
        body = response.text
        if response.status != 200 or f"Hand {self.hands + 1} saved." not in body:
            return False, f"save: {response.status}"
        self.hands += 1
        self.over = f'action="/t/{self.key}/rematch"' in body
        return True, ""

    def rematch(self) -> tuple[bool, str]:
        """The match reached 200: one tap starts the next (not counted as a hand save)."""
        response = self.phone.post(f"/t/{self.key}/rematch", {})
        found = MATCH_PATH.match(response.header("Location") or "")
        if response.status != 302 or not found:
            return False, f"rematch: {response.status}"
        self.number, self.hands, self.over = int(found[2]), 0, False
        self.rematches += 1
        return True, ""

    def scoreboard(self) -> tuple[bool, str]:
        response = self.phone.get(self.match_path)
        ok = response.status == 200 and 'data-testid="total-0"' in response.text
        return ok, "" if ok else f"scoreboard: {response.status}"

    def watch_unchanged(self) -> tuple[bool, str]:
        response = self.phone.get(self.watch_board)
        ok = response.status == 204
        return ok, "" if ok else f"watch: {response.status}"

    def floor(self) -> tuple[bool, str]:
        response = self.phone.post(f"/bench/floor/{self.floor_key}", {})
        ok = response.status == 204
        return ok, "" if ok else f"floor: {response.status}"

    def trivial(self) -> tuple[bool, str]:
        response = self.phone.get("/bench/trivial")
        ok = response.status == 200 and response.body == b"ok"
        return ok, "" if ok else f"trivial: {response.status}"


def _run_one(
    client: TablePhone, kind: str, start_at: float, end_at: float, out: list, once: bool = False
) -> None:
    while time.time() < start_at:
        time.sleep(min(0.01, max(0.0, start_at - time.time())))
    if once and kind == "rematch_ending" and not client.ending_over():
        return  # its last save was a void hand: the match goes on, nothing to rematch
    while True:
        began = time.time()
        if began >= end_at:
            break
        label = "rematch" if kind == "save_hand" and client.over else kind
        action = getattr(client, label)
        tick = time.perf_counter()
        try:
            ok, error = action()
        except Exception as exc:  # a crash of one request is an error, not the end of the run
            ok, error = False, f"{type(exc).__name__}: {exc}"
            client.phone.close()
        seconds = time.perf_counter() - tick
        if began + seconds <= end_at or once:
            out.append(Sample(label, began, seconds, ok, error))
        if once:
            break


def _worker(conn, host: str, port: int, seeds: list[int]) -> None:
    import django

    django.setup()
    clients = [TablePhone(host, port, seed) for seed in seeds]
    while True:
        command, *args = conn.recv()
        if command == "stop":
            conn.send(None)
            return
        if command == "setup":
            errors: list[str] = []

            def setup(client: TablePhone, errors: list[str] = errors) -> None:
                try:
                    client.setup(floor=True)
                except Exception as exc:
                    errors.append(f"{type(exc).__name__}: {exc}")

            threads = [threading.Thread(target=setup, args=(c,)) for c in clients]
        else:
            kind, start_at, end_at, once = args
            samples: list[list[Sample]] = [[] for _ in clients]
            threads = [
                threading.Thread(target=_run_one, args=(c, kind, start_at, end_at, out, once))
                for c, out in zip(clients, samples, strict=True)
            ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if command == "setup":
            conn.send({"errors": errors, "paths": [c.paths() for c in clients]})
        else:
            conn.send({"samples": [s for out in samples for s in out]})


class Crowd:
    """`clients` phones spread over `processes` processes (threads inside each)."""

    def __init__(self, host: str, port: int, clients: int = 50, processes: int = 2) -> None:
        context = multiprocessing.get_context("fork")
        self.pipes, self.procs = [], []
        for index in range(processes):
            seeds = list(range(index, clients, processes))
            parent, child = context.Pipe()
            proc = context.Process(target=_worker, args=(child, host, port, seeds), daemon=True)
            proc.start()
            self.pipes.append(parent)
            self.procs.append(proc)

    def _all(self, *command) -> list:
        for pipe in self.pipes:
            pipe.send(command)
        return [pipe.recv() for pipe in self.pipes]

    def setup(self) -> list[dict[str, str]]:
        """Every phone's table set up; the paths each phone reads (see TablePhone.paths)."""
        answers = self._all("setup")
        errors = [error for answer in answers for error in answer["errors"]]
        if errors:
            raise RuntimeError(f"{len(errors)} clients failed to set up: {errors[0]}")
        return [paths for answer in answers for paths in answer["paths"]]

    def run(self, kind: str, seconds: float, once: bool = False) -> dict:
        """Every phone requests `kind` for `seconds`; `once`: one request each (a round)."""
        start_at = time.time() + 0.5
        answers = self._all("run", kind, start_at, start_at + seconds, once)
        samples = [s for answer in answers for s in answer["samples"]]
        rematches = [s for s in samples if s.kind == "rematch"]
        result = summarise([s for s in samples if s.kind == kind], seconds)
        result["rematches"] = len(rematches)
        result["errors"] += sum(not s.ok for s in rematches)
        return result

    def close(self) -> None:
        self._all("stop")
        for proc in self.procs:
            proc.join(timeout=5)


def percentile(sorted_values: list[float], share: float) -> float:
    if not sorted_values:
        return float("nan")
    # Nearest rank: the smallest value with at least `share` of the values at or below it.
    index = max(0, math.ceil(share * len(sorted_values)) - 1)
    return sorted_values[index]


def summarise(samples: list[Sample], seconds: float) -> dict:
    latencies = sorted(s.seconds for s in samples if s.ok)
    errors = [s.error for s in samples if not s.ok]
    return {
        "requests": len(samples),
        "errors": len(errors),
        "first_error": errors[0] if errors else "",
        "rps": len(latencies) / seconds,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
    }
