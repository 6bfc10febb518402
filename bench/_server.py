"""A private MariaDB server for one benchmark run, removed afterwards.

The server gets its own temporary directory through TMPDIR (mariadbd's default for --tmpdir):
with the shared /tmp, any other mariadbd starting on the machine (the test suite starts many)
deletes every /tmp/#sql* file at startup, including this server's on-disk temporary tables,
and a big query then fails with "Error on delete of '/tmp/#sql-temptable-...'".
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from wordle_db.server import LocalServer


@contextmanager
def private_server() -> Iterator[LocalServer]:
    home = Path(tempfile.mkdtemp(prefix="wordle-bench-"))
    (home / "tmp").mkdir()
    os.environ["TMPDIR"] = str(home / "tmp")  # inherited by mariadbd; set after mkdtemp
    server = LocalServer(home)
    try:
        server.install()
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)
