"""Connections: which server to use, engines with utf8mb4 sessions, and calling routines."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

import mariadb
import sqlalchemy as sa
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.pool import NullPool

from wordle_db.errors import DatabaseError, WordleError
from wordle_db.server import LocalServer, default_home

DRIVER = "mariadb+mariadbconnector"
URL_ENV = "WORDLE_DB_URL"
# The drivers a URL may name: all mean MariaDB Connector/Python (the code calls it directly).
DRIVER_NAMES = ("mariadb", "mysql", DRIVER, "mysql+mariadbconnector")
# Connector/Python connect() options a URL may carry (?name=value), and their types.
URL_OPTIONS: dict[str, type] = {
    "unix_socket": str, "connect_timeout": int, "read_timeout": int, "write_timeout": int,
    "local_infile": bool, "compress": bool, "init_command": str, "default_file": str,
    "default_group": str, "plugin_dir": str, "ssl": bool, "ssl_verify_cert": bool,
    "ssl_key": str, "ssl_cert": str, "ssl_ca": str, "ssl_capath": str, "ssl_cipher": str,
    "ssl_crl": str, "ssl_crlpath": str, "tls_version": str, "tls_fp": str, "tls_fp_list": str,
}  # fmt: skip
MAX_SECONDS = 366 * 24 * 3600  # integer options are timeouts in seconds
BOOLEANS = {"1": True, "true": True, "yes": True, "on": True,
            "0": False, "false": False, "no": False, "off": False}  # fmt: skip
TIMEOUT_OPTIONS = ("connect_timeout", "read_timeout", "write_timeout")


@dataclass(frozen=True)
class Timeouts:
    """Seconds to wait for a connection and for each answer (0: no limit). Long routine calls
    (the solver build's steps) take seconds to a minute, far below the read default."""

    connect: int = 10
    read: int = 600


def parse_url(url: str) -> URL:
    """A SQLAlchemy URL; the shorthand mariadb://... means the project's own driver. Other
    drivers and options Connector/Python does not know are refused by name."""
    try:
        parsed = make_url(url)
        port = parsed.port
    except Exception as exc:  # ArgumentError, ValueError: both mean a malformed URL
        raise WordleError(f"not a database URL: {url!r}") from exc
    if not parsed.drivername.startswith(("mariadb", "mysql")):
        raise WordleError(f"wordle-db needs MariaDB, not {parsed.drivername!r}")
    if parsed.drivername not in DRIVER_NAMES:
        raise WordleError(
            f"unsupported driver {parsed.drivername!r}: wordle-db uses MariaDB Connector/Python "
            "(write mariadb://user:password@host/database)"
        )
    if port is not None and not 0 < port < 65536:
        raise WordleError(f"port {port} is out of range (1 to 65535)")
    parsed = parsed.set(drivername=DRIVER)
    connect_options(parsed)
    return parsed


def connect_options(url: URL) -> dict[str, Any]:
    """The URL's ?options, checked and typed for Connector/Python's connect()."""
    options: dict[str, Any] = {}
    for name, value in url.query.items():
        if name == "charset":
            raise WordleError("URL option 'charset' is not supported: wordle-db uses utf8mb4")
        kind = URL_OPTIONS.get(name)
        if kind is None:
            raise WordleError(f"unknown URL option {name!r}; known: {', '.join(URL_OPTIONS)}")
        if not isinstance(value, str):
            raise WordleError(f"URL option {name!r} is given more than once")
        options[name] = _typed(name, value, kind)
    return options


def _typed(name: str, value: str, kind: type) -> Any:
    if kind is int:
        if not (value.isascii() and value.isdigit() and int(value) <= MAX_SECONDS):
            raise WordleError(f"URL option {name!r} must be a number of seconds, not {value!r}")
        return int(value)
    if kind is bool:
        if value.lower() not in BOOLEANS:
            raise WordleError(f"URL option {name!r} must be true or false, not {value!r}")
        return BOOLEANS[value.lower()]
    if "\x00" in value:
        raise WordleError(f"URL option {name!r} holds a NUL character")
    return value


def with_timeouts(url: URL, timeouts: Timeouts) -> URL:
    """The URL with the timeouts, unless it sets them itself (0: none)."""
    wanted = {"connect_timeout": timeouts.connect, "read_timeout": timeouts.read,
              "write_timeout": timeouts.read}  # fmt: skip
    return url.update_query_dict(
        {k: str(v) for k, v in wanted.items() if v and k not in url.query}
    )


def server_url(url: str | None, timeouts: Timeouts | None = None) -> URL:
    """The URL to use: the given one, else $WORDLE_DB_URL, else the embedded server; with the
    timeouts when given."""
    if url is not None and not url.strip():
        raise WordleError("the database URL is empty")
    url = url or os.environ.get(URL_ENV)
    if url:
        parsed = parse_url(url)
    else:
        server = LocalServer(default_home())
        server.start()
        parsed = parse_url(server.url())
    return with_timeouts(parsed, timeouts) if timeouts else parsed


def describe_url(url: URL) -> str:
    """The URL without its password (nor the timeouts added by default), for messages."""
    return url.difference_update_query(TIMEOUT_OPTIONS).render_as_string(hide_password=True)


def _utf8mb4(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("SET NAMES utf8mb4 COLLATE utf8mb4_unicode_ci")
    cursor.close()


def create_engine(url: URL) -> Engine:
    """An engine in autocommit mode: stored procedures manage their own transactions. No pool:
    a connection is closed when given back, with no reset that a dead server would fail."""
    engine = sa.create_engine(
        url.set(query={}), connect_args=connect_options(url), isolation_level="AUTOCOMMIT",
        poolclass=NullPool, pool_reset_on_return=None,
    )  # fmt: skip
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
    """The arguments, once every text among them can be sent as UTF-8 and every number fits
    the server's 64-bit integers."""
    for arg in args:
        if isinstance(arg, str):
            try:
                arg.encode("utf-8")
            except UnicodeEncodeError:
                raise WordleError("the input is not valid UTF-8") from None
        elif isinstance(arg, int) and not -(2**63) <= arg < 2**64:
            raise WordleError(f"the number {arg} is out of range")
    return tuple(args)


@contextmanager
def _cursor(conn: Connection, args: Sequence[Any] = ()) -> Iterator[Any]:
    """A raw driver cursor; the server's errors come out as DatabaseError (with the 4-byte
    characters of `args` put back into the message)."""
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        yield cursor
    except mariadb.Error as exc:
        raise DatabaseError.from_driver(exc, args) from exc
    except RuntimeError as exc:  # the driver failed to build the server's error
        raise DatabaseError(f"the server refused the statement; the driver could not say "
                            f"why ({exc})", None, None) from exc  # fmt: skip
    finally:
        with suppress(mariadb.Error):  # the connection is gone: the error above says so
            cursor.close()


def call(conn: Connection, procedure: str, *args: Any) -> list[dict[str, Any]]:
    """CALL a stored procedure and return the rows of its (last) result set as dicts."""
    placeholders = ", ".join("?" for _ in args)
    sendable = _sendable(args)
    with _cursor(conn, sendable) as cursor:
        cursor.execute(f"CALL {_identifier(procedure)}({placeholders})", sendable)
        rows: list[dict[str, Any]] = []
        while True:
            if cursor.description:
                names = [d[0] for d in cursor.description]
                rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
            if not cursor.nextset():
                break
        return rows


def call_one(conn: Connection, procedure: str, *args: Any) -> dict[str, Any]:
    """CALL a procedure that answers with one row; none (an interrupted call) is an error."""
    rows = call(conn, procedure, *args)
    if len(rows) != 1:
        raise WordleError(f"{procedure} returned {len(rows)} rows instead of one (interrupted?)")
    return rows[0]


def query(conn: Connection, sql: str, *args: Any) -> list[dict[str, Any]]:
    """Run one statement with positional ? parameters and return its rows as dicts."""
    sendable = _sendable(args)
    with _cursor(conn, sendable) as cursor:
        cursor.execute(sql, sendable)
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
