"""A private MariaDB server for one benchmark run, removed afterwards."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
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
