"""Helpers for the Alembic migrations in migrations/versions/."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable

from alembic import op
from sqlalchemy.exc import DBAPIError

from wordle_db import sqlfiles
from wordle_db.db import LOCK_WAIT_TIMEOUT, quote_identifier, scalar

# The stable account that owns every routine, view and event (SQL SECURITY DEFINER runs as it).
# It cannot log in; it holds only data privileges on the wordle-db schema (EVENT: events run
# with their definer's privileges and need it).
OWNER = "'wordle_owner'@'localhost'"
OWNER_PRIVILEGES = "SELECT, INSERT, UPDATE, DELETE, EXECUTE, CREATE TEMPORARY TABLES, EVENT"
NO_SUCH_GRANT = 1141
# A step that waits for a table or routine another session holds (an idle open transaction)
# gives up after lock_wait_timeout (set by schema.migrate), lets the sessions queued behind it
# through, and tries again: players wait seconds, not until the holder ends.
TRIES, PAUSE = 12, 1.0


def patiently(step: Callable[[], object]) -> None:
    for attempt in range(1, TRIES + 1):
        try:
            step()
            return
        except DBAPIError as exc:
            if getattr(exc.orig, "errno", None) != LOCK_WAIT_TIMEOUT or attempt == TRIES:
                raise
            time.sleep(PAUSE)


def run(sql: str) -> None:
    """One statement, sent verbatim (text() would read :name as a bind parameter)."""
    patiently(lambda: op.get_bind().exec_driver_sql(sql))


def let_running_calls_finish(timeout: float = 30.0) -> None:
    """Wait (at most `timeout` seconds) until the statements other sessions were running when
    this is called have ended, before dropping routines they may still call: a routine that
    commits inside holds no lock on the routines it has yet to call, so a CALL that started
    before its caller was replaced can still reach an old callee. Needs the PROCESS privilege
    to see other accounts' sessions (without it, it waits for none)."""
    since = time.monotonic()
    while time.monotonic() - since < timeout:
        elapsed_ms = int((time.monotonic() - since) * 1000)
        if not scalar(
            op.get_bind(),
            "SELECT COUNT(*) FROM information_schema.PROCESSLIST "
            "WHERE COMMAND IN ('Query', 'Execute') AND ID <> CONNECTION_ID() "
            "AND TIME_MS > ?",
            elapsed_ms,
        ):
            return
        time.sleep(0.05)


def schema() -> str:
    """The current database as a quoted identifier, for GRANT and REVOKE."""
    return quote_identifier(scalar(op.get_bind(), "SELECT DATABASE()"))


def objects_up(names: list[str], revision: str) -> None:
    objects_up_each(dict.fromkeys(names, revision))


def objects_up_each(revisions: dict[str, str]) -> None:
    """Install each object at its revision, in order. The players' access decisions kept by
    the routines replaced (player_access, see _wordle_player) may not be the new ones': a new
    access version retires them before, and again once the calls that were running the old
    routines have ended (one of them could have stamped an old decision with the new version)."""
    kept = bool(
        scalar(
            op.get_bind(),
            "SELECT COUNT(*) FROM information_schema.TABLES WHERE "
            "TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'access_version'",
        )
    )
    if kept:
        run("UPDATE access_version SET version = version + 1 WHERE id = 1")
    for name, revision in revisions.items():
        patiently(functools.partial(sqlfiles.apply, op.get_bind(), name, revision))
    if kept:
        let_running_calls_finish()
        run("UPDATE access_version SET version = version + 1 WHERE id = 1")


def objects_down(names: list[str], revision: str) -> None:
    for name in reversed(names):
        patiently(functools.partial(sqlfiles.drop, op.get_bind(), name, revision))


def grant_owner() -> None:
    run(f"CREATE USER IF NOT EXISTS {OWNER} ACCOUNT LOCK")
    grant(OWNER_PRIVILEGES, "DATABASE", [], [OWNER])
    # Which wordle role a caller has (_wordle_player): the role mappings, nothing else of mysql.
    run(f"GRANT SELECT ON mysql.roles_mapping TO {OWNER}")


def target(kind: str, name: str | None) -> str:
    """What a GRANT is on: the whole schema (DATABASE), a table or view, or a routine."""
    if kind == "DATABASE":
        return f"{schema()}.*"
    prefix = "" if kind == "TABLE" else f"{kind} "
    return f"{prefix}{schema()}.{quote_identifier(str(name))}"


def grant(privilege: str, kind: str, names: list[str] | list[None], grantees: list[str]) -> None:
    for name in names or [None]:  # None: the whole schema
        run(f"GRANT {privilege} ON {target(kind, name)} TO {', '.join(grantees)}")


def revoke(privilege: str, kind: str, names: list[str] | list[None], grantees: list[str]) -> None:
    """REVOKE that tolerates a grant already gone."""
    for name in names or [None]:  # None: the whole schema
        for grantee in grantees:
            try:
                run(f"REVOKE {privilege} ON {target(kind, name)} FROM {grantee}")
            except DBAPIError as exc:
                if getattr(exc.orig, "errno", None) != NO_SUCH_GRANT:
                    raise


def create_roles(roles: list[str]) -> None:
    for role in roles:
        run(f"CREATE ROLE IF NOT EXISTS {role}")


def drop_roles(roles: list[str]) -> None:
    for role in roles:
        drop_if_unused(role, f"User = '{role}'", kind="ROLE")


def revoke_owner() -> None:
    revoke("ALL PRIVILEGES", "DATABASE", [], [OWNER])
    drop_if_unused(OWNER, "User = 'wordle_owner' AND Host = 'localhost'")


def drop_if_unused(grantee: str, match: str, kind: str = "USER") -> None:
    """Drop a server-wide account or role once no wordle-db database grants it anything."""
    used = scalar(
        op.get_bind(),
        f"SELECT (SELECT COUNT(*) FROM mysql.db WHERE {match})"
        f" + (SELECT COUNT(*) FROM mysql.tables_priv WHERE {match} AND Db <> 'mysql')"
        f" + (SELECT COUNT(*) FROM mysql.procs_priv WHERE {match})",
    )
    if not used:
        run(f"DROP {kind} IF EXISTS {grantee}")
