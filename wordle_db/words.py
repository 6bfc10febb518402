"""Word lists: read and normalise lines in Python, validate and merge in SQL (wordle_import_words).

Python does what SQL cannot: decode UTF-8 and normalise to NFC. Lowering, validation, the
duplicate rule, the answer pool and the alphabet are the database's job.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import BinaryIO

from sqlalchemy.engine import Connection

from wordle_db import db

BATCH = 10_000
MAX_LINE = 100  # longer lines are cut here; the database rejects them as too long anyway
BUNDLED_ALLOWED = "en-allowed.txt"
BUNDLED_ANSWERS = "en-answers.txt"


@dataclass
class Rejected:
    line: int
    text: str
    reason: str


@dataclass
class ImportResult:
    lines: int = 0
    added: int = 0
    answers_added: int = 0
    rejected: list[Rejected] = field(default_factory=list)


def normalise(text: str) -> str:
    """What Python contributes to a word: NFC and no surrounding whitespace."""
    return unicodedata.normalize("NFC", text.strip())


def read_lines(stream: BinaryIO) -> Iterator[tuple[int, str | None, int]]:
    """(line number, normalised text or None if not UTF-8, bytes read) for each non-blank line."""
    for number, raw in enumerate(stream, start=1):
        try:
            text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError:
            yield number, None, len(raw)
            continue
        word = normalise(text)
        if word:
            yield number, word[:MAX_LINE], len(raw)


def import_lines(
    conn: Connection,
    lines: Iterable[tuple[int, str | None, int]],
    answers: bool,
    progress: Callable[[int], None] | None = None,
) -> ImportResult:
    """Send the lines in batches to word_import, then merge them with wordle_import_words.

    `progress`, if given, is called with the number of bytes read so far."""
    result = ImportResult()
    read = 0
    db.call(conn, "wordle_import_begin")
    batch: list[tuple[int, str]] = []
    for number, word, size in lines:
        if word is None:
            result.rejected.append(Rejected(number, "", "not valid UTF-8"))
        else:
            batch.append((number, word))
        if len(batch) >= BATCH:
            db.executemany(conn, "INSERT INTO word_import (line, word) VALUES (?, ?)", batch)
            batch.clear()
        read += size
        if progress:
            progress(read)
    if batch:
        db.executemany(conn, "INSERT INTO word_import (line, word) VALUES (?, ?)", batch)
    (summary,) = db.call(conn, "wordle_import_words", answers)
    result.lines = int(summary["lines_read"]) + len(result.rejected)
    result.added = int(summary["added"])
    result.answers_added = int(summary["answers_added"])
    result.rejected += [
        Rejected(row["line"], row["word"], row["error"])
        for row in db.query(
            conn, "SELECT line, word, error FROM word_import WHERE error IS NOT NULL ORDER BY line"
        )
    ]
    result.rejected.sort(key=lambda r: r.line)
    conn.exec_driver_sql("DROP TEMPORARY TABLE IF EXISTS word_import")
    return result


def import_file(
    conn: Connection,
    path: Path,
    answers: bool,
    progress: Callable[[int, int], None] | None = None,
) -> ImportResult:
    """Import a file; `progress`, if given, is called with (bytes read, file size)."""
    size = path.stat().st_size

    def read_so_far(read: int) -> None:
        if progress:
            progress(read, size)

    with open(path, "rb") as stream:
        return import_lines(conn, read_lines(stream), answers, read_so_far)


def bundled_path(name: str) -> Path:
    return Path(str(files("wordle_db") / "data" / name))


def load_bundled(conn: Connection) -> tuple[ImportResult, ImportResult]:
    """The bundled English lists: every accepted word, then the answer words."""
    return (
        import_file(conn, bundled_path(BUNDLED_ALLOWED), answers=False),
        import_file(conn, bundled_path(BUNDLED_ANSWERS), answers=True),
    )
