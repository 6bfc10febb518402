"""The accounts refresh whatever max_heap_table_size (from the review of 0029).

_wordle_accounts_refresh copied the grant tables' accounts (0015) and, since 0029, the keys of
up to 1,000 retired access decisions into MEMORY temporary tables, whose size
max_heap_table_size caps: below about 1.9 MB (a DBA's my.cnf; the event runs with the global
value) every refresh failed with 1114 'table is full', the retired decisions were never
deleted and `wordle-db grant` failed after its change; with some ten thousand accounts even
the default 16 MB did, and GRANT or REVOKE by hand never counted. Both are InnoDB temporary
tables now.

Revision ID: 0030
Revises: 0029
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0030"
down_revision = "0029"
branch_labels = None
depends_on = None

# Replaced in place (CREATE OR REPLACE keeps its grants), and what a downgrade puts back.
PREVIOUS = {"_wordle_accounts_refresh": "0029"}


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
