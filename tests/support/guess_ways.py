"""_wordle_move's two ways as procedures of a guess's parameters, each the other's oracle:
_wordle_way_usual (as the public calls take it: the context read, the kept player's first
guess that makes its game) and _wordle_way_long (its switch on: the long way only, 0034's and
0028's path until the squash of 0.1.0); and channels in zones far apart. The
old_and_new_player fixture is tests/game/conftest.py's."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from sqlalchemy.engine import URL, Connection

from wordle_db import db, game, publish

from support.puzzles import OWN, add_channel

USUAL, LONG = "_wordle_way_usual", "_wordle_way_long"
WAY = """CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE {name}(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_day DATE, IN p_hard BOOLEAN, IN p_keyboard BOOLEAN, IN p_generation INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
CALL _wordle_move(p_channel, p_player, p_guess, p_day, p_hard, p_keyboard, FALSE, p_generation,
                  {long_way})"""


def install_ways(conn: Connection) -> None:
    """_wordle_way_usual and _wordle_way_long, beside the public calls."""
    for name, long_way in ((USUAL, "FALSE"), (LONG, "TRUE")):
        conn.exec_driver_sql(WAY.format(name=name, long_way=long_way))


# 25 hours apart: one is never UTC's day; "utc" passes the zone check (general_ci) as UTC, and
# the read compares it under the column's unicode_ci
ZONES = {"east": "+13:00", "west": "-12:00", "low": "utc"}


def old_and_new(conn: Connection) -> None:
    """The long way beside the usual way, callable by wordle_player accounts."""
    install_ways(conn)
    database = db.scalar(conn, "SELECT DATABASE()")
    for name in (LONG, USUAL):
        conn.exec_driver_sql(f"GRANT EXECUTE ON PROCEDURE `{database}`.{name} TO wordle_player")


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
