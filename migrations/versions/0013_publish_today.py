"""wordle_publish_today(): every channel's publication of today in one call, with its result.

`wordle-db publish-today` looped over the channels in Python while the daily event looped in
_wordle_publish_every_channel: two loops for one rule. The SQL loop now returns one row per
channel (published, or the refusal that skipped it) and is the only one: the event calls it
as before (an event discards result sets), and the new public wordle_publish_today (for
publishers) calls it for the CLI and for other applications.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

from wordle_db.migration import grant, objects_down, objects_up, revoke

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

PUBLIC = ["wordle_publish_today"]


def upgrade() -> None:
    objects_up(["_wordle_publish_every_channel"], revision)
    objects_up(PUBLIC, revision)
    grant("EXECUTE", "PROCEDURE", PUBLIC, ["wordle_publisher"])


def downgrade() -> None:
    revoke("EXECUTE", "PROCEDURE", PUBLIC, ["wordle_publisher"])
    objects_down(PUBLIC, revision)
    objects_up(["_wordle_publish_every_channel"], "0007")
