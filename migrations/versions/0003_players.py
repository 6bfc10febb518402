"""Players: games, attempts and letter hints, with every rule in stored procedures.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from wordle_db.migration import objects_down, objects_up, run

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

TABLES = {
    # A player name belongs to the database account that first played it.
    "players": """CREATE TABLE IF NOT EXISTS players (
         id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
         name VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
         account VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
         created_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         UNIQUE KEY name (name)
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin""",
    # One game per player per puzzle day; max_tries is fixed when the game starts. A game
    # started after its day (from the archive, when the word is already public) is `archive`
    # and does not count in statistics.
    "games": """CREATE TABLE IF NOT EXISTS games (
         id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
         player_id INT UNSIGNED NOT NULL,
         day DATE NOT NULL,
         hard BOOLEAN NOT NULL DEFAULT FALSE,
         state ENUM('playing', 'won', 'lost') NOT NULL DEFAULT 'playing',
         attempts TINYINT UNSIGNED NOT NULL DEFAULT 0,
         max_tries TINYINT UNSIGNED NOT NULL,
         revealed TINYINT UNSIGNED NOT NULL DEFAULT 0,
         archive BOOLEAN NOT NULL DEFAULT FALSE,
         started_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         finished_at TIMESTAMP(6) NULL,
         UNIQUE KEY player_day (player_id, day),
         KEY day (day),
         CONSTRAINT games_player FOREIGN KEY (player_id) REFERENCES players (id),
         CONSTRAINT games_puzzle FOREIGN KEY (day) REFERENCES puzzles (day),
         CONSTRAINT games_attempts CHECK (attempts <= max_tries)
       ) ENGINE=InnoDB""",
    # Every accepted attempt with its hint and time; a word once per game.
    "attempts": """CREATE TABLE IF NOT EXISTS attempts (
         game_id INT UNSIGNED NOT NULL,
         attempt TINYINT UNSIGNED NOT NULL,
         guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
         hint VARCHAR(32) CHARACTER SET ascii NOT NULL,
         played_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         PRIMARY KEY (game_id, attempt),
         UNIQUE KEY game_guess (game_id, guess),
         CONSTRAINT attempts_game FOREIGN KEY (game_id) REFERENCES games (id),
         CONSTRAINT attempts_number CHECK (attempt BETWEEN 1 AND 20)
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin""",
    # Positions of the answer shown by letter hints.
    "revealed_letters": """CREATE TABLE IF NOT EXISTS revealed_letters (
         game_id INT UNSIGNED NOT NULL,
         position TINYINT UNSIGNED NOT NULL,
         revealed_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         PRIMARY KEY (game_id, position),
         CONSTRAINT revealed_game FOREIGN KEY (game_id) REFERENCES games (id)
       ) ENGINE=InnoDB""",
}

OBJECTS = [
    "_wordle_player",
    "_wordle_game",
    "_wordle_lookup",
    "wordle_hard_mode_violation",
    "wordle_play",
    "wordle_game",
    "wordle_board",
    "wordle_keyboard",
    "wordle_reveal_letter",
    "wordle_share",
    "wordle_stats",
    "wordle_stats_distribution",
]


def upgrade() -> None:
    for ddl in TABLES.values():
        run(ddl)
    objects_up(OBJECTS, revision)


def downgrade() -> None:
    objects_down(OBJECTS, revision)
    for name in reversed(TABLES):
        run(f"DROP TABLE IF EXISTS {name}")
