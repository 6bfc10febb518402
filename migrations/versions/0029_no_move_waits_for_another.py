"""No player's move waits for another's, nor for the accounts refresh (issues 23 and 28).

Two waits the suite's lock counters found under load. A new game was created with
`INSERT ... SELECT`, which holds the games table's AUTO-INC lock for the whole statement (with
the server's default innodb_autoinc_lock_mode 1): every other new player's first move of the
day waited for it. It is one `INSERT ... VALUES` row now (_wordle_lock_player_game). The
accounts refresh deleted retired access decisions with `DELETE ... WHERE version < ...`, which
scans the whole table once most rows are retired and waited for the decisions players' first
moves were writing; it now reads the retired keys first, without locks, and deletes those rows
by primary key (_wordle_accounts_refresh).

Revision ID: 0029
Revises: 0028
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None

# Replaced in place (same parameters; CREATE OR REPLACE keeps their grants), and what a
# downgrade puts back.
PREVIOUS = {"_wordle_lock_player_game": "0028", "_wordle_accounts_refresh": "0028"}


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
