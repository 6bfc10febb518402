"""Many sessions at once, and what they waited for: InnoDB's lock wait and deadlock counters
(the server is this worker's own)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy.engine import URL, Connection

from wordle_db import db, game

from support.calls import raw_call
from support.puzzles import GUESSES


def at_once(workers: list[Callable[[], None]]) -> list[BaseException]:
    """Run the workers in threads released together; the exceptions they raised."""
    start = threading.Barrier(len(workers))
    errors: list[BaseException] = []

    def run(work: Callable[[], None]) -> None:
        start.wait()
        try:
            work()
        except BaseException as exc:  # collected, and asserted by the caller
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(work,)) for work in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not any(t.is_alive() for t in threads), "a player never finished"
    return errors


def lock_waits(conn: Connection) -> int:
    return int(db.query(conn, "SHOW GLOBAL STATUS LIKE 'Innodb_row_lock_waits'")[0]["Value"])


@contextmanager
def no_lock_waits(conn: Connection) -> Iterator[None]:
    """Every session opened meanwhile (and conn's) fails at once (1205) where it would wait
    for any InnoDB lock, a row's or a table's AUTO-INC lock (which Innodb_row_lock_waits does
    not count): a test run under it shows that nothing waited. The server is this worker's.
    Not for SKIP LOCKED reads: under a timeout of 0 they fail ("error 1 during COMMIT")."""
    db.query(conn, "SET GLOBAL innodb_lock_wait_timeout = 0")
    db.query(conn, "SET SESSION innodb_lock_wait_timeout = 0")
    try:
        yield
    finally:
        db.query(conn, "SET GLOBAL innodb_lock_wait_timeout = DEFAULT")
        db.query(conn, "SET SESSION innodb_lock_wait_timeout = DEFAULT")


def player_game(url: URL, name: str) -> Callable[[], None]:
    def play() -> None:
        with db.connect(url) as conn:
            for guess in GUESSES:
                game.play(conn, name, guess)

    return play


def assert_consistent(conn: Connection, players: int) -> None:
    games = db.query(
        conn,
        """
        SELECT g.id, g.attempts, g.max_tries, g.state, COUNT(a.attempt) AS rows_
        FROM games g JOIN players p ON p.id = g.player_id LEFT JOIN attempts a ON a.game_id = g.id
        WHERE p.name LIKE 'rush%' GROUP BY g.id""",
    )
    assert len(games) == players
    for g in games:
        assert (g["attempts"], g["rows_"], g["state"]) == (6, 6, "lost"), g
        assert g["attempts"] <= g["max_tries"]
    assert (
        db.scalar(
            conn,
            "SELECT COUNT(*) FROM (SELECT player_id FROM games "
            "GROUP BY player_id, channel_id, day HAVING COUNT(*) > 1) d",
        )
        == 0
    )


def deadlock_count(conn: Connection) -> int:
    return int(db.query(conn, "SHOW GLOBAL STATUS LIKE 'Innodb_deadlocks'")[0]["Value"])


def in_threads(calls: list[Callable[[], Any]]) -> tuple[list[threading.Thread], list[Any]]:
    results: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        results[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
        time.sleep(0.3)  # in this order: each reaches its wait
    return threads, results


def together(calls: list[tuple[Connection, str]]) -> list[Any]:
    """Each (connection, statement) in a thread, released together: their raw_call outcomes."""
    results: list[Any] = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i: int) -> None:
        start.wait()
        results[i] = raw_call(*calls[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return results
