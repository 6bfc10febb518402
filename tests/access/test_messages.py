"""Every refusal of the game as docs/sql-api.md writes it (issue 40, item 3): each message of
the document's *Errors* section is made by a real call here (TRIGGERS, a table the next
message joins) and compared with the server's; each routine's own table of errors quotes those
messages; and every SQLSTATE the routines raise is in the section.

In the document a message reads as the server writes it for the calls below (channels en and
fr, players ann, bob and cam, the league Office); `<day>` stands for a date, which moves with
today."""

from __future__ import annotations

import re
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import channels, db, publish, roles, schema, solver, sqlfiles, words

from support import clone
from support.databases import drop_database

DOC = Path(__file__).resolve().parents[2] / "docs" / "sql-api.md"
SECRET_CHALLENGE = "c2lnbi11cC1jaGFsbGVuZ2UtMDAwMDAwMDAwMDAwMDA"  # 32 bytes in base64url
SIGN_IN = "c2lnbi1pbi1jaGFsbGVuZ2UtMDAwMDAwMDAwMDAwMDE"
KEY = "UNHEX(REPEAT('02', 77))"  # a public key (the database keeps it, the front end checks it)


@dataclass
class Stage:
    """The database every trigger runs in, and accounts of each kind (URLs)."""

    admin: URL
    player: URL
    publisher: URL
    reader: URL
    nobody: URL  # an account with no wordle role
    code: str  # the join code of ann's league Office
    today: date


def _account(conn: Connection, url: URL, role: str | None) -> URL:
    """A new account of `role` (None: no wordle role); the player's is `bot`, as the document's
    messages name it."""
    user = "bot" if role == "player" else f"m{(role or 'x')[:2]}_{uuid.uuid4().hex[:6]}"
    password = uuid.uuid4().hex
    conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")
    if role:
        roles.grant(conn, role, f"{user}@localhost", password)
    else:
        conn.exec_driver_sql(f"CREATE USER '{user}'@'localhost' IDENTIFIED BY '{password}'")
        conn.exec_driver_sql(
            f"GRANT SELECT ON {db.quote_identifier(url.database)}.* TO '{user}'@'localhost'"
        )
        conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
    return url.set(username=user, password=password)


@pytest.fixture(scope="module")
def stage(server_url: URL, template_url: URL, schema_recipe: clone.Recipe) -> Iterator[Stage]:
    """Channels en (today: crane) and fr (one answer, monde, today's; its solver built); ann won
    today, bob lost, cam plays in hard mode after 'arose'; ann's league Office, with bob as
    Bob. The triggers run in TRIGGERS' order; the few that change something say so."""
    url = server_url.set(database=f"wt_{uuid.uuid4().hex[:12]}")
    schema.ensure_database(url)
    clone.create(schema_recipe, url, rows_from=template_url)
    made: list[URL] = []
    with db.connect(url) as conn:
        today: date = db.scalar(conn, "SELECT wordle_today()")
        publish.publish(conn, today, "crane")
        channels.add(conn, "fr", 5, "fr")
        words.import_lines(conn, [(1, "monde", 0)], True, channel="fr")
        words.import_lines(conn, [(1, "merci", 0), (2, "salut", 0)], False, channel="fr")
        publish.publish(conn, today, "monde", "fr")
        conn.exec_driver_sql("CALL wordle_play('ann', 'crane', NULL, NULL)")
        for guess in ("slate", "moist", "pinky", "audio", "wrung", "fjord"):
            conn.exec_driver_sql(f"CALL wordle_play('bob', '{guess}', NULL, NULL)")
        conn.exec_driver_sql("CALL wordle_play('cam', 'arose', NULL, TRUE)")
        code = db.query(conn, "CALL wordle_league_create('ann', NULL, 'Office', 'Ann', @c)")[0][
            "code"
        ]
        conn.exec_driver_sql(f"CALL wordle_league_join('bob', NULL, '{code}', 'Bob')")
        made = [_account(conn, url, r) for r in ("player", "publisher", "reader", None)]
    solver.build(url, workers=1, channel="fr")
    yield Stage(url, *made, code=code, today=today)
    with db.connect(url) as conn:
        for account in made:
            conn.exec_driver_sql(f"DROP USER IF EXISTS '{account.username}'@'localhost'")
    drop_database(url)


def _sql(
    statement: str, account: str = "admin", before: tuple[str, ...] = ()
) -> Callable[[Stage], None]:
    """A trigger: `statement` as `account`, after the statements `before` on its connection."""

    def run(stage: Stage) -> None:
        with db.connect(getattr(stage, account)) as conn:
            for setting in before:
                conn.exec_driver_sql(setting)
            db.query(conn, statement)

    return run


def _rolled_back(*steps: str) -> Callable[[Stage], None]:
    """A trigger that changes the stage first (as an administrator) and puts it back after."""

    def run(stage: Stage) -> None:
        with db.connect(stage.admin) as conn:
            try:
                for step in steps:
                    db.query(conn, step.format(today=stage.today, code=stage.code))
            finally:
                conn.exec_driver_sql("UPDATE channels SET time_zone = 'UTC' WHERE name = 'fr'")

    return run


def _holding(lock: str, statement: str) -> Callable[[Stage], None]:
    """`statement` while another session holds `lock` (a locking read), and with no wait for
    a lock: the routine's retries all meet it (WD025)."""

    def run(stage: Stage) -> None:
        with db.connect(stage.admin) as holder, db.connect(stage.admin) as conn:
            holder.exec_driver_sql("START TRANSACTION")
            db.query(holder, lock.format(code=stage.code))
            try:
                conn.exec_driver_sql("SET SESSION innodb_lock_wait_timeout = 0")
                db.query(conn, statement.format(code=stage.code))
            finally:
                holder.exec_driver_sql("ROLLBACK")

    return run


def _with_channel(name: str, letters: int, statement: str) -> Callable[[Stage], None]:
    """`statement` with the channel `name` there (no words), removed after."""

    def run(stage: Stage) -> None:
        with db.connect(stage.admin) as conn:
            conn.exec_driver_sql(
                f"CALL wordle_channel_add('{name}', NULL, {letters}, NULL, NULL, NULL, NULL)"
            )
            try:
                db.query(conn, statement)
            finally:
                conn.exec_driver_sql(f"CALL wordle_channel_remove('{name}', TRUE)")

    return run


def _removed_during_a_move(stage: Stage) -> None:
    """A first move in a channel an administrator's transaction is removing: the move's new
    game waits for the day's puzzle (its foreign key), then finds the channel gone."""
    with db.connect(stage.admin) as conn:
        channels.add(conn, "gone", 5, "en")
        words.import_lines(conn, [(1, "crane", 0)], True, channel="gone")
        publish.publish(conn, None, "crane", "gone")
        channel = db.scalar(conn, "SELECT id FROM channels WHERE name = 'gone'")
    refused: list[BaseException] = []

    def move() -> None:
        with db.connect(stage.admin) as player:
            try:
                db.query(player, "CALL wordle_play_on('gone', 'dee', 'crane', NULL, NULL)")
            except Exception as exc:  # the refusal, raised below
                refused.append(exc)

    with db.connect(stage.admin) as remover:
        remover.exec_driver_sql("START TRANSACTION")
        for table in ("puzzles", "answer_pool", "letters", "channel_words", "channels"):
            column = "id" if table == "channels" else "channel_id"
            db.query(remover, f"DELETE FROM {table} WHERE {column} = ?", channel)
        mover = threading.Thread(target=move)
        mover.start()
        waiting = "SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'"
        deadline = time.monotonic() + 10
        while not db.scalar(remover, waiting) and time.monotonic() < deadline:
            time.sleep(0.02)
        remover.exec_driver_sql("COMMIT")
        mover.join(timeout=30)
    if refused:
        raise refused[0]


def _player_names_created(trigger: Callable[[Stage], None]) -> Callable[[Stage], None]:
    """`trigger` while player_names is `created`."""

    def run(stage: Stage) -> None:
        with db.connect(stage.admin) as conn:
            conn.exec_driver_sql("CALL wordle_set_setting('player_names', 'created')")
            try:
                trigger(stage)
            finally:
                conn.exec_driver_sql("CALL wordle_set_setting('player_names', 'account')")

    return run


def _passkeys(player: str, count: int, again: bool = False) -> Callable[[Stage], None]:
    """`player` registers `count` passkeys (the last one twice when `again`)."""

    def run(stage: Stage) -> None:
        with db.connect(stage.admin) as conn:
            for n in range(count + again):
                challenge = f"cmVnaXN0ZXItY2hhbGxlbmdlLTAw{player}{n:04d}"
                credential = f"{player}{min(n, count - 1):04d}".encode().hex().ljust(32, "0")
                db.query(
                    conn,
                    f"CALL wordle_passkey_challenge('{player}', NULL, 'register', '{challenge}')",
                )
                added = f"'{challenge}', UNHEX('{credential}'), {KEY}, 0, 'phone'"
                db.query(conn, f"CALL wordle_passkey_add('{player}', NULL, {added})")

    return run


def _session(setting: str) -> Callable[[Stage], None]:
    return _sql("CALL wordle_channels()", before=(setting,))


# (SQLSTATE, the message as the document writes it, how the server is made to say it)
TRIGGERS: list[tuple[str, str, Callable[[Stage], None]]] = [
    (
        "WD001",
        "wordle_hint: answer and guess must be words of letters",
        _sql("SELECT wordle_hint('abc', 'ab1')"),
    ),
    (
        "WD002",
        "wordle_hint: answer and guess must have the same number of letters",
        _sql("SELECT wordle_hint('abc', 'abcd')"),
    ),
    (
        "WD010",
        "the configured time zone is unknown to the server (load its zone tables with "
        "mariadb-tzinfo-to-sql, or use an offset such as +02:00)",
        _rolled_back(
            "UPDATE channels SET time_zone = 'Mars/Olympus' WHERE name = 'fr'",
            "SELECT wordle_today_on('fr')",
        ),
    ),
    (
        "WD011",
        "unknown setting 'colour' (known: default_channel, player_names, publish_ahead, "
        "and the default channel's first_day, letter_hints, max_tries, time_zone)",
        _sql("CALL wordle_set_setting('colour', 'blue')"),
    ),
    (
        "WD011",
        "publish_ahead needs a value",
        _sql("CALL wordle_set_setting('publish_ahead', NULL)"),
    ),
    (
        "WD011",
        "a setting's value is at most 255 characters",
        _sql("CALL wordle_set_setting('player_names', REPEAT('x', 256))"),
    ),
    (
        "WD011",
        "player_names must be account, created or any",
        _sql("CALL wordle_set_setting('player_names', 'everyone')"),
    ),
    (
        "WD011",
        "publish_ahead must be a number of days from 0 to 3660",
        _sql("CALL wordle_set_setting('publish_ahead', '99999')"),
    ),
    (
        "WD011",
        "there is no channel 'xx' (known: en, fr)",
        _sql("CALL wordle_set_setting('default_channel', 'xx')"),
    ),
    (
        "WD011",
        "'max_tries' needs a value",
        _sql("CALL wordle_channel_set('fr', 'max_tries', NULL)"),
    ),
    (
        "WD011",
        "a channel setting's value is at most 64 characters",
        _sql("CALL wordle_channel_set('fr', 'language', REPEAT('x', 65))"),
    ),
    (
        "WD011",
        "letters is chosen when a channel is created (its words were imported for it): "
        "add another channel",
        _sql("CALL wordle_channel_set('fr', 'letters', '6')"),
    ),
    (
        "WD011",
        "max_tries must be a number from 1 to 20",
        _sql("CALL wordle_channel_set('fr', 'max_tries', '21')"),
    ),
    (
        "WD011",
        "letter_hints must be a number from 0 to 10",
        _sql("CALL wordle_channel_set('fr', 'letter_hints', '11')"),
    ),
    (
        "WD011",
        "time zone 'Mars/Olympus' is unknown to the server (use UTC, an offset such as "
        "+02:00, or load the zone tables with mariadb-tzinfo-to-sql)",
        _sql("CALL wordle_channel_set('fr', 'time_zone', 'Mars/Olympus')"),
    ),
    (
        "WD011",
        "first_day must be a real date written YYYY-MM-DD",
        _sql("CALL wordle_channel_set('fr', 'first_day', '2026-02-30')"),
    ),
    (
        "WD011",
        "first_day is fixed once a puzzle is published, so that puzzle numbers never "
        "change (it is '<day>')",
        _sql("CALL wordle_channel_set('fr', 'first_day', '2000-01-01')"),
    ),
    (
        "WD011",
        "language must be a language code such as en, fr or pt-br",
        _sql("CALL wordle_channel_set('fr', 'language', 'French')"),
    ),
    (
        "WD011",
        "unknown channel setting 'colour' (known: first_day, language, letter_hints, "
        "max_tries, time_zone)",
        _sql("CALL wordle_channel_set('fr', 'colour', 'blue')"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: insert_id is set (SET insert_id = 0)",
        _session("SET insert_id = 5"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: foreign_key_checks is off",
        _session("SET foreign_key_checks = 0"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: unique_checks is off",
        _session("SET unique_checks = 0"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: check_constraint_checks is off",
        _session("SET check_constraint_checks = 0"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: max_statement_time is set: a "
        "routine runs to its end (SET max_statement_time = 0)",
        _session("SET max_statement_time = 10"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: auto_increment_increment is not "
        "the server's (SET auto_increment_increment = DEFAULT)",
        _session("SET auto_increment_increment = 7"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: auto_increment_offset is not "
        "the server's (SET auto_increment_offset = DEFAULT)",
        _session("SET auto_increment_offset = 3"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: join_cache_level is not the "
        "server's (hash joins would read today's rows)",
        _session("SET join_cache_level = 8"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: sql_safe_updates is on",
        _session("SET sql_safe_updates = 1"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: sql_big_selects is off "
        "(max_join_size is set)",
        _session("SET max_join_size = 1000"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: completion_type is not NO_CHAIN",
        _session("SET completion_type = 'CHAIN'"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: max_recursive_iterations is below 1000",
        _session("SET max_recursive_iterations = 10"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: group_concat_max_len is below 1024",
        _session("SET group_concat_max_len = 100"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: div_precision_increment is below 4",
        _session("SET div_precision_increment = 1"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: default_regex_flags is set",
        _session("SET default_regex_flags = 'DOTALL'"),
    ),
    (
        "WD012",
        "this session's settings are refused by wordle-db: max_session_mem_used is below "
        "the server's",
        _session("SET max_session_mem_used = 100000000"),
    ),
    (
        "WD013",
        "wordle-db views are read by SELECT statements only: SET, DO, INSERT ... SELECT or "
        "CREATE ... SELECT would lock the game's rows while they run",
        _sql("SET @n = (SELECT COUNT(*) FROM past_puzzles)"),
    ),
    (
        "WD013",
        "wordle-db views are read outside transactions, so that no reader holds locks on "
        "the game: COMMIT first, or use autocommit",
        _sql("SELECT COUNT(*) FROM past_puzzles", before=("START TRANSACTION",)),
    ),
    (
        "WD020",
        "no answer word is left to publish in channel fr: import more with `wordle-db "
        "words import FILE --answers --channel fr`",
        _sql("CALL wordle_publish_on('fr', wordle_today_on('fr') + INTERVAL 1 DAY)"),
    ),
    # changes fr: an answer more, published on fr's today in +13:00, always after today in
    # -12:00 (25 hours apart); so after WD020, which needs fr without an answer left
    (
        "WD011",
        "in time zone '-12:00' today would be <day>, before the published day <day>: "
        "change the zone after that day",
        _rolled_back(
            "CALL wordle_import_begin()",
            "INSERT INTO word_import (line, word) VALUES (1, 'salut')",
            "CALL wordle_import_words_on('fr', TRUE)",
            "UPDATE channels SET time_zone = '+13:00' WHERE name = 'fr'",
            "CALL wordle_publish_on('fr', NULL)",
            "CALL wordle_channel_set('fr', 'time_zone', '-12:00')",
        ),
    ),
    (
        "WD021",
        "that day already has another word",
        _sql("CALL wordle_publish_word_on('en', NULL, 'slate')"),
    ),
    (
        "WD022",
        "the chosen word is not an answer word of this channel",
        _sql("CALL wordle_publish_word_on('en', wordle_today() + INTERVAL 5 DAY, 'xyzzy')"),
    ),
    (
        "WD023",
        "the chosen word is already published or scheduled",
        _sql("CALL wordle_publish_word_on('en', wordle_today() + INTERVAL 5 DAY, 'crane')"),
    ),
    (
        "WD024",
        "the day is before the first puzzle day of channel en (first_day <day>)",
        _sql("CALL wordle_publish_on('en', '2000-01-01')"),
    ),
    (
        "WD024",
        "a day to publish is required",
        _sql("CALL _wordle_publish(1, NULL, NULL, @published)"),
    ),
    (
        "WD025",
        "the database stayed busy: try again",
        _holding(
            "SELECT id FROM leagues WHERE code_hash = UNHEX(SHA2('{code}', 256)) FOR UPDATE",
            "CALL wordle_league_join('dee', NULL, '{code}', NULL)",
        ),
    ),
    (
        "WD025",
        "the database stayed busy: try again",  # a publication's, as every WD025 (0050)
        _holding(
            "SELECT slot FROM answer_pool p JOIN channels c ON c.id = p.channel_id "
            "WHERE c.name = 'en' ORDER BY slot DESC LIMIT 1 FOR UPDATE",
            "CALL wordle_publish_on('en', wordle_today() + INTERVAL 9 DAY)",
        ),
    ),
    (
        "WD026",
        "this account publishes today up to 366 days ahead only (setting publish_ahead); "
        "past days are for administrators",
        _sql("CALL wordle_publish_on('en', wordle_today() - INTERVAL 1 DAY)", "publisher"),
    ),
    (
        "WD030",
        "that day is in the future: its puzzle cannot be played yet",
        _sql("CALL wordle_play('ann', 'slate', wordle_today() + INTERVAL 1 DAY, NULL)"),
    ),
    (
        "WD031",
        "no puzzle was published for that day",
        _sql("CALL wordle_play('ann', 'slate', wordle_today() - INTERVAL 1 DAY, NULL)"),
    ),
    ("WD032", "a guess must have 5 letters", _sql("CALL wordle_play('dee', 'cat', NULL, NULL)")),
    (
        "WD033",
        "'xyzzy' is not an accepted word",
        _sql("CALL wordle_play('dee', 'xyzzy', NULL, NULL)"),
    ),
    (
        "WD034",
        "'arose' was already tried in this game",
        _sql("CALL wordle_play('cam', 'arose', NULL, NULL)"),
    ),
    (
        "WD035",
        "this game is over: it was won",
        _sql("CALL wordle_play('ann', 'slate', NULL, NULL)"),
    ),
    (
        "WD035",
        "this game is over: it was lost",
        _sql("CALL wordle_play('bob', 'crane', NULL, NULL)"),
    ),
    ("WD035", "this game is over: it was won", _sql("CALL wordle_reveal_letter('ann', NULL)")),
    ("WD036", "2nd letter must be R", _sql("CALL wordle_play('cam', 'slate', NULL, NULL)")),
    (
        "WD037",
        "hard mode can only be chosen before the first guess",
        _sql("CALL wordle_play('cam', 'slate', NULL, FALSE)"),
    ),
    (
        "WD038",
        "a player name must be 1 to 64 characters, without control, invisible or "
        "direction characters or surrounding spaces",
        _sql("CALL wordle_stats(' ann')"),
    ),
    (
        "WD039",
        "this account plays as 'bot' only (setting player_names)",
        _sql("CALL wordle_stats('ann')", "player"),
    ),
    (
        "WD039",
        "that player name belongs to another account (setting player_names)",
        _player_names_created(_sql("CALL wordle_stats('ann')", "player")),
    ),
    (  # ida's guess shows every letter of crane: none is left to reveal
        "WD040",
        "no letter is left to reveal: the guesses have found them",
        _sql(
            "CALL wordle_reveal_letter('ida', NULL)",
            before=("CALL wordle_play('ida', 'nacre', NULL, NULL)",),
        ),
    ),
    (
        "WD040",
        "no letter hint left for this game",  # fay: two hints, then none
        _sql(
            "CALL wordle_reveal_letter('fay', NULL)",
            before=(
                "CALL wordle_reveal_letter('fay', NULL)",
                "CALL wordle_reveal_letter('fay', NULL)",
            ),
        ),
    ),
    (
        "WD041",
        "there is no finished game to share for that day",
        _sql("CALL wordle_share('cam', NULL)"),
    ),
    (
        "WD050",
        "write the guesses so far as WORD=HINT pairs, e.g. crane=00120 sloth=10000",
        _sql("CALL wordle_candidates('crane', NULL, NULL, 5)"),
    ),
    (
        "WD050",
        "each hint needs one digit per letter of its guess",
        _sql("CALL wordle_candidates('crane=0012', NULL, NULL, 5)"),
    ),
    (
        "WD051",
        "the solver is not built for the current word lists: run `wordle-db solver build "
        "--channel en`",
        _sql("CALL wordle_suggest('crane=00000', NULL, NULL, FALSE, 5)"),
    ),
    (
        "WD051",
        "the solver is not built: run `wordle-db solver build --channel en`",
        _sql("CALL wordle_solve_word('crane', NULL, FALSE)"),
    ),
    (
        "WD051",
        "call wordle_solver_prepare_on first (wordle-db solver build)",
        _sql("CALL wordle_solver_build_on('en', 10)"),
    ),
    (
        "WD051",
        "the solver handles words of up to 10 letters (hint codes of two bytes)",
        _with_channel("l11", 11, "CALL wordle_solver_prepare_on('l11')"),
    ),
    ("WD052", "the limit must be 0 or more", _sql("CALL wordle_candidates(NULL, 'ann', NULL, -1)")),
    ("WD053", "no such self-play run", _sql("CALL wordle_solve_report(99)")),
    (
        "WD053",
        "the word to solve must be an answer word of the solver's length",
        _sql("CALL wordle_solve_word_on('fr', 'xyzzy', NULL, FALSE)"),
    ),
    (
        "WD053",
        "the opener must be an accepted word of the answers' length",
        _sql("CALL wordle_solve_word_on('fr', 'monde', 'xyzzy', FALSE)"),
    ),
    ("WD060", "there is no channel 'xx' (known: en, fr)", _sql("CALL wordle_channel('xx')")),
    (
        "WD060",
        "that channel was removed while its puzzle was being published",
        _sql("CALL _wordle_publish(65000, wordle_today(), NULL, @published)"),
    ),
    ("WD060", "that channel was removed while the move was made", _removed_during_a_move),
    (
        "WD061",
        "a channel name is 1 to 16 characters among a-z, 0-9, _ and -",
        _sql("CALL wordle_channel_add('Fr!', NULL, 5, NULL, NULL, NULL, NULL)"),
    ),
    (
        "WD061",
        "a channel's words have 2 to 32 letters",
        _sql("CALL wordle_channel_add('fr1', NULL, 40, NULL, NULL, NULL, NULL)"),
    ),
    (
        "WD061",
        "accents must be keep (é is a letter of its own), fold (é is played as e) or fold "
        "except and the letters kept (fold except ñ)",
        _sql("CALL wordle_channel_add('fr1', NULL, 5, NULL, NULL, 'drop', NULL)"),
    ),
    (
        "WD062",
        "there is already a channel fr",
        _sql("CALL wordle_channel_add('fr', NULL, 5, NULL, NULL, NULL, NULL)"),
    ),
    (
        "WD063",
        "en is the default channel: choose another first (setting default_channel)",
        _sql("CALL wordle_channel_remove('en', TRUE)"),
    ),
    (
        "WD063",
        "channel fr has 2 games: remove it with force to delete them too",
        _sql(
            "CALL wordle_channel_remove('fr', FALSE)",
            before=(
                "CALL wordle_play_on('fr', 'ann', 'merci', NULL, NULL)",
                "CALL wordle_play_on('fr', 'bob', 'merci', NULL, NULL)",
            ),
        ),
    ),
    (
        "WD064",
        "this session has no table word_import: CALL wordle_import_begin() first, then fill it",
        _sql("CALL wordle_import_words(FALSE)"),
    ),
    (
        "WD070",
        "there is no finished game to analyse for that day: the analysis comes once the "
        "game is over",
        _sql("CALL wordle_analysis_on('en', 'cam', NULL)"),
    ),
    (
        "WD080",
        "a league name must be 1 to 40 characters of one alphabet, without control, "
        "invisible or direction characters or surrounding spaces",
        _sql("CALL wordle_league_create('ann', NULL, '', 'Ann', @c)"),
    ),
    (
        "WD081",
        "a nickname must be 1 to 24 characters of one alphabet, without control, "
        "invisible or direction characters or surrounding spaces",
        _sql("CALL wordle_league_create('ann', NULL, 'Club', ' Ann', @c)"),
    ),
    (
        "WD081",
        "the nickname 'Ann' is taken in this league, or looks like one that is (or the "
        "player just joined another league of that name): choose another",
        _rolled_back("CALL wordle_league_join('cam', NULL, '{code}', 'Ann')"),
    ),
    (
        "WD082",
        "this player is in no league named 'Office' (wordle-db league list shows yours)",
        _sql("CALL wordle_league_leave('cam', NULL, 'Office')"),
    ),
    (
        "WD083",
        "this player is already in a league named 'Office': leave it first (league names "
        "are unique among a player's leagues)",
        _sql("CALL wordle_league_create('ann', NULL, 'Office', NULL, @c)"),
    ),
    (
        "WD084",
        "a join code is 32 letters and digits (0-9, a-f)",
        _sql("CALL wordle_league_join('cam', NULL, 'office', NULL)"),
    ),
    (
        "WD084",
        "no league has that join code (ask its creator for the current one)",
        _sql(f"CALL wordle_league_join('cam', NULL, '{'0' * 32}', NULL)"),
    ),
    (
        "WD085",
        "only the league's creator may do that",
        _sql("CALL wordle_league_code('bob', NULL, 'Office')"),
    ),
    (
        "WD085",
        "only the league's creator may remove members",
        _sql("CALL wordle_league_remove('bob', NULL, 'Office', 'Ann')"),
    ),
    (
        "WD086",
        "no other member of this league is nicknamed 'Cy' (to go yourself: league leave)",
        _sql("CALL wordle_league_remove('ann', NULL, 'Office', 'Cy')"),
    ),
    (
        "WD090",
        "no account has that passkey here",
        _sql("CALL wordle_passkey_key(UNHEX(REPEAT('0a', 16)))"),
    ),
    (
        "WD090",
        "no passkey of yours has that id",
        _sql("CALL wordle_passkey_remove('ann', NULL, '0000000000000000')"),
    ),
    (
        "WD091",
        "that passkey request is unknown, used or expired: start again",
        _sql(
            f"CALL wordle_passkey_add('ann', NULL, '{SECRET_CHALLENGE}', UNHEX(REPEAT('01', 16)), "
            f"{KEY}, 0, 'phone')"
        ),
    ),
    (
        "WD092",
        "that transfer code is wrong, used or expired: make a new one on your other device",
        _sql("CALL wordle_transfer_redeem('ABCD\u2010EFGH\u2010JKLM')"),
    ),  # typographic dashes
    (
        "WD093",
        "this passkey's signature count went backwards: it may have been copied; sign in "
        "with another passkey",
        _rolled_back(
            f"CALL wordle_passkey_challenge('eve', NULL, 'register', '{SECRET_CHALLENGE}')",
            f"CALL wordle_passkey_add('eve', NULL, '{SECRET_CHALLENGE}', UNHEX(REPEAT('0e', 16)), "
            f"{KEY}, 5, 'phone')",
            f"CALL wordle_passkey_challenge(NULL, NULL, 'sign in', '{SIGN_IN}')",
            f"CALL wordle_passkey_signed_in('{SIGN_IN}', UNHEX(REPEAT('0e', 16)), 3)",
        ),
    ),
    (
        "WD094",
        "a passkey challenge is 16 to 96 random bytes in base64url",
        _sql("CALL wordle_passkey_challenge('ann', NULL, 'register', 'short')"),
    ),
    (
        "WD094",
        "a passkey challenge is for 'register' (with a player) or 'sign in' (without)",
        _sql(f"CALL wordle_passkey_challenge('ann', NULL, 'log in', '{SECRET_CHALLENGE}')"),
    ),
    (
        "WD094",
        "a passkey needs a credential id (16-1023 bytes), a public key, a sign count and a "
        "label of 1 to 40 visible characters",
        _sql(
            f"CALL wordle_passkey_add('gus', NULL, '{SECRET_CHALLENGE}', UNHEX(REPEAT('01', 8)), "
            f"{KEY}, 0, 'phone')"
        ),
    ),
    ("WD095", "that passkey is registered already", _passkeys("gus", 1, again=True)),
    ("WD094", "an account has at most 10 passkeys: remove one first", _passkeys("hal", 11)),
    (
        "WD094",
        "a sign count is a number from 0 to 4294967295",
        _sql(f"CALL wordle_passkey_signed_in('{SECRET_CHALLENGE}', UNHEX(REPEAT('01', 16)), -1)"),
    ),
    (
        "WD096",
        "this session has ended (signed out on another device, or signed up since): sign in again",
        _sql("CALL wordle_transfer_code('ann', 7, @c)"),
    ),
]


def documented() -> dict[str, list[str]]:
    """The *Errors* section: SQLSTATE -> its messages, in order."""
    text = DOC.read_text()
    section = text[text.index("\n## Errors\n") :]
    section = section[: section.index("\n## ", 1)]
    found: dict[str, list[str]] = {}
    for code, message in re.findall(r"^\| (WD\d{3}) \| (.*) \|$", section, re.MULTILINE):
        found.setdefault(code, []).append(message)
    return found


def _matches(written: str, said: str) -> bool:
    pattern = re.escape(written).replace(re.escape("<day>"), r"\d{4}-\d{2}-\d{2}")
    return re.fullmatch(pattern, said) is not None


@pytest.mark.parametrize(
    ("code", "message", "trigger"), TRIGGERS, ids=[f"{c}-{m[:30]}" for c, m, _ in TRIGGERS]
)
def test_the_server_says_what_the_document_says(
    stage: Stage, code: str, message: str, trigger: Callable[[Stage], None]
) -> None:
    assert message in documented().get(code, []), f"{code} {message!r}: not in *Errors*"
    with pytest.raises(Exception) as refused:
        trigger(stage)
    error: Any = refused.value
    assert getattr(error, "sqlstate", None) == code, error
    assert _matches(message, str(error)), str(error)


def test_every_documented_message_is_made_and_every_code_documented() -> None:
    made = {(code, message) for code, message, _ in TRIGGERS}
    written = {(code, m) for code, messages in documented().items() for m in messages}
    assert written - made == set(), "documented, never made by a trigger here"
    raised = {
        code
        for routine in sqlfiles.current_objects()
        for code in re.findall(r"SIGNAL SQLSTATE '(WD\d{3})'", routine.text)
    }
    assert raised - set(documented()) == set(), "raised by a routine, not in *Errors*"


def test_each_routines_table_quotes_the_errors_section() -> None:
    """A routine's own table of errors gives a message of *Errors* (or its beginning, cut
    with ...): the two never drift apart."""
    messages = documented()
    text = DOC.read_text()
    routines = text[: text.index("\n## Errors\n")]
    for code, quoted in re.findall(r"^\| (WD\d{3}) \| (.*) \|$", routines, re.MULTILINE):
        whole = messages.get(code, [])
        assert any(
            m == quoted or (quoted.endswith("...") and m.startswith(quoted[:-3].rstrip(" ,")))
            for m in whole
        ), (code, quoted)


EMOJI = "\U0001f600"  # written \u{1F600} in a message: ten characters for one
# (SQLSTATE, a call whose message quotes the longest text the routine takes): before 0041 the
# message overflowed the variable it was made in (the server's 1406) or SIGNAL's 512 characters
LONGEST = [
    ("WD082", f"CALL wordle_league_leave('cam', NULL, '{EMOJI * 40}')"),
    ("WD083", "CALL wordle_league_create('ann', NULL, 'Office', NULL, @c)"),
    ("WD086", f"CALL wordle_league_remove('ann', NULL, 'Office', '{EMOJI * 24}')"),
    ("WD060", f"CALL wordle_channel('{EMOJI * 40}')"),
    ("WD011", f"CALL wordle_set_setting('{EMOJI * 64}', 'x')"),
    ("WD011", f"CALL wordle_channel_set('fr', 'time_zone', '{EMOJI * 64}')"),
    ("WD011", f"CALL wordle_channel_set('fr', '{EMOJI * 64}', 'x')"),
    ("WD033", f"CALL wordle_play('dee', '{EMOJI * 5}', NULL, NULL)"),
    ("WD039", f"CALL wordle_stats('{EMOJI * 64}')"),
]


@pytest.mark.parametrize(("code", "statement"), LONGEST, ids=[c for c, _ in LONGEST])
def test_a_message_quoting_the_longest_text_fits(stage: Stage, code: str, statement: str) -> None:
    account = "player" if code == "WD039" else "admin"
    with pytest.raises(Exception) as refused:
        _sql(statement, account)(stage)
    assert getattr(refused.value, "sqlstate", None) == code, refused.value
    assert len(str(refused.value)) <= 512


def test_a_nickname_of_the_longest_text_taken_fits(stage: Stage) -> None:
    """24 emoji as a nickname, then the same again: the refusal quotes them (WD081)."""
    with db.connect(stage.admin) as conn:
        code = db.query(conn, f"CALL wordle_league_create('kim', NULL, 'Long', '{EMOJI * 24}', @c)")
        with pytest.raises(Exception) as refused:
            db.query(
                conn, f"CALL wordle_league_join('lee', NULL, '{code[0]['code']}', '{EMOJI * 24}')"
            )
    assert getattr(refused.value, "sqlstate", None) == "WD081", refused.value
