"""Installation settings (time zone, tries, ...): read from and written through the database."""

from __future__ import annotations

from sqlalchemy.engine import Connection

from wordle_db import db


def all_settings(conn: Connection) -> list[dict[str, str]]:
    return db.call(conn, "wordle_settings")


def set_setting(conn: Connection, name: str, value: str) -> dict[str, str]:
    """Validated by wordle_set_setting; returns the stored row."""
    row = db.call_one(conn, "wordle_set_setting", name, value)
    return row


def get_setting(conn: Connection, name: str) -> str | None:
    value = db.scalar(conn, "SELECT wordle_setting(?)", name)
    return None if value is None else str(value)
