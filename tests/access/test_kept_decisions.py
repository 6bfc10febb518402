"""Kept access decisions (migration 0028, player_access): an account's right to a player name,
decided once and then found in one key lookup, never outlives what it was decided from.

Each attack lets a front-end account play a name (its decision is kept), changes what the
decision read (the account's role, the account itself, player_names, another login taking the
name, an anonymous account on its host), and plays again on the same connection: the kept
decision must not let the move through. New attacks join ACCOUNT_CHANGES. The role decision
kept per account (migration 0057, account_access) meets the same attacks with a name the
session never played, and forged rows in FORGED_ROLES.

The decisions are retired by a version and purged by the accounts refresh
(_wordle_accounts_refresh, every minute and after each account change): the purge's exact keys
and its waits, the refresh under a small max_heap_table_size, forged or old decisions, and
sessions of one account while the accounts are refreshed."""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import URL, Connection
from sqlalchemy.exc import DBAPIError

from wordle_db import db, game, roles
from wordle_db.errors import DatabaseError

from support.calls import row_or_sqlstate
from support.node import run_module
from support.puzzles import GUESSES, WRONG, today
from support.races import assert_consistent, at_once, lock_waits, no_lock_waits, player_game
from support.secrets import denied

REFRESH = "CALL _wordle_accounts_refresh()"


def user_of(url: URL) -> str:
    return f"'{url.username}'@'localhost'"


def refused(call: Callable[[], object], needle: str) -> None:
    with pytest.raises(DatabaseError) as caught:
        call()
    text = str(caught.value)
    assert needle in text or denied(text), text


def lose_role(conn: Connection, url: URL, _name: str) -> None:
    conn.exec_driver_sql(f"REVOKE wordle_player FROM {user_of(url)}")
    conn.exec_driver_sql(REFRESH)


def become_reader(conn: Connection, url: URL, _name: str) -> None:
    roles.grant(conn, "reader", f"{url.username}@localhost")  # refreshes at once


def dropped(conn: Connection, url: URL, _name: str) -> None:
    conn.exec_driver_sql(f"DROP USER {user_of(url)}")
    conn.exec_driver_sql(REFRESH)


def names_back_to_account(conn: Connection, _url: URL, _name: str) -> None:
    db.call(conn, "wordle_set_setting", "player_names", "account")


def another_login_takes_the_name(conn: Connection, _url: URL, name: str) -> None:
    conn.exec_driver_sql(f"CREATE USER '{name}'@'localhost' IDENTIFIED BY '{uuid.uuid4().hex}'")
    conn.exec_driver_sql(REFRESH)


def anonymous_account_on_the_host(conn: Connection, _url: URL, _name: str) -> None:
    conn.exec_driver_sql("CREATE USER IF NOT EXISTS ''@'localhost'")
    conn.exec_driver_sql(REFRESH)


def renamed(conn: Connection, url: URL, name: str) -> None:
    conn.exec_driver_sql(f"RENAME USER {user_of(url)} TO '{name}'@'localhost'")
    conn.exec_driver_sql(REFRESH)


def wildcard_twin_is_a_reader(conn: Connection, url: URL, _name: str) -> None:
    roles.grant(conn, "reader", f"{url.username}@%", url.password, allow_any_host=True)


def numeric_twin_is_a_reader(conn: Connection, url: URL, _name: str) -> None:
    roles.grant(conn, "reader", f"{url.username}@127.0.0.1", url.password)


def anonymous_account_at_any_host(conn: Connection, _url: URL, _name: str) -> None:
    conn.exec_driver_sql("CREATE USER IF NOT EXISTS ''@'%'")
    conn.exec_driver_sql(REFRESH)


def dropped_and_created_again_as_reader(conn: Connection, url: URL, _name: str) -> None:
    conn.exec_driver_sql(f"DROP USER {user_of(url)}")  # by hand: no refresh in between
    roles.grant(conn, "reader", f"{url.username}@localhost", url.password)


def drop_twins(conn: Connection, url: URL, name: str) -> None:
    """Drops what the changes above may have created, then refreshes."""
    for account in ("''@'localhost'", "''@'%'", f"'{name}'@'localhost'"):
        conn.exec_driver_sql(f"DROP USER IF EXISTS {account}")
    for host in ("%", "127.0.0.1"):
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{url.username}'@'{host}'")
    conn.exec_driver_sql(REFRESH)


# (player_names, change, what the next move's refusal says)
ACCOUNT_CHANGES = [
    ("any", lose_role, "no player role"),
    ("any", become_reader, "cannot play"),
    ("any", dropped, "no player role"),
    ("any", names_back_to_account, "plays as"),
    ("created", another_login_takes_the_name, "belongs to another account"),
    ("any", anonymous_account_on_the_host, "cannot be told apart"),
    ("any", renamed, "connect again"),
    ("any", wildcard_twin_is_a_reader, "different roles"),
    ("any", numeric_twin_is_a_reader, "different roles"),
    ("any", anonymous_account_at_any_host, "cannot be told apart"),
    ("any", dropped_and_created_again_as_reader, "cannot play"),
]


@pytest.mark.parametrize(
    ("names", "change", "needle"), ACCOUNT_CHANGES, ids=[c.__name__ for _, c, _ in ACCOUNT_CHANGES]
)
def test_a_kept_decision_ends_with_what_it_was_made_from(
    shared,
    conn: Connection,
    names: str,
    change: Callable[[Connection, URL, str], None],
    needle: str,
) -> None:
    db.call(conn, "wordle_set_setting", "player_names", names)
    url, name = shared("player"), f"n{uuid.uuid4().hex[:8]}"
    try:
        with db.connect(url) as front:
            assert game.play(front, name, WRONG[0])["attempt"] == 1
            assert game.play(front, name, WRONG[1])["attempt"] == 2  # found in player_access
            assert db.scalar(conn, "SELECT COUNT(*) FROM player_access WHERE name = ?", name) == 1
            change(conn, url, name)
            refused(lambda: game.play(front, name, WRONG[2]), needle)
        assert (
            db.scalar(
                conn,
                "SELECT MAX(attempts) FROM games g JOIN players p "
                "ON p.id = g.player_id WHERE p.name = ?",
                name,
            )
            == 2
        )
    finally:
        drop_twins(conn, url, name)


def test_a_decision_made_while_the_accounts_change_is_never_used(
    shared, conn: Connection, db_url: URL
) -> None:
    """The decision reads the version before the accounts: one made while a change was being
    committed carries the old version."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    url, name = shared("player"), f"n{uuid.uuid4().hex[:8]}"
    with db.connect(db_url) as changer, db.connect(url) as front:
        changer.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")  # as the
        changer.exec_driver_sql("START TRANSACTION")  # refresh's own transaction
        for copy in ("server_accounts", "node_accounts"):  # the cluster's and this node's
            changer.exec_driver_sql(
                f"UPDATE {copy} SET role = NULL WHERE user = ?", (url.username,)
            )
        changer.exec_driver_sql("CALL _wordle_access_changed()")
        assert game.play(front, name, WRONG[0])["attempt"] == 1  # decided on the old role
        changer.exec_driver_sql("COMMIT")
        refused(lambda: game.play(front, name, WRONG[1]), "no player role")
        refused(lambda: game.play(front, f"{name}x", WRONG[0]), "no player role")  # its role


def test_another_account_never_uses_a_decision_kept_for_one(shared, conn: Connection) -> None:
    """player_names 'created': a name one front end made is another's no more once kept, on a
    connection of its own or the same connection after COM_CHANGE_USER."""
    db.call(conn, "wordle_set_setting", "player_names", "created")
    first, second, name = shared("player"), shared("player"), f"n{uuid.uuid4().hex[:8]}"
    with db.connect(first) as front:
        game.play(front, name, WRONG[0])
        game.play(front, name, WRONG[1])
        with db.connect(second) as other:
            refused(lambda: game.play(other, name, WRONG[2]), "belongs to another account")
        front.connection.dbapi_connection.change_user(
            second.username, second.password, second.database
        )
        assert db.scalar(front, "SELECT SESSION_USER()").startswith(f"{second.username}@")
        refused(lambda: game.play(front, name, WRONG[2]), "belongs to another account")


def test_many_front_ends_keep_decisions_without_waiting_for_each_other(
    shared, conn: Connection
) -> None:
    """Sixteen front-end connections each play new players' first moves at once (each a new
    decision written) while the accounts change under them: every move succeeds, none waits
    out a lock (that would show as WD025 or error 1205)."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    urls = [shared("player") for _ in range(16)]
    errors: list[str] = []

    def front_end(n: int) -> None:
        with db.connect(urls[n]) as front:
            for k in range(8):
                try:
                    game.play(front, f"f{n}_{k}", WRONG[0])
                    game.play(front, f"f{n}_{k}", WRONG[1])
                except DatabaseError as exc:
                    errors.append(str(exc))

    threads = [threading.Thread(target=front_end, args=(n,)) for n in range(16)]
    for thread in threads:
        thread.start()
    for _ in range(5):
        conn.exec_driver_sql(REFRESH)
        db.call(conn, "wordle_set_setting", "player_names", "any")  # a new version each time
    for thread in threads:
        thread.join()
    assert errors == []
    played = db.scalar(
        conn,
        "SELECT COUNT(*) FROM games WHERE attempts = 2 AND player_id IN "
        "(SELECT id FROM players WHERE name LIKE 'f%\\_%')",
    )
    assert played == 16 * 8


def test_an_account_change_writes_one_row_whatever_was_kept(shared, conn: Connection) -> None:
    """Review 28: the change deleted every kept decision in its own transaction (300,000 rows:
    3.3 s, and on Galera a stall of every move on the other nodes while they applied it). A
    change now writes the version row; the refresh deletes retired rows 1,000 at a time."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    with db.connect(shared("player")) as front:
        game.play(front, "kept", WRONG[0])
    player, version = (
        db.scalar(conn, "SELECT MIN(id) FROM players"),
        db.scalar(conn, "SELECT version FROM access_version"),
    )
    conn.exec_driver_sql(
        "INSERT INTO player_access (account, name, version, player_id) "
        f"SELECT CONCAT('front', seq MOD 50, '@10.0.0.', seq MOD 7), CONCAT('p', seq), "
        f"{version}, {player} FROM seq_1_to_5000"
    )
    deletes = lambda: int(db.query(conn, "SHOW SESSION STATUS LIKE 'Handler_delete'")[0]["Value"])  # noqa: E731
    before = deletes()
    db.call(conn, "wordle_set_setting", "player_names", "created")  # a change
    assert deletes() == before
    assert db.scalar(conn, "SELECT COUNT(*) FROM player_access") == 5001
    roles_kept = db.scalar(conn, "SELECT COUNT(*) FROM account_access")  # the front end's: 1
    assert roles_kept == 1
    conn.exec_driver_sql(REFRESH)
    assert deletes() - before == 1000 + roles_kept  # and the retired role decisions
    assert db.scalar(conn, "SELECT COUNT(*) FROM player_access") == 4001
    assert db.scalar(conn, "SELECT COUNT(*) FROM account_access") == 0


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


@pytest.mark.found_by("review of migration 0028")
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


@pytest.mark.found_by("review of migration 0028")
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


@pytest.mark.found_by(
    "review of migration 0029: found, the refresh needed megabytes of max_heap_table_size"
)
@pytest.mark.parametrize("heap", [16384, 1048576])
def test_the_refresh_works_whatever_max_heap_table_size(conn: Connection, heap: int) -> None:
    """The refresh copied the accounts and (0029) up to 1,000 retired keys into explicit
    `ENGINE = MEMORY` temporary tables, capped by max_heap_table_size: fixed-width rows of
    about 1.8 kB, so below about 1.9 MB (a DBA's my.cnf: the event runs with the global value,
    `wordle-db grant` and migrations with their session's) every refresh failed with 1114
    'table is full', the purge deleted nothing and `grant` failed after its change (and some
    ten thousand accounts would not fit even the default). InnoDB temporary tables since 0030."""
    version = retired_decisions(conn, 1200)
    conn.exec_driver_sql(f"SET SESSION max_heap_table_size = {heap}")  # as a my.cnf would
    try:
        db.query(conn, "CALL _wordle_accounts_refresh()")
    finally:
        conn.exec_driver_sql("SET SESSION max_heap_table_size = DEFAULT")
    assert db.scalar(conn, "SELECT COUNT(*) FROM player_access WHERE version < ?", version) == 200


@pytest.mark.found_by("review of migration 0029: held")
def test_the_purge_deletes_exactly_the_retired_keys_odd_ones_included(conn: Connection) -> None:
    """Keys that differ only where utf8mb4_nopad_bin tells them apart (trailing space, case,
    NFC/NFD, a 4-byte character, a 384-character account) survive the temporary table's copy
    and the join back: every retired one is deleted, no current one."""
    settle(conn)
    version = db.scalar(conn, "SELECT version FROM access_version WHERE id = 1")
    player = db.query(
        conn,
        "INSERT INTO players (name, account, created_at) VALUES ('odd', 'odd', NOW()) RETURNING id",
    )[0]["id"]
    accounts = [
        "a@localhost",
        "a @localhost",
        "A@localhost",
        "\U0001f600@h",
        "x" * 384,
        "e\u0301@h",
        "\u00e9@h",
    ]
    names = ["n", "n ", "N", "\U0001f600", "y" * 64]
    rows = [(a, n, v, player) for a in accounts for n in names for v in (version - 1, version)]
    db.executemany(
        conn,
        "INSERT INTO player_access (account, name, version, player_id) VALUES (?, ?, ?, ?)",
        rows,
    )
    db.query(conn, "CALL _wordle_accounts_refresh()")
    left = db.query(
        conn, "SELECT account, name, version FROM player_access WHERE player_id = ?", player
    )
    assert sorted((r["account"], r["name"], r["version"]) for r in left) == sorted(
        (a, n, version) for a in accounts for n in names
    )


@pytest.mark.found_by("review of migration 0029: held")
def test_a_forged_or_old_decision_lets_nobody_play_another_name(shared, conn: Connection) -> None:
    """Under player_names = account, decisions for the name 'ann' (root's player) kept for
    another account at the current version and for the attacker at an older version: the
    attacker's guess as 'ann' is refused the same way with or without them."""
    attacker = shared("player")
    version = db.scalar(conn, "SELECT version FROM access_version WHERE id = 1")
    ann = db.scalar(conn, "SELECT id FROM players WHERE name = 'ann'")
    with db.connect(attacker) as c:
        before = row_or_sqlstate(
            c, "wordle_play_on", None, "ann", "slate", today(conn) - timedelta(1), None
        )
        me = db.scalar(c, "SELECT SESSION_USER()")
    db.executemany(
        conn,
        "INSERT INTO player_access (account, name, version, player_id) VALUES (?, 'ann', ?, ?)",
        [
            ("root@localhost", version, ann),
            (me, version - 1, ann),
            (me + " ", version, ann),
            (me.upper(), version, ann),
        ],
    )
    with db.connect(attacker) as c:
        after = row_or_sqlstate(
            c, "wordle_play_on", None, "ann", "slate", today(conn) - timedelta(1), None
        )
    assert before[0] == "error" and before[:2] == after[:2] == ("error", "WD039")


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


def test_the_usual_move_names_the_node_as_wordle_node_does(repo_root: Path) -> None:
    """_wordle_move compares a kept decision's node with _wordle_node()'s expression written
    out (the function call cost the usual move some 40 µs): the two must stay one rule."""
    node = (repo_root / "sql" / "access" / "_wordle_node.sql").read_text()
    expression = " ".join(node[node.index("RETURN ") + len("RETURN ") :].split())
    move = " ".join((repo_root / "sql" / "game" / "_wordle_move.sql").read_text().split())
    assert f"a.node = {expression}" in move, expression


# The role decision, kept per account since migration 0057 (account_access): a new name of an
# account already seen asks no _wordle_caller_access. Every change above must end it as it ends
# the name's decision: the session's next move, as a name it never played, is refused.
@pytest.mark.parametrize(
    ("names", "change", "needle"), ACCOUNT_CHANGES, ids=[c.__name__ for _, c, _ in ACCOUNT_CHANGES]
)
def test_a_kept_role_decision_ends_with_what_it_was_made_from(
    shared,
    conn: Connection,
    names: str,
    change: Callable[[Connection, URL, str], None],
    needle: str,
) -> None:
    db.call(conn, "wordle_set_setting", "player_names", names)
    url, first, name = shared("player"), f"n{uuid.uuid4().hex[:8]}", f"n{uuid.uuid4().hex[:8]}"
    try:
        with db.connect(url) as front:
            assert game.play(front, first, WRONG[0])["attempt"] == 1
            assert kept_roles(conn, front) == 1
            change(conn, url, name)
            refused(lambda: game.play(front, name, WRONG[0]), needle)
        assert db.scalar(conn, "SELECT COUNT(*) FROM players WHERE name = ?", name) == 0
    finally:
        drop_twins(conn, url, name)


def kept_roles(conn: Connection, session: Connection) -> int:
    """The role decisions kept for `session`'s account at the current version."""
    return int(
        db.scalar(
            conn,
            "SELECT COUNT(*) FROM account_access r JOIN access_version v ON v.id = 1 "
            "AND r.version = v.version WHERE r.account = ?",
            db.scalar(session, "SELECT SESSION_USER()"),
        )
    )


def calls(session: Connection) -> int:
    return int(db.query(session, "SHOW SESSION STATUS LIKE 'Com_call_procedure'")[0]["Value"])


def test_a_new_name_of_an_account_already_seen_asks_no_role_check(shared, conn: Connection) -> None:
    """Issue 42: a front end's second new player is decided from the kept role: its first
    guess runs one CALL fewer than the first new player's (_wordle_caller_access's), and
    writes no second row."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    with db.connect(shared("player")) as front:
        counts = []
        for name in ("first_new", "second_new"):
            before = calls(front)
            game.play(front, name, WRONG[0])
            counts.append(calls(front) - before - 1)  # less the client's own CALL
        assert counts[0] - counts[1] == 1, counts
        assert kept_roles(conn, front) == 1


# Each row forges an administrator's role decision for the attacker's session (a player's
# account under player_names 'account': the one name it may play is its login's) with one part
# of its key other than the session's own: another account (as SESSION_USER() spells accounts
# that utf8mb4_nopad_bin tells apart), an older version, another node, a mark at or above the
# session's id. Only the first row, the session's own key, lets it play another name: the
# probe that shows a kept decision is found at all.
FORGED_ROLES = [
    ("its own key", {}, "row"),
    ("another account", {"account": "root@localhost"}, "WD039"),
    ("its login at another host", {"account": "{login}@127.0.0.1"}, "WD039"),
    ("its login at any host", {"account": "{login}@%"}, "WD039"),
    ("its account with a trailing space", {"account": "{account} "}, "WD039"),
    ("its account in capitals", {"account": "{ACCOUNT}"}, "WD039"),
    ("the previous version", {"version": "{version_before}"}, "WD039"),
    ("another node", {"node": "{node}x"}, "WD039"),
    ("this node without skip-name-resolve", {"node": "{node_other_resolve}"}, "WD039"),
    ("a mark at the session's id", {"after": "{session}"}, "WD039"),
    ("a mark above the session's id", {"after": "{session_above}"}, "WD039"),
]


@pytest.mark.parametrize(
    ("changed", "expected"),
    [(changed, expected) for _, changed, expected in FORGED_ROLES],
    ids=[label for label, _, _ in FORGED_ROLES],
)
def test_a_forged_role_decision_serves_only_its_exact_key(
    shared, conn: Connection, changed: dict[str, str], expected: str
) -> None:
    db.call(conn, "wordle_set_setting", "player_names", "account")
    attacker = shared("player")
    with db.connect(attacker) as c:
        account, session = (
            db.scalar(c, "SELECT SESSION_USER()"),
            db.scalar(c, "SELECT CONNECTION_ID()"),
        )
        node = db.scalar(conn, "SELECT _wordle_node()")
        version = db.scalar(conn, "SELECT version FROM access_version WHERE id = 1")
        values = {
            "login": attacker.username,
            "account": account,
            "ACCOUNT": account.upper(),
            "version_before": str(version - 1),
            "node": node,
            "node_other_resolve": node.removesuffix(" skip-name-resolve")
            if node.endswith(" skip-name-resolve")
            else f"{node} skip-name-resolve",
            "session": str(session),
            "session_above": str(session + 1000),
        }
        row = {"account": account, "node": node, "version": str(version), "after": "0"}
        row.update({k: v.format(**values) for k, v in changed.items()})
        conn.exec_driver_sql(
            "INSERT INTO account_access (account, node, version, connection, after, role, login) "
            "VALUES (?, ?, ?, 1, ?, 'admin', ?)",
            (row["account"], row["node"], row["version"], row["after"], attacker.username),
        )
        got = row_or_sqlstate(c, "wordle_play", f"v{uuid.uuid4().hex[:8]}", "slate", None, None)
    assert (got[0] if got[0] == "row" else got[1]) == expected, got


def test_a_pooled_connection_changed_to_another_user_never_uses_the_first_ones_role(
    shared, conn: Connection
) -> None:
    """COM_CHANGE_USER keeps the connection (its CONNECTION_ID()) and changes SESSION_USER():
    the kept role is the account's, so the second login plays as itself only (player_names
    'account'), and a reader's login is refused, on the connection that kept a player's."""
    db.call(conn, "wordle_set_setting", "player_names", "account")
    first, second, reader = shared("player"), shared("player"), shared("reader")
    with db.connect(first) as pooled:
        game.play(pooled, first.username, WRONG[0])
        assert kept_roles(conn, pooled) == 1
        raw = pooled.connection.dbapi_connection
        raw.change_user(second.username, second.password, second.database)
        assert db.scalar(pooled, "SELECT SESSION_USER()").startswith(f"{second.username}@")
        refused(lambda: game.play(pooled, first.username, WRONG[1]), "plays as")
        assert game.play(pooled, second.username, WRONG[0])["attempt"] == 1
        raw.change_user(reader.username, reader.password, reader.database)
        refused(lambda: game.play(pooled, reader.username, WRONG[0]), "cannot play")
    assert db.scalar(conn, "SELECT COUNT(DISTINCT account) FROM account_access") >= 2


def test_a_session_older_than_a_change_never_uses_a_role_kept_after_it(
    shared, conn: Connection
) -> None:
    """The account loses its role and gets it back (two refreshes: marks above every session
    then open). A session opened after keeps a role decision at the new version; a session
    opened before is refused (08WD1, connect again) for a new name all the same: the kept
    decision's mark is at or above its id."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    url = shared("player")
    with db.connect(url) as old:
        game.play(old, f"n{uuid.uuid4().hex[:8]}", WRONG[0])
        lose_role(conn, url, "")
        roles.grant(conn, "player", f"{url.username}@localhost", url.password)
        with db.connect(url) as new:
            game.play(new, f"n{uuid.uuid4().hex[:8]}", WRONG[0])
            assert kept_roles(conn, new) == 1
        with pytest.raises(DBAPIError) as caught:  # on this session (db.call would reconnect)
            old.exec_driver_sql(
                "CALL wordle_play(?, ?, NULL, NULL)", (f"n{uuid.uuid4().hex[:8]}", WRONG[0])
            )
        assert getattr(caught.value.orig, "sqlstate", None) == "08WD1", caught.value


def test_many_sessions_of_one_account_keep_its_role_without_waiting(
    shared, conn: Connection
) -> None:
    """Sixteen sessions of one front end make new players' first moves at once right after
    the decisions were retired: each may decide the role and keep it (a row of its own
    session's), none waits for another's row, none fails."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front = shared("player")
    with db.connect(front) as c:
        game.play(c, "warm", WRONG[0])
    conn.exec_driver_sql("CALL _wordle_access_changed()")

    def lane(k: int) -> Callable[[], None]:
        def work() -> None:
            with db.connect(front) as c:
                for n in range(4):
                    game.play(c, f"lane{k}_{n}", WRONG[0])

        return work

    with no_lock_waits(conn):
        assert at_once([lane(k) for k in range(16)]) == []
    rows = db.query(
        conn,
        "SELECT COUNT(*) AS n, COUNT(DISTINCT connection) AS sessions FROM account_access r "
        "JOIN access_version v ON v.id = 1 AND r.version = v.version",
    )[0]
    assert 1 <= rows["n"] == rows["sessions"] <= 16, rows


def test_the_refresh_purges_retired_role_decisions_only(conn: Connection) -> None:
    """Kept role decisions of the previous version are deleted by the accounts refresh, by
    their exact keys; the current ones stay."""
    settle(conn)
    version = db.scalar(conn, "SELECT version FROM access_version WHERE id = 1")
    accounts = ["a@localhost", "a @localhost", "A@localhost", "\U0001f600@h", "x" * 384]
    rows = [(a, f"node{n}", v, n) for a in accounts for n in (1, 2) for v in (version - 1, version)]
    db.executemany(
        conn,
        "INSERT INTO account_access (account, node, version, connection, after, role, login) "
        "VALUES (?, ?, ?, ?, 0, 'player', 'a')",
        rows,
    )
    db.query(conn, "CALL _wordle_accounts_refresh()")
    left = db.query(conn, "SELECT account, node, version, connection FROM account_access")
    assert sorted((r["account"], r["node"], r["version"], r["connection"]) for r in left) == sorted(
        row for row in rows if row[2] == version
    )


@pytest.mark.found_by("review of 0057")
def test_a_mark_of_an_earlier_run_keeps_no_role_decision_per_connection(
    shared, conn: Connection
) -> None:
    """After a restart, until the accounts refresh clears them, node_accounts holds the earlier
    run's marks (connection ids count again from 1). _wordle_caller_access ignores them
    (_wordle_session_mark: this run's only), but the kept role's mark is read from every run:
    above each new session, so no session finds another's row and each keeps one of its own,
    never purged while the version stands. A front end opening a connection per request keeps
    one role decision for it, not one per connection."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front = shared("player")
    conn.exec_driver_sql(
        "UPDATE node_accounts SET connection = 4000000000, server_run = _wordle_server_run() - 1 "
        "WHERE node = _wordle_node() AND user = ?",
        (front.username,),
    )
    for n in range(12):
        with db.connect(front) as c:
            assert game.play(c, f"req{n}_{uuid.uuid4().hex[:6]}", WRONG[0])["attempt"] == 1
            account = db.scalar(c, "SELECT SESSION_USER()")
    kept = db.scalar(
        conn,
        "SELECT COUNT(*) FROM account_access r JOIN access_version v ON v.id = 1 "
        "AND r.version = v.version WHERE r.account = ?",
        account,
    )
    assert kept == 1, f"{kept} role decisions kept for 12 connections of one account"


def test_kept_roles_of_one_version_agree_while_the_role_flips(
    shared, conn: Connection, db_url: URL
) -> None:
    """An account flips between player and administrator six times (wordle-db grant: a refresh,
    a new version, a mark) while eight sessions of it open connections and make new players'
    first moves: every role row seen under one version says the role the accounts held at that
    version (MAX(role) of several rows never mixes two), and every refused move says why in one
    line (08WD1: the session began before the change)."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    url = shared("player")
    held = {db.scalar(conn, "SELECT version FROM access_version WHERE id = 1"): "player"}
    seen: dict[int, set[str]] = {}
    errors: list[str] = []
    moves: list[int] = []
    stop = threading.Event()

    def watch() -> None:
        with db.connect(db_url) as w:
            while not stop.is_set():
                for r in db.query(w, "SELECT version, role FROM account_access"):
                    seen.setdefault(r["version"], set()).add(r["role"])

    def lane(k: int) -> Callable[[], None]:
        def work() -> None:
            n = 0
            while not stop.is_set():
                n += 1
                with ExitStack() as stack:
                    try:
                        c = stack.enter_context(db.connect(url))
                    except DBAPIError:  # the server's own refusal: between REVOKE and grant
                        continue
                    try:
                        game.play(c, f"flip{k}_{n}", WRONG[0])
                        moves.append(1)
                    except DatabaseError as exc:
                        errors.append(str(exc))

        return work

    def flip() -> None:
        try:
            for role in ("admin", "player") * 3:
                time.sleep(0.3)
                if role == "player":  # by hand: grant gives no less than a held admin
                    conn.exec_driver_sql(f"REVOKE wordle_admin FROM {user_of(url)}")
                roles.grant(conn, role, f"{url.username}@localhost")
                held[db.scalar(conn, "SELECT version FROM access_version WHERE id = 1")] = role
            time.sleep(0.3)
        finally:
            stop.set()

    assert at_once([watch, flip, *[lane(k) for k in range(8)]]) == []
    assert len(moves) > 50, len(moves)
    assert all("connect again" in e for e in errors), [e[:300] for e in errors]
    assert set().union(*seen.values()) == {"admin", "player"}, seen  # both kept, in turn
    mixed = {v: r for v, r in seen.items() if v in held and r != {held[v]}}
    assert not mixed and set(seen) <= set(held), (seen, held)


def test_no_first_move_waits_for_a_purge_of_role_decisions_held_in_its_transaction(
    shared, conn: Connection, db_url: URL
) -> None:
    """The refresh's purge deletes retired role decisions (of the attacker's account and of an
    account sorted after it, around the keys new rows take) and is held inside its transaction
    by a session that holds the last of them. Meanwhile eight sessions of the account make new
    players' first moves at once, each keeping a role row next to the purged ones, with every
    lock wait an error: none fails, none waits, and the purge ends once let go."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front = shared("player")
    settle(conn)
    with db.connect(front) as c:
        account = db.scalar(c, "SELECT SESSION_USER()")
    node = db.scalar(conn, "SELECT _wordle_node()")
    version = db.scalar(conn, "SELECT version FROM access_version WHERE id = 1")
    retired = [
        (who, node, version - 1, n) for who in (account, "zzz@localhost") for n in range(1, 201)
    ]
    db.executemany(
        conn,
        "INSERT INTO account_access (account, node, version, connection, after, role, login) "
        "VALUES (?, ?, ?, ?, 0, 'admin', 'x')",
        retired,
    )

    def refresh() -> None:
        with db.connect(db_url) as admin:
            admin.exec_driver_sql(REFRESH)

    with db.connect(db_url) as holder, ThreadPoolExecutor(1) as pool:
        holder.exec_driver_sql("START TRANSACTION")
        db.query(
            holder,
            "SELECT * FROM account_access WHERE account = 'zzz@localhost' AND node = ? "
            "AND version = ? AND connection = 200 FOR UPDATE",
            node,
            version - 1,
        )
        running = pool.submit(refresh)
        time.sleep(1)
        assert not running.done()
        before = lock_waits(conn)
        with no_lock_waits(conn):
            assert at_once([player_game(front, f"rush{n}") for n in range(8)]) == []
        assert lock_waits(conn) == before
        kept = "SELECT COUNT(*) FROM account_access WHERE account = ? AND version = ?"
        assert 1 <= db.scalar(conn, kept, account, version) <= 8
        holder.exec_driver_sql("ROLLBACK")
        running.result(timeout=60)
    left = "SELECT COUNT(*) FROM account_access WHERE version < ?"
    assert db.scalar(conn, left, version) == 0


NODE_CHANGE_USER = """
import mariadb from "mariadb";
const e = process.env;
const conn = await mariadb.createConnection({
  socketPath: e.SOCKET, database: e.DB, user: e.ADMIN, password: e.ADMIN_PASSWORD,
});
async function play(name) {
  try {
    await conn.query("CALL wordle_play(?, 'slate', NULL, NULL)", [name]);
    return "ok";
  } catch (err) {
    return err.sqlState;
  }
}
const as = async (user, password) => conn.changeUser({ user, password, database: e.DB });
const seen = [await play("node_admin_1")];
await as(e.PLAYER, e.PLAYER_PASSWORD);
seen.push(await play("node_other_1"), await play(e.PLAYER), await play("node_other_2"));
await as(e.READER, e.READER_PASSWORD);
seen.push(await play("node_reader_1"));
await as(e.ADMIN, e.ADMIN_PASSWORD);
seen.push(await play("node_admin_2"));
console.log(JSON.stringify(seen));
await conn.end();
"""


def test_a_node_pooled_connection_changed_between_roles_keeps_each_accounts_own(
    shared, conn: Connection, db_url: URL
) -> None:
    """Node's `mariadb` connector, changeUser (COM_CHANGE_USER) on one connection, player_names
    'account': an administrator plays another name (its role kept); as a player the same
    connection plays its login only, before and after its own role is kept; as a reader it
    is refused (it may not call wordle_play); as the administrator again it plays another
    name. Each account's kept row says its own role."""
    db.call(conn, "wordle_set_setting", "player_names", "account")
    admin, player, reader = shared("admin"), shared("player"), shared("reader")
    env = {"SOCKET": str(db_url.query["unix_socket"]), "DB": str(db_url.database)}
    for key, url in (("ADMIN", admin), ("PLAYER", player), ("READER", reader)):
        env[key], env[f"{key}_PASSWORD"] = str(url.username), str(url.password)
    seen = run_module(NODE_CHANGE_USER, env)
    # the reader is refused by the server itself: no EXECUTE on wordle_play (42000)
    assert json.loads(seen) == ["ok", "WD039", "ok", "WD039", "42000", "ok"]
    kept = db.query(
        conn,
        "SELECT login, role FROM account_access r JOIN access_version v ON v.id = 1 "
        "AND r.version = v.version WHERE r.login IN (?, ?, ?)",
        admin.username,
        player.username,
        reader.username,
    )
    assert sorted((r["login"], r["role"]) for r in kept) == sorted(
        [(admin.username, "admin"), (player.username, "player")]
    )
