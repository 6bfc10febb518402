"""The accounts refresh tries ten times after losing to another node's, its pauses growing.

0052 let a refresh that lost to another Galera node's commit (1213) try again five times after
a pause of up to 0.1 s a try. When an account changes, every node's refresh marks its own rows
and retires the kept decisions (access_version), so the three nodes' events, which fire in the
same second, conflict on that row until each has committed; under load the reviewer of 0049
saw one of fifteen refreshes use up its five tries (2 runs of 5). Ten tries, pauses up to
0.2 s a try (about 5.5 s at most in all).

Revision ID: 0054
Revises: 0053
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0054"
down_revision = "0053"
branch_labels = None
depends_on = None

PREVIOUS = {"_wordle_accounts_refresh": "0052"}  # replaced in place: what a downgrade puts back


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
