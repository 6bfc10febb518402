"""A move whose channel is removed meanwhile gets WD060, not a raw error (from the review of 0029).

_wordle_lock_player_game creates a player's game from the channel's max_tries. When the channel
was removed (`wordle-db channel remove --force`) between the move's first read and the game's
creation, no game was made and the move ended in error 1048 (attempts.game_id cannot be null)
or 1452 (the games' foreign key): now one line, WD060.

Revision ID: 0031
Revises: 0030
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0031"
down_revision = "0030"
branch_labels = None
depends_on = None

# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {"_wordle_lock_player_game": "0029"}


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
