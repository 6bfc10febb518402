"""A lock wait that times out on a Galera node is tried again.

0045 made a move, a league join and a publication answer WD025 at once after a lock wait
timeout (1205), which on one server has waited its whole time. On a Galera node it is a
transient: a node's applier can wait for a lock a committing stored procedure holds, and the
wait ends at the short innodb_lock_wait_timeout docs/cluster.md sets (5 s); the routines tried
again, and 24 publishers on three nodes met it (tests/ops/test_cluster.py). With wsrep_on the
routines try again after 1205 as before 0045; on one server they still answer WD025 at once.

Revision ID: 0047
Revises: 0046
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0047"
down_revision = "0046"
branch_labels = None
depends_on = None

# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {"_wordle_move": "0046", "wordle_league_join": "0045", "_wordle_publish": "0045"}


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
