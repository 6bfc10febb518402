"""A test database's schema cloned from the template instead of migrated afresh (~0.3 s
instead of ~2 s, for each of some 500 tests).

The recipe is read once a session from the template the migrations built: every table, routine,
view and event as the server shows it (SHOW CREATE ..., with the sql_mode, character set and
time zone each was created under), the grants the migrations gave on the template's objects
(SHOW GRANTS) and alembic_version. Before any test uses it, the session checks it: a database
migrated the real way and a clone, both given the template's rows, must show the same
information_schema (tables, columns, indexes, constraints, routines and their parameters,
views, triggers, events, AUTO_INCREMENT counters) and the same grants; else the run stops and
names the difference. The migrations themselves stay tested by the tests that run them.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.engine import URL, Connection

from wordle_db import db, schema

from support.databases import copy_rows

# A statement and the session settings it must run under (routines, views and events keep
# the sql_mode, character set and time zone they were created with).
Settings = tuple[tuple[str, str], ...]

MISSING_TABLE = 1146  # a view that selects from a view not created yet


@dataclass
class Recipe:
    source: str  # the template's name, replaced by the clone's in every statement
    tables: list[str] = field(default_factory=list)
    routines: list[tuple[str, Settings]] = field(default_factory=list)
    views: list[tuple[str, Settings]] = field(default_factory=list)
    events: list[tuple[str, Settings]] = field(default_factory=list)
    grants: list[str] = field(default_factory=list)
    revisions: list[str] = field(default_factory=list)


def _rows(conn: Connection, sql: str) -> list[dict[str, Any]]:
    result = conn.exec_driver_sql(sql)
    return [dict(row._mapping) for row in result]


def _names(conn: Connection, sql: str, database: str) -> list[str]:
    return [next(iter(r.values())) for r in db.query(conn, sql, database)]


def _settings(row: dict[str, Any], *names: str) -> Settings:
    return tuple((name, row[name]) for name in names)


def read_recipe(conn: Connection, database: str) -> Recipe:
    """What `database` (the connection's own) is made of, in the order it can be re-created."""
    recipe = Recipe(database)
    for table in _names(
        conn,
        "SELECT TABLE_NAME FROM information_schema.TABLES WHERE "
        "TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
        database,
    ):
        text = _rows(conn, f"SHOW CREATE TABLE {db.quote_identifier(table)}")[0]["Create Table"]
        # The counters start where a migrated table's do; copy_rows moves them past the rows.
        recipe.tables.append(re.sub(r" AUTO_INCREMENT=\d+", "", text))
    for row in db.query(
        conn,
        "SELECT ROUTINE_TYPE AS kind, ROUTINE_NAME AS name FROM "
        "information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? "
        "ORDER BY ROUTINE_TYPE, ROUTINE_NAME",
        database,
    ):
        kind = row["kind"]
        shown = _rows(conn, f"SHOW CREATE {kind} {db.quote_identifier(row['name'])}")[0]
        text = shown[f"Create {kind.title()}"]
        assert text, f"SHOW CREATE {kind} {row['name']} shows no text (missing privilege?)"
        recipe.routines.append(
            (text, _settings(shown, "sql_mode", "character_set_client", "collation_connection"))
        )
    for view in _names(
        conn,
        "SELECT TABLE_NAME FROM information_schema.VIEWS WHERE "
        "TABLE_SCHEMA = ? ORDER BY TABLE_NAME",
        database,
    ):
        shown = _rows(conn, f"SHOW CREATE VIEW {db.quote_identifier(view)}")[0]
        recipe.views.append(
            (shown["Create View"], _settings(shown, "character_set_client", "collation_connection"))
        )
    for event in _names(
        conn,
        "SELECT EVENT_NAME FROM information_schema.EVENTS WHERE "
        "EVENT_SCHEMA = ? ORDER BY EVENT_NAME",
        database,
    ):
        shown = _rows(conn, f"SHOW CREATE EVENT {db.quote_identifier(event)}")[0]
        # A migrated event starts when it is created: so does the clone's.
        text = re.sub(r" STARTS '[^']*'", "", shown["Create Event"])
        recipe.events.append(
            (
                text,
                _settings(
                    shown, "sql_mode", "time_zone", "character_set_client", "collation_connection"
                ),
            )
        )
    quoted = db.quote_identifier(database)
    whole = db.quote_identifier(db.database_grant_name(database)) + ".*"
    for grantee in grantees(conn, database):
        for (line,) in conn.exec_driver_sql(f"SHOW GRANTS FOR {grantee}").fetchall():
            if f" {quoted}." in line or f" {whole} " in line:
                recipe.grants.append(line)
    versions = _rows(conn, "SELECT version_num FROM alembic_version")
    recipe.revisions = [r["version_num"] for r in versions]
    return recipe


def grantees(conn: Connection, database: str) -> list[str]:
    """Every account or role granted anything on `database`, quoted for SHOW GRANTS."""
    rows = db.query(
        conn,
        "SELECT User AS user, Host AS host FROM mysql.db WHERE Db IN (?, ?) UNION "
        "SELECT User, Host FROM mysql.tables_priv WHERE Db = ? UNION "
        "SELECT User, Host FROM mysql.columns_priv WHERE Db = ? UNION "
        "SELECT User, Host FROM mysql.procs_priv WHERE Db = ? ORDER BY 1, 2",
        database,
        db.database_grant_name(database),  # a grant on the whole database names it escaped
        database,
        database,
        database,
    )
    return [f"'{r['user']}'@'{r['host']}'" if r["host"] else f"'{r['user']}'" for r in rows]


def _apply(conn: Connection, settings: Settings, current: dict[str, str]) -> None:
    """Set what differs from `current` (the session's settings as this module left them)."""
    changed = [(name, value) for name, value in settings if current.get(name) != value]
    if changed:
        conn.exec_driver_sql(
            "SET " + ", ".join(f"SESSION {name} = '{value}'" for name, value in changed)
        )
        current.update(changed)


def create(recipe: Recipe, url: URL, rows_from: URL | None = None) -> None:
    """Build the recipe's schema in `url`'s database, which must exist and be empty, then
    copy the rows of `rows_from` (databases.copy_rows) once the events' first runs are over:
    the accounts refresh event runs once when made, and one still running after the copy,
    which found no access_version row to lock, could undo a later `wordle-db grant` (seen
    once: a test's new account missing from server_accounts)."""
    source = recipe.source
    target = url.database
    assert target and source != target

    def rename(text: str) -> str:  # a random name (wt_ and 12 hex digits): only it
        escaped = db.database_grant_name(source), db.database_grant_name(target)
        return text.replace(*escaped).replace(source, target)

    with db.connect(url) as conn:
        current: dict[str, str] = {}
        _apply(conn, (("sql_mode", schema.SQL_MODE),), current)
        conn.exec_driver_sql("SET SESSION foreign_key_checks = 0")
        for text in recipe.tables:
            conn.exec_driver_sql(rename(text))
        conn.exec_driver_sql("SET SESSION foreign_key_checks = 1")
        for text, settings in recipe.routines:
            _apply(conn, settings, current)
            conn.exec_driver_sql(rename(text))
        waiting = list(recipe.views)
        while waiting:  # a view that reads another view waits for it
            left = []
            for text, settings in waiting:
                _apply(conn, settings, current)
                try:
                    conn.exec_driver_sql(rename(text))
                except Exception as exc:
                    if getattr(getattr(exc, "orig", None), "errno", None) != MISSING_TABLE:
                        raise
                    left.append((text, settings))
            if len(left) == len(waiting):
                raise AssertionError(f"views that cannot be created: {left}")
            waiting = left
        for text, settings in recipe.events:
            _apply(conn, settings, current)
            conn.exec_driver_sql(rename(text))
        _apply(
            conn,
            (
                ("sql_mode", schema.SQL_MODE),
                ("character_set_client", "utf8mb4"),
                ("collation_connection", "utf8mb4_unicode_ci"),
            ),
            current,
        )
        for line in recipe.grants:
            conn.exec_driver_sql(rename(line))
        for revision in recipe.revisions:
            db.query(conn, "INSERT INTO alembic_version (version_num) VALUES (?)", revision)
        if rows_from is not None:
            _first_runs_over(conn, target)
            copy_rows(rows_from, url)


def _first_runs_over(conn: Connection, database: str) -> None:
    """Wait (at most 10 s) until every enabled event of `database` has run once and no event
    runs: each runs once when made, while the scheduler is on."""
    if db.scalar(conn, "SELECT @@GLOBAL.event_scheduler") != "ON":
        return
    deadline = time.monotonic() + 10
    while db.scalar(
        conn,
        "SELECT (SELECT COUNT(*) FROM information_schema.EVENTS WHERE EVENT_SCHEMA = ? "
        "AND STATUS = 'ENABLED' AND LAST_EXECUTED IS NULL) + (SELECT COUNT(*) FROM "
        "information_schema.PROCESSLIST WHERE USER = 'wordle_owner')",
        database,
    ):
        assert time.monotonic() < deadline, f"the events of {database} did not run"
        time.sleep(0.01)


# information_schema tables compared between a migrated database and a clone: (table, the
# column naming the schema, columns left out because they tell when or how much, not what).
VOLATILE = {
    "CREATED",
    "LAST_ALTERED",
    "LAST_EXECUTED",
    "STARTS",
    "CREATE_TIME",
    "UPDATE_TIME",
    "CHECK_TIME",
    "TABLE_ROWS",
    "AVG_ROW_LENGTH",
    "DATA_LENGTH",
    "MAX_DATA_LENGTH",
    "INDEX_LENGTH",
    "DATA_FREE",
    "CHECKSUM",
    "CARDINALITY",
    "MAX_INDEX_LENGTH",
}
CATALOG = [
    ("SCHEMATA", "SCHEMA_NAME"),
    ("TABLES", "TABLE_SCHEMA"),
    ("COLUMNS", "TABLE_SCHEMA"),
    ("STATISTICS", "TABLE_SCHEMA"),
    ("TABLE_CONSTRAINTS", "CONSTRAINT_SCHEMA"),
    ("KEY_COLUMN_USAGE", "CONSTRAINT_SCHEMA"),
    ("REFERENTIAL_CONSTRAINTS", "CONSTRAINT_SCHEMA"),
    ("CHECK_CONSTRAINTS", "CONSTRAINT_SCHEMA"),
    ("ROUTINES", "ROUTINE_SCHEMA"),
    ("PARAMETERS", "SPECIFIC_SCHEMA"),
    ("VIEWS", "TABLE_SCHEMA"),
    ("TRIGGERS", "TRIGGER_SCHEMA"),
    ("EVENTS", "EVENT_SCHEMA"),
    ("SCHEMA_PRIVILEGES", "TABLE_SCHEMA"),
    ("TABLE_PRIVILEGES", "TABLE_SCHEMA"),
    ("COLUMN_PRIVILEGES", "TABLE_SCHEMA"),
]
GRANT_TABLES = ["db", "tables_priv", "columns_priv", "procs_priv"]


def fingerprint(conn: Connection, database: str) -> dict[str, list[tuple[str, ...]]]:
    """What `database` is, as information_schema and the grant tables show it, its own name
    replaced by a placeholder: equal for two databases made alike."""

    def rows(sql: str) -> list[tuple[str, ...]]:
        found = []
        for row in db.query(conn, sql, database):
            found.append(
                tuple(
                    f"{name}={str(value).replace(database, '<db>')}"
                    for name, value in sorted(row.items())
                    if name not in VOLATILE
                )
            )
        return sorted(found)

    shown = {
        name: rows(f"SELECT * FROM information_schema.{name} WHERE {column} = ?")
        for name, column in CATALOG
    }
    for table in GRANT_TABLES:
        shown[f"mysql.{table}"] = [
            tuple(v for v in row if not v.startswith(("Timestamp=", "Db=")))
            for row in rows(f"SELECT * FROM mysql.{table} WHERE Db = ?")
        ]
    shown["alembic_version"] = [
        (r["version_num"],)
        for r in db.query(
            conn, f"SELECT version_num FROM {db.quote_identifier(database)}.alembic_version"
        )
    ]
    return shown


def differences(
    a: dict[str, list[tuple[str, ...]]], b: dict[str, list[tuple[str, ...]]]
) -> list[str]:
    found = []
    for key in sorted(set(a) | set(b)):
        only_a = sorted(set(a.get(key, [])) - set(b.get(key, [])))
        only_b = sorted(set(b.get(key, [])) - set(a.get(key, [])))
        if only_a or only_b or len(a.get(key, [])) != len(b.get(key, [])):
            found.append(f"{key}: migrated only {only_a[:3]}; cloned only {only_b[:3]}")
    return found
