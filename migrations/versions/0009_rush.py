"""The morning rush: a guess runs fewer statements (issue 11).

The routines every guess runs are rewritten to run fewer statements: the channel and today
without a subquery, the puzzle's answer with its number (_wordle_find_puzzle), the accent rule
with the word check (_wordle_check_guess: a procedure, as a stored function opens every table
it might read on each call), the game found and locked by its key in one statement with its
fields (_wordle_lock_game). When the cache of a login's role expires under many sessions, one
refreshes it and the others wait for that commit only. No table changes. New:
wordle_channel(name), one channel's row or WD060 (the CLI composed that message itself).

Callees whose signature changes get new names; the old ones stay until 0010 drops them, so a
guess played while this migration runs (or after it stopped part-way, a routine being held by
another session) finds every routine it calls, whichever text it runs.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

from wordle_db.migration import grant, let_running_calls_finish, objects_down, objects_up, revoke

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

NEW = ["_wordle_check_guess", "_wordle_find_puzzle", "_wordle_lock_game", "wordle_channel"]
EVERYONE = ["wordle_publisher", "wordle_player", "wordle_reader"]
# Changed objects and the revision whose text a downgrade puts back, callees first.
CHANGED = {
    "_wordle_channel": "0007",
    "_wordle_caller_role": "0006",
    "_wordle_player": "0006",
    "_wordle_lookup": "0007",
    "wordle_play_on": "0007",
    "wordle_reveal_letter_on": "0007",
    "wordle_check_on": "0007",
}
# Replaced by NEW's first three; migration 0010 drops them.
REPLACED = ["_wordle_guess", "_wordle_puzzle", "_wordle_game"]


def upgrade() -> None:
    objects_up(NEW, revision)
    grant("EXECUTE", "PROCEDURE", ["wordle_channel"], EVERYONE)
    objects_up(list(CHANGED), revision)


def downgrade() -> None:
    for name, old in reversed(CHANGED.items()):
        objects_up([name], old)
    revoke("EXECUTE", "PROCEDURE", ["wordle_channel"], EVERYONE)
    let_running_calls_finish()  # a call of this revision's text may still need NEW
    objects_down(NEW, revision)
