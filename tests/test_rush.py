"""The morning rush: many players start today's game at the same moment, through a front-end
account, beside publication and letter hints. No call may fail, and every game stays whole.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy.engine import URL, Connection

from wordle_db import db, game

from support.puzzles import GUESSES
from support.races import assert_consistent, at_once, lock_waits, no_lock_waits, player_game


def publisher_call(url: URL) -> Callable[[], None]:
    def publish() -> None:
        with db.connect(url) as c:
            db.call(c, "wordle_publish", None)

    return publish


def test_many_sessions_of_one_account_while_the_accounts_are_refreshed(
    shared, conn: Connection, db_url: URL
) -> None:
    """Sessions of one account ask for its role at the same instant, five times over, while
    server_accounts is rewritten (the event's refresh, an administrator's grant): no call fails
    (a deadlock on the old role cache's row once failed cron's publish-today)."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front_end, publisher = shared("player"), shared("publisher")

    def refresh() -> None:
        with db.connect(db_url) as admin:
            for _ in range(3):
                admin.exec_driver_sql("CALL _wordle_accounts_refresh()")

    for round_ in range(5):
        workers = [player_game(front_end, f"rush{round_}_{n}") for n in range(16)]
        workers += [publisher_call(publisher) for _ in range(8)]
        workers += [publisher_call(db_url) for _ in range(8)]
        workers += [refresh, refresh]
        assert at_once(workers) == []
    assert_consistent(conn, 80)


ACCOUNTS = "SELECT user, host, admin, role FROM server_accounts ORDER BY user, host"


def test_two_accounts_refreshes_at_once_take_turns(db_url: URL) -> None:
    """Two refreshes start while a session holds the last account's row, so both are in their
    transactions together, nothing having changed: both end, one after the other, and the copy
    of the accounts is as before. Before migration 0033 both waited inside the IF EXISTS that
    looks for new accounts, which keeps a shared lock on every row it reads; let go, each then
    had to write the rows the other held, and one died of a deadlock (as once in CI, under load,
    in test_many_sessions_..._refreshed)."""

    def refresh() -> None:
        with db.connect(db_url) as admin:
            admin.exec_driver_sql("CALL _wordle_accounts_refresh()")

    refresh()  # this test's database is a copy: its copy of the accounts is made current
    with db.connect(db_url) as holder, ThreadPoolExecutor(2) as pool:
        current = db.query(holder, ACCOUNTS)
        holder.exec_driver_sql("START TRANSACTION")
        held = db.query(
            holder,
            "SELECT user FROM server_accounts ORDER BY user DESC, host DESC LIMIT 1 FOR UPDATE",
        )
        assert held
        running = [pool.submit(refresh) for _ in range(2)]
        time.sleep(1)
        assert not any(future.done() for future in running)  # both wait
        holder.exec_driver_sql("ROLLBACK")
        for future in running:
            future.result(timeout=60)  # no deadlock (1213), no lock wait timeout
        assert db.query(holder, ACCOUNTS) == current


def test_no_move_waits_for_a_refresh_held_in_its_transaction(
    shared, conn: Connection, db_url: URL
) -> None:
    """A refresh that found a changed account (it has retired the kept decisions and holds
    the access_version row) is held inside its transaction by a session that holds an account's
    row; meanwhile new players play whole games and players with kept decisions move, with
    every lock wait an error: none fails, none waits, and the refresh ends once let go (from
    the attacker's review of migration 0033)."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front_end = shared("player")
    conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
    with db.connect(front_end) as c:  # decisions kept for these names
        for n in range(4):
            game.play(c, f"rush_kept{n}", GUESSES[0])
    conn.exec_driver_sql("CREATE USER 'rush_newcomer'@'localhost' IDENTIFIED BY 'x'")
    conn.exec_driver_sql("GRANT wordle_player TO 'rush_newcomer'@'localhost'")
    refreshed: list[str] = []

    def refresh() -> None:
        with db.connect(db_url) as admin:
            admin.exec_driver_sql("CALL _wordle_accounts_refresh()")
        refreshed.append("done")

    try:
        with db.connect(db_url) as holder, ThreadPoolExecutor(1) as pool:
            holder.exec_driver_sql("START TRANSACTION")
            db.query(
                holder,
                "SELECT user FROM server_accounts ORDER BY user DESC, host DESC LIMIT 1 FOR UPDATE",
            )
            running = pool.submit(refresh)
            time.sleep(1)
            assert not running.done()
            before = lock_waits(conn)
            with no_lock_waits(conn):
                assert at_once([player_game(front_end, f"rush{n}") for n in range(8)]) == []
                with db.connect(front_end) as c:
                    for n in range(4):
                        game.play(c, f"rush_kept{n}", GUESSES[1])
            assert lock_waits(conn) == before
            holder.exec_driver_sql("ROLLBACK")
            running.result(timeout=60)
        assert refreshed == ["done"]
    finally:
        conn.exec_driver_sql("DROP USER 'rush_newcomer'@'localhost'")
