"""Third review of 0036 (league changes: the league's row first, then the player's, shared):
attacks. Each test asserts what must hold. Found on 32f2544 (the tests of 1 and 3 failed; the
review's controls on 0035 showed (a) and the last-leave race of (b) there too): (a) after an
access-version change the heir's join inserts a player_access row whose foreign key share-locks
the heir's players row before the league's: with the heir's passkey removal queued (X) and the
creator leaving, 1213 (0035 too); (b) the join's LOCK IN SHARE MODE by code_hash locks the
secondary record before the league's PRIMARY, the opposite order of a new code's UPDATE and of
the last member's DELETE of the league: 1213 (the code race is new in 0036; the last-leave race
deadlocks on 0035 too); (c) 16 players mixing changes hit (b). Held: the bump racing each change
before/at the league's lock (WD096, nothing changed), ended sessions get WD096 for any league,
nickname or code without waiting on their leagues' locks. Now the join reads the league by its
code without a lock, then share-locks its row by key (the code checked again), and only then
resolves the player (whose new access decision's foreign key reads the player's row)."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import accounts, db, leagues

from support.accounts import C1, sign_up
from support.calls import raw_call
from support.leagues import league_id_of, player_ids, stall_then_release
from support.puzzles import set_word, today
from support.races import deadlock_count, in_threads, together

# --- 1. the join's _wordle_player(TRUE): a new player_access row's foreign key check
# share-locks the joiner's players row BEFORE the league's ----------------------------------

# what queues for an exclusive lock on bob's row without passing bob's player_access row
QUEUED = {
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


@pytest.mark.parametrize("queued", list(QUEUED))
def test_after_an_access_change_the_heirs_join_makes_no_deadlock(
    conn: Connection, db_url: URL, front_urls, queued: str
) -> None:
    """bob's join holds bob's row shared (the player_access foreign key) and waits for Club;
    bob's passkey removal queues X on bob's row; ann's leave (holding Club) asks bob's row
    shared: queued behind the X. A cycle unless nothing of bob's is locked before Club."""
    url = front_urls("player")
    before = deadlock_count(conn)
    got = _three_way_after_access_change(conn, db_url, url, 0, QUEUED[queued])
    assert 1213 not in got and deadlock_count(conn) == before, got


def test_control_without_an_access_change_no_deadlock(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """The same three calls with bob's kept decision still current: bob's join locks nothing
    of bob's before Club (the player_access row exists: no insert, no foreign key check)."""
    url = front_urls("player")
    before = deadlock_count(conn)
    got = _three_way_after_access_change(
        conn, db_url, url, 0, QUEUED["passkey removal"], change=False
    )
    assert 1213 not in got and deadlock_count(conn) == before, got


# --- 2. the race property: the bump commits while the change waits for the league's row ------


def _gen(conn: Connection, name: str) -> int:
    return int(db.scalar(conn, "SELECT session_generation FROM players WHERE name = ?", name))


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


# --- 3. what an ended session learns: the order of the errors --------------------------------


# --- 4. many players: mixed league changes, guesses and bumps in shared leagues ---------------


def test_many_players_mixed_league_changes_and_guesses(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """16 players in 4 shared leagues; 16 threads for ~6 s: leave, join back, remove, new code,
    create, a guess, a sign-out everywhere, at random (generation NULL). No 1213, no 1205."""
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

    threads = [threading.Thread(target=player, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    status = db.query(conn, "SHOW ENGINE INNODB STATUS")[0]["Status"]
    last = status[status.find("LATEST DETECTED DEADLOCK") : status.find("TRANSACTIONS\n")]
    assert last is not None
    assert not errors and deadlock_count(conn) == before, (errors, deadlock_count(conn) - before)


# --- 5. the join's shared lock by code: the code_hash index record before the league's row ----


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


def test_a_join_racing_the_last_members_leave_does_not_deadlock(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """The join either joined before the league went or gets WD084; never 1213."""
    set_word(conn, today(conn), "crane")
    before = deadlock_count(conn)
    got = _last_leave_and_join(conn, db_url, front_urls("player"))
    assert 1213 not in got and deadlock_count(conn) == before, got


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
