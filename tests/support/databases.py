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
from pathlib import Path

from click.testing import CliRunner, Result
from sqlalchemy.engine import URL

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


def copy_rows(source: URL, target: URL) -> None:
    """Copy every table's rows from one database to another with the same schema."""
    with db.connect(target) as conn:
        tables = db.query(
            conn,
            "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? "
            "AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> 'alembic_version'",
            source.database,
        )
        conn.exec_driver_sql("SET SESSION foreign_key_checks = 0")
        for table in tables:
            name = db.quote_identifier(table["name"])
            conn.exec_driver_sql(f"DELETE FROM {name}")
            conn.exec_driver_sql(
                f"INSERT INTO {name} SELECT * FROM {db.quote_identifier(source.database)}.{name}"
            )


Invoke = Callable[..., Result]


def cli_runner(url: URL) -> Invoke:
    """Run the CLI against `url`'s database: invoke("guess", "crane")."""

    def invoke(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
        runner = CliRunner()
        url_text = url.render_as_string(hide_password=False)
        return runner.invoke(cli, ["--db-url", url_text, *args], input=input, env=env)

    return invoke
