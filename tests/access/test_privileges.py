"""A shared database: roles, and an answer nobody can read before its day; what no role may
call or read (the internal routines, the kept decisions, the grant tables), at the end.

Accounts with each role connect for real and try every way in: tables, views, SHOW CREATE,
information_schema, routine results, errors and warnings. Today's and tomorrow's words must
never come back.
"""

from __future__ import annotations

import json
import uuid
from datetime import date, timedelta
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection
from sqlalchemy.exc import DBAPIError

from wordle_db import db, game, roles
from wordle_db.errors import DatabaseError

from support.calls import result_or_sqlstate, row_or_sqlstate
from support.databases import Invoke
from support.puzzles import SIDE, SIDE_TODAY, TODAY_WORD, WRONG, YESTERDAY_WORD, today
from support.secrets import assert_no_secret, denied, reachable_sql

TABLES = [
    "words",
    "puzzles",
    "answer_pool",
    "settings",
    "letters",
    "positions",
    "players",
    "games",
    "attempts",
    "revealed_letters",
    "alembic_version",
    "puzzle_schedule",
    "channels",
    "channel_words",
    "letter_folds",
]
INTERNAL = [
    ("PROCEDURE", "_wordle_find_puzzle", "NULL, NULL, @c, @d, @a, @n, @t"),
    ("PROCEDURE", "_wordle_publish", "CURDATE(), NULL, @p"),
    ("PROCEDURE", "_wordle_accept_guess", "1, 'crane', 'crane', NULL, @w"),
    ("PROCEDURE", "_wordle_player", "'x', TRUE, @id"),
    ("PROCEDURE", "_wordle_move", "NULL, 'x', 'crane', NULL, NULL, FALSE, FALSE, NULL, TRUE"),
    ("PROCEDURE", "_wordle_new_game", "1, 1, CURDATE() + INTERVAL 1 DAY, CURDATE(), 6"),
    ("PROCEDURE", "_wordle_league_session", "1, NULL, TRUE"),
    ("PROCEDURE", "_wordle_caller_access", "TRUE, @role, @login"),
    ("FUNCTION", "wordle_setting", "'time_zone'"),
    ("PROCEDURE", "wordle_check", "'crane', NULL"),
    ("PROCEDURE", "wordle_import_begin", ""),
    ("PROCEDURE", "wordle_set_setting", "'max_tries', '20'"),
    # 0056's new rule and the routines around it (review of 0056)
    ("FUNCTION", "_wordle_league_nickname", "'!!!'"),
    ("FUNCTION", "_wordle_lookalike_key", "'Ann'"),
    ("PROCEDURE", "_wordle_lock_waited", "1"),
    ("PROCEDURE", "_wordle_league_member", "1, 1, 'Club', '!!!', @n"),
]
SHOW = [
    "SHOW CREATE TABLE puzzles",
    "SHOW CREATE TABLE words",
    "SHOW CREATE VIEW past_puzzles",
    "SHOW CREATE VIEW puzzle_schedule",
    "SHOW CREATE PROCEDURE wordle_play",
    "SHOW CREATE PROCEDURE _wordle_find_puzzle",
    "SHOW CREATE FUNCTION wordle_hint",
    "SHOW CREATE EVENT wordle_daily_publish",
    "SHOW PROCEDURE CODE wordle_play",
    "SHOW TABLE STATUS",
    "SHOW PROCESSLIST",
    "SHOW GRANTS",
    "SHOW EVENTS",
]
FORBIDDEN = [
    "INSERT INTO attempts (game_id, attempt, guess, hint) VALUES (1, 9, 'x', '0')",
    "UPDATE games SET state = 'won'",
    "DELETE FROM attempts",
    "CREATE TABLE t (id INT PRIMARY KEY)",
    "CALL wordle_publish(NULL)",
    "CREATE TEMPORARY TABLE games (id INT PRIMARY KEY)",
]


def attempt(conn: Connection, sql: str, *args: Any) -> tuple[list[dict[str, Any]], str]:
    """Run a statement; return (rows, error message or '') plus any warnings as text."""
    try:
        rows = db.query(conn, sql, *args)
        error = ""
    except DatabaseError as exc:
        rows, error = [], str(exc)
    warnings = db.query(conn, "SHOW WARNINGS")
    return rows, error + " ".join(str(w) for w in warnings)


@pytest.mark.parametrize("role", ["player", "reader"])
def test_no_table_view_or_definition_shows_the_word(shared, role: str) -> None:
    with db.connect(shared(role)) as conn:
        for table in TABLES:
            rows, error = attempt(conn, f"SELECT * FROM {table}")
            assert denied(error), (table, error)
            assert_no_secret(rows, error, f"SELECT {table}")
        for statement in SHOW:
            rows, error = attempt(conn, statement)
            assert_no_secret(rows, error, statement)


@pytest.mark.parametrize("role", ["player", "reader"])
def test_information_schema_holds_no_word(shared, role: str) -> None:
    with db.connect(shared(role)) as conn:
        tables = db.query(
            conn,
            "SELECT TABLE_NAME AS t FROM information_schema.TABLES "
            "WHERE TABLE_SCHEMA = 'information_schema'",
        )
        assert len(tables) > 50
        for row in tables:
            rows, error = attempt(conn, f"SELECT * FROM information_schema.`{row['t']}`")
            assert_no_secret(rows, error, f"information_schema.{row['t']}")
        for schema in ("mysql", "performance_schema", "sys"):
            rows, error = attempt(conn, f"SELECT * FROM {schema}.user")
            assert_no_secret(rows, error, schema)


def routine_probes(day: date) -> list[tuple[str, tuple[Any, ...]]]:
    """Every call a player may make, on today, tomorrow and the day after, with names of its
    own and of others, and guesses that are not the answer."""
    tomorrow, later = day + timedelta(1), day + timedelta(2)
    probes: list[tuple[str, tuple[Any, ...]]] = []
    for when in (None, day, tomorrow, later):
        for name in ("me", "ann"):
            probes += [
                ("CALL wordle_game(?, ?)", (name, when)),
                ("CALL wordle_board(?, ?)", (name, when)),
                ("CALL wordle_keyboard(?, ?)", (name, when)),
                ("CALL wordle_share(?, ?)", (name, when)),
                ("CALL wordle_play(?, ?, ?, NULL)", (name, "pious", when)),
                ("CALL wordle_play(?, ?, ?, NULL)", (name, "zzzzz", when)),
                ("CALL wordle_play(?, ?, ?, NULL)", (name, "toolongword", when)),
                ("CALL wordle_guess_on(NULL, ?, ?, ?, NULL, NULL)", (name, "dumpy", when)),
            ]
        probes.append(("SELECT wordle_puzzle_number(?) AS n", (when,)))
    probes += [
        ("CALL wordle_reveal_letter(?, NULL)", ("me",)),
        ("CALL wordle_reveal_letter(?, ?)", ("me", tomorrow)),
        ("CALL wordle_stats(?)", ("me",)),
        ("CALL wordle_stats(?)", ("ann",)),
        ("CALL wordle_stats_distribution(?)", ("me",)),
        ("SELECT wordle_today() AS d", ()),
        ("SELECT wordle_hint('pious', 'dumpy') AS h", ()),
        ("CALL wordle_hint_rows('pious', 'dumpy')", ()),
        ("SELECT wordle_hard_mode_violation('pious', '01000', 'dumpy') AS v", ()),
        ("CALL wordle_status()", ()),
        ("CALL wordle_status_on(?)", (SIDE,)),  # a player's front end may ask (/readyz)
        ("CALL wordle_publish(NULL)", ()),
        # The solver's lists hold answer words by design (today's among the candidates, as
        # the hints allow): for these, only errors and warnings are checked; that the lists
        # follow from the hints alone is checked in tests/solver/test_solver.py.
        ("SOLVER CALL wordle_candidates(NULL, ?, NULL, NULL)", ("me",)),
        ("CALL wordle_candidates(NULL, ?, NULL, NULL)", ("ann",)),
        ("CALL wordle_candidates(NULL, ?, ?, NULL)", ("me", tomorrow)),
        ("SOLVER CALL wordle_candidates('pious=00000', NULL, NULL, NULL)", ()),
        ("SOLVER CALL wordle_suggest(NULL, ?, NULL, FALSE, 5)", ("me",)),
        ("SOLVER CALL wordle_suggest('pious=00000', NULL, NULL, TRUE, 5)", ()),
        ("SOLVER CALL wordle_solve_word('pious', NULL, FALSE)", ()),
        # The same through the channel twins, on the second channel and on unknown ones: a
        # player's game is read in the channel named, with the same rules.
        ("SOLVER CALL wordle_candidates_on(?, NULL, ?, NULL, NULL)", (SIDE, "me")),
        ("SOLVER CALL wordle_candidates_on(NULL, NULL, ?, NULL, NULL)", ("me",)),
        ("CALL wordle_candidates_on(?, NULL, ?, NULL, NULL)", (SIDE, "ann")),
        ("CALL wordle_candidates_on(?, NULL, ?, ?, NULL)", (SIDE, "me", tomorrow)),
        ("CALL wordle_candidates_on(?, 'vexor=22222', NULL, NULL, NULL)", (SIDE,)),
        ("CALL wordle_candidates_on(?, 'pious=00000', NULL, NULL, NULL)", ("nope",)),
        ("SOLVER CALL wordle_suggest_on(?, NULL, ?, NULL, FALSE, 5)", (SIDE, "me")),
        ("CALL wordle_suggest_on(?, NULL, ?, NULL, TRUE, 5)", (SIDE, "ann")),
        ("CALL wordle_suggest_on(?, NULL, ?, ?, FALSE, 5)", (SIDE, "me", tomorrow)),
        ("SOLVER CALL wordle_suggest_on(NULL, 'pious=00000', NULL, NULL, TRUE, 5)", ()),
        ("SOLVER CALL wordle_solve_word_on(?, ?, NULL, FALSE)", (SIDE, SIDE_TODAY)),
        ("CALL wordle_solve_word_on(?, 'pious', NULL, FALSE)", ("nope",)),
        ("SELECT * FROM past_puzzles", ()),
        ("SELECT * FROM my_games", ()),
        ("SELECT * FROM my_attempts", ()),
        ("SELECT * FROM past_games", ()),
        ("SELECT * FROM past_attempts", ()),
    ]
    return probes


@pytest.mark.parametrize("role", ["player", "reader"])
def test_no_routine_result_error_or_warning_shows_the_word(
    shared, conn: Connection, role: str
) -> None:
    day = today(conn)
    with db.connect(shared(role)) as own:
        me = own.connection.dbapi_connection.user
        for sql, args in routine_probes(day):
            args = tuple(me if a == "me" else a for a in args)
            solver_list = sql.startswith("SOLVER ")
            rows, text = attempt(own, sql.removeprefix("SOLVER "), *args)
            assert_no_secret([] if solver_list else rows, text, f"{sql} {args}")
        for kind, name, args in INTERNAL:
            call = f"CALL {name}({args})" if kind == "PROCEDURE" else f"SELECT {name}({args})"
            rows, error = attempt(own, call)
            assert "denied" in error, (call, error)
            assert_no_secret(rows, error, call)


# Accounts beside the player and the reader that might call an internal routine (review of
# 0056): how each is made, from root's connection and a new account of `shared`
OTHER_ACCOUNTS = ["publisher", "a front end under player_names = any", "an anonymous account"]


def _other_account(shared, conn: Connection, db_url: URL, who: str) -> URL:
    if who == "publisher":
        return shared("publisher")
    if who == "an anonymous account":  # any user name, the anonymous account's password
        password = uuid.uuid4().hex
        conn.exec_driver_sql(f"CREATE USER ''@'localhost' IDENTIFIED BY '{password}'")
        user = f"nobody{uuid.uuid4().hex[:6]}"  # no database of its own: names qualified below
        return db_url.set(username=user, password=password, database="")
    db.call(conn, "wordle_set_setting", "player_names", "any")
    return shared("player")


@pytest.mark.found_by("review of 0056")
@pytest.mark.parametrize("who", OTHER_ACCOUNTS)
def test_no_other_account_may_call_an_internal_routine(
    shared, conn: Connection, db_url: URL, who: str
) -> None:
    """Every routine of INTERNAL, 0056's among them, is denied to a publisher, to a front end
    that may play as any name and to the server's anonymous account (if an operator made one)."""
    url = _other_account(shared, conn, db_url, who)
    try:
        with db.connect(url) as own:
            for kind, name, args in INTERNAL:
                routine = f"{db.quote_identifier(str(db_url.database))}.{name}({args})"
                call = f"CALL {routine}" if kind == "PROCEDURE" else f"SELECT {routine}"
                rows, error = attempt(own, call)
                assert "denied" in error, (who, call, error)
                assert_no_secret(rows, error, call)
    finally:
        conn.exec_driver_sql("DROP USER IF EXISTS ''@'localhost'")


def test_views_show_only_the_past_and_the_own(shared, conn: Connection) -> None:
    with db.connect(shared("player")) as player:
        assert db.query(player, "SELECT word FROM past_puzzles") == [{"word": YESTERDAY_WORD}]
        assert db.query(player, "SELECT * FROM my_games") == []
        me = player.connection.dbapi_connection.user
        game.play(player, me, "pious")
        mine = db.query(player, "SELECT player, attempts FROM my_games")
        assert mine == [{"player": me, "attempts": 1}]
        assert [r["guess"] for r in db.query(player, "SELECT guess FROM my_attempts")] == ["pious"]
        assert denied(attempt(player, "SELECT * FROM past_games")[1])
    with db.connect(shared("reader")) as reader:
        games = db.query(reader, "SELECT player, day FROM past_games")
        assert games == [{"player": "ann", "day": today(conn) - timedelta(1)}]
        guesses = db.query(reader, "SELECT guess FROM past_attempts")
        assert guesses == [{"guess": "slate"}]  # not today's winning CRANE
        assert denied(attempt(reader, "CALL wordle_play('x', 'pious', NULL, NULL)")[1])


def test_a_player_account_plays_a_whole_game_by_the_rules(shared, conn: Connection) -> None:
    with db.connect(shared("player")) as player:
        me = player.connection.dbapi_connection.user
        for statement in FORBIDDEN:
            assert denied(attempt(player, statement)[1]), statement
        with pytest.raises(DatabaseError, match=f"this account plays as '{me}' only"):
            game.play(player, "ann", "pious")
        with pytest.raises(DatabaseError, match="plays as"):  # no second name of its own either
            game.play(player, f"{me}2", "pious")
        for word in WRONG[:5]:
            assert game.play(player, me, word)["state"] == "playing"
        last = game.play(player, me, WRONG[5])
        assert (last["state"], last["answer"]) == ("lost", TODAY_WORD)  # the normal end of a game
        with pytest.raises(DatabaseError, match="this game is over"):
            game.play(player, me, WRONG[6])
        assert game.stats(player, me)["played"] == 1
        assert "X/6" in game.share(player, me)


def test_other_names_need_the_installation_to_allow_them(
    shared, conn: Connection, run: Invoke
) -> None:
    url = shared("player")
    with db.connect(url) as player, pytest.raises(DatabaseError, match="plays as"):
        game.board(player, "ann")
    assert run("config", "player_names", "any").exit_code == 0
    yesterday = today(conn) - timedelta(1)
    with db.connect(url) as player:
        assert game.play(player, "ann", "pious", yesterday)["attempt"] == 2
        assert [r["guess"] for r in game.board(player, "ann", yesterday)] == ["slate", "pious"]


def test_readers_and_publishers_use_no_player_names(shared, run: Invoke) -> None:
    assert run("config", "player_names", "any").exit_code == 0
    for role in ("reader", "publisher"):
        with db.connect(shared(role)) as conn:
            for call in (
                "CALL wordle_candidates(NULL, 'ann', NULL, NULL)",
                f"CALL wordle_candidates_on('{SIDE}', NULL, 'ann', NULL, NULL)",
                f"CALL wordle_suggest_on('{SIDE}', NULL, 'ann', NULL, FALSE, 5)",
                "CALL wordle_stats('ann')",
                "CALL wordle_game('ann', NULL)",
            ):
                rows, error = attempt(conn, call)
                assert "cannot play or read players' games" in error or denied(error), (role, call)
                assert_no_secret(rows, error, call)


def test_solver_calls_leave_nothing_behind_in_the_session(shared) -> None:
    """Failed and interrupted calls leave no temporary table a caller could reshape: the
    routines would take it for the real table of the same name."""
    with db.connect(shared("player")) as player:
        for call in (
            "CALL wordle_candidates('crane=0', NULL, NULL, NULL)",
            "CALL wordle_suggest('crane=00000', NULL, NULL, FALSE, 5)",
            "SET STATEMENT max_statement_time = 0.001 FOR "
            "CALL wordle_candidates('crane=00000 slate=00000', NULL, NULL, NULL)",
            "SET STATEMENT max_statement_time = 0.001 FOR "
            "CALL wordle_solve_word('pious', NULL, FALSE)",
        ):
            attempt(player, call)
        for table in (
            "solver_pairs",
            "solver_candidates",
            "solver_ranking",
            "solver_work_pairs",
            "solver_work_candidates",
            "solve_steps",
            "games",
            "settings",
        ):
            error = attempt(player, f"SELECT * FROM {table}")[1]
            assert denied(error), (table, error)
            assert denied(attempt(player, f"RENAME TABLE {table} TO x_{table}")[1]), table


def test_no_routine_a_role_may_call_uses_a_temporary_table(conn: Connection) -> None:
    public = {
        r["name"]
        for r in db.query(
            conn,
            "SELECT Routine_name AS name FROM mysql.procs_priv WHERE Db = DATABASE() "
            "AND User IN ('wordle_player', 'wordle_reader', 'wordle_publisher')",
        )
    }
    assert {"wordle_play", "wordle_suggest", "wordle_publish"} <= public
    for name in public:
        code = [line for line in reachable_sql(name).splitlines() if not line.startswith("--")]
        assert "TEMPORARY" not in "\n".join(code).upper(), name


def test_publisher_publishes_but_reads_no_word(shared, conn: Connection) -> None:
    with db.connect(shared("publisher")) as publisher:
        later = today(conn) + timedelta(days=5)
        (row,) = db.call(publisher, "wordle_publish", later)
        assert row["published"] == 1 and "word" not in row
        # Editor's picks are for administrators: an answer to "is X today's word?" is a leak.
        for word in (TODAY_WORD, "slate"):
            assert denied(attempt(publisher, "CALL wordle_publish_word(NULL, ?)", word)[1])
        assert denied(attempt(publisher, "SELECT * FROM puzzle_schedule")[1])
        assert denied(attempt(publisher, "CALL wordle_play('x', 'pious', NULL, NULL)")[1])
        assert db.query(publisher, "SELECT word FROM past_puzzles") == [{"word": YESTERDAY_WORD}]


def test_grant_refuses_an_empty_password(run: Invoke, conn: Connection) -> None:
    user = f"e_{uuid.uuid4().hex[:8]}"
    result = run("grant", "player", f"{user}@%", "--password-stdin", input="\n")
    assert result.exit_code == 1
    assert "the password is empty" in result.stderr
    assert db.scalar(conn, "SELECT COUNT(*) FROM mysql.user WHERE User = ?", user) == 0


def test_grant_refuses_system_and_administrator_accounts(run: Invoke, conn: Connection) -> None:
    admin = f"a_{uuid.uuid4().hex[:8]}"
    roles.grant(conn, "admin", f"{admin}@localhost", "pw")
    mappings = "SELECT User, Host, Role FROM mysql.roles_mapping ORDER BY 1, 2, 3"
    before = db.query(conn, mappings)
    try:
        for target, reason in [
            ("root@localhost", "system account"),
            ("wordle_owner@localhost", "system account"),
            (f"{admin}@localhost", "holds wordle_admin"),
            ("wordle_player@%", "a role"),
            ("mariadb.sys@localhost", "system account"),
        ]:
            result = run("grant", "player", target)
            assert result.exit_code == 1 and reason in result.stderr, (target, result.output)
        conn.exec_driver_sql("CREATE USER IF NOT EXISTS 'wt_boss'@'%'")
        conn.exec_driver_sql("GRANT SUPER ON *.* TO 'wt_boss'@'%'")
        assert "server administrator" in run("grant", "reader", "wt_boss@%").stderr
        assert db.query(conn, mappings) == before
    finally:
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{admin}'@'localhost'")
        conn.exec_driver_sql("DROP USER IF EXISTS 'wt_boss'@'%'")


def test_grant_command(run: Invoke, conn: Connection) -> None:
    user = f"g_{uuid.uuid4().hex[:8]}"
    try:
        result = run(
            "grant", "reader", f"{user}@%", "--password-stdin", "--require-ssl", input="hunter2\n"
        )
        assert result.exit_code == 0, result.output
        assert result.stdout == (
            f"'{user}'@'%' has role wordle_reader; password set; TLS required\n"
        )
        assert "hunter2" not in result.output
        again = run("grant", "player", f"{user}@%", "--allow-any-host")
        assert again.stdout == f"'{user}'@'%' has role wordle_player\n"
        roles_held = db.query(conn, "SELECT Role FROM mysql.roles_mapping WHERE User = ?", user)
        assert roles_held == [{"Role": "wordle_player"}]
        for bad in ("x'@y", "nohost", "a@b c", "@host", "u@"):
            refused = run("grant", "player", bad)
            assert refused.exit_code == 1 and "bad account" in refused.stderr
        assert "unknown role" in run("grant", "root", f"{user}@%").stderr
    finally:
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'%'")


def test_routines_run_with_least_privilege(conn: Connection) -> None:
    rows = db.query(
        conn,
        "SELECT ROUTINE_NAME AS name, SECURITY_TYPE AS security, DEFINER "
        "AS definer, SQL_DATA_ACCESS AS access FROM information_schema.ROUTINES "
        "WHERE ROUTINE_SCHEMA = DATABASE()",
    )
    for row in rows:
        if row["access"] == "NO SQL":
            assert row["security"] == "INVOKER", row  # reads nothing: needs no owner's rights
        if row["security"] == "DEFINER":
            assert row["definer"] == "wordle_owner@localhost", row
    owner = db.query(conn, "SHOW GRANTS FOR 'wordle_owner'@'localhost'")
    text = " ".join(str(r) for r in owner)
    assert "ALL PRIVILEGES" not in text and "ON *.*" in text and "USAGE" in text
    locked = (
        "SELECT JSON_VALUE(Priv, '$.account_locked') FROM mysql.global_priv "
        "WHERE User = 'wordle_owner' AND Host = 'localhost'"
    )
    assert db.scalar(conn, locked) in ("1", "true")  # the owner cannot log in


def test_the_probes_do_find_the_word_where_it_may_be_read(shared) -> None:
    """A control: an admin account sees the schedule, so the checks above can fail."""
    with db.connect(shared("admin")) as admin:
        rows, text = attempt(admin, "SELECT * FROM puzzle_schedule")
        with pytest.raises(AssertionError, match="leaked"):
            assert_no_secret(rows, text, "admin")


# `grant` never opens an account by accident (issue 23): (arguments, stdin, what the one line
# says). None of them creates the account.
GRANT_REFUSALS = [
    (["player", "{u}@localhost"], None, "would have no password"),
    (["player", "{u}@%", "--password-stdin"], "pw\n", "may log in from any host"),
    (["reader", "{u}@10.0.0.%", "--generate-password"], None, "may log in from any host"),
    (["player", "{u}@___.___.___.___", "--password-stdin"], "pw\n", "may log in from any host"),
    (["player", "{u}@db.example", "--unix-socket"], None, "the host must be localhost"),
    (["player", "{u}@localhost", "--generate-password", "--unix-socket"], None, "give one of"),
    (["admin", "{u}@%", "--require-ssl"], None, "would have no password"),
]


@pytest.mark.parametrize(("args", "stdin", "needle"), GRANT_REFUSALS)
def test_grant_opens_no_account_by_accident(
    run: Invoke, conn: Connection, args: list[str], stdin: str | None, needle: str
) -> None:
    user = f"o_{uuid.uuid4().hex[:8]}"
    result = run("grant", *[a.format(u=user) for a in args], input=stdin)
    assert result.exit_code != 0 and needle in result.stderr, result.output
    assert len(result.stderr.strip().splitlines()) == 1
    assert db.scalar(conn, "SELECT COUNT(*) FROM mysql.user WHERE User = ?", user) == 0


def test_grant_generates_a_password_once_or_uses_the_unix_socket(
    run: Invoke, conn: Connection
) -> None:
    user, local = f"gen_{uuid.uuid4().hex[:8]}", f"sock_{uuid.uuid4().hex[:8]}"
    try:
        made = run("grant", "player", f"{user}@%", "--generate-password", "--require-ssl")
        assert made.exit_code == 0, made.output
        lines = made.stdout.splitlines()
        assert lines[0] == f"'{user}'@'%' has role wordle_player; password set; TLS required"
        password = lines[1].removeprefix("password: ")
        assert len(password) >= 20 and "shown once" in made.stderr
        priv = json.loads(
            db.scalar(conn, "SELECT Priv FROM mysql.global_priv WHERE User = ?", user)
        )
        assert priv["ssl_type"] == 1 and password not in json.dumps(priv)
        again = run("grant", "reader", f"{user}@%", "--require-ssl")  # keeps its password
        assert again.exit_code == 0 and "password" not in again.stdout
        sock = run("grant", "publisher", f"{local}@localhost", "--unix-socket")
        assert sock.exit_code == 0, sock.output
        assert "unix socket" in sock.stdout
        plugin = db.scalar(
            conn, "SELECT JSON_VALUE(Priv, '$.plugin') FROM mysql.global_priv WHERE User = ?", local
        )
        assert plugin == "unix_socket"
    finally:
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'%'")
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{local}'@'localhost'")


def test_status_warns_when_account_changes_would_not_count(run: Invoke, conn: Connection) -> None:
    """Hand-made GRANT/REVOKE reach the game through the event wordle_accounts_refresh: status
    says when it cannot run (the event disabled here; the server's scheduler likewise)."""
    assert "accounts_refresh" in run("status", "--json").output
    assert "changed by hand" not in run("status").output
    conn.exec_driver_sql("ALTER EVENT wordle_accounts_refresh DISABLE")
    try:
        shown = run("status").output
        assert (
            "warning:  the event wordle_accounts_refresh is disabled: accounts and roles "
            "changed by hand"
        ) in shown
    finally:
        conn.exec_driver_sql("ALTER EVENT wordle_accounts_refresh ENABLE")
    assert "changed by hand" not in run("status").output


def test_status_names_open_accounts_and_grant_will_not_keep_them_open(
    run: Invoke, conn: Connection
) -> None:
    """An account made by hand with no password, or for any host without TLS, holding a wordle
    role: status names it with the reason; grant refuses to give it a role until it has a
    password."""
    assert "warning" not in run("status").output
    assert run("status", "--json").output.count('"unsafe_accounts": []') == 1
    conn.exec_driver_sql("CREATE OR REPLACE USER 'wt_open'@'%'")
    conn.exec_driver_sql("CREATE OR REPLACE USER 'wt_clear'@'%' IDENTIFIED BY 'pw'")
    try:
        for user in ("wt_open", "wt_clear"):
            conn.exec_driver_sql(f"GRANT wordle_player TO '{user}'@'%'")
        result = run("status")
        assert "wt_open@% (no password, any host without TLS)" in result.output
        assert "wt_clear@% (any host without TLS)" in result.output
        refused = run("grant", "reader", "wt_open@%", "--allow-any-host")
        assert refused.exit_code == 1 and "has no password" in refused.stderr
        fixed = run("grant", "player", "wt_clear@%", "--require-ssl")
        assert fixed.exit_code == 0, fixed.output
        assert "wt_clear" not in run("status").output
    finally:
        conn.exec_driver_sql("DROP USER IF EXISTS 'wt_open'@'%'")
        conn.exec_driver_sql("DROP USER IF EXISTS 'wt_clear'@'%'")


# Priv JSON of mysql.global_priv -> whether `grant` and `status` see an open account
PRIVS = [
    ({"plugin": "mysql_native_password", "authentication_string": ""}, True),
    ({"plugin": "mysql_native_password", "authentication_string": "*ABC"}, False),
    ({"plugin": "unix_socket", "authentication_string": ""}, False),
    (
        {
            "plugin": "mysql_native_password",
            "authentication_string": "invalid",
            "auth_or": [{}, {"plugin": "unix_socket"}],
        },
        False,
    ),  # Debian's root
    (
        {
            "plugin": "mysql_native_password",
            "authentication_string": "",
            "auth_or": [{"plugin": "unix_socket"}, {}],
        },
        True,
    ),
    ({}, True),
]


@pytest.mark.parametrize(("priv", "open_"), PRIVS)
def test_what_counts_as_no_password(priv: dict, open_: bool) -> None:
    assert roles.has_no_password(priv) is open_


@pytest.mark.parametrize(
    "statement",
    [
        "INSERT INTO player_access (account, name, version, player_id) "
        "VALUES (SESSION_USER(), 'ann', 1, 1)",
        "UPDATE player_access SET player_id = 1",
        "UPDATE access_version SET version = 0",
        "SELECT * FROM player_access",
        "CALL _wordle_access_changed()",
        # the role decisions kept per account (migration 0057)
        "INSERT INTO account_access (account, node, version, connection, after, role, login) "
        "SELECT SESSION_USER(), _wordle_node(), version, CONNECTION_ID(), 0, 'admin', 'x' "
        "FROM access_version",
        "UPDATE account_access SET role = 'admin'",
        "DELETE FROM account_access",
        "SELECT * FROM account_access",
        "SELECT COUNT(*) FROM account_access WHERE role = 'admin'",
    ],
)
def test_no_role_touches_the_kept_decisions(shared, statement: str) -> None:
    for role in ("player", "reader", "publisher"):
        with db.connect(shared(role)) as conn:
            with pytest.raises(DBAPIError) as caught:
                conn.exec_driver_sql(statement)
            assert denied(str(caught.value)), (role, statement, caught.value)


@pytest.mark.found_by("review of migration 0029: held")
@pytest.mark.parametrize("role", ["player", "reader", "publisher"])
def test_no_role_reaches_the_purge_or_shadows_its_tables(shared, role: str) -> None:
    url: URL = shared(role)
    attempts = [
        "CALL _wordle_accounts_refresh()",
        "CREATE TEMPORARY TABLE _wordle_retired_access (account INT)",
        "CREATE TEMPORARY TABLE player_access (account INT)",
        "CREATE TEMPORARY TABLE account_access (account INT)",
        "CREATE TEMPORARY TABLE _wordle_retired_roles (account INT)",
        "CREATE TEMPORARY TABLE access_version (id INT, version INT)",
        "LOCK TABLES past_puzzles READ",
        "SELECT * FROM player_access",
    ]
    with db.connect(url) as c:
        for statement in attempts:
            with pytest.raises(DatabaseError) as caught:
                db.query(c, statement)
            assert "denied" in str(caught.value), (statement, str(caught.value))


@pytest.mark.found_by("second review of migration 0035: held")
def test_no_role_calls_the_new_routine(shared, conn: Connection) -> None:
    """player, reader, publisher: _wordle_new_game (a future day, another player's id, a huge
    max_tries) is refused (1370), nothing made. (wordle_admin holds ALL PRIVILEGES on the
    database, as since 0004: it can call it, and can INSERT INTO games anyway.)"""
    before = db.scalar(conn, "SELECT COUNT(*) FROM games")
    day = today(conn)
    for role in ("player", "reader", "publisher"):
        with db.connect(shared(role)) as c:
            for args in (
                (1, 1, day + timedelta(1), day, 6),
                (1, 1, day, day + timedelta(9), 99),
                (2**31, 1, day, day, None),
            ):
                got = row_or_sqlstate(c, "_wordle_new_game", *args)
                assert got[0] == "error" and "denied" in got[2], (role, got)
    assert db.scalar(conn, "SELECT COUNT(*) FROM games") == before


@pytest.mark.found_by("second review of migration 0036: held")
@pytest.mark.parametrize("role", ["player", "reader", "publisher"])  # admin: may, by design
def test_no_role_calls_the_shared_check(shared, role: str) -> None:
    """_wordle_league_session takes an id and share-locks that row: callable, it would hold
    any player's row for a transaction the caller keeps open."""
    with db.connect(shared(role)) as s:
        s.exec_driver_sql("SET autocommit = 0")
        s.exec_driver_sql("START TRANSACTION")
        assert (
            result_or_sqlstate(lambda: db.query(s, "CALL _wordle_league_session(1, NULL, TRUE)"))
            == 1370
        )
        assert result_or_sqlstate(
            lambda: db.query(s, "SELECT * FROM players WHERE id = 1 LOCK IN SHARE MODE")
        ) in (1142, 1146)


@pytest.mark.parametrize("role", ["player", "reader", "publisher"])
def test_no_role_may_read_the_grant_tables(shared, role: str) -> None:
    """The hold above needs nobody to lock mysql.*: no role reads it, not even by name."""
    with db.connect(shared(role)) as account:
        for table in ("global_priv", "user", "db", "roles_mapping"):
            with pytest.raises(DatabaseError):
                db.query(account, f"SELECT COUNT(*) FROM mysql.{table}")


def test_no_role_holds_a_privilege_on_an_internal_object(conn: Connection) -> None:
    """The `_` rule (docs/architecture.md): an object whose name begins with `_` is internal,
    reached only through the public routines, which run as the owner. wordle_admin holds ALL
    PRIVILEGES on the database (see above); no other role holds a grant on an internal name."""
    rows = db.query(
        conn,
        "SELECT User AS role, Routine_name AS name FROM mysql.procs_priv "
        "WHERE Db = DATABASE() AND Routine_name LIKE '\\_%' UNION ALL "
        "SELECT User, Table_name FROM mysql.tables_priv "
        "WHERE Db = DATABASE() AND Table_name LIKE '\\_%'",
    )
    granted = sorted(
        f"{row['role']}: {row['name']}" for row in rows if row["role"] != "wordle_admin"
    )
    assert not granted, f"roles hold privileges on internal objects: {granted}"


@pytest.mark.found_by("review of main at bc96143")
def test_the_installations_grants_name_its_database_only(
    conn: Connection, db_url: URL, server_url: URL, template_url: URL
) -> None:
    """A `_` in a database-level grant's name is a wildcard (as restore's fix of 8e603ab says):
    the grants the migrations make on the game's database (the owner's, wordle_admin's) must
    escape it too, or an administrator of wt_<hex> may create and read tables in wtX<hex>,
    another application's database."""
    assert "_" in db_url.database and "_" in template_url.database
    for account in ("wordle_admin", "'wordle_owner'@'localhost'"):
        lines = [next(iter(r.values())) for r in db.query(conn, f"SHOW GRANTS FOR {account}")]
        for name in (db_url.database, template_url.database):  # cloned, and migrated
            assert not any(f"`{name}`.*" in line for line in lines), (account, lines)
    lookalike = db_url.database.replace("_", "X", 1)
    user, password = f"adm_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    with db.connect(server_url) as root:
        root.exec_driver_sql(f"CREATE DATABASE `{lookalike}`")
    try:
        roles.grant(conn, "admin", f"{user}@localhost", password)
        admin_url = db_url.set(username=user, password=password)
        with db.connect(admin_url) as admin, pytest.raises(Exception, match="denied"):
            admin.exec_driver_sql(f"CREATE TABLE `{lookalike}`.theirs (i INT PRIMARY KEY)")
    finally:
        with db.connect(server_url) as root:
            root.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")
            root.exec_driver_sql(f"DROP DATABASE IF EXISTS `{lookalike}`")
