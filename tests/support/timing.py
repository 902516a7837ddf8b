"""How the benches time a page: the median CPU milliseconds one request takes in this process."""

import statistics
import time

from django.test import Client


def cpu_ms(client: Client, path: str, runs: int) -> float:
    """The median CPU milliseconds one request takes, after a few to warm up (and keep it)."""
    for _ in range(3):
        assert client.get(path).status_code == 200, path
    times = []
    for _ in range(runs):
        start = time.process_time()
        response = client.get(path)
        times.append((time.process_time() - start) * 1000)
        assert response.status_code == 200, path
    return statistics.median(times)
