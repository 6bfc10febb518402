"""_wordle_player: a decision written for a player that existed locks the player's row for
writing first.

The insert of the decision (player_access) share-locked the player's row by its foreign key;
a move then asked for the row for writing (its game's locked read). An account call for the
same player in between (wordle_sign_out_everywhere, wordle_transfer_code: _wordle_session_current
locks the row) waited for the row, the move's request waited for it, and the server aborted
the account call with a raw deadlock (1213), which these procedures do not turn into WD025.
Now the account call only waits. Found by an attacker's review of 0059 (older than 0059).

Revision ID: 0060
Revises: 0059
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0060"
down_revision = "0059"
branch_labels = None
depends_on = None

PREVIOUS = {"_wordle_player": "0057"}  # replaced in place: what a downgrade puts back


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
