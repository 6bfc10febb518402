"""Migrations on databases in use: players play on while a migration runs up and down, what a
migration must keep it keeps (games, numbers, grants, the default channel), a downgrade that
would lose data refuses, a migration retires kept access decisions, and an older schema is
named as such. They run from the baseline (release 0.1.0) through the revisions kept since;
the schema's own checks are in test_schema.py."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext
from sqlalchemy.engine import URL, Connection

from wordle_db import channels, db, game, leagues, migration, schema, sqlfiles
from wordle_db.errors import DatabaseError

from support.calls import sql_error
from support.puzzles import GUESSES, OWN, SIX, WRONG, add_channel, today
from support.puzzles import TODAY_WORD as ANSWER


def rush_database(new_db) -> URL:
    """A database at the baseline (before the revisions kept since) with today published."""
    url = new_db()
    schema.migrate(url, schema.baseline()[0])
    with db.connect(url) as conn:
        db.call(conn, "wordle_import_begin")
        db.executemany(
            conn,
            "INSERT INTO word_import (line, word) VALUES (?, ?)",
            list(enumerate([ANSWER, *GUESSES], 1)),
        )
        db.call(conn, "wordle_import_words", True)
        db.call(conn, "wordle_publish_word", today(conn), ANSWER)
    return url


def _guessing(
    url: URL, stop: threading.Event, played: list[int], errors: list[BaseException]
) -> Callable[[int], None]:
    """A player thread's work: new players' games of GUESSES until `stop`, each guess counted
    in played[0], any error collected in `errors` (the test asserts them)."""

    def player(n: int) -> None:
        try:
            with db.connect(url) as c:
                games = 0
                while not stop.is_set():
                    games += 1
                    for guess in GUESSES:
                        game.play(c, f"mig{n}_{games}", guess)
                        played[0] += 1
        except BaseException as exc:  # collected, and asserted below
            errors.append(exc)

    return player


def migrate_under_play(
    url: URL,
    revisions: tuple[str, ...],
    threads: list[threading.Thread],
    stop: threading.Event,
    progress: Callable[[], tuple[int, ...]],
    linger: float = 0.0,
) -> list[tuple[int, ...]]:
    """Start `threads`, migrate `url` to each of `revisions` in turn (then wait `linger` s),
    stop and join them: how far each of `progress`'s counters moved while each migration ran."""
    for thread in threads:
        thread.start()
    counts = []
    try:
        for revision in revisions:
            before = progress()
            schema.migrate(url, revision)
            counts.append(tuple(a - b for a, b in zip(progress(), before, strict=True)))
        time.sleep(linger)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
    return counts


def test_the_game_works_while_an_idle_session_holds_up_the_rush_migration(new_db) -> None:
    """An attack on migration 0009 (and every revision since that replaces a routine a guess
    runs): a session leaves a transaction open that holds a routine the migration replaces
    (wordle_today_on uses _wordle_channel, which uses _wordle_date_in, replaced by 0038). While
    the migration waits, and with the migration part-way, guesses are still played; it ends
    once the session lets go."""
    url = rush_database(new_db)
    with db.connect(url) as idle:
        idle.exec_driver_sql("SET autocommit = 0")
        db.scalar(idle, "SELECT wordle_today_on(NULL)")
        migrated: list[tuple[str | None, str | None]] = []
        thread = threading.Thread(target=lambda: migrated.append(schema.migrate(url, "head")))
        thread.start()
        time.sleep(1)
        with db.connect(url) as player:
            for guess in GUESSES[:3]:
                assert game.play(player, "held", guess)["state"] == "playing"
        assert thread.is_alive() and not migrated
        idle.exec_driver_sql("ROLLBACK")
    thread.join(timeout=120)
    assert migrated == [(schema.baseline()[0], schema.head())]
    with db.connect(url) as player:
        assert game.play(player, "held", GUESSES[3])["attempt"] == 4


def test_players_play_on_while_the_rush_migration_runs_both_ways(new_db) -> None:
    """Migrations 0009 and 0010 rewrote the routines every guess runs, and some callees changed
    their parameters; so do 0037 (the role check) and 0038 (one path for every move), which
    drop the old callees: players playing while they run, up and down and up again, see no
    error."""
    url = rush_database(new_db)
    stop, played = threading.Event(), [0]
    errors: list[BaseException] = []
    player = _guessing(url, stop, played, errors)

    threads = [threading.Thread(target=player, args=(n,)) for n in range(4)]
    revisions = ("0037", "0038", schema.baseline()[0], "0038")
    counts = [n for (n,) in migrate_under_play(url, revisions, threads, stop, lambda: (played[0],))]
    assert errors == []
    assert all(counts), counts  # guesses were played while each migration ran


@pytest.mark.found_by("review of migration 0028")
def test_players_play_on_while_migration_0028_runs_both_ways(new_db) -> None:
    """0028's lock of a move took more parameters (player id, generation). Changed in place,
    one routine at a time, every guess and hint called it with the wrong number of arguments
    between the callee's and the callers' replacement (1318, not a WD error), both ways (found
    by review). It had a new name, installed before its callers and dropped after them; so do
    0038's (one path for every move), played through here since the squash of 0.1.0."""
    from wordle_db import schema
    from wordle_db.errors import DatabaseError

    url = rush_database(new_db)
    schema.migrate(url, "0037")
    stop, played = threading.Event(), [0]
    errors: list[BaseException] = []

    def player(n: int) -> None:
        with db.connect(url) as c:
            games = 0
            while not stop.is_set():
                games += 1
                for guess in ("slate", "pious"):
                    name = f"mig{n}_{games}"
                    for move in (
                        lambda name=name, guess=guess: game.play(c, name, guess),
                        lambda name=name: game.reveal_letter(c, name),
                    ):
                        try:
                            move()
                            played[0] += 1
                        except DatabaseError as exc:
                            if not str(exc.sqlstate or "").startswith("WD"):
                                errors.append(exc)
                        except BaseException as exc:
                            errors.append(exc)

    threads = [threading.Thread(target=player, args=(n,)) for n in range(6)]
    revisions = ("0038", "0037", "0038", "0037", "0038")
    counts = [n for (n,) in migrate_under_play(url, revisions, threads, stop, lambda: (played[0],))]
    assert [str(e)[:100] for e in errors[:3]] == []
    assert all(counts), counts


def snapshot(conn: Connection, numbers: str) -> dict[str, Any]:
    """Everything a player or an editor sees of the default channel (numbers: an SQL
    expression of `day`)."""
    games_rows = db.query(
        conn,
        "SELECT p.name, g.day, g.state, g.hard, g.attempts, g.max_tries,"
        " g.revealed, g.archive FROM games g JOIN players p ON p.id = g.player_id"
        " ORDER BY p.name, g.day",
    )
    return {
        "puzzles": db.query(
            conn,
            f"SELECT p.day, w.word, p.picked, {numbers} AS number "
            "FROM puzzles p JOIN words w ON w.id = p.word_id ORDER BY p.day",
        ),
        "pool": db.scalar(conn, "SELECT COUNT(*) FROM answer_pool"),
        "games": games_rows,
        "attempts": db.query(
            conn, "SELECT game_id, attempt, guess, hint FROM attempts ORDER BY game_id, attempt"
        ),
        "stats": {p: db.call_one(conn, "wordle_stats", p) for p in ("ann", "bob")},
        "settings": {
            n: db.scalar(conn, "SELECT wordle_setting(?)", n)
            for n in ("max_tries", "letter_hints", "time_zone", "first_day")
        },
    }


def test_the_migration_keeps_every_game_and_number(new_db) -> None:
    """Played at the baseline (0.1.0), every game and number survives the revisions kept since,
    up and down (0007's channels migration did, before the squash)."""
    url = new_db()
    schema.migrate(url, schema.baseline()[0])
    with db.connect(url) as conn:
        db.call(conn, "wordle_import_begin")  # the calls of the baseline
        db.executemany(
            conn,
            "INSERT INTO word_import (line, word) VALUES (?, ?)",
            list(enumerate(["ghost", "crane", "plumb", "slate", "pious"], 1)),
        )
        db.call(conn, "wordle_import_words", True)
        day: date = today(conn)
        for n, word in enumerate(["ghost", "crane", "plumb", "slate"]):
            db.call(conn, "wordle_publish_word", day - timedelta(3 - n), word)
        db.call(conn, "wordle_set_setting", "letter_hints", "3")
        for back, answer in ((3, "ghost"), (2, "crane"), (1, "plumb")):
            db.call(conn, "wordle_play", "ann", answer, day - timedelta(back), None)
        db.call(conn, "wordle_play", "ann", "crane", day, None)
        db.call(conn, "wordle_play", "bob", "ghost", day - timedelta(2), True)
        db.call(conn, "wordle_reveal_letter", "bob", day - timedelta(2))
        before = snapshot(conn, "wordle_puzzle_number(p.day)")
    schema.migrate(url)
    with db.connect(url) as conn:
        assert snapshot(conn, "wordle_puzzle_number(p.day)") == before
        assert db.scalar(conn, "SELECT COUNT(*) FROM games WHERE channel_id <> 1") == 0
        assert game.play(conn, "ann", "slate")["state"] == "won"  # the game goes on
        played = snapshot(conn, "wordle_puzzle_number(p.day)")
    schema.migrate(url, schema.baseline()[0])
    with db.connect(url) as conn:
        assert snapshot(conn, "wordle_puzzle_number(p.day)") == played


def test_downgrade_refuses_to_drop_other_channels(new_db, conn: Connection) -> None:
    url = new_db()
    schema.migrate(url)
    with db.connect(url) as other:
        channels.add(other, "six", 6)
    with pytest.raises(Exception, match="remove them first"):
        schema.migrate(url, "base")
    with db.connect(url) as other:
        assert db.scalar(other, "SELECT COUNT(*) FROM channels") == 2


def test_the_round_trip_leaves_en_as_it_was(db_url: URL, conn: Connection) -> None:
    add_channel(conn, "six", 6, SIX, ["bisous"])
    add_channel(conn, "own", 5, OWN)
    for name in ("six", "own"):
        channels.remove(conn, name, force=True)
    before = (
        db.scalar(conn, "SELECT COUNT(*) FROM words"),
        db.scalar(conn, "SELECT COUNT(*) FROM channel_words WHERE is_answer"),
    )
    assert before == (14_855 + 7 + 3, 2_309)  # their words stay, members of no channel
    schema.migrate(db_url, schema.baseline()[0])  # down the revisions kept since 0.1.0
    after = (
        db.scalar(conn, "SELECT COUNT(*) FROM words"),
        db.scalar(conn, "SELECT COUNT(*) FROM channel_words WHERE is_answer"),
    )
    assert after == before
    schema.migrate(db_url)
    en = channels.one_channel(conn, "en")
    assert (en["letters"], en["words"], en["answers"], en["answers_left"]) == (
        5,
        14_855,
        2_309,
        2_309,
    )
    sql_error(lambda: game.play(conn, "ann", OWN[0]), "WD033", "is not an accepted word")


def test_a_migration_installing_routines_forgets_every_decision(shared, conn: Connection) -> None:
    """A later migration may change who may use a name: objects_up retires what was kept, before
    it installs routines and again once the calls running the old ones have ended."""
    db.call(conn, "wordle_set_setting", "player_names", "any")
    url, name = shared("player"), f"n{uuid.uuid4().hex[:8]}"
    with db.connect(url) as front:
        game.play(front, name, WRONG[0])
        version = db.scalar(conn, "SELECT version FROM access_version")
        assert db.scalar(conn, "SELECT COUNT(*) FROM player_access WHERE name = ?", name) == 1
        with Operations.context(MigrationContext.configure(conn)):
            migration.objects_up(["_wordle_player"], sqlfiles.current("_wordle_player").revision)
        assert db.scalar(conn, "SELECT version FROM access_version") == version + 2
        assert game.play(front, name, WRONG[1])["attempt"] == 2  # decided again
        assert db.scalar(conn, "SELECT MAX(version) FROM player_access WHERE name = ?", name) == (
            version + 2
        )


# names of an installation upgraded by 0043 (each with a `_`): the tests' own, and one with a
# backslash (the escape character of a grant's name), a backquote and a quote
UPGRADED_NAMES = [
    None,
    pytest.param("wu\\q`'_{}", marks=pytest.mark.found_by("review of migration 0043: held")),
]


@pytest.mark.found_by("review of main at bc96143")
@pytest.mark.parametrize("pattern", UPGRADED_NAMES, ids=["plain", "backslash, quotes"])
def test_0043_names_the_database_alone_in_the_grants_of_an_installation(
    new_db, server_url: URL, pattern: str | None
) -> None:
    """An installation made before 0043 granted wordle_owner and wordle_admin `ON db.*` with
    the name's `_` unescaped (a wildcard): 0043 gives the same privileges on the escaped name
    and takes the old grants back; its downgrade keeps them escaped."""
    if pattern is None:
        url = new_db()
    else:
        url = server_url.set(database=pattern.format(uuid.uuid4().hex[:10]))
        schema.ensure_database(url)
    try:
        _upgrade_by_0043(url)
    finally:
        if pattern is not None:
            with db.connect(server_url) as root:
                root.exec_driver_sql(f"DROP DATABASE IF EXISTS {db.quote_identifier(url.database)}")
                for table in ("db", "tables_priv", "procs_priv"):
                    db.query(
                        root,
                        f"DELETE FROM mysql.{table} WHERE Db IN (?, ?)",
                        url.database,
                        db.database_grant_name(str(url.database)),
                    )
                root.exec_driver_sql("FLUSH PRIVILEGES")


def _upgrade_by_0043(url: URL) -> None:
    schema.migrate(url, "0042")
    name = url.database
    plain = f"{db.quote_identifier(name)}.*"
    escaped = f"{db.quote_identifier(db.database_grant_name(name))}.*"

    def whole_grants(conn: Connection) -> dict[str, list[str]]:
        return {
            who: sorted(
                line.split(" TO ")[0]
                for row in db.query(conn, f"SHOW GRANTS FOR {who}")
                for line in [str(next(iter(row.values())))]
                if f" ON {plain} " in line or f" ON {escaped} " in line
            )
            for who in ("wordle_admin", "'wordle_owner'@'localhost'")
        }

    with db.connect(url) as conn:
        made = whole_grants(conn)
        assert all(len(lines) == 1 and escaped in lines[0] for lines in made.values()), made
        for who, (line,) in made.items():  # as the baseline granted them before 0043
            conn.exec_driver_sql(f"{line.replace(escaped, plain)} TO {who}")
            conn.exec_driver_sql(f"REVOKE ALL PRIVILEGES ON {escaped} FROM {who}")
        assert all(plain in lines[0] for lines in whole_grants(conn).values())
    schema.migrate(url, "0043")
    with db.connect(url) as conn:
        assert whole_grants(conn) == made
        assert not db.scalar(conn, "SELECT COUNT(*) FROM mysql.db WHERE Db = ?", name)
    schema.migrate(url, "0042")
    with db.connect(url) as conn:
        assert whole_grants(conn) == made
    schema.migrate(url)


@pytest.mark.found_by("review of migration 0043")
def test_0043_leaves_no_grant_on_the_database_name_as_a_wildcard(new_db) -> None:
    """An operator's account granted `ON db.* ... WITH GRANT OPTION` before 0043 (a grant the
    upgrade gives again escaped): afterwards no database-level grant names the database
    unescaped, where its `_` matches any character (REVOKE ALL PRIVILEGES leaves GRANT OPTION)."""
    url = new_db()
    schema.migrate(url, "0042")
    name, operator = str(url.database), f"op{uuid.uuid4().hex[:8]}"
    with db.connect(url) as conn:
        conn.exec_driver_sql(f"CREATE USER '{operator}'@'localhost'")
        conn.exec_driver_sql(
            f"GRANT SELECT ON {db.quote_identifier(name)}.* TO '{operator}'@'localhost'"
            " WITH GRANT OPTION"
        )
    try:
        schema.migrate(url, "0043")
        with db.connect(url) as conn:
            rows = db.query(
                conn,
                "SELECT Db, Select_priv, Grant_priv FROM mysql.db WHERE User = ? ORDER BY Db",
                operator,
            )
        assert [tuple(r.values()) for r in rows] == [(db.database_grant_name(name), "Y", "Y")]
    finally:
        with db.connect(url) as conn:
            conn.exec_driver_sql(f"DROP USER IF EXISTS '{operator}'@'localhost'")


@pytest.mark.found_by("review of migration 0043")
def test_0050_takes_back_the_grant_option_0043_left_on_the_database_name(new_db) -> None:
    """An installation upgraded through 0043 before its fix: the operator's account kept
    `GRANT USAGE ON db.* ... WITH GRANT OPTION` on the unescaped name. 0050 takes it back
    and leaves the escaped grant; its downgrade does not put the wildcard back."""
    url = new_db()
    schema.migrate(url, "0049")
    name, operator = str(url.database), f"op{uuid.uuid4().hex[:8]}"
    plain, escaped = (db.quote_identifier(n) for n in (name, db.database_grant_name(name)))
    rows = "SELECT Db, Select_priv, Grant_priv FROM mysql.db WHERE User = ? ORDER BY Db"
    with db.connect(url) as conn:
        conn.exec_driver_sql(f"CREATE USER '{operator}'@'localhost'")
        for on in (f"SELECT ON {escaped}", f"USAGE ON {plain}"):  # as 0043 left it
            conn.exec_driver_sql(f"GRANT {on}.* TO '{operator}'@'localhost' WITH GRANT OPTION")
        left = [tuple(r.values()) for r in db.query(conn, rows, operator)]
    assert (name, "N", "Y") in left, left
    try:
        for revision in ("0050", "0049", "head"):
            schema.migrate(url, revision)
            with db.connect(url) as conn:
                found = [tuple(r.values()) for r in db.query(conn, rows, operator)]
            assert found == [(db.database_grant_name(name), "Y", "Y")], (revision, found)
    finally:
        with db.connect(url) as conn:
            conn.exec_driver_sql(f"DROP USER IF EXISTS '{operator}'@'localhost'")


def test_0050_keeps_both_members_a_downgrade_would_take_for_one(new_db) -> None:
    """🦊 and 🐻, two members of one league since 0050 (their keys differ): the downgrade to
    0049, whose unique nickname weighs them alike, renames the later one 'player <id>'; the
    upgrade gives every member its key again, a member whose 0049 key was 255 characters of
    four bytes (ﷺ looks like 15) too."""
    url = new_db()
    schema.migrate(url)
    long = "\ufdfa" * 17 + "a"
    with db.connect(url) as conn:
        code = str(leagues.create(conn, "fox", "Zoo", "\U0001f98a")["code"])
        leagues.join(conn, "bear", code, "\U0001f43b")
        leagues.join(conn, "owl", code, long)
        bear = db.scalar(conn, "SELECT id FROM players WHERE name = 'bear'")
    members = "SELECT nickname FROM league_members ORDER BY joined_at, player_id"
    for revision in ("0049", "head"):
        schema.migrate(url, revision)
        with db.connect(url) as conn:
            found = [r["nickname"] for r in db.query(conn, members)]
            assert found == ["\U0001f98a", f"player {bear}", long], revision
            keys = db.scalar(conn, "SELECT COUNT(DISTINCT nickname_key) FROM league_members")
            assert keys == 3, revision


# Holders of a grant WITH GRANT OPTION on the database's unescaped name (as 0043 left them):
# how each is made and named.
GRANT_OPTION_HOLDERS = {
    "a role": ("CREATE ROLE {0}", "{0}"),
    "an account of any host": ("CREATE USER '{0}'@'%'", "'{0}'@'%'"),
    "an account made with an empty host": ("CREATE USER '{0}'@''", "'{0}'@''"),
}


@pytest.mark.found_by("review of lows40 and cost")
@pytest.mark.parametrize("holder", list(GRANT_OPTION_HOLDERS))
def test_0050_takes_back_every_holders_grant_option_on_the_database_name(
    new_db, holder: str
) -> None:
    """Beside the operator's account above: a role and accounts of other hosts keep no grant
    on the unescaped name after 0050, and keep their escaped one."""
    url = new_db()
    schema.migrate(url, "0049")
    name, who = str(url.database), f"h{uuid.uuid4().hex[:8]}"
    plain, escaped = (db.quote_identifier(n) for n in (name, db.database_grant_name(name)))
    make, grantee = (text.format(who) for text in GRANT_OPTION_HOLDERS[holder])
    rows = "SELECT Db, Select_priv, Grant_priv FROM mysql.db WHERE User = ? ORDER BY Db"
    with db.connect(url) as conn:
        conn.exec_driver_sql(make)
        for on in (f"SELECT ON {escaped}", f"USAGE ON {plain}"):
            conn.exec_driver_sql(f"GRANT {on}.* TO {grantee} WITH GRANT OPTION")
    try:
        schema.migrate(url)
        with db.connect(url) as conn:
            found = [tuple(r.values()) for r in db.query(conn, rows, who)]
        assert found == [(db.database_grant_name(name), "Y", "Y")], found
    finally:
        with db.connect(url) as conn:
            drop = "ROLE" if holder == "a role" else "USER"
            conn.exec_driver_sql(f"DROP {drop} IF EXISTS {grantee}")


# Members 0049 let into one league whose nicknames 0050's key takes for one: the Arabic
# tatweel (U+0640, a stroke that lengthens a joined letter) weighs nothing under
# utf8mb4_uca1400_ai_ci; 0049's key, under utf8mb4_unicode_ci, kept it. A pair that differs
# by the tatweel alone ("Ali" and "A\u0640li") is one nickname to 0055's key on the weights:
# the later member becomes 'player <id>'. These pairs differ by a look-alike too (I for l, 0
# for O), so both members keep their nicknames. (earlier, later)
KEPT_LOOKALIKES = [("Ali", "A\u0640Ii"), ("BOB", "B\u06400B")]


@pytest.mark.found_by("review of lows40 and cost")
@pytest.mark.parametrize(("earlier", "later"), KEPT_LOOKALIKES)
def test_0050_removes_the_member_named_of_two_it_keeps(new_db, earlier: str, later: str) -> None:
    """Two members 0049 let in, whose nicknames share 0050's key: the upgrade keeps both (the
    later one's key made of its id). The creator then removes each by its own nickname: the
    member of that nickname goes, never the other."""
    url = new_db()
    schema.migrate(url, "0049")
    with db.connect(url) as conn:
        code = str(leagues.create(conn, "boss", "Club", "boss")["code"])
        leagues.join(conn, "first", code, earlier)
        leagues.join(conn, "second", code, later)
    schema.migrate(url)
    members = "SELECT nickname FROM league_members ORDER BY nickname"
    with db.connect(url) as conn:
        keys = db.scalar(conn, "SELECT COUNT(DISTINCT nickname_key) FROM league_members")
        assert keys == 3
        assert db.scalar(
            conn, "SELECT _wordle_lookalike_key(?) = _wordle_lookalike_key(?)", earlier, later
        ), "a pair 0050's key tells apart: nothing to attack"
        removed = leagues.remove(conn, "boss", "Club", later)["removed"]
        left = [r["nickname"] for r in db.query(conn, members)]
        assert (removed, left) == (later, sorted(["boss", earlier])), (removed, left)
        removed = leagues.remove(conn, "boss", "Club", earlier)["removed"]
        assert removed == earlier, removed


# Members of 0055 whose nicknames 0056's rule refuses (a look of nothing): one a league, since
# their looks are all one key (review of 0056)
NO_LOOK_MEMBERS = ["!!!", "\u0640", "-\u0301"]


@pytest.mark.found_by("review of 0056")
def test_leagues_and_guesses_go_on_while_0056_runs_both_ways(new_db) -> None:
    """0056 replaces the join, the remove, the member's insert and the lock wait rule, and a
    downgrade drops _wordle_league_nickname: four players guessing and four creators removing
    a member who joins again, while it runs up, down, up, down and up, see no error. Members
    whose nicknames it refuses, let in by 0055, stay through it all, and each is removed by its
    own nickname at the end."""
    url = rush_database(new_db)
    schema.migrate(url, "0055")
    with db.connect(url) as conn:
        for n, nickname in enumerate(NO_LOOK_MEMBERS):
            code = str(leagues.create(conn, f"old{n}", "Old", "boss")["code"])
            leagues.join(conn, f"odd{n}", code, nickname)
    stop, done = threading.Event(), [0]
    errors: list[BaseException] = []
    player = _guessing(url, stop, done, errors)

    def creator(n: int) -> None:
        try:
            with db.connect(url) as c:
                code = str(leagues.create(c, f"boss{n}", "Club", "boss")["code"])
                while not stop.is_set():
                    leagues.join(c, f"member{n}", code, f"Zed{n}")
                    assert leagues.remove(c, f"boss{n}", "Club", f"Zed{n}")["removed"] == f"Zed{n}"
                    done[0] += 1
        except BaseException as exc:  # collected, and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=w, args=(n,)) for n in range(4) for w in (player, creator)]
    revisions = ("0056", "0055", "0056", "0055", "0056")
    counts = [n for (n,) in migrate_under_play(url, revisions, threads, stop, lambda: (done[0],))]
    assert errors == []
    assert all(counts), counts  # calls were made while each migration ran
    with db.connect(url) as conn:
        for n, nickname in enumerate(NO_LOOK_MEMBERS):
            removed = leagues.remove(conn, f"old{n}", "Old", nickname)
            assert (removed["removed"], removed["members"]) == (nickname, 1), removed


def test_new_players_go_on_while_0057_runs_both_ways(new_db) -> None:
    """0057 adds account_access and replaces _wordle_player (which reads and writes it), the
    refresh and _wordle_access_changed; a downgrade drops the table. Four players making new
    players' first moves while it runs up, down, up, down and up see no error, and the role
    they kept is found again after the last upgrade."""
    url = rush_database(new_db)
    schema.migrate(url, "0056")
    stop, played = threading.Event(), [0]
    errors: list[BaseException] = []
    threads = [
        threading.Thread(target=_guessing(url, stop, played, errors), args=(n,)) for n in range(4)
    ]
    revisions = ("0057", "0056", "0057", "0056", "0057")
    moved = migrate_under_play(url, revisions, threads, stop, lambda: (played[0],), linger=0.5)
    counts = [n for (n,) in moved]
    assert errors == []
    assert all(counts), counts  # moves were made while each migration ran
    with db.connect(url) as conn:
        kept = (
            "SELECT COUNT(*) FROM account_access r JOIN access_version v ON r.version = v.version"
        )
        assert db.scalar(conn, kept) >= 1


@pytest.mark.found_by("review of 0059: held")
def test_players_found_by_name_go_on_while_0059_runs_both_ways(new_db) -> None:
    """0059 replaces _wordle_move (a player the move makes has its game made before the locked
    read); each install bumps the access version, so every player's next move is found by
    name, and a fifth thread bumps it all along. Two threads make new players' games, two
    repeat a guess in games under way of 20 existing players (WD034 each time, found by name),
    while 0059 runs up, down, up, down
    and up: no other error, and the games under way keep their one attempt."""
    url = rush_database(new_db)
    schema.migrate(url, "0058")
    with db.connect(url) as conn:
        for n in range(20):
            game.play(conn, f"old{n}", GUESSES[0])
    stop, played, repeated = threading.Event(), [0], [0]
    errors: list[BaseException] = []

    def repeating(n: int) -> None:
        try:
            with db.connect(url) as c:
                while not stop.is_set():
                    for k in range(n, 20, 2):
                        with pytest.raises(DatabaseError) as refused:
                            game.play(c, f"old{k}", GUESSES[0])
                        assert refused.value.sqlstate == "WD034", refused.value
                        repeated[0] += 1
        except BaseException as exc:  # collected, and asserted below
            errors.append(exc)

    def retiring() -> None:
        try:
            with db.connect(url) as c:
                while not stop.is_set():
                    db.query(c, "UPDATE access_version SET version = version + 1")
                    time.sleep(0.01)
        except BaseException as exc:  # collected, and asserted below
            errors.append(exc)

    threads = [
        threading.Thread(target=_guessing(url, stop, played, errors), args=(n,)) for n in (0, 1)
    ]
    threads += [threading.Thread(target=repeating, args=(n,)) for n in (0, 1)]
    threads.append(threading.Thread(target=retiring))
    revisions = ("0059", "0058", "0059", "0058", "0059")
    counts = migrate_under_play(
        url, revisions, threads, stop, lambda: (played[0], repeated[0]), linger=0.5
    )
    assert errors == []
    assert all(a and b for a, b in counts), counts  # moves were made while each migration ran
    with db.connect(url) as conn:
        attempts = db.query(
            conn,
            "SELECT g.attempts, COUNT(*) AS n FROM games g JOIN players p ON p.id = g.player_id "
            "JOIN attempts a ON a.game_id = g.id WHERE p.name LIKE 'old%' GROUP BY g.id",
        )
    assert [(r["attempts"], r["n"]) for r in attempts] == [(1, 1)] * 20, attempts
