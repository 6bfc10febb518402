"""Write a baseline: one migration that builds what the migrations up to REVISION build.

At a release (docs/migrations.md), the history before it is squashed: this migrates a scratch
database on a private server to REVISION with the migrations as they stand, reads back what
they made (its tables as SHOW CREATE TABLE gives them, the rows the migrations put in them,
the routines, views and events by name, the grants on the schema and the owner's on mysql.*)
and writes the module of one revision with REVISION's id that builds the same from nothing.
The lead then deletes the older revisions; `tests/support/clone.py`'s fingerprint shows that a
database built by the baseline is the one the old chain built.

Run: .venv/bin/python tools/baseline.py REVISION RELEASE > migrations/versions/NNNN_release.py
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db, schema
from wordle_db.server import LocalServer

SCRATCH = "wordle_baseline"
# Rows whose values are the time of the install, not data: written as the install's time.
INSTALL_TIME = {"date": "UTC_DATE()", "datetime": "UTC_TIMESTAMP(6)", "timestamp": "SYSDATE(6)"}
SKIP_ROWS = ("alembic_version", "server_accounts")  # Alembic's own; refreshed from the server


def tables_in_order(conn: Connection) -> list[str]:
    """The schema's tables, each after the tables its foreign keys point to."""
    names = [
        r["name"]
        for r in db.query(
            conn,
            "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = "
            "DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> 'alembic_version' "
            "ORDER BY TABLE_NAME",
        )
    ]
    needs: dict[str, set[str]] = {name: set() for name in names}
    for r in db.query(
        conn,
        "SELECT TABLE_NAME AS child, REFERENCED_TABLE_NAME AS parent FROM "
        "information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()",
    ):
        if r["parent"] != r["child"]:
            needs[r["child"]].add(r["parent"])
    ordered: list[str] = []
    while needs:
        ready = sorted(name for name, parents in needs.items() if parents <= set(ordered))
        ordered += ready
        for name in ready:
            del needs[name]
    return ordered


def create_table(conn: Connection, table: str) -> str:
    text = str(db.query(conn, f"SHOW CREATE TABLE {db.quote_identifier(table)}")[0]["Create Table"])
    return " ".join(part for part in text.split(" ") if not part.startswith("AUTO_INCREMENT="))


def rows(conn: Connection, table: str) -> list[str]:
    """INSERT statements of the table's rows, with the install's time where a row has a time."""
    columns = db.query(
        conn,
        "SELECT COLUMN_NAME AS name, DATA_TYPE AS type FROM information_schema.COLUMNS WHERE "
        "TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND EXTRA NOT LIKE '%GENERATED%' "
        "ORDER BY ORDINAL_POSITION",
        table,
    )
    values = ", ".join(
        f"'{INSTALL_TIME[c['type']]}'"
        if c["type"] in INSTALL_TIME
        else f"QUOTE({db.quote_identifier(c['name'])})"
        for c in columns
    )
    keys = ", ".join(db.quote_identifier(c["name"]) for c in columns)
    found = db.query(
        conn, f"SELECT CONCAT_WS(', ', {values}) AS v FROM {db.quote_identifier(table)} ORDER BY 1"
    )
    return [f"INSERT INTO {db.quote_identifier(table)} ({keys}) VALUES ({r['v']})" for r in found]


def objects(conn: Connection) -> list[str]:
    """Routines, then views (each after the views it reads), then events."""
    routines = [
        r["name"]
        for r in db.query(
            conn,
            "SELECT ROUTINE_NAME AS name FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = "
            "DATABASE() ORDER BY ROUTINE_TYPE, ROUTINE_NAME",
        )
    ]
    views = {
        r["name"]: r["body"]
        for r in db.query(
            conn,
            "SELECT TABLE_NAME AS name, VIEW_DEFINITION AS body FROM information_schema.VIEWS "
            "WHERE TABLE_SCHEMA = DATABASE()",
        )
    }
    ordered: list[str] = []
    while len(ordered) < len(views):
        for name in sorted(views):
            reads = {other for other in views if other != name and f"`{other}`" in views[name]}
            if name not in ordered and reads <= set(ordered):
                ordered.append(name)
    events = [
        r["name"]
        for r in db.query(
            conn,
            "SELECT EVENT_NAME AS name FROM information_schema.EVENTS WHERE EVENT_SCHEMA = "
            "DATABASE() ORDER BY EVENT_NAME",
        )
    ]
    return routines + ordered + events


def grants(conn: Connection, database: str) -> tuple[list[str], list[str]]:
    """The grants on the schema (its name as {schema}) and the owner's on mysql.*."""
    on_schema, on_mysql = [], []
    for grantee in ("wordle_admin", "wordle_publisher", "wordle_player", "wordle_reader",
                    "'wordle_owner'@'localhost'"):  # fmt: skip
        for r in db.query(conn, f"SHOW GRANTS FOR {grantee}"):
            text = str(next(iter(r.values())))
            whole = f"`{db.database_grant_name(database)}`.*"  # the whole database, escaped
            if f"`{database}`." in text or whole in text:
                on_schema.append(
                    text.replace(whole, "{schema}.*").replace(f"`{database}`", "{schema}")
                )
            elif " ON `mysql`." in text:
                on_mysql.append(text)
    return on_schema, on_mysql


def read(conn: Connection, database: str) -> dict[str, Any]:
    tables = tables_in_order(conn)
    on_schema, on_mysql = grants(conn, database)
    return {
        "tables": [create_table(conn, t) for t in tables],
        "rows": [row for t in tables if t not in SKIP_ROWS for row in rows(conn, t)],
        "objects": objects(conn),
        "grants": on_schema,
        "owner_grants": on_mysql,
    }


def literal(items: list[str]) -> str:
    """A list of strings as Python source, each cut at spaces into lines of the repository's
    width."""
    out = []
    for item in items:
        pieces, line = [], ""
        for word in item.split(" "):
            if line and len(line) + len(word) > 80:
                pieces.append(line)
                line = ""
            line += word + " "
        pieces.append(line[:-1])
        if len(pieces) == 1:
            out.append(f"    {pieces[0]!r},\n")
        else:
            out.append("    (\n" + "".join(f"        {p!r}\n" for p in pieces) + "    ),\n")
    return "[\n" + "".join(out) + "]"


def module(revision: str, release: str, made: dict[str, Any]) -> str:
    return f'''"""Release {release} as one revision: what the migrations up to {revision} built.

Made by tools/baseline.py from a database those migrations built (docs/migrations.md): the
tables, the rows the migrations put in them, the routines, views and events (their texts as
of this revision, from sql/ or migrations/replaced/), the roles, the owner and the grants. A
database of an older revision is refused by `wordle-db migrate`: upgrade it with release
{release} first.

Revision ID: {revision}
Revises:
"""

from __future__ import annotations

from wordle_db.migration import baseline_down, baseline_up

revision = "{revision}"
down_revision = None
branch_labels = None
depends_on = None

TABLES = {literal(made["tables"])}
ROWS = {literal(made["rows"])}
OBJECTS = {literal(made["objects"])}
GRANTS = {literal(made["grants"])}
OWNER_GRANTS = {literal(made["owner_grants"])}


def upgrade() -> None:
    baseline_up(TABLES, ROWS, OBJECTS, GRANTS, OWNER_GRANTS, revision)


def downgrade() -> None:
    baseline_down(TABLES, OBJECTS, GRANTS, revision)
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision")
    parser.add_argument("release")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        server = LocalServer(Path(home))
        server.start()
        try:
            url = db.parse_url(server.url(SCRATCH))
            schema.migrate(url, args.revision)
            with db.connect(url) as conn:
                made = read(conn, SCRATCH)
        finally:
            server.stop()
    sys.stdout.write(module(args.revision, args.release, made))


if __name__ == "__main__":
    main()
