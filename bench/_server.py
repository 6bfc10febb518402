"""A private MariaDB server for one benchmark run, removed afterwards."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from wordle_db.server import LocalServer


@contextmanager
def private_server(options: tuple[str, ...] = ()) -> Iterator[LocalServer]:
    """`options`: more mariadbd options (e.g. --thread-handling=one-thread-per-connection)."""
    home = Path(tempfile.mkdtemp(prefix="wordle-bench-"))
    server = LocalServer(home, options)
    try:
        server.install()
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """A process's CPU time (utime + stime, in clock ticks of 10 ms): every thread's, those
    that ended included."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime


def thread_cpu_seconds(pid: int) -> float:
    """The server's CPU time in ns precision, for short measurements (ablation.py, flat.py):
    the sum of its threads' schedstat, where cpu_seconds counts 10 ms ticks. A thread that ends
    meanwhile takes its time along: the thread pool keeps its threads over a second."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with suppress(FileNotFoundError, ProcessLookupError):
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9
