"""The puzzles the tests play: the `shared` fixture's words (tests/conftest.py), a day's word
set, today, channels of their own words, and Wordle's hint written independently."""

from __future__ import annotations

from collections import Counter
from datetime import date
from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import channels, db, publish, words

# The shared fixture's words: yesterday's is public, today's and tomorrow's are secrets.
TODAY_WORD, TOMORROW_WORD, YESTERDAY_WORD = "crane", "plumb", "ghost"
# A second channel beside the default one (the `shared` fixture): its own secret words.
SIDE, SIDE_TODAY, SIDE_TOMORROW, SIDE_GUESSES = "side", "qopaz", "zimbu", ["vexor", "slate"]

WRONG = ["slate", "pious", "dumpy", "black", "fight", "wrong", "vouch", "zesty"]
GUESSES = ["slate", "pious", "dumpy", "chewy", "fjord", "gawky"]  # none is the answer: six tries
SIX = ["planet", "garden", "silver", "breeze", "candle", "frozen"]  # a 6-letter channel's words
# Letters only, in no English list: a channel's own answers.
OWN = ["qopaz", "zimbu", "vexor"]


def set_word(conn: Connection, day: date, word: str) -> None:
    """The puzzle of `day` is `word` (made an answer word first if it is not one)."""
    words.import_lines(conn, [(1, word, 0)], answers=True)
    publish.publish(conn, day, word)


def today(conn: Connection) -> date:
    return db.scalar(conn, "SELECT wordle_today()")


def add_channel(
    conn: Connection,
    name: str,
    letters: int,
    answers: list[str],
    accepted: list[str] = (),
    **options: Any,
) -> None:
    """A channel with its own answers and accepted words."""
    channels.add(conn, name, letters, **options)
    numbered = [(n, w, 0) for n, w in enumerate(answers, 1)]
    words.import_lines(conn, numbered, True, channel=name)
    if accepted:
        words.import_lines(
            conn, [(n, w, 0) for n, w in enumerate(accepted, 1)], False, channel=name
        )


def reference_hint(answer: str, guess: str) -> str:
    """The rule, written independently: greens first, then yellows while copies remain."""
    answer, guess = answer.lower(), guess.lower()
    hint = ["0"] * len(guess)
    left: Counter[str] = Counter()
    for i, (a, g) in enumerate(zip(answer, guess, strict=True)):
        if a == g:
            hint[i] = "2"
        else:
            left[a] += 1
    for i, g in enumerate(guess):
        if hint[i] == "0" and left[g] > 0:
            hint[i] = "1"
            left[g] -= 1
    return "".join(hint)
