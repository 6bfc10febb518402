"""_wordle_move: a player found by name (no kept decision: most often a new player) has its
game made before the locked read (issue 42).

A new player's first move read its game (locked, finding nothing), made it, and read it
again; now it makes it and reads it once. A player found by name whose game exists (its kept
decision retired by an access change) tries to make it, is refused by the key (1062, as
when another session made it first), and reads it. 3-6 % of a new player's first guess
(bench/research/guess-cost/variants.py, bench/log/2026-11-28.md); a later guess is unchanged.

Revision ID: 0059
Revises: 0058
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0059"
down_revision = "0058"
branch_labels = None
depends_on = None

PREVIOUS = {"_wordle_move": "0056"}  # replaced in place: what a downgrade puts back


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
