"""Word lists: read and normalise lines in Python, validate and merge in SQL (wordle_import_words).

Python does what SQL cannot: decode UTF-8 and normalise to NFC. Lowering, validation, the
duplicate rule, the answer pool and the alphabet are the database's job.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import BinaryIO

from sqlalchemy.engine import Connection

from wordle_db import db, lines
from wordle_db.errors import WordleError

BATCH = 10_000
MAX_LINE = 100  # longer lines are cut here; the database rejects them as too long anyway
TOO_LONG = f"longer than {lines.MAX_LINE_BYTES} bytes"
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # not tab, LF, CR
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
    """(line number, normalised text or None if too long, bytes read) for each non-blank line.
    Raises lines.NotText at the first line that is not UTF-8 text."""
    for line in lines.read_lines(stream):
        if line.text is None:
            yield line.number, None, line.size
            continue
        # A control character keeps the whole line, for the database to reject: stripping it
        # would turn bytes like "\x1fq\x0b" into a word.
        word = line.text.strip("\r\n") if CONTROL.search(line.text) else normalise(line.text)
        if word:
            yield line.number, word[:MAX_LINE], line.size


def import_lines(
    conn: Connection,
    lines: Iterable[tuple[int, str | None, int]],
    answers: bool,
    progress: Callable[[int], None] | None = None,
    channel: str | None = None,
) -> ImportResult:
    """Send the lines in batches to word_import, then merge them into a channel's lists with
    wordle_import_words_on (`channel` None: the default channel).

    `progress`, if given, is called with the number of bytes read so far."""
    result = ImportResult()
    read = 0
    db.call(conn, "wordle_import_begin")
    batch: list[tuple[int, str]] = []
    for number, word, size in lines:
        if word is None:
            result.rejected.append(Rejected(number, "", TOO_LONG))
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
    summary = db.call_one(conn, "wordle_import_words_on", channel, answers)
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
    channel: str | None = None,
) -> ImportResult:
    """Import a file; `progress`, if given, is called with (bytes read, file size). A file that
    is not UTF-8 text, or a pipe that does not end, is refused as a whole: nothing imported."""
    size = path.stat().st_size

    def read_so_far(read: int) -> None:
        if progress:
            progress(read, size)

    with open(path, "rb") as stream:
        try:
            return import_lines(conn, read_lines(stream), answers, read_so_far, channel)
        except lines.NotText as exc:
            raise WordleError(
                f"{path}:{exc.line}: not a text file: {exc.reason}; nothing imported"
            ) from None
        except lines.TooLong as exc:
            raise WordleError(f"{path}: {exc}; nothing imported") from None
        except OSError as exc:  # open worked, a read did not (EIO, EISDIR, ...)
            raise WordleError(f"{path}: {exc.strerror or exc}; nothing imported") from None


def bundled_path(name: str) -> Path:
    return Path(str(files("wordle_db") / "data" / name))


def load_bundled(conn: Connection) -> tuple[ImportResult, ImportResult]:
    """The bundled English lists: every accepted word, then the answer words."""
    return (
        import_file(conn, bundled_path(BUNDLED_ALLOWED), answers=False),
        import_file(conn, bundled_path(BUNDLED_ANSWERS), answers=True),
    )


def letter_folds(conn: Connection) -> dict[str, str]:
    return {
        r["letter"]: r["folded"] for r in db.query(conn, "SELECT letter, folded FROM letter_folds")
    }
