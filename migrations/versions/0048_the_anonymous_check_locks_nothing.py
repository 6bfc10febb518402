"""The anonymous-account check of the caller's login locks nothing.

_wordle_caller_login tested the anonymous accounts with IF EXISTS (SELECT ...): a read inside
IF, in the read-write transaction of a move, share-locks the server_accounts rows it reads
(0044 found the same of the marks), so a first guess could wait behind an open accounts
refresh. It reads them with SELECT ... INTO, a plain read, as 0044's reads of the marks do.

Revision ID: 0048
Revises: 0047
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0048"
down_revision = "0047"
branch_labels = None
depends_on = None

PREVIOUS = {"_wordle_caller_login": "0044"}  # replaced in place: what a downgrade puts back


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
