"""Passkey accounts in Chromium, with DevTools' virtual authenticator: a player plays
anonymously, signs up with a passkey, signs in on a second browser profile (the passkey copied
into that profile's authenticator, as a synced passkey would be) and finds the same game and
statistics there, then signs out there. Also the endpoints' refusals through the API."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from sqlalchemy.engine import URL
from starlette.testclient import TestClient
from webauthn.helpers import bytes_to_base64url

from wordle_db import db
from wordle_db.web import players

from support.accounts import SoftAuthenticator
from support.browser import SECRET, browser_driver, row_text, rows, type_keys, until
from support.web import POST
from support.web import SECRET as API_SECRET

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}


@pytest.fixture(scope="module")
def site(base_url: str) -> str:
    """The page as http://localhost (a passkey's relying party is a domain, not an address)."""
    return base_url.replace("127.0.0.1", "localhost")


@pytest.fixture
def two_profiles(site: str) -> Iterator[tuple[WebDriver, WebDriver, str, str]]:
    """Two Chromium profiles, each with its own virtual authenticator: (a, b, a's, b's id)."""
    with browser_driver() as a, browser_driver() as b:
        ids = []
        for driver in (a, b):
            driver.get(site + "/static/style.css")  # the origin, to mark help as seen
            driver.execute_script("localStorage.setItem('seen-help', '1')")
            driver.execute_cdp_cmd("WebAuthn.enable", {})
            ids.append(
                driver.execute_cdp_cmd(
                    "WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR}
                )["authenticatorId"]
            )
        yield a, b, ids[0], ids[1]


def player(driver: WebDriver) -> str:
    cookie = driver.get_cookie(players.COOKIE)
    assert cookie is not None
    name = players.player_of(SECRET, cookie["value"])
    assert name is not None
    return name


def status(driver: WebDriver) -> str:
    return driver.find_element(By.ID, "account-status").text


def open_account(driver: WebDriver) -> None:
    driver.find_element(By.ID, "settings-button").click()
    until(driver, lambda: status(driver).strip(), "the account's state")  # read each time


def test_sign_up_sign_in_elsewhere_and_sign_out(
    two_profiles, site: str, web_db: tuple[URL, URL]
) -> None:
    a, b, a_id, b_id = two_profiles
    a.get(site)
    until(a, lambda: a.find_elements(By.CSS_SELECTOR, "#keyboard button"), "the keyboard")
    type_keys(a, "slate" + Keys.ENTER)
    until(a, lambda: row_text(a, 0) == "slate", "the first guess")
    anonymous = player(a)
    open_account(a)
    assert a.find_element(By.ID, "account-sign-in").is_displayed()
    a.find_element(By.ID, "account-sign-up").click()
    until(a, lambda: "follow you" in status(a), "the passkey saved")
    assert player(a) == anonymous  # the account is the player: its games are the account's
    assert [
        li.text.split(" · ")[0]
        for li in a.find_elements(By.CSS_SELECTOR, "#account-passkeys li span")
    ] != []
    with db.connect(web_db[0]) as admin:
        assert (
            db.scalar(
                admin,
                "SELECT COUNT(*) FROM passkeys k JOIN players p ON "
                "p.id = k.player_id WHERE p.name = ?",
                anonymous,
            )
            == 1
        )
    # the passkey synced to the second profile (as a password manager would)
    credential = a.execute_cdp_cmd("WebAuthn.getCredentials", {"authenticatorId": a_id})[
        "credentials"
    ][0]
    assert credential["isResidentCredential"] and credential["rpId"] == "localhost"
    b.execute_cdp_cmd("WebAuthn.addCredential", {"authenticatorId": b_id, "credential": credential})
    b.get(site)
    until(b, lambda: b.find_elements(By.CSS_SELECTOR, "#keyboard button"), "the keyboard")
    until(b, lambda: len(rows(b)) == 6, "the board")  # drawn after the keyboard, at times
    stranger = player(b)
    assert stranger != anonymous and row_text(b, 0) == ""
    open_account(b)
    b.find_element(By.ID, "account-sign-in").click()
    until(b, lambda: player(b) == anonymous, "the account's player in profile b")
    until(b, lambda: row_text(b, 0) == "slate", "the account's game in profile b")
    type_keys(b, "pious" + Keys.ENTER)  # played on b, seen on a
    until(b, lambda: row_text(b, 1) == "pious", "the second guess")
    a.refresh()
    until(a, lambda: row_text(a, 1) == "pious", "b's guess in profile a")
    open_account(b)
    assert b.find_element(By.ID, "account-sign-out").is_displayed()
    b.find_element(By.ID, "account-sign-out").click()
    until(b, lambda: player(b) not in (anonymous, stranger), "a new anonymous player")
    until(b, lambda: b.find_elements(By.CSS_SELECTOR, "#keyboard button"), "the keyboard")
    until(b, lambda: len(rows(b)) == 6, "the board")  # drawn after the keyboard, at times
    assert row_text(b, 0) == ""
    # a copy of profile a's cookie plays as the account until a signs out everywhere else
    copied = a.get_cookie(players.COOKIE)["value"]
    b.delete_cookie(players.COOKIE)
    b.add_cookie({"name": players.COOKIE, "value": copied, "path": "/"})
    b.refresh()
    until(b, lambda: row_text(b, 0) == "slate", "the account's game through the copy")
    open_account(a)
    a.find_element(By.ID, "account-sign-out-everywhere").click()
    until(a, lambda: "only this browser" in status(a), "signed out everywhere else")
    assert a.get_cookie(players.COOKIE)["value"] != copied
    a.refresh()
    until(a, lambda: row_text(a, 1) == "pious", "the account's game, still in profile a")
    assert player(a) == anonymous
    b.refresh()  # the same server process: it knows the new generation at once
    until(b, lambda: b.find_elements(By.CSS_SELECTOR, "#keyboard button"), "the keyboard")
    until(b, lambda: len(rows(b)) == 6, "the board")  # drawn after the keyboard, at times
    assert row_text(b, 0) == "" and player(b) != anonymous


def test_the_endpoints_refuse_what_is_not_a_passkey(client: TestClient) -> None:
    assert client.get("/api/account").json() == {"signed_up": False, "passkeys": []}
    options = client.post("/api/account/register/options", json={}, headers=POST).json()
    assert options["rp"]["id"] == "testserver" and len(options["challenge"]) >= 43
    assert options["authenticatorSelection"]["residentKey"] == "required"
    rows = [
        ("no credential", "/api/account/register", {}, 400),
        ("not an object", "/api/account/sign-in", {"credential": "x"}, 400),
        ("no client data", "/api/account/sign-in", {"credential": {"rawId": "AAAA"}}, 400),
        ("a wrong code", "/api/account/transfer/redeem", {"code": "2222-2222-2222"}, 404),
        ("a passkey id nobody has", "/api/account/passkeys/remove", {"id": "0" * 16}, 404),
    ]
    for what, path, body, expected in rows:
        assert client.post(path, json=body, headers=POST).status_code == expected, what
    assert client.post("/api/account/transfer", json={}).status_code == 403  # no CSRF header
    # a code carries the player to another client; it works once
    code = client.post("/api/account/transfer", json={}, headers=POST).json()["code"]
    other = TestClient(client.app)
    assert other.post("/api/account/transfer/redeem", json={"code": code}, headers=POST).json() == {
        "signed_in": True
    }
    assert players.player_of(API_SECRET, other.cookies.get(players.COOKIE)) == players.player_of(
        API_SECRET, client.cookies.get(players.COOKIE)
    )
    again = other.post("/api/account/transfer/redeem", json={"code": code}, headers=POST)
    assert again.status_code == 404 and again.json()["code"] == "WD092"


def test_a_second_host_header_does_not_choose_the_relying_party(client: TestClient) -> None:
    """Two Host headers: the Host check (hosts.requested) counts them as none, while
    the WebAuthn relying party, the expected origin and the CSRF Origin check read the first
    (Starlette's Headers.get). uvicorn's httptools parser (used whenever httptools is installed,
    as with uvicorn[standard]) passes both on. The relying party must be a host the page
    answers for, whatever the request repeats: else a refusal."""
    rows = [
        ("register", "/api/account/register/options", lambda answer: answer["rp"]["id"]),
        ("sign in", "/api/account/sign-in/options", lambda answer: answer["rpId"]),
    ]
    for what, path, rp_id in rows:
        answer = client.post(
            path,
            json={},
            headers=[
                ("x-wordle", "1"),
                ("origin", "http://evil.example"),
                ("host", "evil.example"),
                ("host", "testserver"),
            ],
        )
        assert answer.status_code >= 400 or rp_id(answer.json()) == "testserver", (
            what,
            answer.status_code,
            answer.text[:200],
        )


def test_a_copied_cookie_outlives_sign_up_passkey_removal_and_sign_out(
    client: TestClient, make_client
) -> None:
    """Session fixation on a shared computer: someone copies the browser's anonymous cookie
    (or hands over a transfer code of a player they keep). The next user of that browser signs
    up: the passkey joins *that* player (the account is the browser's player), and the cookie,
    HMAC(player id), never changes. Removing every passkey and signing out end nothing: the
    copy plays and reads as the account's player for 400 days. The owner of an account must
    be able to end every session but the current one (or signing up / removing a passkey must
    start a new one)."""
    client.get("/api/today")
    copy = client.cookies.get(players.COOKIE)  # taken by whoever used the browser before
    authenticator = SoftAuthenticator()
    options = client.post("/api/account/register/options", json={}, headers=POST).json()
    signed_up = client.post(
        "/api/account/register",
        headers=POST,
        json={"credential": authenticator.create(options, "http://testserver"), "label": "phone"},
    )
    assert signed_up.json() == {"label": "phone", "passkeys": 1}
    assert client.post("/api/guess", json={"word": "slate"}, headers=POST).status_code == 200
    # the owner ends everything it can: removes its passkey, signs out
    passkey = client.get("/api/account").json()["passkeys"][0]["id"]
    assert (
        client.post("/api/account/passkeys/remove", json={"id": passkey}, headers=POST).status_code
        == 200
    )
    assert client.post("/api/account/sign-out", json={}, headers=POST).status_code == 200
    intruder = make_client()
    intruder.cookies.set(players.COOKIE, str(copy))
    assert intruder.get("/api/board").json() == [], "the copy still reads the account's game"


def _web(test_client: TestClient):
    """The app's Web (its generation cache)."""
    return test_client.app.app.state.web


def test_cookies_carry_a_signed_generation_and_old_ones_count_as_zero() -> None:
    cookie, name = players.new_cookie(API_SECRET)
    player_id, generation, signature = cookie.split(".")
    assert generation == "0" and players.session_of(API_SECRET, cookie) == (name, 0)
    old = f"{player_id}.{players._signature(API_SECRET, player_id, None)}"  # before 0024
    assert players.session_of(API_SECRET, old) == (name, 0)
    later = players.cookie_for(API_SECRET, name, 7)
    assert players.session_of(API_SECRET, later) == (name, 7)
    refused = [
        f"{player_id}.1.{signature}",  # another generation, the same signature
        f"{player_id}.00.{signature}",  # another spelling of 0
        f"{player_id}.{later.split('.')[2]}",  # a generation's signature as an old cookie
        f"{player_id}.0.{old.split('.')[1]}",  # an old signature with a generation
        f"{player_id}.4294967296.{signature}",
        f"{player_id}.-1.{signature}",
        f"{player_id}.0.0.{signature}",
    ]
    for forged in refused:
        assert players.session_of(API_SECRET, forged) is None, forged


def test_the_generation_cache_forgets_within_its_bound() -> None:
    now = [0.0]
    cache = players.Generations(seconds=5, size=3, clock=lambda: now[0])
    cache.put("web-a", 2)
    cache.put("web-a", 1)  # a read that began before this process made generation 2
    assert cache.get("web-a") == 2
    now[0] = 4.9
    assert cache.get("web-a") == 2
    now[0] = 5.0
    assert cache.get("web-a") is None  # read again after CACHE_SECONDS at most
    for n in range(5):  # never more than `size` players
        cache.put(f"web-{n}", n)
        assert len(cache._known) <= 3


def test_sign_up_and_sign_out_everywhere_end_the_other_sessions(
    client: TestClient, make_client
) -> None:
    """Every other session of the player ends, in this process at once and in the others
    within players.CACHE_SECONDS; the browser that made the change plays on as the player, and
    a stale cookie only gets a new anonymous player, never an error."""
    assert client.post("/api/guess", json={"word": "slate"}, headers=POST).status_code == 200
    name = players.player_of(API_SECRET, client.cookies.get(players.COOKIE))
    assert name is not None
    player_id = name.removeprefix(players.PREFIX)
    # a cookie of before generations still plays, on any process: the player never signed up
    old = f"{player_id}.{players._signature(API_SECRET, player_id, None)}"
    elsewhere = make_client()  # another process: its own cache
    elsewhere.cookies.set(players.COOKIE, old)
    assert [a["guess"] for a in elsewhere.get("/api/board").json()] == ["slate"]
    copy = make_client()
    copy.cookies.set(players.COOKIE, old)
    # sign-up: the copies end, here and there (the other process has not read the player yet)
    options = client.post("/api/account/register/options", json={}, headers=POST).json()
    signed_up = client.post(
        "/api/account/register",
        headers=POST,
        json={
            "credential": SoftAuthenticator().create(options, "http://testserver"),
            "label": "pc",
        },
    )
    assert signed_up.json() == {"label": "pc", "passkeys": 1}
    assert players.session_of(API_SECRET, client.cookies.get(players.COOKIE)) == (name, 1)
    seen = copy.get("/api/board")
    assert seen.status_code == 200 and seen.json() == []
    assert (
        seen.cookies.get(players.COOKIE)
        and players.player_of(API_SECRET, seen.cookies.get(players.COOKIE)) != name
    )  # a new anonymous player
    # the process that still remembers generation 0 serves the old cookie at most
    # CACHE_SECONDS more
    web = _web(elsewhere)
    clock = web.generations.clock
    web.generations.clock = lambda: clock() + players.CACHE_SECONDS
    assert elsewhere.get("/api/board").json() == []
    # a second device, carried over by a code, on the current generation
    code = client.post("/api/account/transfer", json={}, headers=POST).json()["code"]
    device = TestClient(client.app)
    assert device.post(
        "/api/account/transfer/redeem", json={"code": code}, headers=POST
    ).json() == {"signed_in": True}
    assert players.session_of(API_SECRET, device.cookies.get(players.COOKIE)) == (name, 1)
    assert [a["guess"] for a in device.get("/api/board").json()] == ["slate"]
    # the owner ends every session but its own
    ended = client.post("/api/account/sign-out-everywhere", json={}, headers=POST)
    assert ended.status_code == 200 and ended.json() == {"signed_out_elsewhere": True}
    assert players.session_of(API_SECRET, client.cookies.get(players.COOKIE)) == (name, 2)
    assert [a["guess"] for a in client.get("/api/board").json()] == ["slate"]
    assert device.get("/api/board").json() == []
    assert players.player_of(API_SECRET, device.cookies.get(players.COOKIE)) != name
    # and a code made before it was withdrawn
    code = client.post("/api/account/transfer", json={}, headers=POST).json()["code"]
    client.post("/api/account/sign-out-everywhere", json={}, headers=POST)
    late = make_client().post("/api/account/transfer/redeem", json={"code": code}, headers=POST)
    assert late.status_code == 404
    assert client.post("/api/account/sign-out-everywhere", json={}).status_code == 403  # CSRF


# A passkey's client data is JSON the browser writes: Python's json module reads an escaped
# lone surrogate in it, which webauthn's refusals then quote (its type, its origin).
SURROGATE_CLIENT_DATA = [
    ("type", {"type": "\ud800", "origin": "http://testserver"}),
    ("origin", {"type": "webauthn.create", "origin": "http://\udfff"}),
    ("both", {"type": "webauthn.\udbff", "origin": "\ud83d"}),
]


@pytest.mark.found_by("review of main at bc96143")
@pytest.mark.parametrize(
    "client_data", [c for _, c in SURROGATE_CLIENT_DATA], ids=[w for w, _ in SURROGATE_CLIENT_DATA]
)
def test_a_lone_surrogate_in_the_client_data_is_one_clear_refusal(
    client: TestClient, client_data: dict
) -> None:
    """The refusal quotes what the passkey's answer said; an answer the JSON encoder cannot
    write must still be a 4xx with one line, never a 500 with a traceback in serve's log."""
    options = client.post("/api/account/register/options", json={}, headers=POST).json()
    credential = SoftAuthenticator().create(options, "http://testserver")
    text = json.dumps({**client_data, "challenge": options["challenge"]})  # \ud800 escapes
    credential["response"]["clientDataJSON"] = bytes_to_base64url(text.encode())
    served = TestClient(client.app, raise_server_exceptions=False)
    served.cookies = client.cookies
    answer = served.post("/api/account/register", json={"credential": credential}, headers=POST)
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:200])
    assert answer.json()["error"]
