"""Second review of 0036 (league changes check the generation under a shared lock): attacks.
Each test asserts what must hold. Found on 0e375f4, where the change share-locked its player's
row before the league's: a three-way deadlock (1213, 6 of 6 runs) of a creator leaving, the
heir's own league call (holding the heir's row, waiting for the league) and another call of
the heir queued for that row exclusively (a sign-out everywhere, a guess, a transfer code),
which the creator's foreign key check of the heir's row queued behind (the first three tests).
Now the league's row comes first (_wordle_league_session). The rest held: races with a bump
(either first, two changes at once, either killed), no role calls the check, hostile
sessions keep nothing open."""

from __future__ import annotations

import time
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import db, leagues, schema

from support.accounts import C1, sign_up
from support.calls import raw_call
from support.leagues import accounts_sign_out, league_id_of, player_ids, stall_then_release
from support.puzzles import set_word, today
from support.races import deadlock_count, in_threads, together

# --- 1. a third party queued for the heir's row: the heir's shared lock blocks it, the
# creator's foreign key check queues behind it --------------------------------------------------

# what queues for an exclusive lock on bob's row while bob's league call holds it shared
QUEUED = {
    "sign-out everywhere": "CALL wordle_sign_out_everywhere('web-bob', NULL)",
    "guess": "CALL wordle_play('web-bob', '{guess}', NULL, NULL)",
    "transfer code": "CALL wordle_transfer_code('web-bob', NULL, @t)",
}
BOBS = {
    "leave": "CALL wordle_league_leave('web-bob', NULL, 'Club{n}')",
    "join": "CALL wordle_league_join('web-bob', NULL, '{code}', NULL)",
}


def _three_way(
    conn: Connection, db_url: URL, url: URL, n: int, bobs: str, queued: str
) -> list[Any]:
    """ann created Club<n>, bob (the heir) is its other member. ann's leave stalls after
    locking Club (an administrator holds ann's membership row); bob's call on Club takes bob's
    row shared and waits for Club; bob's exclusive call (same front end) queues for bob's row;
    then ann's leave goes on and, handing Club to bob, checks bob's row (foreign key)."""
    with db.connect(url) as a, db.connect(url) as b, db.connect(url) as b2:
        code = leagues.create(a, "web-ann", f"Club{n}", "Ann")["code"]
        leagues.join(b, "web-bob", code, "Bob")
        (ann,) = player_ids(conn, "web-ann")
        held = [(league_id_of(conn, "web-ann", f"Club{n}"), ann)]
        mine = f"CALL wordle_league_leave('web-ann', NULL, 'Club{n}')"
        heirs = bobs.replace("{n}", str(n)).replace("{code}", code)
        third = queued.replace("{guess}", ("pious", "dumpy")[n])
        return stall_then_release(
            conn,
            db_url,
            held,
            [lambda: raw_call(a, mine), lambda: raw_call(b, heirs), lambda: raw_call(b2, third)],
        )


@pytest.mark.parametrize("queued", list(QUEUED))
def test_a_call_queued_for_the_heirs_row_makes_no_deadlock(
    conn: Connection, db_url: URL, front_urls, queued: str
) -> None:
    """bob's league call (S on bob), bob's sign-out / guess / transfer code (X on bob, queued
    behind the S), ann's leave handing Club to bob (S on bob: queued behind the X; holds Club,
    which bob's league call waits for): a cycle. On 0035 bob's league call held nothing of
    bob's, the X was granted at once and ann's leave waited for it to commit."""
    set_word(conn, today(conn), "crane")
    url = front_urls("player")
    with db.connect(url) as web:
        sign_up(web, "web-bob", C1, 1)  # a signed-up player, for the transfer code
        db.query(web, "CALL wordle_play('web-bob', 'slate', NULL, NULL)")  # a game under way
    before = deadlock_count(conn)
    got = [
        _three_way(conn, db_url, url, n, bobs, QUEUED[queued])
        for n, bobs in enumerate(BOBS.values())
    ]
    assert not any(1213 in g for g in got) and deadlock_count(conn) == before, got


def test_control_on_0035_the_same_three_calls_do_not_deadlock(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """The sign-out case above on 0035 (league calls without a generation): no deadlock."""
    url = front_urls("player")
    assert schema.migrate(db_url, "0035")[1] == "0035"
    with db.connect(url) as a, db.connect(url) as b, db.connect(url) as b2:
        code = db.query(a, "CALL wordle_league_create('web-ann', 'Club', 'Ann', @c)")[0]["code"]
        db.query(b, "CALL wordle_league_join('web-bob', ?, 'Bob')", code)
        (ann,) = player_ids(conn, "web-ann")
        before = deadlock_count(conn)
        got = stall_then_release(
            conn,
            db_url,
            [(league_id_of(conn, "web-ann", "Club"), ann)],
            [
                lambda: raw_call(a, "CALL wordle_league_leave('web-ann', 'Club')"),
                lambda: raw_call(b, "CALL wordle_league_leave('web-bob', 'Club')"),
                lambda: raw_call(b2, "CALL wordle_sign_out_everywhere('web-bob', NULL)"),
            ],
        )
    assert 1213 not in got and deadlock_count(conn) == before, got
    assert schema.migrate(db_url)[1] is not None


# --- 2. the race property: a change commits before the bump or is refused -------------------


def _gen(conn: Connection, name: str) -> int:
    return int(db.scalar(conn, "SELECT session_generation FROM players WHERE name = ?", name))


def _club_with_bob(a: Connection, b: Connection, conn: Connection) -> tuple[int, int]:
    """ann (generation 1) created Club, bob a member: (Club's id, bob's id)."""
    sign_up(a, "web-ann", C1, 1)
    code = leagues.create(a, "web-ann", "Club", "Ann", 1)["code"]
    leagues.join(b, "web-bob", code, "Bob")
    (bob,) = player_ids(conn, "web-bob")
    return league_id_of(conn, "web-ann", "Club"), bob


def test_a_change_holding_the_row_first_commits_before_the_bump(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """ann (generation 1) removes bob from Club; the removal stalls after its check, ann's row
    share-locked (an administrator holds bob's membership row); her sign-out everywhere
    starts: it waits for the removal, which then commits (done for generation 1, before 2 was
    committed); the bump goes through. (A leave stalls before its check since the fix: the
    league's row first, then the player's.)"""
    url = front_urls("player")
    with db.connect(url) as a, db.connect(url) as a2, db.connect(url) as b:
        club, bob = _club_with_bob(a, b, conn)
        got = stall_then_release(
            conn,
            db_url,
            [(club, bob)],
            [
                lambda: raw_call(a, "CALL wordle_league_remove('web-ann', 1, 'Club', 'Bob')"),
                lambda: raw_call(a2, "CALL wordle_sign_out_everywhere('web-ann', 1)"),
            ],
        )
    assert isinstance(got[0], list) and isinstance(got[1], list), got
    assert _gen(conn, "web-ann") == 2


def test_two_changes_and_a_bump_at_once_each_commit_first_or_are_refused(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """ann's two creates (generation 1, two sessions) and her sign-out everywhere, 15 rounds
    released together: each create is done or WD096, never 1213/1205, and a league is made
    only for a create that succeeded (none with a generation that had ended)."""
    url = front_urls("player")
    got: list[Any] = []
    with db.connect(url) as a, db.connect(url) as a2, db.connect(url) as a3:
        sign_up(a, "web-ann", C1, 1)
        before = deadlock_count(conn)
        for r in range(15):
            gen = _gen(conn, "web-ann")
            results = together(
                [
                    (a, f"CALL wordle_league_create('web-ann', {gen}, 'A{r}', NULL, @c)"),
                    (a2, f"CALL wordle_league_create('web-ann', {gen}, 'B{r}', NULL, @c)"),
                    (a3, f"CALL wordle_sign_out_everywhere('web-ann', {gen})"),
                ]
            )
            got.append(results)
            made = int(
                db.scalar(
                    conn, "SELECT COUNT(*) FROM leagues WHERE name IN (?, ?)", f"A{r}", f"B{r}"
                )
            )
            assert made == sum(isinstance(x, list) for x in results[:2]), results
            assert all(isinstance(x, list) or x == "WD096" for x in results), results
    assert deadlock_count(conn) == before, got


# --- 3. KILL QUERY: of the bump, of the change; what a killed change leaves held ------------


def _kill(url: URL, victim: int) -> None:
    with db.connect(url) as killer:  # an administrator (a front end may not: the definer runs)
        killer.exec_driver_sql(f"KILL QUERY {victim}")


def test_a_killed_bump_leaves_the_change_done_and_the_generation(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """ann's removal of bob stalled holding her row shared; her sign-out everywhere waits and
    is killed: the removal is done, her generation unchanged, the bump's session holds
    nothing."""
    url = front_urls("player")
    with db.connect(url) as a, db.connect(url) as a2, db.connect(url) as b:
        club, bob = _club_with_bob(a, b, conn)
        bumper = int(db.scalar(a2, "SELECT CONNECTION_ID()"))
        with db.connect(db_url) as holder:
            holder.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
            holder.exec_driver_sql("START TRANSACTION")
            db.query(
                holder,
                "SELECT * FROM league_members WHERE league_id = ? AND player_id = ? FOR UPDATE",
                club,
                bob,
            )
            threads, got = in_threads(
                [
                    lambda: raw_call(a, "CALL wordle_league_remove('web-ann', 1, 'Club', 'Bob')"),
                    lambda: raw_call(a2, "CALL wordle_sign_out_everywhere('web-ann', 1)"),
                ]
            )
            _kill(db_url, bumper)
            threads[1].join(timeout=10)
            holder.exec_driver_sql("ROLLBACK")
        threads[0].join(timeout=10)
        assert isinstance(got[0], list) and got[1] in (1317, "70100"), got
        assert _gen(conn, "web-ann") == 1
        conn.exec_driver_sql("SET innodb_lock_wait_timeout = 1")
        assert accounts_sign_out(conn) == 2  # nothing held by the killed bump


def test_a_killed_change_holds_nothing_anybody_else_waits_for(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """A hostile front end: ann's league change (her row now shared-locked) waits for a lock
    and the front end kills it with its own KILL QUERY. If the routine's transaction stays
    open, the S lock stays; the front end then queues ann's own sign-out everywhere (X) behind
    it; carl, on another front end, leaves his league Hall whose heir is ann: his foreign key
    check of ann's row must not wait (innodb_lock_wait_timeout 1)."""
    url, other_url = front_urls("player"), front_urls("player")
    with db.connect(url) as a, db.connect(url) as a2, db.connect(other_url) as c:
        hall = leagues.create(c, "web-carl", "Hall", "Carl")["code"]
        leagues.join(a, "web-ann", hall, "Ann")
        code = leagues.create(a, "web-dave", "Club", "Dave")["code"]
        leagues.join(a, "web-ann", code, "Ann")
        me = int(db.scalar(a, "SELECT CONNECTION_ID()"))
        with db.connect(db_url) as holder:  # Club's row held: ann's leave waits for it
            holder.exec_driver_sql("START TRANSACTION")
            db.query(
                holder,
                "SELECT * FROM leagues WHERE id = ? FOR UPDATE",
                league_id_of(conn, "web-dave", "Club"),
            )
            threads, got = in_threads(
                [lambda: raw_call(a, "CALL wordle_league_leave('web-ann', NULL, 'Club')")]
            )
            _kill(db_url, me)
            threads[0].join(timeout=10)
            holder.exec_driver_sql("ROLLBACK")
        open_after_kill = db.scalar(a, "SELECT @@in_transaction")
        a2.exec_driver_sql("SET innodb_lock_wait_timeout = 3")
        queued, _ = in_threads(
            [lambda: raw_call(a2, "CALL wordle_sign_out_everywhere('web-ann', NULL)")]
        )
        c.exec_driver_sql("SET innodb_lock_wait_timeout = 1")
        started = time.monotonic()
        carls = raw_call(c, "CALL wordle_league_leave('web-carl', NULL, 'Hall')")
        took = time.monotonic() - started
        a.exec_driver_sql("ROLLBACK")
        queued[0].join(timeout=10)
    assert isinstance(carls, list) and took < 0.9, (got, open_after_kill, carls, took)


# --- 4. the internal routine: no role calls it --------------------------------------------
