"""No account makes another wait, and a player never becomes another account's (issue 23).

Calls knew the caller's role by reading mysql.* (Aria tables, table locks): a statement held
open by any account, plus someone's SET PASSWORD, froze every call whose role cache had
expired. Now server_accounts, an InnoDB copy of what the grant tables say of each account,
is kept by `wordle-db grant`, this migration and an event every minute
(_wordle_accounts_refresh); no call of a player, reader or publisher reads mysql.*, and the
one-minute cache (caller_roles) is gone.

Also:
- players.own tells a login's own player from the players an account created for others;
  the name is unique per kind, so a player created before a login existed never becomes that
  login's, and the login is never locked out of its own name (_wordle_player);
- past_games and past_attempts reach games through past puzzles, in a fixed order and with no
  condition pushed in, so a reader's status counters never count today's attempts;
- the session check accepts only the server's own auto_increment_increment and _offset (on a
  Galera node, _wordle_begin puts the node's current ones back).

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

from alembic import op

from wordle_db.db import scalar
from wordle_db.errors import WordleError
from wordle_db.migration import objects_down, objects_up, run

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

SERVER_ACCOUNTS = """CREATE TABLE IF NOT EXISTS server_accounts (
     user VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     host VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     admin BOOLEAN NOT NULL,
     role ENUM('player', 'reader', 'publisher') CHARACTER SET ascii NULL,
     seen_at TIMESTAMP(6) NOT NULL,
     PRIMARY KEY (user, host)
   ) ENGINE=InnoDB"""
PLAYERS_OWN = """ALTER TABLE players
     ADD COLUMN IF NOT EXISTS own BOOLEAN AS (account = name) PERSISTENT AFTER account,
     DROP INDEX IF EXISTS name,
     ADD UNIQUE INDEX IF NOT EXISTS name_own (name, own)"""
PLAYERS_BEFORE = """ALTER TABLE players
     DROP INDEX IF EXISTS name_own,
     ADD UNIQUE INDEX IF NOT EXISTS name (name),
     DROP COLUMN IF EXISTS own"""
CALLER_ROLES = """CREATE TABLE IF NOT EXISTS caller_roles (
     login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     host VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     role VARCHAR(16) CHARACTER SET ascii NOT NULL,
     checked_at TIMESTAMP(6) NOT NULL,
     PRIMARY KEY (login, host)
   ) ENGINE=InnoDB"""

# Changed objects and the revision whose text a downgrade puts back.
CHANGED = {
    "_wordle_session_check": "0006",
    "_wordle_begin": "0006",
    "_wordle_caller_role": "0009",
    "_wordle_player": "0009",
    "my_games": "0007",
    "my_attempts": "0007",
    "past_games": "0007",
    "past_attempts": "0007",
}
NEW = ["_wordle_accounts_refresh", "wordle_accounts_refresh"]


def upgrade() -> None:
    run(SERVER_ACCOUNTS)
    run(PLAYERS_OWN)
    objects_up(["_wordle_session_check", "_wordle_begin", "_wordle_accounts_refresh"], revision)
    run("CALL _wordle_accounts_refresh()")
    objects_up(
        [name for name in CHANGED if not name.startswith(("_wordle_session", "_wordle_b"))],
        revision,
    )
    objects_up(["wordle_accounts_refresh"], revision)
    objects_down(["_wordle_known_login"], "0006")
    run("DROP TABLE IF EXISTS caller_roles")


def downgrade() -> None:
    twice = scalar(
        op.get_bind(),
        "SELECT COUNT(*) FROM (SELECT name FROM players GROUP BY name HAVING COUNT(*) > 1) t",
    )
    if twice:
        raise WordleError(
            f"{twice} player names are both a login's own player and a player another account "
            "created: revision 0014 allows one row per name; rename one of each first"
        )
    run(CALLER_ROLES)
    objects_up(["_wordle_known_login"], "0006")
    for name, old in CHANGED.items():
        objects_up([name], old)
    objects_down(NEW, revision)
    run(PLAYERS_BEFORE)
    run("DROP TABLE IF EXISTS server_accounts")
