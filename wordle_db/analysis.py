"""The post-game analysis: a stored procedure (wordle_analysis_on); this only calls it."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db
from wordle_db.game import clean_word

COLUMNS = (
    "attempt",
    "guess",
    "hint",
    "letter_hints",
    "possible_before",
    "possible_after",
    "expected_left",
    "best_guess",
    "best_expected_left",
    "skill",
    "luck",
)


def analyse(
    conn: Connection, player: str, day: date | None = None, channel: str | None = None
) -> list[dict[str, Any]]:
    """One row per guess of `player`'s finished game of `day` (None: today) in `channel`
    (None: the default channel); the database refuses a game not over (WD070)."""
    rows = db.call(conn, "wordle_analysis_on", channel, clean_word(player), day)
    return [{k: float(v) if isinstance(v, Decimal) else v for k, v in row.items()} for row in rows]
