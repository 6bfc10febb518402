"""Accounts of every host form play: the role check no longer needs the account's host to match
the name the server knows the client by.

Inside a DEFINER routine the server tells only the login and the host it knows the client by
(SESSION_USER(): `localhost` for 127.0.0.1, ::1 and the socket, a resolved name, or the
address), never the account it matched. _wordle_caller_role compared that host with each
account's host pattern, so an account made for an address (`app@127.0.0.1`), or for a subnet
(`web@10.0.0.%`) whose clients resolve to names, was never found and could not play (WD039).
The new _wordle_caller_access also counts the accounts that may match the address behind a
name (address patterns, netmasks), refuses a session that may be accounts of different roles
('ambiguous'), and, asked whether the caller may play, refuses with a WD039 that names the
accounts the server may have matched and why the game does not take them. _wordle_player and
wordle_passkey_challenge leave their refusals of roles to it; wordle_publish_on asks it
whether the caller administers.

Revision ID: 0037
Revises: 0036
"""

from __future__ import annotations

from wordle_db.migration import objects_down, objects_up_each

revision = "0037"
down_revision = "0036"
branch_labels = None
depends_on = None

NEW = ["_wordle_caller_access"]
# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {
    "_wordle_player": "0036",
    "wordle_passkey_challenge": "0036",
    "wordle_publish_on": "0036",
}
GONE = {"_wordle_caller_role": "0036"}


def upgrade() -> None:
    objects_up_each(dict.fromkeys([*NEW, *PREVIOUS], revision))
    objects_down(list(GONE), "0036")


def downgrade() -> None:
    objects_up_each({**GONE, **PREVIOUS})
    objects_down(NEW, revision)
