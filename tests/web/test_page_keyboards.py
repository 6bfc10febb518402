"""Each language's own keyboard on a phone (wordle_db/web/static/keyboards.json, which the
terminal reads too): French AZERTY, German QWERTZ with Ü Ö Ä and ß in their places, Spanish
with Ñ on the home row and W, Italian and Portuguese complete; only letters the channel can
use; three rows, never wider than the screen, keys 44 px tall or more and as wide as ten (or
the longest row) allow."""

from __future__ import annotations

import uuid

import pytest

from wordle_db import channels, db, publish, words

from support.layouts import ROWS
from support.phone import LANGUAGES, PHONES, Phone, Site, keyboards

E, B = "Enter", "Backspace"
KEYS = """
return [...document.querySelectorAll('#keyboard .keyrow')].map((row) =>
  [...row.querySelectorAll('button')].map((k) => {
    const r = k.getBoundingClientRect();
    return {key: k.dataset.key, text: k.textContent, left: r.left, right: r.right,
            width: r.width, height: r.height, wide: k.classList.contains('wide'),
            cut: k.scrollWidth > k.clientWidth};
  }));
"""


def test_the_layouts_file_is_rows_of_letters_per_language() -> None:
    """The format the page and the terminal read: {language: [row, ...]}, a row a list of
    single lower-case letters, one "enter" and one "backspace" in each layout."""
    layouts = keyboards()
    assert sorted(layouts) == sorted(LANGUAGES)
    for language, rows in layouts.items():
        keys = [k for row in rows for k in row]
        assert keys.count("enter") == 1 and keys.count("backspace") == 1, language
        letters = [k for k in keys if k not in ("enter", "backspace")]
        assert all(len(k) == 1 and k.isalpha() and k == k.lower() for k in letters), language
        assert len(set(letters)) == len(letters) and set("abcdefghijklmnopqrstuvwxyz") <= set(
            letters
        ), language


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_gets_its_keyboard_on_every_phone(
    phone: Phone, site: Site, language: str
) -> None:
    expected = [
        [E, *ROWS[language][2], B] if i == 2 else list(r) for i, r in enumerate(ROWS[language])
    ]
    for width, height in PHONES:
        phone.open(site.page(language), (width, height))
        rows = phone.js(KEYS)
        assert [[k["key"] for k in row] for row in rows] == expected, f"{language} {width}"
        keys = [k for row in rows for k in row]
        assert all(k["left"] >= 0 and k["right"] <= width for k in keys), f"wider than {width}"
        assert all(k["height"] >= 44 for k in keys)
        assert [k["text"] for k in keys if k["cut"]] == [], f"labels cut at {width}"
        letters = [k for k in keys if not k["wide"]]
        unit = letters[0]["width"]
        assert all(abs(k["width"] - unit) < 0.5 for k in letters)
        longest = max(len(r) + (3 if i == 2 else 0) for i, r in enumerate(ROWS[language]))
        units = max(10, longest)  # a wide key counts 1.5: the last row's two are 3
        room = phone.box("#keyboard")["width"]
        gap = float(
            phone.js(
                "return parseFloat(getComputedStyle(document.querySelector("
                "'#keyboard .keyrow')).columnGap)"
            )
        )
        assert abs(unit - (room - (units - 1) * gap) / units) < 0.5, (unit, room, units)
    phone.screenshot(f"{language}-keyboard")
    # every letter key types its letter, as the tile writes it (Ñ, Ü, and ß, never SS)
    for row in ROWS[language]:
        for letter in row[-5:]:
            phone.tap(f'#keyboard [data-key="{letter}"]')
        shown = letter.upper() if len(letter.upper()) == 1 else letter
        assert phone.tiles(0)[4] == shown, (language, row)
        for _ in range(5):
            phone.tap('#keyboard [data-key="Backspace"]')


def test_letters_the_channel_uses_beyond_the_layout_get_a_row_and_others_none(
    phone: Phone, site: Site
) -> None:
    """A French channel that keeps its accents shows them in a row of their own above the
    last (the folding one shows none); the board keeps tiles of 28 px or more."""
    name = f"fk{uuid.uuid4().hex[:6]}"
    accented = ["école", "fêter", "aimer", "début"]
    with db.connect(site.admin) as conn:
        channels.add(conn, name, 5, language="fr", accents="keep")
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(accented, 1)], True, channel=name)
        publish.publish(conn, db.scalar(conn, "SELECT wordle_today()"), "aimer", name)
    try:
        phone.open(site.page(name), (360, 640))
        rows = [[k["key"] for k in row] for row in phone.js(KEYS)]
        assert rows[:2] == [list(ROWS["fr"][0]), list(ROWS["fr"][1])]
        assert rows[2] == ["é", "ê"] and rows[3] == [E, *ROWS["fr"][2], B], rows
        assert phone.box("#board .tile")["width"] >= 28
        assert all(k["right"] <= 360 for row in phone.js(KEYS) for k in row)
        phone.screenshot("fr-accents-keyboard")
        phone.open(site.page("fr"), (360, 640))
        folded = {k["key"] for row in phone.js(KEYS) for k in row}
        assert not folded & set("éêèàçù")
    finally:
        with db.connect(site.admin) as conn:
            channels.remove(conn, name, force=True)
