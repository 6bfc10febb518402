"""Attacks from the review of migration 0034 (a kept player's game locked, and the repeated
guess looked for, in _wordle_play's own read)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import channels, db, game, publish, words

from support import REPO
from support.calls import install_play, row_or_sqlstate
from support.puzzles import SIDE, TODAY_WORD, TOMORROW_WORD, YESTERDAY_WORD, today
from support.races import at_once, lock_waits, no_lock_waits


def code(exc: BaseException) -> str:
    return getattr(exc, "sqlstate", None) or repr(exc)


# --- races between many sessions of one player --------------------------------------------


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


# --- a player's guess never waits for another player's rows, hostile plans included --------

HOSTILE = [
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


@pytest.mark.parametrize("setting", HOSTILE)
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


def test_the_kept_path_agrees_with_0028_for_games_under_way(shared, conn: Connection) -> None:
    """The kept player's read (0034) and 0028's long way give the same rows and errors, game
    states, channels, days, odd guesses, hard mode and generations crossed."""
    install_play(conn, "_wordle_play_old", (REPO / "sql/history/_wordle_play.0028.sql").read_text())
    day = today(conn)
    channels.add(conn, "fr", 5, language="fr", accents="fold")
    words.import_lines(conn, [(1, "crème", 0)], True, channel="fr")
    words.import_lines(conn, [(1, "slate", 0), (2, "pious", 0)], False, channel="fr")
    publish.publish(conn, day, "crème", "fr")
    chans = [None, "en", "EN", "en ", SIDE, "fr"]
    guesses = [
        "slate",
        "SLATE",
        "slate ",
        "pious",
        "PIOUS",
        "\u017flate",
        "\u212aebab",
        TODAY_WORD,
        TOMORROW_WORD,
        YESTERDAY_WORD,
        "creme",
        "crème",
        "CRÈME",
        "qqqqq",
        "",
        None,
        "x" * 40,
    ]
    days = [None, day - timedelta(1), day + timedelta(1)]
    # states of the game before the guess: (hard, guesses made before)
    states = [
        (None, ["slate"]),
        (True, ["slate"]),
        (None, ["slate", "pious"]),
        (None, ["slate", TODAY_WORD]),
        (None, [TODAY_WORD]),
        (True, ["pious"]),
        (None, ["vexor"]),
        (None, ["crème"]),
        (None, ["slate", "pious", "dumpy", "chewy", "fjord", "gawky"]),
    ]
    gens = [None, 0, 1, 2**32 - 1]
    different = []
    n = 0
    for channel in chans:
        for d in days:
            for hard, before in states:
                for gen in gens:
                    n += 1
                    if gen is not None:
                        todo = [("pious", None), ("slate", None)]
                    else:
                        todo = [(g, h) for g in guesses for h in (None, False, True)]
                    names = {}
                    for proc in ("_wordle_play", "_wordle_play_old"):
                        name = f"k{n}{proc[-3:]}"
                        names[proc] = name
                        for i, w in enumerate(before):
                            row_or_sqlstate(
                                conn,
                                "_wordle_play",
                                channel,
                                name,
                                w,
                                d,
                                hard if i == 0 else None,
                                False,
                                None,
                            )
                    for guess, hard2 in todo:
                        if True:
                            seen = [
                                row_or_sqlstate(
                                    conn, proc, channel, names[proc], guess, d, hard2, False, gen
                                )
                                for proc in names
                            ]
                            if seen[0] != seen[1]:
                                different.append(
                                    (channel, d, hard, before, gen, guess, hard2, seen)
                                )
    assert different == []


@pytest.mark.parametrize("setting", HOSTILE[:2])
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
