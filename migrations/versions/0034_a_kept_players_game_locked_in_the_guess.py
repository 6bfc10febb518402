"""A guess by a player found through its kept decision locks its game in the guess's own read.

_wordle_play locked every game through _wordle_lock_player_game and looked for a repeated
guess in a statement of its own. A player found by its kept access decision (the common
guess) now has its game of the day locked by _wordle_play itself, in one read by the same key
that also looks for the repeated guess, with the same session generation check; anything else
(a player found by name, a game still to create) goes through _wordle_lock_player_game as
before. bench/flat.py priced the routine call with the separate check at 85-190 µs of server
CPU per guess.

Revision ID: 0034
Revises: 0033
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0034"
down_revision = "0033"
branch_labels = None
depends_on = None

# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {"_wordle_play": "0028"}


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
