"""A channel's time zone changed before its first puzzle moves a first_day that was today.

A new installation's first_day is today in UTC. After midnight UTC, setting time_zone to
-12:00 made today there the day before first_day, and `publish-today` was refused (WD024)
until the next day. Now, while the channel has no puzzle, a first_day equal to today in the
old zone becomes today in the new one; a first_day chosen for another day stays.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

from wordle_db.migration import objects_up

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

CHANGED = ["_wordle_channel_change"]


def upgrade() -> None:
    objects_up(CHANGED, revision)


def downgrade() -> None:
    objects_up(CHANGED, "0007")
