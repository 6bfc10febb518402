"""On Galera, an account another node never refreshed is marked there when it goes.

0044 keeps, per node, the accounts as that node's own refreshes saw them, and flags another
node's row `behind` when an account it had changes in the cluster's copy. An account made
through one node (`wordle-db grant` refreshes there at once) was in the other nodes' rows only
after their own refresh, up to a minute later: a session let in as it there meanwhile, once
the account was dropped again, was judged by the login's other accounts (an administrator's,
say) for as long as it stayed connected. An account new to the cluster's copy now gets a row
for each other node as well, so that its going is flagged behind there at once and marked by
that node's next refresh, as for the accounts it had seen.

Revision ID: 0049
Revises: 0048
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0049"
down_revision = "0048"
branch_labels = None
depends_on = None

PREVIOUS = {"_wordle_accounts_refresh": "0044"}  # replaced in place: what a downgrade puts back


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
