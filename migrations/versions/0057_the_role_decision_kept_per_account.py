"""The role decision kept per account (issue 42): a new player's first guess of an account
already seen asks no _wordle_caller_access.

_wordle_player kept its decision per account and name (player_access), so every new name
asked _wordle_caller_access again (the accounts, the anonymous accounts, the marks: 13-16 % of
a first guess), though the role depends on the session's account only. account_access keeps
it under player_access's rules (the access version read first, the node, the mark, only
decisions that allowed play, only by moves), one row per account, node, version and the
session that made it: sessions of one account making their first moves at once never wait
for each other's row. _wordle_player's first read finds it with the player's decision; the
accounts refresh purges retired rows as it purges player_access's.

Revision ID: 0057
Revises: 0056
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each, run

revision = "0057"
down_revision = "0056"
branch_labels = None
depends_on = None

ACCOUNT_ACCESS = """CREATE TABLE IF NOT EXISTS account_access (
     account VARCHAR(384) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     node VARCHAR(300) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     version BIGINT UNSIGNED NOT NULL,
     connection BIGINT UNSIGNED NOT NULL,
     after BIGINT UNSIGNED NOT NULL,
     role ENUM('player', 'admin') CHARACTER SET ascii NOT NULL,
     login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     PRIMARY KEY (account, node, version, connection),
     KEY account_access_version (version)
   ) ENGINE=InnoDB"""
PREVIOUS = {  # replaced in place: what a downgrade puts back
    "_wordle_access_changed": "0036",
    "_wordle_accounts_refresh": "0054",
    "_wordle_player": "0051",
}


def upgrade() -> None:
    run(ACCOUNT_ACCESS)
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
    run("DROP TABLE IF EXISTS account_access")
