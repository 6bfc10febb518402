"""Playing: every rule is a stored procedure; this module only calls them."""

from __future__ import annotations

import getpass
import os
from datetime import date
from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db
from wordle_db.errors import DatabaseError, WordleError
from wordle_db.words import normalise

PLAYER_ENV = "WORDLE_DB_PLAYER"


def clean_word(word: str) -> str:
    """A word or name as typed: NFC, without surrounding whitespace."""
    return normalise(word)


def default_player(name: str | None) -> str:
    """The name given (even empty: the database refuses it), else $WORDLE_DB_PLAYER, else the
    login name."""
    if name is not None:
        return name
    return os.environ.get(PLAYER_ENV) or getpass.getuser()


def check(
    conn: Connection, word: str, day: date | None = None, channel: str | None = None
) -> dict[str, Any]:
    """The hint for `word` against a day's word, recording nothing (wordle_check_on)."""
    row = db.call_one(conn, "wordle_check_on", channel, clean_word(word), day)
    row["solved"] = bool(row["solved"])
    return row


def play(
    conn: Connection,
    player: str,
    word: str,
    day: date | None = None,
    hard: bool | None = None,
    channel: str | None = None,
) -> dict[str, Any]:
    """Submit a guess in the player's game (wordle_play_on); returns attempt, hint, state, ...
    `channel` None is the default channel, here and in every function below.

    A failure other than a rule's refusal (an interrupted call, a lost connection) says
    whether the guess was recorded all the same."""
    return _guess(conn, "wordle_play_on", player, word, day, hard, channel, ())[0]


def play_with_keyboard(
    conn: Connection,
    player: str,
    word: str,
    day: date | None = None,
    hard: bool | None = None,
    channel: str | None = None,
    generation: int | None = None,
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """play() and then the keyboard (as keyboard()), in one call (wordle_guess_on).
    `generation`: the caller's session generation, refused (WD096) if it has ended; None: not
    checked."""
    row, keys = _guess(conn, "wordle_guess_on", player, word, day, hard, channel, (generation,))
    return row, [(r["letter"], r["state"]) for r in keys]


def _guess(
    conn: Connection,
    procedure: str,
    player: str,
    word: str,
    day: date | None,
    hard: bool | None,
    channel: str | None,
    more: tuple[Any, ...],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The guess's row and the result set after it (none for wordle_play_on); `more`: the
    procedure's arguments after `hard`."""
    try:
        sets = db.call_sets(
            conn, procedure, channel, clean_word(player), clean_word(word), day, hard, *more
        )
        row = db.only_row(procedure, sets[0])
    except WordleError as exc:
        if isinstance(exc, DatabaseError) and exc.did_nothing:
            raise
        raise WordleError(f"{exc}; {_recorded(conn, player, word, day, channel)}") from exc
    row["hard"] = bool(row["hard"])
    row["solved"] = row["state"] == "won"
    return row, sets[1] if len(sets) > 1 else []


def _recorded(
    conn: Connection, player: str, word: str, day: date | None, channel: str | None
) -> str:
    """Whether `word` is on the player's board after a failed wordle_play (a word is never
    played twice in a game, so there it was recorded)."""
    try:
        db.query(conn, "ROLLBACK")  # what an interrupted call left open is not kept
        guesses = {row["guess"].casefold() for row in board(conn, player, day, channel)}
    except WordleError:
        return "whether the guess was recorded is unknown: see `wordle-db board`"
    if clean_word(word).casefold() in guesses:
        return f"the guess {clean_word(word)!r} was recorded all the same"
    return "the guess was not recorded"


def game_state(
    conn: Connection, player: str, day: date | None = None, channel: str | None = None
) -> dict[str, Any]:
    row = db.call_one(conn, "wordle_game_on", channel, clean_word(player), day)
    row["hard"] = bool(row["hard"])
    return row


def board(
    conn: Connection, player: str, day: date | None = None, channel: str | None = None
) -> list[dict[str, Any]]:
    return db.call(conn, "wordle_board_on", channel, clean_word(player), day)


def keyboard(
    conn: Connection, player: str, day: date | None = None, channel: str | None = None
) -> list[tuple[str, str]]:
    rows = db.call(conn, "wordle_keyboard_on", channel, clean_word(player), day)
    return [(r["letter"], r["state"]) for r in rows]


def reveal_letter(
    conn: Connection,
    player: str,
    day: date | None = None,
    channel: str | None = None,
    generation: int | None = None,
) -> dict[str, Any]:
    """A letter hint (wordle_reveal_letter_on); `generation` as in play_with_keyboard."""
    return db.call_one(
        conn, "wordle_reveal_letter_on", channel, clean_word(player), day, generation
    )


def share(
    conn: Connection, player: str, day: date | None = None, channel: str | None = None
) -> str:
    row = db.call_one(conn, "wordle_share_on", channel, clean_word(player), day)
    return str(row["text"])


def stats(conn: Connection, player: str, channel: str | None = None) -> dict[str, Any]:
    row = db.call_one(conn, "wordle_stats_on", channel, clean_word(player))
    row["distribution"] = {
        r["attempts"]: r["games"]
        for r in db.call(conn, "wordle_stats_distribution_on", channel, clean_word(player))
    }
    return row
