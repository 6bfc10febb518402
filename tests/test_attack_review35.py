"""Attacks from the review of migration 0035 (_wordle_play reads its channel, today in the
channel's zone, the puzzle, the word and the kept access decision in one read).

The 0034 text is installed beside it as _wordle_play_old (granted to wordle_player for the
duration of a test) and both are called over tables of inputs, as a player account: they must
give the same rows and errors."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection
from test_attack_review34 import HOSTILE  # until both move to tests/game/

from wordle_db import db, game

from support.calls import row_or_sqlstate
from support.old_play import ZONES, zoned_channels
from support.puzzles import today
from support.races import lock_waits, no_lock_waits


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
        for proc, suffix in (("_wordle_play", "n"), ("_wordle_play_old", "o")):
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
            for proc in ("_wordle_play", "_wordle_play_old"):
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
                for proc, guess in (("_wordle_play", "slate"), ("_wordle_play_old", "pious"))
            ]
            seen = [r[:2] if r[0] == "error" else ("row",) for r in seen]
            if seen[0] != seen[1] and seen[1] != ("error", "WD035"):
                both.different.append((rule, who, seen))
    assert both.different == []


@pytest.mark.parametrize("setting", [None, HOSTILE[1], HOSTILE[5], "SET big_tables = 1"])
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
    for proc in ("_wordle_play", "_wordle_play_old"):
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
                for proc in ("_wordle_play", "_wordle_play_old"):
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
        for p in ("_wordle_play", "_wordle_play_old")
    )
    assert new == old, seen
    assert ("error", "HY000") not in new and all(r[0] == "row" for r in new[:1]), seen


# --- Found: a channel whose zone the server does not know is played, not refused ------------


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
