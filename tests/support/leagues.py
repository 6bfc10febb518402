"""League changes raced, stalled and replayed as raw CALLs, and ada's league: the helpers of
the league, league locking and session generation tests (the `league` fixture is
tests/leagues/conftest.py's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import URL, Connection

from wordle_db import accounts, db, leagues

from support.accounts import C1, sign_up
from support.races import in_threads

# The five changes, as raw CALLs: (player, generation) first; {code}, {own}, {member} filled in.
CHANGES = {
    "create": "CALL wordle_league_create(?, ?, 'Evil', NULL, @c)",
    "join": "CALL wordle_league_join(?, ?, '{code}', NULL)",
    "leave": "CALL wordle_league_leave(?, ?, 'Club')",
    "remove": "CALL wordle_league_remove(?, ?, 'Own', 'Bob')",
    "code": "CALL wordle_league_code(?, ?, 'Own')",
}


def player_ids(conn: Connection, *names: str) -> list[int]:
    return [int(db.scalar(conn, "SELECT id FROM players WHERE name = ?", n)) for n in names]


def league_id_of(conn: Connection, creator: str, name: str) -> int:
    return int(
        db.scalar(
            conn,
            "SELECT l.id FROM leagues l JOIN players p ON p.id = "
            "l.creator_id WHERE p.name = ? AND l.name = ?",
            creator,
            name,
        )
    )


def stall_then_release(
    conn: Connection, db_url: URL, held: list[tuple[int, int]], calls: list[Callable[[], Any]]
) -> list[Any]:
    """An administrator holds the league_members rows `held` (league, player): each leave
    stops at deleting its own membership, after the league's row (and now the player's) is
    locked; then all go on at once, as two calls a few microseconds apart do."""
    with db.connect(db_url) as holder:
        holder.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
        holder.exec_driver_sql("START TRANSACTION")
        for league, player in held:
            db.query(
                holder,
                "SELECT * FROM league_members WHERE league_id = ? AND player_id = ? FOR UPDATE",
                league,
                player,
            )
        threads, results = in_threads(calls)
        holder.exec_driver_sql("ROLLBACK")
    for t in threads:
        t.join(timeout=30)
    return results


def leagues_state(conn: Connection) -> tuple[Any, ...]:
    return tuple(
        db.scalar(conn, s)
        for s in (
            "SELECT GROUP_CONCAT(id, ':', name, ':', creator_id, ':', HEX(code_hash) ORDER BY id) "
            "FROM leagues",
            "SELECT GROUP_CONCAT(league_id, ':', player_id, ':', nickname ORDER BY league_id, "
            "player_id) FROM league_members",
            "SELECT GROUP_CONCAT(name, ':', session_generation ORDER BY id) FROM players",
        )
    )


def ann_in_leagues(web: Connection) -> str:
    """ann (generation 2 after a sign-out everywhere) is in bob's Club and created Own (bob a
    member); bob's Other is one she could join. Returns Other's code."""
    sign_up(web, "web-ann", C1, 1)
    accounts.sign_out_everywhere(web, "web-ann", 1)
    club = leagues.create(web, "web-bob", "Club", "Bob")["code"]
    other = leagues.create(web, "web-bob", "Other", "Bob")["code"]
    leagues.join(web, "web-ann", club, "Ann", 2)
    leagues.create(web, "web-ann", "Own", "Ann", 2)
    leagues.join(web, "web-bob", leagues.new_code(web, "web-ann", "Own", 2)["code"], "Bob")
    return str(other)


def accounts_sign_out(conn: Connection) -> int:
    return accounts.sign_out_everywhere(conn, "web-ann", None)


YESTERDAY, TODAY = "ghost", "crane"


# Yesterday (played on its day): ada won in 2, ben in 1 in hard mode, cy lost after a letter
# hint. Today: ada won in 2, ben has one guess, cy has not started.
PLAYS: list[tuple[str, int, list[str], bool]] = [
    ("ada", -1, ["slate", "ghost"], False),
    ("ben", -1, ["ghost"], True),
    ("cy", -1, ["about", "other", "which", "their", "there", "first"], False),
    ("ada", 0, ["slate", "crane"], False),
    ("ben", 0, ["slate"], False),
]
