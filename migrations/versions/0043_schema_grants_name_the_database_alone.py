"""The grants on the whole database name it alone.

The baseline granted wordle_owner and wordle_admin their privileges `ON db.*` with the
database's name as it is; in a database-level grant `_` and `%` are wildcards, so an
installation named wordle_db also gave them wordleXdb, another application's database (found
by the review of main at bc96143; restore has escaped its own grants since issue 40). The grants
are given again with the name escaped and the old ones taken back. The downgrade leaves them
escaped: the unescaped grant was a hole, not a state to return to.

Revision ID: 0043
Revises: 0042
"""

from __future__ import annotations

from wordle_db.migration import escape_schema_grants

revision = "0043"
down_revision = "0042"
branch_labels = None
depends_on = None


def upgrade() -> None:
    escape_schema_grants()


def downgrade() -> None:
    pass  # the escaped grants are right at every revision
