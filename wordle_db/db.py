"""Connections: which server to use, engines with utf8mb4 sessions, and calling routines."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import mariadb
import sqlalchemy as sa
from sqlalchemy.engine import URL, Connection, Engine, make_url

from wordle_db.errors import DatabaseError, WordleError
from wordle_db.server import LocalServer, default_home

DRIVER = "mariadb+mariadbconnector"
URL_ENV = "WORDLE_DB_URL"


def parse_url(url: str) -> URL:
    """A SQLAlchemy URL; the shorthand mariadb://... means the project's own driver."""
    try:
        parsed = make_url(url)
    except Exception as exc:  # ArgumentError, ValueError: both mean a malformed URL
        raise WordleError(f"not a database URL: {url!r}") from exc
    if parsed.drivername in ("mariadb", "mysql"):
        parsed = parsed.set(drivername=DRIVER)
    if not parsed.drivername.startswith(("mariadb", "mysql")):
        raise WordleError(f"wordle-db needs MariaDB, not {parsed.drivername!r}")
    return parsed


def server_url(url: str | None) -> URL:
    """The URL to use: the given one, else $WORDLE_DB_URL, else the embedded server."""
    url = url or os.environ.get(URL_ENV)
    if url:
        return parse_url(url)
    server = LocalServer(default_home())
    server.start()
    return parse_url(server.url())


def describe_url(url: URL) -> str:
    """The URL without its password, for messages and `status`."""
    return url.render_as_string(hide_password=True)


def _utf8mb4(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("SET NAMES utf8mb4 COLLATE utf8mb4_unicode_ci")
    cursor.close()


def create_engine(url: URL) -> Engine:
    """An engine in autocommit mode: stored procedures manage their own transactions."""
    engine = sa.create_engine(url, isolation_level="AUTOCOMMIT", pool_pre_ping=False)
    sa.event.listen(engine, "connect", _utf8mb4)
    return engine


@contextmanager
def connect(url: URL) -> Iterator[Connection]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            yield conn
    finally:
        engine.dispose()


def _sendable(args: Sequence[Any]) -> tuple[Any, ...]:
    """The arguments, once every text among them can be sent as UTF-8."""
    for arg in args:
        if isinstance(arg, str):
            try:
                arg.encode("utf-8")
            except UnicodeEncodeError:
                raise WordleError("the input is not valid UTF-8") from None
    return tuple(args)


@contextmanager
def _cursor(conn: Connection) -> Iterator[Any]:
    """A raw driver cursor; the server's errors come out as DatabaseError."""
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        yield cursor
    except mariadb.Error as exc:
        raise DatabaseError.from_driver(exc) from exc
    finally:
        cursor.close()


def call(conn: Connection, procedure: str, *args: Any) -> list[dict[str, Any]]:
    """CALL a stored procedure and return the rows of its (last) result set as dicts."""
    placeholders = ", ".join("?" for _ in args)
    with _cursor(conn) as cursor:
        cursor.execute(f"CALL {_identifier(procedure)}({placeholders})", _sendable(args))
        rows: list[dict[str, Any]] = []
        while True:
            if cursor.description:
                names = [d[0] for d in cursor.description]
                rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
            if not cursor.nextset():
                break
        return rows


def query(conn: Connection, sql: str, *args: Any) -> list[dict[str, Any]]:
    """Run one statement with positional ? parameters and return its rows as dicts."""
    with _cursor(conn) as cursor:
        cursor.execute(sql, _sendable(args))
        if not cursor.description:
            return []
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def scalar(conn: Connection, sql: str, *args: Any) -> Any:
    rows = query(conn, sql, *args)
    return next(iter(rows[0].values())) if rows else None


def executemany(conn: Connection, sql: str, rows: Sequence[Sequence[Any]]) -> None:
    with _cursor(conn) as cursor:
        cursor.executemany(sql, rows)


def _identifier(name: str) -> str:
    """Our own routine names only: they are constants in the code, never user input."""
    if not name.replace("_", "").isalnum() or not name.isascii():
        raise ValueError(f"bad routine name {name!r}")
    return name


def quote_identifier(name: str) -> str:
    """A schema name as a backquoted identifier (for GRANT, where no placeholder works)."""
    return "`" + name.replace("`", "``") + "`"
