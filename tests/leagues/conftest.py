"""Fixtures of the leagues' tests."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy.engine import Connection

from wordle_db import game, leagues

from support.leagues import PLAYS, TODAY, YESTERDAY
from support.puzzles import set_word, today


@pytest.fixture
def league(conn: Connection) -> Iterator[dict[str, Any]]:
    """The league 'Office' of ada (creator, 'Ann'), ben ('Bobby') and cy ('player 3')."""
    day = today(conn)
    set_word(conn, day - timedelta(1), YESTERDAY)
    set_word(conn, day, TODAY)
    made = leagues.create(conn, "ada", "Office", "Ann")
    leagues.join(conn, "ben", made["code"], "Bobby")
    leagues.join(conn, "cy", made["code"])
    for player, offset, words, hard in PLAYS:
        when = day + timedelta(offset)
        if player == "cy" and offset == -1:
            game.play(conn, "cy", words[0], when)
            game.reveal_letter(conn, "cy", when)
            words = words[1:]
        for n, word in enumerate(words):
            game.play(conn, player, word, when, hard if n == 0 else None)
    # yesterday's games were played on their day: not from the archive
    conn.exec_driver_sql(f"UPDATE games SET archive = FALSE WHERE day = '{day - timedelta(1)}'")
    yield {"code": made["code"], "day": day}
