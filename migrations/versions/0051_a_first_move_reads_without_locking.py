"""A first move reads the setting player_names and other logins' names without locking them.

_wordle_player read `player_names` with SET v = (SELECT ...) and another login's name with IF
... EXISTS (SELECT ...): in a move's read-write transaction both share-lock the rows they read,
so an administrator's change of the setting (or an accounts refresh writing that login's
rows) waited for every first move under way, and a first move behind such a change waited for
it and answered WD025. They are SELECT ... INTO, plain reads, as 0048 and 0050 made the other
reads on the way of a move (found by the helper who wrote 0050).

Revision ID: 0051
Revises: 0050
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0051"
down_revision = "0050"
branch_labels = None
depends_on = None

PREVIOUS = {"_wordle_player": "0044"}  # replaced in place: what a downgrade puts back


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
