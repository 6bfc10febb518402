"""Secrecy and fairness whatever the caller's session does (issue 10).

Every public routine starts the same way whatever the session: hostile settings are refused
(_wordle_session_check), work runs in a READ COMMITTED transaction (_wordle_begin), "today"
comes from the real clock, draws from RANDOM_BYTES, rows are found by their keys. Views are
TEMPTABLE and mask what they hide. Who may play as whom follows the caller's roles
(_wordle_caller_role); the publisher role publishes inside a window (setting publish_ahead);
first_day is fixed at the first publication, so puzzle numbers never change.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

from wordle_db.migration import OWNER, grant, objects_down, objects_up, revoke, run

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

NEW = [
    "_wordle_login",
    "_wordle_known_login",
    "_wordle_session_check",
    "_wordle_view_check",
    "_wordle_begin",
    "_wordle_caller_role",
    "_wordle_random",
    "_wordle_date_in",
    "_wordle_quote",
    "wordle_next_puzzle_in",
]
# A countdown for front ends, public like wordle_today().
COUNTDOWN = (
    "EXECUTE",
    "FUNCTION",
    ["wordle_next_puzzle_in"],
    ["wordle_publisher", "wordle_player", "wordle_reader"],
)
# Changed objects and the revision whose text a downgrade puts back.
CHANGED = {
    "wordle_today": "0001",
    "wordle_settings": "0001",
    "wordle_set_setting": "0001",
    "wordle_status": "0001",
    "_wordle_publish": "0002",
    "wordle_publish": "0002",
    "wordle_publish_word": "0002",
    "_wordle_puzzle": "0002",
    "wordle_check": "0002",
    "_wordle_lookup": "0003",
    "wordle_play": "0003",
    "wordle_game": "0003",
    "wordle_board": "0003",
    "wordle_keyboard": "0003",
    "wordle_reveal_letter": "0003",
    "wordle_share": "0003",
    "wordle_stats": "0003",
    "wordle_stats_distribution": "0003",
    "past_puzzles": "0004",
    "my_games": "0004",
    "my_attempts": "0004",
    "past_games": "0004",
    "past_attempts": "0004",
    "_wordle_work_begin": "0005",
    "wordle_candidates": "0005",
    "wordle_suggest": "0005",
    "wordle_solve_word": "0005",
    "_wordle_solver_pairs": "0005",
    "_wordle_guess": "0002",
    "wordle_puzzle_number": "0001",
    "wordle_solver_build": "0005",
}
# Functions that became procedures (a function opens every table it might read on each call).
RETYPED = {"_wordle_player": "0003", "_wordle_game": "0003"}
OBJECTS = NEW + list(RETYPED) + list(CHANGED)

# What _wordle_caller_role reads of an account: no password or other secret.
OWNER_READS = [
    f"GRANT SELECT (User, Host, Insert_priv, is_role) ON mysql.user TO {OWNER}",
    f"GRANT SELECT (User, Host, Db, Insert_priv) ON mysql.db TO {OWNER}",
    f"GRANT SELECT (User, Host) ON mysql.global_priv TO {OWNER}",
]
# my_games finds the caller's players by their account.
PLAYERS_BY_ACCOUNT = "ALTER TABLE players ADD INDEX IF NOT EXISTS account (account)"

# What _wordle_caller_role found for a login and client host, for a minute.
CALLER_ROLES = """CREATE TABLE IF NOT EXISTS caller_roles (
     login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     host VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     role VARCHAR(16) CHARACTER SET ascii NOT NULL,
     checked_at TIMESTAMP(6) NOT NULL,
     PRIMARY KEY (login, host)
   ) ENGINE=InnoDB"""

PUBLISH_AHEAD = """
INSERT IGNORE INTO settings (name, value, description) VALUES
  ('publish_ahead', '366', 'days ahead of today the publisher role may publish (0 to 3660); '
                           'administrators may also publish past days')
"""
# player_names gains 'created': a front end's players are out of other accounts' reach.
PLAYER_NAMES = """
UPDATE settings SET description =
  'account: a wordle_player account plays as its own user name only; created: also as the '
  'players it created (a front end playing for its users); any: as any name'
WHERE name = 'player_names'
"""
PLAYER_NAMES_BEFORE = """
UPDATE settings SET description =
  'account: a wordle_player account plays as its own user name only; any: as any name '
  '(a front end playing for its users)',
  value = IF(value = 'created', 'account', value)
WHERE name = 'player_names'
"""
# Number 1 stays where it is today: the first published day, from now on fixed.
FIX_FIRST_DAY = """
UPDATE settings SET value = (SELECT MIN(day) FROM puzzles)
WHERE name = 'first_day' AND value = '' AND EXISTS (SELECT 1 FROM puzzles)
"""


def upgrade() -> None:
    for statement in OWNER_READS:
        run(statement)
    run(CALLER_ROLES)
    run(PLAYERS_BY_ACCOUNT)
    run(PUBLISH_AHEAD)
    run(FIX_FIRST_DAY)
    run(PLAYER_NAMES)
    for name, old in RETYPED.items():
        objects_down([name], old)
    objects_up(OBJECTS, revision)
    grant(*COUNTDOWN)


def downgrade() -> None:
    revoke(*COUNTDOWN)
    for name, old in reversed(CHANGED.items()):
        objects_up([name], old)
    for name, old in RETYPED.items():
        objects_down([name], revision)
        objects_up([name], old)
    objects_down(NEW, revision)
    run("DELETE FROM settings WHERE name = 'publish_ahead'")
    run(PLAYER_NAMES_BEFORE)
    run("DROP TABLE IF EXISTS caller_roles")
    run("ALTER TABLE players DROP INDEX IF EXISTS account")
    for statement in reversed(OWNER_READS):
        run(statement.replace("GRANT", "REVOKE", 1).replace(" TO ", " FROM "))
