"""Kept access decisions (migration 0028, player_access): an account's right to a player name,
decided once and then found in one key lookup, never outlives what it was decided from.

Each attack lets a front-end account play a name (its decision is kept), changes what the
decision read (the account's role, the account itself, player_names, another login taking the
name, an anonymous account on its host), and plays again on the same connection: the kept
decision must not let the move through. New attacks join ACCOUNT_CHANGES."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable

import pytest
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError

from wordle_db import db, game, roles
from wordle_db.db import Connection
from wordle_db.errors import DatabaseError

from support.puzzles import WRONG
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


# (player_names, change, what the next move's refusal says)
ACCOUNT_CHANGES = [
    ("any", lose_role, "no player role"),
    ("any", become_reader, "cannot play"),
    ("any", dropped, "no player role"),
    ("any", names_back_to_account, "plays as"),
    ("created", another_login_takes_the_name, "belongs to another account"),
    ("any", anonymous_account_on_the_host, "cannot be told apart"),
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
        conn.exec_driver_sql("DROP USER IF EXISTS ''@'localhost'")
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{name}'@'localhost'")
        conn.exec_driver_sql(REFRESH)


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
        changer.exec_driver_sql(
            "UPDATE server_accounts SET role = NULL WHERE user = ?", (url.username,)
        )
        changer.exec_driver_sql("CALL _wordle_access_changed()")
        assert game.play(front, name, WRONG[0])["attempt"] == 1  # decided on the old role
        changer.exec_driver_sql("COMMIT")
        refused(lambda: game.play(front, name, WRONG[1]), "no player role")


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


@pytest.mark.parametrize(
    "statement",
    [
        "INSERT INTO player_access (account, name, version, player_id) "
        "VALUES (SESSION_USER(), 'ann', 1, 1)",
        "UPDATE player_access SET player_id = 1",
        "UPDATE access_version SET version = 0",
        "SELECT * FROM player_access",
        "CALL _wordle_access_changed()",
    ],
)
def test_no_role_touches_the_kept_decisions(shared, statement: str) -> None:
    for role in ("player", "reader", "publisher"):
        with db.connect(shared(role)) as conn:
            with pytest.raises(DBAPIError) as caught:
                conn.exec_driver_sql(statement)
            assert denied(str(caught.value)), (role, statement, caught.value)


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
    conn.exec_driver_sql(REFRESH)
    assert deletes() - before == 1000
    assert db.scalar(conn, "SELECT COUNT(*) FROM player_access") == 4001
