"""The post-game analysis (issue 26, part 3): wordle_analysis_on(channel, player, day).

For a finished game, each guess with the answers still possible before and after it, the
answers it leaves on average, the solver's best guess then and what that one leaves, and skill
and luck scores (docs/sql-api.md). The counts are key lookups in the solver's hint codes
(solver_codes); the best guess is _wordle_analysis_best's one-level ranking. Players may call
it (administrators may, as always); readers and publishers may not.

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

from wordle_db.migration import grant, objects_down, objects_up, revoke

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

INTERNAL = ["_wordle_analysis_best"]
PUBLIC = ["wordle_analysis_on"]


def upgrade() -> None:
    objects_up(INTERNAL, revision)
    objects_up(PUBLIC, revision)
    grant("EXECUTE", "PROCEDURE", PUBLIC, ["wordle_player"])


def downgrade() -> None:
    revoke("EXECUTE", "PROCEDURE", PUBLIC, ["wordle_player"])
    objects_down(PUBLIC, revision)
    objects_down(INTERNAL, revision)
