"""The usual guess reads its channel with its puzzle, word and kept decision: one read.

_wordle_play read the channel (by name or the default), computed today in the channel's zone
through _wordle_date_in, then read the puzzle, the answer, the word and the kept access
decision. One read now does all of it, today written out in the join (a call of a function
that is not deterministic cannot be a key). Anything else goes the long way as before. Paired
chunks of new players' games (bench/README.md): about 110-130 µs of server CPU a guess less.

Revision ID: 0035
Revises: 0034
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0035"
down_revision = "0034"
branch_labels = None
depends_on = None

# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {"_wordle_play": "0034"}


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
