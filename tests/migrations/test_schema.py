"""Migrations, tables and the one-object-per-file SQL layout."""

from __future__ import annotations

import importlib.util
import os
import re
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import channels, db, schema, sqlfiles
from wordle_db.errors import WordleError

from support.databases import cli_runner

NOT_MIGRATED = {"wordle_daily_publish"}  # installed by `wordle-db schedule --event`


def migration_modules(repo_root: Path) -> list:
    modules = []
    for path in sorted((repo_root / "migrations" / "versions").glob("*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        modules.append(module)
    return modules


def objects_in(conn: Connection) -> set[tuple[str, str]]:
    rows = db.query(
        conn,
        "SELECT ROUTINE_NAME AS name, ROUTINE_TYPE AS kind FROM information_schema.ROUTINES "
        "WHERE ROUTINE_SCHEMA = DATABASE() UNION ALL "
        "SELECT TABLE_NAME, 'VIEW' FROM information_schema.VIEWS WHERE TABLE_SCHEMA = DATABASE() "
        "UNION ALL SELECT EVENT_NAME, 'EVENT' FROM information_schema.EVENTS "
        "WHERE EVENT_SCHEMA = DATABASE()",
    )
    return {(r["name"], r["kind"]) for r in rows}


def test_head_installs_every_sql_file(conn: Connection) -> None:
    expected = {(o.name, o.kind) for o in sqlfiles.current_objects() if o.name not in NOT_MIGRATED}
    assert objects_in(conn) == expected


def test_tables_are_innodb_utf8mb4_with_primary_keys(conn: Connection) -> None:
    tables = db.query(
        conn,
        "SELECT t.TABLE_NAME AS name, t.ENGINE AS engine, t.TABLE_COLLATION AS collation, "
        "(SELECT COUNT(*) FROM information_schema.TABLE_CONSTRAINTS c WHERE c.TABLE_SCHEMA = "
        "t.TABLE_SCHEMA AND c.TABLE_NAME = t.TABLE_NAME AND c.CONSTRAINT_TYPE = 'PRIMARY KEY') "
        "AS pk FROM information_schema.TABLES t "
        "WHERE t.TABLE_SCHEMA = DATABASE() AND t.TABLE_TYPE = 'BASE TABLE'",
    )
    assert {t["name"] for t in tables} >= {"words", "puzzles", "answer_pool", "settings"}
    for table in tables:
        assert table["engine"] == "InnoDB", table
        assert table["pk"] == 1, table
        assert table["collation"].startswith("utf8mb4"), table


def test_base_removes_everything_and_head_rebuilds(new_db: Callable[[], URL]) -> None:
    url = new_db()
    assert schema.migrate(url) == (None, schema.head())
    assert schema.migrate(url, "base") == (schema.head(), None)
    with db.connect(url) as conn:
        assert (
            db.scalar(
                conn,
                "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()",
            )
            == 0
        )
        assert objects_in(conn) == set()
    schema.migrate(url, "head")
    with db.connect(url) as conn:
        assert ("wordle_hint", "FUNCTION") in objects_in(conn)


def test_each_revision_goes_down_and_up(new_db: Callable[[], URL], repo_root: Path) -> None:
    url = new_db()
    schema.migrate(url)
    revisions = [m.revision for m in migration_modules(repo_root)]
    for target in reversed(revisions[:-1]):
        assert schema.migrate(url, target)[1] == target
    assert schema.migrate(url, "head")[1] == revisions[-1]


def test_unknown_revision_is_a_clear_error(new_db: Callable[[], URL]) -> None:
    with pytest.raises(Exception, match="unknown revision 'nope'"):
        schema.migrate(new_db(), "nope")


@pytest.mark.parametrize(
    ("revision", "says"),
    [
        ("0020", "older than release 0.1.0 (revision 0036), the oldest this version upgrades"),
        ("0099", "which this version of wordle-db does not know"),
    ],
)
def test_a_database_of_a_revision_this_version_does_not_know_gets_one_line(
    new_db: Callable[[], URL], revision: str, says: str
) -> None:
    """A database older than the baseline (the history before it is squashed) is told to
    upgrade with that release first; one from a newer version, to use it. Nothing changes."""
    url = new_db()
    schema.migrate(url, schema.baseline()[0])
    with db.connect(url) as conn:
        conn.exec_driver_sql(f"UPDATE alembic_version SET version_num = '{revision}'")
    with pytest.raises(WordleError) as refused:
        schema.migrate(url)
    assert says in str(refused.value) and "\n" not in str(refused.value)
    result = cli_runner(url)("migrate")
    assert result.exit_code == 1 and result.stderr == f"Error: {refused.value}\n"
    with db.connect(url) as conn:
        assert db.scalar(conn, "SELECT version_num FROM alembic_version") == revision


def test_the_baseline_is_what_tools_baseline_reads_back(
    new_db: Callable[[], URL], repo_root: Path
) -> None:
    """The baseline module holds what tools/baseline.py reads from a database the baseline
    built (the tables, rows, objects and grants): nobody edited it by hand since it was made,
    and the tool that will make the next one reads what this one writes."""
    sys.path.insert(0, str(repo_root / "tools"))
    try:
        import baseline as tool
    finally:
        sys.path.remove(str(repo_root / "tools"))
    revision, _release = schema.baseline()
    (module,) = [m for m in migration_modules(repo_root) if m.revision == revision]
    url = new_db()
    schema.migrate(url, revision)
    with db.connect(url) as conn:
        made = tool.read(conn, url.database)
    version = re.compile(r"\(`id`, `version`\) VALUES \('1', '\d+'\)")
    assert [version.sub("", r) for r in made["rows"]] == [version.sub("", r) for r in module.ROWS]
    assert made["tables"] == module.TABLES
    assert made["objects"] == module.OBJECTS
    assert sorted(made["grants"]) == sorted(module.GRANTS)  # SHOW GRANTS has no fixed order
    columns = re.compile(r"\(([^)]*)\)")

    def same_order(grant: str) -> str:  # SHOW GRANTS lists a grant's columns in no fixed order
        return columns.sub(lambda m: "(" + ", ".join(sorted(m.group(1).split(", "))) + ")", grant)

    assert sorted(map(same_order, made["owner_grants"])) == sorted(
        map(same_order, module.OWNER_GRANTS)
    )


def test_every_sql_file_is_one_create_or_replace_with_a_header(repo_root: Path) -> None:
    paths = sorted(p for p in (repo_root / "sql").glob("*/*.sql") if p.parent.name != "history")
    assert len(paths) >= 50
    for path in paths:
        text = path.read_text()
        assert text.startswith(f"-- {path.stem}"), f"{path.name}: header must name the object"
        assert "-- revision:" in text and ("Reads:" in text or "Reads/writes:" in text), path.name
        assert "DELIMITER" not in text.upper(), path.name
        body = "\n".join(line for line in text.splitlines() if not line.startswith("--"))
        assert re.match(r"CREATE\s+OR\s+REPLACE\s", body), path.name
        assert sqlfiles.current(path.stem).name == path.stem


def test_every_migration_finds_the_text_of_its_objects(repo_root: Path) -> None:
    for module in migration_modules(repo_root):
        for name in getattr(module, "OBJECTS", []):
            assert sqlfiles.load(name, module.revision).name == name


def test_an_old_revision_is_read_from_the_revision_that_replaced_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sql" / "game").mkdir(parents=True)
    (tmp_path / "migrations" / "replaced" / "0009").mkdir(parents=True)
    (tmp_path / "sql" / "game" / "f.sql").write_text(
        "-- f: new\n-- revision: 0009\nCREATE OR REPLACE VIEW f AS SELECT 2"
    )
    (tmp_path / "migrations" / "replaced" / "0009" / "f.sql").write_text(
        "-- f: old\n-- revision: 0002\nCREATE OR REPLACE VIEW f AS SELECT 1"
    )
    monkeypatch.setattr(sqlfiles, "sql_dir", lambda: tmp_path / "sql")
    monkeypatch.setattr(sqlfiles, "replaced_dir", lambda: tmp_path / "migrations" / "replaced")
    assert sqlfiles.load("f", "0009").text.endswith("SELECT 2")
    assert sqlfiles.load("f", "0002").text.endswith("SELECT 1")
    with pytest.raises(FileNotFoundError):
        sqlfiles.load("f", "0005")


def test_words_compare_as_code_points(conn: Connection) -> None:
    conn.exec_driver_sql("INSERT INTO words (word) VALUES ('zéta'), ('zeta')")
    assert db.scalar(conn, "SELECT COUNT(*) FROM words WHERE word IN ('zéta', 'zeta')") == 2
    with pytest.raises(Exception, match="Duplicate"):
        conn.exec_driver_sql("INSERT INTO words (word) VALUES ('zeta')")


SCHEMA_DOC = "docs/schema.sql"
SCHEMA_HEADER = """\
-- The tables of wordle-db at the latest migration, as MariaDB {version} shows them (SHOW
-- CREATE TABLE, without AUTO_INCREMENT counters): the data model in one place. The migrations
-- in migrations/versions/ create them; the routines and views are in sql/. Written by
-- `WORDLE_DB_WRITE_SCHEMA=1 ./dev test -k schema_doc`, and checked by that test.
"""


def schema_text(conn: Connection) -> str:
    version = ".".join(str(db.scalar(conn, "SELECT VERSION()")).split(".")[:2])
    tables = [
        r["t"]
        for r in db.query(
            conn,
            "SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = "
            "DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
        )
    ]
    parts = [SCHEMA_HEADER.format(version=version)]
    for table in tables:
        ddl = db.query(conn, f"SHOW CREATE TABLE `{table}`")[0]["Create Table"]
        parts.append(re.sub(r" AUTO_INCREMENT=\d+", "", ddl) + ";\n")
    return "\n".join(parts)


def columns(text: str) -> set[tuple[str, str]]:
    """(table, column) pairs of CREATE TABLE statements."""
    found = set()
    for table, body in re.findall(r"CREATE TABLE `(\w+)` \((.*?)\n\)", text, re.DOTALL):
        found |= {(table, c) for c in re.findall(r"^  `(\w+)`", body, re.MULTILINE)}
    return found


def test_schema_doc_shows_the_tables_of_the_latest_migration(
    conn: Connection, repo_root: Path
) -> None:
    path = repo_root / SCHEMA_DOC
    text = schema_text(conn)
    if os.environ.get("WORDLE_DB_WRITE_SCHEMA"):
        path.write_text(text)
    written = path.read_text()
    if written.splitlines()[0] == text.splitlines()[0]:  # the same server version
        assert written == text, f"{SCHEMA_DOC} is out of date: see its header"
    else:  # another server prints types and collations its own way: compare the columns
        assert columns(written) == columns(text), f"{SCHEMA_DOC} is out of date"
    assert len(columns(text)) > 50


@pytest.mark.alone  # it measures time: no other worker beside it (conftest.py)
def test_a_migration_gives_way_to_a_session_left_idle_in_a_transaction(
    shared, conn: Connection, db_url: URL
) -> None:
    """A player's idle transaction holds wordle_today(): the migration that replaces it waits
    a few seconds at a time, other sessions get through in between, and it finishes once the
    idle transaction ends."""
    channels.remove(conn, "side", force=True)  # the previous revision has one channel
    with db.connect(shared("player")) as idle:
        idle.exec_driver_sql("SET autocommit = 0")
        db.scalar(idle, "SELECT wordle_today()")
        migrated: list[tuple[str | None, str | None]] = []
        thread = threading.Thread(
            target=lambda: migrated.append(schema.migrate(db_url, schema.baseline()[0]))
        )
        thread.start()
        time.sleep(1)
        started = time.monotonic()
        assert db.scalar(conn, "SELECT wordle_today()") is not None
        assert time.monotonic() - started < schema.LOCK_WAIT + 2
        assert thread.is_alive() and not migrated
        idle.exec_driver_sql("ROLLBACK")
    thread.join(timeout=120)
    assert migrated == [(schema.head(), schema.baseline()[0])]
    assert schema.migrate(db_url) == (schema.baseline()[0], schema.head())


def test_every_sql_folder_is_shipped_in_the_package(repo_root: Path) -> None:
    """A concern folder missing from pyproject's packages works from a checkout and breaks
    an installed wordle-db (its migration finds no file)."""
    import tomllib

    shipped = set(
        tomllib.loads((repo_root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    folders = {
        p.name for p in (repo_root / "sql").iterdir() if p.is_dir() and p.name != "__pycache__"
    }
    assert {f"wordle_db.sql.{f}" for f in folders} <= shipped
