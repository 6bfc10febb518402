"""The morning rush: many players start today's game at the same moment, through a front-end
account, beside publication and letter hints. No call may fail, and every game stays whole.
"""

from __future__ import annotations

import random
import string
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import db, game, publish, schema, solver, words
from wordle_db.errors import DatabaseError

from support.puzzles import GUESSES, today
from support.puzzles import TODAY_WORD as ANSWER
from support.races import assert_consistent, at_once, lock_waits, no_lock_waits, player_game


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
