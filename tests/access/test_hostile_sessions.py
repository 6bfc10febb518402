"""Attacks through the caller's own session: every public routine and view, as each role,
after every hostile preset, gives the result a clean session gets (or refuses with WD012 or
WD013), never shows today's or tomorrow's word, and leaves no lock another player waits for.

Each table below is a list of attacks: a new one joins as a row. Hostile strings through every
routine and CLI command are refused or stored as data, never run (the last tests). What a held
statement makes others wait for is in test_no_waits.py.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
import uuid
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection
from sqlalchemy.exc import OperationalError

from wordle_db import db, game, publish, roles
from wordle_db.errors import DatabaseError, WordleError

from support import clone
from support.accounts import C1, sign_up
from support.calls import raw_call, row_or_sqlstate
from support.databases import Invoke
from support.leagues import accounts_sign_out
from support.puzzles import TODAY_WORD, set_word, today
from support.sessions import PRESETS, REFUSED, VIEWS, counters, others_can_play, rows_or_sqlstate

Probe = tuple[str, Callable[[str, date], tuple[str, tuple[Any, ...]]]]


def call(name: str, *args: Any) -> Callable[[str, date], tuple[str, tuple[Any, ...]]]:
    """A CALL of `name`; the string 'ME' among args is the caller's own player name."""

    def make(me: str, day: date) -> tuple[str, tuple[Any, ...]]:
        values = tuple(
            me if a == "ME" else day + a if isinstance(a, timedelta) else a for a in args
        )
        return f"CALL {name}({', '.join('?' for _ in values)})", values

    return make


def select(sql: str) -> Callable[[str, date], tuple[str, tuple[Any, ...]]]:
    return lambda _me, _day: (sql, ())


FUNCTIONS = select(
    "SELECT wordle_today() AS today, wordle_puzzle_number(wordle_today()) AS n, "
    "wordle_hint('crane', 'slate') AS hint, wordle_today_on('side') AS side_today, "
    "wordle_puzzle_number_on('side', wordle_today_on('side')) AS side_n"
)


def countdown(_me: str, _day: date) -> tuple[str, tuple[Any, ...]]:
    """wordle_next_puzzle_in() against the real clock (the fixture's zone is UTC)."""
    now = datetime.now(UTC)
    midnight = datetime.combine(now.date() + timedelta(1), datetime.min.time(), UTC)
    return (
        "SELECT ABS(wordle_next_puzzle_in() - ?) < 120 AS on_time",
        (int((midnight - now).total_seconds()),),
    )


PROBES: dict[str, list[Probe]] = {
    "player": [
        ("functions", FUNCTIONS),
        ("countdown", countdown),
        ("game", call("wordle_game", "ME", None)),
        ("board", call("wordle_board", "ME", None)),
        ("keyboard", call("wordle_keyboard", "ME", None)),
        ("stats", call("wordle_stats", "ME")),
        ("distribution", call("wordle_stats_distribution", "ME")),
        ("candidates", call("wordle_candidates", "slate=00101", None, None, 5)),
        ("candidates on en", call("wordle_candidates_on", "en", "slate=00101", None, None, 5)),
        ("candidates on side", call("wordle_candidates_on", "side", "vexor=22222", None, None, 5)),
        ("suggest on side", call("wordle_suggest_on", "side", "vexor=00000", None, None, False, 5)),
        ("past puzzles", select("SELECT * FROM past_puzzles ORDER BY channel, day")),
        ("my games", select("SELECT * FROM my_games ORDER BY channel, day")),
        ("my attempts", select("SELECT * FROM my_attempts ORDER BY channel, day, attempt")),
        ("channels", call("wordle_channels")),
        ("channels, brief", call("wordle_channels_brief")),
        ("channel side", call("wordle_channel", "side")),
        ("game on side", call("wordle_game_on", "side", "ME", None)),
        ("keyboard on side", call("wordle_keyboard_on", "side", "ME", None)),
        ("stats on side", call("wordle_stats_on", "side", "ME")),
        ("analysis of today", call("wordle_analysis_on", None, "ME", None)),  # not over: WD070
        ("status of side", call("wordle_status_on", "side")),  # for a front end's /readyz
        ("play a guess", call("wordle_play", "ME", "pious", None, None)),  # writes: last
        ("play on side", call("wordle_play_on", "side", "ME", "slate", None, None)),
        ("guess with keyboard", call("wordle_guess_on", None, "ME", "dumpy", None, None, None)),
    ],
    "reader": [
        ("functions", FUNCTIONS),
        ("countdown", countdown),
        ("status", call("wordle_status")),
        ("status of side", call("wordle_status_on", "side")),
        ("candidates on side", call("wordle_candidates_on", "side", "vexor=22222", None, None, 5)),
        ("analysis", call("wordle_analysis_on", None, "ann", None)),  # not granted
        ("past puzzles", select("SELECT * FROM past_puzzles ORDER BY channel, day")),
        ("past games", select("SELECT * FROM past_games ORDER BY channel, day, player")),
        (
            "past attempts",
            select("SELECT * FROM past_attempts ORDER BY channel, day, player, attempt"),
        ),
    ],
    "publisher": [
        ("functions", FUNCTIONS),
        ("countdown", countdown),
        ("publish today", call("wordle_publish", None)),
        ("publish tomorrow", call("wordle_publish", timedelta(1))),
        ("publish side tomorrow", call("wordle_publish_on", "side", timedelta(1))),
        ("publish every channel", call("wordle_publish_today")),
        ("status", call("wordle_status")),
        ("status of side", call("wordle_status_on", "side")),
        ("past puzzles", select("SELECT * FROM past_puzzles ORDER BY channel, day")),
    ],
}
# What each role's account has done in a clean session before the probes.
SETUP: dict[str, list[Probe]] = {
    "player": [
        ("first guess", call("wordle_play", "ME", "slate", None, None)),
        ("first guess on side", call("wordle_play_on", "side", "ME", "vexor", None, None)),
    ],
    "reader": [],
    "publisher": [],
}
# Presets that shape the caller's own query of a view (a row limit, a join size limit): its
# rows may be cut short, or the server may refuse the query (1104), as for any table.
OWN_QUERY = {"select limit", "join size"}


@pytest.mark.parametrize("preset", PRESETS, ids=[p[0] for p in PRESETS])
@pytest.mark.parametrize("role", list(PROBES))
def test_hostile_session_gets_the_clean_result_or_a_refusal(
    shared, conn: Connection, db_url: URL, role: str, preset: tuple[str, list[str]]
) -> None:
    day = today(conn)
    clean_url, hostile_url = shared(role), shared(role)
    for url in (clean_url, hostile_url):
        with db.connect(url) as setup:
            for _, probe in SETUP[role]:
                sql, args = probe(url.username, day)
                db.query(setup, sql, *args)
    with db.connect(clean_url) as clean:
        expected = [
            rows_or_sqlstate(clean, *probe(clean_url.username, day)) for _, probe in PROBES[role]
        ]
    name, statements = preset
    with db.connect(hostile_url) as hostile:
        for statement in statements:
            hostile.exec_driver_sql(statement)
        for (probe_name, probe), want in zip(PROBES[role], expected, strict=True):
            sql, args = probe(hostile_url.username, day)
            got = rows_or_sqlstate(hostile, sql, args)
            if name in OWN_QUERY and sql.startswith("SELECT") and got != want:
                assert got in (("error", "42000"), ("error", "WD012")) or (
                    got[0] == "rows" and got[1] == want[1][: len(got[1])]
                ), (name, sql, got)
                continue
            assert got == want or (got[0] == "error" and got[1] in REFUSED), (
                f"{role} after {name!r}: {probe_name} gave {got}, a clean session {want}"
            )
        others_can_play(db_url, day)
    assert_games_consistent(conn)


def assert_games_consistent(conn: Connection) -> None:
    bad = db.query(
        conn,
        """
        SELECT g.id FROM games g LEFT JOIN attempts a ON a.game_id = g.id
        GROUP BY g.id
        HAVING COUNT(a.attempt) <> MAX(g.attempts) OR MAX(g.attempts) > MAX(g.max_tries)
            OR MAX(g.day) > wordle_today()""",
    )
    assert bad == []


# --- The attacks of issue 10, one row each -------------------------------------------------

# Predicates that show a hidden value through a warning, an error or a delay; {col} is the
# column a view hides.
SIDE_CHANNELS = [
    "{col} + 0 = 0",
    "EXP(IF({col} LIKE 'c%', 1000, 0)) > 0",
    "SLEEP(IF({col} LIKE 'c%', 1, 0)) = 0",
    "SLEEP(IF({col} IS NULL, 0, 1)) = 0",
]
HIDDEN = {
    "past_puzzles": "word",
    "my_games": "state",
    "my_attempts": "guess",
    "past_games": "state",
    "past_attempts": "guess",
}


@pytest.mark.alone  # it measures time: no other worker beside it (conftest.py)
@pytest.mark.parametrize("role", list(VIEWS))
def test_view_filters_leak_nothing_through_warnings_errors_or_time(
    shared, conn: Connection, role: str
) -> None:
    day = today(conn)
    with db.connect(shared(role)) as attacker:
        for view in VIEWS[role]:
            for predicate in SIDE_CHANNELS:
                condition = predicate.format(col=HIDDEN[view])
                for when in (day, day + timedelta(1)):
                    sql = f"SELECT COUNT(*) AS n FROM {view} WHERE day = ? AND {condition}"
                    started = time.monotonic()
                    kind, rows = rows_or_sqlstate(attacker, sql, (when,))
                    assert time.monotonic() - started < 0.9, (view, condition, "delay")
                    assert kind == "rows", (view, condition, rows)


def test_a_forced_insert_id_cannot_reach_another_game(shared, conn: Connection) -> None:
    ann_game = db.scalar(
        conn,
        "SELECT g.id FROM games g JOIN players p ON p.id = g.player_id "
        "WHERE p.name = 'ann' AND g.day = wordle_today()",
    )
    before = db.query(conn, "SELECT * FROM attempts ORDER BY game_id, attempt")
    url = shared("player")
    with db.connect(url) as eve:
        for forced in (ann_game, 4294967295):
            eve.exec_driver_sql(f"SET insert_id = {forced}")
            with pytest.raises(DatabaseError) as refused:
                game.play(eve, url.username, "slate")
            assert refused.value.sqlstate == "WD012"
    assert db.query(conn, "SELECT * FROM attempts ORDER BY game_id, attempt") == before
    game.play(conn, "newcomer", "slate")  # the counter was not pushed to its maximum


def test_the_random_seed_does_not_steer_the_draw(new_db, template_url: URL, schema_recipe) -> None:

    drawn = []
    for _ in range(2):
        url = new_db()  # two databases made as db_url makes them
        clone.create(schema_recipe, url, rows_from=template_url)
        with db.connect(url) as conn:
            conn.exec_driver_sql("SET rand_seed1 = 1, rand_seed2 = 2")
            start = today(conn) + timedelta(10)
            for offset in range(3):
                publish.publish(conn, start + timedelta(offset), None)
            drawn.append(db.query(conn, "SELECT day, word FROM puzzle_schedule ORDER BY day"))
    assert drawn[0] != drawn[1]


def test_user_names_with_at_and_nested_roles_stay_players(
    shared, conn: Connection, db_url: URL
) -> None:
    conn.exec_driver_sql("CREATE OR REPLACE USER 'eve@x'@'%' IDENTIFIED BY 'pw'")
    conn.exec_driver_sql("CREATE ROLE IF NOT EXISTS wt_nested")
    conn.exec_driver_sql("GRANT wordle_player TO wt_nested")
    conn.exec_driver_sql("GRANT wt_nested TO 'eve@x'@'%'")
    conn.exec_driver_sql("SET DEFAULT ROLE wt_nested FOR 'eve@x'@'%'")
    conn.exec_driver_sql("CALL _wordle_accounts_refresh()")  # made by hand: the event's work
    try:
        with db.connect(db_url.set(username="eve@x", password="pw")) as eve:
            for name in ("ann", "eve"):
                with pytest.raises(DatabaseError) as refused:
                    db.call(eve, "wordle_board", name, None)
                assert refused.value.sqlstate == "WD039"
            assert db.query(eve, "SELECT * FROM my_games") == []
            game.play(eve, "eve@x", "slate")
            assert [g["player"] for g in db.query(eve, "SELECT * FROM my_games")] == ["eve@x"]
    finally:
        conn.exec_driver_sql("DROP USER IF EXISTS 'eve@x'@'%'")
        conn.exec_driver_sql("DROP ROLE IF EXISTS wt_nested")


@pytest.mark.parametrize(
    "name",
    [
        "a\u200bb",
        "\u202eevil",
        "a\u2066b",
        "x\u00ady",
        "\u3164",
        "a\u2028b",
        "a\u00a0b",
        "ann\ufe0f",
        "ann\U000e0100",
        "\u0301ann",
        "ann \u0336",
        "a\u17b4",
    ],
)
def test_player_names_refuse_invisible_and_direction_characters(
    conn: Connection, name: str
) -> None:
    with pytest.raises(DatabaseError) as refused:
        game.play(conn, name, "slate")
    assert refused.value.sqlstate == "WD038"


def test_publishing_has_a_window_and_numbers_never_change(shared, conn: Connection) -> None:
    day = today(conn)
    number = db.call(conn, "wordle_game", "ann", None)[0]["number"]
    with db.connect(shared("publisher")) as publisher:
        for when in (date(1000, 1, 1), day - timedelta(1), day + timedelta(367)):
            with pytest.raises(DatabaseError) as refused:
                db.call(publisher, "wordle_publish", when)
            assert refused.value.sqlstate == "WD026", when
        assert db.call(publisher, "wordle_publish", day + timedelta(366))[0]["published"] == 1
    assert db.call(conn, "wordle_publish", day + timedelta(400))[0]["published"] == 1
    assert db.call(conn, "wordle_game", "ann", None)[0]["number"] == number
    with pytest.raises(DatabaseError) as refused:
        db.call(conn, "wordle_set_setting", "first_day", "2000-01-01")
    assert refused.value.sqlstate == "WD011"


def test_today_follows_the_real_clock(conn: Connection) -> None:
    real = today(conn)
    conn.exec_driver_sql("SET timestamp = UNIX_TIMESTAMP('2030-06-01')")
    assert today(conn) == real
    rows = db.query(conn, "SELECT word FROM past_puzzles")
    assert TODAY_WORD not in [r["word"] for r in rows]


def test_over_long_text_keeps_its_wd_code(shared, conn: Connection) -> None:
    url = shared("player")
    with db.connect(url) as player:
        for args, sqlstate in [
            ((url.username, "x" * 300), "WD032"),
            (("n" * 300, "slate"), "WD038"),
            ((url.username, "🙂" * 70_000), "WD032"),
        ]:
            with pytest.raises(DatabaseError) as refused:
                db.call(player, "wordle_play", *args, None, None)
            assert refused.value.sqlstate == sqlstate, args[:1]
    with pytest.raises(DatabaseError) as refused:
        db.call(conn, "wordle_set_setting", "time_zone", "x" * 300)
    assert refused.value.sqlstate == "WD011"


def test_messages_keep_4_byte_characters(shared, conn: Connection) -> None:
    """The server's error messages are utf8mb3: the game writes an emoji as \\u{1F600} in its
    own messages (any client can read it back), and wordle-db's client shows the emoji."""
    guess = "\U0001f600a\U0001f9e9bc"
    url = shared("player")
    with db.connect(url) as player:
        raw = player.connection.driver_connection.cursor()
        with pytest.raises(Exception) as sent:
            raw.execute("CALL wordle_play(?, ?, NULL, NULL)", (url.username, guess))
        assert str(sent.value) == "'\\u{1F600}a\\u{1F9E9}bc' is not an accepted word"
        with pytest.raises(DatabaseError) as shown:
            db.call(player, "wordle_play", url.username, guess, None, None)
        assert str(shown.value) == f"'{guess}' is not an accepted word"
    with pytest.raises(DatabaseError) as shown:
        db.call(conn, "wordle_set_setting", "time_zone", "\\\U0001f600")
    assert str(shown.value).startswith("time zone '\\\\\U0001f600' is unknown")


def test_an_interrupted_call_leaves_nothing_half_done(
    shared, conn: Connection, db_url: URL
) -> None:
    url = shared("player")
    me = url.username
    with db.connect(url) as player:
        player.exec_driver_sql("SET max_statement_time = 0.5")
        with pytest.raises(DatabaseError) as refused:
            game.play(player, me, "slate")
        assert refused.value.sqlstate == "WD012"
        assert db.scalar(player, "SELECT @@in_transaction") == 0
        # Limits so short that they interrupt the call somewhere inside: whatever was done
        # is rolled back by the session's next call, never committed.
        for limit, word in [
            (0.0001, "slate"),
            (0.0003, "pious"),
            (0.001, "dumpy"),
            (0.002, "chewy"),
            (0.004, "fjord"),
        ]:
            player.exec_driver_sql(f"SET max_statement_time = {limit}")
            with contextlib.suppress(WordleError):  # interrupted, or refused once the limit
                game.play(player, me, word)  # is long enough to reach the check
            player.exec_driver_sql("SET max_statement_time = 0")
            others_can_play(db_url, today(conn))
        game.play(player, me, "gawky")
    assert_games_consistent(conn)


def test_kill_query_leaves_no_half_game_and_blocks_nobody(
    shared, conn: Connection, db_url: URL
) -> None:
    url = shared("player")
    me = url.username
    victim: list[int] = []
    failed: list[BaseException] = []
    checked = threading.Event()

    def play_into_a_held_lock() -> None:
        with db.connect(url) as player:
            victim.append(int(db.scalar(player, "SELECT CONNECTION_ID()")))
            try:
                game.play(player, me, "pious")
            except BaseException as exc:  # the interruption, asserted below
                failed.append(exc)
            checked.wait(60)  # the killed session stays open while others play
            game.play(player, me, "dumpy")  # its next call rolls back the remains first

    with db.connect(url) as player:
        game.play(player, me, "slate")
    with db.connect(db_url) as holder:
        holder.exec_driver_sql("START TRANSACTION")
        db.query(
            holder,
            "SELECT g.id FROM games g JOIN players p ON p.id = g.player_id "
            "WHERE p.name = ? FOR UPDATE",
            me,
        )
        waiting = threading.Thread(target=play_into_a_held_lock)
        waiting.start()
        time.sleep(1)
        holder.exec_driver_sql(f"KILL QUERY {victim[0]}")
        time.sleep(0.5)
        holder.exec_driver_sql("ROLLBACK")
    others_can_play(db_url, today(conn))
    checked.set()
    waiting.join(timeout=60)
    assert not waiting.is_alive() and "interrupted" in str(failed[0])
    rows = db.query(
        conn,
        "SELECT a.guess FROM attempts a JOIN games g ON g.id = a.game_id "
        "JOIN players p ON p.id = g.player_id WHERE p.name = ? "
        "ORDER BY a.attempt",
        me,
    )
    assert [r["guess"] for r in rows] == ["slate", "dumpy"]
    assert_games_consistent(conn)


# Calls by which one front-end account could reach a player another account created.
OTHER_ACCOUNTS_PLAYER = [
    "CALL wordle_play(?, 'slate', NULL, NULL)",
    "CALL wordle_board(?, NULL)",
    "CALL wordle_keyboard(?, NULL)",
    "CALL wordle_reveal_letter(?, NULL)",
    "CALL wordle_stats(?)",
    "CALL wordle_stats_distribution(?)",
    "CALL wordle_share(?, NULL)",
    "CALL wordle_game(?, NULL)",
]


def answer_text(conn: Connection, sql: str, name: str) -> str:
    """What a call answers, rows or error, as text."""
    try:
        return repr(db.query(conn, sql, name))
    except DatabaseError as exc:
        return f"{exc.sqlstate}: {exc}"


def test_player_names_created_never_lends_another_accounts_player(shared, conn: Connection) -> None:
    """With player_names 'created' (what `serve` sets), two front ends each create players;
    neither reaches the other's (a browser's web-... player stays its own), while an
    administrator still can."""
    db.call(conn, "wordle_set_setting", "player_names", "created")
    front_a, front_b = shared("player"), shared("player")
    with db.connect(front_a) as a, db.connect(front_b) as b:
        for name in (front_a.username, "root"):  # other accounts' logins, before they play
            with pytest.raises(DatabaseError, match="belongs to another account"):
                game.play(b, name, "slate")
        game.play(a, front_a.username, "slate")
        game.play(a, "web-a1", "slate")
        game.play(b, "web-b1", "pious")
        for sql in OTHER_ACCOUNTS_PLAYER:
            with pytest.raises(DatabaseError) as refused:  # a player another account created
                db.query(b, sql, "web-a1")
            assert refused.value.sqlstate == "WD039", sql
            assert "another account" in str(refused.value)
            if "play(" in sql or "reveal_letter" in sql:  # would create: refused the same way
                with pytest.raises(DatabaseError, match="belongs to another account"):
                    db.query(b, sql, front_a.username)
                continue
            # another login's own player: read as a name nobody has (no data, no error that
            # would tell the login exists)
            login = answer_text(b, sql, front_a.username).replace(front_a.username, "X")
            nobody = answer_text(b, sql, "nobody-at-all").replace("nobody-at-all", "X")
            assert login == nobody, sql
        assert {r["player"] for r in db.query(a, "SELECT player FROM my_games")} == {
            "web-a1",
            front_a.username,
        }
    assert (
        db.scalar(
            conn,
            "SELECT attempts FROM games g JOIN players p ON p.id = g.player_id "
            "WHERE p.name = 'web-a1'",
        )
        == 1
    )
    game.play(conn, "web-a1", "pious")  # an administrator may


def test_letter_hints_tell_nothing_through_counters_or_fresh_players(
    conn: Connection, db_url: URL
) -> None:
    """fryer and filer give fjord the same hint (20010), but fryer's r is eligible twice: the
    session's Handler_* and Rows_* counters around a letter hint are the same on both days.
    And fresh players of one day all get the same first letter, so a farm of new players
    learns one letter, not the word."""
    day = today(conn)
    set_word(conn, day - timedelta(3), "fryer")
    set_word(conn, day - timedelta(2), "filer")
    db.call(conn, "wordle_set_setting", "player_names", "created")
    user = f"hints_{uuid.uuid4().hex[:8]}"
    roles.grant(conn, "player", f"{user}@localhost", "pw")
    with db.connect(db_url.set(username=user, password="pw")) as player:
        work = []
        days = (day - timedelta(3), day - timedelta(2))
        for name in ("counted0", "counted1", "after"):  # neither measured game is the last one
            for when in days:
                game.play(player, name, "fjord", when)
        db.call(player, "wordle_reveal_letter", "after", days[0])  # the routines are cached
        for n, when in enumerate(days):
            before = counters(player)
            db.call(player, "wordle_reveal_letter", f"counted{n}", when)
            after = counters(player)
            work.append({k: after[k] - before[k] for k in after})
        assert work[0] == work[1]
        firsts = {tuple(game.reveal_letter(player, f"fresh{n}").values())[:2] for n in range(8)}
        assert len(firsts) == 1, firsts
    conn.exec_driver_sql(f"DROP USER '{user}'@'localhost'")


def test_a_refused_name_tells_nothing_through_counters(shared, conn: Connection) -> None:
    """A player account may play only as itself: asking for another name is refused, and the
    session's Handler_* and Rows_* counters around the refusal are the same whether that name
    is a player or not (no list of player names through refused calls)."""
    with db.connect(shared("player")) as player:
        with contextlib.suppress(DatabaseError):
            db.call(player, "wordle_stats", "ann")  # the routines are cached
        work = []
        for name in ("ann", "nobody_at_all", "ann", "nobody_at_all"):
            before = counters(player)
            with pytest.raises(DatabaseError, match="plays as"):
                db.call(player, "wordle_stats", name)
            after = counters(player)
            work.append({k: after[k] - before[k] for k in after})
        assert work[2] == work[3]


@pytest.mark.found_by("review of issue 40")
def test_a_login_name_reads_as_a_name_nobody_has_but_for_three_counters(
    shared, conn: Connection
) -> None:
    """Under player_names 'created' a player account reading another login's name gets what a
    name nobody has gives (empty statistics, no refusal). The session's counters around the
    call differ only as docs/sql-api.md's *Known limits* says: the look-up of the name among
    the server's logins reads that login's row (Rows_read +1) and spares the look-up among the
    players (Handler_read_key and Handler_commit -1); nothing of any game is read."""
    conn.exec_driver_sql("CREATE OR REPLACE USER 'wt_login'@'%' IDENTIFIED BY 'pw'")
    conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
    db.call(conn, "wordle_set_setting", "player_names", "created")
    with db.connect(shared("player")) as player:
        db.call(player, "wordle_stats", "nobody_at_all")  # the routines are cached
        rows: dict[str, list[list[Any]]] = {}
        work: dict[str, list[dict[str, int]]] = {}
        for name in ("wt_login", "nobody_at_all") * 2:
            before = counters(player)
            rows.setdefault(name, []).append(
                [list(r.values()) for r in db.call(player, "wordle_stats", name)]
            )
            after = counters(player)
            work.setdefault(name, []).append({k: after[k] - before[k] for k in after})
    conn.exec_driver_sql("DROP USER 'wt_login'@'%'")
    assert rows["wt_login"] == rows["nobody_at_all"] == [[[0, 0, 0, 0, 0]]] * 2
    login, nobody = work["wt_login"][1], work["nobody_at_all"][1]
    assert {k: login[k] - nobody[k] for k in login if login[k] != nobody[k]} == {
        "Rows_read": 1,
        "Handler_read_key": -1,
        "Handler_commit": -1,
    }


def test_an_anonymous_account_lends_nobody_a_name(shared, conn: Connection, db_url: URL) -> None:
    """With ''@'localhost' in place, a client typing an administrator's name may really be
    the anonymous account: it gets no player name and sees no game."""
    conn.exec_driver_sql("CREATE OR REPLACE USER 'wt_ops'@'%' IDENTIFIED BY 'pw'")
    conn.exec_driver_sql("GRANT wordle_admin TO 'wt_ops'@'%'")
    conn.exec_driver_sql("CREATE USER IF NOT EXISTS ''@'localhost'")
    conn.exec_driver_sql("GRANT wordle_player TO ''@'localhost'")
    conn.exec_driver_sql("SET DEFAULT ROLE wordle_player FOR ''@'localhost'")
    # made by hand: counts at the next refresh (`wordle-db grant`, or the event, every minute)
    conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
    before = db.query(conn, "SELECT * FROM attempts ORDER BY game_id, attempt")
    try:
        with db.connect(db_url.set(username="wt_ops", password="")) as anonymous:
            for name in ("ann", "wt_ops"):
                with pytest.raises(DatabaseError) as refused:
                    db.call(anonymous, "wordle_play", name, "slate", None, None)
                assert refused.value.sqlstate == "WD039"
            assert db.query(anonymous, "SELECT * FROM my_games") == []
    finally:
        conn.exec_driver_sql("DROP USER IF EXISTS ''@'localhost'")
        conn.exec_driver_sql("DROP USER IF EXISTS 'wt_ops'@'%'")
    assert db.query(conn, "SELECT * FROM attempts ORDER BY game_id, attempt") == before


def test_grant_refuses_accounts_that_may_create_temporary_tables(run, conn: Connection) -> None:
    """A temporary table renamed into the schema would hide a real one from the routines."""
    conn.exec_driver_sql("CREATE OR REPLACE USER 'wt_app'@'%'")
    conn.exec_driver_sql("CREATE ROLE IF NOT EXISTS wt_app_role")
    try:
        conn.exec_driver_sql("GRANT CREATE TEMPORARY TABLES ON wt_elsewhere.* TO 'wt_app'@'%'")
        assert "temporary tables" in run("grant", "player", "wt_app@%").stderr
        conn.exec_driver_sql("REVOKE CREATE TEMPORARY TABLES ON wt_elsewhere.* FROM 'wt_app'@'%'")
        conn.exec_driver_sql("GRANT ALL ON wt_elsewhere.* TO wt_app_role")
        conn.exec_driver_sql("GRANT wt_app_role TO 'wt_app'@'%'")
        assert "temporary tables" in run("grant", "reader", "wt_app@%").stderr
        assert (
            db.scalar(
                conn,
                "SELECT COUNT(*) FROM mysql.roles_mapping WHERE User = 'wt_app' "
                "AND Role LIKE 'wordle%'",
            )
            == 0
        )
    finally:
        conn.exec_driver_sql("DROP USER IF EXISTS 'wt_app'@'%'")
        conn.exec_driver_sql("DROP ROLE IF EXISTS wt_app_role")


def test_a_refused_publication_leaves_no_transaction(shared, conn: Connection) -> None:
    with db.connect(shared("publisher")) as publisher:
        with pytest.raises(DatabaseError) as refused:
            db.call(publisher, "wordle_publish", date(2020, 1, 1))
        assert refused.value.sqlstate == "WD026"
        assert db.scalar(publisher, "SELECT @@in_transaction") == 0


def test_status_names_accounts_granted_temporary_tables_by_hand(run, conn: Connection) -> None:
    assert "warning" not in run("status").output
    conn.exec_driver_sql("CREATE OR REPLACE USER 'wt_hand'@'%'")
    conn.exec_driver_sql("CREATE ROLE IF NOT EXISTS wt_hand_role")
    try:
        conn.exec_driver_sql("GRANT wordle_reader TO wt_hand_role")
        conn.exec_driver_sql("GRANT wt_hand_role TO 'wt_hand'@'%'")
        conn.exec_driver_sql("GRANT CREATE TEMPORARY TABLES ON wt_other.* TO 'wt_hand'@'%'")
        result = run("status")
        assert result.exit_code == 0 and "wt_hand@%" in result.output, result.output
        assert "revoke CREATE TEMPORARY TABLES" in result.output
    finally:
        conn.exec_driver_sql("DROP USER IF EXISTS 'wt_hand'@'%'")
        conn.exec_driver_sql("DROP ROLE IF EXISTS wt_hand_role")


def _login(conn: Connection, db_url: URL, user: str) -> URL:
    """An account made after its name was taken as another account's player."""
    roles.grant(conn, "player", f"{user}@localhost", "pw")
    return db_url.set(username=user, password="pw")


def _guesses(url: URL) -> list[tuple[str, str]]:
    with db.connect(url) as account:
        return [
            (r["player"], r["guess"])
            for r in db.query(account, "SELECT player, guess FROM my_attempts ORDER BY played_at")
        ]


# player_names while a front end names a player after a login not made yet, then after the
# login exists (issue 23: squatting)
SQUATS = [
    ("created", "account"),
    ("created", "created"),
    ("any", "account"),
    ("any", "created"),
    ("created", "any"),
]


@pytest.mark.parametrize(("before", "after"), SQUATS)
def test_a_player_named_before_its_login_never_becomes_that_logins(
    shared, conn: Connection, db_url: URL, before: str, after: str
) -> None:
    """The login plays as itself in a row of its own, never inside the front end's player and
    never locked out; the front end keeps its player; whatever the setting becomes."""
    user = f"later_{uuid.uuid4().hex[:8]}"
    db.call(conn, "wordle_set_setting", "player_names", before)
    front = shared("player")
    with db.connect(front) as front_end:
        game.play(front_end, user, "slate")
    victim = _login(conn, db_url, user)
    db.call(conn, "wordle_set_setting", "player_names", after)
    try:
        with db.connect(victim) as own:
            game.play(own, user, "crane")
            assert [a["guess"] for a in game.board(own, user)] == ["crane"]
        assert _guesses(victim) == [(user, "crane")]
        assert _guesses(front) == [(user, "slate")]
        # an administrator (and `any`) reaching the name reach the login's own row
        assert [a["guess"] for a in game.board(conn, user)] == ["crane"]
        # the front end's player of that name is out of reach by name once the login exists:
        # under created the name reads as nobody's, under any it is the login's own player
        if after != "account":
            with db.connect(front) as front_end:
                seen = [a["guess"] for a in game.board(front_end, user)]
            assert seen == {"created": [], "any": ["crane"]}[after]
        players = db.query(
            conn, "SELECT account, own FROM players WHERE name = ? ORDER BY own", user
        )
        assert players == [{"account": front.username, "own": 0}, {"account": user, "own": 1}]
    finally:
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")


@pytest.mark.parametrize("after", ["created", "any"])
def test_a_logins_own_player_stays_its_own_when_player_names_widens(
    shared, conn: Connection, after: str
) -> None:
    """account -> created: another account cannot reach a login's own player (under any, it
    plays as any name by the administrator's choice, but the login still plays as itself)."""
    db.call(conn, "wordle_set_setting", "player_names", "account")
    owner, front = shared("player"), shared("player")
    with db.connect(owner) as own:
        game.play(own, owner.username, "slate")
    db.call(conn, "wordle_set_setting", "player_names", after)
    with db.connect(front) as front_end:
        if after == "created":
            with pytest.raises(DatabaseError, match="another account") as refused:
                game.play(front_end, owner.username, "pious")
            assert refused.value.sqlstate == "WD039"
        else:
            game.play(front_end, owner.username, "pious")
    with db.connect(owner) as own:
        game.play(own, owner.username, "stale")
        played = [a["guess"] for a in game.board(own, owner.username)]
    assert played == (["slate", "stale"] if after == "created" else ["slate", "pious", "stale"])
    assert db.scalar(conn, "SELECT COUNT(*) FROM players WHERE name = ?", owner.username) == 1


def test_a_session_cannot_choose_its_auto_increment_step(shared) -> None:
    """Any step or offset a session chose is refused (three calls with a step of 64 once
    moved the players' counter by 233 ids); only the server's own values are accepted."""
    with db.connect(shared("player")) as player:
        me = player.engine.url.username
        for setting in (
            "auto_increment_increment = 2",
            "auto_increment_increment = 64",
            "auto_increment_offset = 2",
        ):
            player.exec_driver_sql(f"SET SESSION {setting}")
            with pytest.raises(DatabaseError) as refused:
                game.play(player, me, "slate")
            assert refused.value.sqlstate == "WD012", setting
            player.exec_driver_sql(
                "SET SESSION auto_increment_increment = DEFAULT, auto_increment_offset = DEFAULT"
            )
        game.play(player, me, "slate")


# What a reader may run on the views, each compared with itself after another player's
# attempts of today (issue 23: Handler_read_next counted them).
VIEW_PROBES = [
    "SELECT COUNT(*) FROM past_attempts WHERE player = 'cara' AND day = CURRENT_DATE "
    "AND channel = 'en'",
    "SELECT COUNT(*) FROM past_attempts WHERE player = 'cara'",
    "SELECT COUNT(*) FROM past_games WHERE player = 'cara' AND day = CURRENT_DATE",
    "SELECT COUNT(*) FROM past_games WHERE day >= CURRENT_DATE - INTERVAL 1 DAY",
    "SELECT * FROM past_attempts ORDER BY channel, day, player, attempt",
    "SELECT * FROM past_games ORDER BY channel, day, player",
    "SELECT * FROM past_puzzles ORDER BY channel, day",
]


@pytest.mark.parametrize("role", ["reader", "player"])
def test_views_count_nothing_of_what_others_did_today(shared, conn: Connection, role: str) -> None:
    """The session's Handler_* and Rows_* counters after each view probe are the same before
    and after another player's attempts of today (and its first game of today)."""
    with db.connect(shared(role)) as account:
        probes = (
            VIEW_PROBES
            if role == "reader"
            else [
                VIEW_PROBES[-1],
                "SELECT * FROM my_games",
                "SELECT * FROM my_attempts",
                "SELECT COUNT(*) FROM my_attempts WHERE player = 'cara' AND day = CURRENT_DATE",
            ]
        )

        def sessions() -> int:
            return int(db.scalar(conn, "SELECT COUNT(*) FROM information_schema.PROCESSLIST"))

        def measure() -> list[dict[str, int]]:
            """Each probe's counters, with as many sessions on the server as in the first
            measure: the view check reads the session's PROCESSLIST row, and the server reads
            one row a session for that (how many are connected, never what they played)."""
            for _ in range(20):
                work, seen = [], sessions()
                for sql in probes:
                    before = counters(account)
                    db.query(account, sql)
                    after = counters(account)
                    work.append({k: after[k] - before[k] for k in after if after[k] != before[k]})
                if sessions() == seen == connected:
                    return work
                time.sleep(0.2)
            raise AssertionError("the number of sessions kept changing")

        def settled() -> int:
            """The number of sessions once it holds still: the same in five reads 0.1 s apart
            (a previous test's connections may still be closing, and the minute's accounts
            refresh event runs in a session of its own)."""
            for _ in range(100):
                seen = set()
                for _ in range(5):
                    seen.add(sessions())
                    time.sleep(0.1)
                if len(seen) == 1:
                    return seen.pop()
            raise AssertionError("the number of sessions never settled")

        connected = settled()

        measure()  # the routines and views are cached
        game.play(conn, "cara", "slate")  # before: cara has played today
        first = measure()
        game.play(conn, "cara", "pious")  # cara's game of today goes on
        game.play(conn, "zed_today", "slate")  # a new player of today
        again = measure()
        changed = [(p, a, f) for p, a, f in zip(probes, again, first, strict=True) if a != f]
        assert not changed, changed


def test_accounts_the_game_cannot_place_play_no_one(shared, conn: Connection, db_url: URL) -> None:
    """Fail closed: an anonymous account whose netmask host may match the client (the socket's
    localhost is 127.0.0.1 to a netmask; since 0039 a netmask is compared, not taken to match
    every client) makes every login unprovable; an account given a role by hand plays only once
    it is known."""
    player = shared("player")
    conn.exec_driver_sql("CREATE USER IF NOT EXISTS ''@'127.0.0.0/255.0.0.0'")
    conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
    try:
        with db.connect(player) as account:
            with pytest.raises(DatabaseError, match="anonymous account") as refused:
                game.play(account, player.username, "slate")
            assert refused.value.sqlstate == "WD039"
            assert db.query(account, "SELECT * FROM my_games") == []
    finally:
        conn.exec_driver_sql("DROP USER IF EXISTS ''@'127.0.0.0/255.0.0.0'")
        conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
    user = f"hand_{uuid.uuid4().hex[:8]}"
    conn.exec_driver_sql(f"CREATE USER '{user}'@'localhost' IDENTIFIED BY 'pw'")
    conn.exec_driver_sql(f"GRANT wordle_player TO '{user}'@'localhost'")
    conn.exec_driver_sql(f"SET DEFAULT ROLE wordle_player FOR '{user}'@'localhost'")
    try:
        with db.connect(db_url.set(username=user, password="pw")) as hand:
            with pytest.raises(DatabaseError, match="no player role the game knows of"):
                game.play(hand, user, "slate")
            conn.exec_driver_sql("CALL _wordle_accounts_refresh()")  # the event, within a minute
            assert game.play(hand, user, "slate")["guess"] == "slate"
    finally:
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")


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


@pytest.mark.found_by("review of migration 0029: held")
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


# The moves of a player found by name (its kept decision retired before each: migrations 0059
# and 0060 changed that path) in its game of today and of yesterday, as a front
# end sends them: (procedure, arguments; "ME" the player's name, a timedelta a day from today).
FOUND_MOVES = [
    ("wordle_play_on", (None, "ME", "slate", timedelta(0), None)),  # the game made
    ("wordle_play_on", (None, "ME", "pious", timedelta(0), None)),
    ("wordle_play_on", (None, "ME", "pious", timedelta(0), None)),  # WD034
    ("wordle_reveal_letter_on", (None, "ME", timedelta(-1), None)),  # yesterday's game made
    ("wordle_guess_on", (None, "ME", "slate", timedelta(-1), None, None)),
    ("wordle_guess_on", (None, "ME", "pious", timedelta(-1), True, None)),  # WD037
    ("wordle_play_on", (None, "ME", TODAY_WORD, timedelta(0), None)),  # won
    ("wordle_guess_on", (None, "ME", "dumpy", timedelta(0), None, None)),  # WD035
]


@pytest.mark.found_by("review of 0059: held")
@pytest.mark.parametrize("preset", PRESETS, ids=[p[0] for p in PRESETS])
def test_a_hostile_session_of_a_player_found_by_name_moves_as_a_clean_one(
    shared, conn: Connection, preset: tuple[str, list[str]]
) -> None:
    """FOUND_MOVES by a fresh player in a clean session and in a hostile one (a preset of
    support/sessions.py), the access version bumped before each move: the same answers (the
    revealed letter's place aside: it is drawn) or a refusal of the session (WD012, WD013),
    the same games, and nothing left open."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front = shared("player")
    day = today(conn)
    seen = {}
    for who, statements in (("clean", []), ("hostile", preset[1])):
        name = f"{who}_{uuid.uuid4().hex[:6]}"
        answers = []
        with db.connect(front) as c:
            for statement in statements:
                c.exec_driver_sql(statement)
            for procedure, arguments in FOUND_MOVES:
                db.query(conn, "UPDATE access_version SET version = version + 1")
                args = [
                    name if a == "ME" else day + a if isinstance(a, timedelta) else a
                    for a in arguments
                ]
                r = row_or_sqlstate(c, procedure, *args)
                answers.append(
                    r[1]
                    if r[0] == "error"
                    else {k: v for k, v in r[1].items() if k not in ("position", "letter")}
                )
            assert db.scalar(c, "SELECT @@in_transaction") == 0 or "autocommit" in str(statements)
        games = db.query(
            conn,
            "SELECT g.day, g.max_tries, g.archive, g.hard, g.attempts, g.state, g.revealed "
            "FROM games g JOIN players p ON p.id = g.player_id WHERE p.name = ? ORDER BY g.day",
            name,
        )
        seen[who] = (answers, games)
    clean_answers, clean_games = seen["clean"]
    answers, games = seen["hostile"]
    refusals = [a for a in answers if a in REFUSED]
    if refusals:
        assert refusals == answers and games == [], seen
    else:
        assert seen["hostile"] == seen["clean"], seen
    assert [a for a in clean_answers if isinstance(a, str)] == ["WD034", "WD037", "WD035"]
    assert len(clean_games) == 2, clean_games
    assert_games_consistent(conn)


ROLE_CASES = [(setting, [setting]) for setting in SETTINGS] + PRESETS


@pytest.mark.parametrize("case", ROLE_CASES, ids=[name for name, _ in ROLE_CASES])
def test_a_hostile_session_keeps_the_role_a_clean_one_would(
    shared, conn: Connection, case: tuple[str, list[str]]
) -> None:
    """With no role decision kept (all retired), a front end's session under a hostile setting
    decides and keeps one (account_access, 0057) with a new name's first move: the move gets a
    clean session's row or a refusal; a kept row says the account's role and login, with a mark
    below the session, and a clean session's next new name uses it (no second row)."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front = shared("player")
    with db.connect(front) as c:
        clean = row_or_sqlstate(c, "wordle_play_on", None, "clean", "slate", None, None)
        account = db.scalar(c, "SELECT SESSION_USER()")
    conn.exec_driver_sql("CALL _wordle_access_changed()")
    kept = (
        "SELECT connection, after, role, login FROM account_access r JOIN access_version v "
        "ON v.id = 1 AND r.version = v.version WHERE r.account = ?"
    )
    with db.connect(front) as c:
        session = db.scalar(c, "SELECT CONNECTION_ID()")
        for statement in case[1]:
            c.exec_driver_sql(statement)
        got = row_or_sqlstate(c, "wordle_play_on", None, "hostile", "slate", None, None)
    rows = [(r["connection"], r["role"], r["login"]) for r in db.query(conn, kept, account)]
    if got[0] == "error":
        assert got[1] in REFUSED and rows == [], (case[0], got, rows)
        return
    assert got == clean, case[0]
    assert rows == [(session, "player", front.username)], (case[0], rows)
    assert db.query(conn, kept, account)[0]["after"] < session
    with db.connect(front) as c:
        assert row_or_sqlstate(c, "wordle_play_on", None, "later", "slate", None, None) == clean
    assert len(db.query(conn, kept, account)) == 1


@pytest.mark.found_by("second review of migration 0036: held")
def test_a_hostile_session_is_left_with_nothing_open(conn: Connection, front_urls) -> None:
    """autocommit off, START TRANSACTION before each league change (done and refused): no
    transaction open after it, an administrator bumps ann at once."""
    url = front_urls("player")
    with db.connect(url) as a:
        sign_up(a, "web-ann", C1, 1)
        a.exec_driver_sql("SET autocommit = 0")
        conn.exec_driver_sql("SET innodb_lock_wait_timeout = 1")
        for gen in (1, 0, 2):
            a.exec_driver_sql("START TRANSACTION")
            got = raw_call(a, f"CALL wordle_league_create('web-ann', {gen}, 'L{gen}', NULL, @c)")
            assert got == "WD096" or isinstance(got, list), got
            assert db.scalar(a, "SELECT @@in_transaction") == 0, gen
            accounts_sign_out(conn)
            a.exec_driver_sql("COMMIT")
    assert REFUSED


HOSTILE = [
    "'; DROP TABLE words; --",
    "crane' OR '1'='1",
    '" OR ""="',
    "`words`",
    "\\'; SELECT SLEEP(3); #",
    "%",
    "_____",
    "\\",
    "cr\x00ne",
    "' UNION SELECT word FROM words --",
    "crane\u200b",
    "ｃｒａｎｅ",
    "🙂🙂🙂🙂🙂",
    "$(rm -rf /)",
    "a" * 300,
    "\x1b[31mred",
]


# Rows a routine may legitimately write with a hostile string as data: a player's name; and
# the minute-long cache of what the calling account may do (_wordle_caller_role).
DATA_TABLES = {
    "players",
    "games",
    "attempts",
    "revealed_letters",
    "caller_roles",
    "player_access",
    "account_access",
}  # what a move writes (kept access decisions too)


def fingerprint(conn: Connection) -> dict[str, Any]:
    """The schema (every object's definition) and a checksum of every other table."""
    tables = [
        r["t"]
        for r in db.query(
            conn,
            "SELECT TABLE_NAME AS t FROM information_schema."
            "TABLES WHERE TABLE_SCHEMA = DATABASE() AND "
            "TABLE_TYPE = 'BASE TABLE'",
        )
    ]
    sums = {
        t: db.query(conn, f"CHECKSUM TABLE `{t}`")[0]["Checksum"]
        for t in tables
        if t not in DATA_TABLES
    }
    routines = db.query(
        conn,
        "SELECT ROUTINE_NAME, ROUTINE_DEFINITION FROM information_schema."
        "ROUTINES WHERE ROUTINE_SCHEMA = DATABASE() ORDER BY 1",
    )
    view_defs = db.query(
        conn,
        "SELECT TABLE_NAME, VIEW_DEFINITION FROM information_schema.VIEWS "
        "WHERE TABLE_SCHEMA = DATABASE() ORDER BY 1",
    )
    return {"tables": tables, "sums": sums, "routines": routines, "views": view_defs}


def _plain(param: dict[str, Any]) -> Any:
    return {"varchar": "crane", "date": None, "tinyint": None}.get(param["type"])


def test_no_routine_builds_sql_from_its_arguments(repo_root: Path) -> None:
    paths = list((repo_root / "sql").rglob("*.sql"))
    assert len(paths) >= 50
    for path in paths:
        text = path.read_text().upper()
        assert not re.search(r"\bPREPARE\b|\bEXECUTE\s+IMMEDIATE\b", text), path.name


def test_hostile_strings_through_every_routine(conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    before = fingerprint(conn)
    params = db.query(
        conn,
        "SELECT r.ROUTINE_NAME AS name, r.ROUTINE_TYPE AS kind, "
        "p.PARAMETER_NAME AS param, p.PARAMETER_MODE AS mode, p.DATA_TYPE "
        "AS type FROM information_schema.ROUTINES r LEFT JOIN "
        "information_schema.PARAMETERS p ON p.SPECIFIC_SCHEMA = "
        "r.ROUTINE_SCHEMA AND p.SPECIFIC_NAME = r.ROUTINE_NAME AND "
        "p.PARAMETER_NAME IS NOT NULL WHERE r.ROUTINE_SCHEMA = DATABASE() "
        "AND r.ROUTINE_NAME NOT LIKE 'wordle\\_import\\_%' "
        "ORDER BY r.ROUTINE_NAME, p.ORDINAL_POSITION",
    )
    signatures: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in params:
        signatures.setdefault((row["name"], row["kind"]), [])
        if row["param"]:
            signatures[(row["name"], row["kind"])].append(row)
    calls = 0
    for (name, kind), args in signatures.items():
        texts = [a for a in args if a["type"] == "varchar" and a["mode"] == "IN"]
        for hostile in HOSTILE:
            for target in texts:
                values = [hostile if a is target else _plain(a) for a in args if a["mode"] == "IN"]
                marks = ", ".join(["?"] * len(values) + ["@out"] * (len(args) - len(values)))
                sql = f"CALL {name}({marks})" if kind == "PROCEDURE" else f"SELECT {name}({marks})"
                try:
                    db.query(conn, sql, *values)
                except DatabaseError as exc:
                    assert "\n" not in str(exc)
                calls += 1
    assert calls > 200
    assert fingerprint(conn) == before
    names = [r["name"] for r in db.query(conn, "SELECT name FROM players")]
    assert set(names) <= set(HOSTILE)  # stored as data, verbatim


def test_hostile_strings_through_the_cli(run: Invoke, conn: Connection, tmp_path: Path) -> None:
    set_word(conn, today(conn), "crane")
    before = fingerprint(conn)
    hostile_file = tmp_path / "hostile.txt"
    hostile_file.write_text("\n".join(h.replace("\x00", "") for h in HOSTILE) + "\n")
    for hostile in (h for h in HOSTILE if "\x00" not in h):
        for args in (
            ["guess", hostile],
            ["guess", "crane", "--player", hostile],
            ["publish", "--date", str(today(conn)), "--word", hostile],
            ["config", "max_tries", hostile],
            ["config", hostile, "1"],
            ["grant", "player", hostile],
            ["grant", hostile, "x@y"],
            ["stats", "--player", hostile],
            ["hint", "--player", hostile],
        ):
            result = run(*args)
            assert "Traceback" not in result.output, args
            assert result.exit_code in (0, 1, 2), args
            if result.exit_code:
                assert len(result.stderr.strip().splitlines()) == 1, (args, result.stderr)
    assert fingerprint(conn) == before
    words_before = db.scalar(conn, "SELECT MAX(id) FROM words")
    imported = run("words", "import", str(hostile_file))
    assert imported.exit_code == 0
    added = [r["word"] for r in db.query(conn, "SELECT word FROM words WHERE id > ?", words_before)]
    lines = [h.replace("\x00", "") for h in HOSTILE]
    # data only: the words of letters of the default channel's length
    assert sorted(added) == sorted(w for w in lines if w.isalpha() and len(w) == 5)


@pytest.mark.found_by("review of migration 0044: held")
def test_no_session_chooses_its_connection_id_nor_gets_one_above_the_mark(
    conn: Connection, db_url: URL
) -> None:
    """The marks compare CONNECTION_ID() with the server's Connections: a player cannot set
    pseudo_thread_id (which CONNECTION_ID() returns), and every id already given, to event
    threads and failed logins too, is at most Connections read after it."""
    user = f"c{uuid.uuid4().hex[:10]}"
    roles.grant(conn, "player", f"{user}@localhost", "pw")
    event = f"tick_{user}"
    conn.exec_driver_sql(f"CREATE EVENT {event} ON SCHEDULE EVERY 1 SECOND DO DO 1")
    try:
        ran = "SELECT LAST_EXECUTED IS NOT NULL FROM information_schema.EVENTS WHERE EVENT_NAME = ?"
        deadline = time.monotonic() + 10
        while not db.scalar(conn, ran, event):
            assert time.monotonic() < deadline, "the event never ran"
            time.sleep(0.1)
    finally:
        conn.exec_driver_sql(f"DROP EVENT IF EXISTS {event}")
    with pytest.raises(OperationalError), db.connect(db_url.set(username=user, password="wrong")):
        pass  # a failed login takes a connection id too
    with db.connect(db_url.set(username=user, password="pw")) as session:
        own = db.scalar(session, "SELECT CONNECTION_ID()")
        cursor = session.connection.driver_connection.cursor()
        try:
            with pytest.raises(Exception) as refused:
                cursor.execute("SET SESSION pseudo_thread_id = 4294967295")
        finally:
            cursor.close()
        assert getattr(refused.value, "errno", None) == 1227, refused.value
        assert db.scalar(session, "SELECT CONNECTION_ID()") == own
        given = (
            "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
            "WHERE VARIABLE_NAME = 'CONNECTIONS'"
        )
        assert own <= int(db.scalar(conn, given))


def _made_by_grant(conn: Connection, user: str) -> None:
    roles.grant(conn, "player", f"{user}@localhost", "pw")


def _made_by_hand_then_refreshed(conn: Connection, user: str) -> None:
    account = f"'{user}'@'localhost'"
    conn.exec_driver_sql(f"CREATE USER {account} IDENTIFIED BY 'pw'")
    conn.exec_driver_sql(f"GRANT wordle_player TO {account}")
    conn.exec_driver_sql(f"SET DEFAULT ROLE wordle_player FOR {account}")
    conn.exec_driver_sql("CALL _wordle_accounts_refresh()")  # the event's next run


# How an account the game has seen can be made: the next attack's way joins here.
SEEN_ACCOUNTS = {
    "wordle-db grant": _made_by_grant,
    "by hand, then a refresh": _made_by_hand_then_refreshed,
}


@pytest.mark.found_by("review of migration 0044")
@pytest.mark.parametrize("make", SEEN_ACCOUNTS.values(), ids=SEEN_ACCOUNTS.keys())
def test_a_session_of_an_account_the_game_saw_is_told_apart_once_it_is_dropped(
    conn: Connection, db_url: URL, make: Callable[[Connection, str], None]
) -> None:
    """Login u has an administrator's account at %; a player's account u@localhost is made and
    seen by a refresh (docs/sql-api.md's known limits: one made and dropped by hand before any
    refresh saw it is never seen); a session logs in as it through the socket; it is dropped by
    hand and the event's next run refreshes. The session must be told to connect again
    (08WD1), never taken for the login's administrator playing as another name."""
    user, other = f"h{uuid.uuid4().hex[:10]}", f"n{uuid.uuid4().hex[:8]}"
    roles.grant(conn, "admin", f"{user}@%", "pw", allow_any_host=True)
    try:
        make(conn, user)
        with db.connect(db_url.set(username=user, password="pw")) as session:
            let_in = db.scalar(session, "SELECT CURRENT_USER()")
            assert let_in == f"{user}@localhost", let_in  # the server matched the player's
            conn.exec_driver_sql(f"DROP USER '{user}'@'localhost'")
            conn.exec_driver_sql("CALL _wordle_accounts_refresh()")  # the event's next run
            try:
                db.query(session, "CALL wordle_play(?, 'slate', NULL, NULL)", other)
                got = "plays as another name"
            except DatabaseError as exc:
                got = str(exc.sqlstate)
        assert got == "08WD1", got
    finally:
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'%'")
        conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
