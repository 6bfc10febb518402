"""The league board reads nothing it hides (issue 26's attacker review).

Before its own game of the day is over, a member sees of the others only who has finished.
The board read each member's game of the day by its key, so a hidden member's unfinished game
was read and counted in the session's status (Rows_read, buffer pool reads: SHOW SESSION
STATUS, open to every account): the counters told who had started. A key `finished` on games
(player, channel, day, state) lets the board look a hidden member's game up only as won or as
lost, and an unfinished game only where it is shown. _wordle_lock_game names the unique key it
locks a game by: through `finished` a search for a game not yet made locked the next player's
new game and waited for it.

Revision ID: 0025
Revises: 0024
"""

from __future__ import annotations

from wordle_db.migration import objects_up, run

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    run("ALTER TABLE games ADD KEY IF NOT EXISTS finished (player_id, channel_id, day, state)")
    objects_up(["wordle_league_board_on", "_wordle_lock_game"], revision)


def downgrade() -> None:
    objects_up(["_wordle_lock_game"], "0009")
    objects_up(["wordle_league_board_on"], "0019")
    run("ALTER TABLE games DROP KEY IF EXISTS finished")
