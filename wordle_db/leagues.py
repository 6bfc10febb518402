"""Leagues: players who compare their daily results. Every rule is a stored procedure
(sql/leagues/); this module only calls them and tidies their rows."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db
from wordle_db.words import normalise


def _text(value: str | None) -> str | None:
    return None if value is None else normalise(value)


def _bools(rows: list[dict[str, Any]], *names: str) -> list[dict[str, Any]]:
    for row in rows:
        for name in names:
            if row.get(name) is not None:
                row[name] = bool(row[name])
    return rows


# `generation`: the caller's session generation, which each change checks in its own
# transaction (WD096 when that session has ended); None: not checked (the CLI, a front end with
# sessions of its own).


def create(
    conn: Connection,
    player: str,
    name: str,
    nickname: str | None = None,
    generation: int | None = None,
) -> dict[str, Any]:
    """A new league of `player`: {league, nickname, code} (the join code is shown only now)."""
    return db.call_one_out(
        conn, "wordle_league_create", _text(player), generation, _text(name), _text(nickname)
    )


def new_code(
    conn: Connection, player: str, league: str, generation: int | None = None
) -> dict[str, Any]:
    """A new join code for a league the player created: {league, code}."""
    return db.call_one(conn, "wordle_league_code", _text(player), generation, _text(league))


def join(
    conn: Connection,
    player: str,
    code: str,
    nickname: str | None = None,
    generation: int | None = None,
) -> dict[str, Any]:
    """Join the league of `code`: {league, nickname, members}."""
    return db.call_one(
        conn, "wordle_league_join", _text(player), generation, code.strip(), _text(nickname)
    )


def leave(
    conn: Connection, player: str, league: str, generation: int | None = None
) -> dict[str, Any]:
    return db.call_one(conn, "wordle_league_leave", _text(player), generation, _text(league))


def remove(
    conn: Connection, player: str, league: str, nickname: str, generation: int | None = None
) -> dict[str, Any]:
    return db.call_one(
        conn, "wordle_league_remove", _text(player), generation, _text(league), _text(nickname)
    )


def mine(conn: Connection, player: str) -> list[dict[str, Any]]:
    """The player's leagues: league, nickname, creator, members, joined_at."""
    return _bools(db.call(conn, "wordle_leagues", _text(player)), "creator")


def board(
    conn: Connection, player: str, league: str, day: date | None = None, channel: str | None = None
) -> list[dict[str, Any]]:
    """A day's board: one row per member; others' results are None until the player's own
    game of that day is over."""
    rows = db.call(conn, "wordle_league_board_on", channel, _text(player), _text(league), day)
    return _bools(rows, "visible", "me", "finished", "hard")


def standings(
    conn: Connection,
    player: str,
    league: str,
    day: date | None = None,
    week: bool = False,
    channel: str | None = None,
) -> list[dict[str, Any]]:
    """Weekly (week of `day`) or all-time standings up to `day`, today only once the player's
    own game of today is over."""
    rows = db.call(
        conn, "wordle_league_standings_on", channel, _text(player), _text(league), day, week
    )
    for row in rows:
        if row["average_tries"] is not None:
            row["average_tries"] = float(row["average_tries"])
    return _bools(rows, "me")
