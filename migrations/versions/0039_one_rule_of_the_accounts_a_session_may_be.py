"""One rule of the accounts a session may be, for calls and views; sessions older than an
account change refused.

An attacker's review of 0037 found: my_games and my_attempts kept 0015's test of anonymous
accounts (the client's host LIKE the account's), so on a server that resolves names an
anonymous account for an address or subnet let a client read the games of any login it typed;
an IPv6 pattern without a colon (fd%) was missed; localhost was taken for any address (so an
account of another role elsewhere stopped the socket's sessions, the page's included); a
session whose account was dropped or renamed was judged by the login's remaining accounts (an
administrator's: it played as anyone). Now _wordle_host_may_match is the one rule of whether an
account's host may match the client (localhost is the socket, 127.0.0.1 or ::1; a name hides
any address; hex IPv6 patterns count), _wordle_caller_login the one rule of whether the login
proves anything (no anonymous account may match), used by _wordle_caller_access and by the two
views; the accounts refresh marks in login_changes the login of an account that went or
changed role, and _wordle_caller_access refuses that login's sessions begun before ('stale').
Kept decisions are retired when skip_name_resolve changes.

Revision ID: 0039
Revises: 0038
"""

from __future__ import annotations

from wordle_db.migration import objects_down, objects_up_each, run

revision = "0039"
down_revision = "0038"
branch_labels = None
depends_on = None

LOGIN_CHANGES = """CREATE TABLE IF NOT EXISTS login_changes (
     user VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL PRIMARY KEY,
     connection BIGINT UNSIGNED NOT NULL,
     server_started DATETIME NOT NULL
   ) ENGINE=InnoDB"""
NEW = ["_wordle_host_may_match", "_wordle_server_started", "_wordle_caller_login"]
# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {
    "_wordle_caller_access": "0037",
    "my_games": "0036",
    "my_attempts": "0036",
    "_wordle_accounts_refresh": "0036",
}


def upgrade() -> None:
    run(LOGIN_CHANGES)
    run("ALTER TABLE access_version ADD COLUMN IF NOT EXISTS skip_name_resolve BOOLEAN NULL")
    objects_up_each(dict.fromkeys([*NEW, *PREVIOUS], revision))
    run("CALL _wordle_accounts_refresh()")


def downgrade() -> None:
    objects_up_each(PREVIOUS)
    objects_down(NEW, revision)
    run("ALTER TABLE access_version DROP COLUMN IF EXISTS skip_name_resolve")
    run("DROP TABLE IF EXISTS login_changes")
