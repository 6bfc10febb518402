"""Accounts (sql/accounts/): passkeys and transfer codes, driven as the web front end does and
as hostile accounts would. The database does not check signatures (the front end does, see
tests/web/test_accounts_web.py); it keeps every rule that makes a passkey or a code reach one
player only: one use, expiry, ownership, counts that grow, nothing secret in the clear. Each
table is a list of attempts: a new one joins as a row. Session generations:
test_session_generations.py."""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import accounts, db, leagues, schema
from wordle_db.server import find_binary

from support.accounts import C1, C2, C3, KEY, challenge, passkey_id, sign_up
from support.calls import result_or_sqlstate
from support.databases import new_local_server
from support.locks import BUSY, behind_held_rows
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


# Each account change behind rows another session holds (an operator's transaction, or a call
# interrupted by KILL QUERY inside one): the rows held, a locking read of the player's name ->
# the call. The next change of a player's account joins here.
PLAYER_ROW = "SELECT id FROM players WHERE name = ? FOR UPDATE"
PLAYER_OF = "(SELECT id FROM players WHERE name = ?)"
CODE_ROWS = f"SELECT code_hash FROM transfer_codes WHERE player_id = {PLAYER_OF} FOR UPDATE"
PASSKEY_ROWS = f"SELECT credential_id FROM passkeys WHERE player_id = {PLAYER_OF} FOR UPDATE"


@dataclass
class Account:
    """A player signed up with a passkey, a register and a sign-in challenge recorded and a
    transfer code made: what the calls below use."""

    player: str
    credential: bytes
    register: str
    sign_in: str
    code: str


HELD_ACCOUNT_CALLS: dict[str, tuple[str, Callable[[Connection, Account], object]]] = {
    "a transfer code": (PLAYER_ROW, lambda c, a: accounts.transfer_code(c, a.player)),
    "sign out everywhere": (PLAYER_ROW, lambda c, a: accounts.sign_out_everywhere(c, a.player)),
    "a register challenge": (
        PLAYER_ROW,
        lambda c, a: accounts.challenge(c, a.player, "register", _challenge()),
    ),
    "a passkey added": (
        PLAYER_ROW,
        lambda c, a: accounts.add(c, a.player, a.register, os.urandom(16), KEY, 0, "tablet"),
    ),
    "a passkey removed": (
        PLAYER_ROW,
        lambda c, a: accounts.remove(c, a.player, passkey_id(a.credential)),
    ),
    "a code redeemed": (CODE_ROWS, lambda c, a: accounts.redeem(c, a.code)),
    "a sign-in": (PASSKEY_ROWS, lambda c, a: accounts.signed_in(c, a.sign_in, a.credential, 1)),
}


def _challenge() -> str:
    return uuid.uuid4().hex.ljust(43, "A")  # 32 bytes in base64url, unique


@pytest.mark.found_by("review of migration 0045")
@pytest.mark.parametrize("change", list(HELD_ACCOUNT_CALLS))
def test_an_account_change_behind_held_rows_says_busy_after_one_wait(
    conn: Connection, db_url: URL, change: str
) -> None:
    """Behind rows another session holds, a change of a player's account waits
    innodb_lock_wait_timeout once and answers WD025, never the server's 1205
    (_wordle_lock_waited)."""
    account = Account(f"p{uuid.uuid4().hex[:8]}", os.urandom(16), _challenge(), _challenge(), "")
    signing_up = _challenge()
    accounts.challenge(conn, account.player, "register", signing_up)
    accounts.add(conn, account.player, signing_up, account.credential, KEY, 0, "phone")
    accounts.challenge(conn, account.player, "register", account.register)
    accounts.challenge(conn, None, "sign in", account.sign_in)
    account.code = str(accounts.transfer_code(conn, account.player)["code"])
    hold, call = HELD_ACCOUNT_CALLS[change]
    got = behind_held_rows(db_url, hold, (account.player,), lambda c: call(c, account))
    assert got == ("WD025", BUSY, 1), got
