"""The page on a phone, for the tests of tests/web/test_page_*.py: a database with a channel in
each language of the page, the app served on a free port, Debian's Chromium emulating a touch
phone and driven through its DevTools protocol (real touches, real key events), and the
runners of the tools nobody here wrote: Lighthouse and axe-core (package.json).

Test modules import the fixtures they use (`from support.phone import phone, site`)."""

from __future__ import annotations

import json
import os
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver
from sqlalchemy.engine import URL, Connection

from wordle_db import channels, db, publish, roles, schema, settings, solver, words
from wordle_db.web import players
from wordle_db.web.app import Settings, create_app

from support import clone
from support.browser import app_in_thread
from support.databases import drop_database

REPO = Path(__file__).resolve().parents[2]
STATIC = REPO / "wordle_db" / "web" / "static"
ARTIFACTS = REPO / "tests" / "artifacts"
CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
LIGHTHOUSE = REPO / "node_modules" / ".bin" / "lighthouse"
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
SECRET = b"phone-test-secret-0123456789abcdef"
WAIT = 15.0
PHONES = [(360, 640), (360, 740), (390, 844)]
LANGUAGES = ["en", "fr", "de", "es", "it", "pt"]
# The page's channels: the default one (English, bundled words) and one per other language
# from Debian's word lists, named by their language, and English with six letters.
EXTRA = {
    "fr": ("fr", 5),
    "de": ("de", 5),
    "es": ("es", 5),
    "it": ("it", 5),
    "pt": ("pt", 5),
    "en6": ("en", 6),
}


def catalogue(code: str) -> dict[str, str]:
    return dict(json.loads((STATIC / "i18n" / f"{code}.json").read_text(encoding="utf-8")))


def keyboards() -> dict[str, list[list[str]]]:
    return dict(json.loads((STATIC / "keyboards.json").read_text(encoding="utf-8")))


def need(*paths: Path | str) -> None:
    """Fail the run with one clear line when a tool is missing (never a silent skip)."""
    missing = [str(p) for p in paths if not os.access(p, os.R_OK)]
    if missing:
        pytest.fail(
            f"{', '.join(missing)} missing: ./dev test installs Debian's chromium and "
            "chromium-driver and the Node tools of package.json (npm ci)",
            pytrace=False,
        )


@dataclass
class Site:
    """The served page: its address, the administrator's database URL, the answer of today
    on each channel (`answers["en"]` is the default channel's)."""

    url: str
    admin: URL
    answers: dict[str, str]
    language: dict[str, str] = field(default_factory=dict)  # channel -> its language

    def page(self, channel: str = "en") -> str:
        return f"{self.url}/" if channel == "en" else f"{self.url}/?channel={channel}"

    def words(self, channel: str, count: int) -> list[str]:
        """`count` accepted words of the channel, none of them today's answer."""
        with db.connect(self.admin) as conn:
            found = channel_words(conn, channel, count + 1)
        return [w for w in found if w != self.answers[channel]][:count]


def channel_words(conn: Connection, channel: str, count: int, answers: bool = False) -> list[str]:
    """The first `count` words of a channel (its answers only, when told) made of a-z."""
    return [
        r["word"]
        for r in db.query(
            conn,
            "SELECT w.word FROM channel_words cw JOIN words w ON w.id = cw.word_id "
            "JOIN channels c ON c.id = cw.channel_id WHERE c.name = ? AND cw.is_answer >= ? "
            "AND w.word REGEXP '^[a-z]+$' ORDER BY w.word LIMIT ?",
            channel,
            answers,
            count,
        )
    ]


@dataclass
class Served:
    url: str
    stop: Callable[[], None]


@contextmanager
def serving(player_url: URL, per_minute: float = 600, burst: int = 200) -> Iterator[Served]:
    """The app (create_app, as `wordle-db serve` runs it) on 127.0.0.1 and a free port, in a
    thread; a rate limit high enough for a test's games. stop() ends it early."""
    app = create_app(player_url, Settings(SECRET, per_minute, burst))
    with app_in_thread(app) as (port, stop):
        yield Served(f"http://127.0.0.1:{port}", stop)


@pytest.fixture(scope="module")
def phone_db(
    server_url: URL, template_url: URL, schema_recipe: Any
) -> Iterator[tuple[URL, URL, dict[str, str]]]:
    """A database of this module with a channel per language (see EXTRA) and today's puzzle
    on each, and a front-end account (role player) as the README sets one up: (administrator's
    URL, the account's URL, today's answer per channel)."""
    url = server_url.set(database=f"wt_{uuid.uuid4().hex[:12]}")
    schema.ensure_database(url)
    # the migrated template's schema, as db_url has it
    clone.create(schema_recipe, url, rows_from=template_url)
    user, password = f"ph_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    answers: dict[str, str] = {}
    with db.connect(url) as conn:
        day: date = db.scalar(conn, "SELECT wordle_today()")
        words.import_lines(conn, [(1, "crane", 0)], answers=True)
        publish.publish(conn, day, "crane")
        answers["en"] = "crane"
        for name, (language, letters) in EXTRA.items():
            found = channels.add_from_system(conn, name, letters, language)[3]
            answers[name] = found.answers[len(found.answers) // 2]
            publish.publish(conn, day, answers[name], name)
        settings.set_setting(conn, "player_names", "created")
        roles.grant(conn, "player", f"{user}@localhost", password)
        # the answers as the channel stores them (accents folded where the channel folds)
        for name in answers:
            answers[name] = db.scalar(
                conn,
                "SELECT w.word FROM puzzles p JOIN words w ON w.id = p.word_id "
                "JOIN channels c ON c.id = p.channel_id WHERE c.name = ? AND p.day = ?",
                name,
                day,
            )
    yield url, url.set(username=user, password=password), answers
    with db.connect(url) as conn:
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")
    drop_database(url)


@pytest.fixture(scope="module")
def site(phone_db: tuple[URL, URL, dict[str, str]]) -> Iterator[Site]:
    with serving(phone_db[1]) as served:
        language = {name: language for name, (language, _) in EXTRA.items()} | {"en": "en"}
        yield Site(served.url, phone_db[0], phone_db[2], language)


# A small channel per language with its solver built (the analysis needs one): the answers
# and the other words, all from Debian's lists of that language.
SMALL = 24


@pytest.fixture(scope="module")
def analysed(site: Site) -> dict[str, str]:
    """A channel `LANG-s` per language: SMALL answers of that language's channel, its solver
    built, today's puzzle published. Returns {language: channel}."""
    made = {}
    with db.connect(site.admin) as conn:
        day = db.scalar(conn, "SELECT wordle_today()")
        for language in LANGUAGES:
            name = f"{language}-s"
            picked = channel_words(conn, language, SMALL, answers=True)
            channels.add(conn, name, 5, language=language)
            words.import_lines(
                conn, [(n, w, 0) for n, w in enumerate(picked, 1)], True, channel=name
            )
            publish.publish(conn, day, picked[0], name)
            made[language] = name
            site.answers[name] = picked[0]
            site.language[name] = language
    for name in made.values():
        solver.build(site.admin, workers=1, channel=name)
    return made


def finish(phone: Phone, site: Site, channel: str, win: bool = True) -> None:
    """Today's game on `channel`, played to its end by the physical keyboard (a win in two, or
    a loss), then what opens by itself at the end (the statistics, or a league's board)
    closed."""
    tries = int(phone.js("return document.querySelectorAll('#board .row').length"))
    others = site.words(channel, tries)
    phone.play(*([*others[:1], site.answers[channel]] if win else others))
    phone.until(lambda: phone.open_dialog(), "a dialog at the game's end")
    time.sleep(0.5)  # the statistics open 0.3 s after the end, unless a board opened first
    while phone.open_dialog():
        phone.press("Escape")
        time.sleep(0.1)


class Phone:
    """Chromium as a touch phone of width x height CSS px: taps are touch events, keys are
    key events of a (Bluetooth) keyboard, both through the DevTools protocol."""

    def __init__(self, driver: WebDriver) -> None:
        self.driver = driver
        self.size = PHONES[0]

    def cdp(self, command: str, params: dict[str, Any] | None = None) -> Any:
        return self.driver.execute_cdp_cmd(command, params or {})

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def resize(self, width: int, height: int) -> None:
        self.size = (width, height)
        metrics = {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True}
        self.cdp("Emulation.setDeviceMetricsOverride", metrics)
        self.cdp("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})

    def open(self, url: str, size: tuple[int, int] | None = None, new_player: bool = True) -> None:
        """The page at `url` on a phone of `size`; a new player unless told (the cookie is
        dropped), who has seen the how-to-play dialog (its first-visit opening is tested on
        its own)."""
        self.resize(*(size or self.size))
        self.driver.get(url.split("?")[0].split("#")[0].rstrip("/") + "/static/style.css")
        self.js("localStorage.setItem('seen-help', '1')")
        if new_player:
            self.driver.delete_all_cookies()
        self.driver.get(url)
        self.until(
            lambda: self.js("return document.querySelectorAll('#keyboard button').length"),
            "the keyboard",
        )

    def until(self, check: Callable[[], Any], what: str, wait: float = WAIT) -> Any:
        deadline = time.monotonic() + wait
        while True:
            try:
                result = check()
            except Exception:  # the element is being redrawn
                result = None
            if result:
                return result
            if time.monotonic() > deadline:
                said = self.js("return document.getElementById('message')?.textContent")
                raise AssertionError(f"waited {wait} s for {what}; the page says {said!r}")
            time.sleep(0.05)

    def box(self, selector: str) -> dict[str, float]:
        """The element's box in the viewport (CSS px), or a failure naming the selector."""
        found = self.js(
            "const e = document.querySelector(arguments[0]); if (!e) return null;"
            "const r = e.getBoundingClientRect();"
            "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
            "        width: r.width, height: r.height}",
            selector,
        )
        assert found is not None, f"no {selector} on the page"
        return dict(found)

    def tap(self, selector: str) -> None:
        """A finger's tap in the middle of the element (which must be on screen)."""
        box = self.box(selector)
        x, y = (box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2
        width, height = self.size
        assert 0 <= x < width and 0 <= y < height, f"{selector} is off screen: {box}"
        self.tap_at(x, y)

    def tap_at(self, x: float, y: float) -> None:
        self.cdp(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
        )
        self.cdp("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def press(self, key: str) -> None:
        """A key of a physical keyboard: Enter, Backspace, Escape, or a character (ß too)."""
        codes = {"Enter": (13, "\r"), "Backspace": (8, ""), "Escape": (27, ""), "Tab": (9, "")}
        code, text = codes.get(key, (0, key))
        down: dict[str, Any] = {"type": "keyDown", "key": key, "windowsVirtualKeyCode": code}
        if key in codes:
            down["code"] = key
        if text:
            down["text"] = text
        self.cdp("Input.dispatchKeyEvent", down)
        self.cdp(
            "Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "windowsVirtualKeyCode": code}
        )

    def type(self, text: str) -> None:
        for char in text:
            self.press(char)

    def tiles(self, row: int) -> list[str]:
        return list(
            self.js(
                "return [...document.querySelectorAll('#board .row')[arguments[0]]"
                ".querySelectorAll('.tile')].map((t) => t.textContent)",
                row,
            )
        )

    def states(self, row: int) -> list[str]:
        return list(
            self.js(
                "return [...document.querySelectorAll('#board .row')[arguments[0]]"
                ".querySelectorAll('.tile')].map((t) => t.dataset.state)",
                row,
            )
        )

    def text(self, selector: str) -> str:
        return str(
            self.js("return document.querySelector(arguments[0])?.innerText ?? ''", selector)
        )

    def shown(self, selector: str) -> bool:
        return bool(
            self.js(
                "const e = document.querySelector(arguments[0]);"
                "return !!e && e.checkVisibility() && e.getBoundingClientRect().height > 0",
                selector,
            )
        )

    def hinted(self) -> int:
        """How many tiles of the board show a hint."""
        return int(
            self.js(
                "return document.querySelectorAll('#board .tile:is("
                "[data-state=right], [data-state=elsewhere], [data-state=absent])')"
                ".length"
            )
        )

    def play(self, *guesses: str) -> None:
        """Each word typed on the physical keyboard and sent; back once its row shows a hint."""
        for word in guesses:
            before = self.hinted()
            self.type(word)
            self.press("Enter")
            self.until(lambda b=before: self.hinted() > b, f"the hint of {word}")

    def open_dialog(self) -> str | None:
        found = self.js("return document.querySelector('dialog[open]')?.id ?? null")
        return None if found is None else str(found)

    def player(self) -> str:
        cookie = self.driver.get_cookie(players.COOKIE)
        assert cookie is not None, "no player cookie"
        name = players.player_of(SECRET, cookie["value"])
        assert name is not None
        return name

    def screenshot(self, name: str) -> Path:
        """The screen as the phone shows it, in tests/artifacts/ (git-ignored)."""
        ARTIFACTS.mkdir(exist_ok=True)
        width, height = self.size
        path = ARTIFACTS / f"phone-{name}-{width}x{height}.png"
        assert self.driver.save_screenshot(str(path))
        print(f"screenshot: {path}")
        return path

    def axe(self, context: str = "body") -> list[dict[str, Any]]:
        """axe-core's violations (WCAG 2.x A and AA, and best practices) in `context`."""
        if not self.js("return typeof axe !== 'undefined'"):
            self.js(AXE.read_text(encoding="utf-8"))
        found = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document.querySelector(arguments[0]), {resultTypes: ['violations']})"
            "  .then((r) => done(r.violations.map((v) => ({id: v.id, help: v.help,"
            "    nodes: v.nodes.map((n) => n.target.join(' ') + ': ' + n.failureSummary)}))))"
            "  .catch((e) => done([{id: 'axe failed', help: String(e), nodes: []}]));",
            context,
        )
        return list(found)


@contextmanager
def phone_driver() -> Iterator[Phone]:
    need(CHROMIUM, CHROMEDRIVER)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--window-size=400,900",
        "--force-prefers-reduced-motion",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_script_timeout(60)
    try:
        yield Phone(driver)
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def phone() -> Iterator[Phone]:
    with phone_driver() as made:
        yield made


def lighthouse(url: str, name: str) -> dict[str, Any]:
    """Lighthouse 12 (package.json) on `url` as a phone (its default: mobile, simulated slow
    network and CPU) with Debian's Chromium: {category: score, "cls": cumulative layout
    shift, "report": path of the JSON report in tests/artifacts/}."""
    need(CHROMIUM, LIGHTHOUSE)
    ARTIFACTS.mkdir(exist_ok=True)
    report = ARTIFACTS / f"lighthouse-{name}.json"
    command = [
        str(LIGHTHOUSE),
        url,
        "--form-factor=mobile",
        "--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage",
        "--output=json",
        f"--output-path={report}",
        "--quiet",
    ]
    done = subprocess.run(
        command,
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, f"lighthouse failed: {done.stderr[-2000:]}"
    result = json.loads(report.read_text(encoding="utf-8"))
    scores: dict[str, Any] = {k: v["score"] for k, v in result["categories"].items()}
    scores["cls"] = result["audits"]["cumulative-layout-shift"]["numericValue"]
    scores["report"] = report
    scores["failed"] = sorted(
        f"{k}: {a.get('displayValue') or a['title']}"
        for k, a in result["audits"].items()
        if a.get("score") is not None
        and a["score"] < 0.9
        and a.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings")
    )
    return scores
