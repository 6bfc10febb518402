"""Leagues (issue 26): a league of three players on two days, its spoiler-free board and its
standings, driven by tables of calls and expected rows; refusals; codes nobody can guess."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import db, game, leagues
from wordle_db.errors import DatabaseError

from support.databases import Invoke
from support.leagues import TODAY
from support.puzzles import set_word, today
from support.refusals import assert_one_line_error, checksums


def board(conn: Connection, player: str, day: date | None = None) -> list[tuple[Any, ...]]:
    rows = leagues.board(conn, player, "Office", day)
    return [
        (
            r["nickname"],
            r["me"],
            r["finished"],
            r["state"],
            r["attempts"],
            r["hard"],
            r["letters_revealed"],
        )
        for r in rows
    ]


# (caller, day offset, visible, rows: nickname, me, finished, state, attempts, hard, hints)
BOARDS: list[tuple[str, int, bool, list[tuple[Any, ...]]]] = [
    # ben is still playing today: others show only whether they finished
    (
        "ben",
        0,
        False,
        [
            ("Ann", False, True, None, None, None, None),
            ("Bobby", True, False, "playing", 1, False, 0),
            ("player 3", False, False, None, None, None, None),
        ],
    ),
    # cy has not started: the same
    (
        "cy",
        0,
        False,
        [
            ("Ann", False, True, None, None, None, None),
            ("Bobby", False, False, None, None, None, None),
            ("player 3", True, False, None, None, None, None),
        ],
    ),
    # ada is done: everything of today
    (
        "ada",
        0,
        True,
        [
            ("Ann", True, True, "won", 2, False, 0),
            ("Bobby", False, False, "playing", 1, False, 0),
            ("player 3", False, False, None, None, None, None),
        ],
    ),
    # yesterday is past: its word is public, every result shows (ben 1 hard, cy lost)
    (
        "cy",
        -1,
        True,
        [
            ("Bobby", False, True, "won", 1, True, 0),
            ("Ann", False, True, "won", 2, False, 0),
            ("player 3", True, True, "lost", 6, False, 1),
        ],
    ),
]


@pytest.mark.parametrize("caller, offset, visible, rows", BOARDS)
def test_board_shows_others_only_once_ones_own_game_is_over(
    conn: Connection,
    league: dict[str, Any],
    caller: str,
    offset: int,
    visible: bool,
    rows: list[tuple[Any, ...]],
) -> None:
    day = league["day"] + timedelta(offset)
    got = leagues.board(conn, caller, "office", day if offset else None)  # case does not count
    assert {r["visible"] for r in got} == {visible}
    assert {r["day"] for r in got} == {day}
    assert board(conn, caller, day) == rows


def standings(
    conn: Connection, player: str, week: bool = False, day: date | None = None
) -> list[tuple[Any, ...]]:
    rows = leagues.standings(conn, player, "Office", day, week)
    return [
        (r["place"], r["nickname"], r["games"], r["wins"], r["average_tries"], r["current_streak"])
        for r in rows
    ]


THROUGH_YESTERDAY = [
    (1, "Bobby", 1, 1, 1.0, 1),
    (2, "Ann", 1, 1, 2.0, 1),
    (3, "player 3", 1, 0, None, 0),
]
THROUGH_TODAY = [
    (1, "Ann", 2, 2, 2.0, 2),
    (2, "Bobby", 1, 1, 1.0, 1),
    (3, "player 3", 1, 0, None, 0),
]


def test_standings_count_today_only_once_ones_own_game_is_over(
    conn: Connection, league: dict[str, Any]
) -> None:
    day = league["day"]
    # ben and cy have not finished today: ada's win of today is not counted for them
    assert standings(conn, "ben") == THROUGH_YESTERDAY
    assert standings(conn, "cy") == THROUGH_YESTERDAY
    assert {r["through"] for r in leagues.standings(conn, "ben", "Office")} == {day - timedelta(1)}
    assert standings(conn, "ada") == THROUGH_TODAY
    assert standings(conn, "ben", day=day - timedelta(1)) == THROUGH_YESTERDAY
    # the week of today: from its Monday (yesterday belongs to it unless today is a Monday)
    monday = day - timedelta(day.weekday())
    week = leagues.standings(conn, "ada", "Office", None, True)
    assert {r["since"] for r in week} == {monday}
    expected = (
        THROUGH_TODAY
        if monday < day
        else [(1, "Ann", 1, 1, 2.0, 2), (2, "Bobby", 0, 0, None, 1), (2, "player 3", 0, 0, None, 0)]
    )
    assert standings(conn, "ada", week=True) == expected
    # ben finishes: today shows to him, and counts
    game.play(conn, "ben", TODAY)
    assert board(conn, "ben")[:2] == [
        ("Ann", False, True, "won", 2, False, 0),
        ("Bobby", True, True, "won", 2, False, 0),
    ]
    assert standings(conn, "ben")[:2] == [(1, "Bobby", 2, 2, 1.5, 2), (2, "Ann", 2, 2, 2.0, 2)]


def test_list_leave_remove_and_a_new_code(conn: Connection, league: dict[str, Any]) -> None:
    mine = leagues.mine(conn, "ben")
    assert [(r["league"], r["nickname"], r["creator"], r["members"]) for r in mine] == [
        ("Office", "Bobby", False, 3)
    ]
    assert leagues.remove(conn, "ada", "Office", "player 3")["members"] == 2
    assert leagues.mine(conn, "cy") == []
    fresh = leagues.new_code(conn, "ada", "Office")["code"]
    refused(lambda: leagues.join(conn, "cy", league["code"]), "WD084")  # withdrawn
    assert leagues.join(conn, "cy", fresh.upper(), "Cat")["members"] == 3
    assert leagues.join(conn, "cy", fresh)["nickname"] == "Cat"  # again: nothing changes
    # the creator leaves: ben (first to join after) becomes the creator
    assert leagues.leave(conn, "ada", "Office")["members"] == 2
    assert [r["creator"] for r in leagues.mine(conn, "ben")] == [True]
    leagues.leave(conn, "ben", "Office")
    leagues.leave(conn, "cy", "Office")
    assert db.scalar(conn, "SELECT COUNT(*) FROM leagues") == 0  # the last one out


def refused(call: Callable[[], Any], sqlstate: str) -> str:
    with pytest.raises(DatabaseError) as raised:
        call()
    assert raised.value.sqlstate == sqlstate, str(raised.value)
    return str(raised.value)


# (player, procedure, arguments after the player, SQLSTATE)
REFUSALS: list[tuple[str, str, tuple[Any, ...], str]] = [
    ("dan", "wordle_league_create", ("", None), "WD080"),
    ("dan", "wordle_league_create", (" Office", None), "WD080"),
    ("dan", "wordle_league_create", ("x" * 41, None), "WD080"),
    ("dan", "wordle_league_create", ("Club\u202e", None), "WD080"),
    ("dan", "wordle_league_create", ("Club", "n" * 25), "WD081"),
    ("dan", "wordle_league_create", ("Club", "a\u200bb"), "WD081"),
    # look-alikes: a Cyrillic О or А among Latin letters, Greek with Latin, Cyrillic with Greek
    ("dan", "wordle_league_create", ("\u041effice", None), "WD080"),
    ("dan", "wordle_league_create", ("Club", "\u0410nn"), "WD081"),
    ("dan", "wordle_league_create", ("Club", "\u03a9mega"), "WD081"),
    ("dan", "wordle_league_create", ("Club", "\u0418\u03c9\u0430\u043d"), "WD081"),
    ("ada", "wordle_league_create", ("OFFICE", None), "WD083"),  # ada has one of that name
    ("dan", "wordle_league_join", ("not a code", None), "WD084"),
    ("dan", "wordle_league_join", ("0" * 32, None), "WD084"),
    ("dan", "wordle_league_join", (None, None), "WD084"),
    ("dan", "wordle_league_leave", ("Office",), "WD082"),  # exists, but not dan's
    ("dan", "wordle_league_code", ("Office",), "WD082"),
    ("dan", "wordle_league_remove", ("Office", "Ann"), "WD082"),
    ("ben", "wordle_league_remove", ("Office", "player 3"), "WD085"),  # not the creator
    ("ben", "wordle_league_code", ("Office",), "WD085"),
    ("ada", "wordle_league_remove", ("Office", "Ann"), "WD086"),  # oneself: leave
    ("ada", "wordle_league_remove", ("Office", "nobody"), "WD086"),
    ("ada", "wordle_league_leave", ("Nowhere",), "WD082"),
    ("", "wordle_leagues", (), "WD038"),
]
BOARD_REFUSALS: list[tuple[str, tuple[Any, ...], str]] = [
    ("dan", ("en", "Office", None), "WD082"),
    ("ada", ("en", "Office", 1), "WD030"),  # tomorrow
    ("ada", ("xx", "Office", None), "WD060"),
]


def test_refusals(conn: Connection, league: dict[str, Any]) -> None:
    for player, procedure, args, sqlstate in REFUSALS:
        if procedure != "wordle_leagues":  # a change: the session generation, not checked
            args = (None, *args)
        if procedure == "wordle_league_create":  # its OUT code needs a variable
            sql, args = "CALL wordle_league_create(?, ?, ?, ?, @code)", (player, *args)
        else:
            sql = f"CALL {procedure}({', '.join('?' * (len(args) + 1))})"
            args = (player, *args)
        message = refused(lambda s=sql, a=args: db.query(conn, s, *a), sqlstate)
        assert "\n" not in message
    for player, (channel, name, offset), sqlstate in BOARD_REFUSALS:
        day = None if offset is None else league["day"] + timedelta(offset)
        for procedure, extra in (
            ("wordle_league_board_on", ()),
            ("wordle_league_standings_on", (False,)),
        ):
            args = (channel, player, name, day, *extra)
            refused(lambda p=procedure, a=args: db.call(conn, p, *a), sqlstate)
    # a nickname taken in the league (case does not count), and nothing half-done after
    fresh = leagues.new_code(conn, "ada", "Office")["code"]
    refused(lambda: leagues.join(conn, "dan", fresh, "BOBBY"), "WD081")
    assert leagues.mine(conn, "dan") == []
    # a league of the same name as one the joiner is in
    other = leagues.create(conn, "eve", "office")["code"]
    refused(lambda: leagues.join(conn, "ben", other), "WD083")


def test_names_of_one_alphabet_and_other_mixes_are_welcome(conn: Connection) -> None:
    """Only the look-alike mixes are refused: Greek, Cyrillic, kana with kanji, accents, digits
    and signs make league names and nicknames; a nickname given to a join is checked too."""
    made = [
        ("gus", "\u0395\u03bb\u03bb\u03ac\u03b4\u03b1", "\u0418\u0432\u0430\u043d"),
        ("hal", "\u6771\u4eac\u306e\u53cb\u9054", "\u305f\u308d\u3046"),
        ("ivy", "Caf\u00e9 2", "Jos\u00e9-1"),
    ]
    for player, name, nickname in made:
        code = leagues.create(conn, player, name, nickname)["code"]
        assert [(m["league"], m["nickname"]) for m in leagues.mine(conn, player)] == [
            (name, nickname)
        ]
    refused(lambda: leagues.join(conn, "jo", code, "\u0420aul"), "WD081")  # Cyrillic Р
    assert leagues.mine(conn, "jo") == []
    leagues.join(conn, "jo", code, "Paul")
    assert [m["league"] for m in leagues.mine(conn, "jo")] == ["Caf\u00e9 2"]


def test_codes_are_random_hashed_and_not_enumerable(
    conn: Connection, shared, league: dict[str, Any]
) -> None:
    # a seeded session RNG does not steer codes; 40 codes are distinct 128-bit hex strings
    conn.exec_driver_sql("SET rand_seed1 = 1, rand_seed2 = 2")
    codes = [leagues.create(conn, f"p{n}", "Club")["code"] for n in range(40)]
    assert len(set(codes)) == 40
    assert all(len(c) == 32 and set(c) <= set("0123456789abcdef") for c in codes)
    # only hashes are stored: no code in the tables
    dump = repr(db.query(conn, "SELECT * FROM leagues")) + repr(
        db.query(conn, "SELECT HEX(code_hash) AS h FROM leagues")
    )
    assert not any(c in dump.lower() for c in codes)
    # a code one digit off, or a guess, is refused exactly like any other wrong code
    url = shared("player")
    with db.connect(url) as mallory:
        me = url.username
        wrong = {
            refused(lambda c=c: leagues.join(mallory, me, c), "WD084")
            for c in (codes[0][:-1] + ("0" if codes[0][-1] != "0" else "1"), "f" * 32, "0" * 32)
        }
        assert len(wrong) == 1
        for table in ("leagues", "league_members"):
            with pytest.raises(DatabaseError, match="denied"):
                db.query(mallory, f"SELECT * FROM {table}")
        # nor can a player account read the procedures' text or call the internal ones
        for sql in (
            "CALL _wordle_league_code(1, @c)",
            "SELECT _wordle_league_text('x', 5)",
            "CALL _wordle_league(1, 'Office', @l, @c)",
        ):
            with pytest.raises(DatabaseError, match="denied"):
                db.query(mallory, sql)


def test_a_foreign_account_reaches_no_league(
    conn: Connection, shared, league: dict[str, Any]
) -> None:
    db.call(conn, "wordle_set_setting", "player_names", "created")
    front = shared("player")
    with db.connect(front) as other:
        # ada is root's player: the foreign account may not act as her nor read her leagues
        for call in (
            lambda: leagues.mine(other, "ada"),
            lambda: leagues.board(other, "ada", "Office"),
            lambda: leagues.standings(other, "ada", "Office"),
            lambda: leagues.leave(other, "ada", "Office"),
            lambda: leagues.remove(other, "ada", "Office", "Bobby"),
            lambda: leagues.new_code(other, "ada", "Office"),
        ):
            refused(call, "WD039")
        # its own players are in no league, whatever name they ask for
        leagues.create(other, "web-x", "Elsewhere")
        assert [r["league"] for r in leagues.mine(other, "web-x")] == ["Elsewhere"]
        assert refused(lambda: leagues.board(other, "web-x", "Office"), "WD082") == refused(
            lambda: leagues.board(other, "web-x", "Office"), "WD082"
        )
        # with the code it may join, under a nickname: it sees nicknames, never player names
        leagues.join(other, "web-x", league["code"], "Xavier")
        rows = leagues.board(other, "web-x", "Office")
        assert {r["nickname"] for r in rows} == {"Ann", "Bobby", "player 3", "Xavier"}
        assert "ada" not in repr(rows)
    for role in ("reader", "publisher"):
        with db.connect(shared(role)) as conn_role:
            for sql in (
                "CALL wordle_leagues('ada')",
                "SELECT * FROM leagues",
                "SELECT * FROM league_members",
            ):
                with pytest.raises(DatabaseError, match="denied"):
                    db.query(conn_role, sql)


def counters(conn: Connection) -> dict[str, int]:
    rows = db.query(
        conn,
        "SHOW SESSION STATUS WHERE Variable_name LIKE 'Handler_read%' OR Variable_name = 'Queries'",
    )
    return {r["Variable_name"]: int(r["Value"]) for r in rows}


def test_what_is_hidden_counts_the_same_whatever_others_did(
    conn: Connection, league: dict[str, Any]
) -> None:
    """While one's game is on, the board and the standings read the same rows the same way
    whether the others won, have one guess or two and a hint, or did not start: the session's
    counters cannot tell."""

    def measure() -> dict[str, int]:
        before = counters(conn)
        leagues.board(conn, "cy", "Office")
        leagues.standings(conn, "cy", "Office")
        leagues.standings(conn, "cy", "Office", week=True)
        after = counters(conn)
        return {k: after[k] - before[k] for k in after}

    leagues.join(conn, "dan", league["code"])
    measure()  # the session's first call warms caches
    first = measure()
    game.play(conn, "dan", "slate")  # dan starts; ben tries again and takes a letter hint
    game.play(conn, "ben", "pious")
    game.reveal_letter(conn, "ben")
    assert measure() == first
    game.play(conn, "ben", TODAY)  # ben wins today: only "finished" may change what is read
    game.play(conn, "dan", TODAY)
    # the board shows who finished: it finds a finished game by the key `finished`, one more
    # index read each (how it ended, the tries and the hints still read the same)
    assert measure() == {**first, "Handler_read_next": first["Handler_read_next"] + 2}


@pytest.fixture
def admin_url(conn: Connection, db_url: URL) -> Iterator[URL]:
    conn.exec_driver_sql("CREATE USER boss@localhost IDENTIFIED BY 'pw'")
    conn.exec_driver_sql("GRANT wordle_admin TO boss@localhost")
    conn.exec_driver_sql("SET DEFAULT ROLE wordle_admin FOR boss@localhost")
    conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
    yield db_url.set(username="boss", password="pw")
    conn.exec_driver_sql("DROP USER IF EXISTS boss@localhost")


def test_an_administrator_reaches_every_league(admin_url: URL, league: dict[str, Any]) -> None:
    with db.connect(admin_url) as boss:
        assert leagues.standings(boss, "ada", "Office")[0]["nickname"] == "Ann"


def test_cli_leagues(run: Invoke, conn: Connection) -> None:
    set_word(conn, today(conn), TODAY)
    created = run("league", "create", "Book club", "--player", "ada", "--nickname", "Ann")
    assert created.exit_code == 0, created.output
    code = created.output.split("join code: ")[1].split()[0]
    assert len(code) == 32
    joined = run("league", "join", code, "--player", "ben", "--nickname", "Bo")
    assert joined.exit_code == 0 and "Book club" in joined.output, joined.output
    assert run("guess", "crane", "--player", "ada").exit_code == 0
    listed = run("league", "list", "--player", "ben")
    assert "Book club" in listed.output and "Bo" in listed.output, listed.output
    hidden = run("league", "board", "Book club", "--player", "ben")
    assert hidden.exit_code == 0, hidden.output
    assert "Ann" in hidden.output and "finished" in hidden.output and "1/6" not in hidden.output
    shown = run("league", "board", "Book club", "--player", "ada", "--json")
    data = json.loads(shown.output)
    assert data["board"][0]["attempts"] == 1 and data["board"][0]["nickname"] == "Ann"
    assert [r["nickname"] for r in data["standings"]] == ["Ann", "Bo"]
    week = run("league", "board", "Book club", "--player", "ada", "--week")
    assert "week of" in week.output and "1/6" in week.output, week.output
    bad = run("league", "remove", "Book club", "Ann", "--player", "ben")
    assert bad.exit_code == 1 and bad.output.count("\n") == 1, bad.output
    assert "creator" in bad.output
    assert run("league", "remove", "Book club", "Bo", "--player", "ada").exit_code == 0
    assert run("league", "list", "--player", "ben").output.strip() == "no leagues"
    assert run("league", "leave", "Book club", "--player", "ada").exit_code == 0
    wrong = run("league", "join", "0" * 32, "--player", "ben")
    assert wrong.exit_code == 1 and "no league has that join code" in wrong.output


HOSTILE_CLI: list[tuple[list[str], str]] = [
    (["league", "create", "", "--player", "ann"], "league name"),
    (["league", "create", "x" * 41, "--player", "ann"], "league name"),
    (["league", "create", "Club\x1b[2J", "--player", "ann"], "league name"),
    (["league", "create", "Club", "--player", ""], "player name"),
    (["league", "create", "Club", "--player", "ann", "--nickname", "a\u200bb"], "nickname"),
    (["league", "create", "Club", "--player", "ann", "--nickname", "n" * 25], "nickname"),
    (["league", "create", "OFFICE", "--player", "ann"], "already in a league named"),
    (["league", "create", "cl\udcffb", "--player", "ann"], "not valid UTF-8"),
    (["league", "join", "nope", "--player", "bob"], "join code is 32"),
    (["league", "join", "0" * 32, "--player", "bob"], "no league has that join code"),
    (["league", "join", "' OR 1=1 --", "--player", "bob"], "join code is 32"),
    (["league", "board", "Nowhere", "--player", "ann"], "no league named 'Nowhere'"),
    (["league", "board", "Office", "--player", "bob"], "no league named 'Office'"),
    (["league", "board", "Office", "--player", "ann", "--date", "2026-02-30"], "format"),
    (["league", "board", "Office", "--player", "ann", "--channel", "xx"], "no channel"),
    (["league", "remove", "Office", "Nobody", "--player", "ann"], "nicknamed 'Nobody'"),
    (["league", "remove", "Office", "Ann", "--player", "bob"], "no league named"),
    (["league", "leave", "", "--player", "ann"], "no league named"),
    (["league", "code", "Office", "--player", "bob"], "no league named"),
    (["league", "list", "--player", "x" * 65], "player name"),
]


def test_hostile_league_commands_fail_in_one_line_and_change_nothing(
    run: Invoke, conn: Connection, today_is_published: URL
) -> None:
    """Every case in one database (ann's league Office made first): each refused in one line,
    and no row of any table, nor of the server's accounts, changed by all of them."""
    leagues.create(conn, "ann", "Office", "Ann")
    before = checksums(today_is_published)
    for args, needle in HOSTILE_CLI:
        assert_one_line_error(run(*args), needle)
    assert checksums(today_is_published) == before
