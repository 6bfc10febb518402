"""The share text marks letter hints (issue 24): one 💡 per letter hint after the score.

A game won with a revealed letter was shared exactly like one won without; players compare
share texts, so the title line now ends with one 💡 per letter hint taken.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

from wordle_db.migration import objects_up

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    objects_up(["wordle_share_on"], revision)


def downgrade() -> None:
    objects_up(["wordle_share_on"], "0007")
