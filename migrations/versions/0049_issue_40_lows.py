"""Issue 40's open lows (other applications calling with their own accounts).

- An account granted `ON db.* ... WITH GRANT OPTION` before 0043 kept a row on the
  database's unescaped name (its `_` a wildcard): 0043's REVOKE ALL PRIVILEGES leaves GRANT
  OPTION. escape_schema_grants takes it back too, and runs again here for installations
  upgraded through 0043.

Revision ID: 0049
Revises: 0048
"""

from __future__ import annotations

from wordle_db.migration import escape_schema_grants

revision = "0049"
down_revision = "0048"
branch_labels = None
depends_on = None


def upgrade() -> None:
    escape_schema_grants()


def downgrade() -> None:
    pass  # the escaped grants are right at every revision
