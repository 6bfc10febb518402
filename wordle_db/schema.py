"""Migrations: bring a database to a revision with Alembic (migrations/ in the repository)."""

from __future__ import annotations

import re
from importlib.resources import files

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy.engine import URL, Connection
from sqlalchemy.exc import DBAPIError

from wordle_db import db
from wordle_db.db import LOCK_WAIT_TIMEOUT
from wordle_db.errors import WordleError

# Routines remember the sql_mode they were created under: pin it, whatever the server's default.
SQL_MODE = (
    "ONLY_FULL_GROUP_BY,STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,"
    "ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION"
)
REVISION = re.compile(r"[A-Za-z0-9_]+")
LOCK_WAIT = 5  # seconds a migration step waits for what another session holds (then retries)
HELD = (
    "another session kept the game's tables or routines in use for over a minute (an open "
    "transaction left idle? see SHOW PROCESSLIST): the migration stopped part-way; run it "
    "again once that session has ended"
)


def _config(conn: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(files("wordle_db.migrations")))
    config.attributes["connection"] = conn
    return config


def head() -> str:
    revision = ScriptDirectory.from_config(_config()).get_current_head()
    assert revision is not None
    return revision


def current_revision(conn: Connection) -> str | None:
    return MigrationContext.configure(conn).get_current_revision()


def ensure_database(url: URL) -> None:
    """Create the URL's database if it does not exist yet (utf8mb4)."""
    name = url.database
    if not name:
        raise WordleError("the database URL names no database (…/DBNAME)")
    with db.connect(url._replace(database=None)) as conn:
        exists = db.scalar(
            conn, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", name
        )
        if not exists:
            conn.exec_driver_sql(
                f"CREATE DATABASE {db.quote_identifier(name)} "
                "CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
            )


def check_binary_log(url: URL) -> None:
    """Refuse before changing anything when the server logs binary and does not trust function
    creators: CREATE FUNCTION would fail half-way (1418), and on a Galera cluster the other
    nodes may have run it all the same."""
    with db.connect(url._replace(database=None)) as conn:
        row = db.query(
            conn,
            "SELECT @@GLOBAL.log_bin AS log_bin, "
            "@@GLOBAL.log_bin_trust_function_creators AS trusted",
        )[0]
    if row["log_bin"] and not row["trusted"]:
        raise WordleError(
            "the server writes a binary log and log_bin_trust_function_creators is OFF: the "
            "migration's functions would be refused half-way; set "
            "log_bin_trust_function_creators=1 on every server (SET GLOBAL and its settings "
            "file), then migrate again"
        )


def migrate(url: URL, revision: str = "head") -> tuple[str | None, str | None]:
    """Upgrade or downgrade to `revision` ('head', 'base' or an id); returns (before, after)."""
    if not REVISION.fullmatch(revision):  # Alembic asserts on '' or '@'
        raise WordleError(f"unknown revision {revision!r}: give head, base or a revision id")
    check_binary_log(url)
    ensure_database(url)
    with db.connect(url) as conn:
        conn.exec_driver_sql(f"SET SESSION sql_mode = '{SQL_MODE}'")
        conn.exec_driver_sql(f"SET SESSION lock_wait_timeout = {LOCK_WAIT}")
        config = _config(conn)
        before = current_revision(conn)
        refuse_unknown(config, before)
        try:
            if _is_downgrade(config, before, revision):
                command.downgrade(config, revision)
            else:
                command.upgrade(config, revision)
        except CommandError as exc:
            raise WordleError(f"cannot migrate to {revision!r}: {exc}") from exc
        except DBAPIError as exc:
            if getattr(exc.orig, "errno", None) == LOCK_WAIT_TIMEOUT:
                raise WordleError(HELD) from exc
            raise
        after = current_revision(conn)
        if after is None:  # base: nothing of wordle-db is left, not even Alembic's table
            conn.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
        return before, after


def baseline() -> tuple[str, str]:
    """The oldest revision this version knows (its history before is squashed) and the release
    it stands for (its module's first line: "Release 0.1.0 as one revision: ...")."""
    script = ScriptDirectory.from_config(_config())
    (root,) = [script.get_revision(r) for r in script.get_bases()]
    assert root is not None and root.module.__doc__
    release = re.search(r"^Release (\S+)", root.module.__doc__)
    return root.revision, release.group(1) if release else "?"


def refuse_unknown(config: Config, current: str | None) -> None:
    """One line, not a traceback, for a database at a revision this version does not know:
    older than the baseline (upgrade it with that release first) or from a newer version."""
    if current is None:
        return
    try:
        if ScriptDirectory.from_config(config).get_revision(current) is not None:
            return
    except CommandError:
        pass
    oldest, release = baseline()
    if current.isdigit() and oldest.isdigit() and int(current) < int(oldest):
        raise WordleError(
            f"this database is at revision {current}, older than release {release} (revision "
            f"{oldest}), the oldest this version upgrades: upgrade it with wordle-db {release} "
            f"first (git tag v{release}), then run this again (docs/migrations.md)"
        )
    raise WordleError(
        f"this database is at revision {current}, which this version of wordle-db does not "
        f"know (a newer version made it?): use that version, or restore a backup"
    )


def _is_downgrade(config: Config, current: str | None, target: str) -> bool:
    if target == "base":
        return True
    script = ScriptDirectory.from_config(config)
    try:
        wanted = script.get_revision(target)
    except CommandError as exc:
        raise WordleError(f"unknown revision {target!r}") from exc
    if current is None or wanted is None:
        return False
    below = {rev.revision for rev in script.iterate_revisions(current, "base")}
    return wanted.revision in below and wanted.revision != current
