"""How boards look in a terminal: every letter of every bundled or system language keeps one
tile, so the grid stays aligned (ß is no SS)."""

from __future__ import annotations

import pytest

from wordle_db import render
from wordle_db.languages import LANGUAGES

# (word, hint, plain board row)
ROWS = [
    ("größe", "22022", "[G][R] Ö [ß][E]"),
    ("straße", "200000", "[S] T  R  A  ß  E "),
    ("niño", "1212", "(N)[I](Ñ)[O]"),
    ("œuvre", "00000", " Œ  U  V  R  E "),
]


@pytest.mark.parametrize(("word", "hint", "plain"), ROWS)
def test_one_tile_per_letter(word: str, hint: str, plain: str) -> None:
    assert render.tiles(word, hint, colour=False) == plain
    assert len(render.tiles(word, hint, colour=False)) == 3 * len(word)


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_letter_of_every_language_keeps_one_tile(code: str) -> None:
    for letter in LANGUAGES[code].alphabet:
        assert len(render.capitals(letter)) == 1, letter
        assert len(render.tile(letter, "2", colour=False)) == 3
    assert render.capitals("straße") == "STRAßE"
    keys = render.keyboard([(letter, "unused") for letter in LANGUAGES[code].alphabet], False)
    assert "SS" not in keys
