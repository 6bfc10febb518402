"""Publication: the day's puzzle is chosen and stored by the database (wordle_publish)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db, sqlfiles
from wordle_db.game import clean_word

EVENT = "wordle_daily_publish"


def publish(conn: Connection, day: date | None = None, word: str | None = None) -> dict[str, Any]:
    """Publish `day` (default today) at random, or with `word` (an editor's pick, for
    administrators); a day already published is left as it is."""
    if word is None:
        row = db.call_one(conn, "wordle_publish", day)
    else:
        row = db.call_one(conn, "wordle_publish_word", day, clean_word(word))
    return row


def reveal(conn: Connection, day: date) -> str:
    """The word of a day, for administrators (needs SELECT on puzzles and words)."""
    return str(db.scalar(conn, "SELECT word FROM puzzle_schedule WHERE day = ?", day))


def install_event(conn: Connection) -> bool:
    """Create the event that publishes inside the database; True if the scheduler is on."""
    conn.exec_driver_sql(sqlfiles.current(EVENT).text)
    return str(db.scalar(conn, "SELECT @@GLOBAL.event_scheduler")).upper() == "ON"


def drop_event(conn: Connection) -> None:
    conn.exec_driver_sql(f"DROP EVENT IF EXISTS {EVENT}")
