"""Attacks from the second review of migration 0035: _wordle_new_game, and a kept player's
first guess of a day that makes its game itself (no _wordle_lock_player_game) and locks it in
the guess's own read.

0034's _wordle_play is installed beside as _wordle_play_old (test_attack_review35's `player`
fixture) where old and new must agree. One hole found: see the first test."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.engine import Connection

from wordle_db import db

from support.calls import row_or_sqlstate
from support.puzzles import today

# --- Found: the long way keeps the first read's player, max_tries and word check ------------


# --- Held -----------------------------------------------------------------------------------


def test_no_role_calls_the_new_routine(shared, conn: Connection) -> None:
    """player, reader, publisher: _wordle_new_game (a future day, another player's id, a huge
    max_tries) is refused (1370), nothing made. (wordle_admin holds ALL PRIVILEGES on the
    database, as since 0004: it can call it, and can INSERT INTO games anyway.)"""
    before = db.scalar(conn, "SELECT COUNT(*) FROM games")
    day = today(conn)
    for role in ("player", "reader", "publisher"):
        with db.connect(shared(role)) as c:
            for args in (
                (1, 1, day + timedelta(1), day, 6),
                (1, 1, day, day + timedelta(9), 99),
                (2**31, 1, day, day, None),
            ):
                got = row_or_sqlstate(c, "_wordle_new_game", *args)
                assert got[0] == "error" and "denied" in got[2], (role, got)
    assert db.scalar(conn, "SELECT COUNT(*) FROM games") == before
