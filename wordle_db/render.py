"""How the game looks in a terminal: coloured tiles (plain text elsewhere), emoji for sharing,
each language's keyboard, and the board's words in the channel's language (i18n.Texts)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from functools import cache
from typing import Any

import click

from wordle_db.i18n import DEFAULT, STATIC, Texts

COLOURS = {"2": "green", "1": "yellow", "0": "bright_black"}
EMOJI = {"2": "🟩", "1": "🟨", "0": "⬜"}
KEY_STATE = {"right": "2", "elsewhere": "1", "absent": "0"}
COMMANDS = ("enter", "backspace")  # the keys of a layout that are no letter
BASIC = re.compile(r"[a-z]")
EXTRA_ROW = 10  # letters a layout lacks: rows of at most this many


def capitals(text: str) -> str:
    """Upper case letter by letter, keeping a letter whose capital is longer (ß, not SS): a
    tile is one letter, and the grid stays aligned."""
    return "".join(up if len(up := c.upper()) == 1 else c for c in text)


def use_colour(stream_is_terminal: bool) -> bool:
    return stream_is_terminal and "NO_COLOR" not in os.environ


def tile(letter: str, state: str, colour: bool) -> str:
    """One letter: a coloured tile, or plain: [A] right place, (A) elsewhere, ' A ' absent."""
    letter = capitals(letter)
    if colour:
        return click.style(
            f" {letter} ",
            fg="white" if state != "1" else "black",
            bg=COLOURS.get(state, "white"),
            bold=True,
        )
    return {"2": f"[{letter}]", "1": f"({letter})"}.get(state, f" {letter} ")


def tiles(word: str, hint: str, colour: bool) -> str:
    return "".join(tile(letter, state, colour) for letter, state in zip(word, hint, strict=True))


def emoji(hint: str) -> str:
    return "".join(EMOJI[state] for state in hint)


@cache
def layouts() -> dict[str, list[list[str]]]:
    """static/keyboards.json, the page's file: each language's rows of keys."""
    rows: dict[str, list[list[str]]] = json.loads(
        (STATIC / "keyboards.json").read_text(encoding="utf-8")
    )
    return rows


def key_rows(language: str, letters: Iterable[str]) -> list[list[str]]:
    """The rows of keys, by the page's rule (app.js keyRows, which cannot share this code):
    the language's layout (English for a language it lacks) with its letters a-z and those of
    its other letters the channel uses (`letters`, in their order); the channel's letters the
    layout lacks get rows of their own, above the last."""
    used = list(letters)
    layout = layouts().get(language) or layouts()[DEFAULT]
    rows = [[k for k in row if k in COMMANDS or BASIC.fullmatch(k) or k in used] for row in layout]
    placed = {k for row in layout for k in row}
    extra = [letter for letter in used if letter not in placed]
    for at in range(0, len(extra), EXTRA_ROW):
        rows.insert(len(rows) - 1, extra[at : at + EXTRA_ROW])
    return rows


def keyboard(states: Iterable[tuple[str, str]], colour: bool, language: str = DEFAULT) -> str:
    """The keyboard of the page for `language`, without its Enter and Backspace keys, each
    letter showing its state (`states`: the channel's letters, as wordle_keyboard gives them)."""
    by_letter = dict(states)
    lines = []
    for indent, row in enumerate(key_rows(language, by_letter)):
        keys = [_key(k, by_letter.get(k, "unused"), colour) for k in row if k not in COMMANDS]
        lines.append(" " * min(indent, 2) + "".join(keys))
    return "\n".join(lines)


def _key(letter: str, state: str, colour: bool) -> str:
    digit = KEY_STATE.get(state)
    if digit is None:
        return f" {capitals(letter)} "
    if digit == "0" and not colour:
        return " · "
    return tile(letter, digit, colour)


def letter_hint(row: dict[str, Any], t: Texts) -> str:
    """The answer of wordle_reveal_letter as the page says it."""
    left = row["hints_left"]
    letter = capitals(str(row["letter"]))
    return t("hintGiven", count=left, position=row["position"], letter=letter, left=left)


def board(attempts: list[dict[str, Any]], game: dict[str, Any], colour: bool, t: Texts) -> str:
    """The attempts as rows of tiles, the rows left as dots, then the game's status."""
    lines = [tiles(a["guess"], a["hint"], colour) for a in attempts]
    blank = " · " * int(game["letters"])
    lines += [blank] * max(int(game["max_tries"]) - len(attempts), 0)
    lines += status(game, t)
    return "\n".join(lines)


def status(game: dict[str, Any], t: Texts) -> list[str]:
    """Two lines: the puzzle (title, day, hard mode), then how the game stands."""
    title = game.get("title") or f"wordle-db #{game['number']}"
    head = [str(title), t.date(game["day"]), *([t("hardMode.short")] if game["hard"] else [])]
    tries, most = game["attempts"], game["max_tries"]
    if game["state"] == "won":
        now = t("solved", tries=tries, max=most)
    elif game["state"] == "lost":
        now = t("theWordWas", word=capitals(str(game["answer"])))
    else:
        now = t("terminal.triesUsed", tries=tries, max=most)
        if game.get("letters_revealed"):
            now += " · " + t("revealed", letters=capitals(str(game["revealed"])))
    return [" · ".join(head), now]
