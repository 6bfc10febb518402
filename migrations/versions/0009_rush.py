"""The morning rush: a guess reads each table once (issue 11).

The routines every guess runs are rewritten to run fewer statements: the channel and today
in one statement, the puzzle's answer with its number, the accent rule with the word check,
the player with the player_names setting, the game found and locked in one statement, and a
repeated guess caught by the unique key of attempts. _wordle_guess becomes a procedure (a
stored function opens every table it might read on each call). When the cache of a login's
role expires under many sessions, one refreshes it and the others wait for that commit only.
No table changes. New: wordle_channel(name), one channel's row or WD060 (the CLI composed that
message itself).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

from wordle_db.migration import grant, objects_down, objects_up, revoke

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

# Changed objects and the revision whose text a downgrade puts back, callees first.
CHANGED = {
    "_wordle_channel": "0007", "_wordle_caller_role": "0006", "_wordle_player": "0006",
    "_wordle_puzzle": "0007", "_wordle_game": "0007", "_wordle_lookup": "0007",
    "wordle_play_on": "0007", "wordle_reveal_letter_on": "0007", "wordle_check_on": "0007",
}
NEW = ["wordle_channel"]
EVERYONE = ["wordle_publisher", "wordle_player", "wordle_reader"]
RETYPED = "_wordle_guess"  # a function until 0007, a procedure from 0009


def upgrade() -> None:
    objects_down([RETYPED], "0007")
    objects_up([RETYPED], revision)
    objects_up(list(CHANGED), revision)
    objects_up(NEW, revision)
    grant("EXECUTE", "PROCEDURE", NEW, EVERYONE)


def downgrade() -> None:
    revoke("EXECUTE", "PROCEDURE", NEW, EVERYONE)
    objects_down(NEW, revision)
    objects_down([RETYPED], revision)
    objects_up([RETYPED], "0007")
    for name, old in reversed(CHANGED.items()):
        objects_up([name], old)
