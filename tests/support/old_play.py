"""0034's _wordle_play installed beside the current one as an oracle (the kept player's first
guess, its game and its waits must be as before), and channels in zones far apart; the
old_and_new_player fixture is tests/game/conftest.py's."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from sqlalchemy.engine import URL, Connection

from wordle_db import db, game, publish

from support import REPO
from support.calls import install_play
from support.puzzles import OWN, add_channel

OLD = (REPO / "sql/history/_wordle_play.0034.sql").read_text()


# 25 hours apart: one is never UTC's day; "utc" passes the zone check (general_ci) as UTC, and
# the read compares it under the column's unicode_ci
ZONES = {"east": "+13:00", "west": "-12:00", "low": "utc"}


def old_and_new(conn: Connection) -> None:
    """_wordle_play_old (0034) beside _wordle_play, callable by wordle_player accounts."""
    install_play(conn, "_wordle_play_old", OLD)
    database = db.scalar(conn, "SELECT DATABASE()")
    conn.exec_driver_sql(
        f"GRANT EXECUTE ON PROCEDURE `{database}`._wordle_play_old TO wordle_player"
    )
    conn.exec_driver_sql(f"GRANT EXECUTE ON PROCEDURE `{database}`._wordle_play TO wordle_player")


def zoned_channels(conn: Connection) -> dict[str, date]:
    """east (+13:00) and west (-12:00), each with its yesterday, today, tomorrow and the day
    after published; their todays."""
    todays = {}
    for name, zone in ZONES.items():
        add_channel(conn, name, 5, [*OWN, "wuxiq"], ["crane", "slate", "pious"], time_zone=zone)
        todays[name] = db.scalar(conn, f"SELECT wordle_today_on('{name}')")
        for shift, word in zip((-1, 0, 1, 2), [*OWN, "wuxiq"], strict=True):
            publish.publish(conn, todays[name] + timedelta(shift), word, name)
    return todays


def games_of(conn: Connection, name: str) -> list[dict[str, Any]]:
    return db.query(
        conn,
        "SELECT c.name AS channel, g.day, g.max_tries, g.archive, g.hard, "
        "g.attempts, g.state, g.revealed, (SELECT COUNT(*) FROM attempts a "
        "WHERE a.game_id = g.id) AS rows_ FROM games g JOIN players p ON "
        "p.id = g.player_id JOIN channels c ON c.id = g.channel_id WHERE "
        "p.name = ? ORDER BY g.id",
        name,
    )


def kept(url: URL, conn: Connection, name: str) -> int:
    """A kept access decision for `name` (a game on the side channel); its generation."""
    with db.connect(url) as c:
        game.play(c, name, "vexor", channel="side")
    return int(db.scalar(conn, "SELECT session_generation FROM players WHERE name = ?", name))
