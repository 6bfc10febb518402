"""Drop the routines migration 0009 replaced (issue 11), now that nothing calls them.

_wordle_guess (a function), _wordle_puzzle and _wordle_game gave way to _wordle_check_guess,
_wordle_find_puzzle and _wordle_lock_game in 0009, which left them installed so that a guess
in flight during that migration still found them. Downgrade puts them back.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

from wordle_db.migration import let_running_calls_finish, objects_down, objects_up

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

REPLACED = ["_wordle_guess", "_wordle_puzzle", "_wordle_game"]


def upgrade() -> None:
    let_running_calls_finish()  # calls that started before 0009 (in the same run) may need them
    objects_down(REPLACED, "0007")


def downgrade() -> None:
    objects_up(REPLACED, "0007")
