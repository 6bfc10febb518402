"""The guess's paths: _wordle_move's usual way (the context read, the accepted-word check, the
kept player's lock and its first guess that makes its game) against its long way (0034's and
0028's path until the squash of 0.1.0), both installed as procedures of a guess's parameters
(support/guess_ways.py), where they must agree:
the same rows, errors and games for odd channels, guesses, days, zones, sessions and changes
made meanwhile. Waits between players are in test_guess_concurrency.py."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import channels, db, game, publish, words
from wordle_db.errors import DatabaseError

from support.calls import row_or_sqlstate
from support.guess_ways import LONG, USUAL, ZONES, games_of, install_ways, kept, zoned_channels
from support.puzzles import (
    SIDE,
    TODAY_WORD,
    TOMORROW_WORD,
    YESTERDAY_WORD,
    add_channel,
    set_word,
    today,
)


def test_a_first_guess_makes_the_game_of_its_day_kept_player_or_not(conn: Connection) -> None:
    """The game a first guess makes, by a player with a kept access decision (the guess makes
    it itself, migration 0035) or without one (_wordle_lock_player_game): the channel's
    max_tries as it is now, archive for a past day, the guess its first attempt."""
    day = today(conn)
    channels.change(conn, "en", "first_day", str(day - timedelta(1)))
    publish.publish(conn, day - timedelta(1))
    db.call(conn, "wordle_play", "ann", "slate", None, None)  # ann's decision is kept
    channels.change(conn, "en", "max_tries", "4")
    cases = [("ann", day - timedelta(1), 1), ("bob", day - timedelta(1), 1), ("bob", day, 0)]
    for player, when, archive in cases:
        row = db.call(conn, "wordle_play", player, "pious", when, None)[0]
        assert (row["day"], row["attempt"], row["max_tries"]) == (when, 1, 4), (player, when)
        made = db.query(
            conn,
            "SELECT g.archive, g.max_tries, g.attempts, g.state FROM games g "
            "JOIN players p ON p.id = g.player_id WHERE p.name = ? AND "
            "g.day = ?",
            player,
            when,
        )
        assert made == [{"archive": archive, "max_tries": 4, "attempts": 1, "state": "playing"}]


def test_a_player_found_by_name_moves_in_the_game_it_has(conn: Connection) -> None:
    """A player whose kept decision an access change retired is found by name on the usual
    way (0059 first made its game before reading it, and the key refused the new one; since
    its review only a player made by the move does): the move goes on in the game it has,
    the next attempt, a repeated guess refused (WD034), a won game over (WD035); one game."""
    retire = "UPDATE access_version SET version = version + 1"
    set_word(conn, today(conn), TODAY_WORD)
    db.call(conn, "wordle_play", "ann", "slate", None, None)
    db.query(conn, retire)
    row = db.call(conn, "wordle_play", "ann", "pious", None, None)[0]
    assert (row["attempt"], row["guess"], row["state"]) == (2, "pious", "playing")
    db.query(conn, retire)
    assert row_or_sqlstate(conn, "wordle_play", "ann", "slate", None, None)[:2] == (
        "error",
        "WD034",
    )
    db.query(conn, retire)
    assert db.call(conn, "wordle_play", "ann", TODAY_WORD, None, None)[0]["state"] == "won"
    db.query(conn, retire)
    assert row_or_sqlstate(conn, "wordle_play", "ann", "plumb", None, None)[:2] == (
        "error",
        "WD035",
    )
    made = db.query(
        conn,
        "SELECT g.attempts, g.state FROM games g JOIN players p ON p.id = g.player_id "
        "WHERE p.name = 'ann'",
    )
    assert made == [{"attempts": 3, "state": "won"}]


@pytest.mark.found_by("review of migration 0029: held")
def test_the_fast_path_and_the_long_way_agree_on_odd_input(shared, conn: Connection) -> None:
    """The same (channel, guess, day) through _wordle_move the usual way and the long way (its
    switch on), each for a fresh player: the same row or the same SQLSTATE and message.
    Channels by case, trailing space, NUL, folded accent, length; guesses by case, spaces, NUL,
    combining marks, the Kelvin sign and long s (which LOWER() maps into a-z), another day's
    answer; days past, future, unpublished."""
    install_ways(conn)
    day = today(conn)
    channels.add(conn, "fr", 5, language="fr", accents="fold")
    words.import_lines(conn, [(1, "crème", 0)], True, channel="fr")
    words.import_lines(conn, [(1, "slate", 0)], False, channel="fr")
    publish.publish(conn, day, "crème", "fr")
    chans = [None, "en", "EN", "en ", "en\0", "e\u0301n", "x" * 100, "", SIDE, "fr"]
    guesses = [
        "slate",
        "SLATE",
        "slate ",
        "sla\u0301te",
        "\u212aebab",
        "\u017flate",
        TODAY_WORD,
        TOMORROW_WORD,
        "creme",
        "crème",
        "CRÈME",
        "x" * 5000,
        "",
        None,
    ]
    days = [None, day - timedelta(1), day + timedelta(1), day - timedelta(5)]
    different = []
    n = 0
    for channel in chans:
        for guess in guesses:
            for d in days:
                n += 1
                seen = [
                    row_or_sqlstate(
                        conn, proc, channel, f"odd{n}{proc[-4:]}", guess, d, None, False, None
                    )
                    for proc in ("_wordle_way_usual", "_wordle_way_long")
                ]
                if seen[0] != seen[1]:
                    different.append((channel, guess, d, seen))
    assert different == []


@pytest.mark.found_by("review of migration 0034: held")
def test_the_kept_path_agrees_with_0028_for_games_under_way(shared, conn: Connection) -> None:
    """The kept player's read (0034) and the long way (0028's, since 0038 the switch of
    _wordle_move) give the same rows and errors, game states, channels, days, odd guesses,
    hard mode and generations crossed."""
    install_ways(conn)
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
                    for proc in ("_wordle_way_usual", "_wordle_way_long"):
                        name = f"k{n}{proc[-3:]}"
                        names[proc] = name
                        for i, w in enumerate(before):
                            row_or_sqlstate(
                                conn,
                                "_wordle_way_usual",
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


class Both:
    """Calls of the old and new procedure side by side, each with its own player names."""

    def __init__(self, c: Connection) -> None:
        self.c = c
        self.n = 0
        self.different: list[Any] = []

    def name(self) -> str:
        self.n += 1
        return f"p{self.n}"

    def same(self, label: Any, calls: list[tuple[Any, ...]], name: str | None = None) -> None:
        """The calls (channel, player or None for a fresh one, guess, day, hard, generation),
        in order, against each procedure: the same outcomes."""
        base = name or self.name()
        seen = []
        for proc, suffix in (("_wordle_way_usual", "n"), ("_wordle_way_long", "o")):
            results = []
            for channel, player, guess, day, hard, gen in calls:
                who = player if player is not None else base + suffix
                r = row_or_sqlstate(self.c, proc, channel, who, guess, day, hard, False, gen)
                named = r[2].replace(base + suffix, "NAME") if r[0] == "error" else None
                results.append(r if named is None else (*r[:2], named))
            seen.append(results)
        if seen[0] != seen[1]:
            self.different.append((label, calls, seen))


SESSIONS = [
    (),
    ("SET time_zone = '+13:00'",),
    ("SET time_zone = '-12:59'", "SET timestamp = UNIX_TIMESTAMP('2038-01-19 03:00:00')"),
    (
        "SET time_zone = 'SYSTEM'",
        "SET timestamp = UNIX_TIMESTAMP('1971-02-03 04:05:06')",
        "SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE",
        "SET collation_connection = utf8mb4_bin, character_set_results = latin1",
        "SET big_tables = 1, in_predicate_conversion_threshold = 1, optimizer_switch = "
        "'exists_to_in=on,materialization=on,in_to_exists=off,semijoin=off'",
    ),
]


@pytest.mark.found_by("review of migration 0035: held")
@pytest.mark.parametrize("session", SESSIONS)
def test_channels_days_and_sessions_old_and_new_agree(
    old_and_new_player, conn: Connection, session: tuple[str, ...]
) -> None:
    """Channels (default, by name, by a case or trailing-space variant, +13:00, -12:00,
    unknown) crossed with days (none, UTC's and the zones' yesterday to the day after
    tomorrow, the first and last dates) under hostile session zones, clocks, isolation levels,
    collations and plans: a new player's guess, then the kept player's, give 0034's rows and
    errors (which day, which puzzle number, WD030 for every zone's future, WD031, WD060)."""
    _url, c = old_and_new_player
    todays = zoned_channels(conn)
    day = today(conn)
    for statement in session:
        c.exec_driver_sql(statement)
    both = Both(c)
    days = sorted(
        {day + timedelta(s) for s in (-1, 0, 1, 2)}
        | {todays[z] + timedelta(s) for z in ZONES for s in (-1, 0, 1)}
    )
    for channel in (None, "en", "EN", "en ", "east", "west", "low", "nope"):
        for d in [None, *days, date(1000, 1, 1), date(9999, 12, 31)]:
            both.same(
                (channel, d),
                [(channel, None, "slate", d, None, None), (channel, None, "crane", d, None, None)],
            )
    assert both.different == []


@pytest.mark.found_by("review of migration 0035: held")
def test_default_channel_and_access_changes_old_and_new_agree(
    old_and_new_player, conn: Connection
) -> None:
    """The default channel moved (to a zoned channel, to a case variant, missing: the
    operator's state), and the access rules changed between a player's guesses (player_names
    any -> account -> created, names of root's player and variants): the same rows and
    errors."""
    _url, c = old_and_new_player
    zoned_channels(conn)
    day = today(conn)
    both = Both(c)
    default = db.scalar(conn, "SELECT value FROM settings WHERE name = 'default_channel'")
    states: list[tuple[str, Callable[[], None]]] = [
        ("east", lambda: db.call(conn, "wordle_set_setting", "default_channel", "east")),
        ("west", lambda: db.call(conn, "wordle_set_setting", "default_channel", "west")),
        (
            "EN",
            lambda: conn.exec_driver_sql(
                "UPDATE settings SET value = 'EN' WHERE name = 'default_channel'"
            ),
        ),
        (
            "en ",
            lambda: conn.exec_driver_sql(
                "UPDATE settings SET value = 'en ' WHERE name = 'default_channel'"
            ),
        ),
        (
            "missing",
            lambda: conn.exec_driver_sql("DELETE FROM settings WHERE name = 'default_channel'"),
        ),
    ]
    for label, change in states:
        change()
        for channel in (None, "en", "east"):
            for d in (None, day, day + timedelta(1)):
                both.same(
                    (label, channel, d),
                    [
                        (channel, None, "slate", d, None, None),
                        (channel, None, "crane", d, None, None),
                    ],
                )
    conn.exec_driver_sql(
        "REPLACE INTO settings (name, value, description) SELECT "
        "'default_channel', ?, 'the channel of calls that name none'",
        (default,),
    )
    # the access rules change between a player's guesses
    for rule in ("account", "created"):
        db.call(conn, "wordle_set_setting", "player_names", "any")
        names = {suffix: both.name() for suffix in ("a", "b")}
        for _suffix, name in names.items():
            for proc in ("_wordle_way_usual", "_wordle_way_long"):
                row_or_sqlstate(
                    c, proc, None, f"{name}{proc[-1]}", "slate", None, None, False, None
                )
        db.call(conn, "wordle_set_setting", "player_names", rule)
        for name in names.values():
            both.same(
                (rule, name),
                [
                    (None, None, "crane", None, None, None),
                    (None, None, "pious", day - timedelta(1), None, None),
                ],
                name=name,
            )
        for who in ("ann", "Ann", "ann ", "", "racer", "kept"):  # one player for both:
            seen = [
                row_or_sqlstate(c, proc, None, who, guess, None, None, False, None)  # refused?
                for proc, guess in (("_wordle_way_usual", "slate"), ("_wordle_way_long", "pious"))
            ]
            seen = [r[:2] if r[0] == "error" else ("row",) for r in seen]
            if seen[0] != seen[1] and seen[1] != ("error", "WD035"):
                both.different.append((rule, who, seen))
    assert both.different == []


@pytest.mark.found_by(
    "review of migration 0035: found, a channel whose zone the server does not know was played,"
    " not refused"
)
def test_a_channel_in_a_zone_unknown_to_the_server_is_refused_as_before(
    old_and_new_player, conn: Connection
) -> None:
    """A channel's named zone unknown to this server (zone tables not loaded on a restored
    copy, a new Galera node or a replica: channels rows come along, mysql.time_zone* do not).
    0034 refused every guess with WD010 (_wordle_date_in). 0035's read gives today = NULL
    (CONVERT_TZ to an unknown zone), so with an explicit day the read still finds the puzzle
    and `v_day > v_today` is NULL, not true: a kept player's game of a published day is played
    on, and a new player's is refused with the server's 23000 "Column 'archive' cannot be
    null" (p_day < NULL) instead of WD010. A future day stays out of reach only because no
    game of it can exist (that accidental NOT NULL is all that stops its new game). Only the
    day NULL went the long way (the puzzle's key is NULL) and was refused as before. Fixed
    before landing: the long way when today is unknown too (`IF v_today IS NULL OR ...`)."""
    _url, c = old_and_new_player
    todays = zoned_channels(conn)
    day = todays["east"]
    game.play(c, "kept", "slate", channel="east")  # kept decision and today's game
    db.call(c, "wordle_play_on", "east", "kept", "crane", day - timedelta(1), None)
    conn.exec_driver_sql("UPDATE channels SET time_zone = 'Pacific/Nowhere' WHERE name = 'east'")
    both = Both(c)
    for d in (None, day - timedelta(1), day, day + timedelta(1), day + timedelta(2)):
        for who in ("kept", None):
            both.same(("east", d, who), [("east", who, "pious", d, None, None)], name="x")
    seen = [
        (
            d[0],
            [
                r[:2] if r[0] == "error" else ("row", r[1]["day"], r[1]["guess"])
                for rs in d[2]
                for r in rs
            ],
        )
        for d in both.different
    ]
    assert seen == []


ANSWERS = ["qopaz", "zimbu", "vexor", "jumpy", "fuzzy", "kylix"]


PROCS = ["_wordle_way_long", "_wordle_way_usual"]


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


@pytest.mark.found_by(
    "second review of migration 0035: found, the long way keeps the first read's player,"
    " max_tries and word check"
)
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
        if proc == "_wordle_way_long":  # no read to pause after: the channel moves first
            conn.exec_driver_sql(
                "UPDATE settings SET value = 'east' WHERE name = 'default_channel'"
            )
            got.append(row_or_sqlstate(c, proc, None, "kept", guess, day, None, False, None))
        call = threading.Thread(
            target=lambda: got.append(
                row_or_sqlstate(c, proc, None, "kept", guess, day, None, False, None)
            )
        )
        with routines_not_loaded(db_url):
            if not got:
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
        if call.ident:
            call.join(30)
    east = [g for g in games_of(conn, "kept") if g["channel"] == "east"]
    if guess == "wuxiq":
        assert got[0][:2] == ("error", "WD033"), got
        assert east == []
    else:
        assert got[0][0] == "row" and got[0][1]["max_tries"] == 6, got
        assert [(g["day"], g["max_tries"]) for g in east] == [(day, 6)]


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


@pytest.mark.found_by("second review of migration 0035: held")
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
    assert seen["_wordle_way_usual"] == seen["_wordle_way_long"]
    assert len(seen["_wordle_way_usual"][1]) == 1 + sum(
        r[0] == "row" for r in seen["_wordle_way_usual"][0]
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


@pytest.mark.found_by("second review of migration 0035: held")
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


@pytest.mark.found_by("second review of migration 0035: held")
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


@pytest.mark.found_by("second review of migration 0035: held")
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
    ordered before it). 0034's game took west's max_tries from a read after the pause (7);
    since 0038 both ways read it before making the game (10)."""
    url, _c = old_and_new_player
    todays = zoned(conn)
    name = "kept" + proc[-1]
    with db.connect(url) as first:  # the kept decision and west's game of today
        assert (
            row_or_sqlstate(first, proc, "west", name, "slate", None, None, False, None)[0] == "row"
        )
    add_channel(conn, "spare", 5, ANSWERS)
    db.call(conn, "wordle_channel_remove", "spare", True)  # root's routines loaded
    paused = "_wordle_new_game"  # both ways make the game there since 0038
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
        tries = 10  # both ways read west's max_tries before the pause since 0038 (0034: 7)
        assert got[0][0] == "row" and made == [(todays["west"] - timedelta(1), tries, 1, 1, 1)]


@pytest.mark.parametrize(
    ("function", "arguments"),
    [
        ("access/_wordle_utc_now", {}),
        ("daily/_wordle_local_date", {"p_zone": "c.time_zone", "p_utc": "v_now"}),
        (
            "game/_wordle_typed_word",
            {"p_guess": "p_guess", "p_answer": "v_answer", "p_known": "v_known"},
        ),
    ],
)
def test_the_usual_move_writes_out_the_functions_own_expression(
    repo_root: Path, function: str, arguments: dict[str, str]
) -> None:
    """_wordle_move writes out three functions' expressions on the usual move's way (a stored
    function's call costs about 12 µs, migrations 0046 and 0053): each text must be the
    function's own, its parameters named as the move names them, so the rule stays one."""
    text = (repo_root / "sql" / f"{function}.sql").read_text()
    expression = " ".join(text[text.index("RETURN ") + len("RETURN ") :].split())
    for parameter, name in arguments.items():
        expression = re.sub(rf"\b{parameter}\b", name, expression)
    move = " ".join((repo_root / "sql" / "game" / "_wordle_move.sql").read_text().split())
    assert expression.replace("( ", "(") in move.replace("( ", "("), expression


RETIRE = "UPDATE access_version SET version = version + 1"
FOUND_STEPS = [  # (guess: which word, hard flipped, generation shift): each after an access change
    (0, None, 0),  # the game made (found by name: made first since 0059)
    (1, None, 1),  # WD096: an ended session, in the game it has
    (1, None, None),
    (1, None, 0),  # WD034
    (0, True, None),  # WD037: hard mode after the first guess
    (2, None, 0),  # en's today: its answer; elsewhere another guess
    (3, None, None),  # en's today: WD035
]
FOUND_WORDS = {  # the words each channel accepts, in FOUND_STEPS's order
    None: ("slate", "pious", "crane", "plumb"),
    "side": ("slate", "vexor", "zimbu", "qopaz"),
    "west": ("slate", "zimbu", "vexor", "jumpy"),
    "east": ("slate", "zimbu", "vexor", "jumpy"),
}


@pytest.mark.found_by("review of 0059: held")
def test_moves_of_a_player_found_by_name_agree_with_the_long_way(
    old_and_new_player, conn: Connection
) -> None:
    """A player whose kept decision every move finds retired (the access version bumped before
    each): channels (default, side, west with 10 tries, east) x days (today, past, unpublished,
    a zone's future) x hard mode, each game played through FOUND_STEPS (the game made, an ended
    generation, a guess, a repeat, hard mode too late, a win or a guess, a move after the win):
    the usual way (0059: the game read first, made first only for a player the move makes)
    answers each move as the long
    way does (each error with the same message) and leaves the same games."""
    _url, c = old_and_new_player
    todays = zoned(conn)
    seen: dict[str, list[Any]] = {}
    for proc in PROCS:
        name = "found" + proc[-1]
        db.call(c, "wordle_sign_out_everywhere", name, None)  # the player, no game
        gen = db.scalar(conn, "SELECT session_generation FROM players WHERE name = ?", name)
        results = []
        for channel, shift, hard in CASES:
            day = todays.get(channel or "", today(conn)) + timedelta(shift)
            for word, flip, gshift in FOUND_STEPS:
                db.query(conn, RETIRE)
                r = row_or_sqlstate(
                    c,
                    proc,
                    channel,
                    name,
                    FOUND_WORDS[channel][word],
                    day,
                    hard if flip is None else not hard,
                    False,
                    None if gshift is None else gen + gshift,
                )
                results.append(r)  # an error with its message
        seen[proc] = [results, games_of(conn, name)]
    assert seen["_wordle_way_usual"] == seen["_wordle_way_long"]
    codes = {r[1] for r in seen["_wordle_way_usual"][0] if r[0] == "error"}
    assert {"WD096", "WD034", "WD037", "WD035"} <= codes, codes


HINT_STEPS = [  # (procedure, day shift, generation shift): a letter hint or a guess with keyboard
    ("wordle_reveal_letter_on", 0, 0),  # a new player's first move: a letter hint
    ("wordle_reveal_letter_on", 0, 1),  # WD096
    ("wordle_reveal_letter_on", 0, None),
    ("wordle_reveal_letter_on", 0, 0),  # no hint left
    ("wordle_guess_on", 0, 0),
    ("wordle_reveal_letter_on", -1, None),  # a past day's first move
    ("wordle_guess_on", -1, 1),  # WD096 in it
    ("wordle_guess_on", -1, 0),
    ("wordle_reveal_letter_on", -3, None),  # unpublished: WD031
]


@pytest.mark.found_by("review of 0059: held")
def test_hints_and_guesses_on_of_a_player_found_by_name_are_a_kept_players(
    shared, conn: Connection
) -> None:
    """HINT_STEPS twice through one front-end account: by a player found by name at every step
    (the access version bumped before each; a letter hint as its first move too) and by a
    player whose decision stays kept: the same answers (the revealed letter's place aside: it
    is drawn) and the same games."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    url = shared("player")
    day = today(conn)
    seen = {}
    with db.connect(url) as c:
        for name, retire in (("hints_found", True), ("hints_kept", False)):
            db.call(c, "wordle_sign_out_everywhere", name, None)  # the player, no game
            gen = db.scalar(conn, "SELECT session_generation FROM players WHERE name = ?", name)
            answers = []
            for proc, shift, gshift in HINT_STEPS:
                if retire:
                    db.query(conn, RETIRE)
                passed = None if gshift is None else gen + gshift
                args = (
                    (None, name, day + timedelta(shift), passed)
                    if "reveal" in proc
                    else (None, name, "slate", day + timedelta(shift), None, passed)
                )
                try:
                    answers.append(
                        [
                            {k: v for k, v in row.items() if k not in ("position", "letter")}
                            for row in db.call(c, proc, *args)
                        ]
                    )
                except DatabaseError as exc:
                    answers.append(exc.sqlstate)
            seen[name] = (answers, games_of(conn, name))
    assert seen["hints_found"] == seen["hints_kept"]
    assert [g["revealed"] for g in seen["hints_found"][1]] == [2, 1], seen
    errors = [a for a in seen["hints_found"][0] if isinstance(a, str)]
    assert errors == ["WD096", "WD040", "WD096", "WD031"], seen


@pytest.mark.found_by("review of 0059: held")
@pytest.mark.alone  # it holds mysql.proc: every worker's routine loads would wait
@pytest.mark.parametrize("change", ["remove", "max_tries", "version"])
@pytest.mark.parametrize("player", ["found", "new"])
def test_a_change_while_a_move_makes_the_game_of_a_player_found_or_made(
    old_and_new_player, conn: Connection, db_url: URL, change: str, player: str
) -> None:
    """A guess of yesterday on west by a player found by name (access version bumped), with no
    game there, or by a player the move makes (which makes the game before its locked read),
    paused (mysql.proc held) where it calls _wordle_new_game, while an administrator removes
    west (force), lowers its max_tries or bumps the access version again: the channel removed
    is WD060 with no game left; otherwise the guess lands in the one game, with west's 10 tries
    read before the pause."""
    url, _c = old_and_new_player
    todays = zoned(conn)
    yesterday = todays["west"] - timedelta(1)
    name = "foundw"
    with db.connect(url) as first:
        made = [row_or_sqlstate(first, USUAL, "west", name, "slate", None, None, False, None)]
        assert {m[0] for m in made} == {"row"}, made
    add_channel(conn, "spare", 5, ANSWERS)
    db.call(conn, "wordle_channel_remove", "spare", True)  # root's routines loaded
    sql = {
        "remove": "CALL wordle_channel_remove('west', TRUE)",
        "max_tries": "UPDATE channels SET max_tries = 7 WHERE name = 'west'",
        "version": RETIRE,
    }[change]
    mover = name if player == "found" else "madew"
    with db.connect(url) as c:
        # c loads what a move found by name calls, but _wordle_new_game (a kept move, the long way)
        assert row_or_sqlstate(c, USUAL, "west", name, "wuxiq", None, None, False, None)[0] == "row"
        db.query(conn, RETIRE)
        assert row_or_sqlstate(c, LONG, "west", name, "jumpy", None, None, False, None)[0] == "row"
        db.query(conn, RETIRE)
        got: list[Any] = []
        call = threading.Thread(
            target=lambda: got.append(
                row_or_sqlstate(c, USUAL, "west", mover, "wuxiq", yesterday, None, False, None)
            )
        )
        with routines_not_loaded(db_url):
            call.start()
            time.sleep(0.5)
            waiting = db.query(
                conn,
                "SELECT info FROM information_schema.processlist "
                "WHERE info LIKE 'CALL _wordle_new_game%'",
            )
            assert len(waiting) == 1, waiting
            db.query(conn, sql)
        call.join(30)
    made = [
        (g["day"], g["max_tries"], g["archive"], g["attempts"], g["rows_"])
        for g in games_of(conn, mover)
        if g["day"] == yesterday
    ]
    if change == "remove":
        assert got[0][:2] == ("error", "WD060") and made == [], (got, made)
    else:
        assert got[0][0] == "row" and made == [(yesterday, 10, 1, 1, 1)], (got, made)


# What a caller's LAST_INSERT_ID() reads after a move in a game its player has (no row
# inserted with an AUTO_INCREMENT id), its own value set before the move: the move -> whether
# its player is found by name (the access version bumped before it: 0059's flag sets
# LAST_INSERT_ID() to 0 around _wordle_player).
MOVES_IN_A_GAME_UNDER_WAY: dict[str, tuple[bool, Callable[[Connection], object]]] = {
    "a guess, its decision kept": (False, lambda c: game.play(c, "lid", "pious")),
    "a guess found by name": (True, lambda c: game.play(c, "lid", "pious")),
    "a letter hint found by name": (True, lambda c: game.reveal_letter(c, "lid", channel=SIDE)),
}


@pytest.mark.parametrize(
    "move",
    [
        pytest.param(m, marks=pytest.mark.found_by("review of 0061: held"))
        for m in MOVES_IN_A_GAME_UNDER_WAY
        if not MOVES_IN_A_GAME_UNDER_WAY[m][0]
    ]
    + [
        pytest.param(m, marks=pytest.mark.found_by("review of 0061"))
        for m in MOVES_IN_A_GAME_UNDER_WAY
        if MOVES_IN_A_GAME_UNDER_WAY[m][0]
    ],
)
def test_a_move_in_a_game_under_way_leaves_the_callers_last_insert_id(
    shared, conn: Connection, move: str
) -> None:
    """lid's games of today on the default and side channels under way; the caller's
    LAST_INSERT_ID() 77 (its own last insert, say): after the move it still reads 77."""
    game.play(conn, "lid", "slate")
    game.play(conn, "lid", "vexor", channel=SIDE)
    found, call = MOVES_IN_A_GAME_UNDER_WAY[move]
    if found:
        conn.exec_driver_sql(RETIRE)
    conn.exec_driver_sql("SELECT LAST_INSERT_ID(77)")
    call(conn)
    assert db.scalar(conn, "SELECT LAST_INSERT_ID()") == 77, move
