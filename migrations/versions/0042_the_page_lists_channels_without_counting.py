"""The page lists the channels without counting their words.

wordle_channels answers three counts a channel (accepted words, answers, answers never
published), each a scan of the channel's lists: 2.2 of its 2.4 ms of the server's CPU with one
channel of 14,855 words, more with every channel added. The page calls it on every load and
shows none of them: it was 40 % of the database's CPU for a page load (issue 42). The new
wordle_channels_brief gives the same rows with the counts NULL, for a few reads;
_wordle_channel_list (which replaces _wordle_channel_rows) serves both, the counts when asked.

Revision ID: 0042
Revises: 0041
"""

from __future__ import annotations

from wordle_db.migration import grant, objects_down, objects_up_each, revoke

revision = "0042"
down_revision = "0041"
branch_labels = None
depends_on = None

NEW = ["_wordle_channel_list", "wordle_channels_brief"]
# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {
    "wordle_channels": "0036",
    "wordle_channel": "0036",
    "wordle_channel_add": "0036",
    "wordle_channel_set": "0036",
}
GONE = {"_wordle_channel_rows": "0041"}
ROLES = ["`wordle_player`", "`wordle_reader`", "`wordle_publisher`"]  # those of wordle_channels


def upgrade() -> None:
    objects_up_each(dict.fromkeys([*NEW, *PREVIOUS], revision))
    grant("EXECUTE", "PROCEDURE", ["wordle_channels_brief"], ROLES)
    objects_down(list(GONE), "0036")


def downgrade() -> None:
    revoke("EXECUTE", "PROCEDURE", ["wordle_channels_brief"], ROLES)
    objects_up_each({**GONE, **PREVIOUS})
    objects_down(NEW, revision)
