"""Hostile sessions: the settings a caller may change in its own session (NOTES.md), the
refusals they may earn, and what a clean session gets to compare with."""

from __future__ import annotations

import time
from datetime import date, timedelta
from typing import Any

from sqlalchemy.engine import URL, Connection

from wordle_db import db, game
from wordle_db.errors import DatabaseError

from support.secrets import assert_no_secret

REFUSED = ("WD012", "WD013")


# (name, statements run in the caller's session before the probes)
PRESETS: list[tuple[str, list[str]]] = [
    ("clock far ahead", ["SET timestamp = UNIX_TIMESTAMP('2030-01-01')"]),
    ("clock far back", ["SET timestamp = UNIX_TIMESTAMP('2001-01-01')"]),
    ("clock one day ahead", ["SET timestamp = UNIX_TIMESTAMP() + 86400"]),
    ("forced insert id", ["SET insert_id = 1"]),
    ("insert id at the maximum", ["SET insert_id = 4294967295"]),
    ("last insert id", ["SET last_insert_id = 1"]),
    ("random seed", ["SET rand_seed1 = 1, rand_seed2 = 2"]),
    ("no recursion", ["SET max_recursive_iterations = 0"]),
    ("short group_concat", ["SET group_concat_max_len = 4"]),
    ("no check constraints", ["SET check_constraint_checks = 0"]),
    ("no foreign keys", ["SET foreign_key_checks = 0"]),
    ("no unique checks", ["SET unique_checks = 0"]),
    ("empty sql_mode", ["SET sql_mode = ''"]),
    ("odd sql_mode", ["SET sql_mode = 'ANSI,PAD_CHAR_TO_FULL_LENGTH,NO_BACKSLASH_ESCAPES'"]),
    ("zone far east", ["SET time_zone = '+13:00'"]),
    ("zone far west", ["SET time_zone = '-12:00'"]),
    ("serializable", ["SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE"]),
    ("read uncommitted", ["SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED"]),
    ("read only", ["SET SESSION TRANSACTION READ ONLY"]),
    ("autocommit off", ["SET autocommit = 0"]),
    ("open transaction", ["SET autocommit = 0", "START TRANSACTION WITH CONSISTENT SNAPSHOT"]),
    (
        "serializable transaction",
        ["SET TRANSACTION ISOLATION LEVEL SERIALIZABLE", "START TRANSACTION"],
    ),
    ("statement time limit", ["SET max_statement_time = 10"]),  # refused; shorter: see below
    ("auto-increment step", ["SET auto_increment_increment = 1000"]),
    ("a Galera node's step", ["SET auto_increment_increment = 3, auto_increment_offset = 2"]),
    ("auto is null", ["SET sql_auto_is_null = 1"]),
    ("safe updates", ["SET sql_safe_updates = 1"]),
    ("join size", ["SET max_join_size = 1"]),
    ("completion release", ["SET completion_type = 'RELEASE'"]),
    ("division precision", ["SET div_precision_increment = 0"]),
    ("select limit", ["SET sql_select_limit = 1"]),
    ("month names", ["SET lc_time_names = 'de_DE'"]),
    (
        "optimizer",
        [
            "SET optimizer_switch = 'derived_merge=off,condition_pushdown_for_derived=off"
            ",index_condition_pushdown=off'"
        ],
    ),
    ("lock wait", ["SET innodb_lock_wait_timeout = 1"]),
    ("regex flags", ["SET default_regex_flags = 'MULTILINE,DOTALL'"]),
    ("session memory", ["SET max_session_mem_used = 4000000"]),
    ("hash joins", ["SET join_cache_level = 4"]),  # read today's rows through the views
]


# Whose values differ between two accounts by nature: names and the times rows were made.
VARYING = ("player", "started_at", "finished_at", "played_at", "published_at")


def rows_or_sqlstate(conn: Connection, sql: str, args: tuple[Any, ...]) -> tuple[str, Any]:
    """('rows', normalised rows) or ('error', SQLSTATE); warnings are checked for secrets."""
    try:
        rows = db.query(conn, sql, *args)
        result: tuple[str, Any] = (
            "rows",
            [{k: v for k, v in row.items() if k not in VARYING} for row in rows],
        )
    except DatabaseError as exc:
        assert_no_secret([], str(exc), sql)
        result = ("error", exc.sqlstate)
    try:
        warnings = db.query(conn, "SHOW WARNINGS")
    except DatabaseError:
        warnings = []
    assert_no_secret(result[1] if result[0] == "rows" else [], repr(warnings), sql)
    return result


def others_can_play(url: URL, day: date) -> None:
    """A new player's first guess and a publication go through within two seconds."""
    with db.connect(url) as other:
        other.exec_driver_sql("SET innodb_lock_wait_timeout = 2")
        game.play(other, f"bystander_{time.monotonic_ns()}", "slate")
        db.call(other, "wordle_publish", day + timedelta(400))


def counters(conn: Connection) -> dict[str, int]:
    rows = db.query(
        conn,
        "SHOW SESSION STATUS WHERE Variable_name LIKE 'Handler%' "
        "OR Variable_name LIKE 'Rows%' OR Variable_name LIKE 'Created_tmp%'",
    )
    return {r["Variable_name"]: int(r["Value"]) for r in rows}


VIEWS = {
    "player": ["past_puzzles", "my_games", "my_attempts"],
    "reader": ["past_puzzles", "past_games", "past_attempts"],
    "publisher": ["past_puzzles"],
}
