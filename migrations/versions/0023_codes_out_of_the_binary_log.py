"""Join codes never spelled out in a binary log (issue 26's attacker review).

A server with a binary log writes each changed row and, by default, the statement that changed
it with the routine's variables spelled out: `UPDATE leagues SET code_hash =
UNHEX(SHA2(NAME_CONST('o_code', '...'), 256))` put a league's join code in the log, its
replicas and its backups. _wordle_league_code now hashes into a variable first, so the
logged statement holds only the hash (as wordle_transfer_code and wordle_passkey_challenge do
since migration 0020).

Revision ID: 0023
Revises: 0022
"""

from __future__ import annotations

from wordle_db.migration import objects_up

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    objects_up(["_wordle_league_code"], revision)


def downgrade() -> None:
    objects_up(["_wordle_league_code"], "0019")
