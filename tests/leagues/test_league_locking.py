"""League changes at once: the order in which they lock (the league's row first, then the
player's, shared) makes no deadlock, with players leaving, joining, taking new codes and
guessing together, with a third call queued for a player's row, after an access change, and
racing a bump of the session generation (each change commits before the bump or is refused;
a killed bump or change leaves nothing held). That an ended session changes no league is
tests/accounts/test_session_generations.py's."""

from __future__ import annotations

import random
import threading
import time
import uuid
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import accounts, db, game, leagues

from support.accounts import C1, sign_up
from support.calls import raw_call, result_or_sqlstate
from support.leagues import (
    CHANGES,
    accounts_sign_out,
    ann_in_leagues,
    league_id_of,
    leagues_state,
    player_ids,
    stall_then_release,
)
from support.puzzles import set_word, today
from support.races import at_once, deadlock_count, in_threads, together


def test_many_join_at_once_and_each_gets_a_nickname_of_its_own(
    conn: Connection, db_url: URL, league: dict[str, Any]
) -> None:
    """Sixteen players join at the same moment with the default nickname (and play): each is
    a member once, under a 'player N' nobody else has."""
    crowd = [f"crowd{n}" for n in range(16)]
    start, errors = threading.Barrier(len(crowd)), []

    def join(name: str) -> None:
        try:
            with db.connect(db_url) as own:
                start.wait()
                leagues.join(own, name, league["code"])
                game.play(own, name, "slate")
        except Exception as exc:  # reported below
            errors.append(f"{name}: {exc}")

    threads = [threading.Thread(target=join, args=(name,)) for name in crowd]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert errors == []
    rows = leagues.board(conn, "ada", "Office")
    names = [r["nickname"] for r in rows]
    assert len(rows) == 19 and len(set(names)) == 19
    assert {n for n in names if n.startswith("player ")} == {f"player {n}" for n in range(3, 20)}
    assert sum(r["state"] == "playing" for r in rows) == 17  # the crowd and ben


def test_the_creator_and_the_next_member_leaving_at_once_leave_a_creator(
    conn: Connection, db_url: URL
) -> None:
    """The creator passes the league on to the member who joined next, who leaves at the same
    moment: the one who stays becomes the creator, every time. Both leaves have found the
    league before either may change it (a third session holds its row until both wait)."""
    for n in range(6):
        code = leagues.create(conn, f"first{n}", "Race")["code"]
        for who in (f"next{n}", f"last{n}"):
            leagues.join(conn, who, code)
        errors: list[str] = []

        def leave(name: str, errors: list[str] = errors) -> None:
            try:
                with db.connect(db_url) as own:
                    leagues.leave(own, name, "Race")
            except Exception as exc:  # reported below
                errors.append(f"{name}: {exc}")

        with db.connect(db_url) as holder:
            holder.exec_driver_sql("START TRANSACTION")
            db.query(
                holder,
                "SELECT l.id FROM leagues l JOIN players p ON p.id = l.creator_id "
                "WHERE p.name = ? FOR UPDATE",
                f"first{n}",
            )
            threads = [
                threading.Thread(target=leave, args=(f"{who}{n}",)) for who in ("first", "next")
            ]
            for thread in threads:
                thread.start()
            deadline = time.monotonic() + 20
            while (
                db.scalar(
                    conn,
                    "SELECT COUNT(*) FROM information_schema.PROCESSLIST "
                    "WHERE INFO LIKE '%FROM leagues WHERE id%FOR UPDATE%'",
                )
                < 2
            ):
                assert time.monotonic() < deadline and not errors, errors
                time.sleep(0.01)
            holder.exec_driver_sql("ROLLBACK")
        for thread in threads:
            thread.join(30)
        assert errors == []
        assert [(r["members"], r["creator"]) for r in leagues.mine(conn, f"last{n}")] == [(1, True)]


@pytest.mark.found_by("review of migration 0036: deadlocked (1213) on e11cf8b")
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


@pytest.mark.found_by("review of migration 0036: deadlocked (1213) on e11cf8b")
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


@pytest.mark.found_by("review of migration 0036: held")
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


@pytest.mark.found_by("review of migration 0036: held")
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


# what queues for an exclusive lock on bob's row while bob's league call holds it shared
QUEUED_FOR_BOBS_ROW = {
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


@pytest.mark.found_by("second review of migration 0036: a three-way deadlock (1213) on 0e375f4")
@pytest.mark.parametrize("queued", list(QUEUED_FOR_BOBS_ROW))
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
        _three_way(conn, db_url, url, n, bobs, QUEUED_FOR_BOBS_ROW[queued])
        for n, bobs in enumerate(BOBS.values())
    ]
    assert not any(1213 in g for g in got) and deadlock_count(conn) == before, got


def _gen(conn: Connection, name: str) -> int:
    return int(db.scalar(conn, "SELECT session_generation FROM players WHERE name = ?", name))


def _club_with_bob(a: Connection, b: Connection, conn: Connection) -> tuple[int, int]:
    """ann (generation 1) created Club, bob a member: (Club's id, bob's id)."""
    sign_up(a, "web-ann", C1, 1)
    code = leagues.create(a, "web-ann", "Club", "Ann", 1)["code"]
    leagues.join(b, "web-bob", code, "Bob")
    (bob,) = player_ids(conn, "web-bob")
    return league_id_of(conn, "web-ann", "Club"), bob


@pytest.mark.found_by("second review of migration 0036: held")
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


@pytest.mark.found_by("second review of migration 0036: held")
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


def _kill(url: URL, victim: int) -> None:
    with db.connect(url) as killer:  # an administrator (a front end may not: the definer runs)
        killer.exec_driver_sql(f"KILL QUERY {victim}")


@pytest.mark.found_by("second review of migration 0036: held")
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


@pytest.mark.found_by("second review of migration 0036: held")
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


# what queues for an exclusive lock on bob's row without passing bob's player_access row
QUEUED_PAST_BOBS_ACCESS_ROW = {
    # the front end's own call: _wordle_player(FALSE), then _wordle_session_current (X)
    "passkey removal": "CALL wordle_passkey_remove('web-bob', NULL, '0000000000000000')"
}


def _three_way_after_access_change(
    conn: Connection, db_url: URL, url: URL, n: int, queued: str, change: bool = True
) -> list[Any]:
    """ann created Club<n>, bob (the heir) its other member. The access version changes (an
    account was granted or changed: every kept decision is retired). ann's leave stalls
    holding Club; bob's join of Club (same code: a no-op join) makes a new player_access row,
    whose foreign key check share-locks bob's players row, then waits for Club; bob's
    exclusive call queues for bob's row; ann's leave goes on and share-locks bob's row."""
    with db.connect(url) as a, db.connect(url) as b, db.connect(url) as b2:
        code = leagues.create(a, "web-ann", f"Club{n}", "Ann")["code"]
        leagues.join(b, "web-bob", code, "Bob")
        mine = f"CALL wordle_league_leave('web-ann', NULL, 'Club{n}')"
        heirs = f"CALL wordle_league_join('web-bob', NULL, '{code}', NULL)"
        (ann,) = player_ids(conn, "web-ann")
        held = [(league_id_of(conn, "web-ann", f"Club{n}"), ann)]
        if change:
            conn.exec_driver_sql("CALL _wordle_access_changed()")
        return stall_then_release(
            conn,
            db_url,
            held,
            [lambda: raw_call(a, mine), lambda: raw_call(b, heirs), lambda: raw_call(b2, queued)],
        )


@pytest.mark.found_by("third review of migration 0036: failed on 32f2544")
@pytest.mark.parametrize("queued", list(QUEUED_PAST_BOBS_ACCESS_ROW))
def test_after_an_access_change_the_heirs_join_makes_no_deadlock(
    conn: Connection, db_url: URL, front_urls, queued: str
) -> None:
    """bob's join holds bob's row shared (the player_access foreign key) and waits for Club;
    bob's passkey removal queues X on bob's row; ann's leave (holding Club) asks bob's row
    shared: queued behind the X. A cycle unless nothing of bob's is locked before Club."""
    url = front_urls("player")
    before = deadlock_count(conn)
    got = _three_way_after_access_change(conn, db_url, url, 0, QUEUED_PAST_BOBS_ACCESS_ROW[queued])
    assert 1213 not in got and deadlock_count(conn) == before, got


@pytest.mark.found_by("third review of migration 0036: held")
def test_control_without_an_access_change_no_deadlock(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """The same three calls with bob's kept decision still current: bob's join locks nothing
    of bob's before Club (the player_access row exists: no insert, no foreign key check)."""
    url = front_urls("player")
    before = deadlock_count(conn)
    got = _three_way_after_access_change(
        conn, db_url, url, 0, QUEUED_PAST_BOBS_ACCESS_ROW["passkey removal"], change=False
    )
    assert 1213 not in got and deadlock_count(conn) == before, got


def _state(conn: Connection) -> tuple[Any, ...]:
    return tuple(
        db.scalar(conn, s)
        for s in (
            "SELECT GROUP_CONCAT(id, ':', name, ':', creator_id, ':', HEX(code_hash) ORDER BY id) "
            "FROM leagues",
            "SELECT GROUP_CONCAT(league_id, ':', player_id, ':', nickname ORDER BY league_id, "
            "player_id) FROM league_members",
        )
    )


RACED = {
    "join": "CALL wordle_league_join('web-ann', 1, '{code}', NULL)",
    "leave": "CALL wordle_league_leave('web-ann', 1, 'Own')",
    "remove": "CALL wordle_league_remove('web-ann', 1, 'Own', 'Bob')",
    "code": "CALL wordle_league_code('web-ann', 1, 'Own')",
}


@pytest.mark.found_by("third review of migration 0036: held")
@pytest.mark.parametrize("where", ["league held", "bump under way"])
def test_a_bump_committed_while_a_change_waits_refuses_it(
    conn: Connection, db_url: URL, front_urls, where: str
) -> None:
    """ann (generation 1) created Own (bob a member); bob's Other she may join. Each change
    passes its early check, then waits: for the league's row (an administrator holds it), or
    for ann's row (a bump under way, by hand, after the league's row). The bump commits, the
    change goes on: WD096, nothing changed. Create: its only wait is ann's row."""
    url = front_urls("player")
    got: dict[str, Any] = {}
    with db.connect(url) as a, db.connect(url) as b:
        sign_up(a, "web-ann", C1, 1)
        leagues.create(a, "web-ann", "Own", "Ann", 1)
        leagues.join(b, "web-bob", leagues.new_code(a, "web-ann", "Own", 1)["code"], "Bob")
        other = leagues.create(b, "web-bob", "Other", "Bob")["code"]
        (ann,) = player_ids(conn, "web-ann")
        calls = {**RACED, "create": "CALL wordle_league_create('web-ann', 1, 'New', NULL, @c)"}
        for what, sql in calls.items():
            if where == "league held" and what == "create":
                continue
            db.query(conn, "UPDATE players SET session_generation = 1 WHERE id = ?", ann)
            league = (
                league_id_of(conn, "web-bob", "Other")
                if what == "join"
                else league_id_of(conn, "web-ann", "Own")
            )
            state = _state(conn)
            with db.connect(db_url) as holder, db.connect(db_url) as bumper:
                holder.exec_driver_sql("START TRANSACTION")
                if where == "league held":
                    db.query(holder, "SELECT * FROM leagues WHERE id = ? FOR UPDATE", league)
                else:
                    db.query(holder, "CALL _wordle_session_bump(?, @g)", ann)
                stmt = sql.format(code=other)
                threads, res = in_threads([lambda s=stmt: raw_call(a, s)])
                if where == "league held":
                    accounts.sign_out_everywhere(bumper, "web-ann", 1)
                holder.exec_driver_sql("COMMIT")
                threads[0].join(timeout=20)
            got[what] = res[0]
            assert _gen(conn, "web-ann") == 2, what
            assert res[0] == "WD096" and _state(conn) == state, (what, res[0])
    assert got


@pytest.mark.found_by(
    "third review of migration 0036: found, 16 players mixing league changes deadlocked"
)
def test_many_players_mixed_league_changes_and_guesses(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """16 players in 4 shared leagues; 16 threads for ~6 s: leave, join back, remove, new code,
    create, a guess, a sign-out everywhere, at random (generation NULL). No 1213, no 1205."""
    mixed_league_changes_and_guesses(conn, db_url, front_urls, bumped=False)


@pytest.mark.found_by("review of 0061: held")
def test_many_players_mixed_league_changes_and_guesses_found_by_name(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """As above, the access version bumped every 20 ms meanwhile: most calls find their player
    by name and write its decision, locking its row for writing first (0060). No 1213 and no
    1205 reach a caller. (About 1 run in 10 two joins' inserts of league_members deadlock on
    league_nickname_key and the join retries: not 0060's lock; the run without bumps counts
    no deadlock at all.)"""
    mixed_league_changes_and_guesses(conn, db_url, front_urls, bumped=True)


def mixed_league_changes_and_guesses(
    conn: Connection, db_url: URL, front_urls, bumped: bool
) -> None:
    set_word(conn, today(conn), "crane")
    url = front_urls("player")
    names = [f"web-p{i:02d}" for i in range(16)]
    codes: dict[int, str] = {}
    with db.connect(url) as w:
        for k in range(4):
            codes[k] = leagues.create(w, names[k], f"L{k}", f"n{k}")["code"]
        for i, n in enumerate(names):
            for k in range(4):
                if k != i:
                    leagues.join(w, n, codes[k], f"n{i}")
    before = deadlock_count(conn)
    errors: list[Any] = []
    stop = time.monotonic() + 6
    lock = threading.Lock()

    def player(i: int) -> None:
        rnd = random.Random(i)
        n = names[i]
        with db.connect(url) as c:
            c.exec_driver_sql("SET innodb_lock_wait_timeout = 5")
            while time.monotonic() < stop:
                k = rnd.randrange(4)
                op = rnd.randrange(8)
                if op == 0:
                    sql, args = "CALL wordle_league_leave(?, NULL, ?)", (n, f"L{k}")
                elif op in (1, 2):
                    with lock:
                        code = codes.get(k)
                    sql, args = "CALL wordle_league_join(?, NULL, ?, NULL)", (n, code)
                elif op == 3:
                    sql, args = (
                        "CALL wordle_league_remove(?, NULL, ?, ?)",
                        (n, f"L{k}", f"n{rnd.randrange(16)}"),
                    )
                elif op == 4:
                    sql, args = "CALL wordle_league_code(?, NULL, ?)", (n, f"L{k}")
                elif op == 5:
                    sql, args = "CALL wordle_league_create(?, NULL, ?, NULL, @c)", (n, f"L{k}")
                elif op == 6:
                    sql, args = (
                        "CALL wordle_play(?, ?, NULL, NULL)",
                        (n, rnd.choice(["slate", "pious", "dumpy", "mound"])),
                    )
                else:
                    sql, args = "CALL wordle_passkey_remove(?, NULL, '0000000000000000')", (n,)
                res = raw_call(c, sql, *args)
                if res in (1213, 1205):
                    errors.append((sql, res))
                elif isinstance(res, list) and res and "code" in res[0] and res[0]["code"]:
                    with lock:
                        codes[k] = res[0]["code"]

    def bump() -> None:
        with db.connect(db_url) as c:
            while time.monotonic() < stop:
                db.query(c, "UPDATE access_version SET version = version + 1")
                time.sleep(0.02)

    threads = [threading.Thread(target=player, args=(i,)) for i in range(16)]
    threads += [threading.Thread(target=bump)] if bumped else []
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    status = db.query(conn, "SHOW ENGINE INNODB STATUS")[0]["Status"]
    last = status[status.find("LATEST DETECTED DEADLOCK") : status.find("TRANSACTIONS\n")]
    assert last is not None
    assert not errors, errors
    if not bumped:
        assert deadlock_count(conn) == before, (deadlock_count(conn) - before, last)


def _last_leave_and_join(conn: Connection, db_url: URL, url: URL) -> list[Any]:
    """ann alone in Solo; her leave (deleting Solo) stalls holding Solo's row (an
    administrator holds her membership); bob's join by Solo's code share-locks the code_hash
    record, then waits for Solo's row; ann's leave goes on: deleting Solo needs the code_hash
    record."""
    with db.connect(url) as a, db.connect(url) as b:
        code = leagues.create(a, "web-ann", "Solo", "Ann")["code"]
        mine = "CALL wordle_league_leave('web-ann', NULL, 'Solo')"
        bobs = f"CALL wordle_league_join('web-bob', NULL, '{code}', 'Bob')"
        db.query(b, "CALL wordle_play('web-bob', 'slate', NULL, NULL)")  # bob exists
        (ann,) = player_ids(conn, "web-ann")
        return stall_then_release(
            conn,
            db_url,
            [(league_id_of(conn, "web-ann", "Solo"), ann)],
            [lambda: raw_call(a, mine), lambda: raw_call(b, bobs)],
        )


@pytest.mark.found_by(
    "third review of migration 0036: found, a join locked its code's record before the league"
)
def test_a_join_racing_the_last_members_leave_does_not_deadlock(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """The join either joined before the league went or gets WD084; never 1213."""
    set_word(conn, today(conn), "crane")
    before = deadlock_count(conn)
    got = _last_leave_and_join(conn, db_url, front_urls("player"))
    assert 1213 not in got and deadlock_count(conn) == before, got


@pytest.mark.found_by(
    "third review of migration 0036: found, a join locked its code's record before the league"
)
def test_joins_racing_new_codes_do_not_deadlock(conn: Connection, front_urls) -> None:
    """ann renews Club's code while bob joins (again: a no-op) with the current one, 30 rounds
    released together: the code's UPDATE (Club's row, then its code_hash record) against the
    join's shared read (code_hash record, then Club's row)."""
    url = front_urls("player")
    got: list[Any] = []
    with db.connect(url) as a, db.connect(url) as b:
        code = leagues.create(a, "web-ann", "Club", "Ann")["code"]
        leagues.join(b, "web-bob", code, "Bob")
        before = deadlock_count(conn)
        for _ in range(30):
            results = together(
                [
                    (a, "CALL wordle_league_code('web-ann', NULL, 'Club')"),
                    (b, f"CALL wordle_league_join('web-bob', NULL, '{code}', NULL)"),
                ]
            )
            got.append(results)
            if isinstance(results[0], list):
                code = results[0][0]["code"]
    assert not any(1213 in r for r in got) and deadlock_count(conn) == before, (
        [r for r in got if 1213 in r],
        deadlock_count(conn) - before,
    )


# How the creator types a member's nickname while the members join (review of 0056): as the
# member joined with it (found by the binary comparison), or in capitals (by its look alone)
TYPED = {"as joined": str, "in capitals": str.upper}


def _remove_race(conn: Connection, db_url: URL, typed: str, players: int) -> None:
    """One league: `players` join it while its creator removes each, all released together."""
    creator = f"c{uuid.uuid4().hex[:8]}"
    code = leagues.create(conn, creator, "Race", "boss")["code"]
    # neither I nor m, whose capitals look otherwise (l, rn): their capitals are their look
    nicks = [f"Rob{c}" for c in "abcdefghjknopqrstuxyz"[:players]]
    names = [f"p{uuid.uuid4().hex[:10]}" for _ in range(players)]
    joined: dict[int, Any] = {}
    removed: dict[int, Any] = {}

    def join(i: int) -> None:
        with db.connect(db_url) as own:
            joined[i] = result_or_sqlstate(lambda: leagues.join(own, names[i], code, nicks[i]))

    def remove(i: int) -> None:
        with db.connect(db_url) as own:
            removed[i] = result_or_sqlstate(
                lambda: leagues.remove(own, creator, "Race", TYPED[typed](nicks[i]))
            )

    errors = at_once(
        [lambda i=i: join(i) for i in range(players)]
        + [lambda i=i: remove(i) for i in range(players)]
    )
    assert not errors, errors
    members = {
        r["nickname"]
        for r in db.query(
            conn,
            "SELECT m.nickname FROM league_members m JOIN leagues l ON l.id = m.league_id "
            "WHERE l.name = 'Race' AND l.creator_id = (SELECT id FROM players WHERE name = ?)",
            creator,
        )
    }
    for i in range(players):
        assert isinstance(joined[i], dict), (nicks[i], joined[i])
        if removed[i] == "WD086":
            assert nicks[i] in members, (nicks[i], removed[i], members)
        else:
            assert isinstance(removed[i], dict), (nicks[i], removed[i])
            assert removed[i]["removed"] == nicks[i], (nicks[i], removed[i])
            assert nicks[i] not in members, (nicks[i], members)


@pytest.mark.found_by("review of 0056")
@pytest.mark.parametrize("typed", list(TYPED))
def test_removes_racing_joins_take_the_member_named_or_none(
    conn: Connection, db_url: URL, typed: str
) -> None:
    """16 players join one league while its creator removes each of them by nickname, all 32
    calls released together (three leagues): every call answers with its row or a WD line,
    never the server's 1213 or 1205; a remove that answered a nickname removed that member, who
    is gone; one that answered WD086 came before the join, and that member is in."""
    for _ in range(3):
        _remove_race(conn, db_url, typed, 16)


# Sixteen ways to write one look (review of 0056): one nickname_key, whichever comes first
ONE_LOOK = [
    "Bob",
    "BOB",
    "bob",
    "B0B",
    "\u0412\u041e\u0412",
    "b o b",
    "B.O.B",
    "\uff22\uff4f\uff42",
    "\U0001d401\U0001d428\U0001d41b",
    "\u24b7\u24de\u24d1",
    "\u1d2e\u1d3c\u1d2e",
    "B\u00f3b",
    "Bob\u0301",
    "B\u0640ob",
    "\U0001f171\U0001f17e\U0001f171",
    "\u0392\u039f\u0392",
]


@pytest.mark.found_by("review of 0056")
def test_sixteen_players_joining_under_one_look_at_once_let_one_in(
    conn: Connection, db_url: URL
) -> None:
    """16 players join one league at once, each under another way of writing Bob, five leagues:
    exactly one gets in, the 15 others are told the nickname is taken (WD081), none gets the
    server's 1062, 1213 or 1205."""
    for _ in range(5):
        code = leagues.create(conn, f"c{uuid.uuid4().hex[:8]}", "Look", "boss")["code"]
        got: dict[int, Any] = {}

        def join(i: int, code: str = code, got: dict[int, Any] = got) -> None:
            with db.connect(db_url) as own:
                got[i] = result_or_sqlstate(
                    lambda: leagues.join(own, f"p{uuid.uuid4().hex[:10]}", code, ONE_LOOK[i])
                )

        assert not at_once([lambda i=i: join(i) for i in range(len(ONE_LOOK))])
        members = [i for i, g in got.items() if isinstance(g, dict)]
        refused = sorted(str(g) for g in got.values() if not isinstance(g, dict))
        assert (len(members), refused) == (1, ["WD081"] * 15), got
