"""Test databases on the session's server: a private server's data directory, databases made,
filled from another and dropped, and the CLI run against one."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result
from sqlalchemy.engine import URL, Connection

from wordle_db import db
from wordle_db.cli import cli
from wordle_db.server import LocalServer

MEMORY = Path("/dev/shm")
MEMORY_ROOM = 2 * 1024**3  # a test server's data directory stays well under 1 GB
HOME_PREFIX = "wordle-db-test-"


@contextmanager
def server_home(fallback: Path) -> Iterator[Path]:
    """Where a test server keeps its files: in memory (/dev/shm) when it is there with room,
    else `fallback`. A test database's tables and routines are files that each test creates
    and drops: on disk each costs syncs (about 1.5 s a test database, 0.2 s in memory). The
    directory in memory is removed afterwards, and so are those of killed runs."""
    if not (MEMORY.is_dir() and shutil.disk_usage(MEMORY).free >= MEMORY_ROOM):
        yield fallback
        return
    for stale in MEMORY.glob(f"{HOME_PREFIX}*"):
        pid = stale.name[len(HOME_PREFIX) :].split("-")[0]
        if pid.isdigit() and not Path(f"/proc/{pid}").exists():
            shutil.rmtree(stale, ignore_errors=True)
    home = Path(tempfile.mkdtemp(prefix=f"{HOME_PREFIX}{os.getpid()}-", dir=MEMORY))
    try:
        yield home
    finally:
        shutil.rmtree(home, ignore_errors=True)


def new_local_server(home: Path, mariadbd: str) -> LocalServer:
    """A private server's data directory, copied from a template installed once per version."""
    version = subprocess.run([mariadbd, "--version"], capture_output=True, text=True).stdout
    key = hashlib.sha256(f"{version}{os.geteuid()}".encode()).hexdigest()[:12]
    template = LocalServer(Path(tempfile.gettempdir()) / f"wordle-db-test-template-{key}")
    if not template.is_installed():
        template.install()
    server = LocalServer(home)
    server.install(template=template.datadir)
    return server


def new_database(server: URL) -> URL:
    """A URL naming a new database on `server` (not created yet)."""
    return server.set(database=f"wt_{uuid.uuid4().hex[:12]}")


def drop_database(url: URL) -> None:
    """Drop the database and the grants on it (DROP DATABASE leaves those behind)."""
    with db.connect(url._replace(database=None)) as conn:
        conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {db.quote_identifier(url.database)}")
        for table in ("db", "tables_priv", "procs_priv"):
            db.query(conn, f"DELETE FROM mysql.{table} WHERE Db = ?", url.database)
        conn.exec_driver_sql("FLUSH PRIVILEGES")


# Tables of at least this many rows in a kept source are imported as files (keep_rows).
IMPORTED_ROWS = 1000


@dataclass
class _Kept:
    """A source's rows as keep_rows left them: the large tables' files, and the other tables
    that hold rows."""

    datadir: Path  # the server's
    files: Path  # the large tables' .ibd and .cfg, exported once
    imported: list[str]
    copied: list[str]


_KEPT: dict[str, _Kept] = {}  # by the source's URL


def _key(url: URL) -> str:
    return url.render_as_string(hide_password=False)


def copy_rows(source: URL, target: URL, as_files: bool = True) -> None:
    """Copy every table's rows from one database to another with the same schema. From a
    source given to keep_rows, the large tables come as files (InnoDB's transportable
    tablespaces): a test database's words in 20 ms instead of 90."""
    kept = _KEPT.get(_key(source)) if as_files else None
    if kept is not None and target.query == source.query and target.host == source.host:
        _import_rows(kept, source, target)
        return
    with db.connect(target) as conn:
        tables = db.query(conn, BASE_TABLES, source.database)
        conn.exec_driver_sql("SET SESSION foreign_key_checks = 0")
        for table in tables:
            _copy_table(conn, source, table["name"])


def _copy_table(conn: Connection, source: URL, table: str) -> None:
    """The table's rows replaced by the source's, in one transaction: the new database's
    accounts refresh (an event, which runs once when created) may write the same rows."""
    name = db.quote_identifier(table)
    conn.exec_driver_sql("BEGIN")
    conn.exec_driver_sql(f"DELETE FROM {name}")
    conn.exec_driver_sql(
        f"INSERT INTO {name} SELECT * FROM {db.quote_identifier(source.database)}.{name}"
    )
    conn.exec_driver_sql("COMMIT")


def _import_rows(kept: _Kept, source: URL, target: URL) -> None:
    assert target.database
    with db.connect(target) as conn:
        conn.exec_driver_sql("SET SESSION foreign_key_checks = 0")
        for table in kept.imported:
            name = db.quote_identifier(table)
            conn.exec_driver_sql(f"ALTER TABLE {name} DISCARD TABLESPACE")
            for suffix in (".ibd", ".cfg"):
                shutil.copyfile(
                    kept.files / f"{table}{suffix}",
                    kept.datadir / target.database / f"{table}{suffix}",
                )
            conn.exec_driver_sql(f"ALTER TABLE {name} IMPORT TABLESPACE")
            # the file keeps the source's counter, past its rows by the inserts' reservations;
            # INSERT ... SELECT leaves it just past them: set it there (the lowest it may be)
            conn.exec_driver_sql(f"ALTER TABLE {name} AUTO_INCREMENT = 1")
        for table in kept.copied:
            _copy_table(conn, source, table)


def keep_rows(source: URL, files: Path) -> None:
    """Let copy_rows take `source`'s large tables as files exported to `files` now: only for a
    source that no longer changes, on a server of this machine whose data directory is this
    user's (a private test server; not a Galera node: the files would reach one node). The
    first copy made both ways must agree (rows and AUTO_INCREMENT counters), else the run
    stops."""
    assert source.database
    with db.connect(source) as conn:
        datadir = Path(db.scalar(conn, "SELECT @@datadir"))
        if (
            not source.query.get("unix_socket")
            or not (datadir / source.database).is_dir()
            or datadir.stat().st_uid != os.geteuid()
            or db.scalar(conn, "SELECT @@wsrep_on")
        ):
            return
        counts = {
            row["name"]: db.scalar(conn, f"SELECT COUNT(*) FROM {db.quote_identifier(row['name'])}")
            for row in db.query(conn, BASE_TABLES, source.database)
        }
        imported = sorted(t for t, n in counts.items() if n >= IMPORTED_ROWS)
        copied = sorted(t for t, n in counts.items() if 0 < n < IMPORTED_ROWS)
        files.mkdir(parents=True, exist_ok=True)
        if imported:
            conn.exec_driver_sql(
                "FLUSH TABLES " + ", ".join(map(db.quote_identifier, imported)) + " FOR EXPORT"
            )
            try:
                for table in imported:
                    for suffix in (".ibd", ".cfg"):
                        shutil.copyfile(
                            datadir / source.database / f"{table}{suffix}",
                            files / f"{table}{suffix}",
                        )
            finally:
                conn.exec_driver_sql("UNLOCK TABLES")
    _KEPT[_key(source)] = _Kept(datadir, files, imported, copied)


def auto_increments(conn: Connection, database: str) -> dict[str, int]:
    """Each table's AUTO_INCREMENT counter (of the tables that have one)."""
    return {
        r["name"]: int(r["counter"])
        for r in db.query(
            conn,
            "SELECT TABLE_NAME AS name, AUTO_INCREMENT AS counter FROM information_schema.TABLES "
            "WHERE TABLE_SCHEMA = ? AND AUTO_INCREMENT IS NOT NULL",
            database,
        )
    }


BASE_TABLES = (
    "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? "
    "AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> 'alembic_version'"
)


def checksums(conn: Connection, database: str) -> dict[str, Any]:
    """Each table's CHECKSUM TABLE ... EXTENDED (all its rows), the tables copy_rows copies."""
    tables = [r["name"] for r in db.query(conn, BASE_TABLES, database)]
    quoted = ", ".join(f"{db.quote_identifier(database)}.{db.quote_identifier(t)}" for t in tables)
    return {
        r["Table"].split(".", 1)[1]: r["Checksum"]
        for r in db.query(conn, f"CHECKSUM TABLE {quoted} EXTENDED")
    }


Invoke = Callable[..., Result]


def cli_runner(url: URL) -> Invoke:
    """Run the CLI against `url`'s database: invoke("guess", "crane")."""

    def invoke(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
        runner = CliRunner()
        url_text = url.render_as_string(hide_password=False)
        return runner.invoke(cli, ["--db-url", url_text, *args], input=input, env=env)

    return invoke
