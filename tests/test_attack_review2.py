"""Review 2 of session generations (c25d707) and of the league board (0025): attacks.

Findings are strict xfail tests (the attack works today); attacks that held are plain tests."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import URL, Connection
from starlette.testclient import TestClient

from wordle_db import accounts, db
from wordle_db.web import players

from support.accounts import (
    C1,
    C2,
    KEY,
    challenge,
    held_player_row,
    passkey_id,
    sign_up,
    signed_up_player,
)
from support.calls import result_or_sqlstate
from support.sessions import PRESETS, REFUSED
from support.web import POST
from support.web import SECRET as API_SECRET

# --- the web: a stale cookie inside the cache window ---------------------------------------


def _stale_thief(client: TestClient, make_client: Callable[..., TestClient]) -> TestClient:
    """The owner signs up on `client`; a thief's copy of the cookie is read by another
    process (its cache holds generation 1), then the owner signs out everywhere (2)."""
    signed_up_player(client)
    thief = make_client()
    thief.cookies.set(players.COOKIE, str(client.cookies.get(players.COOKIE)))
    assert thief.get("/api/board").status_code == 200  # caches generation 1
    assert client.post("/api/account/sign-out-everywhere", json={}, headers=POST).status_code == 200
    return thief


def test_a_stale_cookie_joins_the_owners_player_to_a_league(
    client: TestClient, make_client
) -> None:
    """Inside CACHE_SECONDS after sign-out-everywhere a stale cookie on another process tries
    to join the owner's player to the thief's league (a membership that would outlive the
    window and show the thief the owner's results every day). League changes check the
    generation in their own transaction (migration 0036): WD096, and a new player's cookie."""
    thief = _stale_thief(client, make_client)
    spy = make_client()  # the thief's own anonymous player, on any process
    made = spy.post("/api/leagues/create", json={"name": "Spy", "nickname": "boss"}, headers=POST)
    assert made.status_code == 200, made.text
    joined = thief.post(
        "/api/leagues/join", json={"code": made.json()["code"], "nickname": "victim"}, headers=POST
    )
    # the owner's process, after the window too: the owner's player must be in no league
    web = client.app.app.state.web
    clock = web.generations.clock
    web.generations.clock = lambda: clock() + players.CACHE_SECONDS
    mine = [r["league"] for r in client.get("/api/leagues").json()]
    assert mine == [], (joined.status_code, mine)
    now = players.player_of(API_SECRET, joined.cookies.get(players.COOKIE))
    assert now is not None and now != players.player_of(
        API_SECRET, client.cookies.get(players.COOKIE)
    ), joined.text


def test_a_stale_cookie_plays_the_owners_game(client: TestClient, make_client) -> None:
    """Inside CACHE_SECONDS after sign-out-everywhere a stale cookie on another process tries
    to guess (and take a letter hint) in the owner's game: wordle_guess_on and
    wordle_reveal_letter_on check the generation in their own transaction (migration 0027)."""
    thief = _stale_thief(client, make_client)
    stale = str(thief.cookies.get(players.COOKIE))
    played = thief.post("/api/guess", json={"word": "pious"}, headers=POST)
    assert played.status_code == 403 and played.json()["code"] == "WD096", played.text
    thief.cookies.clear()
    thief.cookies.set(players.COOKIE, stale)
    hinted = thief.post("/api/hint", json={}, headers=POST)
    assert hinted.status_code != 200 or players.player_of(
        API_SECRET, hinted.cookies.get(players.COOKIE)
    ) != players.player_of(API_SECRET, stale)
    web = client.app.app.state.web
    clock = web.generations.clock
    web.generations.clock = lambda: clock() + players.CACHE_SECONDS
    board = [a["guess"] for a in client.get("/api/board").json()]
    assert board == ["slate"], (played.status_code, board)


def test_a_stale_cookie_is_refused_every_account_call_in_the_window(
    client: TestClient, make_client
) -> None:
    """Held: every account POST from the stale cookie is 403 WD096 (or does not use the old
    player at all: sign-in, redeem, sign-out), and the answer names no generation. After the
    first refusal the process reads the generation again: later ones are served as a new
    anonymous player."""
    thief = _stale_thief(client, make_client)
    stale = str(thief.cookies.get(players.COOKIE))
    for path, body in (
        ("/api/account/transfer", {}),
        ("/api/account/register/options", {}),
        ("/api/account/sign-out-everywhere", {}),
        ("/api/account/passkeys/remove", {"id": "0" * 16}),
    ):
        thief.cookies.clear()
        thief.cookies.set(players.COOKIE, stale)
        answer = thief.post(path, json=body, headers=POST)
        if path == "/api/account/transfer":  # the first: refused by the database
            assert answer.status_code == 403 and answer.json()["code"] == "WD096", (
                path,
                answer.text,
            )
            assert set(answer.json()) <= {"error", "code"}, answer.json()
        fresh = players.session_of(API_SECRET, answer.cookies.get(players.COOKIE))
        # a new player (of generation 1 once it has signed itself out everywhere)
        assert fresh is not None and fresh[0] != players.player_of(API_SECRET, stale), path
        assert fresh[1] == (1 if path.endswith("everywhere") else 0), (path, fresh)


# --- the database: NULL generations, other accounts, other players' locks ------------------


def test_null_generation_reaches_no_other_accounts_player(conn: Connection, fronts) -> None:
    """Held: NULL ('not checked') does not open another account's player to a front end."""
    web, other = fronts("player"), fronts("player")
    sign_up(web, "web-ann", C1, 1)
    accounts.challenge(web, "web-ann", "register", challenge(2), 1)

    def state() -> tuple[Any, ...]:
        return tuple(
            db.scalar(conn, s)
            for s in (
                "SELECT session_generation FROM players WHERE name = 'web-ann'",
                "SELECT COUNT(*) FROM passkeys",
                "SELECT COUNT(*) FROM transfer_codes",
                "SELECT COUNT(*) FROM passkey_challenges",
            )
        )

    before = state()
    for what, work in [
        ("code", lambda: accounts.transfer_code(other, "web-ann", None)),
        ("challenge", lambda: accounts.challenge(other, "web-ann", "register", challenge(3))),
        ("add", lambda: accounts.add(other, "web-ann", challenge(2), C2, KEY, 0, "x", None)),
        ("remove", lambda: accounts.remove(other, "web-ann", passkey_id(C1), None)),
        ("sign out", lambda: accounts.sign_out_everywhere(other, "web-ann", None)),
        ("huge", lambda: db.call(other, "wordle_sign_out_everywhere", "web-ann", 2**40)),
        ("negative", lambda: db.call(other, "wordle_sign_out_everywhere", "web-ann", -1)),
    ]:
        assert result_or_sqlstate(work) in ("WD039", "WD090", 1264), what
        assert state() == before, what
    # and the owner's front end with a negative or huge generation is refused, not clamped
    for bad in (-1, 2**32, 2**40):
        assert result_or_sqlstate(
            lambda b=bad: db.call(web, "wordle_transfer_code", "web-ann", b, None)
        ) in ("WD096", 1264), bad
    assert state() == before


def test_hostile_sessions_cannot_pass_an_ended_generation(conn: Connection, front_urls) -> None:
    """Held: after every hostile preset (sql_mode '' included, where an out-of-range number
    might be clamped), an ended, negative or huge generation is refused (WD096, a range error
    or a refused session) and leaves no code, challenge or new generation."""

    url = front_urls("player")
    with db.connect(url) as web:
        sign_up(web, "web-ann", C1, 1)
        sign_up(web, "web-bob", C2, 2)
        db.call(web, "wordle_sign_out_everywhere", "web-bob", None)  # bob: generation 2

    def state() -> tuple[Any, ...]:
        return tuple(
            db.scalar(conn, s)
            for s in (
                "SELECT GROUP_CONCAT(session_generation ORDER BY id) FROM players",
                "SELECT COUNT(*) FROM transfer_codes",
                "SELECT COUNT(*) FROM passkey_challenges",
                "SELECT COUNT(*) FROM passkeys",
            )
        )

    before = state()
    for preset, statements in PRESETS:
        with db.connect(url) as hostile:
            for statement in statements:
                hostile.exec_driver_sql(statement)
            for player, bad in (
                ("web-ann", 0),
                ("web-ann", -1),
                ("web-ann", 2**32 + 1),
                ("web-bob", 1),
                ("web-bob", 2**32 + 2),
                ("web-bob", "1x"),
            ):
                got = result_or_sqlstate(
                    lambda p=player, b=bad, h=hostile: db.query(
                        h, "CALL wordle_transfer_code(?, ?, @c)", p, b
                    )
                )
                assert got in ("WD096", 1264, 1265, 1366, 1292, *REFUSED), (preset, bad, got)
        assert state() == before, preset


def test_a_front_end_cannot_kill_its_own_call_inside_a_routine(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """Held: the root a held lock would need. A call waiting inside wordle_sign_out_everywhere
    (ann's row held) runs as the routine's definer: the front end's own KILL QUERY of it is
    refused (1095, not owner of thread), so it cannot leave the transaction open with the
    row, or anything else the routine locked, held."""
    url = front_urls("player")
    with db.connect(url) as web, db.connect(url) as killer:
        sign_up(web, "web-ann", C1, 1)
        me = db.scalar(web, "SELECT CONNECTION_ID()")
        result: list[Any] = []
        waiting = threading.Thread(
            target=lambda: result.append(
                result_or_sqlstate(lambda: accounts.sign_out_everywhere(web, "web-ann", 1))
            )
        )
        with held_player_row(db_url, "web-ann"):
            waiting.start()
            time.sleep(0.5)
            try:
                killer.exec_driver_sql(f"KILL QUERY {me}")
                killed: Any = "killed"
            except Exception as exc:
                killed = exc
        waiting.join(timeout=30)
        assert "not owner of thread" in str(killed), killed
        assert result == [2] and db.scalar(web, "SELECT @@in_transaction") == 0
