"""Attacks on the leagues through the caller's own session: every league routine, as each role
(player, reader, publisher, admin), after every hostile preset (support/sessions.py: PRESETS), gives
what a clean session of the same role gets (or refuses with WD012/WD013), never a word of
today, never a result the caller may not see yet. Each table is a list of attacks: a new one
joins as a row."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import db, game, leagues

from support.puzzles import today
from support.sessions import PRESETS, REFUSED, others_can_play, rows_or_sqlstate

Probe = tuple[str, tuple[Any, ...]]
# Whose values differ between two accounts, or between two calls, by nature.
VARYING = ("code", "joined_at")


def call(name: str, *args: Any) -> Callable[[str], Probe]:
    """A CALL of `name`; 'ME' among args is the caller's own player name."""

    def make(me: str) -> Probe:
        values = tuple(me if a == "ME" else a for a in args)
        return f"CALL {name}({', '.join('?' for _ in values)})", values

    return make


def sql(text: str, *args: Any) -> Callable[[str], Probe]:
    return lambda me: (text, tuple(me if a == "ME" else a for a in args))


# Every league routine a role might try: its own league 'Club', ada's 'Office' (another
# account's player), codes nobody gave it, and the writes (a league made and left again).
OWN = [
    ("my leagues", call("wordle_leagues", "ME")),
    ("my board", call("wordle_league_board_on", "en", "ME", "Club", None)),
    ("my board on side", call("wordle_league_board_on", "side", "ME", "Club", None)),
    ("my standings", call("wordle_league_standings_on", "en", "ME", "Club", None, False)),
    ("my week", call("wordle_league_standings_on", "en", "ME", "Club", None, True)),
    ("a guessed code", call("wordle_league_join", "ME", None, "0123456789abcdef" * 2, None)),
    ("a malformed code", call("wordle_league_join", "ME", None, "' OR 1 --", None)),
    ("office as me", call("wordle_league_board_on", "en", "ME", "Office", None)),
    (
        "office standings as me",
        call("wordle_league_standings_on", "en", "ME", "Office", None, False),
    ),
    ("remove from office", call("wordle_league_remove", "ME", None, "Office", "Ann")),
    ("ada's leagues", call("wordle_leagues", "ada")),
    ("ada's board", call("wordle_league_board_on", "en", "ada", "Office", None)),
    ("ada's standings", call("wordle_league_standings_on", "en", "ada", "Office", None, True)),
    ("remove as ada", call("wordle_league_remove", "ada", None, "Office", "Nobody")),
    ("a new code of office", call("wordle_league_code", "ada", None, "Office")),
    ("a new code of club", call("wordle_league_code", "ME", None, "Club")),
    ("create", sql("CALL wordle_league_create(?, NULL, 'Tmp', 'T', @code)", "ME")),
    ("leave", call("wordle_league_leave", "ME", None, "Tmp")),
    # 0056's nickname rule and remove (review of 0056): refused alike from any session
    ("a nickname of no look", sql("CALL wordle_league_create(?, NULL, 'T2', '!\u093e', @c)", "ME")),
    ("a tatweel nickname", sql("CALL wordle_league_create(?, NULL, 'T3', '\u0640', @c)", "ME")),
    ("remove a look of nothing", call("wordle_league_remove", "ME", None, "Club", "!!!")),
    ("remove myself by my nickname", call("wordle_league_remove", "ME", None, "Club", "Me")),
    ("remove a nickname too long", call("wordle_league_remove", "ME", None, "Club", "B" * 300)),
]
PROBES: dict[str, list[tuple[str, Callable[[str], Probe]]]] = {
    "player": OWN,
    "reader": OWN,
    "publisher": OWN,
    "admin": OWN,
}


def setup_account(conn: Connection, url: URL, role: str, joiner: str) -> None:
    """The account's player makes 'Club' (nickname Me) and plays one guess; a player of
    root's joins it (as Ben) with one guess today too: hidden from the account's player."""
    if role not in ("player", "admin"):
        return
    with db.connect(url) as own:
        made = leagues.create(own, url.username, "Club", "Me")
        db.call(own, "wordle_play", url.username, "slate", None, None)
    leagues.join(conn, joiner, made["code"], "Ben")
    db.call(conn, "wordle_play", joiner, "slate", None, None)


def normalised(result: tuple[str, Any]) -> tuple[str, Any]:
    if result[0] != "rows":
        return result
    return "rows", [{k: v for k, v in row.items() if k not in VARYING} for row in result[1]]


@pytest.mark.parametrize("role", list(PROBES))
def test_hostile_sessions_get_the_clean_league_results_or_a_refusal(
    shared, conn: Connection, db_url: URL, league: dict[str, Any], role: str
) -> None:
    day = today(conn)
    clean_url, hostile_url = shared(role), shared(role)
    for url, joiner in ((clean_url, "jo1"), (hostile_url, "jo2")):
        setup_account(conn, url, role, joiner)
    with db.connect(clean_url) as clean:
        expected = [
            normalised(rows_or_sqlstate(clean, *probe(clean_url.username)))
            for _, probe in PROBES[role]
        ]
    if role in ("reader", "publisher"):  # no league routine is theirs
        assert {e for e in expected} == {("error", "42000")}, expected
    if role == "player":  # another account's player, a guessed code: refused
        assert dict(zip([n for n, _ in OWN], expected, strict=True))["a guessed code"] == (
            "error",
            "WD084",
        )
        hidden = dict(zip([n for n, _ in OWN], expected, strict=True))["my board"]
        assert [(r["nickname"], r["finished"], r["attempts"]) for r in hidden[1]] == [
            ("Me", 0, 1),
            ("Ben", 0, None),
        ]
        for name in ("ada's leagues", "ada's board", "remove as ada", "a new code of office"):
            assert dict(zip([n for n, _ in OWN], expected, strict=True))[name] == (
                "error",
                "WD039",
            ), name
        for name in ("office as me", "remove from office"):
            assert dict(zip([n for n, _ in OWN], expected, strict=True))[name] == (
                "error",
                "WD082",
            ), name
        refused = {
            "a nickname of no look": "WD081",
            "a tatweel nickname": "WD081",
            "remove a look of nothing": "WD086",
            "remove myself by my nickname": "WD086",
            "remove a nickname too long": "WD086",
        }
        for name, sqlstate in refused.items():
            got = dict(zip([n for n, _ in OWN], expected, strict=True))[name]
            assert got == ("error", sqlstate), (name, got)
    for preset, statements in PRESETS:
        with db.connect(hostile_url) as hostile:
            for statement in statements:
                hostile.exec_driver_sql(statement)
            for (probe_name, probe), want in zip(PROBES[role], expected, strict=True):
                got = normalised(rows_or_sqlstate(hostile, *probe(hostile_url.username)))
                assert got == want or (got[0] == "error" and got[1] in REFUSED), (
                    f"{role} after {preset!r}: {probe_name} gave {got}, a clean session {want}"
                )
    others_can_play(db_url, day)
    # nothing the attacks did changed ada's league
    assert [(r["nickname"], r["attempts"]) for r in leagues.board(conn, "ada", "Office")] == [
        ("Ann", 2),
        ("Bobby", 1),
        ("player 3", None),
    ]


def test_codes_from_hostile_sessions_stay_random(
    shared, conn: Connection, league: dict[str, Any]
) -> None:
    """The same seeds, clock and insert id in two sessions make different codes."""
    codes = []
    url = shared("player")
    for n in range(2):
        with db.connect(url) as hostile:
            hostile.exec_driver_sql(
                "SET rand_seed1 = 7, rand_seed2 = 7, timestamp = UNIX_TIMESTAMP('2030-01-01')"
            )
            codes.append(leagues.create(hostile, url.username, f"Seeded {n}")["code"])
    assert codes[0] != codes[1]
    assert isinstance(today(conn), date)


def test_the_board_reads_the_same_whether_a_hidden_member_has_started_or_not(
    conn: Connection, league: dict[str, Any]
) -> None:
    """ben is still playing today: to him cy's row says only 'not finished', whether cy has not
    started or is in the middle of a game. The session's counters (SHOW SESSION STATUS, open to
    every account) must not tell the two apart either: the routine reads the same rows.
    Innodb_buffer_pool_read_requests is the server's, not the session's: what the server's own
    work (the accounts refresh event, purge) adds to it only raises it, so each counter is the
    least of five reads of the board."""

    def counters() -> tuple[list[Any], dict[str, int]]:
        leagues.board(conn, "ben", "Office")  # warm: tables open, plans made
        deltas: dict[str, int] = {}
        for _ in range(5):
            before = status()
            rows = leagues.board(conn, "ben", "Office")
            after = status()
            for k in after:
                deltas[k] = min(deltas.get(k, after[k] - before[k]), after[k] - before[k])
        return rows, {k: d for k, d in deltas.items() if d}

    def status() -> dict[str, int]:
        names = (
            "Rows_read",
            "Handler_read_key",
            "Handler_read_next",
            "Handler_read_rnd_next",
            "Innodb_buffer_pool_read_requests",
        )
        return {
            r["Variable_name"]: int(r["Value"])
            for r in db.query(conn, "SHOW SESSION STATUS")
            if r["Variable_name"] in names
        }

    not_started = counters()
    game.play(conn, "cy", "pious")  # cy starts today's game: not finished, so still hidden
    started = counters()
    assert started[0] == not_started[0]  # the board shows nothing new
    assert started[1] == not_started[1], "the counters tell that cy has started today's game"
