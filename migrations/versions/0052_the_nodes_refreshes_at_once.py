"""The accounts refreshes of Galera's nodes at once, and an account made again through a node.

From the review of 0049 (branch attack-0049):
- high: 0049 gave the other nodes a row for an account new to the cluster's copy but left a
  row a node already had alone: a node that saw the account go kept it not present, so when
  the account was made again through another node and dropped again, that node never marked
  it, and a session there let in as it was taken for the login's other account. The row is
  now present again, as if seen, its mark kept.
- medium: the nodes' events fire in the same second and each refresh rewrote every row of
  server_accounts (seen_at), so on Galera the later commit lost with 1213 every minute, even
  with no account changed (its marks, its `behind` rows and the hand changes waited). A
  refresh now writes only the accounts new or changed, tries again after 1213 (at most five
  times, after a short random pause), and its delete of retired decisions gives way to another
  node's.

Revision ID: 0052
Revises: 0051
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0052"
down_revision = "0051"
branch_labels = None
depends_on = None

PREVIOUS = {"_wordle_accounts_refresh": "0049"}  # replaced in place: what a downgrade puts back


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
