"""Attacks from the second review of migration 0035: _wordle_new_game, and a kept player's
first guess of a day that makes its game itself (no _wordle_lock_player_game) and locks it in
the guess's own read.

0034's _wordle_play is installed beside as _wordle_play_old (test_attack_review35's `player`
fixture) where old and new must agree. One hole found: see the first test."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import db, game, publish

from support.calls import row_or_sqlstate
from support.old_play import games_of, kept
from support.puzzles import GUESSES, add_channel, today
from support.races import at_once, lock_waits, no_lock_waits

ANSWERS = ["qopaz", "zimbu", "vexor", "jumpy", "fuzzy", "kylix"]
PROCS = ["_wordle_play_old", "_wordle_play"]


def zoned(conn: Connection) -> dict[str, date]:
    """west (-12:00, 10 tries, accepts 'wuxiq') and east (+13:00, 6 tries, does not), both
    published from the day before west's today to the day after east's (east's today is
    always west's future: 25 hours apart); their todays."""
    add_channel(conn, "west", 5, ANSWERS, ["wuxiq", "slate"], time_zone="-12:00", max_tries=10)
    add_channel(conn, "east", 5, ANSWERS, ["slate"], time_zone="+13:00")
    todays = {n: db.scalar(conn, f"SELECT wordle_today_on('{n}')") for n in ("west", "east")}
    days = sorted({d + timedelta(s) for d in todays.values() for s in (-1, 0, 1)})
    for n in ("west", "east"):
        for d, word in zip(days, ANSWERS, strict=False):
            publish.publish(conn, d, word, n)
    return todays


@contextmanager
def routines_not_loaded(db_url: URL) -> Iterator[None]:
    """Root holds mysql.proc: a session waits (metadata lock) where it first calls a routine
    it has not loaded yet, its other routines cached: a real pause at a chosen point of a
    call, with no change to any routine."""
    with db.connect(db_url) as h:
        h.exec_driver_sql("LOCK TABLES mysql.proc WRITE")
        try:
            yield
        finally:
            h.exec_driver_sql("UNLOCK TABLES")


# --- Found: the long way keeps the first read's player, max_tries and word check ------------


@pytest.mark.alone  # it holds mysql.proc: every worker's routine loads would wait
@pytest.mark.parametrize("guess", ["wuxiq", "slate"])
@pytest.mark.parametrize("proc", PROCS)
def test_a_kept_players_long_way_while_the_default_channel_moves(
    old_and_new_player, conn: Connection, db_url: URL, proc: str, guess: str
) -> None:
    """A kept player guesses on the default channel (west, 10 tries) with the day D that is
    east's today and west's future. 0035's one read finds west's puzzle of D, the kept
    player, west's max_tries and whether west accepts the word; D > west's today sends it the
    long way (v_answer = NULL) but keeps v_player, v_max_tries and v_known. If the operator
    moves the default channel to east (6 tries, no 'wuxiq') before _wordle_find_puzzle reads
    it, the long way resolves east, D is east's today, and 0035 then accepts 'wuxiq' without
    east's word check (v_known was west's) and makes the east game with west's 10 tries
    (_wordle_new_game with v_max_tries), 4 guesses past east's limit. 0034 never kept the
    read's answers on the long way: WD033, or a game of 6 tries. The pause between the read
    and _wordle_find_puzzle is made real by holding mysql.proc while the session has every
    routine but _wordle_find_puzzle loaded (it waits for the metadata lock there); an attacker
    only needs to repeat such guesses (each refused WD030, writing nothing) until an operator
    moves the default channel. Fixed before landing: the long way forgets the read's player and
    word check (`SET v_player = NULL, v_known = FALSE`), as 0034 did."""
    url, _c = old_and_new_player
    todays = zoned(conn)
    day = todays["east"]
    assert day > todays["west"]
    db.call(conn, "wordle_set_setting", "default_channel", "west")
    with db.connect(url) as c:
        # the kept decision, and every routine of the path loaded but _wordle_find_puzzle
        for d in (todays["west"], todays["west"] - timedelta(1)):
            assert row_or_sqlstate(c, proc, None, "kept", "slate", d, None, False, None)[0] == "row"
        got: list[Any] = []
        call = threading.Thread(
            target=lambda: got.append(
                row_or_sqlstate(c, proc, None, "kept", guess, day, None, False, None)
            )
        )
        with routines_not_loaded(db_url):
            call.start()
            time.sleep(0.5)
            waiting = db.query(
                conn,
                "SELECT info FROM information_schema.processlist "
                "WHERE info LIKE 'CALL _wordle_find_puzzle%'",
            )
            assert len(waiting) == 1, waiting  # paused between the read and the long way
            conn.exec_driver_sql(
                "UPDATE settings SET value = 'east' WHERE name = 'default_channel'"
            )  # the operator's move
        call.join(30)
    east = [g for g in games_of(conn, "kept") if g["channel"] == "east"]
    if guess == "wuxiq":
        assert got[0][:2] == ("error", "WD033"), got
        assert east == []
    else:
        assert got[0][0] == "row" and got[0][1]["max_tries"] == 6, got
        assert [(g["day"], g["max_tries"]) for g in east] == [(day, 6)]


# --- Held -----------------------------------------------------------------------------------


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


CASES = [  # (channel, day shift, hard), the kept player's first guess of that game
    (None, 0, None),
    (None, -1, None),
    (None, -1, True),
    (None, -5, False),
    ("side", 0, True),
    ("side", -1, None),
    ("west", -1, None),
    ("west", 0, True),
    ("east", 0, None),
    ("east", -1, False),
    ("east", 1, None),
    ("west", 1, None),
]


def test_the_game_a_kept_first_guess_makes_is_0034s(old_and_new_player, conn: Connection) -> None:
    """Channels (default 6 tries, side, west 10 tries, east) x days (today, past, unpublished
    past, future in the zone) x hard mode: a kept player's first guess makes the same game
    (max_tries, archive, hard, attempts, state) and answers the same row or error through
    0035's new path as through 0034's _wordle_lock_player_game."""
    _url, c = old_and_new_player
    todays = zoned(conn)
    seen: dict[str, list[Any]] = {}
    for proc in PROCS:
        name = "kept" + proc[-1]
        row_or_sqlstate(c, proc, None, name, "slate", None, None, False, None)  # kept from here on
        results = []
        for channel, shift, hard in CASES:
            base = todays.get(channel or "", today(conn))
            r = row_or_sqlstate(
                c, proc, channel, name, "slate", base + timedelta(shift), hard, False, None
            )
            results.append(r[:2] if r[0] == "error" else ("row", r[1]))
        seen[proc] = [results, games_of(conn, name)]
    assert seen["_wordle_play"] == seen["_wordle_play_old"]
    assert len(seen["_wordle_play"][1]) == 1 + sum(r[0] == "row" for r in seen["_wordle_play"][0])


HOSTILE = [
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
@pytest.mark.parametrize(
    ("session", "generation", "shift"),
    [
        (HOSTILE[0], "none", 0),
        (HOSTILE[1], "right", -1),
        (HOSTILE[2], "ended", 0),
        (HOSTILE[0], "right", 0),
        (HOSTILE[1], "ended", -1),
        (HOSTILE[2], "none", -1),
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


@pytest.mark.alone  # it reads the server's lock wait counter
@pytest.mark.parametrize("session", HOSTILE[1:])
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


REFUSED = [  # (session statements, channel, day shift, guess, generation shift): refused
    ((), None, -1, "slate", 1),  # an ended session: WD096
    ((), None, 0, "slate", 2),
    ((), "side", 0, "slate", 1),
    (("SET insert_id = 1",), None, -1, "slate", None),  # WD012: an existing id
    (("SET insert_id = 4294967295",), None, -1, "slate", None),
    (("SET auto_increment_increment = 65535",), None, -1, "slate", None),
    (("SET auto_increment_offset = 7",), None, -1, "slate", None),
    (("SET foreign_key_checks = 0",), None, -3, "slate", None),  # unpublished day
    (("SET unique_checks = 0",), None, -1, "slate", None),
    (("SET max_statement_time = 0.5",), None, -1, "slate", None),  # 0.001 may end it first
    ((), None, 1, "slate", None),  # WD030
    ((), None, -1, "zzzzz", None),  # WD033
    ((), None, -1, "slates", None),  # WD032
    ((), None, -3, "slate", None),  # WD031
    ((), "nope", -1, "slate", None),  # WD060
    (("SET autocommit = 0", "START TRANSACTION WITH CONSISTENT SNAPSHOT"), None, -1, "slate", 1),
]


@pytest.mark.parametrize("proc", PROCS)
def test_a_refused_first_guess_leaves_no_game(
    old_and_new_player, conn: Connection, db_url: URL, proc: str
) -> None:
    """A kept player's refused first guess of a day (an ended generation after the game was
    made, a session setting refused, a future/unpublished day, a word refused, an unknown
    channel; with autocommit off and a transaction left open too): the same refusal as 0034
    and no game, committed or left in an open transaction."""
    url, c = old_and_new_player
    zoned(conn)
    name = "kept" + proc[-1]
    assert row_or_sqlstate(c, proc, None, name, "slate", None, None, False, None)[0] == "row"
    gen = db.scalar(conn, "SELECT session_generation FROM players WHERE name = ?", name)
    before = games_of(conn, name)
    day = today(conn)
    codes = []
    for statements, channel, shift, word, gshift in REFUSED:
        with db.connect(url) as s:
            for statement in statements:
                s.exec_driver_sql(statement)
            r = row_or_sqlstate(
                s,
                proc,
                channel,
                name,
                word,
                day + timedelta(shift),
                None,
                False,
                None if gshift is None else gen + gshift,
            )
            assert r[0] == "error", (statements, r)
            codes.append(r[1])
            assert db.scalar(s, "SELECT @@in_transaction") in (0, 1)
            assert games_of(conn, name) == before, (statements, r)
        assert games_of(conn, name) == before, (statements, r)
    assert codes == ["WD096"] * 3 + ["WD012"] * 7 + [
        "WD030",
        "WD033",
        "WD032",
        "WD031",
        "WD060",
        "WD096",
    ], codes


def test_reveal_and_guess_on_make_kept_players_games_as_before(shared, conn: Connection) -> None:
    """wordle_reveal_letter_on and wordle_guess_on (both through _wordle_lock_player_game /
    _wordle_new_game) for a kept player's new games: today's and yesterday's, with the right,
    no or an ended generation: a game with the channel's tries and the archive flag, a letter
    revealed or a guess made; an ended generation makes nothing."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    url = shared("player")
    gen = kept(url, conn, "hinter")
    day = today(conn)
    with db.connect(url) as c:
        for shift, proc, passed in (
            (0, "wordle_reveal_letter_on", gen + 1),
            (-1, "wordle_reveal_letter_on", gen + 1),
            (-1, "wordle_guess_on", gen + 1),
            (0, "wordle_guess_on", gen),
            (-1, "wordle_reveal_letter_on", None),
            (-1, "wordle_guess_on", gen),
        ):
            args = (
                (None, "hinter", day + timedelta(shift), passed)
                if "reveal" in proc
                else (None, "hinter", "slate", day + timedelta(shift), None, passed)
            )
            r = row_or_sqlstate(c, proc, *args)
            assert (r[0] == "error" and r[1] == "WD096") == (passed == gen + 1), (proc, r)
    made = [
        (g["day"], g["max_tries"], g["archive"], g["revealed"], g["attempts"])
        for g in games_of(conn, "hinter")
        if g["channel"] == "en"
    ]
    assert made == [(day, 6, 0, 0, 1), (day - timedelta(1), 6, 1, 1, 1)], made


@pytest.mark.alone  # it holds mysql.proc: every worker's routine loads would wait
@pytest.mark.parametrize("change", ["remove", "max_tries", "version"])
@pytest.mark.parametrize("proc", PROCS)
def test_a_change_between_the_read_and_the_new_game(
    old_and_new_player, conn: Connection, db_url: URL, proc: str, change: str
) -> None:
    """A kept player's first guess of yesterday on west, paused (mysql.proc held) where it
    makes the game (0035: _wordle_new_game; 0034: _wordle_lock_player_game), while an
    administrator removes west (force), changes its max_tries, or bumps the access version (a
    REVOKE's refresh) and commits: the channel removed is WD060 with no game left; otherwise
    0035 does as 0034 (the game made with the decision read before the change: the guess is
    ordered before it). The only difference: 0035's game takes west's max_tries from the read
    (10), 0034's from its later read (7)."""
    url, _c = old_and_new_player
    todays = zoned(conn)
    name = "kept" + proc[-1]
    with db.connect(url) as first:  # the kept decision and west's game of today
        assert (
            row_or_sqlstate(first, proc, "west", name, "slate", None, None, False, None)[0] == "row"
        )
    add_channel(conn, "spare", 5, ANSWERS)
    db.call(conn, "wordle_channel_remove", "spare", True)  # root's routines loaded
    paused = "_wordle_new_game" if proc == "_wordle_play" else "_wordle_lock_player_game"
    sql = {
        "remove": "CALL wordle_channel_remove('west', TRUE)",
        "max_tries": "UPDATE channels SET max_tries = 7 WHERE name = 'west'",
        "version": "UPDATE access_version SET version = version + 1",
    }[change]
    with db.connect(url) as c:
        assert row_or_sqlstate(c, proc, "west", name, "wuxiq", None, None, False, None)[0] == "row"
        got: list[Any] = []
        call = threading.Thread(
            target=lambda: got.append(
                row_or_sqlstate(
                    c, proc, "west", name, "wuxiq", todays["west"] - timedelta(1), None, False, None
                )
            )
        )
        with routines_not_loaded(db_url):
            call.start()
            time.sleep(0.5)
            waiting = db.query(
                conn,
                f"SELECT info FROM information_schema.processlist WHERE info LIKE 'CALL {paused}%'",
            )
            assert len(waiting) == 1, waiting
            db.query(conn, sql)
        call.join(30)
    made = [
        (g["day"], g["max_tries"], g["archive"], g["attempts"], g["rows_"])
        for g in games_of(conn, name)
        if g["day"] < todays["west"]
    ]
    if change == "remove":
        assert got[0][:2] == ("error", "WD060") and made == [], (got, made)
    else:
        tries = 10 if proc == "_wordle_play" or change == "version" else 7
        assert got[0][0] == "row" and made == [(todays["west"] - timedelta(1), tries, 1, 1, 1)]
