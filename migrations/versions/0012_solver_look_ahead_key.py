"""The solver's look-ahead reads each answer by its key (issue 17: suggestions under a second).

_wordle_look_ahead joined solver_answers on (channel_id, answer_no), its primary key, but the
optimizer chose the word_id key, whose prefix is the channel alone, and read all 2,309
answers for each (guess, candidate) row: 7.4 million index reads for one hard-mode suggestion
instead of 166,000. The new text forces the primary key; the results do not change.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

from wordle_db.migration import objects_up

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

CHANGED = ["_wordle_look_ahead"]


def upgrade() -> None:
    objects_up(CHANGED, revision)


def downgrade() -> None:
    objects_up(CHANGED, "0011")
