"""A guess and the keyboard after it in one call (issue 28): wordle_guess_on.

The page's POST /api/guess called wordle_play_on and then wordle_keyboard_on, which found the
channel, the puzzle, the player and the game a second time. wordle_guess_on answers with the
guess's row and then the keyboard's rows. The guess's rules move to _wordle_play, which
wordle_play_on, wordle_play and wordle_guess_on share; the keyboard's query moves to
_wordle_keyboard, which wordle_keyboard_on and _wordle_play share.

Revision ID: 0022
Revises: 0021
"""

from __future__ import annotations

from wordle_db.migration import grant, objects_down, objects_up, revoke

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None

NEW = ["_wordle_keyboard", "_wordle_play", "wordle_guess_on"]
CHANGED = {"wordle_keyboard_on": "0007", "wordle_play_on": "0009", "wordle_play": "0007"}


def upgrade() -> None:
    objects_up(NEW[:2], revision)
    objects_up(list(CHANGED), revision)
    objects_up(NEW[2:], revision)
    grant("EXECUTE", "PROCEDURE", ["wordle_guess_on"], ["wordle_player"])


def downgrade() -> None:
    revoke("EXECUTE", "PROCEDURE", ["wordle_guess_on"], ["wordle_player"])
    for name, previous in CHANGED.items():
        objects_up([name], previous)
    objects_down(NEW, revision)
