"""Game moves check the session generation (issue 26's second attacker review).

A web process trusts a player's session generation for up to 5 seconds, so a copied cookie
could still guess or take a letter hint in the owner's game for that long after the owner
signed out everywhere (another process had cached the old generation). wordle_guess_on and
wordle_reveal_letter_on now take the caller's generation (NULL: not checked, as wordle_play,
wordle_play_on and wordle_reveal_letter pass) and check it in their own transaction
(_wordle_game_session, WD096), as the account calls do since 0024.

Revision ID: 0027
Revises: 0026
"""

from __future__ import annotations

from wordle_db.migration import objects_down, objects_up

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None

PLAY = ["_wordle_play", "wordle_play", "wordle_play_on", "wordle_guess_on"]
REVEAL = ["wordle_reveal_letter_on", "wordle_reveal_letter"]


def upgrade() -> None:
    objects_up(["_wordle_game_session", *PLAY, *REVEAL], revision)


def downgrade() -> None:
    objects_up(PLAY, "0022")
    objects_up(["wordle_reveal_letter_on"], "0009")
    objects_up(["wordle_reveal_letter"], "0007")
    objects_down(["_wordle_game_session"], revision)
