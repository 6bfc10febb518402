"""The installation at a glance (wordle_status_on), never showing a word."""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db, roles
from wordle_db.errors import DatabaseError

UNKNOWN_TABLE, UNKNOWN_ROUTINE = 1146, 1305


def status(conn: Connection, channel: str | None = None) -> dict[str, Any]:
    """wordle_status_on(channel) plus the server and the revision this wordle-db expects
    (schema_head); schema_revision is None before `init`. unsafe_accounts: see
    roles.unsafe_accounts."""
    from wordle_db.schema import head  # Alembic loads only when needed

    info: dict[str, Any] = {
        "server_version": db.scalar(conn, "SELECT VERSION()"),
        "schema_head": head(),
    }
    try:
        # wordle_status exists at every revision: an older schema still says what it is
        row = (
            db.call_one(conn, "wordle_status")
            if channel is None
            else db.call_one(conn, "wordle_status_on", channel)
        )
    except DatabaseError as exc:
        if exc.errno not in (UNKNOWN_TABLE, UNKNOWN_ROUTINE):
            raise
        return info | {"schema_revision": None}
    row["today_published"] = bool(row["today_published"])
    return (
        info
        | row
        | {
            "unsafe_accounts": roles.unsafe_accounts(conn),
            "accounts_refresh": accounts_refresh(conn),
        }
    )


def accounts_refresh(conn: Connection) -> str | None:
    """Why hand-made account changes would not count within a minute (the event
    wordle_accounts_refresh cannot run), else None; also None when this account cannot see
    the event (it is not an administrator)."""
    event = db.query(
        conn,
        "SELECT STATUS FROM information_schema.EVENTS WHERE EVENT_SCHEMA = "
        "DATABASE() AND EVENT_NAME = 'wordle_accounts_refresh'",
    )
    if not event:
        return None
    if event[0]["STATUS"] != "ENABLED":
        return "the event wordle_accounts_refresh is disabled"
    if db.scalar(conn, "SELECT @@global.event_scheduler") != "ON":
        return "the server's event_scheduler is not ON"
    return None
