"""Helpers for the Alembic migrations in migrations/versions/."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable

from alembic import op
from sqlalchemy.exc import DBAPIError

from wordle_db import sqlfiles
from wordle_db.db import LOCK_WAIT_TIMEOUT, database_grant_name, query, quote_identifier, scalar
from wordle_db.errors import WordleError

# The stable account that owns every routine, view and event (SQL SECURITY DEFINER runs as it).
# It cannot log in; it holds only data privileges on the wordle-db schema (EVENT: events run
# with their definer's privileges and need it).
OWNER = sqlfiles.OWNER
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
    """The current database as a quoted identifier, for GRANT and REVOKE on its objects."""
    return quote_identifier(scalar(op.get_bind(), "SELECT DATABASE()"))


def whole_schema() -> str:
    """The current database as a database-level grant names it alone (`ON ... .*`)."""
    return quote_identifier(database_grant_name(scalar(op.get_bind(), "SELECT DATABASE()")))


def objects_up(names: list[str], revision: str) -> None:
    objects_up_each(dict.fromkeys(names, revision))


ROUTINES = ("FUNCTION", "PROCEDURE")


def objects_up_each(revisions: dict[str, str]) -> None:
    """Install each object at its revision, in order; then every session reads its routines
    again once the calls running them have ended (below). The players' access decisions kept by
    the routines replaced (player_access and account_access, see _wordle_player) may not be the
    new ones': a new access version retires them before, and again once the calls that were
    running the old routines have ended (one of them could have stamped an old decision with
    the new version)."""
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
    routines = [n for n, r in revisions.items() if sqlfiles.load(n, r).kind in ROUTINES]
    if routines or kept:
        let_running_calls_finish()
    if routines:
        # The last routine once more, and the calls running meanwhile let end: a session that
        # read a routine while it was being replaced can apparently keep that text as
        # current, and a downgrade that then dropped a table the replaced text reads failed
        # a guess (2 runs in 28 of test_new_players_go_on_while_0057_runs_both_ways under
        # load; none in 56 since). A routine replaced makes every session read its
        # routines again, from what mysql.proc now holds.
        name = routines[-1]
        patiently(functools.partial(sqlfiles.apply, op.get_bind(), name, revisions[name]))
        let_running_calls_finish()
    if kept:
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
        return f"{whole_schema()}.*"
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


ROLES = ["wordle_admin", "wordle_publisher", "wordle_player", "wordle_reader"]


def _on_schema(statement: str) -> str:
    return statement.replace("{schema}.*", f"{whole_schema()}.*").replace("{schema}", schema())


def baseline_up(
    tables: list[str],
    rows: list[str],
    objects: list[str],
    grants: list[str],
    owner_grants: list[str],
    revision: str,
) -> None:
    """Build a baseline's schema from nothing (tools/baseline.py wrote its parts): the owner
    and the roles, the tables and their rows, the objects at `revision`, the grants."""
    run(f"CREATE USER IF NOT EXISTS {OWNER} ACCOUNT LOCK")
    create_roles(ROLES)
    for table in tables:
        run(table.replace("CREATE TABLE ", "CREATE TABLE IF NOT EXISTS ", 1))
    for row in rows:
        run(row.replace("INSERT INTO ", "INSERT IGNORE INTO ", 1))
    for statement in [*grants, *owner_grants]:
        if "{schema}" in statement and statement.split(" ON ", 1)[1].startswith("{schema}.*"):
            run(_on_schema(statement))  # the owner's and the administrators' schema grants
    objects_up(objects, revision)
    for statement in grants:
        if not statement.split(" ON ", 1)[1].startswith("{schema}.*"):
            run(_on_schema(statement))
    for statement in owner_grants:
        run(statement)
    run("CALL _wordle_accounts_refresh()")


def baseline_down(tables: list[str], objects: list[str], grants: list[str], revision: str) -> None:
    """Remove what baseline_up built; the owner and the roles once no database uses them.
    Refused while channels other than the first one hold games and words (as 0007's downgrade
    refused): an operator removes those first."""
    others = scalar(
        op.get_bind(),
        "SELECT GROUP_CONCAT(name ORDER BY name SEPARATOR ', ') FROM channels WHERE id <> 1",
    )
    if others:
        raise WordleError(
            f"channels other than en hold data that removing the schema would lose ({others}): "
            "remove them first with `wordle-db channel remove`"
        )
    for statement in reversed(grants):
        privileges, rest = statement.removeprefix("GRANT ").split(" ON ", 1)
        on, grantee = rest.rsplit(" TO ", 1)
        # a schema grant as 0043 names it, and as the baseline did before (its _ unescaped)
        for target in dict.fromkeys([_on_schema(on), on.replace("{schema}", schema())]):
            try:
                run(f"REVOKE {privileges} ON {target} FROM {grantee}")
            except DBAPIError as exc:
                if getattr(exc.orig, "errno", None) != NO_SUCH_GRANT:
                    raise
    objects_down(objects, revision)
    for table in reversed(tables):
        name = table.split("`")[1]
        run(f"DROP TABLE IF EXISTS {quote_identifier(name)}")
    drop_roles(ROLES)
    drop_if_unused(OWNER, "User = 'wordle_owner' AND Host = 'localhost'")


def escape_schema_grants() -> None:
    """Give every database-level grant on the current database again with its name escaped
    (whole_schema), and take back the one that named it unescaped: there `_` and `%` are
    wildcards, so the old grant also gave every database named like it. REVOKE ALL PRIVILEGES
    leaves GRANT OPTION (and MariaDB refuses both in one statement): it is taken back apart."""
    name = scalar(op.get_bind(), "SELECT DATABASE()")
    plain, escaped = quote_identifier(name), whole_schema()
    if plain == escaped:
        return
    for holder in query(op.get_bind(), "SELECT User, Host FROM mysql.db WHERE Db = ?", name):
        user, host = holder["User"], holder["Host"]
        grantee = quote_identifier(user) + (f"@{quote_identifier(host)}" if host else "")
        granting = False
        for row in query(op.get_bind(), f"SHOW GRANTS FOR {grantee}"):
            line = str(next(iter(row.values())))
            if f" ON {plain}.* TO " in line:
                run(line.replace(f" ON {plain}.* TO ", f" ON {escaped}.* TO ", 1))
                granting = granting or line.endswith(" WITH GRANT OPTION")
        run(f"REVOKE ALL PRIVILEGES ON {plain}.* FROM {grantee}")
        if granting:
            run(f"REVOKE GRANT OPTION ON {plain}.* FROM {grantee}")
