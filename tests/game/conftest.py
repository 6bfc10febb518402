"""Fixtures of the game's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import db

from support.guess_ways import old_and_new


@pytest.fixture
def old_and_new_player(shared, conn: Connection) -> Iterator[tuple[URL, Connection]]:
    """A wordle_player account (URL and a connection) that may call both procedures."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    old_and_new(conn)
    url = shared("player")
    with db.connect(url) as c:
        yield url, c
