"""The usual move calls no stored function.

0038 made each rule of a move live in one routine; on the usual move's way two were functions
called once a guess: _wordle_local_date in the context read's join (today in the channel's
zone) and _wordle_typed_word (the guess as typed, when the read found it a word). A stored
function's call costs the server about 12 µs; a kept player's later guess cost 4.6 % more than
0037's (bench/log/2026-11-27.md). _wordle_move writes the two expressions out, as it writes
_wordle_node()'s since 0044; tests/game/test_guess_paths.py checks that each text is the
function's own, so each rule stays one.

Revision ID: 0046
Revises: 0045
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0046"
down_revision = "0045"
branch_labels = None
depends_on = None

PREVIOUS = {"_wordle_move": "0045"}  # replaced in place: what a downgrade puts back


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
