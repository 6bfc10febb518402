"""A solver build step says how many guesses it claimed, so a session with nothing left stops.

wordle_solver_build_on's row gains `claimed`: the guesses this step built. `wordle-db solver
build` ran its sessions until every guess was done, so while one session built the last batch
the others called the step again and again with nothing to claim (36 steps and progress
reports for 18 batches in a CI run). A session now stops at its first step that claims nothing.

Revision ID: 0032
Revises: 0031
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0032"
down_revision = "0031"
branch_labels = None
depends_on = None

# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {"wordle_solver_build_on": "0011"}


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
