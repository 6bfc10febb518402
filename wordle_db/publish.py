"""Publication: the day's puzzle is chosen and stored by the database (wordle_publish)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy.engine import URL, Connection

from wordle_db import db, sqlfiles
from wordle_db.errors import WordleError, describe
from wordle_db.game import clean_word

EVENT = "wordle_daily_publish"


def publish(
    conn: Connection, day: date | None = None, word: str | None = None, channel: str | None = None
) -> dict[str, Any]:
    """Publish a channel's `day` (default: today in the channel's zone) at random, or with
    `word` (an editor's pick, for administrators); a day already published is left as it is.
    `channel` None is the default channel."""
    if word is None:
        row = db.call_one(conn, "wordle_publish_on", channel, day)
    else:
        row = db.call_one(conn, "wordle_publish_word_on", channel, day, clean_word(word))
    return row


def publish_every_channel(conn: Connection) -> list[tuple[dict[str, Any] | None, str | None]]:
    """Today's puzzle of every channel (wordle_publish_today, what the daily event does):
    (row, None) per channel published, (None, the refusal's line) per channel the game refused
    to publish (no answer left, its first day still to come); a refusal stops no other channel."""
    done: list[tuple[dict[str, Any] | None, str | None]] = []
    for row in db.call(conn, "wordle_publish_today"):
        refusal = row.pop("refusal")
        done.append((None, refusal) if refusal is not None else (row, None))
    return done


def reveal(conn: Connection, day: date, channel: str | None = None) -> str:
    """The word of a channel's day, for administrators (needs SELECT on the tables)."""
    return str(
        db.scalar(
            conn,
            "SELECT word FROM puzzle_schedule "
            "WHERE channel = COALESCE(?, wordle_setting('default_channel')) AND day = ?",
            channel,
            day,
        )
    )


def install_event(conn: Connection) -> bool:
    """Create the event that publishes inside the database; True if the scheduler is on."""
    conn.exec_driver_sql(sqlfiles.current(EVENT).text)
    return str(db.scalar(conn, "SELECT @@GLOBAL.event_scheduler")).upper() == "ON"


def drop_event(conn: Connection) -> None:
    conn.exec_driver_sql(f"DROP EVENT IF EXISTS {EVENT}")


def enable_event_on_nodes(url: URL) -> list[tuple[str, bool, str | None]]:
    """Galera creates the event enabled on the node that ran CREATE only (SLAVESIDE_DISABLED on
    the others, and again on every other node after an ALTER): enable it on each node of the
    URL's host list with replication off for that one statement (publishing is idempotent).
    For each node: (host:port, its event_scheduler is ON, the error that stopped it or None)."""
    done: list[tuple[str, bool, str | None]] = []
    for node in db.node_urls(url):
        where = f"{node.host}:{node.port}"
        try:
            with db.connect(node) as conn:
                # A read waits for the node to apply the CREATE (wsrep_sync_wait=1).
                if not db.scalar(
                    conn,
                    "SELECT COUNT(*) FROM information_schema.EVENTS "
                    "WHERE EVENT_SCHEMA = DATABASE() AND EVENT_NAME = ?",
                    EVENT,
                ):
                    raise WordleError("the event has not reached this node")
                conn.exec_driver_sql("SET SESSION wsrep_on = OFF")
                # DEFINER: an ALTER without it makes the altering account the event's definer
                conn.exec_driver_sql(f"ALTER DEFINER = {sqlfiles.OWNER} EVENT {EVENT} ENABLE")
                conn.exec_driver_sql("SET SESSION wsrep_on = ON")
                scheduler = db.scalar(conn, "SELECT @@GLOBAL.event_scheduler")
        except Exception as exc:  # reported per node; the others are still enabled
            done.append((where, False, describe(exc)))
            continue
        done.append((where, str(scheduler).upper() == "ON", None))
    return done
