"""The usual guess reads its context in one read, and a kept player's new game is made inline.

_wordle_play read the channel (by name or the default), computed today in the channel's zone
through _wordle_date_in, then read the puzzle, the answer, the word and the kept access
decision. One read now does all of it, today written out in the join (a call of a function
that is not deterministic cannot be a key). And a player found by its kept decision whose game
of the day is still to make no longer goes through _wordle_lock_player_game (which read the
missing game twice and the channel once more): the new _wordle_new_game makes it, and the
guess's own read locks it. _wordle_lock_player_game makes its games through _wordle_new_game
too. Anything else goes the long way as before. Paired chunks (bench/README.md): about 127 µs
of server CPU a guess less, and about 290 µs less for a kept player's first guess of a game.

Revision ID: 0035
Revises: 0034
"""

from __future__ import annotations

from wordle_db.migration import objects_down, objects_up_each

revision = "0035"
down_revision = "0034"
branch_labels = None
depends_on = None

NEW = ["_wordle_new_game"]
# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {"_wordle_lock_player_game": "0031", "_wordle_play": "0034"}


def upgrade() -> None:
    objects_up_each(dict.fromkeys([*NEW, *PREVIOUS], revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
    objects_down(NEW, revision)
