"""Accounts (sql/accounts/): passkeys and transfer codes, driven as the web front end does and
as hostile accounts would. The database does not check signatures (the front end does, see
test_accounts_web.py); it keeps every rule that makes a passkey or a code reach one player only:
one use, expiry, ownership, counts that grow, nothing secret in the clear. Each table is a
list of attempts: a new one joins as a row."""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import accounts, db, game, leagues, schema
from wordle_db.server import find_binary

from support.accounts import C1, C2, C3, KEY, challenge, passkey_id, sign_up
from support.calls import result_or_sqlstate
from support.databases import new_local_server
from support.sessions import PRESETS, REFUSED


def test_a_passkey_signs_in_as_its_player_once_per_challenge(conn: Connection, fronts) -> None:
    web = fronts("player")
    # the first passkey is the sign-up: a new session generation; a second one is not
    assert sign_up(web, "web-ann", C1, 1) == {"label": "phone", "passkeys": 1, "generation": 1}
    assert sign_up(web, "web-ann", C2, 2) == {"label": "phone", "passkeys": 2, "generation": 1}
    assert accounts.key(web, C1) == {"public_key": KEY, "sign_count": 0}
    rows = [
        # (what, calls in order, outcome of the last)
        (
            "sign in",
            [("challenge", None, "sign in", challenge(3)), ("signed_in", challenge(3), C1, 0)],
            "web-ann",
        ),
        ("the same challenge again", [("signed_in", challenge(3), C1, 0)], "WD091"),
        (
            "a register challenge to sign in",
            [
                ("challenge", "web-ann", "register", challenge(4)),
                ("signed_in", challenge(4), C1, 0),
            ],
            "WD091",
        ),
        ("a challenge nobody issued", [("signed_in", challenge(5), C2, 0)], "WD091"),
        (
            "an unknown passkey",
            [
                ("challenge", None, "sign in", challenge(6)),
                ("signed_in", challenge(6), b"\x09" * 16, 0),
            ],
            "WD090",
        ),
        ("a count that starts", [("signed_in", challenge(6), C2, 5)], "web-ann"),
        (
            "a count that goes back: a copy",
            [("challenge", None, "sign in", challenge(7)), ("signed_in", challenge(7), C2, 5)],
            "WD093",
        ),
        ("the count grows", [("signed_in", challenge(7), C2, 6)], "web-ann"),
        (
            "a sign-in challenge for a player",
            [("challenge", "web-ann", "sign in", challenge(8))],
            "WD094",
        ),
        ("a short challenge", [("challenge", "web-ann", "register", "abc")], "WD094"),
        ("another purpose", [("challenge", "web-ann", "admin", challenge(9))], "WD094"),
    ]
    calls = {"challenge": accounts.challenge, "signed_in": accounts.signed_in}
    for what, steps, expected in rows:
        for name, *args in steps:
            got = result_or_sqlstate(lambda n=name, a=args: calls[n](web, *a))
        assert got == expected, what
    assert db.scalar(conn, "SELECT sign_count FROM passkeys WHERE credential_id = ?", C2) == 6


def test_adding_a_passkey_takes_the_players_own_challenge(conn: Connection, fronts) -> None:
    web = fronts("player")
    accounts.challenge(web, "web-bob", "register", challenge(1))
    accounts.challenge(web, "web-ann", "register", challenge(2))
    add = lambda player, n, cred=C1, key=KEY, count=0, label="phone": result_or_sqlstate(  # noqa: E731
        lambda: accounts.add(web, player, challenge(n), cred, key, count, label)
    )
    rows = [
        ("bob's challenge for ann", lambda: add("web-ann", 1), "WD091"),
        ("a credential id too short", lambda: add("web-ann", 2, cred=b"x"), "WD094"),
        ("no public key", lambda: add("web-ann", 2, key=b""), "WD094"),
        ("a negative count", lambda: add("web-ann", 2, count=-1), "WD094"),
        ("a label with a control character", lambda: add("web-ann", 2, label="a\x07"), "WD094"),
        (
            "ann's own",
            lambda: add("web-ann", 2),
            {"label": "phone", "passkeys": 1, "generation": 1},
        ),
        ("used already", lambda: add("web-ann", 2, cred=C2), "WD091"),
        ("bob takes ann's passkey", lambda: add("web-bob", 1), "WD095"),
    ]
    for what, work, expected in rows:
        assert work() == expected, what
    for n in range(3, 13):  # ten in all, then no more
        accounts.challenge(web, "web-ann", "register", challenge(n))
        result = add("web-ann", n, cred=bytes([n]) * 20)
    assert result == "WD094" and len(accounts.passkeys(web, "web-ann")) == 10
    # an expired challenge serves no more
    accounts.challenge(web, "web-bob", "register", challenge(20))
    conn.exec_driver_sql(
        "UPDATE passkey_challenges SET expires_at = UTC_TIMESTAMP(6) - INTERVAL 1 SECOND"
    )
    assert add("web-bob", 20, cred=C3) == "WD091"
    # listed by a short id, removed by it; nobody else's
    first = accounts.passkeys(web, "web-ann")[0]
    assert set(first) == {"id", "label", "created_at", "last_used_at"} and len(first["id"]) == 16
    assert result_or_sqlstate(lambda: accounts.remove(web, "web-bob", first["id"])) == "WD090"
    assert accounts.remove(web, "web-ann", first["id"]) == {"passkeys": 9, "generation": 2}


def test_another_accounts_players_are_out_of_reach(conn: Connection, fronts) -> None:
    web, other = fronts("player"), fronts("player")
    sign_up(web, "web-ann", C1, 1)
    code = accounts.transfer_code(web, "web-ann")["code"]
    accounts.challenge(other, None, "sign in", challenge(2))
    rows = [
        ("read ann's key", lambda: accounts.key(other, C1), "WD090"),
        ("sign in as ann", lambda: accounts.signed_in(other, challenge(2), C1, 0), "WD090"),
        ("redeem ann's code", lambda: accounts.redeem(other, code), "WD092"),
        ("list ann's passkeys", lambda: accounts.passkeys(other, "web-ann"), "WD039"),
        (
            "add to ann",
            lambda: accounts.add(other, "web-ann", challenge(1), C2, KEY, 0, "x"),
            "WD039",
        ),
        ("a code for ann", lambda: accounts.transfer_code(other, "web-ann"), "WD039"),
    ]
    for what, work, expected in rows:
        assert result_or_sqlstate(work) == expected, what
    # the code survived the foreign attempt: its own front end still redeems it
    assert accounts.redeem(web, code) == "web-ann"
    for role in ("reader", "publisher"):
        reader = fronts(role)
        for sql in (
            "CALL wordle_passkey_challenge(NULL, NULL, 'sign in', REPEAT('A', 43))",
            "CALL wordle_transfer_redeem('AAAA-AAAA-AAAA')",
            "SELECT * FROM passkeys",
            "SELECT * FROM transfer_codes",
        ):
            assert result_or_sqlstate(lambda s=sql, r=reader: db.query(r, s)) in (1370, 1142), (
                role,
                sql,
            )


def test_a_transfer_code_works_once_within_its_time(conn: Connection, fronts) -> None:
    web = fronts("player")
    made = accounts.transfer_code(web, "web-ann")
    code = made["code"]
    assert len(code) == 14 and code[4] == code[9] == "-"
    assert not set(code.replace("-", "")) & set("IO01")  # no look-alikes
    # only its SHA-256 is kept: nothing in the table spells it
    stored = db.query(conn, "SELECT HEX(code_hash) AS h, player_id FROM transfer_codes")
    assert len(stored) == 1 and code.replace("-", "") not in repr(stored)
    rows = [
        ("a wrong code", "2222-2222-2222", "WD092"),
        ("malformed", "' OR 1 -- ", "WD092"),
        ("too long", "A" * 5000, "WD092"),
        ("lower case, no dashes", code.replace("-", "").lower(), "web-ann"),
        ("used already", code, "WD092"),
    ]
    for what, attempt, expected in rows:
        assert result_or_sqlstate(lambda a=attempt: accounts.redeem(web, a)) == expected, what
    # a new code withdraws the earlier one; an expired one is refused
    first = accounts.transfer_code(web, "web-ann")["code"]
    second = accounts.transfer_code(web, "web-ann")["code"]
    assert result_or_sqlstate(lambda: accounts.redeem(web, first)) == "WD092"
    conn.exec_driver_sql(
        "UPDATE transfer_codes SET expires_at = UTC_TIMESTAMP(6) - INTERVAL 1 SECOND"
    )
    assert result_or_sqlstate(lambda: accounts.redeem(web, second)) == "WD092"


def real_utc() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def test_expiries_follow_the_real_clock_whatever_the_session_says(
    conn: Connection, front_urls
) -> None:
    """Every hostile session preset (clocks set far ahead or back, zones at both ends of the
    world, ...) against the expiries: a code or challenge made in such a session expires 15 or 5
    minutes after the real now, and an expired one stays expired, or the session is refused."""
    url = front_urls("player")
    with db.connect(url) as web:
        sign_up(web, "web-ann", C1, 100)
        expired = accounts.transfer_code(web, "web-bob")["code"]  # web-ann's get withdrawn
        accounts.challenge(web, None, "sign in", challenge(1))
    for table, minutes in (("transfer_codes", 16), ("passkey_challenges", 6)):
        conn.exec_driver_sql(
            f"UPDATE {table} SET expires_at = expires_at - INTERVAL {minutes} MINUTE"
        )
    for n, (preset, statements) in enumerate(PRESETS, start=2):
        with db.connect(url) as hostile:
            for statement in statements:
                hostile.exec_driver_sql(statement)
            used = result_or_sqlstate(lambda h=hostile: accounts.redeem(h, expired))
            assert used in ("WD092", *REFUSED), (preset, "expired code", used)
            used = result_or_sqlstate(lambda h=hostile: accounts.signed_in(h, challenge(1), C1, 0))
            assert used in ("WD091", *REFUSED), (preset, "expired challenge", used)
            before, value = real_utc(), challenge(n)
            made = result_or_sqlstate(
                lambda h=hostile, v=value: accounts.challenge(h, None, "sign in", v)
            )
            if made in REFUSED:
                continue
            stored = db.scalar(
                conn,
                "SELECT expires_at FROM passkey_challenges "
                "WHERE challenge_hash = UNHEX(SHA2(?, 256))",
                value,
            )
            assert (
                before + timedelta(minutes=5, seconds=-2)
                <= stored
                <= (real_utc() + timedelta(minutes=5, seconds=2))
            ), (preset, stored, before)
            code = result_or_sqlstate(lambda h=hostile: accounts.transfer_code(h, "web-ann"))
            assert isinstance(code, dict), (preset, code)
            assert (
                before + timedelta(minutes=15, seconds=-2)
                <= code["expires_at"]
                <= (real_utc() + timedelta(minutes=15, seconds=2))
            ), (preset, code, before)


def test_codes_are_not_written_to_the_binary_log_in_the_clear(tmp_path: Path) -> None:
    """A server with a binary log (replication, point-in-time recovery) logs each changed row,
    and with binlog_annotate_row_events (on by default) the statement that changed it, routine
    variables spelled out as NAME_CONST('v_code', 'XXXX-...'). A transfer code and a league's
    join code are 'kept only as their SHA-256': the log, its replicas and its backups must not
    spell them either (a join code works until its creator makes a new one)."""
    server = new_local_server(tmp_path / "binlog", str(find_binary("mariadbd", "mysqld")))
    server.options = ("--log-bin=wordle-bin", "--log-bin-trust-function-creators=1")
    server.start()
    try:
        url = db.parse_url(server.url("binlogged"))
        schema.ensure_database(url)
        schema.migrate(url)
        with db.connect(url) as conn:
            transfer = accounts.transfer_code(conn, "ann")["code"]
            join = leagues.create(conn, "ann", "Office", "Ann")["code"]
            conn.exec_driver_sql("FLUSH BINARY LOGS")
        logs = sorted(str(p) for p in server.datadir.glob("wordle-bin.[0-9]*"))
        reader = str(find_binary("mariadb-binlog", "mysqlbinlog"))
        dumped = subprocess.run([reader, "--verbose", *logs], capture_output=True, check=True)
        text = dumped.stdout.decode("utf-8", "replace")
        assert "transfer_codes" in text and "leagues" in text  # the right log
        for what, secret in (("transfer code", transfer), ("join code", join)):
            assert secret not in text, f"the {what} is in the binary log in the clear"
    finally:
        server.stop()


def test_the_session_generation_grows_on_sign_up_removal_and_sign_out_everywhere(
    conn: Connection, fronts
) -> None:
    """A front end signs the generation into its sessions (the web's cookie): every event
    that must end the player's other sessions starts a new one; nothing else does."""
    web = fronts("player")

    def sign_in(n: int) -> dict[str, Any]:
        accounts.challenge(web, None, "sign in", challenge(n))
        return accounts.signed_in_session(web, challenge(n), C2, 0)

    early = {}
    rows = [
        # (event, work, its outcome (None: not checked), the generation after)
        ("a player nobody has yet", lambda: None, None, 0),
        (
            "an anonymous player's code",
            lambda: early.setdefault("code", accounts.transfer_code(web, "web-ann")["code"]),
            None,
            0,
        ),
        (
            "sign-out everywhere of an anonymous player",
            lambda: accounts.sign_out_everywhere(web, "web-bob"),
            1,
            0,
        ),
        ("sign-up: the first passkey", lambda: sign_up(web, "web-ann", C1, 1)["generation"], 1, 1),
        (
            "the code made before sign-up is withdrawn",
            lambda: accounts.redeem(web, early["code"]),
            "WD092",
            1,
        ),
        ("a second passkey", lambda: sign_up(web, "web-ann", C2, 2)["generation"], 1, 1),
        (
            "a sign-in answers the current generation",
            lambda: sign_in(3),
            {"player": "web-ann", "generation": 1},
            1,
        ),
        (
            "a code redeemed answers it too",
            lambda: accounts.redeem_session(web, accounts.transfer_code(web, "web-ann")["code"]),
            {"player": "web-ann", "generation": 1},
            1,
        ),
        (
            "a passkey removed",
            lambda: accounts.remove(web, "web-ann", passkey_id(C1)),
            {"passkeys": 1, "generation": 2},
            2,
        ),
        (
            "a removal refused changes nothing",
            lambda: accounts.remove(web, "web-ann", "0" * 16),
            "WD090",
            2,
        ),
        ("sign-out everywhere", lambda: accounts.sign_out_everywhere(web, "web-ann"), 3, 3),
        (
            "the last passkey removed",
            lambda: accounts.remove(web, "web-ann", passkey_id(C2)),
            {"passkeys": 0, "generation": 4},
            4,
        ),
        ("signing up again", lambda: sign_up(web, "web-ann", C3, 4)["generation"], 5, 5),
    ]
    for what, work, expected, generation in rows:
        got = result_or_sqlstate(work)
        assert expected is None or got == expected, (what, got)
        assert accounts.generation(web, "web-ann") == generation, what
    assert accounts.generation(web, "web-bob") == 1  # nobody else's moved
    code = accounts.transfer_code(web, "web-ann")["code"]
    accounts.sign_out_everywhere(web, "web-ann")
    assert result_or_sqlstate(lambda: accounts.redeem(web, code)) == "WD092"  # withdrawn
    assert db.scalar(conn, "SELECT session_generation FROM players WHERE name = 'web-ann'") == 6


def test_an_ended_session_makes_no_move_in_a_game_under_way(conn: Connection, fronts) -> None:
    """A player with a game under way and a kept access decision: its guess locks the game in
    the guess's own read (migration 0034), where an ended session's guess is refused (WD096)
    as on the long way, changing nothing; the current session plays on."""
    web = fronts("player")
    sign_up(web, "web-bea", C1, 1)
    current = accounts.generation(web, "web-bea")
    game.play_with_keyboard(web, "web-bea", "slate", generation=current)
    count = (
        "SELECT COUNT(*) FROM attempts a JOIN games g ON g.id = a.game_id "
        "JOIN players p ON p.id = g.player_id WHERE p.name = 'web-bea'"
    )
    assert db.scalar(conn, count) == 1
    for stale in (0, current - 1, current + 1, 2**32 - 1):
        assert (
            result_or_sqlstate(
                lambda g=stale: game.play_with_keyboard(web, "web-bea", "pious", generation=g)
            )
            == "WD096"
        ), stale
        assert db.scalar(conn, count) == 1, stale
    game.play_with_keyboard(web, "web-bea", "pious", generation=current)
    assert db.scalar(conn, count) == 2


def test_an_ended_session_makes_nothing_lasting(conn: Connection, fronts) -> None:
    """Every call that makes something that lasts takes the caller's session generation and
    refuses an ended one (WD096) in its own transaction, changing nothing: a front end's
    cached generation cannot let a stale session make a code, a challenge, a passkey, remove
    one or end the others' sessions. The current generation, and NULL (a caller with sessions
    of its own), pass."""
    web = fronts("player")
    sign_up(web, "web-ann", C1, 1)  # generation 1: a session of 0 (before sign-up) has ended

    def state() -> tuple[Any, ...]:
        return tuple(
            db.scalar(conn, sql)
            for sql in (
                "SELECT session_generation FROM players WHERE name = 'web-ann'",
                "SELECT COUNT(*) FROM passkeys",
                "SELECT COUNT(*) FROM transfer_codes",
                "SELECT COUNT(*) FROM passkey_challenges",
                "SELECT COUNT(*) FROM games",
                "SELECT COUNT(*) FROM attempts",
                "SELECT COALESCE(SUM(revealed), 0) FROM games",
                "SELECT GROUP_CONCAT(id, name, creator_id, HEX(code_hash) ORDER BY id) "
                "FROM leagues",
                "SELECT GROUP_CONCAT(league_id, player_id, nickname ORDER BY league_id, player_id) "
                "FROM league_members",
            )
        )

    def add(generation: int | None) -> Any:  # a refused add leaves its challenge unused
        return accounts.add(web, "web-ann", challenge(11), C2, KEY, 0, "x", generation)

    accounts.challenge(web, "web-ann", "register", challenge(11), 1)
    club = leagues.create(web, "web-bob", "Club", "Bob")["code"]  # ann joins, then leaves
    other = leagues.create(web, "web-bob", "Other", "Bob")["code"]  # ann tries to join
    leagues.join(web, "web-ann", club, "Ann", 1)
    leagues.create(web, "web-ann", "Own", "Ann", 1)  # ann's: a new code, bob removed
    leagues.join(web, "web-bob", leagues.new_code(web, "web-ann", "Own", 1)["code"], "Bob")

    rows = [
        # (attempt, work(generation), generations that must be refused)
        ("a transfer code", lambda g: accounts.transfer_code(web, "web-ann", g)),
        (
            "a register challenge",
            lambda g: accounts.challenge(web, "web-ann", "register", challenge(10), g),
        ),
        ("a second passkey", add),
        ("removing the passkey", lambda g: accounts.remove(web, "web-ann", passkey_id(C1), g)),
        ("signing out everywhere", lambda g: accounts.sign_out_everywhere(web, "web-ann", g)),
        (
            "a guess (migration 0027)",
            lambda g: game.play_with_keyboard(web, "web-ann", "slate", generation=g),
        ),
        ("a letter hint", lambda g: game.reveal_letter(web, "web-ann", generation=g)),
        # the league changes (migration 0036)
        ("a league created", lambda g: leagues.create(web, "web-ann", "Office", None, g)),
        ("a league joined", lambda g: leagues.join(web, "web-ann", other, None, g)),
        ("a league's new code", lambda g: leagues.new_code(web, "web-ann", "Own", g)),
        ("a member removed", lambda g: leagues.remove(web, "web-ann", "Own", "Bob", g)),
        ("a league left", lambda g: leagues.leave(web, "web-ann", "Club", g)),
    ]
    for what, work in rows:
        current = accounts.generation(web, "web-ann")
        for stale in (0, current - 1, current + 1, 2**32 - 1):
            before = state()
            assert result_or_sqlstate(lambda w=work, g=stale: w(g)) == "WD096", (what, stale)
            assert state() == before, (what, stale)
    assert result_or_sqlstate(lambda: accounts.transfer_code(web, "web-ann", 1))["code"]
    assert result_or_sqlstate(lambda: accounts.transfer_code(web, "web-ann", None))["code"]
    assert add(1)["passkeys"] == 2
    assert accounts.sign_out_everywhere(web, "web-ann", 1) == 2
    assert accounts.remove(web, "web-ann", passkey_id(C2), None)["generation"] == 3
    assert game.reveal_letter(web, "web-ann", generation=3)["letters_revealed"] == 1
    assert game.play_with_keyboard(web, "web-ann", "slate", generation=3)[0]["attempt"] == 1
    assert game.play_with_keyboard(web, "web-ann", "pious", generation=None)[0]["attempt"] == 2
    assert leagues.create(web, "web-ann", "Office", None, 3)["league"] == "Office"
    assert leagues.join(web, "web-ann", other, None, None)["members"] == 2
    assert leagues.new_code(web, "web-ann", "Own", 3)["code"]
    assert leagues.remove(web, "web-ann", "Own", "Bob", 3)["members"] == 1
    assert leagues.leave(web, "web-ann", "Club", 3)["members"] == 1
    # a new anonymous player's session is of generation 0
    assert result_or_sqlstate(lambda: accounts.transfer_code(web, "web-new", 0))["code"]
    assert result_or_sqlstate(lambda: accounts.transfer_code(web, "web-new2", 1)) == "WD096"
    assert leagues.create(web, "web-new3", "Mine", None, 0)["league"] == "Mine"
    assert result_or_sqlstate(lambda: leagues.create(web, "web-new4", "Mine", None, 1)) == "WD096"
    assert db.scalar(conn, "SELECT COUNT(*) FROM players WHERE name = 'web-new4'") == 0


RACED: dict[str, Callable[[Connection, dict[str, str]], Any]] = {
    "a transfer code": lambda web, made: accounts.transfer_code(web, "web-ann", 1),
    "a league joined (0036)": lambda web, made: leagues.join(web, "web-ann", made["code"], None, 1),
}


@pytest.mark.parametrize("call", RACED)
def test_a_call_racing_a_new_generation_checks_the_one_committed(
    conn: Connection, db_url: URL, fronts, call: str
) -> None:
    """A code asked for (a league joined) while another transaction holds the player's row to
    start a new generation (as _wordle_session_bump does) waits for it and sees the new
    generation: it is refused, never made for the ended session in between."""
    web = fronts("player")
    sign_up(web, "web-ann", C1, 1)
    made = leagues.create(web, "web-bob", "Club")
    result: list[Any] = []
    with db.connect(db_url) as bump:
        bump.exec_driver_sql("START TRANSACTION")
        db.query(bump, "SELECT id FROM players WHERE name = 'web-ann' FOR UPDATE")
        waiter = threading.Thread(
            target=lambda: result.append(result_or_sqlstate(lambda: RACED[call](web, made)))
        )
        waiter.start()
        waiter.join(timeout=1.0)
        assert waiter.is_alive(), f"the code did not wait for the player's row: {result}"
        db.query(bump, "UPDATE players SET session_generation = 2 WHERE name = 'web-ann'")
        bump.exec_driver_sql("COMMIT")
        waiter.join(timeout=30)
    assert result == ["WD096"]
    assert db.scalar(conn, "SELECT COUNT(*) FROM transfer_codes") == 0
    assert db.scalar(conn, "SELECT COUNT(*) FROM league_members") == 1  # bob's alone


def test_another_accounts_player_has_no_generation_to_read_or_end(conn: Connection, fronts) -> None:
    web, other = fronts("player"), fronts("player")
    sign_up(web, "web-ann", C1, 1)
    rows = [
        ("read ann's generation", lambda: accounts.generation(other, "web-ann"), "WD039"),
        (
            "sign ann out everywhere",
            lambda: accounts.sign_out_everywhere(other, "web-ann"),
            "WD039",
        ),
        ("a bad name", lambda: accounts.generation(other, " ann"), "WD038"),
        ("its own player", lambda: accounts.sign_out_everywhere(other, "web-cy"), 1),
    ]
    for what, work, expected in rows:
        assert result_or_sqlstate(work) == expected, what
    assert accounts.generation(web, "web-ann") == 1
    for role in ("reader", "publisher"):
        reader = fronts(role)
        for sql in (
            "CALL wordle_session_generation('web-ann')",
            "CALL wordle_sign_out_everywhere('web-ann', NULL)",
            "CALL _wordle_session_bump(1, @g)",
        ):
            assert result_or_sqlstate(lambda s=sql, r=reader: db.query(r, s)) == 1370, (role, sql)
    assert result_or_sqlstate(lambda: db.query(other, "CALL _wordle_session_bump(1, @g)")) == 1370
    assert accounts.generation(web, "web-ann") == 1


def test_hostile_sessions_end_sessions_exactly_once_or_are_refused(
    conn: Connection, front_urls
) -> None:
    """Every hostile session preset: sign-out everywhere starts exactly one new generation and
    withdraws the pending code, or is refused and changes nothing; the generation read is the
    stored one, or refused."""
    url = front_urls("player")
    with db.connect(url) as web:
        sign_up(web, "web-ann", C1, 1)
    for preset, statements in PRESETS:
        with db.connect(url) as web:
            code = accounts.transfer_code(web, "web-ann")["code"]
        before = db.scalar(conn, "SELECT session_generation FROM players WHERE name = 'web-ann'")
        with db.connect(url) as hostile:
            for statement in statements:
                hostile.exec_driver_sql(statement)
            read = result_or_sqlstate(lambda h=hostile: accounts.generation(h, "web-ann"))
            assert read in (before, *REFUSED), (preset, "read", read)
            ended = result_or_sqlstate(lambda h=hostile: accounts.sign_out_everywhere(h, "web-ann"))
        after = db.scalar(conn, "SELECT session_generation FROM players WHERE name = 'web-ann'")
        with db.connect(url) as web:
            redeemed = result_or_sqlstate(lambda w=web, c=code: accounts.redeem(w, c))
        if ended in REFUSED:
            assert (after, redeemed) == (before, "web-ann"), (preset, after, redeemed)
        else:
            assert (ended, after, redeemed) == (before + 1, before + 1, "WD092"), (
                preset,
                ended,
                after,
                redeemed,
            )
