"""Attacks from the reviews of migration 0028 (kept access decisions, the guess locking its
player with its game): the purge of retired decisions against players' first moves after an
account change, and players playing while the migration runs up and down."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from sqlalchemy.engine import Connection

from wordle_db import db, game

from support.puzzles import today
from support.races import at_once, lock_waits, no_lock_waits


def settle(conn: Connection) -> None:
    """The copy of the accounts made current: this database was cloned from a template made
    before other tests' accounts, and a refresh that finds them new retires every decision."""
    db.query(conn, "CALL _wordle_accounts_refresh()")


def retired_decisions(conn: Connection, count: int, account: str = "front@localhost") -> int:
    """`count` players (held1, held2, ...) with a kept decision of the version before the
    current one (retired, as an account change leaves them); returns the current version."""
    settle(conn)
    version = db.scalar(conn, "SELECT version FROM access_version WHERE id = 1")
    db.query(
        conn,
        "INSERT INTO players (name, account, created_at) "
        f"SELECT CONCAT('held', seq), 'front', NOW() FROM seq_1_to_{count}",
    )
    db.query(
        conn,
        "INSERT INTO player_access (account, name, version, player_id) "
        "SELECT ?, name, ? - 1, id FROM players WHERE name LIKE 'held%'",
        account,
        version,
    )
    return int(version)


def test_the_purge_of_retired_decisions_never_makes_a_player_wait(shared, conn: Connection) -> None:
    """A front end keeps a decision per player name. An account change retires them all
    (_wordle_access_changed, one row) and the refresh then deletes 1,000 of them in one
    transaction, by the key on their version, while the front end's players play on. When a
    first move after the change overwrote its own retired row, it waited for the purge's lock
    on it, or the purge for the move (found by review: a wait about every third round of 960
    names). The version is part of a decision's key now: a move writes a row of its own and
    never touches a retired one. Any wait fails at once here (no_lock_waits): the purge itself
    still waited under load, for the decisions being written (its scan, the next test)."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front_end = shared("player")
    yesterday = today(conn) - timedelta(1)
    names = sorted(f"kept{n:03d}" for n in range(480))  # the purge's order
    with db.connect(front_end) as c:
        for name in names:
            game.play(c, name, "slate", yesterday)
    waits = lock_waits(conn)
    lanes = 24
    rounds = [(w, yesterday) for w in ("pious", "dumpy")]
    rounds += [(w, None) for w in ("slate", "pious", "dumpy")]
    for word, day in rounds:
        db.query(conn, "CALL _wordle_access_changed()")  # what an account change does

        def lane(k: int, word: str = word, day=day) -> Callable[[], None]:
            def work() -> None:
                with db.connect(front_end) as c:
                    for name in names[k * 20 : (k + 1) * 20]:
                        game.play(c, name, word, day)

            return work

        with no_lock_waits(conn):
            assert (
                at_once(
                    [
                        lambda: db.query(conn, "CALL _wordle_accounts_refresh()"),
                        *[lane(k) for k in range(lanes)],
                    ]
                )
                == []
            )
    assert lock_waits(conn) - waits == 0


def test_the_purge_never_waits_for_a_decision_being_written(conn: Connection) -> None:
    """Most kept decisions retired, and a first move's new decision written but not committed
    yet (held open here): the refresh's purge deletes the retired ones without waiting for it.
    `DELETE ... WHERE version < ...` scanned the whole table once most rows were retired and
    waited for the new row (the concurrent test above failed under load, migration 0029); the
    purge reads the retired keys first, without a lock, and deletes by primary key."""
    version = retired_decisions(conn, 600)
    db.query(conn, "ANALYZE TABLE player_access")
    with conn.engine.connect() as move:
        move.exec_driver_sql("START TRANSACTION")
        move.exec_driver_sql(
            "INSERT INTO player_access (account, name, version, player_id) "
            "SELECT 'front@localhost', name, ?, id FROM players WHERE name = 'held1'",
            (version,),
        )
        with no_lock_waits(conn):
            db.query(conn, "CALL _wordle_accounts_refresh()")
        move.exec_driver_sql("COMMIT")
    assert db.scalar(conn, "SELECT COUNT(*) FROM player_access WHERE version < ?", version) == 0
    assert db.scalar(conn, "SELECT COUNT(*) FROM player_access WHERE version = ?", version) == 1
