"""_wordle_move: a player that _wordle_player made in this call has its game made before the
locked read (issue 42).

A new player's first move read its game (locked, finding nothing), made it, and read it
again; now it makes it and reads it once. Any other player's game is read first, as before:
an INSERT of an existing game, refused by its key, would share-lock the gap before the key
entry, where the player made before it makes its new games (found by an attacker's review of
this revision before it landed). A new player's first guess costs 3 % less server CPU
(bench/research/guess-cost/ab.py, bench/log/2026-11-28.md); a later guess the same.

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
