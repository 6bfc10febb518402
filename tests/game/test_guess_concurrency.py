"""Many players at once: the morning rush (many players start today's game at the same moment
through a front-end account, beside publication, letter hints, imports and the solver's
build), many sessions of one player sending guesses together, racing first guesses. No call
may fail, every game stays whole (never a seventh attempt, one game a day), and a guess waits
for no other player's rows, under hostile optimizer settings and sessions too (lock wait
counters, timeouts of 0). What other accounts' held statements make others wait for is in
tests/access/test_no_waits.py."""

from __future__ import annotations

import random
import string
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import db, game, leagues, publish, roles, schema, solver, words
from wordle_db.errors import DatabaseError

from support.calls import raw_call, row_or_sqlstate
from support.guess_ways import games_of, kept, zoned_channels
from support.puzzles import GUESSES, WRONG, set_word, today
from support.puzzles import TODAY_WORD as ANSWER
from support.races import assert_consistent, at_once, lock_waits, no_lock_waits, player_game


def test_racing_submissions_never_make_a_seventh_attempt(db_url: URL, conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    for word in WRONG[:5]:
        game.play(conn, "ann", word)
    outcomes: list[str] = []
    barrier = threading.Barrier(6)

    def racer(word: str) -> None:
        with db.connect(db_url) as own:
            barrier.wait()
            try:
                outcomes.append(game.play(own, "ann", word)["state"])
            except Exception as exc:
                outcomes.append(str(exc))

    racers = ["wrong", "vouch", "zesty", "quirk", "gawky", "jumbo"]
    threads = [threading.Thread(target=racer, args=(w,)) for w in racers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("lost") == 1, outcomes
    assert sum("this game is over" in o for o in outcomes) == 5, outcomes
    assert db.scalar(conn, "SELECT MAX(attempt) FROM attempts") == 6
    assert db.scalar(conn, "SELECT COUNT(*) FROM attempts") == 6


def test_racing_first_guesses_create_one_game(db_url: URL, conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    barrier = threading.Barrier(4)
    errors: list[str] = []

    def racer(word: str) -> None:
        with db.connect(db_url) as own:
            barrier.wait()
            try:
                game.play(own, "newcomer", word)
            except Exception as exc:
                errors.append(str(exc))

    threads = [threading.Thread(target=racer, args=(w,)) for w in WRONG[:4]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert db.scalar(conn, "SELECT COUNT(*) FROM games") == 1
    assert db.scalar(conn, "SELECT COUNT(*) FROM attempts") == 4


def test_32_new_players_finish_their_games_at_once(shared, conn: Connection) -> None:
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front_end = shared("player")
    errors = at_once([player_game(front_end, f"rush{n}") for n in range(32)])
    assert errors == []
    assert_consistent(conn, 32)


@pytest.mark.alone  # no other worker's work beside its 32 players (conftest.py)
def test_different_players_never_wait_for_each_others_locks(shared, conn: Connection) -> None:
    """32 new players through one front-end account, then the same players on a past day: no
    call waits for a lock another player's call holds: the server counts every row lock wait,
    and any wait, a row's or the games table's AUTO-INC lock, fails at once (no_lock_waits).
    A new game was created by `INSERT ... SELECT`, which holds the AUTO-INC lock for its
    statement: new players' first moves waited for each other (migration 0029)."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front_end = shared("player")
    with db.connect(front_end) as c:  # the account's role cached: no refresh during the test
        game.play(c, "rush_warm", GUESSES[0])
    before = lock_waits(conn)
    with no_lock_waits(conn):
        assert at_once([player_game(front_end, f"rush{n}") for n in range(32)]) == []
    assert lock_waits(conn) == before
    yesterday = today(conn) - timedelta(1)

    def past_game(name: str) -> Callable[[], None]:
        def play() -> None:
            with db.connect(front_end) as c:
                for guess in GUESSES:
                    game.play(c, name, guess, yesterday)

        return play

    with no_lock_waits(conn):
        assert at_once([past_game(f"rush{n}") for n in range(32)]) == []
    assert lock_waits(conn) == before


def test_many_sessions_of_a_kept_player_make_one_game(shared, conn: Connection) -> None:
    """16 sessions of a player with a kept access decision make the first guess of its past
    day's game at once (migration 0035: the guess makes the game, _wordle_new_game, and locks
    it in its own read): one game, each guess once, only WD034 refusals; then 12 sessions
    send the rest of the game at once: never past max_tries, only WD034/WD035."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front_end = shared("player")
    with db.connect(front_end) as c:
        game.play(c, "rush_kept", GUESSES[0])  # today's game: the decision is kept
    yesterday = today(conn) - timedelta(1)

    def guess(word: str) -> Callable[[], None]:
        def play() -> None:
            with db.connect(front_end) as c:
                game.play(c, "rush_kept", word, yesterday)

        return play

    errors = at_once([guess(GUESSES[0]) for _ in range(16)])
    assert sorted({e.sqlstate for e in errors}) == ["WD034"] and len(errors) == 15, errors
    errors = at_once([guess(word) for word in GUESSES[1:] * 2 + ["vivid", "bumpy"]])
    assert {e.sqlstate for e in errors} <= {"WD034", "WD035"}, errors
    rows = db.query(
        conn,
        "SELECT g.attempts, g.max_tries, g.state, g.archive, COUNT(*) AS n, "
        "COUNT(DISTINCT a.guess) AS d FROM games g JOIN players p ON p.id = "
        "g.player_id JOIN attempts a ON a.game_id = g.id WHERE p.name = "
        "'rush_kept' AND g.day = ? GROUP BY g.id",
        yesterday,
    )
    assert [(r["attempts"], r["n"], r["d"], r["state"], r["archive"]) for r in rows] == [
        (rows[0]["max_tries"],) * 3 + ("lost", 1)
    ]


def test_many_sessions_of_a_player_found_by_name_play_one_game(shared, conn: Connection) -> None:
    """A player whose kept decision an access change retired is found by name (0059 as first
    written made the day's game before reading it, the key refusing it): 12 sessions of it send
    the rest of its game at once: one game, never past max_tries, each guess once, only
    WD034/WD035 refusals."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front_end = shared("player")
    with db.connect(front_end) as c:
        game.play(c, "rush_found", GUESSES[0])  # today's game and a kept decision
    db.query(conn, "UPDATE access_version SET version = version + 1")  # retired

    def guess(word: str) -> Callable[[], None]:
        def play() -> None:
            with db.connect(front_end) as c:
                game.play(c, "rush_found", word)

        return play

    errors = at_once([guess(word) for word in GUESSES[1:] * 2 + ["vivid", "bumpy"]])
    assert {e.sqlstate for e in errors} <= {"WD034", "WD035"}, errors
    rows = db.query(
        conn,
        "SELECT g.attempts, g.max_tries, g.state, COUNT(*) AS n, COUNT(DISTINCT a.guess) AS d "
        "FROM games g JOIN players p ON p.id = g.player_id JOIN attempts a ON a.game_id = g.id "
        "WHERE p.name = 'rush_found' GROUP BY g.id",
    )
    assert [(r["attempts"], r["n"], r["d"], r["state"]) for r in rows] == [
        (rows[0]["max_tries"],) * 3 + ("lost",)
    ]


def test_publication_and_letter_hints_beside_the_players(
    shared, conn: Connection, db_url: URL
) -> None:
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front_end, publisher = shared("player"), shared("publisher")
    day = today(conn)

    def publish_ahead() -> None:
        with db.connect(publisher) as c:
            for offset in range(2, 40):
                db.call(c, "wordle_publish", day + timedelta(offset))

    def hints(name: str) -> Callable[[], None]:
        def work() -> None:
            with db.connect(front_end) as c:
                db.call(c, "wordle_reveal_letter", name, None)
                for guess in GUESSES:
                    game.play(c, name, guess)

        return work

    workers = [player_game(front_end, f"rush{n}") for n in range(16)]
    workers += [hints(f"rush_h{n}") for n in range(8)]
    workers += [publish_ahead, publish_ahead]
    assert at_once(workers) == []
    assert_consistent(conn, 24)
    assert db.scalar(conn, "SELECT COUNT(*) FROM puzzles WHERE day > ?", day + timedelta(1)) == 38
    assert db.scalar(conn, "SELECT COUNT(*) FROM revealed_letters") == 8
    assert db.scalar(conn, "SELECT word FROM puzzle_schedule WHERE day = ?", day) == ANSWER


def test_imports_and_the_solver_build_beside_the_players(new_db: Callable[[], URL]) -> None:
    """Word imports (answers and guesses) and a solver build run while players play: no
    player's call fails, and the import and the build finish too."""
    url = new_db()
    schema.migrate(url)
    allowed = [w.strip() for w in words.bundled_path(words.BUNDLED_ALLOWED).open()][::16]
    answers = [w.strip() for w in words.bundled_path(words.BUNDLED_ANSWERS).open()][::8]
    with db.connect(url) as conn:
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(allowed + GUESSES, 1)], False)
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(answers, 1)], True)
        publish.publish(conn)
    rng = random.Random(11)
    imported = set(allowed + GUESSES + answers)

    def import_more() -> None:
        with db.connect(url) as conn:
            for batch in range(6):
                new = ["".join(rng.choices(string.ascii_lowercase, k=5)) for _ in range(300)]
                words.import_lines(conn, [(n, w, 0) for n, w in enumerate(new, 1)], batch % 2 == 0)
                imported.update(new)

    def build() -> None:
        solver.build(url, workers=2)

    workers = [player_game(url, f"rush{n}") for n in range(12)] + [import_more, build]
    assert at_once(workers) == []
    with db.connect(url) as conn:
        assert_consistent(conn, 12)
        assert db.scalar(conn, "SELECT COUNT(*) FROM words") == len(imported)
        with pytest.raises(DatabaseError, match="not built for the current word lists"):
            solver.suggest(conn, "slate=00000", None, None)  # the next build takes the new words


def code(exc: BaseException) -> str:
    return getattr(exc, "sqlstate", None) or repr(exc)


@pytest.mark.found_by("review of migration 0034: held")
@pytest.mark.parametrize("generation", [False, True])
def test_many_sessions_of_one_player_at_once(shared, conn: Connection, generation: bool) -> None:
    """24 sessions of one player with a game under way send the same guess, then different
    ones, at once: one attempt per guess, never past max_tries, only WD034/WD035 refusals."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front = shared("player")
    with db.connect(front) as c:
        game.play(c, "racer", "slate")  # the game exists, the decision is kept
    gen = db.scalar(conn, "SELECT session_generation FROM players WHERE name = 'racer'")

    def guess(word: str) -> Callable[[], None]:
        def work() -> None:
            with db.connect(front) as c:
                if generation:
                    game.play_with_keyboard(c, "racer", word, generation=gen)
                else:
                    game.play(c, "racer", word)

        return work

    for round_ in range(3):
        errors = at_once([guess("pious") for _ in range(24)])
        codes = sorted({code(e) for e in errors})
        assert codes in ([], ["WD034"]), codes
        assert len(errors) == (23 if round_ == 0 else 24)
    many = [
        "dumpy",
        "chewy",
        "fjord",
        "gawky",
        "vivid",
        "bumpy",
        "jazzy",
        "fuzzy",
        "mummy",
        "puppy",
        "dizzy",
        "fluff",
    ]
    errors = at_once([guess(w) for w in many for _ in range(2)])
    assert {code(e) for e in errors} <= {"WD034", "WD035"}, {code(e) for e in errors}
    row = db.query(
        conn,
        "SELECT g.attempts, g.max_tries, g.state, COUNT(*) AS n, "
        "COUNT(DISTINCT a.guess) AS d FROM games g JOIN players p ON p.id = "
        "g.player_id JOIN attempts a ON a.game_id = g.id WHERE p.name = 'racer' "
        "GROUP BY g.id",
    )[0]
    assert row["attempts"] == row["max_tries"] == row["n"] == row["d"], row
    assert row["state"] == "lost"


HOSTILE_PLANS = [
    None,
    "SET optimizer_switch = 'exists_to_in=on,materialization=on,in_to_exists=off,semijoin=on'",
    "SET optimizer_switch = 'exists_to_in=on,materialization=on,in_to_exists=off,semijoin=off'",
    "SET optimizer_switch = 'exists_to_in=off'",
    "SET optimizer_switch = 'index_condition_pushdown=off,mrr=on,mrr_sort_keys=on'",
    "SET optimizer_switch = 'subquery_cache=off,exists_to_in=on,materialization=on,"
    "in_to_exists=off,partial_match_rowid_merge=on,partial_match_table_scan=on'",
    "SET optimizer_use_condition_selectivity = 1, optimizer_search_depth = 1",
    "SET eq_range_index_dive_limit = 0, optimizer_prune_level = 0",
]


@pytest.mark.found_by("review of migration 0034: held")
@pytest.mark.parametrize("setting", HOSTILE_PLANS)
def test_a_guess_never_waits_for_another_players_uncommitted_rows(
    shared, conn: Connection, db_url: URL, setting
) -> None:
    """Another player's uncommitted attempt and game rows held: this player's new, repeated
    and new guesses wait for nothing, under hostile optimizer settings too."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front = shared("player")
    with db.connect(front) as c:
        for name in ("vic", "att"):
            game.play(c, name, "slate")
    vic_game = db.scalar(
        conn, "SELECT g.id FROM games g JOIN players p ON p.id = g.player_id WHERE p.name = 'vic'"
    )
    holder = db.connect(db_url)
    with holder as h:
        h.exec_driver_sql("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED")
        h.exec_driver_sql("START TRANSACTION")
        # the victim's move under way: its attempts rows, a new one, its game row, all X-locked
        h.exec_driver_sql(
            f"INSERT INTO attempts (game_id, attempt, guess, hint) VALUES "
            f"({vic_game}, 2, 'pious', '00000')"
        )
        h.exec_driver_sql(f"SELECT * FROM attempts WHERE game_id = {vic_game} FOR UPDATE")
        h.exec_driver_sql(f"SELECT * FROM games WHERE id = {vic_game} FOR UPDATE")
        before = lock_waits(conn)
        try:
            with no_lock_waits(conn), db.connect(front) as c:
                if setting:
                    c.exec_driver_sql(setting)
                for w in ("pious", "slate", "dumpy"):  # new, repeated, new
                    r = row_or_sqlstate(c, "wordle_play_on", None, "att", w, None, None)
                    assert r[0] == "row" or r[1] == "WD034", (setting, w, r)
        finally:
            h.exec_driver_sql("ROLLBACK")
    assert lock_waits(conn) == before


@pytest.mark.found_by("review of migration 0034: held")
@pytest.mark.parametrize("setting", HOSTILE_PLANS[:2])
@pytest.mark.parametrize("change", ["repeat", "lost", "generation"])
def test_a_guess_waiting_for_its_game_sees_what_the_other_move_committed(
    shared, conn: Connection, db_url: URL, setting, change
) -> None:
    """A guess waiting for its game's lock sees what the holder committed meanwhile: the
    same guess (WD034), the game lost (WD035), the session ended (WD096)."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    front = shared("player")
    with db.connect(front) as c:
        game.play(c, "racer", "slate")
    gid, pid, gen = db.query(
        conn,
        "SELECT g.id, p.id AS pid, p.session_generation AS gen FROM "
        "games g JOIN players p ON p.id = g.player_id WHERE p.name = 'racer'",
    )[0].values()
    result: list[Any] = []
    with db.connect(db_url) as h:
        h.exec_driver_sql("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED")
        h.exec_driver_sql("START TRANSACTION")
        h.exec_driver_sql(f"SELECT * FROM games WHERE id = {gid} FOR UPDATE")
        h.exec_driver_sql(f"SELECT * FROM players WHERE id = {pid} FOR UPDATE")

        def guess() -> None:
            with db.connect(front) as c:
                if setting:
                    c.exec_driver_sql(setting)
                c.exec_driver_sql("SET innodb_lock_wait_timeout = 30")
                result.append(
                    row_or_sqlstate(c, "wordle_guess_on", None, "racer", "pious", None, None, gen)
                )

        t = threading.Thread(target=guess)
        t.start()
        for _ in range(400):  # up to 20 s: a loaded CI machine starts the thread late
            time.sleep(0.05)
            if db.scalar(conn, "SELECT COUNT(*) FROM information_schema.INNODB_LOCK_WAITS") > 0:
                break
        else:
            states = db.query(
                conn,
                "SELECT USER, COMMAND, STATE, LEFT(INFO, 80) AS info FROM "
                "information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID()",
            )
            raise AssertionError(f"the guess never waited: {result} {states}")
        if change == "repeat":
            h.exec_driver_sql(
                f"INSERT INTO attempts (game_id, attempt, guess, hint) VALUES "
                f"({gid}, 2, 'pious', '00000')"
            )
            h.exec_driver_sql(f"UPDATE games SET attempts = 2 WHERE id = {gid}")
        elif change == "lost":
            h.exec_driver_sql(f"UPDATE games SET state = 'lost' WHERE id = {gid}")
        else:
            h.exec_driver_sql(
                f"UPDATE players SET session_generation = session_generation + 1 WHERE id = {pid}"
            )
        h.exec_driver_sql("COMMIT")
        t.join(60)
    want = {"repeat": "WD034", "lost": "WD035", "generation": "WD096"}[change]
    assert result and result[0][:2] == ("error", want), result
    assert db.scalar(conn, f"SELECT COUNT(*) FROM attempts WHERE game_id = {gid}") == (
        2 if change == "repeat" else 1
    )


@pytest.mark.found_by("review of migration 0035: held")
@pytest.mark.parametrize(
    "setting", [None, HOSTILE_PLANS[1], HOSTILE_PLANS[5], "SET big_tables = 1"]
)
def test_the_one_read_waits_for_no_other_players_rows(
    old_and_new_player, conn: Connection, db_url: URL, setting: str | None
) -> None:
    """Another player's first move of the day under way (its player, kept decision, game and
    attempt rows, uncommitted, one of them the same account's neighbouring name), another
    player's game of the zoned channel locked: this account's new and kept players' guesses,
    today's and yesterday's, on the default and a zoned channel, wait for nothing."""
    _url, c = old_and_new_player
    todays = zoned_channels(conn)
    account = db.scalar(c, "SELECT SESSION_USER()")
    for name in ("kept", "vic"):
        game.play(c, name, "slate", channel="east")
    vic = db.query(
        conn,
        "SELECT g.id AS game, p.id AS player FROM games g JOIN players p "
        "ON p.id = g.player_id WHERE p.name = 'vic'",
    )[0]
    version = db.scalar(conn, "SELECT version FROM access_version")
    with db.connect(db_url) as h:
        h.exec_driver_sql("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED")
        h.exec_driver_sql("START TRANSACTION")
        h.exec_driver_sql("INSERT INTO players (name, account) VALUES ('kepu', ?)", (account,))
        new = db.scalar(h, "SELECT LAST_INSERT_ID()")
        for name in ("kepu", "kept0", "new0"):  # around this account's keys
            h.exec_driver_sql(
                "INSERT INTO player_access (account, name, version, player_id) VALUES (?, ?, ?, ?)",
                (account, name, version, new),
            )
        for channel in ("en", "east"):
            h.exec_driver_sql(
                "INSERT INTO games (player_id, channel_id, day, max_tries, archive, "
                "started_at) SELECT ?, id, ?, 6, 0, NOW() FROM channels WHERE "
                "name = ?",
                (new, todays["east"] if channel == "east" else today(conn), channel),
            )
        h.exec_driver_sql(f"SELECT * FROM games WHERE id = {vic['game']} FOR UPDATE")
        h.exec_driver_sql(f"SELECT * FROM players WHERE id = {vic['player']} FOR UPDATE")
        before = lock_waits(conn)
        try:
            with no_lock_waits(conn):
                if setting:
                    c.exec_driver_sql(setting)
                c.exec_driver_sql("SET innodb_lock_wait_timeout = 0")
                for channel, d in (
                    (None, None),
                    ("east", None),
                    ("east", todays["east"] - timedelta(1)),
                ):
                    for who in ("kept", "new"):
                        r = row_or_sqlstate(c, "wordle_play_on", channel, who, "crane", d, None)
                        assert r[0] == "row" or r[1] == "WD034", (setting, channel, d, who, r)
        finally:
            h.exec_driver_sql("ROLLBACK")
    assert lock_waits(conn) == before


@pytest.mark.found_by("review of migration 0035: held")
@pytest.mark.parametrize("held", ["settings", "channels", "access_version", "puzzles", "words"])
def test_rows_an_administrator_holds_make_no_more_waits_than_before(
    old_and_new_player, conn: Connection, db_url: URL, held: str
) -> None:
    """The one read now joins settings, channels, puzzles, words and access_version in one
    statement: a row of them X-locked by an uncommitted administrator's change (a default
    channel or zone being set, a REVOKE's version bump, a publication) makes a kept player's
    guess wait no more than 0034's two reads did (neither waits: consistent reads)."""
    _url, c = old_and_new_player
    todays = zoned_channels(conn)
    for proc in ("_wordle_way_usual", "_wordle_way_long"):
        row_or_sqlstate(c, proc, "east", "kept" + proc[-1], "slate", None, None, False, None)
    change = {
        "settings": "UPDATE settings SET value = CONCAT(value, '') WHERE name = 'default_channel'",
        "channels": "UPDATE channels SET max_tries = max_tries + 1",
        "access_version": "UPDATE access_version SET version = version + 1",
        "puzzles": "UPDATE puzzles SET word_id = word_id + 0, day = day",
        "words": "UPDATE words SET word = CONCAT(word, '') WHERE word IN ('crane', "
        "'pious', 'qopaz', 'zimbu', 'vexor', 'wuxiq')",
    }[held]
    seen = {}
    with db.connect(db_url) as h:
        h.exec_driver_sql("START TRANSACTION")
        h.exec_driver_sql(change)
        h.exec_driver_sql(f"SELECT * FROM {held} FOR UPDATE")
        try:
            with no_lock_waits(conn):
                c.exec_driver_sql("SET innodb_lock_wait_timeout = 0")
                for proc in ("_wordle_way_usual", "_wordle_way_long"):
                    seen[proc] = [
                        row_or_sqlstate(
                            c, proc, "east", "kept" + proc[-1], w, d, None, False, None
                        )[:2]
                        for w, d in (("crane", None), ("pious", todays["east"] - timedelta(1)))
                    ]
        finally:
            h.exec_driver_sql("ROLLBACK")
    new, old = (
        [r if r[0] == "error" else ("row",) for r in seen[p]]
        for p in ("_wordle_way_usual", "_wordle_way_long")
    )
    assert new == old, seen
    assert ("error", "HY000") not in new and all(r[0] == "row" for r in new[:1]), seen


HOSTILE_SESSIONS = [
    (),
    (
        "SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE",
        "SET autocommit = 0",
        "START TRANSACTION WITH CONSISTENT SNAPSHOT",
    ),  # a transaction left open
    (
        "SET optimizer_switch = 'index_condition_pushdown=off,mrr=on,mrr_sort_keys=on'",
        "SET optimizer_use_condition_selectivity = 1, optimizer_search_depth = 1",
        "SET big_tables = 1",
    ),
]


# each session state with two generations, each generation on both days (the review ran all 18)
@pytest.mark.found_by("second review of migration 0035: held")
@pytest.mark.parametrize(
    ("session", "generation", "shift"),
    [
        (HOSTILE_SESSIONS[0], "none", 0),
        (HOSTILE_SESSIONS[1], "right", -1),
        (HOSTILE_SESSIONS[2], "ended", 0),
        (HOSTILE_SESSIONS[0], "right", 0),
        (HOSTILE_SESSIONS[1], "ended", -1),
        (HOSTILE_SESSIONS[2], "none", -1),
    ],
)
def test_many_sessions_of_a_kept_player_make_its_new_game_at_once(
    shared, conn: Connection, session: tuple[str, ...], generation: str, shift: int
) -> None:
    """12 sessions of one kept player send the first guesses of its game of today or
    yesterday at once (6 words, each twice, none the answer), through wordle_guess_on, with no,
    the right or an ended session generation, under hostile sessions: one game, each word
    once, never past max_tries, only WD034/WD035 refusals; an ended generation: every call
    WD096 and no game left behind."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    url = shared("player")
    gen = kept(url, conn, "racer")
    day = today(conn) + timedelta(shift)
    passed = {"none": None, "right": gen, "ended": gen + 1}[generation]

    def guess(word: str) -> Callable[[], None]:
        def play() -> None:
            with db.connect(url) as c:
                for statement in session:
                    c.exec_driver_sql(statement)
                db.call(c, "wordle_guess_on", None, "racer", word, day, None, passed)

        return play

    errors = at_once([guess(w) for w in GUESSES * 2])
    made = [g for g in games_of(conn, "racer") if g["channel"] == "en"]
    codes = sorted({getattr(e, "sqlstate", repr(e)) for e in errors})
    if generation == "ended":
        assert codes == ["WD096"] and len(errors) == 12 and made == [], (codes, made)
        return
    assert set(codes) <= {"WD034", "WD035"} and len(errors) == 6, errors
    assert [
        (g["day"], g["attempts"], g["rows_"], g["max_tries"], g["state"], g["archive"])
        for g in made
    ] == [(day, 6, 6, 6, "lost", int(shift < 0))]


@pytest.mark.found_by("second review of migration 0035: held")
@pytest.mark.alone  # it reads the server's lock wait counter
@pytest.mark.parametrize("session", HOSTILE_SESSIONS[1:])
def test_kept_players_first_guesses_wait_for_no_other_player(
    shared, conn: Connection, session: tuple[str, ...]
) -> None:
    """16 kept players (one front-end account) make their first guess of yesterday and of the
    side channel's tomorrow-refused day at once, each in a hostile session (SERIALIZABLE with
    a transaction left open; odd plans): nothing waits for a lock,
    a row's or the games table's AUTO-INC (timeouts 0), the counter does not move."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    url = shared("player")
    for n in range(16):
        kept(url, conn, f"k{n}")
    yesterday = today(conn) - timedelta(1)

    def first(name: str) -> Callable[[], None]:
        def play() -> None:
            with db.connect(url) as c:
                for statement in session:
                    c.exec_driver_sql(statement)
                game.play(c, name, GUESSES[0], yesterday)
                game.play(c, name, GUESSES[1])

        return play

    before = lock_waits(conn)
    with no_lock_waits(conn):
        assert at_once([first(f"k{n}") for n in range(16)]) == []
    assert lock_waits(conn) == before
    assert (
        db.scalar(
            conn,
            "SELECT COUNT(*) FROM games g JOIN players p ON p.id = g.player_id "
            "WHERE p.name LIKE 'k%' AND g.channel_id = 1",
        )
        == 32
    )


# Many sessions of one player, through three accounts (two front ends with player_names
# 'any', an administrator: three kept decisions, none making another wait), its decisions
# retired throughout (the access version bumped 20 times while they play: each move may be
# found by name and make its game first, 0059), with a change of its own: change -> what an
# administrator does meanwhile. Sessions hold the player's session generation, every third
# one a generation a sign-out ended before the rush (each of its moves WD096).
FOUND_RUSH_CHANGES: dict[str, Callable[[Connection], object] | None] = {
    "nothing else": None,
    "the channel's max_tries lowered": lambda c: db.query(
        c, "UPDATE channels SET max_tries = 3 WHERE id = 1"
    ),
    "the channel's max_tries raised": lambda c: db.query(
        c, "UPDATE channels SET max_tries = 12 WHERE id = 1"
    ),
    "an account granted (wordle-db grant, the accounts refreshed)": lambda c: roles.grant(
        c, "reader", "rush_reader@localhost", "pw"
    ),
}


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(c, marks=pytest.mark.found_by("review of 0059: held"))
        for c in FOUND_RUSH_CHANGES
    ],
)
@pytest.mark.parametrize("past", [False, True])
def test_a_player_found_by_name_from_three_accounts_at_once(
    shared, conn: Connection, db_url: URL, change: str, past: bool
) -> None:
    """24 sessions (8 per account) each send one guess of the player's game (today's, under
    way; or a past day's, which their first guesses make) with its keyboard, calls as other
    applications send them (no retry): one game, with the channel's max_tries when it was
    made (6), never past them, each guess once, only WD034/WD035 from sessions of the current
    generation and WD096 from the others: no WD025, no raw error."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    urls = [shared("player"), shared("player"), db_url]
    for url, word in zip(urls[:2], ("vexor", "slate"), strict=True):
        with db.connect(url) as c:
            game.play(c, "mob", word, channel="side")  # the decisions kept
    day = today(conn) - timedelta(1 if past else 0)
    if not past:
        game.play(conn, "mob", GUESSES[0])
    db.call(conn, "wordle_sign_out_everywhere", "mob", None)
    gen = db.scalar(conn, "SELECT session_generation FROM players WHERE name = 'mob'")
    administrator = FOUND_RUSH_CHANGES[change]
    words = GUESSES if past else [*GUESSES[1:], "vivid", "bumpy", "jazzy"]
    got: list[Any] = []

    def guess(url: URL, word: str, generation: int) -> Callable[[], None]:
        def play() -> None:
            with db.connect(url) as c:
                call = "CALL wordle_guess_on(NULL, 'mob', ?, ?, NULL, ?)"
                got.append((generation, raw_call(c, call, word, day, generation)))

        return play

    def meanwhile() -> None:
        for n in range(20):
            db.query(conn, "UPDATE access_version SET version = version + 1")
            if administrator and n == 5:
                administrator(conn)
            time.sleep(0.005)

    workers = [
        guess(url, words[(n + k) % len(words)], gen - 1 if n % 3 == 0 else gen)
        for k, url in enumerate(urls)
        for n in range(8)
    ]
    try:
        assert at_once([meanwhile, *workers]) == []
    finally:
        conn.exec_driver_sql("DROP USER IF EXISTS 'rush_reader'@'localhost'")
    ended = [g for generation, g in got if generation != gen]
    refused = {g for generation, g in got if generation == gen and not isinstance(g, list)}
    assert ended == ["WD096"] * 9 and refused <= {"WD034", "WD035"}, got
    rows = db.query(
        conn,
        "SELECT g.attempts, g.max_tries, g.state, g.archive, COUNT(a.game_id) AS n, "
        "COUNT(DISTINCT a.guess) AS d FROM games g JOIN players p ON p.id = g.player_id "
        "LEFT JOIN attempts a ON a.game_id = g.id WHERE p.name = 'mob' AND g.day = ? "
        "AND g.channel_id = 1 GROUP BY g.id",
        day,
    )
    assert len(rows) == 1, rows
    r = rows[0]
    assert r["max_tries"] == 6 and r["archive"] == past, r
    assert r["attempts"] == r["n"] == r["d"] <= 6, r
    assert (r["attempts"] == 6) == (r["state"] == "lost"), (r, got)


# The calls of one player that write a kept decision (_wordle_player with create: since 0060
# the found player's row locked for writing first), as other applications send them (no retry).
PLAYER_CALLS: dict[str, str] = {
    "a guess": "CALL wordle_guess_on(NULL, 'mob', ?, NULL, NULL, NULL)",
    "a letter hint": "CALL wordle_reveal_letter_on(NULL, 'mob', NULL, ?)",
    "sign out everywhere": "CALL wordle_sign_out_everywhere('mob', ?)",
    "a transfer code": "CALL wordle_transfer_code('mob', ?, @code)",
    "a league joined": "CALL wordle_league_join('mob', NULL, ?, 'mob')",
}


@pytest.mark.found_by("review of 0061: held")
def test_one_players_calls_of_every_kind_from_three_accounts_at_once(
    shared, conn: Connection, db_url: URL
) -> None:
    """24 sessions of one player (8 per account: two front ends with player_names 'any', an
    administrator), the access version bumped 20 times meanwhile: each sends one call of
    PLAYER_CALLS in turn (guesses, letter hints, sign-outs, transfer codes, joins of one
    league). Each answers, or refuses as the game's rules say (WD034 a repeated guess, WD035
    over, WD040 no hint left): never the server's deadlock (1213), a
    lock wait (WD025) or another raw error; the game stays one game within its tries."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    urls = [shared("player"), shared("player"), db_url]
    for url, word in zip(urls[:2], ("vexor", "slate"), strict=True):
        with db.connect(url) as c:
            game.play(c, "mob", word, channel="side")  # the decisions kept
    game.play(conn, "mob", GUESSES[0])
    code = str(leagues.create(conn, "lou", "the league", "lou")["code"])
    words = [*GUESSES[1:], "vivid", "bumpy", "jazzy"]
    got: list[tuple[str, Any]] = []

    def call(url: URL, kind: str, n: int) -> Callable[[], None]:
        arg = {"a guess": words[n % len(words)], "a league joined": code}.get(kind)

        def send() -> None:
            with db.connect(url) as c:
                got.append((kind, raw_call(c, PLAYER_CALLS[kind], arg)))

        return send

    def meanwhile() -> None:
        for _ in range(20):
            db.query(conn, "UPDATE access_version SET version = version + 1")
            time.sleep(0.005)

    kinds = list(PLAYER_CALLS)
    workers = [
        call(url, kinds[(n + k) % len(kinds)], n + 8 * k)
        for k, url in enumerate(urls)
        for n in range(8)
    ]
    assert at_once([meanwhile, *workers]) == []
    refused = {(kind, g) for kind, g in got if not isinstance(g, list)}
    assert refused <= {
        ("a guess", "WD034"),
        ("a guess", "WD035"),
        ("a letter hint", "WD035"),
        ("a letter hint", "WD040"),
    }, got
    rows = db.query(
        conn,
        "SELECT g.attempts, g.state, COUNT(a.game_id) AS n FROM games g JOIN players p "
        "ON p.id = g.player_id LEFT JOIN attempts a ON a.game_id = g.id WHERE p.name = 'mob' "
        "AND g.channel_id = 1 GROUP BY g.id",
    )
    assert len(rows) == 1 and rows[0]["attempts"] == rows[0]["n"] <= 6, rows


@pytest.mark.found_by("review of 0059: held")
@pytest.mark.parametrize("past", [False, True])
def test_letter_hints_as_a_new_players_first_moves_at_once(
    shared, conn: Connection, db_url: URL, past: bool
) -> None:
    """A new player's first moves are 12 letter hints at once (the channel allows 2), sent
    through three accounts (two front ends with player_names any, an administrator), all
    made by its move or found by name (0059: the move that makes the player makes its game
    before reading it, the others read it first), of today's game or a past day's: one game,
    two letters revealed at two places, every other hint WD040 (no hint left), calls as other
    applications send them."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    urls = [shared("player"), shared("player"), db_url]
    day = today(conn) - timedelta(1 if past else 0)
    got: list[Any] = []

    def hint(url: URL) -> Callable[[], None]:
        def reveal() -> None:
            with db.connect(url) as c:
                got.append(
                    raw_call(c, "CALL wordle_reveal_letter_on(NULL, 'hinted', ?, NULL)", day)
                )

        return reveal

    assert at_once([hint(url) for url in urls for _ in range(4)]) == []
    rows = [g[0] for g in got if isinstance(g, list)]
    assert sorted(r["letters_revealed"] for r in rows) == [1, 2], got
    assert len({r["position"] for r in rows}) == 2, rows
    assert sorted(g for g in got if not isinstance(g, list)) == ["WD040"] * 10, got
    made = db.query(
        conn,
        "SELECT g.revealed, g.attempts, g.archive, (SELECT COUNT(*) FROM revealed_letters r "
        "WHERE r.game_id = g.id) AS n FROM games g JOIN players p ON p.id = g.player_id "
        "WHERE p.name = 'hinted'",
    )
    assert made == [{"revealed": 2, "attempts": 0, "archive": past, "n": 2}], made


# A player's move while another move of its own holds its game (a transaction holds the row,
# as above for the victim's move under way) and while its kept decision is retired (found by
# name: 0059's first text made its game, which the key refused, before the locked read,
# and share-locked the gap before it; the move now reads it first): the calls of
# other players beside it, named (player made just before it, new player) -> the call. Each
# goes through without a lock wait (innodb_lock_wait_timeout 0: a wait is WD025 at once).
BESIDE_A_WAITING_MOVE: dict[str, Callable[[Connection, str], object]] = {
    "the player made before it: a guess in its game": lambda c, p: game.play(c, p, "pious"),
    "the player made before it: its first guess of a past day": lambda c, p: game.play(
        c, p, "slate", today(c) - timedelta(1)
    ),
    "a new player's first guess": lambda c, p: game.play(c, f"n{time.monotonic_ns()}", "slate"),
    "a new player's first guess on the side channel": lambda c, p: game.play(
        c, f"n{time.monotonic_ns()}", "vexor", channel="side"
    ),
}
# Found by the review of 0059: rows as above. The refused insert's duplicate check share-locks
# the found player's game with the gap before it in player_channel_day (READ COMMITTED too),
# where the new games of the player made before it go.
BESIDE_A_WAITING_MOVE_FOUND: dict[str, Callable[[Connection, str], object]] = {
    "the player made before it: its first guess on the side channel": lambda c, p: game.play(
        c, p, "vexor", channel="side"
    ),
    "the player made before it: its first letter hint on the side channel": lambda c, p: (
        game.reveal_letter(c, p, channel="side")
    ),
}


@pytest.mark.parametrize(
    "call",
    [
        *(
            pytest.param(r, marks=pytest.mark.found_by("review of 0059: held"))
            for r in BESIDE_A_WAITING_MOVE
        ),
        *(
            pytest.param(r, marks=pytest.mark.found_by("review of 0059"))
            for r in BESIDE_A_WAITING_MOVE_FOUND
        ),
    ],
)
def test_a_move_found_by_name_waiting_for_its_game_holds_up_no_other_player(
    shared, conn: Connection, db_url: URL, call: str
) -> None:
    """vic, then the account's own login player (its game of today after vic's); the access
    version bumped; a transaction holds the login player's game (its own move under way) and
    the login player's guess waits behind it (its session's lock wait timeout 10 s, which no
    check refuses): another player's call goes through at once, and the waiting move ends in
    its own game."""
    move_found_by_name_waiting_beside(shared, conn, db_url, call, None)


# The waiting move's session as a hostile application leaves it: its LAST_INSERT_ID() already
# the id of the player the move finds by name (0059 makes the game first only for a player
# LAST_INSERT_ID() says its own call made) -> statements run before the move ({id}: the id).
MOVER_SESSIONS: dict[str, str] = {
    "LAST_INSERT_ID(id) selected": "SELECT LAST_INSERT_ID({id})",
    "last_insert_id set": "SET last_insert_id = {id}",
    "LAST_INSERT_ID(id) in a user variable's assignment": "SET @seen = LAST_INSERT_ID({id})",
}


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(r, marks=pytest.mark.found_by("review of 0061: held"))
        for r in BESIDE_A_WAITING_MOVE_FOUND
    ],
)
@pytest.mark.parametrize("session", list(MOVER_SESSIONS))
def test_a_waiting_move_whose_session_says_its_player_was_just_made(
    shared, conn: Connection, db_url: URL, call: str, session: str
) -> None:
    """As above, the moving session's LAST_INSERT_ID() set to its player's id beforehand: the
    move still reads its game first (no gap lock before it), so the other player's first move
    on the side channel goes through at once."""
    move_found_by_name_waiting_beside(shared, conn, db_url, call, MOVER_SESSIONS[session])


def move_found_by_name_waiting_beside(
    shared, conn: Connection, db_url: URL, call: str, session: str | None
) -> None:
    game.play(conn, "vic", "slate")
    url = shared("player")
    login = str(url.username)
    with db.connect(url) as c:
        game.play(c, login, "slate")
    held = db.scalar(
        conn,
        "SELECT g.id FROM games g JOIN players p ON p.id = g.player_id "
        "WHERE p.name = ? AND g.channel_id = 1",
        login,
    )
    db.query(conn, "UPDATE access_version SET version = version + 1")  # found by name
    moved: list[Any] = []
    with db.connect(db_url) as holder, db.connect(url) as mover, db.connect(db_url) as other:
        holder.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
        holder.exec_driver_sql("START TRANSACTION")
        db.query(holder, "SELECT id FROM games WHERE id = ? FOR UPDATE", held)
        mover.exec_driver_sql("SET SESSION innodb_lock_wait_timeout = 10")
        if session:
            player = db.scalar(conn, "SELECT id FROM players WHERE name = ?", login)
            mover.exec_driver_sql(session.format(id=player))
            assert db.scalar(mover, "SELECT LAST_INSERT_ID()") == player
        mover_id = db.scalar(mover, "SELECT CONNECTION_ID()")
        move = threading.Thread(
            target=lambda: moved.append(
                row_or_sqlstate(mover, "wordle_play_on", None, login, "pious", None, None)
            )
        )
        move.start()
        try:
            deadline = time.monotonic() + 5
            while not db.scalar(
                conn,
                "SELECT COUNT(*) FROM information_schema.INNODB_TRX "
                "WHERE trx_mysql_thread_id = ? AND trx_state = 'LOCK WAIT'",
                mover_id,
            ):
                assert time.monotonic() < deadline, "the move never waited for its game"
                time.sleep(0.15)  # INNODB_TRX is a cache a read within 0.1 s leaves as it is
            other.exec_driver_sql("SET SESSION innodb_lock_wait_timeout = 0")
            got = None
            try:
                {**BESIDE_A_WAITING_MOVE, **BESIDE_A_WAITING_MOVE_FOUND}[call](other, "vic")
            except DatabaseError as exc:
                got = (exc.sqlstate, str(exc))
        finally:
            holder.exec_driver_sql("ROLLBACK")
            move.join(timeout=30)
    assert got is None, got
    assert moved[0][0] == "row" and moved[0][1]["attempt"] == 2, moved


# Account calls of the same player beside its move found by name, waiting for its game as
# above (an administrator's, sent as other applications send them: no retry) -> the call.
# Each must answer (after the move) or WD025, never the server's deadlock (1213): on one
# server, docs/sql-api.md asks a caller to try again after WD025 only.
ACCOUNT_CALLS_BESIDE_A_MOVE: dict[str, str] = {
    "sign out everywhere": "CALL wordle_sign_out_everywhere(?, NULL)",
    "a transfer code": "CALL wordle_transfer_code(?, NULL, @code)",
}


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(r, marks=pytest.mark.found_by("review of 0059"))
        for r in ACCOUNT_CALLS_BESIDE_A_MOVE
    ],
)
def test_account_calls_beside_a_move_found_by_name_never_deadlock(
    shared, conn: Connection, db_url: URL, call: str
) -> None:
    """The account's own login player found by name (access version bumped) sends a guess
    that waits for its game (a transaction holds it: its own move under way); an
    administrator's account call for that player waits behind the move; the game let go,
    both answer."""
    url = shared("player")
    login = str(url.username)
    with db.connect(url) as c:
        game.play(c, login, "slate")
    held = db.scalar(
        conn,
        "SELECT g.id FROM games g JOIN players p ON p.id = g.player_id WHERE p.name = ?",
        login,
    )
    db.query(conn, "UPDATE access_version SET version = version + 1")  # found by name
    moved: list[Any] = []
    called: list[Any] = []
    with db.connect(db_url) as holder, db.connect(url) as mover, db.connect(db_url) as admin:
        holder.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
        holder.exec_driver_sql("START TRANSACTION")
        db.query(holder, "SELECT id FROM games WHERE id = ? FOR UPDATE", held)
        ids = []
        for c in (mover, admin):
            c.exec_driver_sql("SET SESSION innodb_lock_wait_timeout = 10")
            ids.append(db.scalar(c, "SELECT CONNECTION_ID()"))
        threads = [
            threading.Thread(
                target=lambda: moved.append(
                    raw_call(mover, "CALL wordle_play_on(NULL, ?, 'pious', NULL, NULL)", login)
                )
            ),
            threading.Thread(
                target=lambda: called.append(
                    raw_call(admin, ACCOUNT_CALLS_BESIDE_A_MOVE[call], login)
                )
            ),
        ]
        try:
            for thread, connection_id in zip(threads, ids, strict=True):
                thread.start()
                deadline = time.monotonic() + 5
                while not db.scalar(
                    conn,
                    "SELECT COUNT(*) FROM information_schema.INNODB_TRX "
                    "WHERE trx_mysql_thread_id = ? AND trx_state = 'LOCK WAIT'",
                    connection_id,
                ):
                    assert time.monotonic() < deadline, "a call never waited"
                    time.sleep(0.15)  # INNODB_TRX is a cache a read within 0.1 s leaves as it is
        finally:
            holder.exec_driver_sql("ROLLBACK")
            for thread in threads:
                thread.join(timeout=30)
    assert isinstance(called[0], list), called
    assert isinstance(moved[0], list) and moved[0][0]["attempt"] == 2, moved
