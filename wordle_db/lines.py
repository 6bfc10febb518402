"""Text files read line by line in bounded memory.

A line is read up to MAX_LINE_BYTES; the rest of a longer one is checked and skipped in pieces
of that size. The text must be UTF-8 without NUL characters: anything else is not a text file
(a binary one) and stops the reading with the line's number. A file that is not a regular file
(a pipe, a device) may hold at most MAX_STREAM_BYTES, so one that never ends (/dev/zero,
`yes |`) is refused instead of read forever.
"""

from __future__ import annotations

import codecs
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from wordle_db.errors import WordleError

MAX_LINE_BYTES = 1024
MAX_STREAM_BYTES = 64 * 2**20


class NotText(WordleError):
    """The file is not UTF-8 text: `line` is the first line that is not."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class TooLong(WordleError):
    """A pipe or device held more than MAX_STREAM_BYTES."""


@dataclass
class Line:
    number: int
    text: str | None  # None: longer than MAX_LINE_BYTES (skipped)
    size: int  # bytes, line break included


def read_lines(stream: BinaryIO) -> Iterator[Line]:
    """The lines of a binary stream, decoded and checked (a BOM on the first is dropped)."""
    bounded = _bounded(stream)
    number = 0
    while raw := bounded.readline(MAX_LINE_BYTES + 1):
        number += 1
        decoder = codecs.getincrementaldecoder("utf-8-sig" if number == 1 else "utf-8")()
        text = _checked(decoder, raw, number)
        size = len(raw)
        whole = len(raw) <= MAX_LINE_BYTES or raw.endswith(b"\n")
        while not raw.endswith(b"\n") and (raw := bounded.readline(MAX_LINE_BYTES)):
            size += len(raw)
            _checked(decoder, raw, number)
        text += _checked(decoder, b"", number, final=True)
        yield Line(number, text if whole else None, size)


def _checked(
    decoder: codecs.IncrementalDecoder, raw: bytes, number: int, final: bool = False
) -> str:
    try:
        text: str = decoder.decode(raw, final)
    except UnicodeDecodeError as exc:
        raise NotText(number, f"not valid UTF-8 ({exc.reason})") from None
    if "\x00" in text:
        raise NotText(number, "a NUL character")
    return text


class _Bounded:
    """readline() on a stream, refusing to go past MAX_STREAM_BYTES when `bounded`."""

    def __init__(self, stream: BinaryIO, bounded: bool) -> None:
        self.stream = stream
        self.left = MAX_STREAM_BYTES if bounded else None

    def readline(self, limit: int) -> bytes:
        raw = self.stream.readline(limit)
        if self.left is not None:
            self.left -= len(raw)
            if self.left < 0:
                raise TooLong(f"not a regular file, and longer than {_size(MAX_STREAM_BYTES)}")
        return raw


def _size(n: int) -> str:
    return f"{n // 2**20} MiB" if n % 2**20 == 0 else f"{n} bytes"


def _bounded(stream: BinaryIO) -> _Bounded:
    try:
        regular = stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError):  # no file descriptor: an in-memory stream
        regular = True
    return _Bounded(stream, bounded=not regular)
