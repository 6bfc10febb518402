"""Attacks from the review of migration 0029 (a new game by `INSERT ... VALUES`, the purge of
retired access decisions through a temporary table of their keys) and of an experiment with
the guess's context in key lookups (not kept): the refresh under a small max_heap_table_size
(a finding, fixed by 0030), and what held: the purge's exact keys, no role reaching it, the
guess's fast path against the long way, hostile session settings, forged kept decisions.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy.engine import URL, Connection
from test_attack_review28 import retired_decisions, settle  # until both move to tests/access/

from wordle_db import db
from wordle_db.errors import DatabaseError

from support.calls import row_or_sqlstate
from support.puzzles import TODAY_WORD, today

# --- Found: the refresh's MEMORY tables needed megabytes of max_heap_table_size ---------------


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


# --- Held: the purge deletes exactly the retired keys, odd keys included ----------------------


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


# --- Held: no role reaches the purge, its tables or a temporary table of the schema -----------


@pytest.mark.parametrize("role", ["player", "reader", "publisher"])
def test_no_role_reaches_the_purge_or_shadows_its_tables(shared, role: str) -> None:
    url: URL = shared(role)
    attempts = [
        "CALL _wordle_accounts_refresh()",
        "CREATE TEMPORARY TABLE _wordle_retired_access (account INT)",
        "CREATE TEMPORARY TABLE player_access (account INT)",
        "CREATE TEMPORARY TABLE access_version (id INT, version INT)",
        "LOCK TABLES past_puzzles READ",
        "SELECT * FROM player_access",
    ]
    with db.connect(url) as c:
        for statement in attempts:
            with pytest.raises(DatabaseError) as caught:
                db.query(c, statement)
            assert "denied" in str(caught.value), (statement, str(caught.value))


# --- Held: the fast path and the long way give the same row or the same error -----------------


# --- Held: hostile session settings change nothing on the fast path -------------------------

SETTINGS = [
    "SET sql_select_limit = 0",
    "SET max_error_count = 0",
    "SET tmp_table_size = 1024, max_heap_table_size = 16384",
    "SET big_tables = 1",
    "SET default_tmp_storage_engine = 'MEMORY'",
    "SET optimizer_switch = 'index_merge=off,index_condition_pushdown=off,mrr=on,"
    "optimize_join_buffer_size=off,table_elimination=off,extended_keys=off'",
    "SET optimizer_search_depth = 0, optimizer_use_condition_selectivity = 1",
    "SET lc_time_names = 'ja_JP', time_zone = '+13:00'",
    "SET collation_connection = 'latin1_swedish_ci', character_set_results = NULL",
    "SET collation_connection = 'utf8mb4_general_ci'",
    "SET sql_mode = 'PAD_CHAR_TO_FULL_LENGTH,NO_BACKSLASH_ESCAPES,IGNORE_SPACE'",
    "SET old_mode = 'ZERO_DATE_TIME_CAST,UTF8_IS_UTF8MB3'",
    "SET innodb_lock_wait_timeout = 1, lock_wait_timeout = 1",
]


def test_hostile_settings_give_a_guess_the_clean_result(shared, conn: Connection) -> None:
    """A front end under player_names = any plays a fresh name per setting, twice (the second
    guess takes the fast path with the kept decision): the rows equal a clean session's."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front = shared("player")
    with db.connect(front) as c:
        clean = [
            row_or_sqlstate(c, "wordle_play_on", None, "clean", w, None, None)
            for w in ("slate", "qqqqq", TODAY_WORD)
        ]
    for n, setting in enumerate(SETTINGS):
        with db.connect(front) as c:
            c.exec_driver_sql(setting)
            seen = [
                row_or_sqlstate(c, "wordle_play_on", None, f"hostile{n}", w, None, None)
                for w in ("slate", "qqqqq", TODAY_WORD)
            ]
        assert seen == clean, setting


# --- Held: a kept decision of another account or version is never used ------------------------


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
