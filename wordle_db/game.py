"""Playing: every rule is a stored procedure; this module only calls them."""

from __future__ import annotations

import getpass
import os
from datetime import date
from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db
from wordle_db.errors import WordleError
from wordle_db.words import normalise

PLAYER_ENV = "WORDLE_DB_PLAYER"


def clean_word(word: str) -> str:
    """NFC, and refuse what cannot even be sent (undecodable bytes from the command line)."""
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        raise WordleError("the word is not valid UTF-8") from None
    return normalise(word)


def default_player(name: str | None) -> str:
    return name or os.environ.get(PLAYER_ENV) or getpass.getuser()


def check(conn: Connection, word: str, day: date | None = None) -> dict[str, Any]:
    """The hint for `word` against a day's word, recording nothing (wordle_check)."""
    (row,) = db.call(conn, "wordle_check", clean_word(word), day)
    row["solved"] = bool(row["solved"])
    return row
