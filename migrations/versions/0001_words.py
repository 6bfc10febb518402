"""Foundation: settings, words, the pool of unpublished answers, puzzles, the owner account.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

from wordle_db.migration import grant_owner, objects_down, objects_up, revoke_owner, run

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

OBJECTS = [
    "wordle_setting",
    "wordle_today",
    "wordle_puzzle_number",
    "wordle_settings",
    "wordle_set_setting",
    "wordle_import_begin",
    "wordle_import_words",
    "wordle_status",
]

TABLES = {
    # Installation settings; change them with wordle_set_setting (`wordle-db config`).
    "settings": """CREATE TABLE IF NOT EXISTS settings (
         name VARCHAR(64) CHARACTER SET ascii NOT NULL PRIMARY KEY,
         value VARCHAR(255) NOT NULL,
         description VARCHAR(255) NOT NULL
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci""",
    # Every accepted word, normalised (NFC, lowercase) and compared as code points.
    "words": """CREATE TABLE IF NOT EXISTS words (
         id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
         word VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
         is_answer BOOLEAN NOT NULL DEFAULT FALSE,
         UNIQUE KEY word (word),
         KEY is_answer (is_answer)
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin""",
    # The numbers 1..32, one per letter position of the longest word (see POSITIONS).
    "positions": """CREATE TABLE IF NOT EXISTS positions (
         n TINYINT UNSIGNED NOT NULL PRIMARY KEY
       ) ENGINE=InnoDB""",
    # The alphabet: every letter of every word, for the keyboard.
    "letters": """CREATE TABLE IF NOT EXISTS letters (
         letter VARCHAR(1) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL PRIMARY KEY
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin""",
    # Answer words never published, in dense slots 1..n: publishing picks a random slot and
    # moves the last slot's word into it, so a pick costs the same at 2 thousand or 1 million.
    "answer_pool": """CREATE TABLE IF NOT EXISTS answer_pool (
         slot INT UNSIGNED NOT NULL PRIMARY KEY,
         word_id INT UNSIGNED NOT NULL,
         UNIQUE KEY word_id (word_id),
         CONSTRAINT answer_pool_word FOREIGN KEY (word_id) REFERENCES words (id)
       ) ENGINE=InnoDB""",
    # One word per day and no word on two days: the primary key and the unique key say so.
    "puzzles": """CREATE TABLE IF NOT EXISTS puzzles (
         day DATE NOT NULL PRIMARY KEY,
         word_id INT UNSIGNED NOT NULL,
         picked ENUM('random', 'editor') NOT NULL,
         published_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         UNIQUE KEY word_id (word_id),
         CONSTRAINT puzzles_word FOREIGN KEY (word_id) REFERENCES words (id)
       ) ENGINE=InnoDB""",
}

POSITIONS = "INSERT IGNORE INTO positions (n) VALUES " + ", ".join(f"({n})" for n in range(1, 33))

SETTINGS = """
INSERT IGNORE INTO settings (name, value, description) VALUES
  ('time_zone', 'UTC', 'the zone whose calendar day is "today" (UTC, +05:30, or a named zone)'),
  ('first_day', '', 'the day of puzzle number 1 (empty: the first published day)'),
  ('max_tries', '6', 'guesses allowed per game (1 to 20)'),
  ('letter_hints', '2', 'letters a player may have revealed per game (0 to 10)'),
  ('player_names', 'account', 'account: a wordle_player account plays as its own user name '
                              'only; any: as any name (a front end playing for its users)')
"""


def upgrade() -> None:
    grant_owner()
    for ddl in TABLES.values():
        run(ddl)
    run(POSITIONS)
    run(SETTINGS)
    objects_up(OBJECTS, revision)


def downgrade() -> None:
    objects_down(OBJECTS, revision)
    for name in reversed(TABLES):
        run(f"DROP TABLE IF EXISTS {name}")
    revoke_owner()
