"""The page measured by tools nobody here wrote, and kept like an app: Lighthouse 12 (mobile: a
phone's screen, a slow network and CPU, simulated) on the English and the German page; axe-core
on the board, each dialog, the leagues and the account at 360x640 in every language; its files
compressed and kept by the browser; installed, it starts offline and opens its channel."""

from __future__ import annotations

import gzip
import re
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import pytest
from sqlalchemy.engine import URL

from support.phone import LANGUAGES, Phone, Site, catalogue, finish, lighthouse, serving

CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


@pytest.mark.alone  # Lighthouse's simulation starts from the CPU time it observes
@pytest.mark.parametrize("channel", ["en", "de"])
def test_lighthouse_scores_the_page_095_or_more_and_nothing_moves(site: Site, channel: str) -> None:
    scores = lighthouse(site.page(channel), f"page-{channel}")
    said = f"{channel}: {scores}"
    for category in CATEGORIES:
        assert scores[category] >= 0.95, said
    assert scores["cls"] < 0.1, said


def axe_clean(phone: Phone, context: str, what: str) -> None:
    found = phone.axe(context)
    assert found == [], f"{what}: {found}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_axe_finds_nothing_on_the_board_any_dialog_the_leagues_or_the_account(
    phone: Phone, site: Site, analysed: dict[str, str], language: str
) -> None:
    channel = analysed[language]
    phone.open(site.page(channel), (360, 640))
    axe_clean(phone, "body", f"{language} board")
    phone.tap("#leagues-button")  # a league, to see its board and standings
    phone.until(lambda: phone.open_dialog() == "leagues-dialog", "the leagues")
    phone.driver.find_element("id", "league-name").send_keys("Club")
    phone.tap("#league-create > button")
    phone.until(lambda: phone.shown("#league-standings"), "the league's standings")
    axe_clean(phone, "#leagues-dialog", f"{language} leagues")
    phone.press("Escape")
    finish(phone, site, channel)
    axe_clean(phone, "body", f"{language} board of a finished game")
    for dialog, opener in {
        "help-dialog": "#help-button",
        "stats-dialog": "#stats-button",
        "settings-dialog": "#settings-button",  # with the account
        "archive-dialog": "#archive-button",
        "analysis-dialog": "#analysis-button",
        "leagues-dialog": "#leagues-button",
    }.items():
        phone.tap(opener)
        phone.until(lambda d=dialog: phone.open_dialog() == d, dialog)
        if dialog == "settings-dialog":
            phone.until(lambda: phone.text("#account-status"), "the account's state")
        if dialog == "analysis-dialog":
            phone.until(lambda: phone.shown("#analysis-list h3"), "the analysis")
        axe_clean(phone, f"#{dialog}", f"{language} {dialog}")
        phone.press("Escape")
        phone.until(lambda: phone.open_dialog() is None, f"{dialog} closed")


def fetch(url: str) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request) as answer:
        return {k.lower(): v for k, v in answer.headers.items()}, answer.read()


def test_the_page_and_its_files_are_compressed_and_kept_but_never_the_api(site: Site) -> None:
    headers, body = fetch(site.url + "/")
    assert headers["content-encoding"] == "gzip" and headers["cache-control"] == "no-cache"
    page = gzip.decompress(body).decode()
    assert re.search(r'<meta name="description"[^>]* content="[^"]{50,}"', page)
    assets = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    versioned = [a for a in assets if "?v=" in a]
    assert len(versioned) >= 8 and len(set(a.split("?v=")[1] for a in versioned)) == 1
    for asset in versioned:
        headers, body = fetch(site.url + asset)
        assert headers["cache-control"] == "public, max-age=31536000, immutable", asset
        if asset.split("?")[0].endswith((".js", ".css")):  # text, but a few bytes stay plain
            assert headers.get("content-encoding") == "gzip" or len(body) < 500, asset
    old, _ = fetch(site.url + "/static/app.js?v=0ld")  # another version: asked again each time
    assert old["cache-control"] == "no-cache"
    api, _ = fetch(site.url + "/api/channels")
    assert "content-encoding" not in api and api["cache-control"] == "no-store"


# Manifests asked for with what a hostile link may put in its address: (query, status, what the
# answer must hold); never an error page, never the text as given inside the JSON's strings.
MANIFESTS = [
    ("", 200, '"start_url":"/"'),
    ("?lang=de&channel=de", 200, '"start_url":"/?channel=de"'),
    ("?lang=../../etc/passwd", 200, '"lang":"en"'),
    ("?lang=xx&channel=fr", 200, '"lang":"en"'),
    ('?channel="><script>alert(1)</script>', 200, '"start_url":"/?channel=%22%3E%3Cscript%3E'),
    ("?channel=https://evil.example/", 200, '"start_url":"/?channel=https%3A%2F%2Fevil'),
    ("?channel=" + "x" * 65, 400, '"error":"channel must be a channel'),
    ("?channel=%ED%A0%80", 200, '"start_url":"/?channel='),
]


def test_a_manifest_asked_for_with_any_query_is_a_manifest_of_this_site(site: Site) -> None:
    for query, status, holds in MANIFESTS:
        url = f"{site.url}/static/manifest.webmanifest{query.replace(' ', '%20')}"
        request = urllib.request.Request(urllib.parse.quote(url, safe=":/?=&%"))
        try:
            with urllib.request.urlopen(request) as answer:
                got, body = answer.status, answer.read().decode()
        except urllib.error.HTTPError as refused:
            got, body = refused.code, refused.read().decode()
        assert (got, holds in body) == (status, True), (query, body)
        assert "<script>" not in body and "\n" not in body, (query, body)


CACHED = """
const done = arguments[arguments.length - 1];
(async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls;
})().then(done, (e) => done(String(e)));
"""


def test_the_installed_page_starts_offline_in_its_channel(
    phone: Phone, phone_db: tuple[URL, URL, dict[str, str]]
) -> None:
    """Installed from the German page, the app's manifest is German and starts on that
    channel; its service worker keeps the page and its files (never an API answer), so the
    page starts with the server gone, in German, and says the connection is lost."""
    with serving(phone_db[1]) as served:
        phone.open(f"{served.url}/?channel=de", (360, 640))
        phone.until(
            lambda: phone.js("return navigator.serviceWorker.controller !== null"),
            "the service worker in control",
        )
        manifest: dict[str, Any] = phone.until(
            lambda: (
                (m := phone.cdp("Page.getAppManifest")).get("url", "").endswith("channel=de") and m
            ),
            "the German channel's manifest",
        )
        assert manifest["url"] == f"{served.url}/static/manifest.webmanifest?lang=de&channel=de"
        assert manifest["errors"] == []
        installable = phone.cdp("Page.getInstallabilityErrors")
        assert installable["installabilityErrors"] == [], installable
        with urllib.request.urlopen(manifest["url"]) as answer:
            data = answer.read().decode()
        assert '"start_url":"/?channel=de"' in data and '"lang":"de"' in data
        assert catalogue("de")["description"] in data
        kept = phone.driver.execute_async_script(CACHED)
        assert f"{served.url}/" in kept and any("/static/app.js?v=" in u for u in kept), kept
        assert [u for u in kept if "/api/" in u] == []
        served.stop()
        phone.driver.get(f"{served.url}/?channel=de")  # no server: the worker's copy
        said = catalogue("de")["error.connection"]
        phone.until(lambda: phone.text("#message") == said, "the offline page, in German")
        assert phone.js("return document.documentElement.lang") == "de"
        assert phone.shown("header h1") and phone.shown("#settings-button")
        phone.screenshot("de-offline")
