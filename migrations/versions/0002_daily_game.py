"""The daily game: hint function and CTE, publication, the stateless check, the schedule view.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from wordle_db.migration import objects_down, objects_up, run

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

OBJECTS = [
    "wordle_hint",
    "wordle_hint_rows",
    "_wordle_publish",
    "wordle_publish",
    "wordle_publish_word",
    "_wordle_puzzle",
    "_wordle_guess",
    "wordle_check",
    "puzzle_schedule",
]


def upgrade() -> None:
    objects_up(OBJECTS, revision)


def downgrade() -> None:
    run("DROP EVENT IF EXISTS wordle_daily_publish")  # installed by `wordle-db schedule --event`
    objects_down(OBJECTS, revision)
