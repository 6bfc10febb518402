"""Leagues on the page: the JSON endpoints (two players, two cookie jars), the catalogues'
keys of leagues.js, and in Chromium a league created, joined from its link in another cookie
jar, and its board after the game (a phone-size screenshot in tests/artifacts/; with
WORDLE_DB_WRITE_SCREENSHOTS=1 it also becomes README's docs/leagues.png)."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from sqlalchemy.engine import URL
from starlette.testclient import TestClient

from wordle_db import db, leagues
from wordle_db.web import players

from support import REPO
from support.browser import message, screenshot, type_keys, until
from support.puzzles import TODAY_WORD
from support.web import POST

# A return visit: the how-to-play dialog opens on a first visit only (support/browser.py).
pytestmark = pytest.mark.usefixtures("seen_help")

STATIC = REPO / "wordle_db" / "web" / "static"
LANGUAGES = ["de", "en", "es", "fr", "it", "pt"]


def post(client: TestClient, path: str, **body: object) -> tuple[int, dict]:
    response = client.post(f"/api/leagues/{path}", json=body, headers=POST)
    return response.status_code, response.json()


def test_leagues_through_the_api(
    make_client: Callable[..., TestClient], web_db: tuple[URL, URL]
) -> None:
    ann, bob, eve = make_client(), make_client(), make_client()
    status, made = post(ann, "create", name="Team", nickname="Ann")
    assert status == 200 and len(made["code"]) == 32, made
    # the page's player names stay hidden: only nicknames come back
    assert post(bob, "join", code=made["code"], nickname=None)[1] == {
        "league": "Team",
        "nickname": "player 2",
        "members": 2,
    }
    assert ann.get("/api/leagues").json() == [
        {"league": "Team", "nickname": "Ann", "creator": True, "members": 2}
    ]
    ann.post("/api/guess", json={"word": TODAY_WORD}, headers=POST)
    hidden = bob.get("/api/leagues/board", params={"league": "Team"}).json()
    assert [(r["nickname"], r["finished"], r["attempts"]) for r in hidden["board"]] == [
        ("Ann", True, None),
        ("player 2", False, None),
    ]
    assert "web-" not in json.dumps(hidden)
    shown = ann.get("/api/leagues/board", params={"league": "Team", "week": "1"}).json()
    assert shown["board"][0]["attempts"] == 1 and shown["standings"][0]["wins"] == 1
    # refusals: their WD code and HTTP status; a guessed code is a 404 like any wrong one
    assert post(eve, "join", code="0" * 32) == (
        404,
        {
            "error": "no league has that join code (ask its creator for the current one)",
            "code": "WD084",
        },
    )
    assert eve.get("/api/leagues/board", params={"league": "Team"}).status_code == 404
    assert post(bob, "remove", league="Team", nickname="Ann")[1]["code"] == "WD085"
    assert post(ann, "create", name="x" * 41)[1]["code"] == "WD080"
    assert post(ann, "create", name=7)[0] == 400
    assert post(ann, "join", code="c" * 300)[0] == 400
    assert ann.post("/api/leagues/create", json={"name": "X"}).status_code == 403  # no CSRF header
    # the creator removes bob, who is then in no league; a new code withdraws the old one
    assert post(ann, "remove", league="Team", nickname="player 2")[1]["members"] == 1
    assert bob.get("/api/leagues").json() == []
    fresh = post(ann, "code", league="Team")[1]["code"]
    assert post(bob, "join", code=made["code"])[0] == 404
    assert post(bob, "join", code=fresh, nickname="Bob")[0] == 200
    assert post(bob, "leave", league="Team")[1] == {"league": "Team", "members": 1}


def league_keys() -> tuple[set[str], set[str]]:
    """(keys leagues.js uses, those used with a count: plural forms)."""
    script = (STATIC / "leagues.js").read_text(encoding="utf-8")
    keys = set(re.findall(r'"(leagues|league\.[A-Za-z]+|close)"', script))
    counted = set(re.findall(r't\("(league\.\w+)", \{ count:', script))
    keys |= {f"error.WD08{n}" for n in range(7)}
    return keys - counted, counted


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_key_of_leagues_js_is_in_every_catalogue(code: str) -> None:
    words = json.loads((STATIC / "i18n" / f"{code}.json").read_text(encoding="utf-8"))
    english = json.loads((STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))
    plain, counted = league_keys()
    assert len(plain) > 30 and counted == {"league.hints", "league.members"}
    missing = [k for k in plain if k not in words]
    missing += [
        f"{k}.{form}" for k in counted for form in ("one", "other") if f"{k}.{form}" not in words
    ]
    assert not missing, f"{code}.json lacks {missing}"
    if code != "en":
        same = [
            k
            for k in plain
            if words[k] == english[k] and not k.startswith("league.l") and k != "league.won"
        ]  # "{tries}/{max}", "X/{max}" are the same everywhere
        assert len(same) <= 2, (code, same)


def open_leagues(driver: WebDriver) -> None:
    driver.find_element(By.ID, "leagues-button").click()
    until(driver, driver.find_element(By.ID, "leagues-dialog").is_displayed, "the leagues")


def results(driver: WebDriver) -> list[str]:
    return [r.text for r in driver.find_elements(By.CSS_SELECTOR, "#league-results tbody tr")]


def play(driver: WebDriver, words: list[str]) -> None:
    for word in words:
        type_keys(driver, word + Keys.ENTER)
        until(
            driver,
            lambda w=word: (
                w
                in "".join(
                    t.text for t in driver.find_elements(By.CSS_SELECTOR, "#board .tile")
                ).lower()
            ),
            f"the guess {word}",
        )


def test_a_league_created_joined_from_its_link_and_its_board_after_the_game(
    base_url: str, browser: WebDriver, web_db: tuple[URL, URL], repo_root: Path
) -> None:
    driver = browser
    driver.delete_all_cookies()
    driver.get(base_url + "/")
    until(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#board .row"), "the board")
    # the creator: a league and its join link
    open_leagues(driver)
    assert "no league" in driver.find_element(By.ID, "league-list").text
    driver.find_element(By.ID, "league-name").send_keys("Office")
    driver.find_element(By.ID, "league-nickname").send_keys("Ann")
    driver.find_element(By.CSS_SELECTOR, "#league-create button").click()
    link_box = driver.find_element(By.ID, "league-link")
    link = until(driver, lambda: link_box.get_attribute("value"), "the join link")
    assert re.fullmatch(re.escape(base_url) + r"/#join=[0-9a-f]{32}&league=[^&]+", link), link
    driver.find_element(By.CSS_SELECTOR, "#league-link-box button").click()
    note = driver.find_element(By.ID, "league-message")
    until(
        driver,
        lambda: note.text in ("Copied to the clipboard.", "Select the text below to copy it."),
        "the copy",
    )
    until(driver, lambda: results(driver) == ["Ann (you) not started"], "the new board")
    type_keys(driver, Keys.ESCAPE)
    play(driver, ["slate", TODAY_WORD])  # a win in 2: the league's board opens
    until(driver, lambda: results(driver) == ["Ann (you) 2/6"], "the board after the game")
    ann = driver.get_cookie(players.COOKIE)
    assert ann is not None
    type_keys(driver, Keys.ESCAPE)

    # another cookie jar: a new player opens the link and joins under a nickname (a page
    # loaded afresh: the link differs from the open page only by its #fragment, and Ann's
    # page, left open, would go on asking as the player of whatever cookie came back last)
    driver.delete_all_cookies()
    driver.get("about:blank")
    driver.get(link)
    join_box = until(
        driver, lambda: driver.find_element(By.ID, "league-join-nickname"), "the join form"
    )
    until(
        driver,
        lambda: (
            join_box.is_displayed()
            and driver.find_element(By.CSS_SELECTOR, "#league-join button").text == "Join"
        ),
        "the join form, in English",
    )
    join_box.send_keys("Bo")
    driver.find_element(By.CSS_SELECTOR, "#league-join button").click()
    # Ann finished, but Bo has not played: her result stays hidden
    until(
        driver,
        lambda: results(driver) == ["Ann finished", "Bo (you) not started"],
        "the spoiler-free board",
    )
    assert "Finish your game" in driver.find_element(By.ID, "league-board").text
    assert "join=" not in driver.current_url  # the code left the address bar
    bo = players.player_of(
        b"browser-test-secret-0123456789", driver.get_cookie(players.COOKIE)["value"]
    )
    with db.connect(web_db[0]) as admin_conn:
        assert [r["nickname"] for r in leagues.mine(admin_conn, str(bo))] == ["Bo"]
    type_keys(driver, Keys.ESCAPE)
    driver.find_element(By.ID, "hint-button").click()  # Bo takes a letter hint
    until(driver, lambda: "Letter" in message(driver), "the letter hint")
    play(driver, ["pious", TODAY_WORD])
    until(
        driver,
        lambda: results(driver) == ["Ann 2/6", "Bo (you) 2/6, 1 letter hint"],
        "both results",
    )
    standings = driver.find_element(By.ID, "league-standings").text
    assert "1. Ann" in standings and "1. Bo (you)" in standings, standings
    shot = screenshot(driver, "leagues", 360, 740)
    if os.environ.get("WORDLE_DB_WRITE_SCREENSHOTS"):  # README's picture, when asked
        shutil.copy(shot, repo_root / "docs" / "leagues.png")

    # a third cookie jar with a guessed code: refused, nothing joined
    driver.delete_all_cookies()
    driver.get(base_url + "/#join=" + "0" * 32)
    until(
        driver,
        lambda: driver.find_element(By.CSS_SELECTOR, "#league-join button").text == "Join",
        "the join form, in English",
    )
    driver.find_element(By.CSS_SELECTOR, "#league-join button").click()
    note = driver.find_element(By.ID, "league-message")
    until(driver, lambda: "does not work" in note.text, "the refusal")
    assert message(driver) == "" or "does not work" not in message(driver)
    driver.delete_all_cookies()
    driver.add_cookie({k: ann[k] for k in ("name", "value", "path")})
