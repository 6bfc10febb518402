"""Playing: every rule is a stored procedure; this module only calls them."""

from __future__ import annotations

import getpass
import os
from datetime import date
from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db
from wordle_db.words import normalise

PLAYER_ENV = "WORDLE_DB_PLAYER"


def clean_word(word: str) -> str:
    """A word or name as typed: NFC, without surrounding whitespace."""
    return normalise(word)


def default_player(name: str | None) -> str:
    return name or os.environ.get(PLAYER_ENV) or getpass.getuser()


def check(conn: Connection, word: str, day: date | None = None) -> dict[str, Any]:
    """The hint for `word` against a day's word, recording nothing (wordle_check)."""
    (row,) = db.call(conn, "wordle_check", clean_word(word), day)
    row["solved"] = bool(row["solved"])
    return row


def play(
    conn: Connection, player: str, word: str, day: date | None = None, hard: bool | None = None
) -> dict[str, Any]:
    """Submit a guess in the player's game (wordle_play); returns attempt, hint, state, ..."""
    (row,) = db.call(conn, "wordle_play", clean_word(player), clean_word(word), day, hard)
    row["hard"] = bool(row["hard"])
    row["solved"] = row["state"] == "won"
    return row


def game_state(conn: Connection, player: str, day: date | None = None) -> dict[str, Any]:
    (row,) = db.call(conn, "wordle_game", clean_word(player), day)
    row["hard"] = bool(row["hard"])
    return row


def board(conn: Connection, player: str, day: date | None = None) -> list[dict[str, Any]]:
    return db.call(conn, "wordle_board", clean_word(player), day)


def keyboard(conn: Connection, player: str, day: date | None = None) -> list[tuple[str, str]]:
    rows = db.call(conn, "wordle_keyboard", clean_word(player), day)
    return [(r["letter"], r["state"]) for r in rows]


def reveal_letter(conn: Connection, player: str, day: date | None = None) -> dict[str, Any]:
    (row,) = db.call(conn, "wordle_reveal_letter", clean_word(player), day)
    return row


def share(conn: Connection, player: str, day: date | None = None) -> str:
    (row,) = db.call(conn, "wordle_share", clean_word(player), day)
    return str(row["text"])


def stats(conn: Connection, player: str) -> dict[str, Any]:
    (row,) = db.call(conn, "wordle_stats", clean_word(player))
    row["distribution"] = {
        r["attempts"]: r["games"]
        for r in db.call(conn, "wordle_stats_distribution", clean_word(player))
    }
    return row
