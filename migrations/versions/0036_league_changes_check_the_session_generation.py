"""League changes check the session generation in their own transaction.

A league's creation, joining, leaving, removing a member and a new join code were checked
against the caller's session generation by the page only (a fresh read just before the call),
so a change could still pass in the moment between that read and a sign-out everywhere. Like
the account calls (0024) and the game's moves (0027), wordle_league_create, _join, _leave,
_remove and _code now take the caller's generation (second parameter; NULL: not checked) and
check it inside their own transaction through the new _wordle_league_session: refused before
anything of the player is read, and again once the league's row is locked, the player's row
then share-locked so that a new generation waits for the change or the change sees it. (The
attackers' reviews found deadlocks when the player's row was locked first, or exclusively:
a creator leaving reads the heir's row through a foreign key, and the heir's own league
change, or another call of the heir queued for that row, waited for the league.) The join
now also takes the league's row first, by its key (a plain read by the code's hash, then the
row share-locked and the code read again), before it resolves the player: its locking read
through the code's index deadlocked with a new code and with the last member's leave, and a
new access decision's foreign key locked the joiner's row before the league's (both on 0035
too).

Revision ID: 0036
Revises: 0035
"""

from __future__ import annotations

from wordle_db.migration import objects_down, objects_up_each

revision = "0036"
down_revision = "0035"
branch_labels = None
depends_on = None

NEW = ["_wordle_league_session"]
# Replaced (one parameter more), and what a downgrade puts back.
PREVIOUS = {
    "wordle_league_create": "0026",
    "wordle_league_join": "0019",
    "wordle_league_leave": "0019",
    "wordle_league_remove": "0019",
    "wordle_league_code": "0019",
}


def upgrade() -> None:
    objects_up_each(dict.fromkeys([*NEW, *PREVIOUS], revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
    objects_down(NEW, revision)
