"""Attacks on session generations (migration 0024): a session that should have ended tries to
turn itself into a lasting one inside the window the design allows (a generation cached for
CACHE_SECONDS by another process, or read before the bump in the same request). Every account
call checks the cookie's generation in its own transaction (WD096): the stale session gets a
403 and a new anonymous player, and nothing it asked for exists."""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import URL
from starlette.testclient import TestClient

from wordle_db import db
from wordle_db.web import players

from support.accounts import SoftAuthenticator, signed_up_player
from support.web import POST
from support.web import SECRET as API_SECRET


def _refused(response: Any) -> None:
    """The answer to an ended session: 403 WD096, and the browser now plays as a new player."""
    assert response.status_code == 403, (response.status_code, response.text)
    assert response.json()["code"] == "WD096", response.text
    assert players.session_of(API_SECRET, response.cookies.get(players.COOKIE)) is not None


def _not_as(owner: str, response: Any) -> None:
    """A stale cookie's later request, once its process has been refused (it then reads the
    generation again): refused as well, or served as a new anonymous player, never as `owner`."""
    if response.status_code == 200:
        now = players.player_of(API_SECRET, response.cookies.get(players.COOKIE))
        assert now is not None and now != owner, response.text
    else:
        assert response.status_code in (403, 409), response.text


def test_a_transfer_code_made_in_the_cache_window_outlives_sign_out_everywhere(
    client: TestClient, make_client, web_db
) -> None:
    """The thief of a signed-in cookie uses it on another process (which caches generation 1).
    The owner signs out everywhere (generation 2) on its process. Within CACHE_SECONDS the
    thief's process still serves the old cookie, as documented; but that is enough to make a
    transfer code *after* the bump (the bump withdrew only the codes that existed), and
    redeeming it gives a cookie of the *new* generation: the 5 s window becomes 400 days."""
    name = signed_up_player(client)
    stolen = client.cookies.get(players.COOKIE)
    thief = make_client()  # another worker process: its own generation cache
    thief.cookies.set(players.COOKIE, str(stolen))
    assert [a["guess"] for a in thief.get("/api/board").json()] == ["slate"]  # caches gen 1
    ended = client.post("/api/account/sign-out-everywhere", json={}, headers=POST)
    assert ended.status_code == 200
    # within CACHE_SECONDS of the sign-out (the documented delay), one request would do
    _refused(thief.post("/api/account/transfer", json={}, headers=POST))
    assert _codes(web_db[0], name) == 0


def test_a_passkey_added_in_the_cache_window_outlives_sign_out_everywhere(
    client: TestClient, make_client
) -> None:
    """The same window, used to register the thief's own passkey on the account (a second
    passkey does not bump): after it the thief signs in whenever it likes, whatever the owner
    signs out (until the owner notices the extra passkey in the list)."""
    signed_up_player(client)
    thief = make_client()
    thief.cookies.set(players.COOKIE, str(client.cookies.get(players.COOKIE)))
    assert thief.get("/api/board").status_code == 200  # caches gen 1
    assert client.post("/api/account/sign-out-everywhere", json={}, headers=POST).status_code == 200
    stale = str(thief.cookies.get(players.COOKIE))
    _refused(thief.post("/api/account/register/options", json={}, headers=POST))
    # with a challenge the owner's session asked for (the thief cannot get one itself): the
    # registration of the thief's passkey on its stale cookie is refused all the same
    options = client.post("/api/account/register/options", json={}, headers=POST).json()
    thief.cookies.clear()  # the refusal gave a new player's cookie: the stale one goes back
    thief.cookies.set(players.COOKIE, stale)
    _not_as(
        str(players.player_of(API_SECRET, stale)),
        thief.post(
            "/api/account/register",
            headers=POST,
            json={
                "credential": SoftAuthenticator().create(options, "http://testserver"),
                "label": "thief",
            },
        ),
    )
    assert [k["label"] for k in client.get("/api/account").json()["passkeys"]] == ["pc"]


def test_a_stale_session_in_the_cache_window_signs_the_owner_out_and_keeps_the_account(
    client: TestClient, make_client
) -> None:
    """Worse than keeping access: within CACHE_SECONDS after the owner's sign-out everywhere
    the thief (on another process) signs out everywhere itself: the owner's fresh cookie is
    now the stale one, the thief's the current one; and it removes the owner's passkey, so
    the owner cannot sign back in either."""
    signed_up_player(client)
    thief = make_client()
    thief.cookies.set(players.COOKIE, str(client.cookies.get(players.COOKIE)))
    assert thief.get("/api/board").status_code == 200  # caches gen 1
    assert client.post("/api/account/sign-out-everywhere", json={}, headers=POST).status_code == 200
    stale = str(thief.cookies.get(players.COOKIE))
    passkey = thief.get("/api/account").json()["passkeys"][0]["id"]  # reads: within the window
    _refused(thief.post("/api/account/passkeys/remove", json={"id": passkey}, headers=POST))
    thief.cookies.clear()  # the refusal gave a new player's cookie: the stale one goes back
    thief.cookies.set(players.COOKIE, stale)
    _not_as(
        str(players.player_of(API_SECRET, stale)),
        thief.post("/api/account/sign-out-everywhere", json={}, headers=POST),
    )
    web = client.app.app.state.web
    clock = web.generations.clock
    web.generations.clock = lambda: clock() + players.CACHE_SECONDS  # the owner's cache ends
    assert [a["guess"] for a in client.get("/api/board").json()] == ["slate"]
    assert len(client.get("/api/account").json()["passkeys"]) == 1


def test_a_copied_anonymous_cookie_keeps_the_account_after_sign_up(
    client: TestClient, make_client, web_db
) -> None:
    """The shared-computer case 0024 was made for: the copy of the anonymous cookie, already
    read by another process (generation 0 cached), asks for a transfer code right after the
    owner signs up there; the code carries it to the account for good."""
    assert client.post("/api/guess", json={"word": "slate"}, headers=POST).status_code == 200
    copy = make_client()
    copy.cookies.set(players.COOKIE, str(client.cookies.get(players.COOKIE)))
    assert copy.get("/api/board").status_code == 200  # caches generation 0
    name = _signed_up_only(client)
    _refused(copy.post("/api/account/transfer", json={}, headers=POST))
    assert _codes(web_db[0], name) == 0


def _codes(admin: URL, player: str) -> int:
    """How many transfer codes the player has (read as an administrator)."""
    with db.connect(admin) as conn:
        return int(
            db.scalar(
                conn,
                "SELECT COUNT(*) FROM transfer_codes c JOIN players p "
                "ON p.id = c.player_id WHERE p.name = ?",
                player,
            )
        )


def _signed_up_only(client: TestClient) -> str:
    options = client.post("/api/account/register/options", json={}, headers=POST).json()
    signed_up = client.post(
        "/api/account/register",
        headers=POST,
        json={
            "credential": SoftAuthenticator().create(options, "http://testserver"),
            "label": "pc",
        },
    )
    assert signed_up.status_code == 200, signed_up.text
    return str(players.player_of(API_SECRET, client.cookies.get(players.COOKIE)))
