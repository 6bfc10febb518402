"""A call's outcome as a caller can tell it apart, in the shapes the tests compare."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy.engine import Connection

from wordle_db import db
from wordle_db.errors import DatabaseError


def row_or_sqlstate(conn: Connection, procedure: str, *args: Any) -> tuple[Any, ...]:
    """A call's first row, or its SQLSTATE and message: what a caller can tell apart."""
    try:
        return ("row", db.call(conn, procedure, *args)[0])
    except DatabaseError as exc:
        return ("error", exc.sqlstate, str(exc))


def result_or_sqlstate(work: Callable[[], Any]) -> Any:
    """The call's result, or the SQLSTATE (else the error number) that refused it."""
    try:
        return work()
    except DatabaseError as exc:
        return exc.sqlstate if (exc.sqlstate or "").startswith("WD") else exc.errno


def sql_error(call, sqlstate: str, message: str) -> None:
    """call() fails with this SQLSTATE and a message that says `message`."""
    with pytest.raises(Exception) as raised:
        call()
    error = raised.value
    assert (error.sqlstate, message in str(error)) == (sqlstate, True), str(error)


def raw_call(conn: Connection, sql: str, *args: Any) -> Any:
    """One statement, no retry (as a front end other than wordle_db's Python layer sends it):
    the result, or the SQLSTATE/error number that refused it."""
    return result_or_sqlstate(lambda: db.query(conn, sql, *args))
