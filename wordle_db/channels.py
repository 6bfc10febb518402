"""Channels: several daily puzzles side by side. The database keeps them (wordle_channel_add,
wordle_channels, ...); this module calls those routines and fills a new channel's words from
Debian's word lists (wordle_db.languages)."""

from __future__ import annotations

import contextlib
from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db, words
from wordle_db.languages import SystemWords, system_words
from wordle_db.words import ImportResult


def all_channels(conn: Connection) -> list[dict[str, Any]]:
    return [_clean(row) for row in db.call(conn, "wordle_channels")]


def listed_channels(conn: Connection) -> list[dict[str, Any]]:
    """all_channels without the counts (words, answers, answers_left None): a few reads where
    counting scans every channel's lists (wordle_channels_brief)."""
    return [_clean(row) for row in db.call(conn, "wordle_channels_brief")]


def one_channel(conn: Connection, name: str) -> dict[str, Any]:
    """wordle_channel: the row of `name` (WD060 if there is none)."""
    return _clean(db.call_one(conn, "wordle_channel", name))


def answers_of(conn: Connection, channel: str | None) -> tuple[dict[str, Any], list[str]]:
    """A channel's row and its answer words, as stored (administrators: reads the tables)."""
    row = one_channel(
        conn, channel or str(db.scalar(conn, "SELECT wordle_setting(?)", "default_channel"))
    )
    found = db.query(
        conn,
        "SELECT w.word FROM channel_words cw JOIN words w ON w.id = "
        "cw.word_id JOIN channels c ON c.id = cw.channel_id WHERE c.name = ? "
        "AND cw.is_answer ORDER BY w.word",
        row["name"],
    )
    return row, [r["word"] for r in found]


def add(
    conn: Connection,
    name: str,
    letters: int,
    language: str | None = None,
    max_tries: int | None = None,
    letter_hints: int | None = None,
    accents: str | None = None,
    time_zone: str | None = None,
) -> dict[str, Any]:
    """Create a channel (wordle_channel_add); None takes the database's defaults (the accent
    rule follows the language). Language codes are written lower case."""
    language = language.lower() if language is not None else None
    row = db.call_one(
        conn,
        "wordle_channel_add",
        name,
        language,
        letters,
        max_tries,
        letter_hints,
        accents,
        time_zone,
    )
    return _clean(row)


def change(conn: Connection, name: str, key: str, value: str) -> dict[str, Any]:
    return _clean(db.call_one(conn, "wordle_channel_set", name, key, value))


def remove(conn: Connection, name: str, force: bool = False) -> dict[str, Any]:
    return db.call_one(conn, "wordle_channel_remove", name, force)


def add_from_system(
    conn: Connection,
    name: str,
    letters: int,
    language: str | None = None,
    min_zipf: float | None = None,
    blocked: frozenset[str] = frozenset(),
    **options: Any,
) -> tuple[dict[str, Any], ImportResult, ImportResult, SystemWords]:
    """Create a channel filled from the installed Debian list of `language` (default en): its
    words of `letters` letters as accepted words, the common base forms as answers (see
    languages.system_words). All or nothing: a missing list creates nothing, a failed or
    interrupted import removes the channel again. Returns the channel's row, the two imports
    and what was chosen (with the reasons for what was left out)."""
    language = (language or "en").lower()
    found = system_words(language, letters, min_zipf, blocked=blocked)
    add(conn, name, letters, language, **options)
    try:
        accepted = words.import_lines(conn, _numbered(found.accepted), False, channel=name)
        answers = words.import_lines(conn, _numbered(found.answers), True, channel=name)
    except BaseException:
        with contextlib.suppress(Exception):
            remove(conn, name, force=True)
        raise
    return one_channel(conn, name), accepted, answers, found


def _numbered(items: list[str]) -> list[tuple[int, str | None, int]]:
    return [(n, word, len(word.encode())) for n, word in enumerate(items, 1)]


def _clean(row: dict[str, Any]) -> dict[str, Any]:
    row["is_default"] = bool(row["is_default"])
    return row
