"""League names and nicknames of one alphabet (issue 26's attacker review: look-alikes).

A nickname mixing Latin with Cyrillic or Greek letters (a Cyrillic A, U+0410, in 'Ann') looked like
another member's on a league board. _wordle_one_alphabet refuses such mixes (and Cyrillic with
Greek) where a league name or nickname is made (wordle_league_create, _wordle_league_member);
the messages of WD080 and WD081 say so. Names made before are still found as they are.

Revision ID: 0026
Revises: 0025
"""

from __future__ import annotations

from wordle_db.migration import objects_down, objects_up

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None

CHANGED = ["wordle_league_create", "_wordle_league_member"]


def upgrade() -> None:
    objects_up(["_wordle_one_alphabet", *CHANGED], revision)


def downgrade() -> None:
    objects_up(CHANGED, "0019")
    objects_down(["_wordle_one_alphabet"], revision)
