"""The analysis without a solver build (issue 41): wordle_analysis_on gives the answers left
before and after each guess, what the guess leaves on average and the luck with wordle_hint
(one game: a few thousand hints) where the channel's solver is not built for its current word
lists, instead of refusing with WD051; the best guess and the skill score only where it is
(then from the solver's codes, as before). The solver's refusals for want of a build (WD051:
_wordle_rank, wordle_solve_word_on, wordle_solve_start_on) name the command with the channel:
`wordle-db solver build --channel fr`.

Revision ID: 0040
Revises: 0039
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0040"
down_revision = "0039"
branch_labels = None
depends_on = None

# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {
    "wordle_analysis_on": "0036",
    "_wordle_rank": "0036",
    "wordle_solve_word_on": "0036",
    "wordle_solve_start_on": "0036",
}


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
