"""A few open connections kept between requests (the engine itself pools nothing).

A connection goes back to the pool only after a call that succeeded, that a rule of the game
refused (the procedure rolled its own transaction back), or a request the endpoint refused
itself (an HTTPError: its query parameters, checked between calls; rolled back first, so a
flood of malformed requests costs no new connections); after any other failure it is closed,
so a broken or interrupted session is never reused. One idle for a while is replaced
(the server may have closed it, e.g. after wait_timeout).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress

from sqlalchemy.engine import URL, Connection

from wordle_db import db
from wordle_db.errors import DatabaseError, WordleError, describe
from wordle_db.web.http import HTTPError

CHECK_AFTER = 30.0  # seconds idle after which a connection is replaced, not reused
# As many as the calls that can run at once (the app runs them in as many threads): under a
# rush no connection is closed only to be opened again, and a new one costs the server its
# set-up and, on its first call, the compiling of the routines it calls (5-9 ms of a first
# guess instead of 2-3; bench/log/2026-11-26.md, eighth results).
IDLE = 40


class Pool:
    def __init__(self, url: URL, idle: int = IDLE, check_after: float = CHECK_AFTER) -> None:
        self.engine = db.create_engine(url)
        self.idle, self.check_after = idle, check_after
        self._free: list[tuple[Connection, float]] = []
        self._lock = threading.Lock()
        self.busy = 0  # connections serving a request now (for the metrics)

    def idle_count(self) -> int:
        return len(self._free)

    def _take(self) -> Connection:
        with self._lock:
            conn, since = self._free.pop() if self._free else (None, 0.0)
        if conn is not None and time.monotonic() - since > self.check_after:
            self._close(conn)  # it may be gone, or silently reconnected without its settings
            conn = None
        if conn is None:
            try:
                conn = self.engine.connect()
            except Exception as exc:  # the driver's or SQLAlchemy's: one line, like the CLI
                raise WordleError(describe(exc)) from exc
        return conn

    @contextmanager
    def connection(self) -> Iterator[Connection]:
        taken = self._take()
        conn: Connection | None = taken
        reusable = False
        with self._lock:
            self.busy += 1
        try:
            yield taken
            reusable = True
        except DatabaseError as exc:
            reusable = exc.is_refusal
            raise
        except HTTPError:
            with suppress(Exception):
                taken.rollback()
                reusable = True
            raise
        finally:
            with self._lock:
                self.busy -= 1
                if reusable and len(self._free) < self.idle:
                    self._free.append((taken, time.monotonic()))
                    conn = None
            if conn is not None:
                self._close(conn)

    @staticmethod
    def _close(conn: Connection) -> None:
        with suppress(Exception):
            conn.close()

    def close(self) -> None:
        with self._lock:
            free, self._free = self._free, []
        for conn, _ in free:
            self._close(conn)
        self.engine.dispose()
