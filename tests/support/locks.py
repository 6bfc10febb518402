"""Rows another session holds, and a call behind them: every procedure that writes rows
another session can hold answers WD025 (the database stayed busy) after one lock wait, never
the server's raw 1205 (_wordle_lock_waited)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import URL, Connection

from wordle_db import db
from wordle_db.errors import DatabaseError

BUSY = "the database stayed busy: try again"
LOCK_WAITS = (
    "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
    "WHERE VARIABLE_NAME = 'INNODB_ROW_LOCK_WAITS'"
)


def behind_held_rows(
    db_url: URL, hold: str, args: tuple[Any, ...], call: Callable[[Connection], object]
) -> tuple[str | None, str, int]:
    """`call` on a connection of its own (innodb_lock_wait_timeout 1 s, which _wordle_begin
    keeps) while another transaction holds the rows `hold` reads with `args` (a locking read,
    in READ COMMITTED: the rows alone): its SQLSTATE (None: it went through), its message and
    how many lock waits it made."""
    with db.connect(db_url) as holder, db.connect(db_url) as caller:
        # as the procedures write (_wordle_begin): the rows alone, no gap
        holder.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
        holder.exec_driver_sql("START TRANSACTION")
        assert db.query(holder, hold, *args), f"nothing held: {hold} {args}"
        caller.exec_driver_sql("SET SESSION innodb_lock_wait_timeout = 1")
        before = int(db.scalar(holder, LOCK_WAITS))
        try:
            call(caller)
            outcome: tuple[str | None, str] = (None, "")
        except DatabaseError as exc:
            outcome = (exc.sqlstate, str(exc))
        finally:
            waits = int(db.scalar(holder, LOCK_WAITS)) - before
            holder.exec_driver_sql("ROLLBACK")
    return (*outcome, waits)
