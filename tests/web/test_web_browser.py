"""The page of `wordle-db serve` in a real browser: Debian's Chromium driven by Selenium, the
app served by uvicorn on a free port, against a real database (never a mock).

Screenshots at phone and desktop size go to tests/artifacts/ (git-ignored); the path is
printed."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta

import pytest
from babel.dates import format_date
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.select import Select
from sqlalchemy.engine import URL

from wordle_db import channels, db, game, publish, words
from wordle_db.web import players

from support import REPO
from support.browser import (
    SECRET,
    browser_driver,
    message,
    row_states,
    row_text,
    rows,
    screenshot,
    type_keys,
    until,
)
from support.puzzles import TODAY_WORD, YESTERDAY_WORD, today

# A return visit: the how-to-play dialog opens on a first visit only (support/browser.py).
pytestmark = pytest.mark.usefixtures("seen_help")

STATIC = REPO / "wordle_db" / "web" / "static"
# colours of the stylesheet (light theme): right, elsewhere, absent; high contrast: right
GREEN, YELLOW, GREY = "rgba(83, 141, 78, 1)", "rgba(181, 159, 59, 1)", "rgba(120, 124, 126, 1)"
ORANGE = "rgba(245, 121, 58, 1)"


def key(driver: WebDriver, value: str) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, f'#keyboard [data-key="{value}"]')


def colour(element: WebElement) -> str:
    return element.value_of_css_property("background-color")


def player(driver: WebDriver) -> str:
    cookie = driver.get_cookie(players.COOKIE)
    assert cookie is not None and cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    name = players.player_of(SECRET, cookie["value"])
    assert name is not None
    return name


def stats_opened_by_themselves(driver: WebDriver) -> None:
    """A game that ends opens the statistics (once the row's animation is over): close them."""
    stats = driver.find_element(By.ID, "stats-dialog")
    until(driver, stats.is_displayed, "the statistics opening at the game's end")
    until(
        driver,
        lambda: stats.find_elements(By.CSS_SELECTOR, "#distribution .bar"),
        "the statistics' bars",
    )
    stats.find_element(By.CLASS_NAME, "close").click()
    until(driver, lambda: not stats.is_displayed(), "the statistics closed")


def test_a_whole_game_a_win_and_a_loss_in_the_browser(
    base_url: str, browser: WebDriver, web_db: tuple[URL, URL]
) -> None:
    driver = browser
    driver.get(base_url + "/")
    until(driver, lambda: len(rows(driver)) == 6 and len(rows(driver)[0]) == 5, "the board")
    with db.connect(web_db[0]) as admin:
        day = today(admin)
        number = db.scalar(admin, "SELECT wordle_puzzle_number(?)", day)
    assert driver.find_element(By.ID, "puzzle").text == f"#{number}"
    assert driver.find_element(By.ID, "countdown").text.startswith("Next puzzle in ")

    # an invalid word: the database's message, nothing recorded
    type_keys(driver, "xyzzy")
    assert row_text(driver, 0) == "xyzzy" and row_states(driver, 0) == ["typed"] * 5
    type_keys(driver, Keys.ENTER)
    until(driver, lambda: "not an accepted word" in message(driver), "the refusal")
    type_keys(driver, Keys.BACKSPACE * 5)
    assert row_states(driver, 0) == ["empty"] * 5

    # a guess typed on the physical keyboard: tiles, keyboard and the spoken hint
    type_keys(driver, "slate" + Keys.ENTER)
    until(driver, lambda: row_states(driver, 0)[0] == "absent", "the first hint")
    assert row_states(driver, 0) == ["absent", "absent", "right", "absent", "right"]
    tiles = rows(driver)[0]
    assert [colour(t) for t in tiles] == [GREY, GREY, GREEN, GREY, GREEN]
    assert tiles[2].get_attribute("aria-label") == "A, right place"
    assert tiles[0].get_attribute("aria-label") == "S, not in the word"
    assert (key(driver, "a").get_attribute("data-state"), colour(key(driver, "a"))) == (
        "right",
        GREEN,
    )
    assert key(driver, "s").get_attribute("data-state") == "absent"
    assert key(driver, "c").get_attribute("data-state") == "unused"
    assert key(driver, "s").get_attribute("aria-label") == "S, not in the word"
    until(
        driver,
        lambda: (
            driver.find_element(By.ID, "live")
            .get_attribute("textContent")
            .startswith("SLATE: S not in the word, L not in the word, A right place")
        ),
        "the live region",
    )
    # the hard-mode switch is closed once the game has a guess
    driver.find_element(By.ID, "settings-button").click()
    assert not driver.find_element(By.ID, "hard-mode").is_enabled()
    type_keys(driver, Keys.ESCAPE)

    # the win, on the on-screen keyboard
    for letter in TODAY_WORD:
        key(driver, letter).click()
    key(driver, "Enter").click()
    until(driver, lambda: message(driver) == "Solved in 2/6!", "the win")
    stats_opened_by_themselves(driver)
    assert [colour(t) for t in rows(driver)[1]] == [GREEN] * 5
    assert key(driver, "c").get_attribute("data-state") == "right"
    name = player(driver)
    with db.connect(web_db[0]) as admin:
        assert [a["guess"] for a in game.board(admin, name)] == ["slate", TODAY_WORD]
        share_text = game.share(admin, name)

    # share: the text the database gives, in the page (and the clipboard when allowed)
    driver.find_element(By.ID, "share-button").click()
    box = driver.find_element(By.ID, "share-text")
    until(driver, lambda: box.get_attribute("value") == share_text, "the share text")
    assert share_text.startswith(f"wordle-db #{number} 2/6")

    # statistics
    driver.find_element(By.ID, "stats-button").click()
    stats = driver.find_element(By.ID, "stats-dialog")
    until(driver, stats.is_displayed, "the statistics")
    numbers = {
        d.find_element(By.TAG_NAME, "dt").text: d.find_element(By.TAG_NAME, "dd").text
        for d in stats.find_elements(By.CSS_SELECTOR, "#stats-numbers div")
    }
    assert numbers == {"Played": "1", "Win %": "100", "Current streak": "1", "Max streak": "1"}
    bars = stats.find_elements(By.CSS_SELECTOR, "#distribution .bar")
    assert [b.text.split() for b in bars] == [[str(n), str(int(n == 2))] for n in range(1, 7)]
    assert "current" in bars[1].find_element(By.CLASS_NAME, "fill").get_attribute("class")
    assert [b.get_attribute("aria-label") for b in bars[:3]] == [
        "1 guess: 0 games",
        "2 guesses: 1 game",
        "3 guesses: 0 games",
    ]  # plural forms
    type_keys(driver, Keys.ESCAPE)

    # high contrast, dark theme
    driver.find_element(By.ID, "settings-button").click()
    driver.find_element(By.ID, "high-contrast").click()
    assert colour(rows(driver)[1][0]) == ORANGE
    driver.find_element(By.ID, "dark-theme").click()
    assert driver.execute_script("return document.documentElement.dataset.theme") == "dark"
    driver.find_element(By.ID, "high-contrast").click()
    driver.find_element(By.ID, "dark-theme").click()
    type_keys(driver, Keys.ESCAPE)

    # reload: the game comes back from the database
    driver.refresh()
    until(driver, lambda: row_text(driver, 1) == TODAY_WORD, "the restored board")
    assert row_states(driver, 0) == ["absent", "absent", "right", "absent", "right"]
    assert message(driver) == "Solved in 2/6!"
    screenshot(driver, "won", 360, 740)
    shot = screenshot(driver, "won", 1280, 800)
    assert shot.stat().st_size > 10_000

    # yesterday from the archive, in hard mode: a refused guess, then a loss
    driver.find_element(By.ID, "archive-button").click()
    yesterday = (day - timedelta(1)).isoformat()
    listed = until(
        driver,
        lambda: driver.find_element(By.CSS_SELECTOR, f'[data-day="{yesterday}"]'),
        "the archive",
    )
    written = format_date(day - timedelta(1), "medium", locale="en")  # CLDR, like Intl
    assert listed.text == f"#{number - 1} {written} (not played)"
    listed.click()
    until(
        driver,
        lambda: driver.find_element(By.ID, "puzzle").text == f"#{number - 1} ({written})",
        "yesterday's game",
    )
    driver.find_element(By.ID, "settings-button").click()
    driver.find_element(By.ID, "hard-mode").click()
    type_keys(driver, Keys.ESCAPE)
    type_keys(driver, "slate" + Keys.ENTER)
    until(driver, lambda: row_states(driver, 0)[0] == "elsewhere", "yesterday's first hint")
    assert driver.find_element(By.ID, "mode").text == "Hard mode"
    type_keys(driver, "crane" + Keys.ENTER)
    until(driver, lambda: "must" in message(driver), "the hard-mode refusal")
    type_keys(driver, Keys.BACKSPACE * 5)
    # a letter hint: the letter the database revealed, said in the page and the live region
    driver.find_element(By.ID, "hint-button").click()
    until(driver, lambda: message(driver).startswith("Letter "), "the letter hint")
    with db.connect(web_db[0]) as admin:
        revealed = game.game_state(admin, name, day - timedelta(1))["revealed"]
    position = next(i for i, c in enumerate(revealed) if c != ".")
    said = f"Letter {position + 1} is {revealed[position].upper()}."
    assert message(driver).startswith(said)
    assert revealed[position] == YESTERDAY_WORD[position]
    until(
        driver,
        lambda: driver.find_element(By.ID, "live").get_attribute("textContent").startswith(said),
        "the announced letter hint",
    )
    assert driver.find_element(By.ID, "revealed").text == f"Letter hints: {revealed.upper()}"
    for word in ("stump", "stack", "stink", "stamp", "stiff"):
        type_keys(driver, word + Keys.ENTER)
        until(
            driver,
            lambda w=word: (
                w in {row_text(driver, n) for n in range(6)} and row_states(driver, 0)[0] != "typed"
            ),
            word,
        )
    until(driver, lambda: message(driver) == f"The word was {YESTERDAY_WORD.upper()}.", "loss")
    stats_opened_by_themselves(driver)
    assert driver.find_element(By.ID, "share-button").is_displayed()
    with db.connect(web_db[0]) as admin:
        lost = game.game_state(admin, name, day - timedelta(1))
    assert (lost["state"], lost["attempts"], lost["hard"]) == ("lost", 6, True)
    screenshot(driver, "lost", 360, 740)


def test_everything_is_reachable_by_keyboard(base_url: str, browser: WebDriver) -> None:
    driver = browser
    driver.set_window_size(1280, 800)
    driver.get(base_url + "/")
    driver.delete_all_cookies()  # a new player, whose game is still open
    driver.refresh()
    until(driver, lambda: len(rows(driver)) == 6, "the board")
    reached = set()
    body = driver.find_element(By.TAG_NAME, "body")
    body.click()
    for _ in range(60):
        type_keys(driver, Keys.TAB)
        active = driver.switch_to.active_element
        reached.add(active.get_attribute("id") or active.get_attribute("data-key") or "")
    for wanted in (
        "archive-button",
        "stats-button",
        "settings-button",
        "hint-button",
        "q",
        "Enter",
        "Backspace",
    ):
        assert wanted in reached, wanted
    # a key button activated from the keyboard types its letter once
    key(driver, "q").send_keys(Keys.ENTER)
    assert row_text(driver, 0) == "q"


def test_a_six_letter_channel_chosen_in_the_selector(
    base_url: str, browser: WebDriver, web_db: tuple[URL, URL]
) -> None:
    """Two channels: the selector shows; choosing the 6-letter one draws a 6-wide board of its
    4 tries, its alphabet (é too: a `keep` channel), its number and its share text, and the
    URL keeps the choice."""
    driver = browser
    driver.set_window_size(1280, 800)
    name = f"six{uuid.uuid4().hex[:8]}"
    six = ["planet", "garden", "silver", "breeze", "candle", "frozen"]
    with db.connect(web_db[0]) as admin:
        channels.add(admin, name, 6, language="en", max_tries=4, accents="keep")
        words.import_lines(admin, [(n, w, 0) for n, w in enumerate(six, 1)], True, channel=name)
        words.import_lines(admin, [(1, "éclair", 0)], False, channel=name)
        publish.publish(admin, today(admin), "candle", channel=name)
    try:
        driver.get(base_url + "/")
        driver.delete_all_cookies()  # a new player
        driver.refresh()
        until(driver, lambda: len(rows(driver)) == 6 and len(rows(driver)[0]) == 5, "the board")
        picker = until(
            driver,
            lambda: (
                driver.find_element(By.ID, "channel").is_displayed()
                and driver.find_element(By.ID, "channel")
            ),
            "the channel selector",
        )
        Select(picker).select_by_value(name)
        until(
            driver,
            lambda: len(rows(driver)) == 4 and len(rows(driver)[0]) == 6,
            "the 6-letter board",
        )
        assert driver.current_url == f"{base_url}/?channel={name}"
        assert driver.find_element(By.ID, "puzzle").text == f"{name} #1"
        letters = {
            k.get_attribute("data-key")
            for k in driver.find_elements(By.CSS_SELECTOR, "#keyboard button")
        } - {"Enter", "Backspace"}
        # every letter a-z (the language's keyboard), and é where the channel's words use it
        assert letters == set("abcdefghijklmnopqrstuvwxyz") | {"é"}

        type_keys(driver, "planet")
        assert row_text(driver, 0) == "planet" and row_states(driver, 0) == ["typed"] * 6
        type_keys(driver, Keys.ENTER)
        until(driver, lambda: row_states(driver, 0)[0] != "typed", "the first hint")
        with db.connect(web_db[0]) as admin:
            hint = game.check(admin, "planet", None, name)["hint"]
        assert row_states(driver, 0) == [
            {"2": "right", "1": "elsewhere", "0": "absent"}[h] for h in hint
        ]
        assert len(rows(driver)[0]) == 6

        # the URL keeps the channel: a reload (or a shared link) opens it again
        driver.refresh()
        until(driver, lambda: row_text(driver, 0) == "planet", "the restored 6-letter board")
        until(
            driver,
            lambda: (
                Select(driver.find_element(By.ID, "channel")).first_selected_option.get_attribute(
                    "value"
                )
                == name
            ),
            "the selector's choice",
        )
        type_keys(driver, "candle" + Keys.ENTER)
        until(driver, lambda: message(driver) == "Solved in 2/4!", "the win")
        stats_opened_by_themselves(driver)
        with db.connect(web_db[0]) as admin:
            share_text = game.share(admin, player(driver), None, name)
        assert share_text.startswith(f"wordle-db {name} #1 2/4")
        driver.find_element(By.ID, "share-button").click()
        box = driver.find_element(By.ID, "share-text")
        until(driver, lambda: box.get_attribute("value") == share_text, "the share text")
        screenshot(driver, "channel", 360, 740)

        # back to the default channel: its 5-letter board, the URL without a channel
        Select(driver.find_element(By.ID, "channel")).select_by_value("en")
        until(
            driver,
            lambda: len(rows(driver)) == 6 and len(rows(driver)[0]) == 5,
            "the default board",
        )
        assert driver.current_url == f"{base_url}/"
        assert row_text(driver, 0) == ""
    finally:
        with db.connect(web_db[0]) as admin:
            channels.remove(admin, name, force=True)


def cdp_type(driver: WebDriver, text: str) -> None:
    """Real key events through the DevTools protocol, one per character (Selenium's send_keys
    cannot type ß): what a German keyboard sends."""
    for char in text:
        driver.execute_cdp_cmd(
            "Input.dispatchKeyEvent", {"type": "keyDown", "key": char, "text": char}
        )
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyUp", "key": char})


def test_german_letters_stay_as_written_on_tiles_and_keys(
    browser: WebDriver, base_url: str, web_db: tuple[URL, URL]
) -> None:
    """ß stays ß (never SS) on its tile, its key and in what is read aloud, Ö is a letter of
    its own, and the row keeps five tiles; typed with real key events, at phone size."""
    driver = browser
    driver.set_window_size(360, 740)
    name = f"de{uuid.uuid4().hex[:8]}"
    with db.connect(web_db[0]) as admin:
        channels.add(admin, name, 5, language="de")
        words.import_lines(
            admin, [(1, "grüße", 0), (2, "größe", 0), (3, "blase", 0)], True, channel=name
        )
        publish.publish(admin, today(admin), "grüße", channel=name)
    try:
        driver.get(f"{base_url}/?channel={name}")
        driver.delete_all_cookies()
        driver.refresh()
        until(
            driver,
            lambda: driver.find_element(By.ID, "puzzle").text == f"{name} #1",
            "the German channel",
        )
        assert key(driver, "ß").text == "ß" and key(driver, "ö").text == "Ö"
        cdp_type(driver, "größe")
        until(
            driver,
            lambda: [t.text for t in rows(driver)[0]] == ["G", "R", "Ö", "ß", "E"],
            "the typed row with ß",
        )
        type_keys(driver, Keys.ENTER)
        until(driver, lambda: row_states(driver, 0)[0] != "typed", "the hint")
        assert [t.text for t in rows(driver)[0]] == ["G", "R", "Ö", "ß", "E"]
        assert row_states(driver, 0) == ["right", "right", "absent", "right", "right"]
        assert rows(driver)[0][3].get_attribute("aria-label") == "ß, richtige Stelle"
        screenshot(driver, "german", 360, 740)
    finally:
        with db.connect(web_db[0]) as admin:
            channels.remove(admin, name, force=True)


SIZES = [(360, 640), (360, 740), (390, 844), (1280, 800)]
# one channel more per language, with its own words (the en channel is the module's)
SIX = {
    "fr": ["monde", "étude", "fleur"],
    "de": ["grüße", "größe", "blase"],
    "es": ["puñal", "árbol", "perro"],
    "it": ["mondo", "città", "carne"],
    "pt": ["nação", "mundo", "terra"],
}
# a word typed in each language with its own letters (é through a dead key, as a French
# keyboard types it): the tiles show them as written, five of them
TYPED = {"en": "crane", "fr": "étude", "de": "größe", "es": "puñal", "it": "città", "pt": "nação"}
FITS = """
const box = (e) => e.getBoundingClientRect();
const enter = document.querySelector('#keyboard [data-key="Enter"]');
const rows = [...document.querySelectorAll('#board .row')];
const keys = [...document.querySelectorAll('#keyboard button')];
return {height: innerHeight, width: innerWidth,
        scroll: document.documentElement.scrollHeight,
        enter: enter ? box(enter).bottom : 1e9,
        keysBottom: Math.max(...keys.map((k) => box(k).bottom)),
        keysTop: Math.min(...keys.map((k) => box(k).top)),
        boardBottom: box(rows[rows.length - 1]).bottom,
        message: box(document.getElementById('message')).bottom,
        tile: box(document.querySelector('#board .tile')).width};
"""


def catalogue(code: str) -> dict[str, str]:
    return json.loads((STATIC / "i18n" / f"{code}.json").read_text(encoding="utf-8"))


def capital(letter: str) -> str:
    """A tile's letter: its capital, unless that is longer (ß stays ß, never SS)."""
    return letter.upper() if len(letter.upper()) == 1 else letter


def type_like_a_keyboard(driver: WebDriver, word: str) -> None:
    """Real key events; an accented letter with a dead key first (acute, then e: é)."""
    for char in word:
        if char in "éèêáíóú":
            driver.execute_cdp_cmd(
                "Input.dispatchKeyEvent", {"type": "keyDown", "key": "Dead", "code": "BracketLeft"}
            )
            driver.execute_cdp_cmd(
                "Input.dispatchKeyEvent", {"type": "keyUp", "key": "Dead", "code": "BracketLeft"}
            )
        cdp_type(driver, char)


@pytest.mark.parametrize("channel_count", [1, 6])
def test_the_board_the_keyboard_and_the_message_fit_every_screen(
    browser: WebDriver, base_url: str, web_db: tuple[URL, URL], channel_count: int
) -> None:
    """At phone sizes and on a laptop, with one channel and with six (the selector shown), in
    each channel's language: nothing scrolls: the whole board, every key (Enter included) and
    the message are on screen; tiles stay large enough to read (28 px or more); lang, the
    labels and the refusal are the language's; typed letters stay as written."""
    driver = browser
    made = {code: f"{code}{uuid.uuid4().hex[:6]}" for code in SIX} if channel_count == 6 else {}
    with db.connect(web_db[0]) as admin:
        for code, name in made.items():
            channels.add(admin, name, 5, language=code)
            words.import_lines(
                admin, [(n, w, 0) for n, w in enumerate(SIX[code], 1)], True, channel=name
            )
            publish.publish(admin, today(admin), SIX[code][0], channel=name)
    pages = [("en", "/"), *((code, f"/?channel={name}") for code, name in made.items())]
    driver.get(base_url + "/")
    driver.delete_all_cookies()  # a new player: every game of today open
    try:
        for width, height in SIZES:
            for code, path in pages:
                words_of = catalogue(code)
                driver.execute_cdp_cmd(
                    "Emulation.setDeviceMetricsOverride",
                    {
                        "width": width,
                        "height": height,
                        "deviceScaleFactor": 1,
                        "mobile": width < 600,
                    },
                )
                driver.get(base_url + path)
                until(
                    driver,
                    lambda c=code: (
                        driver.execute_script("return document.documentElement.lang") == c
                    ),
                    f"lang {code}",
                )
                until(
                    driver,
                    lambda w=words_of: (
                        driver.find_element(By.ID, "settings-button").text == w["settings"]
                    ),
                    f"{code} labels",
                )
                until(driver, lambda: len(rows(driver)) == 6, "the board")
                assert key(driver, "Enter").text == words_of["enter"].upper()
                until(
                    driver,
                    lambda: (
                        driver.find_element(By.ID, "channel-picker").is_displayed()
                        == (channel_count > 1)
                    ),
                    "the channel selector",
                )
                if width == SIZES[0][0] and height == SIZES[0][1]:
                    type_like_a_keyboard(driver, TYPED[code])
                    until(
                        driver,
                        lambda c=code: (
                            [t.text for t in rows(driver)[0]] == [capital(x) for x in TYPED[c]]
                        ),
                        f"{TYPED[code]} typed",
                    )
                    assert len(rows(driver)[0]) == 5
                    type_keys(driver, Keys.BACKSPACE * 5)
                type_keys(driver, "zzzzz" + Keys.ENTER)  # a refused word: the message shows
                refusal = words_of["error.WD033"].replace("{word}", "ZZZZZ")
                until(driver, lambda r=refusal: message(driver) == r, f"the {code} refusal")
                fits = driver.execute_script(FITS)
                size = f"{width}x{height}, {channel_count} channel(s), {code}: {fits}"
                assert fits["scroll"] <= height, size
                assert fits["enter"] <= height and fits["keysBottom"] <= height, size
                assert fits["boardBottom"] <= fits["keysTop"], size
                assert 0 < fits["message"] <= height, size
                assert fits["tile"] >= 28, size
                screenshot(driver, f"fit-{channel_count}ch-{code}", width, height)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        with db.connect(web_db[0]) as admin:
            for name in made.values():
                channels.remove(admin, name, force=True)


# The page in the channel's language: (language, words, Settings button, Enter key, refusal)
SPOKEN = [
    ("fr", ["monde", "fleur"], "Réglages", "ENTRÉE", "ZZZZZ n'est pas dans la liste de mots."),
    ("de", ["blase", "größe"], "Einstellungen", "ENTER", "ZZZZZ steht nicht in der Wortliste."),
    ("es", ["perro", "puñal"], "Ajustes", "ENVIAR", "ZZZZZ no está en la lista de palabras."),
]


@pytest.mark.parametrize(("code", "answers", "settings_label", "enter", "refusal"), SPOKEN)
def test_the_page_speaks_the_channels_language(
    browser: WebDriver,
    base_url: str,
    web_db: tuple[URL, URL],
    code: str,
    answers: list[str],
    settings_label: str,
    enter: str,
    refusal: str,
) -> None:
    driver = browser
    name = f"{code}{uuid.uuid4().hex[:8]}"
    with db.connect(web_db[0]) as admin:
        channels.add(admin, name, 5, language=code)
        words.import_lines(admin, [(n, w, 0) for n, w in enumerate(answers, 1)], True, channel=name)
        publish.publish(admin, today(admin), answers[0], channel=name)
    try:
        driver.get(f"{base_url}/?channel={name}")
        until(
            driver,
            lambda: driver.execute_script("return document.documentElement.lang") == code,
            "the page's language",
        )
        until(
            driver,
            lambda: driver.find_element(By.ID, "settings-button").text == settings_label,
            "the translated labels",
        )
        assert key(driver, "Enter").text == enter
        type_keys(driver, "zzzzz" + Keys.ENTER)
        until(driver, lambda: message(driver) == refusal, "the refusal in the channel's language")
        assert "error" in driver.find_element(By.ID, "message").get_attribute("class")
        # back on the default channel, the page is English again
        driver.get(f"{base_url}/")
        until(
            driver,
            lambda: driver.find_element(By.ID, "settings-button").text == "Settings",
            "English on en",
        )
        assert driver.execute_script("return document.documentElement.lang") == "en"
    finally:
        with db.connect(web_db[0]) as admin:
            channels.remove(admin, name, force=True)


def test_how_to_play_opens_on_the_first_visit_only(browser: WebDriver, base_url: str) -> None:
    driver = browser
    driver.execute_script("localStorage.clear()")
    driver.get(base_url + "/")
    dialog = until(
        driver,
        lambda: (
            driver.find_element(By.ID, "help-dialog").is_displayed()
            and driver.find_element(By.ID, "help-dialog")
        ),
        "the how-to-play dialog",
    )
    assert dialog.find_element(By.TAG_NAME, "h2").text == "How to play"
    dialog.find_element(By.CLASS_NAME, "close").click()
    until(
        driver,
        lambda: not driver.find_element(By.ID, "help-dialog").is_displayed(),
        "the dialog closed",
    )
    driver.refresh()
    until(driver, lambda: len(rows(driver)) == 6, "the board")
    assert not driver.find_element(By.ID, "help-dialog").is_displayed()  # remembered
    driver.find_element(By.ID, "help-button").click()  # and there whenever asked for
    until(driver, lambda: driver.find_element(By.ID, "help-dialog").is_displayed(), "help")
    driver.find_element(By.CSS_SELECTOR, "#help-dialog .close").click()


def test_hard_mode_is_remembered_for_the_next_game(browser: WebDriver, base_url: str) -> None:
    driver = browser
    driver.get(base_url + "/")
    driver.delete_all_cookies()  # a new player: today's game not started
    driver.execute_script("localStorage.setItem('hard', 'on')")
    driver.refresh()
    until(driver, lambda: len(rows(driver)) == 6, "the board")
    until(
        driver,
        lambda: driver.find_element(By.ID, "hard-mode").is_selected(),
        "hard mode remembered",
    )
    driver.execute_script("localStorage.removeItem('hard')")


# The page's fetch, made to lose answers: the request reaches the server (which acts on it),
# then the page hears nothing, as on a phone that loses the network after sending.
LOSE_ANSWERS = """
const real = window.fetch;
window.lost = arguments[0];
window.fetch = async (...args) => {
  const response = await real(...args);
  if (String(args[0]).startsWith('/api/guess') && window.lost > 0) {
    window.lost -= 1;
    throw new TypeError('Failed to fetch');
  }
  return response;
};
"""


def attempts_of(web_db: tuple[URL, URL], name: str) -> list[str]:
    with db.connect(web_db[0]) as admin:
        return [a["guess"] for a in game.board(admin, name)]


def test_a_guess_on_a_flaky_connection_counts_once(
    browser: WebDriver, base_url: str, web_db: tuple[URL, URL]
) -> None:
    """Offline: the guess is reported as not sent and the word stays typed; Enter again sends
    it. An answer lost after the server took the guess: the page sends it once more, the
    database refuses the repeat, and the page shows the board as it is: one attempt, never
    two. Lost twice: the player is told, and Enter again finds it landed."""
    driver = browser
    driver.get(base_url + "/")
    driver.delete_all_cookies()
    driver.refresh()
    until(driver, lambda: len(rows(driver)) == 6, "the board")
    name = player(driver)
    driver.execute_cdp_cmd("Network.enable", {})
    offline = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
    type_keys(driver, "slate" + Keys.ENTER)
    until(driver, lambda: message(driver).startswith("No connection"), "the offline report")
    assert "error" in driver.find_element(By.ID, "message").get_attribute("class")
    assert row_text(driver, 0) == "slate" and attempts_of(web_db, name) == []
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": False})
    type_keys(driver, Keys.ENTER)
    until(driver, lambda: row_states(driver, 0)[0] == "absent", "the guess, sent again")
    assert attempts_of(web_db, name) == ["slate"]

    driver.execute_script(LOSE_ANSWERS, 1)  # the answer to the first sending is lost
    type_keys(driver, "stump" + Keys.ENTER)
    until(driver, lambda: row_states(driver, 1)[0] not in ("typed", "empty"), "the resent guess")
    assert attempts_of(web_db, name) == ["slate", "stump"] and message(driver) == ""
    assert len([r for r in range(6) if row_text(driver, r) == "stump"]) == 1

    driver.execute_script(LOSE_ANSWERS, 2)  # both answers lost: reported, then found landed
    type_keys(driver, "stack" + Keys.ENTER)
    until(driver, lambda: message(driver).startswith("No connection"), "the report")
    assert attempts_of(web_db, name) == ["slate", "stump", "stack"]
    type_keys(driver, Keys.ENTER)
    until(driver, lambda: row_states(driver, 2)[0] not in ("typed", "empty"), "the landed guess")
    assert message(driver) == "" and row_text(driver, 3) == ""
    assert attempts_of(web_db, name) == ["slate", "stump", "stack"]
    driver.execute_cdp_cmd("Network.disable", {})


def test_the_page_can_be_installed(browser: WebDriver, base_url: str) -> None:
    """A web app manifest with icons Chromium accepts: no installability error."""
    driver = browser
    driver.get(base_url + "/")
    until(driver, lambda: len(rows(driver)) == 6, "the board")
    manifest = until(
        driver, lambda: driver.execute_cdp_cmd("Page.getAppManifest", {}).get("url"), "the manifest"
    )
    assert manifest == base_url + "/static/manifest.webmanifest"
    errors = until(
        driver,
        lambda: driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}),
        "the installability check",
    )
    assert errors["installabilityErrors"] == [], errors


# Records when each API request of the page starts and ends (before the page's own scripts).
FETCH_LOG = """
window.apiLog = [];
const sent = window.fetch;
window.fetch = async (...args) => {
  const path = String(args[0] && args[0].url || args[0]);
  const entry = { path, start: performance.now(), end: null };
  if (path.includes("/api/")) window.apiLog.push(entry);
  try { return await sent(...args); } finally { entry.end = performance.now(); }
};
"""


@pytest.mark.found_by("the serve helper's runs of test_leagues_web (2 of 8 failed on main)")
def test_a_first_visit_sends_its_other_requests_once_it_has_a_player(base_url: str) -> None:
    """A browser with no cookie opens the page: its first API answer makes its player (the
    cookie); every other request waits for it. (At once, each request made a player of its own
    and the browser kept whichever cookie came last: a guess or a league join made meanwhile
    belonged to another player than the page showed next.)"""
    with browser_driver() as driver:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FETCH_LOG})
        driver.get(base_url + "/")
        until(driver, lambda: len(rows(driver)) == 6, "the board")
        until(
            driver,
            lambda: not driver.execute_script("return document.body.classList.contains('loading')"),
            "the first screen",
        )
        log = driver.execute_script("return window.apiLog")
    assert len(log) >= 3, log  # the game, the channels and the countdown at least
    first = min(log, key=lambda e: e["start"])
    later = [e for e in log if e is not first]
    assert all(e["start"] >= first["end"] for e in later), log
