"""A guess in fewer statements (issue 28): kept access decisions, a two-read context.

Each guess ran _wordle_player's checks in full: the name's characters, the caller's role from
server_accounts, the setting player_names, whether the name is another login's, the player's
row: about 18 statements and a third of a guess's server time. A decision that an account
(SESSION_USER()) may use a name is now kept in player_access, stamped with the access version
it was made under (access_version); a later move of that account with that name finds its
player in one key lookup. The version changes, which retires every kept decision in one row
written, whenever what a decision reads changes: an account or role (_wordle_accounts_refresh),
the setting player_names (wordle_set_setting), any migration that installs routines
(objects_up); the refresh deletes retired decisions 1,000 at a time.

_wordle_play reads the usual guess's channel, puzzle, word and kept decision in two SELECTs
and goes the long way (_wordle_find_puzzle, _wordle_check_guess, _wordle_player) for anything
else. _wordle_lock_player_game (replacing _wordle_lock_game, a new name for new parameters,
so that no move running during the migration calls a routine with the other's parameters)
takes the player's id when it is known and locks the player's row with the game, checking the
session generation there: _wordle_game_session (0027) goes.

Revision ID: 0028
Revises: 0027
"""

from __future__ import annotations

from wordle_db.migration import (
    let_running_calls_finish,
    objects_down,
    objects_up,
    objects_up_each,
    run,
)

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None

# Replaced in place (CREATE OR REPLACE keeps their grants), and what a downgrade puts back.
PREVIOUS = {
    "_wordle_accounts_refresh": "0015",
    "wordle_set_setting": "0007",
    "_wordle_player": "0015",
    "_wordle_play": "0027",
    "wordle_reveal_letter_on": "0027",
    "wordle_guess_on": "0027",
}
# New: installed before their callers. Gone: dropped once no running call can reach them.
NEW = ["_wordle_access_changed", "_wordle_lock_player_game"]
GONE = {"_wordle_game_session": "0027", "_wordle_lock_game": "0025"}


def upgrade() -> None:
    run(
        "CREATE TABLE IF NOT EXISTS access_version ("
        " id TINYINT UNSIGNED NOT NULL PRIMARY KEY,"
        " version BIGINT UNSIGNED NOT NULL,"
        " CONSTRAINT access_version_one_row CHECK (id = 1)"
        ") ENGINE=InnoDB"
    )
    run("INSERT IGNORE INTO access_version (id, version) VALUES (1, 1)")
    run(
        "CREATE TABLE IF NOT EXISTS player_access ("
        " account VARCHAR(384) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,"
        " name VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,"
        " version BIGINT UNSIGNED NOT NULL,"
        " player_id INT UNSIGNED NOT NULL,"
        " PRIMARY KEY (account, name, version),"
        " KEY player_access_player (player_id),"
        " KEY player_access_version (version),"
        " CONSTRAINT player_access_player FOREIGN KEY (player_id) REFERENCES players (id)"
        ") ENGINE=InnoDB"
    )
    objects_up(NEW + list(PREVIOUS), revision)
    for name, previous in GONE.items():
        objects_down([name], previous)


def downgrade() -> None:
    objects_up_each(GONE | PREVIOUS)
    let_running_calls_finish()
    objects_down(NEW, revision)
    run("DROP TABLE IF EXISTS player_access")
    run("DROP TABLE IF EXISTS access_version")
