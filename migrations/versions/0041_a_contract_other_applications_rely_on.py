"""A contract other applications rely on (issue 40): typed results, messages that fit, a join
that retries, nicknames that do not look alike.

- Every whole number a routine returns is an INT: counts, sums and ranks went out as BIGINT
  (a BigInt in Node's connector, which JSON.stringify refuses) and the session generation as
  DECIMAL (a string). _wordle_int makes a whole number an INT (CAST keeps BIGINT for them).
- A refusal naming what the caller typed never overflows its message: the messages that quote
  names, nicknames or values are VARCHAR(512) (the most a SIGNAL takes), lists of channels
  stop at twelve (_wordle_channel_names).
- A transfer code with a typographic dash or any other character gets WD092, as a wrong one
  does, instead of the server's 1366.
- Players joining one league at once no longer see the deadlocks their inserts make: the join
  is tried again inside the database (then WD025).
- A nickname that looks like another member's (BOB in Cyrillic or Greek capitals, B0B, b o b,
  🅱🅾🅱 beside BOB) is taken:
  league_members.nickname_key is what it looks like (_wordle_lookalike_key, from the table
  lookalikes that wordle_db/lookalikes.py fills with Unicode's data), under a unique key.
  Members who already share a key keep their nicknames: the later ones' keys get their
  player id, so that the key stays unique.

Revision ID: 0041
Revises: 0040
"""

from __future__ import annotations

from alembic import op

from wordle_db import lookalikes
from wordle_db.migration import objects_down, objects_up_each, run

revision = "0041"
down_revision = "0040"
branch_labels = None
depends_on = None

NEW = ["_wordle_int", "_wordle_channel_names", "_wordle_lookalike_key"]
# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {
    "_wordle_move": "0038",
    "wordle_game_on": "0036",
    "wordle_stats_on": "0036",
    "wordle_stats_distribution_on": "0036",
    "wordle_status_on": "0036",
    "_wordle_channel_rows": "0036",
    "_wordle_channel": "0036",
    "_wordle_channel_change": "0036",
    "wordle_set_setting": "0036",
    "wordle_setting": "0036",
    "_wordle_settings_rows": "0036",
    "wordle_hard_mode_violation": "0036",
    "_wordle_publish": "0036",
    "wordle_candidates_on": "0036",
    "wordle_suggest_on": "0036",
    "wordle_import_words_on": "0036",
    "wordle_solver_prepare_on": "0036",
    "wordle_solver_build_on": "0036",
    "wordle_solve_step": "0036",
    "wordle_solve_report": "0036",
    "wordle_solve_distribution": "0036",
    "wordle_solve_word_on": "0040",
    "_wordle_league": "0036",
    "_wordle_league_member": "0036",
    "wordle_league_join": "0036",
    "wordle_leagues": "0036",
    "wordle_league_standings_on": "0036",
    "wordle_league_remove": "0036",
    "wordle_league_leave": "0036",
    "wordle_passkey_add": "0036",
    "wordle_passkey_remove": "0036",
    "wordle_session_generation": "0036",
    "wordle_transfer_redeem": "0036",
}
LOOKALIKES = """CREATE TABLE IF NOT EXISTS lookalikes (
    ch VARCHAR(1) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL PRIMARY KEY,
    looks_like VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL
  ) ENGINE=InnoDB COMMENT 'What a character looks like (wordle_db/lookalikes.py)'"""


def upgrade() -> None:
    run(LOOKALIKES)
    run("DELETE FROM lookalikes")
    op.get_bind().exec_driver_sql(
        "INSERT INTO lookalikes (ch, looks_like) VALUES (?, ?)", lookalikes.rows()
    )
    objects_up_each(dict.fromkeys(NEW, revision))
    run(
        "ALTER TABLE league_members ADD COLUMN IF NOT EXISTS nickname_key VARCHAR(255) "
        "CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NULL AFTER nickname"
    )
    run("UPDATE league_members SET nickname_key = _wordle_lookalike_key(nickname)")
    run(
        "UPDATE league_members m JOIN (SELECT league_id, player_id, ROW_NUMBER() OVER ("
        "PARTITION BY league_id, nickname_key ORDER BY joined_at, player_id) AS n "
        "FROM league_members) d ON d.league_id = m.league_id AND d.player_id = m.player_id "
        "SET m.nickname_key = CONCAT(m.nickname_key, '#', m.player_id) WHERE d.n > 1"
    )
    run(
        "ALTER TABLE league_members MODIFY nickname_key VARCHAR(255) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_unicode_ci NOT NULL, "
        "ADD UNIQUE KEY IF NOT EXISTS league_nickname_key (league_id, nickname_key)"
    )
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    # the key first may be NULL: the routines put back insert members without it
    run(
        "ALTER TABLE league_members MODIFY nickname_key VARCHAR(255) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_unicode_ci NULL"
    )
    objects_up_each(PREVIOUS)
    run("ALTER TABLE league_members DROP KEY IF EXISTS league_nickname_key")
    run("ALTER TABLE league_members DROP COLUMN IF EXISTS nickname_key")
    objects_down(NEW, revision)
    run("DROP TABLE IF EXISTS lookalikes")
