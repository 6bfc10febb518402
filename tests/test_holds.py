"""No account makes another wait (issue 23): every view and every function a role may read,
held open for 10 s by that role with the most locking session it may have, while another
account changes its password, an administrator runs `grant`, and accounts that never called
before play, publish and read. Each of those must finish in under a second.

The holds are a table: a view or function a role gains later joins it (the test fails while
a granted one has no entry). Before migration 0015, calls read mysql.* (Aria, table locks):
a held view plus one SET PASSWORD froze every cold-cache caller for the whole hold.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from datetime import timedelta

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import db, game, roles
from wordle_db.errors import DatabaseError

HOLD = 10  # seconds each held statement sleeps
QUICK = 1.0  # what every other account's call must stay under

# What each function is held with (arguments that make it read what it reads in play).
FUNCTIONS = {
    "wordle_today": "wordle_today()",
    "wordle_today_on": "wordle_today_on('side')",
    "wordle_puzzle_number": "wordle_puzzle_number(wordle_today())",
    "wordle_puzzle_number_on": "wordle_puzzle_number_on('side', wordle_today_on('side'))",
    "wordle_next_puzzle_in": "wordle_next_puzzle_in()",
    "wordle_next_puzzle_on": "wordle_next_puzzle_on('side')",
    "wordle_hint": "wordle_hint('crane', 'slate')",
    "wordle_hard_mode_violation": "wordle_hard_mode_violation('crane', 'slate', '00000')",
    "wordle_setting": "wordle_setting('player_names')",
}
HOLDING_ROLES = ("player", "reader", "publisher", "admin")


def granted(account: Connection, kind: str) -> list[str]:
    """The views or functions of this schema the account may use (information_schema shows
    only those)."""
    if kind == "VIEW":
        sql = (
            "SELECT TABLE_NAME AS name FROM information_schema.VIEWS "
            "WHERE TABLE_SCHEMA = DATABASE() ORDER BY 1"
        )
    else:
        sql = (
            "SELECT ROUTINE_NAME AS name FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA "
            "= DATABASE() AND ROUTINE_TYPE = 'FUNCTION' AND ROUTINE_NAME NOT LIKE '\\_%' "
            "ORDER BY 1"
        )
    return [row["name"] for row in db.query(account, sql)]


def hold(url: URL, sql: str, started: threading.Barrier, errors: list[str]) -> None:
    try:
        with db.connect(url) as conn:
            conn.exec_driver_sql("SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE")
            started.wait()
            db.query(conn, sql)
    except Exception as exc:  # reported by the test
        errors.append(f"{sql}: {exc}")


def timed(results: dict[str, float], what: str, step: Callable[[], object]) -> None:
    began = time.monotonic()
    step()
    results[what] = time.monotonic() - began


@pytest.mark.alone  # it measures time: no other worker beside it (conftest.py)
def test_nobody_waits_for_a_held_view_or_function(shared, conn: Connection, db_url: URL) -> None:
    accounts = {role: shared(role) for role in HOLDING_ROLES if role != "admin"}
    admin_user = f"hadm_{uuid.uuid4().hex[:8]}"
    roles.grant(conn, "admin", f"{admin_user}@localhost", "pw")
    accounts["admin"] = db_url.set(username=admin_user, password="pw")
    holds: list[tuple[URL, str]] = []
    for role, url in accounts.items():
        with db.connect(url) as account:
            views, functions = granted(account, "VIEW"), granted(account, "FUNCTION")
        assert views or role == "publisher", role
        missing = set(functions) - set(FUNCTIONS)
        assert not missing, f"add {missing} to FUNCTIONS"
        holds += [(url, f"SELECT COUNT(*), SLEEP({HOLD}) FROM {view}") for view in views]
        holds += [(url, f"SELECT {FUNCTIONS[f]}, SLEEP({HOLD})") for f in functions]
    assert len(holds) >= 30
    started, errors = threading.Barrier(len(holds) + 1), []
    threads = [
        threading.Thread(target=hold, args=(url, sql, started, errors)) for url, sql in holds
    ]
    for thread in threads:
        thread.start()
    started.wait()
    deadline = time.monotonic() + 5
    while db.scalar(
        conn, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE = 'User sleep'"
    ) < len(holds):
        assert time.monotonic() < deadline, "the holds did not start"
        time.sleep(0.05)
    results: dict[str, float] = {}
    new_user = f"hnew_{uuid.uuid4().hex[:8]}"
    fresh = {role: shared(role) for role in ("player", "reader", "publisher")}  # never called
    today = game.game_state(conn, "ann")["day"]
    try:
        with db.connect(accounts["player"]) as other:
            timed(
                results,
                "another account's SET PASSWORD",
                lambda: other.exec_driver_sql("SET PASSWORD = PASSWORD('changed')"),
            )
        timed(
            results,
            "an administrator's grant",
            lambda: roles.grant(conn, "reader", f"{new_user}@localhost", "pw"),
        )
        with db.connect(fresh["player"]) as player:
            timed(
                results,
                "a new player's first guess",
                lambda: game.play(player, fresh["player"].username, "slate"),
            )
            timed(
                results, "that player's board", lambda: game.board(player, fresh["player"].username)
            )
        with db.connect(fresh["publisher"]) as publisher:
            timed(
                results,
                "a publisher's publication",
                lambda: db.call(publisher, "wordle_publish_on", "en", today + timedelta(2)),
            )
        with db.connect(fresh["reader"]) as reader:
            timed(
                results,
                "a reader's past games",
                lambda: db.query(reader, "SELECT COUNT(*) FROM past_games"),
            )
        assert len(results) == 6
        slow = {what: round(took, 2) for what, took in results.items() if took >= QUICK}
        assert not slow, slow
        still = db.scalar(
            conn, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE = 'User sleep'"
        )
        assert still == len(holds), "the holds ended before the calls were measured"
    finally:
        for thread in threads:
            thread.join()
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{admin_user}'@'localhost'")
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{new_user}'@'localhost'")
    assert errors == []
    print({what: f"{took * 1000:.0f} ms" for what, took in results.items()})


@pytest.mark.parametrize("role", ["player", "reader", "publisher"])
def test_no_role_may_read_the_grant_tables(shared, role: str) -> None:
    """The hold above needs nobody to lock mysql.*: no role reads it, not even by name."""
    with db.connect(shared(role)) as account:
        for table in ("global_priv", "user", "db", "roles_mapping"):
            with pytest.raises(DatabaseError):
                db.query(account, f"SELECT COUNT(*) FROM mysql.{table}")
