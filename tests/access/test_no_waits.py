"""No account makes another wait (issue 23): every view and every function a role may read,
held open for 5 s by that role with the most locking session it may have, while another
account changes its password, an administrator runs `grant`, and accounts that never called
before play, publish and read. Each of those must finish in under a second.

The holds are a table: a view or function a role gains later joins it (the test fails while
a granted one has no entry). Before migration 0015, calls read mysql.* (Aria, table locks):
a held view plus one SET PASSWORD froze every cold-cache caller for the whole hold.

Beside it, every other guard that one account's held statement or transaction stalls no other
account: a reader's transaction and long locking reads through the views, a held player's row
(account calls of others, passkey sign-ins), a reader's locking read of past games, a
serializable reader of a channel. Waits between players' own guesses are in
tests/game/test_guess_concurrency.py; the kept decisions' purge and refresh in
test_kept_decisions.py.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import accounts, db, game, leagues, publish, roles
from wordle_db.errors import DatabaseError

from support.accounts import C1, C2, C3, KEY, challenge, held_player_row, sign_up
from support.calls import result_or_sqlstate
from support.locks import behind_held_rows
from support.puzzles import SIX, add_channel, today
from support.sessions import VIEWS, others_can_play

HOLD = 5  # seconds each held statement sleeps: the calls measured take milliseconds
QUICK = 1.0  # what every other account's call must stay under

# What each function is held with (arguments that make it read what it reads in play).
FUNCTIONS = {
    "wordle_today": "wordle_today()",
    "wordle_today_on": "wordle_today_on('side')",
    "wordle_puzzle_number": "wordle_puzzle_number(wordle_today())",
    "wordle_puzzle_number_on": "wordle_puzzle_number_on('side', wordle_today_on('side'))",
    "wordle_next_puzzle_in": "wordle_next_puzzle_in()",
    "wordle_next_puzzle_on": "wordle_next_puzzle_on('side')",
    "wordle_hint": "wordle_hint('crane', 'slate')",
    "wordle_hard_mode_violation": "wordle_hard_mode_violation('crane', 'slate', '00000')",
    "wordle_setting": "wordle_setting('player_names')",
}
HOLDING_ROLES = ("player", "reader", "publisher", "admin")


def granted(account: Connection, kind: str) -> list[str]:
    """The views or functions of this schema the account may use (information_schema shows
    only those)."""
    if kind == "VIEW":
        sql = (
            "SELECT TABLE_NAME AS name FROM information_schema.VIEWS "
            "WHERE TABLE_SCHEMA = DATABASE() ORDER BY 1"
        )
    else:
        sql = (
            "SELECT ROUTINE_NAME AS name FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA "
            "= DATABASE() AND ROUTINE_TYPE = 'FUNCTION' AND ROUTINE_NAME NOT LIKE '\\_%' "
            "ORDER BY 1"
        )
    return [row["name"] for row in db.query(account, sql)]


def hold(url: URL, sql: str, started: threading.Barrier, errors: list[str]) -> None:
    try:
        with db.connect(url) as conn:
            conn.exec_driver_sql("SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE")
            started.wait()
            db.query(conn, sql)
    except Exception as exc:  # reported by the test
        errors.append(f"{sql}: {exc}")


def timed(results: dict[str, float], what: str, step: Callable[[], object]) -> None:
    began = time.monotonic()
    step()
    results[what] = time.monotonic() - began


@pytest.mark.alone  # it measures time: no other worker beside it (conftest.py)
def test_nobody_waits_for_a_held_view_or_function(shared, conn: Connection, db_url: URL) -> None:
    accounts = {role: shared(role) for role in HOLDING_ROLES if role != "admin"}
    admin_user = f"hadm_{uuid.uuid4().hex[:8]}"
    roles.grant(conn, "admin", f"{admin_user}@localhost", "pw")
    accounts["admin"] = db_url.set(username=admin_user, password="pw")
    holds: list[tuple[URL, str]] = []
    for role, url in accounts.items():
        with db.connect(url) as account:
            views, functions = granted(account, "VIEW"), granted(account, "FUNCTION")
        assert views or role == "publisher", role
        missing = set(functions) - set(FUNCTIONS)
        assert not missing, f"add {missing} to FUNCTIONS"
        holds += [(url, f"SELECT COUNT(*), SLEEP({HOLD}) FROM {view}") for view in views]
        holds += [(url, f"SELECT {FUNCTIONS[f]}, SLEEP({HOLD})") for f in functions]
    assert len(holds) >= 30
    started, errors = threading.Barrier(len(holds) + 1), []
    threads = [
        threading.Thread(target=hold, args=(url, sql, started, errors)) for url, sql in holds
    ]
    for thread in threads:
        thread.start()
    started.wait()
    held_since = time.monotonic()
    deadline = time.monotonic() + 5
    while db.scalar(
        conn, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE = 'User sleep'"
    ) < len(holds):
        assert time.monotonic() < deadline, "the holds did not start"
        time.sleep(0.05)
    results: dict[str, float] = {}
    new_user = f"hnew_{uuid.uuid4().hex[:8]}"
    fresh = {role: shared(role) for role in ("player", "reader", "publisher")}  # never called
    today = game.game_state(conn, "ann")["day"]
    try:
        with db.connect(accounts["player"]) as other:
            timed(
                results,
                "another account's SET PASSWORD",
                lambda: other.exec_driver_sql("SET PASSWORD = PASSWORD('changed')"),
            )
        timed(
            results,
            "an administrator's grant",
            lambda: roles.grant(conn, "reader", f"{new_user}@localhost", "pw"),
        )
        with db.connect(fresh["player"]) as player:
            timed(
                results,
                "a new player's first guess",
                lambda: game.play(player, fresh["player"].username, "slate"),
            )
            timed(
                results, "that player's board", lambda: game.board(player, fresh["player"].username)
            )
        with db.connect(fresh["publisher"]) as publisher:
            timed(
                results,
                "a publisher's publication",
                lambda: db.call(publisher, "wordle_publish_on", "en", today + timedelta(2)),
            )
        with db.connect(fresh["reader"]) as reader:
            timed(
                results,
                "a reader's past games",
                lambda: db.query(reader, "SELECT COUNT(*) FROM past_games"),
            )
        assert len(results) == 6
        slow = {what: round(took, 2) for what, took in results.items() if took >= QUICK}
        assert not slow, slow
        still = db.scalar(
            conn, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE = 'User sleep'"
        )
        assert still == len(holds), "the holds ended before the calls were measured"
        # a call a hold made wait would have waited QUICK or more before the holds ended
        assert time.monotonic() - held_since <= HOLD - QUICK, "the calls began too late"
    finally:
        for thread in threads:
            thread.join()
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{admin_user}'@'localhost'")
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{new_user}'@'localhost'")
    assert errors == []
    print({what: f"{took * 1000:.0f} ms" for what, took in results.items()})


# Statements other than SELECT that read a view: InnoDB makes every read of theirs a locking
# read, held while the rest of the statement (here SLEEP) runs. {view} is the view.
LOCKING_READS = [
    "SET @n = (SELECT COUNT(*) + SLEEP(1.5) FROM {view})",
    "DO (SELECT COUNT(*) + SLEEP(1.5) FROM {view})",
    "SELECT (SELECT COUNT(*) FROM {view} WHERE day < CURDATE() + 9) + SLEEP(1.5) INTO @n",
    "PREPARE s FROM 'SET @n = (SELECT COUNT(*) + SLEEP(1.5) FROM {view})'; EXECUTE s",
    "/* SELECT */ SET @n = (SELECT COUNT(*) + SLEEP(1.5) FROM {view})",
    "SELECT COUNT(*) + SLEEP(1.5) FROM {view} FOR UPDATE",
    "SELECT COUNT(*) + SLEEP(1.5) FROM (SELECT * FROM {view} LOCK IN SHARE MODE) d",
]


@pytest.mark.parametrize("role", list(VIEWS))
def test_a_reader_holding_a_transaction_blocks_nobody(
    shared, conn: Connection, db_url: URL, role: str
) -> None:
    day = today(conn)
    with db.connect(shared(role)) as reader:
        for view in VIEWS[role]:
            for clause in ("FOR UPDATE", "LOCK IN SHARE MODE", ""):
                reader.exec_driver_sql("START TRANSACTION")
                with pytest.raises(DatabaseError) as refused:
                    db.query(reader, f"SELECT * FROM {view} {clause}")
                assert refused.value.sqlstate == "WD013"
                others_can_play(db_url, day)
                reader.exec_driver_sql("ROLLBACK")
            # In autocommit mode a locking read through the view locks no row of the game.
            db.query(reader, f"SELECT * FROM {view} FOR UPDATE")


@pytest.mark.alone  # it measures time: no other worker beside it (conftest.py)
@pytest.mark.parametrize("isolation", ["REPEATABLE READ", "SERIALIZABLE"])
@pytest.mark.parametrize("role", list(VIEWS))
def test_a_long_locking_read_through_a_view_blocks_nobody(
    shared, conn: Connection, db_url: URL, role: str, isolation: str
) -> None:
    """While the statements run, a new player's first guess, another player's guess in a game
    of a past day, a publication and the accounts refresh (which writes what a player's view
    reads of the accounts) each go through at once; each statement itself is
    refused (WD013) or ran its course. Every view and form is held at once, each by a session
    of its own: locks only add up, so a move that one of them would make wait waits here too
    (one at a time, the role's forms took 17 s)."""
    day = today(conn)
    url = shared(role)
    reads = [(v, f) for v in VIEWS[role] for f in LOCKING_READS]
    game.play(conn, "archive", "slate", day - timedelta(1))
    failed: list[list[BaseException]] = [[] for _ in reads]

    def read(reader: Connection, statements: str, failed: list[BaseException]) -> None:
        try:
            for statement in statements.split("; "):
                reader.exec_driver_sql(statement)
            warned = db.query(reader, "SHOW WARNINGS")  # DO turns errors into warnings
            if any("SELECT statements only" in w["Message"] for w in warned):
                failed.append(DatabaseError("refused", 1644, "WD013"))
        except BaseException as exc:  # a refusal, checked below
            failed.append(getattr(exc, "orig", exc))

    with ExitStack() as stack:
        readers = [stack.enter_context(db.connect(url)) for _ in reads]
        ids = []
        for reader in readers:
            reader.exec_driver_sql(f"SET SESSION TRANSACTION ISOLATION LEVEL {isolation}")
            ids.append(db.scalar(reader, "SELECT CONNECTION_ID()"))
        threads = [
            threading.Thread(target=read, args=(reader, form.format(view=view), failed[n]))
            for n, (reader, (view, form)) in enumerate(zip(readers, reads, strict=True))
        ]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        try:
            with db.connect(db_url) as other:
                other.exec_driver_sql("SET innodb_lock_wait_timeout = 1")
                while True:  # each statement is in its SLEEP (its locks taken) or was refused
                    sleeping = db.scalar(
                        other,
                        "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE = "
                        f"'User sleep' AND ID IN ({', '.join(str(i) for i in ids)})",
                    )
                    ended = sum(not thread.is_alive() for thread in threads)
                    if sleeping + ended == len(reads) or time.monotonic() - started > 0.5:
                        break
                    time.sleep(0.02)
                waited = time.monotonic()
                game.play(other, "bystander", "slate")
                game.play(other, "archive", "pious", day - timedelta(1))
                db.call(other, "wordle_publish", day + timedelta(400))
                other.exec_driver_sql("CALL _wordle_accounts_refresh()")  # found_by 0049's review
                assert time.monotonic() - waited < 1, (reads, "others waited")
        finally:  # a reader's connection closes only once its statement is over
            for thread in threads:
                thread.join(timeout=60)
    for (view, form), refused in zip(reads, failed, strict=True):
        if refused:
            assert [getattr(e, "sqlstate", None) for e in refused] == ["WD013"], (view, form)
    ran = sum(not refused for refused in failed)
    # every statement that ran held its locks through the moves: it slept 1.5 s from at most
    # 0.5 s before they began, and a move it made wait would have failed after 1 s (1205)
    assert sleeping == ran and waited - started <= 0.5, (ran, sleeping, "not held in time")
    assert time.monotonic() - started >= 1.5, "the statements did not run"


@pytest.mark.found_by("review 2 of session generations (c25d707) and the league board (0025)")
@pytest.mark.alone  # it measures time: no other worker beside it (conftest.py)
def test_account_calls_of_other_players_do_not_wait_for_a_held_player(
    conn: Connection, db_url: URL, front_urls
) -> None:
    """Held (no expired challenge or code anywhere): with ann's row locked, bob's calls on
    the same and on another front end go through at once."""
    url, other_url = front_urls("player"), front_urls("player")
    with db.connect(url) as web, db.connect(other_url) as other:
        sign_up(web, "web-ann", C1, 1)
        sign_up(other, "web-bob", C2, 2)
        with held_player_row(db_url, "web-ann"):
            for front in (web, other):
                front.exec_driver_sql("SET innodb_lock_wait_timeout = 1")
                me = "web-ann-2" if front is web else "web-bob"
                started = time.monotonic()
                accounts.transfer_code(front, me, None)
                accounts.challenge(front, me, "register", challenge(7 if front is web else 8))
                accounts.sign_out_everywhere(front, me, None)
                game.play(front, me, "slate")
                assert time.monotonic() - started < 1


# Calls a front end is refused for another account's player (player_names 'created'): name ->
# (whose row is held: "created" front end A's player web-ann, "login" A's login player; the
# call). A refusal reads no further than the rule: since 0060 a decision written for a found
# player locks its row, never a refused one. Readers and publishers may not call these at all.
REFUSED_BESIDE_A_HELD_PLAYER: dict[str, tuple[str, Callable[[Connection, str], object]]] = {
    "another front end's player: a guess": ("created", lambda c, p: game.play(c, p, "slate")),
    "another front end's player: sign out everywhere": (
        "created",
        lambda c, p: accounts.sign_out_everywhere(c, p, None),
    ),
    "another front end's player: a transfer code": (
        "created",
        lambda c, p: accounts.transfer_code(c, p, None),
    ),
    "another front end's player: a league created": (
        "created",
        lambda c, p: leagues.create(c, p, f"l{uuid.uuid4().hex[:8]}", "me"),
    ),
    "another login's name: a guess": ("login", lambda c, p: game.play(c, p, "slate")),
}


@pytest.mark.found_by("review of 0061: held")
@pytest.mark.alone  # it measures time: no other worker beside it (conftest.py)
@pytest.mark.parametrize("refused", list(REFUSED_BESIDE_A_HELD_PLAYER))
def test_a_refused_call_waits_for_no_held_player(
    conn: Connection, db_url: URL, front_urls, refused: str
) -> None:
    """Front end A signs up web-ann and plays as its login; a transaction holds the row of
    one of them; another account's call for that player, after an access change (no kept
    decision), is refused at once with WD039 (innodb_lock_wait_timeout 1), never WD025."""
    held, call = REFUSED_BESIDE_A_HELD_PLAYER[refused]
    url = front_urls("player")
    with db.connect(url) as web:
        sign_up(web, "web-ann", C1, 1)
        game.play(web, str(url.username), "slate")
    name = "web-ann" if held == "created" else str(url.username)
    with db.connect(front_urls("player")) as other, held_player_row(db_url, name):
        other.exec_driver_sql("SET innodb_lock_wait_timeout = 1")
        db.query(conn, "UPDATE access_version SET version = version + 1")
        started = time.monotonic()
        with pytest.raises(DatabaseError) as raised:
            call(other, name)
        assert raised.value.sqlstate == "WD039", str(raised.value)
        assert time.monotonic() - started < 1, refused


@pytest.mark.found_by("review 2 of session generations (c25d707) and the league board (0025)")
@pytest.mark.alone  # it measures time: no other worker beside it (conftest.py)
def test_one_players_held_row_stops_every_accounts_passkey_sign_in(
    conn: Connection, db_url: URL, front_urls
) -> None:
    url, other_url = front_urls("player"), front_urls("player")
    with db.connect(url) as web, db.connect(other_url) as other:
        sign_up(web, "web-ann", C1, 1)
        sign_up(other, "web-bob", C2, 2)
        # a sign-in somebody began and never finished, five minutes ago: expired
        accounts.challenge(other, None, "sign in", challenge(3))
        conn.exec_driver_sql(
            "UPDATE passkey_challenges SET expires_at = expires_at - INTERVAL 1 HOUR"
        )
        accounts.challenge(web, "web-ann", "register", challenge(4))
        waiting = threading.Thread(
            target=lambda: result_or_sqlstate(
                lambda: accounts.add(web, "web-ann", challenge(4), C3, KEY, 0, "x", 1)
            )
        )
        with held_player_row(db_url, "web-ann"):
            waiting.start()
            time.sleep(0.5)  # ann's add waits for her row, the expired challenge deleted
            other.exec_driver_sql("SET innodb_lock_wait_timeout = 1")
            accounts.challenge(other, None, "sign in", challenge(5))
            started = time.monotonic()
            got = result_or_sqlstate(lambda: accounts.signed_in_session(other, challenge(5), C2, 0))
            waited = time.monotonic() - started
        waiting.join(timeout=30)
        assert got == {"player": "web-bob", "generation": 1} and waited < 1, (got, waited)


@pytest.mark.found_by("review 2 of session generations (c25d707) and the league board (0025)")
@pytest.mark.alone  # it measures time: no other worker beside it (conftest.py)
@pytest.mark.parametrize("isolation", ["SERIALIZABLE"])
def test_a_readers_locking_read_through_past_games_does_not_hold_players_rows(
    shared, db_url: URL, isolation: str
) -> None:
    """Held: past_games joins every player with a past game; a reader's long locking read
    through it (autocommit) takes no lock on their rows, which _wordle_session_current now
    locks FOR UPDATE on every account call: ann (a past game) signs out everywhere at once."""
    with db.connect(shared("reader")) as reader, db.connect(db_url) as admin:
        reader.exec_driver_sql(f"SET SESSION TRANSACTION ISOLATION LEVEL {isolation}")
        admin.exec_driver_sql("SET innodb_lock_wait_timeout = 1")
        for clause in ("FOR UPDATE", "LOCK IN SHARE MODE"):
            read: list[Any] = []
            sql = f"SELECT COUNT(*) + SLEEP(1.5) AS n FROM past_games {clause}"
            thread = threading.Thread(
                target=lambda s=sql, r=read: r.append(
                    result_or_sqlstate(lambda: db.query(reader, s))
                )
            )
            begun = time.monotonic()
            thread.start()
            time.sleep(0.3)
            started = time.monotonic()
            accounts.sign_out_everywhere(admin, "ann", None)
            accounts.transfer_code(admin, "ann", None)
            assert time.monotonic() - started < 1, clause
            thread.join(timeout=30)
            assert read[0][0]["n"] >= 1 and time.monotonic() - begun >= 1.5, (clause, read)


# Calls that write a kept decision for a player found by name (the access version bumped
# before each: 0060 locks the found player's row for writing first), made by an administrator
# while a role's long locking read through its view reads that player's rows.
FOUND_BY_NAME_CALLS: dict[str, Callable[[Connection, str], object]] = {
    "a guess": lambda c, p: game.play(c, p, "pious"),
    "sign out everywhere": lambda c, p: accounts.sign_out_everywhere(c, p, None),
    "a transfer code": lambda c, p: accounts.transfer_code(c, p, None),
    "a league created": lambda c, p: leagues.create(c, p, f"l{uuid.uuid4().hex[:8]}", "me"),
}


@pytest.mark.found_by("review of 0061: held")
@pytest.mark.alone  # it measures time: no other worker beside it (conftest.py)
@pytest.mark.parametrize(("role", "view"), [("reader", "past_games"), ("player", "my_games")])
def test_a_locking_read_through_a_view_holds_up_no_player_found_by_name(
    shared, conn: Connection, db_url: URL, role: str, view: str
) -> None:
    """The role's read of its view FOR UPDATE and LOCK IN SHARE MODE (a serializable session,
    autocommit, 1.5 s) reads the player's rows (the reader's: ann's past game; the player
    account's: its own login player's): an administrator's calls for that player, each
    found by name, go through at once (innodb_lock_wait_timeout 1), a guess to the game's
    refusal (WD034, WD035: its decision written before), the others to their answer."""
    url = shared(role)
    player = "ann" if role == "reader" else str(url.username)
    if role == "player":
        with db.connect(url) as c:
            game.play(c, player, "slate")
    with db.connect(url) as holder, db.connect(db_url) as admin:
        holder.exec_driver_sql("SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE")
        admin.exec_driver_sql("SET innodb_lock_wait_timeout = 1")
        for clause in ("FOR UPDATE", "LOCK IN SHARE MODE"):
            read: list[Any] = []
            sql = f"SELECT COUNT(*) + SLEEP(1.5) AS n FROM {view} WHERE player = ? {clause}"
            thread = threading.Thread(
                target=lambda s=sql, r=read: r.append(
                    result_or_sqlstate(lambda: db.query(holder, s, player))
                )
            )
            begun = time.monotonic()
            thread.start()
            time.sleep(0.3)
            for name, call in FOUND_BY_NAME_CALLS.items():
                db.query(admin, "UPDATE access_version SET version = version + 1")
                started = time.monotonic()
                try:
                    call(admin, player)
                except DatabaseError as exc:  # the game's refusals come after the decision
                    assert name == "a guess" and exc.sqlstate in ("WD034", "WD035"), str(exc)
                assert time.monotonic() - started < 1, (clause, name)
            thread.join(timeout=30)
            assert read[0][0]["n"] >= 1 and time.monotonic() - begun >= 1.5, (clause, read)


def test_a_serializable_reader_of_a_channel_holds_up_no_publication(
    shared, conn: Connection, db_url: URL
) -> None:
    add_channel(conn, "six", 6, SIX)
    with db.connect(shared("player")) as reader:
        reader.exec_driver_sql("SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE")
        reader.exec_driver_sql("START TRANSACTION")
        db.scalar(reader, "SELECT wordle_today_on('six') AS d")
        db.scalar(reader, "SELECT wordle_puzzle_number_on('six', wordle_today_on('six')) AS n")
        with db.connect(db_url) as other:
            other.exec_driver_sql("SET innodb_lock_wait_timeout = 3")
            assert game.play(other, "ann", "planet", channel="six")["number"] == 1
        reader.exec_driver_sql("ROLLBACK")


@dataclass
class Held:
    """A folding channel with letter hints, today's puzzle 'planet', a player's game of it
    after one guess, a league the player created, and its member's game after one guess."""

    channel: str
    channel_id: int
    player: str
    code: str
    league: int
    member: str


# Reads on the way of a move, a hint or a join that a writer's held rows made wait
# (SET v = (SELECT ...) and IF EXISTS (...) in a read-write transaction share-lock what they
# read): the rows held, as the writer holds them (a locking read, and its arguments) -> the
# call, which goes through without a wait. The next such read joins here.
HELD_READS: dict[str, tuple[str, Callable[[Held], tuple[Any, ...]], Callable[..., object]]] = {
    "a letter hint, the channel changing": (
        "SELECT id FROM channels WHERE name = ? FOR UPDATE",
        lambda h: (h.channel,),
        lambda c, h: game.reveal_letter(c, h.player, channel=h.channel),
    ),
    "a folded guess, the channel's words imported": (
        "SELECT word_id FROM channel_words WHERE channel_id = ? FOR UPDATE",
        lambda h: (h.channel_id,),
        lambda c, h: game.play(c, h.player, "SILVER", channel=h.channel),
    ),
    "a join, the league's members changing": (
        "SELECT player_id FROM league_members WHERE league_id = ? FOR UPDATE",
        lambda h: (h.league,),
        lambda c, h: leagues.join(c, f"j{uuid.uuid4().hex[:8]}", h.code, "newcomer"),
    ),
    "a new player's first move, the setting player_names changing": (
        "SELECT value FROM settings WHERE name = ? FOR UPDATE",
        lambda h: ("player_names",),
        lambda c, h: game.play(c, f"n{uuid.uuid4().hex[:8]}", "garden", channel=h.channel),
    ),
    "a first move as another login's name, that login's accounts refreshed": (
        "SELECT host FROM server_accounts WHERE user = ? FOR UPDATE",
        lambda h: ("wordle_owner",),
        lambda c, h: game.play(c, "wordle_owner", "garden", channel=h.channel),
    ),
}
PLAYER_NAMES = "SELECT name FROM settings WHERE name = 'player_names' AND ? <> '' FOR UPDATE"
GAME_OF = (
    "SELECT id FROM games WHERE player_id = (SELECT id FROM players WHERE name = ?) FOR UPDATE"
)
# Found by the review of lows40 and cost: rows as above.
HELD_READS_FOUND: dict[
    str, tuple[str, Callable[[Held], tuple[Any, ...]], Callable[..., object]]
] = {
    "a league's board, a member's move holding its game": (
        GAME_OF,
        lambda h: (h.member,),
        lambda c, h: leagues.board(c, h.player, h.channel, channel=h.channel),
    ),
    "a league's standings, a member's move holding its game": (
        GAME_OF,
        lambda h: (h.member,),
        lambda c, h: leagues.standings(c, h.player, h.channel, channel=h.channel),
    ),
    "the player's leagues, the league changing": (
        "SELECT id FROM leagues WHERE id = ? FOR UPDATE",
        lambda h: (h.league,),
        lambda c, h: leagues.mine(c, h.player),
    ),
    "a guess, the channel changing": (
        "SELECT id FROM channels WHERE name = ? FOR UPDATE",
        lambda h: (h.channel,),
        lambda c, h: game.play(c, h.player, "SILVER", channel=h.channel),
    ),
    "the player's game, the channel changing": (
        "SELECT id FROM channels WHERE name = ? FOR UPDATE",
        lambda h: (h.channel,),
        lambda c, h: game.game_state(c, h.player, channel=h.channel),
    ),
    "today's publication of every channel, a channel changing": (
        "SELECT id FROM channels WHERE name = ? FOR UPDATE",
        lambda h: (h.channel,),
        lambda c, h: publish.publish_every_channel(c),
    ),
    "the publisher's status of a channel, its puzzle changing": (
        "SELECT day FROM puzzles WHERE channel_id = ? FOR UPDATE",
        lambda h: (h.channel_id,),
        lambda c, h: db.call(c, "wordle_status_on", h.channel),
    ),
    "today's publication, published already, its puzzle changing": (
        "SELECT day FROM puzzles WHERE channel_id = ? FOR UPDATE",
        lambda h: (h.channel_id,),
        lambda c, h: publish.publish(c, channel=h.channel),
    ),
    "a new player's first look at its game, player_names being set": (
        PLAYER_NAMES,
        lambda h: (h.channel,),
        lambda c, h: game.game_state(c, f"n{uuid.uuid4().hex[:8]}", channel=h.channel),
    ),
    "the player's game, its move holding the game": (
        GAME_OF,
        lambda h: (h.player,),
        lambda c, h: game.game_state(c, h.player, channel=h.channel),
    ),
    "the player's board, its move holding the game": (
        GAME_OF,
        lambda h: (h.player,),
        lambda c, h: game.board(c, h.player, channel=h.channel),
    ),
    "the player's keyboard, its move holding the game": (
        GAME_OF,
        lambda h: (h.player,),
        lambda c, h: game.keyboard(c, h.player, channel=h.channel),
    ),
    "the player's statistics, its move holding the game": (
        GAME_OF,
        lambda h: (h.player,),
        lambda c, h: game.stats(c, h.player, channel=h.channel),
    ),
}


RETIRE = "UPDATE access_version SET version = version + 1"


def found_by_name(call: Callable[..., object]) -> Callable[..., object]:
    """The call after an access change: its player found by name (its decision written
    again, 0060's lock of its row first)."""

    def after_a_change(c: Connection, h: Held) -> object:
        c.exec_driver_sql(RETIRE)
        return call(c, h)

    return after_a_change


# Found-by-name moves (review of 0059), each in a game the player has or one it makes, beside
# rows as above.
HELD_READS_FOUND_BY_NAME: dict[
    str, tuple[str, Callable[[Held], tuple[Any, ...]], Callable[..., object]]
] = {
    "a guess found by name, the channel's puzzle changing": (
        "SELECT day FROM puzzles WHERE channel_id = ? FOR UPDATE",
        lambda h: (h.channel_id,),
        found_by_name(lambda c, h: game.play(c, h.player, "SILVER", channel=h.channel)),
    ),
    "a guess found by name, the channel changing": (
        "SELECT id FROM channels WHERE name = ? FOR UPDATE",
        lambda h: (h.channel,),
        found_by_name(lambda c, h: game.play(c, h.player, "SILVER", channel=h.channel)),
    ),
    "a letter hint found by name, the channel changing": (
        "SELECT id FROM channels WHERE name = ? FOR UPDATE",
        lambda h: (h.channel,),
        found_by_name(lambda c, h: game.reveal_letter(c, h.player, channel=h.channel)),
    ),
    "a guess found by name, the setting player_names changing": (
        "SELECT value FROM settings WHERE name = ? FOR UPDATE",
        lambda h: ("player_names",),
        found_by_name(lambda c, h: game.play(c, h.player, "SILVER", channel=h.channel)),
    ),
    "a guess found by name, another player's move holding its game": (
        GAME_OF,
        lambda h: (h.member,),
        found_by_name(lambda c, h: game.play(c, h.player, "SILVER", channel=h.channel)),
    ),
    "a guess found by name, another player's row held": (
        "SELECT id FROM players WHERE name = ? FOR UPDATE",
        lambda h: (h.member,),
        found_by_name(lambda c, h: game.play(c, h.player, "SILVER", channel=h.channel)),
    ),
    "a first guess on another channel found by name, another player's move holding its game": (
        GAME_OF,
        lambda h: (h.member,),
        found_by_name(lambda c, h: game.play(c, h.player, "slate")),
    ),
}


@pytest.mark.parametrize(
    "read",
    [
        *(
            pytest.param(r, marks=pytest.mark.found_by("review of migration 0048"))
            for r in HELD_READS
        ),
        *(
            pytest.param(r, marks=pytest.mark.found_by("review of lows40 and cost"))
            for r in HELD_READS_FOUND
        ),
        *(
            pytest.param(r, marks=pytest.mark.found_by("review of 0059: held"))
            for r in HELD_READS_FOUND_BY_NAME
        ),
    ],
)
def test_a_read_on_the_way_of_a_call_waits_for_no_held_row(
    conn: Connection, db_url: URL, read: str
) -> None:
    """Rows another transaction holds for writing, which the call only reads: it goes through
    at once (innodb_lock_wait_timeout 1 s, no lock wait counted)."""
    name = f"r{uuid.uuid4().hex[:6]}"
    add_channel(conn, name, 6, SIX, language="fr", accents="fold", letter_hints=2)
    publish.publish(conn, None, "planet", name)
    player = f"p{uuid.uuid4().hex[:8]}"
    game.play(conn, player, "garden", channel=name)
    code = str(leagues.create(conn, player, name, "first")["code"])
    member = f"m{uuid.uuid4().hex[:8]}"
    leagues.join(conn, member, code, "second")
    game.play(conn, member, "garden", channel=name)
    held = Held(
        name,
        db.scalar(conn, "SELECT id FROM channels WHERE name = ?", name),
        player,
        code,
        db.scalar(conn, "SELECT id FROM leagues WHERE code_hash = UNHEX(SHA2(?, 256))", code),
        member,
    )
    hold, args, call = {**HELD_READS, **HELD_READS_FOUND, **HELD_READS_FOUND_BY_NAME}[read]
    got = behind_held_rows(db_url, hold, args(held), lambda c: call(c, held))
    assert got == (None, "", 0), got
