"""Helpers for the Alembic migrations in migrations/versions/."""

from __future__ import annotations

from alembic import op
from sqlalchemy.exc import DBAPIError

from wordle_db import sqlfiles
from wordle_db.db import quote_identifier, scalar

# The stable account that owns every routine, view and event (SQL SECURITY DEFINER runs as it).
# It cannot log in; it holds only data privileges on the wordle-db schema (EVENT: events run
# with their definer's privileges and need it).
OWNER = "'wordle_owner'@'localhost'"
OWNER_PRIVILEGES = "SELECT, INSERT, UPDATE, DELETE, EXECUTE, CREATE TEMPORARY TABLES, EVENT"
NO_SUCH_GRANT = 1141


def run(sql: str) -> None:
    """One statement, sent verbatim (text() would read :name as a bind parameter)."""
    op.get_bind().exec_driver_sql(sql)


def schema() -> str:
    """The current database as a quoted identifier, for GRANT and REVOKE."""
    return quote_identifier(scalar(op.get_bind(), "SELECT DATABASE()"))


def objects_up(names: list[str], revision: str) -> None:
    for name in names:
        sqlfiles.apply(op.get_bind(), name, revision)


def objects_down(names: list[str], revision: str) -> None:
    for name in reversed(names):
        sqlfiles.drop(op.get_bind(), name, revision)


def grant_owner() -> None:
    run(f"CREATE USER IF NOT EXISTS {OWNER} ACCOUNT LOCK")
    run(f"GRANT {OWNER_PRIVILEGES} ON {schema()}.* TO {OWNER}")


def revoke(privileges: str, target: str, grantee: str) -> None:
    """REVOKE that tolerates a grant already gone."""
    try:
        run(f"REVOKE {privileges} ON {target} FROM {grantee}")
    except DBAPIError as exc:
        if getattr(exc.orig, "errno", None) != NO_SUCH_GRANT:
            raise


def revoke_owner() -> None:
    revoke("ALL PRIVILEGES", f"{schema()}.*", OWNER)
    drop_if_unused(OWNER, "User = 'wordle_owner' AND Host = 'localhost'")


def drop_if_unused(grantee: str, match: str, kind: str = "USER") -> None:
    """Drop a server-wide account or role once no database grants it anything any more."""
    used = scalar(
        op.get_bind(),
        f"SELECT (SELECT COUNT(*) FROM mysql.db WHERE {match})"
        f" + (SELECT COUNT(*) FROM mysql.tables_priv WHERE {match})"
        f" + (SELECT COUNT(*) FROM mysql.procs_priv WHERE {match})",
    )
    if not used:
        run(f"DROP {kind} IF EXISTS {grantee}")
