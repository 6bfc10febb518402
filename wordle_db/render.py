"""How hints look: coloured tiles on a terminal, plain text elsewhere, emoji for sharing."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

import click

COLOURS = {"2": "green", "1": "yellow", "0": "bright_black"}
EMOJI = {"2": "🟩", "1": "🟨", "0": "⬜"}
KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
KEY_STATE = {"right": "2", "elsewhere": "1", "absent": "0"}


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


def keyboard(states: Iterable[tuple[str, str]], colour: bool) -> str:
    """The alphabet as a keyboard; letters outside the QWERTY rows go on a last row."""
    by_letter = dict(states)
    rows = [row for row in KEYBOARD_ROWS if any(letter in by_letter for letter in row)]
    others = "".join(sorted(set(by_letter) - set("".join(KEYBOARD_ROWS))))
    lines = []
    for indent, row in enumerate([*rows, others] if others else rows):
        keys = [_key(letter, by_letter.get(letter, "unused"), colour) for letter in row]
        lines.append(" " * min(indent, 2) + "".join(keys))
    return "\n".join(lines)


def _key(letter: str, state: str, colour: bool) -> str:
    digit = KEY_STATE.get(state)
    if digit is None:
        return f" {capitals(letter)} "
    if digit == "0" and not colour:
        return " · "
    return tile(letter, digit, colour)


def letter_hint(row: dict[str, Any]) -> str:
    """The answer of wordle_reveal_letter as a sentence."""
    left = row["hints_left"]
    return (
        f"letter {row['position']} is {capitals(str(row['letter']))} "
        f"({left} letter hint{'s' if left != 1 else ''} left)"
    )


def board(attempts: list[dict[str, Any]], game: dict[str, Any], colour: bool) -> str:
    """The attempts as rows of tiles, the rows left as dots, then a status line."""
    lines = [tiles(a["guess"], a["hint"], colour) for a in attempts]
    blank = " · " * int(game["letters"])
    lines += [blank] * max(int(game["max_tries"]) - len(attempts), 0)
    lines.append(status_line(game))
    return "\n".join(lines)


def status_line(game: dict[str, Any]) -> str:
    mode = ", hard mode" if game["hard"] else ""
    head = f"{game.get('title') or 'wordle-db #' + str(game['number'])} ({game['day']}{mode})"
    if game["state"] == "won":
        return f"{head}: solved in {game['attempts']}/{game['max_tries']}"
    if game["state"] == "lost":
        return f"{head}: lost; the word was {capitals(str(game['answer']))}"
    hint = ""
    if game.get("letters_revealed"):
        hint = f"; letter hints: {capitals(str(game['revealed']))}"
    return f"{head}: {game['attempts']}/{game['max_tries']} tries used{hint}"
