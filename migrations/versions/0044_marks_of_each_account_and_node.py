"""Marks of each account and node: a session older than a change of an account it may be is
told to connect again (08WD1), whichever clock, connection or node it runs on.

An attacker's review of 0039 found eight ways past its marks (login_changes: one mark per
login, the refreshing session's own connection id, the run told by a clock the session moves):
an anonymous account's session became the login it typed once that account went; SET timestamp
moved the run and escaped the mark; any change to any account of the page's login stopped the
page (its pool kept the refused connection, WD039, and a returning player got a new cookie); on
Galera marks were read against another node's connection ids; a kept decision let a stale
session past the mark; a refresh from an old connection marked too low; after a restart with
the other skip_name_resolve kept decisions served other clients; an IPv4 netmask was taken as
one an IPv6 client may be. Now each node keeps the accounts as its refreshes saw them
(node_accounts, by _wordle_node) and marks an account that went or changed with the node's last
connection id (status Connections) and its run (_wordle_server_run: the statement's clock less
the uptime, which follow the same clock); _wordle_session_mark is the one rule of which marks
hold for a session (its login's and the anonymous accounts', whose host may match the client;
every such account another node's refresh saw change and this node's has not yet), used by
_wordle_caller_access (error 08WD1, a connection exception, before anything else), by
_wordle_caller_login (an anonymous account's) and by the kept decisions (player_access.node and
.after: the node and the mark a session must be above to use one).

Revision ID: 0044
Revises: 0043
"""

from __future__ import annotations

from wordle_db.migration import objects_down, objects_up_each, run

revision = "0044"
down_revision = "0043"
branch_labels = None
depends_on = None

NODE_ACCOUNTS = """CREATE TABLE IF NOT EXISTS node_accounts (
     node VARCHAR(300) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     user VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     host VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     present BOOLEAN NOT NULL,
     admin BOOLEAN NOT NULL,
     role ENUM('player', 'reader', 'publisher') CHARACTER SET ascii NULL,
     connection BIGINT UNSIGNED NOT NULL DEFAULT 0,
     server_run BIGINT NOT NULL DEFAULT 0,
     behind BOOLEAN NOT NULL DEFAULT FALSE,
     PRIMARY KEY (node, user, host)
   ) ENGINE=InnoDB"""
# 0039's marks of this run, kept: each as an account of the login at % (it may be any client).
CARRIED = """INSERT INTO node_accounts
     (node, user, host, present, admin, role, connection, server_run)
   SELECT _wordle_node(), c.user, '%', FALSE, FALSE, NULL, c.connection, _wordle_server_run()
   FROM login_changes c
   WHERE ABS(TIMESTAMPDIFF(SECOND, c.server_started, _wordle_server_started())) <= 2
   ON DUPLICATE KEY UPDATE connection = GREATEST(node_accounts.connection, VALUES(connection)),
                           server_run = VALUES(server_run)"""
LOGIN_CHANGES = """CREATE TABLE IF NOT EXISTS login_changes (
     user VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL PRIMARY KEY,
     connection BIGINT UNSIGNED NOT NULL,
     server_started DATETIME NOT NULL
   ) ENGINE=InnoDB"""
NEW = ["_wordle_node", "_wordle_server_run", "_wordle_session_mark"]
# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {
    "_wordle_host_may_match": "0039",
    "_wordle_caller_login": "0039",
    "_wordle_caller_access": "0039",
    "_wordle_player": "0037",
    "_wordle_move": "0041",
    "_wordle_accounts_refresh": "0039",
}
GONE = {"_wordle_server_started": "0039"}


def upgrade() -> None:
    run(NODE_ACCOUNTS)
    run(
        "ALTER TABLE player_access"
        " ADD COLUMN IF NOT EXISTS node VARCHAR(300) CHARACTER SET utf8mb4"
        " COLLATE utf8mb4_nopad_bin NOT NULL DEFAULT '',"
        " ADD COLUMN IF NOT EXISTS after BIGINT UNSIGNED NOT NULL DEFAULT 0"
    )
    objects_up_each(dict.fromkeys(NEW, revision))
    objects_up_each(dict.fromkeys(PREVIOUS, revision))
    run("CALL _wordle_accounts_refresh()")
    run(CARRIED)
    objects_down(list(GONE), "0039")
    run("DROP TABLE IF EXISTS login_changes")


def downgrade() -> None:
    run(LOGIN_CHANGES)
    objects_up_each(GONE)
    objects_up_each(PREVIOUS)
    objects_down(NEW, revision)
    run("ALTER TABLE player_access DROP COLUMN IF EXISTS node, DROP COLUMN IF EXISTS after")
    run("DROP TABLE IF EXISTS node_accounts")
    run("CALL _wordle_accounts_refresh()")
