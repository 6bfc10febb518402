"""Connections: which server to use, engines with utf8mb4 sessions, and calling routines."""

from __future__ import annotations

import os
import random
import re
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

import mariadb
import sqlalchemy as sa
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.pool import NullPool

from wordle_db.errors import (
    STALE_SESSION,
    DatabaseError,
    WordleError,
    describe,
    lost_connection,
    restore_typed,
)
from wordle_db.server import LocalServer, default_home

DRIVER = "mariadb+mariadbconnector"
URL_ENV = "WORDLE_DB_URL"
# The drivers a URL may name: all mean MariaDB Connector/Python (the code calls it directly).
DRIVER_NAMES = ("mariadb", "mysql", DRIVER, "mysql+mariadbconnector")
# Connector/Python connect() options a URL may carry (?name=value), and their types.
URL_OPTIONS: dict[str, type] = {
    "unix_socket": str,
    "connect_timeout": int,
    "read_timeout": int,
    "write_timeout": int,
    "local_infile": bool,
    "compress": bool,
    "init_command": str,
    "default_file": str,
    "default_group": str,
    "plugin_dir": str,
    "ssl": bool,
    "ssl_verify_cert": bool,
    "ssl_key": str,
    "ssl_cert": str,
    "ssl_ca": str,
    "ssl_capath": str,
    "ssl_cipher": str,
    "ssl_crl": str,
    "ssl_crlpath": str,
    "tls_version": str,
    "tls_fp": str,
    "tls_fp_list": str,
    "hosts": str,
}
# Not for connect(): the cluster's nodes, tried in order (see _connect_node).
OWN_OPTIONS = ("hosts",)
DEFAULT_PORT = 3306
# mariadb://user@h1:3306,h2:3306/db: SQLAlchemy cannot parse a host list; it becomes ?hosts=.
HOST_LIST = re.compile(
    r"(?P<head>[\w+.-]+://(?:[^:/@]*(?::[^@]*)?@)?)(?P<hosts>[^/?]*,[^/?]*)"
    r"(?P<tail>[/?].*)?",
    re.S,
)
# A routine call aborted by a deadlock or a cluster's certification conflict (1213, also at
# COMMIT after the routine returned) rolled back everything: the whole CALL is sent again.
DEADLOCK = 1213
LOCK_WAIT_TIMEOUT = 1205
SQLSTATES = {1213: "40001", 1205: "HY000", 1062: "23000"}  # for errors read with SHOW ERRORS
RETRIES = 5  # tries in all
RESENT: Counter[int | None] = Counter()  # calls sent again, by error number (for benchmarks)
# Routines that may be sent again after a lost connection, when the first call may have
# committed: publication is idempotent, the others only read (or publish today first).
# wordle_play is not among them: game.play tells whether the guess was recorded.
RESENDABLE = frozenset(
    {
        "wordle_publish",
        "wordle_publish_word",
        "wordle_set_setting",
        "wordle_board",
        "wordle_candidates",
        "wordle_check",
        "wordle_game",
        "wordle_keyboard",
        "wordle_settings",
        "wordle_share",
        "wordle_stats",
        "wordle_stats_distribution",
        "wordle_status",
        "wordle_suggest",
        "wordle_solve_word",
        "wordle_solve_report",
        "wordle_solve_distribution",
        "wordle_publish_on",
        "wordle_publish_word_on",
        "wordle_board_on",
        "wordle_check_on",
        "wordle_game_on",
        "wordle_keyboard_on",
        "wordle_share_on",
        "wordle_stats_on",
        "wordle_stats_distribution_on",
        "wordle_status_on",
        "wordle_channels",
        "wordle_channels_brief",
        "wordle_channel",
        "wordle_candidates_on",
        "wordle_suggest_on",
        "wordle_solve_word_on",
        "wordle_publish_today",
    }
)
MAX_SECONDS = 366 * 24 * 3600  # integer options are timeouts in seconds
BOOLEANS = {
    "1": True,
    "true": True,
    "yes": True,
    "on": True,
    "0": False,
    "false": False,
    "no": False,
    "off": False,
}
TIMEOUT_OPTIONS = ("connect_timeout", "read_timeout", "write_timeout")


@dataclass(frozen=True)
class Timeouts:
    """Seconds to wait for a connection and for each answer (0: no limit). Long routine calls
    (the solver build's steps) take seconds to a minute, far below the read default."""

    connect: int = 10
    read: int = 600


def parse_url(url: str) -> URL:
    """A SQLAlchemy URL; the shorthand mariadb://... means the project's own driver. Other
    drivers and options Connector/Python does not know are refused by name. A list of hosts
    (mariadb://user@h1:3306,h2:3306/db) becomes the option ?hosts=h1:3306,h2:3306."""
    url = _host_list_as_option(url)
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


def _host_list_as_option(url: str) -> str:
    found = HOST_LIST.fullmatch(url)
    if found is None:
        return url
    tail = found["tail"] or "/"
    joiner = "&" if "?" in tail else ("?" if tail.startswith("/") else "")
    if not tail.startswith(("/", "?")):
        return url
    first = found["hosts"].split(",")[0].rsplit(":", 1)[0]
    return f"{found['head']}{first}{tail}{joiner}hosts={found['hosts']}"


def hosts(url: URL) -> list[tuple[str, int]]:
    """The URL's nodes in order: ?hosts=h1:3306,h2 (default port: the URL's, else 3306), or
    none when the URL names one server."""
    text = url.query.get("hosts")
    if not isinstance(text, str):
        return []
    nodes = []
    for item in text.split(","):
        host, colon, port = item.strip().rpartition(":") if ":" in item else (item, "", "")
        host = host.strip().strip("[]")
        if not host or (colon and not (port.isascii() and port.isdigit())):
            raise WordleError(f"URL option 'hosts': {item!r} is not host or host:port")
        number = int(port) if colon else (url.port or DEFAULT_PORT)
        if not 0 < number < 65536:
            raise WordleError(f"URL option 'hosts': port {number} is out of range (1 to 65535)")
        nodes.append((host, number))
    return nodes


def node_urls(url: URL) -> list[URL]:
    """One URL per node of ?hosts= (none when the URL names one server)."""
    plain = url.difference_update_query(["hosts"])
    return [plain.set(host=host, port=port) for host, port in hosts(url)]


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
    if "hosts" in options:
        hosts(url)  # checked here, used by the engine
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
    wanted = {
        "connect_timeout": timeouts.connect,
        "read_timeout": timeouts.read,
        "write_timeout": timeouts.read,
    }
    return url.update_query_dict({k: str(v) for k, v in wanted.items() if v and k not in url.query})


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


def _session(dbapi_connection: Any, _record: Any) -> None:
    """utf8mb4; on a Galera node, reads wait for the writes the cluster already committed
    (wsrep_sync_wait=1), so a read on one node sees a write just made on another."""
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("SET NAMES utf8mb4 COLLATE utf8mb4_unicode_ci")
        if _wsrep_state(cursor) is not None:
            cursor.execute("SET SESSION wsrep_sync_wait = 1")
    finally:
        cursor.close()


def _wsrep_state(cursor: Any) -> str | None:
    """The node's wsrep_local_state_comment ('Synced', 'Donor/Desynced', ...), or None when
    the server is not a Galera node (or has no wsrep at all)."""
    try:
        cursor.execute("SELECT @@GLOBAL.wsrep_on")
        (on,) = cursor.fetchone()
        if not on:
            return None
        cursor.execute("SHOW GLOBAL STATUS LIKE 'wsrep_local_state_comment'")
        row = cursor.fetchone()
    except mariadb.Error as exc:
        if exc.errno == 1193:  # unknown system variable: a server built without wsrep
            return None
        raise
    return str(row[1]) if row else "unknown"


def _connect_node(nodes: list[tuple[str, int]], params: dict[str, Any]) -> Any:
    """A connection to the first of `nodes` that answers and is Synced: a node that is joining,
    a donor or outside the primary component is skipped (it refuses or serves stale reads)."""
    skipped: list[str] = []
    for host, port in nodes:
        try:
            connection = mariadb.connect(**{**params, "host": host, "port": port})
        except mariadb.Error as exc:
            skipped.append(f"{host}:{port}: {describe(exc)}")
            continue
        try:
            cursor = connection.cursor()
            state = _wsrep_state(cursor)
            cursor.close()
        except mariadb.Error as exc:
            state = describe(exc)
        if state in (None, "Synced"):
            return connection
        connection.close()
        skipped.append(f"{host}:{port}: not synced ({state})")
    raise WordleError("no node of the cluster is ready: " + "; ".join(skipped))


def create_engine(url: URL) -> Engine:
    """An engine in autocommit mode: stored procedures manage their own transactions. No pool:
    a connection is closed when given back, with no reset that a dead server would fail.
    With ?hosts=..., each connection goes to the first node that is Synced."""
    options = connect_options(url)
    nodes = hosts(url)
    engine = sa.create_engine(
        url.set(query={}),
        connect_args={k: v for k, v in options.items() if k not in OWN_OPTIONS},
        isolation_level="AUTOCOMMIT",
        poolclass=NullPool,
        pool_reset_on_return=None,
    )
    if nodes:

        def node(_dialect: Any, _record: Any, _cargs: Any, params: dict[str, Any]) -> Any:
            return _connect_node(nodes, params)

        sa.event.listen(engine, "do_connect", node)
    sa.event.listen(engine, "connect", _session)
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
    """A raw driver cursor whose rows are dicts (made by the driver, in C); the server's errors
    come out as DatabaseError (with the 4-byte characters of `args` put back into the
    message)."""
    try:  # a connection replaced (_replace) connects again here
        cursor = conn.connection.dbapi_connection.cursor(dictionary=True)  # type: ignore[union-attr]
    except sa.exc.DBAPIError as exc:
        raise DatabaseError.from_driver(exc.orig or exc, args) from exc
    try:
        yield cursor
    except mariadb.Error as exc:
        raise DatabaseError.from_driver(exc, args) from exc
    except RuntimeError as exc:  # the driver failed to build the server's error
        raise DatabaseError(
            f"the server refused the statement; the driver could not say why ({exc})", None, None
        ) from exc
    finally:
        with suppress(mariadb.Error):  # the connection is gone: the error above says so
            cursor.close()


def call(conn: Connection, procedure: str, *args: Any) -> list[dict[str, Any]]:
    """CALL a stored procedure and return the rows of its (last) result set as dicts."""
    return call_sets(conn, procedure, *args)[-1]


def call_sets(conn: Connection, procedure: str, *args: Any) -> list[list[dict[str, Any]]]:
    """CALL a stored procedure and return the rows of each of its result sets, in order (at
    least one list: empty when it answered none).

    Each routine is one transaction (or several, each committed), so a call aborted by a
    deadlock or a Galera certification conflict (1213, possibly at COMMIT after its rows came)
    changed nothing and is sent again, up to RETRIES times after a growing random pause (a lock
    wait timeout, 1205, is not: it has waited its whole time, and would wait again); so is a
    call refused because the session began before an account it may be changed
    (STALE_SESSION), on a new connection. After a lost connection only the RESENDABLE
    routines are sent again, on a new connection (the first Synced node of ?hosts=); for the
    others (a guess) whether the call committed is unknown, and the dead connection is left to
    the caller, who says so."""
    for attempt in range(1, RETRIES + 1):
        try:
            return _call(conn, procedure, args)
        except DatabaseError as exc:
            if attempt == RETRIES or not _resendable(conn, procedure, exc):
                raise
            RESENT[exc.errno] += 1
        time.sleep(random.uniform(0.5, 1.0) * min(0.1, 0.01 * 2**attempt))
    raise AssertionError("unreachable")


def _resendable(conn: Connection, procedure: str, exc: DatabaseError) -> bool:
    """Whether the failed call may be sent again (after putting the session right)."""
    if exc.sqlstate == STALE_SESSION:  # refused before it did anything: on a new connection
        _replace(conn)
        return True
    if lost_connection(exc.errno):
        if procedure not in RESENDABLE:
            return False  # it may have committed, or still run (a read timeout): unknown
        _replace(conn)
        return True
    return exc.errno == DEADLOCK


def _replace(conn: Connection) -> None:
    """Drop a dead connection: the next statement on `conn` opens a new one."""
    with suppress(Exception):
        conn.invalidate()


def _call(conn: Connection, procedure: str, args: Sequence[Any]) -> list[list[dict[str, Any]]]:
    placeholders = ", ".join("?" for _ in args)
    sendable = _sendable(args)
    with _cursor(conn, sendable) as cursor:
        cursor.execute(f"CALL {_identifier(procedure)}({placeholders})", sendable)
        sets: list[list[dict[str, Any]]] = []
        while True:
            if cursor.description:
                sets.append(cursor.fetchall())
            if not cursor.nextset():
                break
        if cursor.description:
            # A CALL ends with a status packet (no columns). Connector/Python 1.1 drops an error
            # that comes after a result set instead (a COMMIT aborted by Galera after the
            # routine's SELECT): the rows were never committed.
            raise _late_error(cursor, sendable)
        return sets or [[]]


def _late_error(cursor: Any, args: Sequence[Any]) -> DatabaseError:
    """The error that ended the previous statement, from SHOW ERRORS."""
    cursor.execute("SHOW ERRORS")
    errors = [row for row in cursor.fetchall() if row["Level"] == "Error"]
    if not errors:
        return DatabaseError(
            "the call ended without its status: its result is not sure", None, None
        )
    errno, message = errors[-1]["Code"], errors[-1]["Message"]
    return DatabaseError(restore_typed(str(message), args), int(errno), SQLSTATES.get(errno))


def call_one(conn: Connection, procedure: str, *args: Any) -> dict[str, Any]:
    """CALL a procedure that answers with one row; none (an interrupted call) is an error."""
    return only_row(procedure, call(conn, procedure, *args))


def only_row(procedure: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The one row a procedure answers with; none or several (an interrupted call) is an
    error."""
    if len(rows) != 1:
        raise WordleError(f"{procedure} returned {len(rows)} rows instead of one (interrupted?)")
    return rows[0]


def call_one_out(conn: Connection, procedure: str, *args: Any) -> dict[str, Any]:
    """call_one for a procedure whose last parameter is an OUT one that repeats its row (a
    code for SQL callers): it goes to a user variable emptied at once, so no secret stays in
    the session (a pooled connection serves other requests next)."""
    placeholders = ", ".join(["?"] * len(args) + ["@wordle_out"])
    try:
        rows = query(conn, f"CALL {_identifier(procedure)}({placeholders})", *args)
    finally:
        query(conn, "SET @wordle_out = NULL")
    return only_row(procedure, rows)


def query(conn: Connection, sql: str, *args: Any) -> list[dict[str, Any]]:
    """Run one statement with positional ? parameters and return its rows as dicts (for a
    CALL that answers with several result sets, the rows of each, one after another)."""
    sendable = _sendable(args)
    rows: list[dict[str, Any]] = []
    with _cursor(conn, sendable) as cursor:
        cursor.execute(sql, sendable)
        while True:
            if cursor.description:
                rows += cursor.fetchall()
            if not cursor.nextset():
                return rows


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


def database_grant_name(name: str) -> str:
    """A database's name as a database-level grant (`ON db.*`) names it alone: there `_` and
    `%` are wildcards (a grant on `wordle_5` would also give `wordleX5`), so they are escaped.
    On a table or routine they are not."""
    return name.replace("\\", "\\\\").replace("_", "\\_").replace("%", "\\%")
