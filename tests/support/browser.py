"""Fixtures and helpers of the page in a real browser: the app served by uvicorn on a free
port, headless Chromium driven by Selenium, and what a player sees of the page."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from sqlalchemy.engine import URL

from wordle_db.cli.serve import listen
from wordle_db.web.app import Settings, create_app

from support import REPO

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"


SECRET = b"browser-test-secret-0123456789"


ARTIFACTS = REPO / "tests" / "artifacts"  # git-ignored


WAIT = 10.0


@contextmanager
def app_in_thread(app: Any, **options: Any) -> Iterator[tuple[int, Callable[[], None]]]:
    """The app served by uvicorn (`options` to its Config) on 127.0.0.1 and a free port, in a
    thread of this process: (port, stop); stopped at the end, or before by stop()."""
    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(app, **{"log_level": "warning", **options}))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()

    def stop() -> None:
        server.should_exit = True
        thread.join(WAIT)
        sock.close()

    try:
        deadline = time.monotonic() + WAIT
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)
        yield sock.getsockname()[1], stop
    finally:
        stop()


@pytest.fixture(scope="module")
def base_url(web_db: tuple[URL, URL]) -> Iterator[str]:
    """The app on 127.0.0.1, a free port, in a thread; its rate limit high enough for one
    browser's games."""
    with app_in_thread(create_app(web_db[1], Settings(SECRET, 600, 100))) as (port, _):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    with browser_driver() as driver:
        yield driver


@contextmanager
def browser_driver() -> Iterator[WebDriver]:
    """Headless Chromium at 1280x800, reduced motion (also for other modules' tests)."""
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.access(p, os.X_OK)]
    if missing:
        pytest.fail(
            f"{' and '.join(missing)} missing: run ./dev test (it installs Debian's "
            "chromium and chromium-driver), or apt-get install chromium chromium-driver",
            pytrace=False,
        )
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--window-size=1280,800",
        "--force-prefers-reduced-motion",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def seen_help(browser: WebDriver, base_url: str) -> None:
    """The how-to-play dialog opens on a first visit only: tests that use this fixture are return
    visits (test_how_to_play_opens_on_the_first_visit_only is the first one)."""
    browser.get(base_url + "/static/style.css")  # the page's origin, without the page
    browser.execute_script("localStorage.setItem('seen-help', '1')")


def until(driver: WebDriver, check: Callable[[], Any], what: str) -> Any:
    deadline = time.monotonic() + WAIT
    while True:
        try:
            result = check()
        except Exception:  # the element is being redrawn
            result = None
        if result:
            return result
        if time.monotonic() > deadline:
            raise TimeoutException(
                f"waited {WAIT} s for {what}; message: "
                f"{driver.find_element(By.ID, 'message').text!r}"
            )
        time.sleep(0.05)


def rows(driver: WebDriver) -> list[list[WebElement]]:
    return [
        r.find_elements(By.CLASS_NAME, "tile")
        for r in driver.find_elements(By.CSS_SELECTOR, "#board .row")
    ]


def fresh(read: Callable[[], Any]) -> Any:
    """read(), once more when the page redrew an element while it was being read (a slow
    machine: the board drawn again under the reader): the value is then the new board's."""
    for _ in range(20):
        try:
            return read()
        except StaleElementReferenceException:
            time.sleep(0.05)
    return read()


def row_states(driver: WebDriver, n: int) -> list[str]:
    return fresh(lambda: [t.get_attribute("data-state") or "" for t in rows(driver)[n]])


def row_text(driver: WebDriver, n: int) -> str:
    return fresh(lambda: "".join(t.text for t in rows(driver)[n]).lower())


def type_keys(driver: WebDriver, keys: str) -> None:
    ActionChains(driver).send_keys(keys).perform()


def message(driver: WebDriver) -> str:
    return driver.find_element(By.ID, "message").text


def screenshot(driver: WebDriver, name: str, width: int, height: int) -> Path:
    """The page as a width x height screen shows it (a phone: mobile emulation)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}-{width}x{height}.png"
    width_used = driver.execute_script("return document.documentElement.scrollWidth")
    wide = driver.execute_script(
        "return [...document.querySelectorAll('body *')].filter(e => "
        "e.getBoundingClientRect().right > innerWidth).map(e => e.id || e.className || e.tagName)"
        ".slice(0, 5).join(' ') + ' inner ' + innerWidth"
    )
    assert width_used <= width, f"the page is {width_used} px wide at {width} px: {wide}"
    assert driver.save_screenshot(str(path))
    print(f"screenshot: {path}")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return path
