"""Front ends may read a channel's status (issue 27): `serve`'s /readyz asks, with the page's
own account (wordle_player), whether the schema is the latest and today's puzzle of every
channel is published or publishable. wordle_status_on tells no word, only counts that
wordle_channels already shows and whether today's puzzle is out.

Revision ID: 0021
Revises: 0020
"""

from __future__ import annotations

from wordle_db.migration import grant, revoke

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    grant("EXECUTE", "PROCEDURE", ["wordle_status_on"], ["wordle_player"])


def downgrade() -> None:
    revoke("EXECUTE", "PROCEDURE", ["wordle_status_on"], ["wordle_player"])
