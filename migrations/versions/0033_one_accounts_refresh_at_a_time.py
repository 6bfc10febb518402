"""One accounts refresh at a time: two at once could deadlock, or write back a revoked role.

_wordle_accounts_refresh (the event every minute, `wordle-db grant`, migrations) first locks
the access_version row, which moves read without a lock. Two refreshes at once both took
shared locks on server_accounts (an IF EXISTS in a routine locks what it reads) that each then
had to write: InnoDB killed one with a deadlock (seen once in fourteen runs of test_rush's
refresh test under load; `wordle-db grant` would have failed after its change). And a refresh
that had read the grant tables before a REVOKE could write the old role back after the
REVOKE's own refresh, for up to a minute.

Revision ID: 0033
Revises: 0032
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0033"
down_revision = "0032"
branch_labels = None
depends_on = None

# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {"_wordle_accounts_refresh": "0030"}


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
