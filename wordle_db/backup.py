"""`wordle-db backup DIR` and `wordle-db restore DIR`: the game's database with its routines,
events, views and triggers (mariadb-dump, one consistent snapshot), and the accounts that
reach it: the routines' owner wordle_owner, the four roles with their grants, and every
account holding one of them, with its password hash. A restore goes into a new, empty
database (of any name) on any server, so it plays on with the same puzzles, games, numbers
and accounts; the answer pool's "used" marks come back with it, so no word published on one
day is published again on another.

DIR holds secrets (today's and future answers, password hashes): it is made readable by its
owner only.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy.engine import URL, Connection

from wordle_db import db, schema
from wordle_db.errors import WordleError
from wordle_db.roles import ROLES

DUMP, ACCOUNTS, MANIFEST = "database.sql", "accounts.sql", "manifest.json"
OWNER = ("wordle_owner", "localhost")


def _tool(*names: str) -> str:
    for name in names:
        found = shutil.which(name, path=f"{os.environ.get('PATH', '')}:/usr/bin")
        if found:
            return found
    raise WordleError(f"{names[0]} is not installed (Debian: apt-get install mariadb-client)")


@contextmanager
def _defaults(url: URL) -> Iterator[str]:
    """A client option file for the URL (its password never on a command line)."""
    lines = ["[client]", f"user={url.username or ''}"]
    if url.password:
        lines.append(f"password={url.password}")
    socket = url.query.get("unix_socket")
    if socket:
        lines.append(f"socket={socket}")
    else:
        lines += [f"host={url.host or 'localhost'}", f"port={url.port or 3306}", "protocol=tcp"]
    with tempfile.NamedTemporaryFile("w", suffix=".cnf", delete=False) as handle:
        os.chmod(handle.name, 0o600)
        handle.write("\n".join(lines) + "\n")
    try:
        yield handle.name
    finally:
        os.unlink(handle.name)


def _run(command: list[str], what: str, **kwargs: Any) -> None:
    kwargs.setdefault("stdout", subprocess.DEVNULL)
    result = subprocess.run(command, stderr=subprocess.PIPE, text=True, **kwargs)
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["no message"])[-1]
        raise WordleError(f"{what} failed: {last}")


def _accounts(conn: Connection) -> list[tuple[str, str]]:
    """wordle_owner, then the roles, then every account holding a role (directly)."""
    held = db.query(
        conn,
        "SELECT DISTINCT User AS user, Host AS host FROM mysql.roles_mapping "
        "WHERE Role IN (?, ?, ?, ?) AND Host <> '' ORDER BY User, Host",
        *ROLES,
    )
    return [OWNER] + [(r, "") for r in ROLES] + [(r["user"], r["host"]) for r in held]


def _account_sql(conn: Connection, database: str) -> tuple[list[str], list[str]]:
    """(statements creating the accounts, statements granting): grants on `database` are
    written with the placeholder {database}, the restore's name."""
    creates, grants = [], []
    for user, host in _accounts(conn):
        quote = db.quote_identifier
        name = quote(user) if not host else f"{quote(user)}@{quote(host)}"
        if not host:
            creates.append(f"CREATE ROLE IF NOT EXISTS {name}")
        else:
            made = db.scalar(conn, f"SHOW CREATE USER {name}")
            creates.append(made.replace("CREATE USER ", "CREATE USER IF NOT EXISTS ", 1))
        for row in db.query(conn, f"SHOW GRANTS FOR {name}"):
            line = next(iter(row.values()))
            ours, whole = f"{quote(database)}.", f"{quote(db.database_grant_name(database))}.*"
            on = line.partition(" ON ")[2]
            if line.startswith("GRANT USAGE ON *.* TO") or (
                on
                and not on.startswith(
                    ("*.*", "`mysql`.", ours, whole, f"PROCEDURE {ours}", f"FUNCTION {ours}")
                )
            ):
                continue  # nothing, or another game database's (the grant tables stay)
            grants.append(line.replace(whole, "{database}.*").replace(ours, "{database}."))
    return creates, grants


@contextmanager
def _own_directory(directory: Path) -> Iterator[int]:
    """A new (or empty) directory of this user's, readable by it only, opened without
    following a symbolic link: a link planted where the backup goes (a shared /tmp) would
    carry the answers and password hashes elsewhere. Yields the directory's descriptor."""
    if directory.is_symlink():
        raise WordleError(f"{directory} is a symbolic link: back up into a new directory")
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise WordleError(f"{directory} is not empty: back up into a new directory")
    directory.parent.mkdir(parents=True, exist_ok=True)
    with suppress(FileExistsError):
        os.mkdir(directory, 0o700)
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as exc:
        raise WordleError(f"cannot back up into {directory}: {exc.strerror}") from None
    try:
        if os.fstat(fd).st_uid != os.geteuid():
            raise WordleError(f"{directory} belongs to another user: back up into a new directory")
        os.fchmod(fd, 0o700)
        yield fd
    finally:
        os.close(fd)


def _new_file(directory: int, name: str) -> int:
    """A new file in the directory `directory` (a descriptor), readable by its owner only."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
    return os.open(name, flags, 0o600, dir_fd=directory)


def _on_database(grant: str, database: str) -> str:
    """A grant of the backup on the restore's database. On the whole database (`ON db.*`)
    the name's `_` and `%` are escaped: there they are wildcards, and a grant on `wordle_5`
    would also give every database named like `wordleX5`. On a table or routine they are
    not."""
    grant = grant.replace(
        "{database}.*", f"{db.quote_identifier(db.database_grant_name(database))}.*"
    )
    return grant.replace("{database}.", f"{db.quote_identifier(database)}.")


def backup(url: URL, directory: Path) -> dict[str, Any]:
    """Write the backup into `directory` (new or empty, not a symbolic link); returns the
    manifest."""
    database = url.database
    if not database:
        raise WordleError("the database URL names no database (…/DBNAME)")
    with db.connect(url) as conn:
        revision = schema.current_revision(conn)
        creates, grants = _account_sql(conn, database)
        counts = {
            t: db.scalar(conn, f"SELECT COUNT(*) FROM {t}")
            for t in ("puzzles", "games", "attempts", "players", "channels")
        }
    with _own_directory(directory) as where:
        with _defaults(url) as options, open(_new_file(where, DUMP), "w") as out:
            _run(
                [
                    _tool("mariadb-dump", "mysqldump"),
                    f"--defaults-extra-file={options}",
                    "--single-transaction",
                    "--routines",
                    "--events",
                    "--triggers",
                    "--hex-blob",
                    "--no-tablespaces",
                    "--skip-add-locks",
                    database,
                ],
                "mariadb-dump",
                stdout=out,
            )
        manifest = {
            "database": database,
            "revision": revision,
            "made_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "rows": counts,
        }
        with open(_new_file(where, ACCOUNTS), "w") as out:
            out.write(json.dumps({"create": creates, "grant": grants}, indent=1) + "\n")
        with open(_new_file(where, MANIFEST), "w") as out:
            out.write(json.dumps(manifest, indent=1) + "\n")
    return manifest


def restore(url: URL, directory: Path) -> dict[str, Any]:
    """Restore `directory` into the URL's database, which must be new or empty; returns the
    manifest."""
    try:
        manifest: dict[str, Any] = json.loads((directory / MANIFEST).read_text())
        accounts = json.loads((directory / ACCOUNTS).read_text())
    except (OSError, ValueError) as exc:
        raise WordleError(f"{directory} is not a wordle-db backup: {exc}") from None
    if not (directory / DUMP).is_file():
        raise WordleError(f"{directory} is not a wordle-db backup: {DUMP} is missing")
    database = url.database
    if not database:
        raise WordleError("the database URL names no database (…/DBNAME)")
    schema.ensure_database(url)
    with db.connect(url) as conn:
        if db.scalar(
            conn, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
        ):
            raise WordleError(f"the database {database} is not empty: restore into a new one")
        for statement in accounts["create"]:
            conn.exec_driver_sql(statement)
    with _defaults(url) as options, open(directory / DUMP) as dump:
        _run(
            [_tool("mariadb", "mysql"), f"--defaults-extra-file={options}", database],
            "loading the dump",
            stdin=dump,
        )
    with db.connect(url) as conn:
        for statement in accounts["grant"]:
            conn.exec_driver_sql(_on_database(statement, database))
        conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
    return manifest
