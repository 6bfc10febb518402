"""Review of migration 0036 (league changes check the session generation): attacks.

Each test is an attack as an attacker would try it; it asserts what must hold. Found: with the
player's row locked exclusively (as _wordle_session_current does for the account calls), two
players' league changes deadlocked (1213): a creator leaving hands the league on, and the
foreign key check of the heir's row waited for the heir's own league change, which waited for
the league (the first two tests failed on e11cf8b; a plain race of two leaves deadlocked 7 of
40 times). The league changes now check through _wordle_league_session (a shared lock, after
the league's). The
rest held: stale generations in any spelling and hostile session, names the account may not
use, races with a bump, waits on a held player, the web's stale and odd cookies, the
migration down and up."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection
from starlette.testclient import TestClient

from wordle_db import accounts, db, leagues
from wordle_db.web import players

from support.accounts import C1, sign_up, signed_up_player
from support.calls import raw_call, result_or_sqlstate
from support.leagues import (
    CHANGES,
    ann_in_leagues,
    league_id_of,
    leagues_state,
    player_ids,
    stall_then_release,
)
from support.races import deadlock_count
from support.sessions import PRESETS, REFUSED
from support.web import POST
from support.web import SECRET as API_SECRET

# --- 4. deadlocks the player's row taken first makes -----------------------------------------


def test_two_creators_leaving_each_others_leagues_do_not_deadlock(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """Ann created Alpha (bob its other member), bob created Beta (ann its other member); both
    leave their own league at once. Each leave locks its player's row (0036), then its league,
    then hands the league to the other (UPDATE leagues SET creator_id: the foreign key takes a
    shared lock on the heir's players row, which the heir's own leave holds). Before 0036
    nothing locked the players' rows first: no cycle."""
    url = front_urls("player")
    with db.connect(url) as a, db.connect(url) as b:
        alpha = leagues.create(a, "web-ann", "Alpha", "Ann")["code"]
        beta = leagues.create(b, "web-bob", "Beta", "Bob")["code"]
        leagues.join(b, "web-bob", alpha, "Bob")
        leagues.join(a, "web-ann", beta, "Ann")
        ann, bob = player_ids(conn, "web-ann", "web-bob")
        held = [
            (league_id_of(conn, "web-ann", "Alpha"), ann),
            (league_id_of(conn, "web-bob", "Beta"), bob),
        ]
        before = deadlock_count(conn)
        got = stall_then_release(
            conn,
            db_url,
            held,
            [
                lambda: raw_call(a, "CALL wordle_league_leave('web-ann', NULL, 'Alpha')"),
                lambda: raw_call(b, "CALL wordle_league_leave('web-bob', NULL, 'Beta')"),
            ],
        )
    assert 1213 not in got and deadlock_count(conn) == before, got


HEIR_CALLS = [
    "CALL wordle_league_leave('web-bob', NULL, 'Club{n}')",
    "CALL wordle_league_join('web-bob', NULL, '{code}', NULL)",
    "CALL wordle_league_remove('web-bob', NULL, 'Club{n}', 'Ann')",
]


def test_a_creator_leaving_and_the_heirs_league_call_do_not_deadlock(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """Ann created Club, bob (the heir) is its other member. Ann leaves while bob's own call
    on Club (leave, join again, remove) runs: bob's call holds bob's row (0036) and waits for
    Club's; ann's holds Club's and, handing Club to bob, waits for bob's row."""
    url = front_urls("player")
    got: list[Any] = []
    with db.connect(url) as a, db.connect(url) as b:
        before = deadlock_count(conn)
        for n, heir_call in enumerate(HEIR_CALLS):
            code = leagues.create(a, "web-ann", f"Club{n}", "Ann")["code"]
            leagues.join(b, "web-bob", code, "Bob")
            (ann,) = player_ids(conn, "web-ann")
            held = [(league_id_of(conn, "web-ann", f"Club{n}"), ann)]
            mine = f"CALL wordle_league_leave('web-ann', NULL, 'Club{n}')"
            heirs = heir_call.replace("{n}", str(n)).replace("{code}", code)
            got.append(
                stall_then_release(
                    conn,
                    db_url,
                    held,
                    [lambda s=mine: raw_call(a, s), lambda s=heirs: raw_call(b, s)],
                )
            )
    assert not any(1213 in g for g in got) and deadlock_count(conn) == before, got


# --- 1. an ended session's generation, as any value SQL can carry, in hostile sessions -------

STALE = [0, 1, 3, 2**32 - 1, -1, 2**32 + 2, str(2**64 + 2), "-1", "1x", "1.4", "3e0", 1.4, "", " 1"]


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


# --- 2. the IF v_player IS NOT NULL guard: names the account may not use ----------------------


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


# --- 3. a refusal releases the player's row; a race with a bump --------------------------------


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


def test_a_change_racing_a_bump_sees_the_new_generation(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """A bump (ann's row held, her generation raised, not yet committed) while each change of
    her current session runs: the change waits, then sees the new one and is refused."""
    url = front_urls("player")
    with db.connect(url) as web:
        other = ann_in_leagues(web)
        before = leagues_state(conn)
        for gen, (what, sql) in enumerate(CHANGES.items(), 2):
            result: list[Any] = []
            with db.connect(db_url) as bump:
                bump.exec_driver_sql("START TRANSACTION")
                db.query(
                    bump,
                    "UPDATE players SET session_generation = ? WHERE name = 'web-ann'",
                    gen + 1,
                )
                stmt = sql.format(code=other)
                waiter = threading.Thread(
                    target=lambda s=stmt, g=gen, r=result: r.append(
                        result_or_sqlstate(lambda: db.query(web, s, "web-ann", g))
                    )
                )
                waiter.start()
                waiter.join(timeout=0.5)
                assert waiter.is_alive(), (what, result)
                bump.exec_driver_sql("COMMIT")
                waiter.join(timeout=30)
            assert result == ["WD096"], what
    assert leagues_state(conn)[:2] == before[:2]


def test_a_held_player_row_makes_no_other_players_league_change_wait(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """ann's row held (as a bump, or a call waiting inside one, holds it). bob, on another front
    end, in leagues ann is in (Club: bob created it, carl his heir, ann a member): each change
    goes through at once (innodb_lock_wait_timeout 1), ann's removal included."""
    url, other_url = front_urls("player"), front_urls("player")
    with db.connect(url) as web, db.connect(other_url) as other, db.connect(db_url) as holder:
        sign_up(web, "web-ann", C1, 1)
        club = leagues.create(other, "web-bob", "Club", "Bob")["code"]
        leagues.join(other, "web-carl", club, "Carl")
        leagues.join(web, "web-ann", club, "Ann", 1)
        made = leagues.create(web, "web-ann", "Hers", "Ann", 1)["code"]
        waits = int(db.query(conn, "SHOW GLOBAL STATUS LIKE 'Innodb_row_lock_waits'")[0]["Value"])
        holder.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
        holder.exec_driver_sql("START TRANSACTION")
        db.query(holder, "SELECT id FROM players WHERE name = 'web-ann' FOR UPDATE")
        other.exec_driver_sql("SET innodb_lock_wait_timeout = 1")
        steps = [
            ("create", "CALL wordle_league_create('web-bob', 0, 'Side', NULL, @c)"),
            ("join ann's", f"CALL wordle_league_join('web-bob', NULL, '{made}', NULL)"),
            ("new code", "CALL wordle_league_code('web-bob', NULL, 'Club')"),
            ("remove ann", "CALL wordle_league_remove('web-bob', NULL, 'Club', 'Ann')"),
            ("leave", "CALL wordle_league_leave('web-bob', NULL, 'Club')"),
            ("leave ann's", "CALL wordle_league_leave('web-bob', NULL, 'Hers')"),
        ]
        for what, sql in steps:
            started = time.monotonic()
            got = raw_call(other, sql)
            assert isinstance(got, list) and time.monotonic() - started < 0.9, (what, got)
        holder.exec_driver_sql("ROLLBACK")
    assert (
        int(db.query(conn, "SHOW GLOBAL STATUS LIKE 'Innodb_row_lock_waits'")[0]["Value"]) == waits
    )


# --- 5. the web: a stale cookie, a cached generation, an old cookie, anonymous players ---------

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


# --- 6. the migration down and up -------------------------------------------------------------


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
        sig = players.hmac.new(
            API_SECRET, f"player:{player_id}:{gen}".encode(), players.hashlib.sha256
        ).hexdigest()
        thief = make_client()
        thief.cookies.set(players.COOKIE, f"{player_id}.{gen}.{sig}")
        got = thief.post(
            "/api/leagues/join", json={"code": trap, "nickname": f"Victim {n}"}, headers=POST
        )
        new = players.session_of(API_SECRET, got.cookies.get(players.COOKIE))
        assert got.status_code == 200 and new is not None and new[0] != name, (gen, got.text)
    assert _owners_view(client) == before
