"""Hostile places for a backup, and a restore's grants (issue 40, item 6): a backup never
writes through a symbolic link nor into another user's directory, and a restore into a
database whose name holds `_` grants on that database only, never on the names the `_`
wildcard would match."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from wordle_db import db, roles

from support.databases import Invoke, cli_runner

NOBODY = 65534


def _link_to_an_empty_directory(tmp: Path) -> Path:
    (tmp / "elsewhere").mkdir()
    (tmp / "backup").symlink_to(tmp / "elsewhere")
    return tmp / "elsewhere"


def _dangling_link(tmp: Path) -> Path:
    (tmp / "backup").symlink_to(tmp / "elsewhere")
    return tmp / "elsewhere"


def _link_to_a_file(tmp: Path) -> Path:
    (tmp / "elsewhere").write_text("")
    (tmp / "backup").symlink_to(tmp / "elsewhere")
    return tmp / "elsewhere"


def _a_file(tmp: Path) -> Path:
    (tmp / "backup").write_text("")
    return tmp / "backup"


def _another_users_empty_directory(tmp: Path) -> Path:
    (tmp / "backup").mkdir(mode=0o777)
    os.chown(tmp / "backup", NOBODY, NOBODY)
    return tmp / "backup"


# (where `backup` points, made in tmp; returns the place that must stay as it was), needle
PLACES: list[tuple[Callable[[Path], Path], str]] = [
    (_link_to_an_empty_directory, "is a symbolic link"),
    (_dangling_link, "is a symbolic link"),
    (_link_to_a_file, "is a file"),  # click's check of DIRECTORY
    (_a_file, "is a file"),
    (_another_users_empty_directory, "belongs to another user"),
]


def _listing(place: Path) -> list[tuple[str, int, int]]:
    """What is at `place`: each entry's name, mode and owner (nothing if absent)."""
    if not place.exists():
        return []
    entries = [place, *place.iterdir()] if place.is_dir() else [place]
    return [(str(p), p.stat().st_mode, p.stat().st_uid) for p in entries]


@pytest.mark.parametrize(("make", "needle"), PLACES, ids=[m.__name__[1:] for m, _ in PLACES])
def test_a_backup_writes_nowhere_it_was_not_meant_to(
    run: Invoke, tmp_path: Path, make: Callable[[Path], Path], needle: str
) -> None:
    kept = make(tmp_path)
    before = _listing(kept)
    result = run("backup", str(tmp_path / "backup"))
    assert result.exit_code in (1, 2), result.output
    assert result.stderr.count("\n") == 1 and needle in result.stderr, result.stderr
    assert _listing(kept) == before


def test_a_backup_is_readable_by_its_owner_only(run: Invoke, tmp_path: Path) -> None:
    made = run("backup", str(tmp_path / "new" / "backup"))
    assert made.exit_code == 0, made.output
    place = tmp_path / "new" / "backup"
    assert place.stat().st_mode & 0o777 == 0o700
    assert {p.name: p.stat().st_mode & 0o777 for p in place.iterdir()} == {
        "database.sql": 0o600,
        "accounts.sql": 0o600,
        "manifest.json": 0o600,
    }


# names a restore may be given (each with a `_` the grants must escape): plain, and with a
# backslash (the escape character of a grant's name), a backquote and a quote
RESTORE_NAMES = ["wr_{}", "wr\\q`'_{}"]


@pytest.mark.parametrize(
    "pattern",
    [
        RESTORE_NAMES[0],
        *(
            pytest.param(p, marks=pytest.mark.found_by("review of main at bc96143"))
            for p in RESTORE_NAMES[1:]
        ),
    ],
)
def test_a_restore_grants_on_its_database_only(
    db_url: URL, server_url: URL, tmp_path: Path, pattern: str
) -> None:
    """Restored into wr_<hex>, the roles' and the owner's database grants name wr\\_<hex>: an
    administrator of the game cannot create a table in wrX<hex> (the `_` would match X)."""
    suffix = uuid.uuid4().hex[:10]
    name = pattern.format(suffix)
    restored, lookalike = server_url.set(database=name), name.replace("_", "X")
    escaped = db.quote_identifier(name.replace("\\", "\\\\").replace("_", "\\_"))
    admin_name, password = f"adm_{suffix}", uuid.uuid4().hex
    made = cli_runner(db_url)("backup", str(tmp_path / "saved"))
    assert made.exit_code == 0, made.output
    try:
        result = cli_runner(restored)("restore", str(tmp_path / "saved"))
        assert result.exit_code == 0, result.output
        with db.connect(server_url) as root:
            root.exec_driver_sql(f"CREATE DATABASE {db.quote_identifier(lookalike)}")
            for account in ("wordle_admin", "'wordle_owner'@'localhost'"):
                grants = db.query(root, f"SHOW GRANTS FOR {account}")
                lines = [next(iter(r.values())) for r in grants]
                assert any(f"{escaped}.*" in line for line in lines), lines
                assert not any(f"{db.quote_identifier(name)}.*" in line for line in lines), lines
        with db.connect(restored) as conn:
            roles.grant(conn, "admin", f"{admin_name}@localhost", password)
        admin = restored.set(username=admin_name, password=password)
        with db.connect(admin) as conn:
            conn.exec_driver_sql("CREATE TABLE mine (i INT PRIMARY KEY)")  # its own database
            with pytest.raises(Exception, match="denied"):
                conn.exec_driver_sql(
                    f"CREATE TABLE {db.quote_identifier(lookalike)}.theirs (i INT PRIMARY KEY)"
                )
    finally:
        with db.connect(server_url) as root:
            root.exec_driver_sql(f"DROP USER IF EXISTS '{admin_name}'@'localhost'")
            root.exec_driver_sql(f"DROP DATABASE IF EXISTS {db.quote_identifier(lookalike)}")
            root.exec_driver_sql(f"DROP DATABASE IF EXISTS {db.quote_identifier(name)}")
            for table in ("db", "tables_priv", "procs_priv"):
                db.query(
                    root,
                    f"DELETE FROM mysql.{table} WHERE Db IN (?, ?)",
                    name,
                    name.replace("\\", "\\\\").replace("_", "\\_"),
                )
            root.exec_driver_sql("FLUSH PRIVILEGES")
