"""Attacks on session generations (migration 0024): a session that should have ended tries to
turn itself into a lasting one inside the window the design allows (a generation cached for
CACHE_SECONDS by another process, or read before the bump in the same request). Every account
call checks the cookie's generation in its own transaction (WD096): the stale session gets a
403 and a new anonymous player, and nothing it asked for exists.

The rule that an ended session changes nothing, everywhere it is checked: the generation grown
by sign-up, passkey removal and sign-out everywhere; moves, codes, passkeys and league changes
refused for a stale, NULL, odd or hostile generation (in any session, on another process, with
an old cookie); a call racing a new generation checks the one committed. How league changes
lock while they check is in tests/leagues/test_league_locking.py."""

from __future__ import annotations

import hashlib
import hmac
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection
from starlette.testclient import TestClient

from wordle_db import accounts, db, game, leagues
from wordle_db.web import players

from support.accounts import (
    C1,
    C2,
    C3,
    KEY,
    SoftAuthenticator,
    challenge,
    held_player_row,
    passkey_id,
    sign_up,
    signed_up_player,
)
from support.calls import raw_call, result_or_sqlstate
from support.leagues import CHANGES, ann_in_leagues, league_id_of, leagues_state, player_ids
from support.sessions import PRESETS, REFUSED
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


def test_the_session_generation_grows_on_sign_up_removal_and_sign_out_everywhere(
    conn: Connection, fronts
) -> None:
    """A front end signs the generation into its sessions (the web's cookie): every event
    that must end the player's other sessions starts a new one; nothing else does."""
    web = fronts("player")

    def sign_in(n: int) -> dict[str, Any]:
        accounts.challenge(web, None, "sign in", challenge(n))
        return accounts.signed_in_session(web, challenge(n), C2, 0)

    early = {}
    rows = [
        # (event, work, its outcome (None: not checked), the generation after)
        ("a player nobody has yet", lambda: None, None, 0),
        (
            "an anonymous player's code",
            lambda: early.setdefault("code", accounts.transfer_code(web, "web-ann")["code"]),
            None,
            0,
        ),
        (
            "sign-out everywhere of an anonymous player",
            lambda: accounts.sign_out_everywhere(web, "web-bob"),
            1,
            0,
        ),
        ("sign-up: the first passkey", lambda: sign_up(web, "web-ann", C1, 1)["generation"], 1, 1),
        (
            "the code made before sign-up is withdrawn",
            lambda: accounts.redeem(web, early["code"]),
            "WD092",
            1,
        ),
        ("a second passkey", lambda: sign_up(web, "web-ann", C2, 2)["generation"], 1, 1),
        (
            "a sign-in answers the current generation",
            lambda: sign_in(3),
            {"player": "web-ann", "generation": 1},
            1,
        ),
        (
            "a code redeemed answers it too",
            lambda: accounts.redeem_session(web, accounts.transfer_code(web, "web-ann")["code"]),
            {"player": "web-ann", "generation": 1},
            1,
        ),
        (
            "a passkey removed",
            lambda: accounts.remove(web, "web-ann", passkey_id(C1)),
            {"passkeys": 1, "generation": 2},
            2,
        ),
        (
            "a removal refused changes nothing",
            lambda: accounts.remove(web, "web-ann", "0" * 16),
            "WD090",
            2,
        ),
        ("sign-out everywhere", lambda: accounts.sign_out_everywhere(web, "web-ann"), 3, 3),
        (
            "the last passkey removed",
            lambda: accounts.remove(web, "web-ann", passkey_id(C2)),
            {"passkeys": 0, "generation": 4},
            4,
        ),
        ("signing up again", lambda: sign_up(web, "web-ann", C3, 4)["generation"], 5, 5),
    ]
    for what, work, expected, generation in rows:
        got = result_or_sqlstate(work)
        assert expected is None or got == expected, (what, got)
        assert accounts.generation(web, "web-ann") == generation, what
    assert accounts.generation(web, "web-bob") == 1  # nobody else's moved
    code = accounts.transfer_code(web, "web-ann")["code"]
    accounts.sign_out_everywhere(web, "web-ann")
    assert result_or_sqlstate(lambda: accounts.redeem(web, code)) == "WD092"  # withdrawn
    assert db.scalar(conn, "SELECT session_generation FROM players WHERE name = 'web-ann'") == 6


def test_an_ended_session_makes_no_move_in_a_game_under_way(conn: Connection, fronts) -> None:
    """A player with a game under way and a kept access decision: its guess locks the game in
    the guess's own read (migration 0034), where an ended session's guess is refused (WD096)
    as on the long way, changing nothing; the current session plays on."""
    web = fronts("player")
    sign_up(web, "web-bea", C1, 1)
    current = accounts.generation(web, "web-bea")
    game.play_with_keyboard(web, "web-bea", "slate", generation=current)
    count = (
        "SELECT COUNT(*) FROM attempts a JOIN games g ON g.id = a.game_id "
        "JOIN players p ON p.id = g.player_id WHERE p.name = 'web-bea'"
    )
    assert db.scalar(conn, count) == 1
    for stale in (0, current - 1, current + 1, 2**32 - 1):
        assert (
            result_or_sqlstate(
                lambda g=stale: game.play_with_keyboard(web, "web-bea", "pious", generation=g)
            )
            == "WD096"
        ), stale
        assert db.scalar(conn, count) == 1, stale
    game.play_with_keyboard(web, "web-bea", "pious", generation=current)
    assert db.scalar(conn, count) == 2


def test_an_ended_session_makes_nothing_lasting(conn: Connection, fronts) -> None:
    """Every call that makes something that lasts takes the caller's session generation and
    refuses an ended one (WD096) in its own transaction, changing nothing: a front end's
    cached generation cannot let a stale session make a code, a challenge, a passkey, remove
    one or end the others' sessions. The current generation, and NULL (a caller with sessions
    of its own), pass."""
    web = fronts("player")
    sign_up(web, "web-ann", C1, 1)  # generation 1: a session of 0 (before sign-up) has ended

    def state() -> tuple[Any, ...]:
        return tuple(
            db.scalar(conn, sql)
            for sql in (
                "SELECT session_generation FROM players WHERE name = 'web-ann'",
                "SELECT COUNT(*) FROM passkeys",
                "SELECT COUNT(*) FROM transfer_codes",
                "SELECT COUNT(*) FROM passkey_challenges",
                "SELECT COUNT(*) FROM games",
                "SELECT COUNT(*) FROM attempts",
                "SELECT COALESCE(SUM(revealed), 0) FROM games",
                "SELECT GROUP_CONCAT(id, name, creator_id, HEX(code_hash) ORDER BY id) "
                "FROM leagues",
                "SELECT GROUP_CONCAT(league_id, player_id, nickname ORDER BY league_id, player_id) "
                "FROM league_members",
            )
        )

    def add(generation: int | None) -> Any:  # a refused add leaves its challenge unused
        return accounts.add(web, "web-ann", challenge(11), C2, KEY, 0, "x", generation)

    accounts.challenge(web, "web-ann", "register", challenge(11), 1)
    club = leagues.create(web, "web-bob", "Club", "Bob")["code"]  # ann joins, then leaves
    other = leagues.create(web, "web-bob", "Other", "Bob")["code"]  # ann tries to join
    leagues.join(web, "web-ann", club, "Ann", 1)
    leagues.create(web, "web-ann", "Own", "Ann", 1)  # ann's: a new code, bob removed
    leagues.join(web, "web-bob", leagues.new_code(web, "web-ann", "Own", 1)["code"], "Bob")

    rows = [
        # (attempt, work(generation), generations that must be refused)
        ("a transfer code", lambda g: accounts.transfer_code(web, "web-ann", g)),
        (
            "a register challenge",
            lambda g: accounts.challenge(web, "web-ann", "register", challenge(10), g),
        ),
        ("a second passkey", add),
        ("removing the passkey", lambda g: accounts.remove(web, "web-ann", passkey_id(C1), g)),
        ("signing out everywhere", lambda g: accounts.sign_out_everywhere(web, "web-ann", g)),
        (
            "a guess (migration 0027)",
            lambda g: game.play_with_keyboard(web, "web-ann", "slate", generation=g),
        ),
        ("a letter hint", lambda g: game.reveal_letter(web, "web-ann", generation=g)),
        # the league changes (migration 0036)
        ("a league created", lambda g: leagues.create(web, "web-ann", "Office", None, g)),
        ("a league joined", lambda g: leagues.join(web, "web-ann", other, None, g)),
        ("a league's new code", lambda g: leagues.new_code(web, "web-ann", "Own", g)),
        ("a member removed", lambda g: leagues.remove(web, "web-ann", "Own", "Bob", g)),
        ("a league left", lambda g: leagues.leave(web, "web-ann", "Club", g)),
    ]
    for what, work in rows:
        current = accounts.generation(web, "web-ann")
        for stale in (0, current - 1, current + 1, 2**32 - 1):
            before = state()
            assert result_or_sqlstate(lambda w=work, g=stale: w(g)) == "WD096", (what, stale)
            assert state() == before, (what, stale)
    assert result_or_sqlstate(lambda: accounts.transfer_code(web, "web-ann", 1))["code"]
    assert result_or_sqlstate(lambda: accounts.transfer_code(web, "web-ann", None))["code"]
    assert add(1)["passkeys"] == 2
    assert accounts.sign_out_everywhere(web, "web-ann", 1) == 2
    assert accounts.remove(web, "web-ann", passkey_id(C2), None)["generation"] == 3
    assert game.reveal_letter(web, "web-ann", generation=3)["letters_revealed"] == 1
    assert game.play_with_keyboard(web, "web-ann", "slate", generation=3)[0]["attempt"] == 1
    assert game.play_with_keyboard(web, "web-ann", "pious", generation=None)[0]["attempt"] == 2
    assert leagues.create(web, "web-ann", "Office", None, 3)["league"] == "Office"
    assert leagues.join(web, "web-ann", other, None, None)["members"] == 2
    assert leagues.new_code(web, "web-ann", "Own", 3)["code"]
    assert leagues.remove(web, "web-ann", "Own", "Bob", 3)["members"] == 1
    assert leagues.leave(web, "web-ann", "Club", 3)["members"] == 1
    # a new anonymous player's session is of generation 0
    assert result_or_sqlstate(lambda: accounts.transfer_code(web, "web-new", 0))["code"]
    assert result_or_sqlstate(lambda: accounts.transfer_code(web, "web-new2", 1)) == "WD096"
    assert leagues.create(web, "web-new3", "Mine", None, 0)["league"] == "Mine"
    assert result_or_sqlstate(lambda: leagues.create(web, "web-new4", "Mine", None, 1)) == "WD096"
    assert db.scalar(conn, "SELECT COUNT(*) FROM players WHERE name = 'web-new4'") == 0


RACED: dict[str, Callable[[Connection, dict[str, str]], Any]] = {
    "a transfer code": lambda web, made: accounts.transfer_code(web, "web-ann", 1),
    "a league joined (0036)": lambda web, made: leagues.join(web, "web-ann", made["code"], None, 1),
}


@pytest.mark.parametrize("call", RACED)
def test_a_call_racing_a_new_generation_checks_the_one_committed(
    conn: Connection, db_url: URL, fronts, call: str
) -> None:
    """A code asked for (a league joined) while another transaction holds the player's row to
    start a new generation (as _wordle_session_bump does) waits for it and sees the new
    generation: it is refused, never made for the ended session in between."""
    web = fronts("player")
    sign_up(web, "web-ann", C1, 1)
    made = leagues.create(web, "web-bob", "Club")
    result: list[Any] = []
    with db.connect(db_url) as bump:
        bump.exec_driver_sql("START TRANSACTION")
        db.query(bump, "SELECT id FROM players WHERE name = 'web-ann' FOR UPDATE")
        waiter = threading.Thread(
            target=lambda: result.append(result_or_sqlstate(lambda: RACED[call](web, made)))
        )
        waiter.start()
        waiter.join(timeout=1.0)
        assert waiter.is_alive(), f"the code did not wait for the player's row: {result}"
        db.query(bump, "UPDATE players SET session_generation = 2 WHERE name = 'web-ann'")
        bump.exec_driver_sql("COMMIT")
        waiter.join(timeout=30)
    assert result == ["WD096"]
    assert db.scalar(conn, "SELECT COUNT(*) FROM transfer_codes") == 0
    assert db.scalar(conn, "SELECT COUNT(*) FROM league_members") == 1  # bob's alone


def test_another_accounts_player_has_no_generation_to_read_or_end(conn: Connection, fronts) -> None:
    web, other = fronts("player"), fronts("player")
    sign_up(web, "web-ann", C1, 1)
    rows = [
        ("read ann's generation", lambda: accounts.generation(other, "web-ann"), "WD039"),
        (
            "sign ann out everywhere",
            lambda: accounts.sign_out_everywhere(other, "web-ann"),
            "WD039",
        ),
        ("a bad name", lambda: accounts.generation(other, " ann"), "WD038"),
        ("its own player", lambda: accounts.sign_out_everywhere(other, "web-cy"), 1),
    ]
    for what, work, expected in rows:
        assert result_or_sqlstate(work) == expected, what
    assert accounts.generation(web, "web-ann") == 1
    for role in ("reader", "publisher"):
        reader = fronts(role)
        for sql in (
            "CALL wordle_session_generation('web-ann')",
            "CALL wordle_sign_out_everywhere('web-ann', NULL)",
            "CALL _wordle_session_bump(1, @g)",
        ):
            assert result_or_sqlstate(lambda s=sql, r=reader: db.query(r, s)) == 1370, (role, sql)
    assert result_or_sqlstate(lambda: db.query(other, "CALL _wordle_session_bump(1, @g)")) == 1370
    assert accounts.generation(web, "web-ann") == 1


def test_hostile_sessions_end_sessions_exactly_once_or_are_refused(
    conn: Connection, front_urls
) -> None:
    """Every hostile session preset: sign-out everywhere starts exactly one new generation and
    withdraws the pending code, or is refused and changes nothing; the generation read is the
    stored one, or refused."""
    url = front_urls("player")
    with db.connect(url) as web:
        sign_up(web, "web-ann", C1, 1)
    for preset, statements in PRESETS:
        with db.connect(url) as web:
            code = accounts.transfer_code(web, "web-ann")["code"]
        before = db.scalar(conn, "SELECT session_generation FROM players WHERE name = 'web-ann'")
        with db.connect(url) as hostile:
            for statement in statements:
                hostile.exec_driver_sql(statement)
            read = result_or_sqlstate(lambda h=hostile: accounts.generation(h, "web-ann"))
            assert read in (before, *REFUSED), (preset, "read", read)
            ended = result_or_sqlstate(lambda h=hostile: accounts.sign_out_everywhere(h, "web-ann"))
        after = db.scalar(conn, "SELECT session_generation FROM players WHERE name = 'web-ann'")
        with db.connect(url) as web:
            redeemed = result_or_sqlstate(lambda w=web, c=code: accounts.redeem(w, c))
        if ended in REFUSED:
            assert (after, redeemed) == (before, "web-ann"), (preset, after, redeemed)
        else:
            assert (ended, after, redeemed) == (before + 1, before + 1, "WD092"), (
                preset,
                ended,
                after,
                redeemed,
            )


def _stale_thief(client: TestClient, make_client: Callable[..., TestClient]) -> TestClient:
    """The owner signs up on `client`; a thief's copy of the cookie is read by another
    process (its cache holds generation 1), then the owner signs out everywhere (2)."""
    signed_up_player(client)
    thief = make_client()
    thief.cookies.set(players.COOKIE, str(client.cookies.get(players.COOKIE)))
    assert thief.get("/api/board").status_code == 200  # caches generation 1
    assert client.post("/api/account/sign-out-everywhere", json={}, headers=POST).status_code == 200
    return thief


@pytest.mark.found_by("review 2 of session generations (c25d707) and the league board (0025)")
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


@pytest.mark.found_by("review 2 of session generations (c25d707) and the league board (0025)")
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


@pytest.mark.found_by("review 2 of session generations (c25d707) and the league board (0025)")
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


@pytest.mark.found_by("review 2 of session generations (c25d707) and the league board (0025)")
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


@pytest.mark.found_by("review 2 of session generations (c25d707) and the league board (0025)")
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


@pytest.mark.found_by("review 2 of session generations (c25d707) and the league board (0025)")
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


STALE = [0, 1, 3, 2**32 - 1, -1, 2**32 + 2, str(2**64 + 2), "-1", "1x", "1.4", "3e0", 1.4, "", " 1"]


@pytest.mark.found_by("review of migration 0036: held")
def test_no_stale_generation_changes_a_league_in_any_session(conn: Connection, front_urls) -> None:
    """A front end's session of ann ended (she is at generation 2). Every change, with every
    spelling of another generation (clamped, truncated, rounded, negative, huge), in every
    hostile session preset (sql_mode '' included): refused, nothing changed."""
    url = front_urls("player")
    with db.connect(url) as web:
        other = ann_in_leagues(web)
    before = leagues_state(conn)
    got: dict[Any, set[Any]] = {}
    for preset, statements in [("plain", []), *PRESETS]:
        with db.connect(url) as hostile:
            for statement in statements:
                hostile.exec_driver_sql(statement)
            for what, sql in CHANGES.items():
                for bad in STALE:
                    stmt = sql.format(code=other)
                    res = result_or_sqlstate(
                        lambda s=stmt, b=bad, h=hostile: db.query(h, s, "web-ann", b)
                    )
                    got.setdefault(bad, set()).add(res if not isinstance(res, list) else "DONE")
                    assert res in ("WD096", 1264, 1265, 1366, 1292, 1690, *REFUSED), (
                        preset,
                        what,
                        bad,
                        res,
                    )
        assert leagues_state(conn) == before, preset


@pytest.mark.found_by("review of migration 0036: held")
def test_another_accounts_or_an_unknown_name_skips_the_check_but_changes_nothing(
    conn: Connection, front_urls
) -> None:
    """A second front end (player_names 'created') names ann's player, another login's name,
    and a name nobody has, with NULL and with stale generations: _wordle_player gives NULL
    (leave, remove, code) or refuses (create, join); nothing of ann's changes, no player is
    made."""
    url, thief_url = front_urls("player"), front_urls("player")
    with db.connect(url) as web:
        other = ann_in_leagues(web)
    login = thief_url.username
    before = leagues_state(conn)
    with db.connect(thief_url) as thief:
        for name in ("web-ann", "root", "web-nobody"):
            for what, sql in CHANGES.items():
                for gen in (None, 0, 1, 2):
                    stmt = sql.format(code=other)
                    res = result_or_sqlstate(lambda s=stmt, n=name, g=gen: db.query(thief, s, n, g))
                    if name == "web-nobody" and what in ("create", "join") and gen in (None, 0):
                        continue  # a new player of the thief's own: allowed
                    assert res in ("WD039", "WD082", "WD096"), (name, what, gen, res)
    after = leagues_state(conn)
    assert after[:1] != () and after[1] is not None
    # ann's leagues and memberships as they were (the thief's new web-nobody aside)
    ann = player_ids(conn, "web-ann")[0]
    assert [x for x in after[1].split(",") if f":{ann}:" in x] == [
        x for x in before[1].split(",") if f":{ann}:" in x
    ]
    assert not db.scalar(conn, "SELECT COUNT(*) FROM players WHERE name IN ('root', ?)", login)


@pytest.mark.found_by("review of migration 0036: held")
def test_a_refused_change_leaves_no_lock_and_no_transaction(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """After each WD096 the front end's session has no transaction open and ann's row is free:
    a sign-out everywhere by another session goes through at once."""
    url = front_urls("player")
    with db.connect(url) as web, db.connect(db_url) as admin:
        other = ann_in_leagues(web)
        admin.exec_driver_sql("SET innodb_lock_wait_timeout = 1")
        for what, sql in CHANGES.items():
            stmt = sql.format(code=other)
            assert result_or_sqlstate(lambda s=stmt: db.query(web, s, "web-ann", 1)) == "WD096", (
                what
            )
            assert db.scalar(web, "SELECT @@in_transaction") == 0, what
            started = time.monotonic()
            accounts.sign_out_everywhere(admin, "web-ann", None)
            assert time.monotonic() - started < 1, what


WEB = {  # endpoint, body ({code}: a league the thief could join)
    "create": ("/api/leagues/create", {"name": "Evil", "nickname": "Boss"}),
    "join": ("/api/leagues/join", {"code": "{code}", "nickname": "Victim"}),
    "leave": ("/api/leagues/leave", {"league": "Spies"}),
    "remove": ("/api/leagues/remove", {"league": "Own", "nickname": "Spy"}),
    "code": ("/api/leagues/code", {"league": "Own"}),
}


def _owner_in_leagues(owner: TestClient, spy: TestClient) -> str:
    """The owner created Own (the spy a member) and is in the spy's Spies; the spy's Trap is
    a league to join the owner to. Returns Trap's code."""

    def post(c: TestClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
        r = c.post(path, json=body, headers=POST)
        assert r.status_code == 200, r.text
        return dict(r.json())

    own = post(owner, "/api/leagues/create", {"name": "Own", "nickname": "Owner"})["code"]
    post(spy, "/api/leagues/join", {"code": own, "nickname": "Spy"})
    spies = post(spy, "/api/leagues/create", {"name": "Spies", "nickname": "Spy"})["code"]
    post(owner, "/api/leagues/join", {"code": spies, "nickname": "Owner"})
    return str(post(spy, "/api/leagues/create", {"name": "Trap", "nickname": "Spy"})["code"])


def _refused_as_ended(response: Any, stale: str) -> None:
    """403 WD096 naming no generation, and the cookie of a new player of generation 0."""
    assert response.status_code == 403 and response.json()["code"] == "WD096", response.text
    assert not any(ch.isdigit() for ch in response.json()["error"]), response.text
    new = players.session_of(API_SECRET, response.cookies.get(players.COOKIE))
    assert new is not None and new[1] == 0 and new[0] != stale, response.headers


def _owners_view(owner: TestClient) -> Any:
    web = owner.app.app.state.web
    web.generations = players.Generations()  # read afresh
    return sorted((r["league"], r.get("members")) for r in owner.get("/api/leagues").json())


@pytest.mark.found_by("review of migration 0036: held")
@pytest.mark.parametrize("what", list(WEB))
def test_a_stale_cookie_on_another_process_changes_no_league(
    client: TestClient, make_client, what: str
) -> None:
    """A thief's copy of the owner's cookie, on a process that cached generation 1; the owner
    signs out everywhere (2). Each league POST of the thief inside CACHE_SECONDS: WD096, a new
    player's cookie, nothing changed (also not for that new player)."""
    name = signed_up_player(client)
    spy = make_client()
    trap = _owner_in_leagues(client, spy)
    thief = make_client()
    thief.cookies.set(players.COOKIE, str(client.cookies.get(players.COOKIE)))
    assert thief.get("/api/board").status_code == 200  # caches generation 1
    assert client.post("/api/account/sign-out-everywhere", json={}, headers=POST).status_code == 200
    before = _owners_view(client)
    path, body = WEB[what]
    forged = {"generation": None, "session_generation": 2}  # the body cannot choose it
    got = thief.post(
        path, json={**{k: v.format(code=trap) for k, v in body.items()}, **forged}, headers=POST
    )
    _refused_as_ended(got, name)
    assert _owners_view(client) == before
    assert thief.get("/api/leagues").json() == []  # the new player made nothing either


@pytest.mark.found_by("review of migration 0036: held")
@pytest.mark.parametrize("what", ["join", "code"])
def test_a_cookie_from_before_sign_up_changes_no_league(
    client: TestClient, make_client, what: str
) -> None:
    """The thief copied the owner's anonymous cookie (generation 0) and its process cached 0;
    the owner signs up (1). The thief's league POSTs: WD096."""
    spy = make_client()
    trap = _owner_in_leagues(client, spy)
    name = str(players.player_of(API_SECRET, client.cookies.get(players.COOKIE)))
    thief = make_client()
    thief.cookies.set(players.COOKIE, str(client.cookies.get(players.COOKIE)))
    assert thief.get("/api/leagues").status_code == 200  # caches generation 0
    signed_up_player(client)
    before = _owners_view(client)
    path, body = WEB[what]
    got = thief.post(path, json={k: v.format(code=trap) for k, v in body.items()}, headers=POST)
    _refused_as_ended(got, name)
    assert _owners_view(client) == before


@pytest.mark.found_by("review of migration 0036: held")
def test_an_old_cookie_without_a_generation_changes_and_reads_no_league(
    client: TestClient, make_client
) -> None:
    """An old-format cookie (id.signature, no generation: 'of generation 0') of a player who
    has signed up since: a league POST runs as a new player (the owner's leagues unchanged), a
    league read does not show the owner's leagues."""
    spy = make_client()
    trap = _owner_in_leagues(client, spy)
    name = signed_up_player(client)
    player_id = name.removeprefix(players.PREFIX)
    old = f"{player_id}.{players._signature(API_SECRET, player_id, None)}"
    assert players.session_of(API_SECRET, old) == (name, 0)
    before = _owners_view(client)
    thief = make_client()
    thief.cookies.set(players.COOKIE, old)
    got = thief.post("/api/leagues/join", json={"code": trap, "nickname": "Victim"}, headers=POST)
    new = players.session_of(API_SECRET, got.cookies.get(players.COOKIE))  # as a forged one
    assert new is not None and new[0] != name and new[1] == 0, got.text
    assert _owners_view(client) == before
    reader = make_client()
    reader.cookies.set(players.COOKIE, old)
    seen = reader.get("/api/leagues")
    assert seen.json() == [], ("an ended old cookie reads the owner's leagues", seen.json())


@pytest.mark.found_by("review of migration 0036: held")
def test_new_anonymous_players_still_make_and_change_leagues(make_client) -> None:
    """Generation 0: no cookie at all (create), a fresh cookie (join, code, remove, leave)."""
    first, second = make_client(), make_client()
    made = first.post("/api/leagues/create", json={"name": "Open"}, headers=POST)
    assert made.status_code == 200, made.text
    joined = second.post(
        "/api/leagues/join", json={"code": made.json()["code"], "nickname": "Two"}, headers=POST
    )
    assert joined.status_code == 200 and joined.json()["members"] == 2, joined.text
    for path, body in (
        ("/api/leagues/code", {"league": "Open"}),
        ("/api/leagues/remove", {"league": "Open", "nickname": "Two"}),
        ("/api/leagues/leave", {"league": "Open"}),
    ):
        got = first.post(path, json=body, headers=POST)
        assert got.status_code == 200, (path, got.text)


@pytest.mark.found_by("review of migration 0036: held")
def test_cookies_signed_with_odd_generations_are_new_players(
    client: TestClient, make_client
) -> None:
    """Even signed with the secret, a generation spelled -1, 01, 1.0, +1 or 2**32 is no
    session: the POST runs as a new player, the owner's leagues unchanged."""
    spy = make_client()
    trap = _owner_in_leagues(client, spy)
    name = signed_up_player(client)
    player_id = name.removeprefix(players.PREFIX)
    before = _owners_view(client)
    for n, gen in enumerate(("-1", "01", "1.0", "+1", str(2**32), " 1")):
        sig = hmac.new(API_SECRET, f"player:{player_id}:{gen}".encode(), hashlib.sha256).hexdigest()
        thief = make_client()
        thief.cookies.set(players.COOKIE, f"{player_id}.{gen}.{sig}")
        got = thief.post(
            "/api/leagues/join", json={"code": trap, "nickname": f"Victim {n}"}, headers=POST
        )
        new = players.session_of(API_SECRET, got.cookies.get(players.COOKIE))
        assert got.status_code == 200 and new is not None and new[0] != name, (gen, got.text)
    assert _owners_view(client) == before


@pytest.mark.found_by("third review of migration 0036: failed on 32f2544")
def test_an_ended_session_gets_wd096_whatever_the_league_or_nickname(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """ann signed out everywhere (generation 2). With generation 1: her own league, a league she
    is a member of but did not create, a league she is not in; a member's nickname, her own,
    none; a live code, one of a league she is in, one that does not exist: every change says
    WD096 alike (join's unknown code: WD084 tells nothing of ann). Also with her leagues' rows
    locked by others (innodb_lock_wait_timeout 1): no wait tells which leagues are hers."""
    url = front_urls("player")
    with db.connect(url) as a, db.connect(url) as b:
        sign_up(a, "web-ann", C1, 1)
        leagues.create(a, "web-ann", "Own", "Ann", 1)
        club = leagues.create(b, "web-bob", "Club", "Bob")["code"]
        other = leagues.create(b, "web-bob", "Other", "Bob")["code"]
        leagues.join(a, "web-ann", club, "Ann", 1)
        leagues.join(b, "web-bob", leagues.new_code(a, "web-ann", "Own", 1)["code"], "Bob")
        accounts.sign_out_everywhere(a, "web-ann", 1)
        with db.connect(db_url) as holder:
            holder.exec_driver_sql("START TRANSACTION")
            for league in (
                league_id_of(conn, "web-ann", "Own"),
                league_id_of(conn, "web-bob", "Club"),
            ):
                db.query(holder, "SELECT * FROM leagues WHERE id = ? FOR UPDATE", league)
            a.exec_driver_sql("SET innodb_lock_wait_timeout = 1")
            got = {}
            for league in ("Own", "Club", "Nope"):
                for nick in ("Bob", "Ann", "Zed"):
                    got[("remove", league, nick)] = raw_call(
                        a, "CALL wordle_league_remove('web-ann', 1, ?, ?)", league, nick
                    )
                got[("leave", league)] = raw_call(
                    a, "CALL wordle_league_leave('web-ann', 1, ?)", league
                )
                got[("code", league)] = raw_call(
                    a, "CALL wordle_league_code('web-ann', 1, ?)", league
                )
            for name in ("Own", "Club", "Fresh"):
                got[("create", name)] = raw_call(
                    a, "CALL wordle_league_create('web-ann', 1, ?, 'Ann', @c)", name
                )
            for code in (other,):  # club's code: its row is held (a wait, not ann's)
                got[("join", code)] = raw_call(
                    a, "CALL wordle_league_join('web-ann', 1, ?, NULL)", code
                )
            holder.exec_driver_sql("ROLLBACK")
    assert set(got.values()) == {"WD096"}, [(k, v) for k, v in got.items() if v != "WD096"]


@pytest.mark.found_by("review of main at bc96143")
def test_a_new_players_cookie_cached_as_generation_0_ends_at_a_sign_up_elsewhere(
    client: TestClient, make_client, web_db
) -> None:
    """Since 7687a1d the process that makes a new player remembers its generation 0 without
    reading it. A copy of that first cookie, after the player signed up through another
    process, inside CACHE_SECONDS on the first process: every move, code and league change
    is refused (WD096) and none of them is the account's."""
    assert client.get("/api/today").status_code == 200  # process A made the player, gen 0
    copy = str(client.cookies.get(players.COOKIE))
    elsewhere = make_client()  # process B: the player signs up there
    for cookie in client.cookies.jar:
        elsewhere.cookies.jar.set_cookie(cookie)
    name = signed_up_player(elsewhere)
    assert players.session_of(API_SECRET, elsewhere.cookies.get(players.COOKIE)) == (name, 1)
    assert _web_of(client).generations.get(name) == 0  # A still trusts generation 0
    for path, body in [
        ("/api/account/transfer", {}),
        ("/api/guess", {"word": "crane"}),
        ("/api/account/register/options", {}),
        ("/api/account/sign-out-everywhere", {}),
        ("/api/leagues/create", {"name": "copycats"}),
    ]:
        cache = _web_of(client).generations
        cache.forget(name)  # a refusal makes A read again: back to what _new_player left
        cache.put(name, 0)
        thief = TestClient(client.app)
        thief.cookies.set(players.COOKIE, copy)
        _refused(thief.post(path, json=body, headers=POST))
    assert _codes(web_db[0], name) == 0
    assert [a["guess"] for a in elsewhere.get("/api/board").json()] == ["slate"]
    assert elsewhere.get("/api/leagues").json() == []
    assert players.session_of(API_SECRET, elsewhere.cookies.get(players.COOKIE)) == (name, 1)


def _web_of(test_client: TestClient) -> Any:
    """The app's Web (its generation cache)."""
    return test_client.app.app.state.web  # type: ignore[attr-defined]
