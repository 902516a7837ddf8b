"""The bench's pure parts (bench/run.py, bench/wrkload.py): no server is started here."""

import argparse
import importlib.util
import json
import re
import subprocess
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bench = load("run")
wrkload = bench.wrkload


@pytest.mark.parametrize(
    "seconds, given", [(10, "10s"), (10.0, "10s"), (1.5, "2s"), (0.2, "1s"), (3 / 2, "2s")]
)
def test_wrk_gets_a_whole_number_of_seconds_never_less_than_asked(seconds, given):
    assert wrkload.duration(seconds) == given
    assert re.fullmatch(r"[1-9]\d*s", given)  # wrk reads only whole seconds


def test_the_long_sheet_phase_of_the_short_form_hands_wrk_a_duration_it_takes(monkeypatch):
    called = {}

    def wrk(command, **kwargs):
        called["duration"] = command[command.index("--duration") + 1]
        raise subprocess.CalledProcessError(1, command)  # enough: what wrk was handed is seen

    monkeypatch.setattr(wrkload.subprocess, "run", wrk)
    with pytest.raises(subprocess.CalledProcessError):
        wrkload.run("http://127.0.0.1:1/", ["/"], 3 / 2, 10, "gzip")  # --seconds 3, halved
    assert called["duration"] == "2s"


def args(**given) -> argparse.Namespace:
    return argparse.Namespace(**({"python_reads": False, "seconds": 3.0} | given))


@pytest.mark.parametrize(
    "installed, python_reads, client",
    [("/usr/bin/wrk", False, "wrk"), (None, False, "python"), ("/usr/bin/wrk", True, "python")],
)
def test_reads_fall_back_to_the_python_client_without_wrk(
    monkeypatch, installed, python_reads, client
):
    monkeypatch.setattr(wrkload, "available", lambda: installed)
    assert bench.read_client(args(python_reads=python_reads)) == client


class Phone:
    def __init__(self):
        self.got = []

    def get(self, path, headers=None):
        self.got.append(path)
        return argparse.Namespace(status=200)


def test_the_kept_sheets_are_read_by_the_python_client_without_wrk(monkeypatch):
    monkeypatch.setattr(wrkload, "available", lambda: None)
    monkeypatch.setattr(wrkload, "run", lambda *a, **k: pytest.fail("wrk is not installed"))
    tables = [argparse.Namespace(phone=Phone(), match_path=f"/t/{n}/m/1/") for n in range(2)]
    kept = bench.read_kept(None, tables, args(seconds=0.2))
    assert kept["client"] == "python" and kept["requests"] > 0
    assert kept["requests"] == sum(len(table.phone.got) for table in tables)
    assert {path for table in tables for path in table.phone.got} == {"/t/0/m/1/", "/t/1/m/1/"}


ROWS = [
    ("Budgeted and held", "1 ms", "≤ 2 ms", True),
    ("Budgeted and missed", "3 ms", "≤ 2 ms", False),
    (
        "After the first visit's load: what the service worker keeps",
        "17.9 KB",
        "not budgeted",
        None,
    ),
]


def test_a_row_without_a_budget_is_neither_held_nor_missed():
    entries = json.loads(json.dumps(bench.entries(ROWS)))
    unbudgeted = entries[2]
    assert unbudgeted["budgeted"] is False and unbudgeted["missed"] is False
    assert unbudgeted["held"] is None
    assert [entry["missed"] for entry in entries] == [False, True, False]
    assert [entry["held"] for entry in entries[:2]] == [True, False]
    summary = bench.markdown({"date": "today", "machine": MACHINE, "load_average_end": "0"}, ROWS)
    assert "1 budgets held, 1 missed." in summary


MACHINE = {"load_average": "0", "nproc": 2}


@pytest.mark.parametrize(
    ("argv", "audits"),
    [
        ([], True),
        (["--lighthouse-runs", "0"], False),
        (["--only", "weight"], False),
        (["--only", "weight+lighthouse", "--lighthouse-runs", "1"], True),
    ],
)
def test_lighthouse_runs_zero_leaves_lighthouse_out(monkeypatch, argv, audits):
    monkeypatch.setattr("sys.argv", ["run.py", *argv])
    assert bench.wants_lighthouse(bench.parse()) is audits


class Changer:
    """The page changer as the bench's miss phase sees it, on a clock of its own."""

    def __init__(self):
        self.every, self.changes = None, 0

    def pace(self, every):
        self.every = every


def slowed_reads(changer, pages=10, kept_rps=1000.0, miss_cost=20):
    """Reads of `pages` pages whose misses each cost `miss_cost` kept reads' time: the more
    often the pages change, the fewer reads a second."""

    def read(seconds):
        misses_per_second = pages / changer.every
        rps = kept_rps - (miss_cost - 1) * misses_per_second
        changer.changes += round(seconds / changer.every)
        return {"requests": round(rps * seconds), "rps": rps}

    return read


def test_the_miss_phase_holds_its_reads_per_miss_when_misses_slow_the_reads():
    changer = Changer()
    read = slowed_reads(changer)
    # Paced at the kept pages' rate, as before: far more misses than 1 in 20 reads.
    changer.pace(bench.change_every(10, 20, 1000.0))
    before = read(30)
    assert before["requests"] / (changer.changes * 10) < 20 * 0.7

    changer = Changer()
    result = bench.run_paced(slowed_reads(changer), changer, 10, 20, 1000.0, 30)
    assert abs(result["reads_per_miss"] / 20 - 1) <= bench.MISS_RATIO_TOLERANCE
    assert result["changes"] > 0


def test_the_miss_row_says_its_reads_per_miss():
    text = bench.misses_text({"changes": 10, "reads_per_miss": 19.96}, 10)
    assert "100 misses" in text and "20.0 reads per miss" in text
