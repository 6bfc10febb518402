"""A few open connections kept between requests (the engine itself pools nothing).

A connection goes back to the pool only after a call that succeeded or that a rule of the
game refused (the procedure rolled its own transaction back); after any other failure it is
closed, so a broken or interrupted session is never reused.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress

from sqlalchemy.engine import URL, Connection

from wordle_db import db
from wordle_db.errors import DatabaseError, WordleError, describe


class Pool:
    def __init__(self, url: URL, idle: int = 16) -> None:
        self.engine = db.create_engine(url)
        self.idle = idle
        self._free: list[Connection] = []
        self._lock = threading.Lock()

    @contextmanager
    def connection(self) -> Iterator[Connection]:
        with self._lock:
            conn = self._free.pop() if self._free else None
        if conn is None:
            try:
                conn = self.engine.connect()
            except Exception as exc:  # the driver's or SQLAlchemy's: one line, like the CLI
                raise WordleError(describe(exc)) from exc
        reusable = False
        try:
            yield conn
            reusable = True
        except DatabaseError as exc:
            reusable = exc.is_refusal
            raise
        finally:
            with self._lock:
                if reusable and len(self._free) < self.idle:
                    self._free.append(conn)
                    conn = None
            if conn is not None:
                with suppress(Exception):
                    conn.close()

    def close(self) -> None:
        with self._lock:
            free, self._free = self._free, []
        for conn in free:
            with suppress(Exception):
                conn.close()
        self.engine.dispose()
