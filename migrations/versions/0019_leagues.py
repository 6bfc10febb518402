"""Leagues (issue 26): players create a league, others join it with a code, and every day
each league has a spoiler-free board and weekly and all-time standings.

A league's join code is 128 random bits from the server's CSPRNG (RANDOM_BYTES); only its
SHA-256 is stored. Members are known to each other by a nickname of the league (never their
player names). league_members.league_name copies the league's name so that a player's leagues
have unique names (a key), and a player's league is found by its name.

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

from wordle_db.migration import grant, objects_down, objects_up, revoke, run

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None

TABLES = {
    "leagues": """CREATE TABLE IF NOT EXISTS leagues (
         id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
         name VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
         creator_id INT UNSIGNED NOT NULL,
         code_hash BINARY(32) NOT NULL,
         created_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         UNIQUE KEY code_hash (code_hash),
         KEY creator (creator_id, name),
         CONSTRAINT leagues_creator FOREIGN KEY (creator_id) REFERENCES players (id)
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci""",
    "league_members": """CREATE TABLE IF NOT EXISTS league_members (
         league_id INT UNSIGNED NOT NULL,
         player_id INT UNSIGNED NOT NULL,
         league_name VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
         nickname VARCHAR(24) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
         joined_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         PRIMARY KEY (league_id, player_id),
         UNIQUE KEY league_nickname (league_id, nickname),
         UNIQUE KEY player_league_name (player_id, league_name),
         CONSTRAINT league_members_league FOREIGN KEY (league_id) REFERENCES leagues (id)
           ON DELETE CASCADE,
         CONSTRAINT league_members_player FOREIGN KEY (player_id) REFERENCES players (id)
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci""",
}
INTERNAL = ["_wordle_league_text", "_wordle_league", "_wordle_league_member", "_wordle_league_code"]
PUBLIC = [
    "wordle_league_create",
    "wordle_league_code",
    "wordle_league_join",
    "wordle_league_leave",
    "wordle_league_remove",
    "wordle_leagues",
    "wordle_league_board_on",
    "wordle_league_standings_on",
]


def upgrade() -> None:
    for ddl in TABLES.values():
        run(ddl)
    objects_up(INTERNAL + PUBLIC, revision)
    grant("EXECUTE", "PROCEDURE", PUBLIC, ["wordle_player"])


def downgrade() -> None:
    revoke("EXECUTE", "PROCEDURE", PUBLIC, ["wordle_player"])
    objects_down(INTERNAL + PUBLIC, revision)
    for table in reversed(list(TABLES)):
        run(f"DROP TABLE IF EXISTS {table}")
