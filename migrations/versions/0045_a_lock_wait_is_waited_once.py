"""A lock wait is waited once.

The routines that try their transaction again after a deadlock (a move, a league join, a
publication) also tried it again after a lock wait timeout (1205): behind a row an
administrator's transaction held, a league join waited for the lock ten times, about 500 s at
the server's default timeout, holding a serve thread and connection (found by the review of
main at bc96143). A deadlock ends at once and is worth another try; a timeout has waited its
whole time: the routine answers WD025 (busy, try again) at once.

Revision ID: 0045
Revises: 0044
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0045"
down_revision = "0044"
branch_labels = None
depends_on = None

# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {"_wordle_move": "0044", "wordle_league_join": "0041", "_wordle_publish": "0041"}


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
