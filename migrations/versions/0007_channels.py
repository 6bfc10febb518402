"""Channels: several daily puzzles side by side, each with its own length, tries and language.

A channel (table channels) has its words (channel_words: a word shared by two channels is
stored once in words), its pool of unpublished answers, its puzzles and numbering, its games
and statistics, and the settings that shape a game (max_tries, letter_hints, time_zone,
first_day). Today's data becomes channel 1, `en`, unchanged; setting default_channel names the
channel of every call that gives none. Each public routine gets a channel-aware twin named
..._on(channel, ...); the old names call it for the default channel.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

from wordle_db.migration import grant, objects_down, objects_up, revoke, run

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

CHANNELS = """CREATE TABLE IF NOT EXISTS channels (
     id SMALLINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
     name VARCHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
     language VARCHAR(16) CHARACTER SET ascii NOT NULL,
     letters TINYINT UNSIGNED NOT NULL,
     max_tries TINYINT UNSIGNED NOT NULL,
     letter_hints TINYINT UNSIGNED NOT NULL,
     accents ENUM('keep', 'fold') NOT NULL,
     time_zone VARCHAR(64) CHARACTER SET utf8mb4 NOT NULL,
     first_day DATE NOT NULL,
     created_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
     UNIQUE KEY name (name),
     CONSTRAINT channels_name CHECK (name REGEXP '^[a-z0-9_-]{1,16}$'),
     CONSTRAINT channels_language CHECK (language REGEXP '^(?-i)[a-z]{2,3}(-[a-z0-9]{2,8})?$'),
     CONSTRAINT channels_letters CHECK (letters BETWEEN 2 AND 32),
     CONSTRAINT channels_max_tries CHECK (max_tries BETWEEN 1 AND 20),
     CONSTRAINT channels_letter_hints CHECK (letter_hints <= 10)
   ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"""

# Which words a channel accepts as guesses, and which of them are its answer words.
CHANNEL_WORDS = """CREATE TABLE IF NOT EXISTS channel_words (
     channel_id SMALLINT UNSIGNED NOT NULL,
     word_id INT UNSIGNED NOT NULL,
     is_answer BOOLEAN NOT NULL DEFAULT FALSE,
     PRIMARY KEY (channel_id, word_id),
     KEY word_id (word_id),
     CONSTRAINT channel_words_channel FOREIGN KEY (channel_id) REFERENCES channels (id),
     CONSTRAINT channel_words_word FOREIGN KEY (word_id) REFERENCES words (id)
   ) ENGINE=InnoDB"""

# Accent folding (channels with accents = 'fold'): é is played as e, œ as oe, ß as ss.
LETTER_FOLDS = """CREATE TABLE IF NOT EXISTS letter_folds (
     letter VARCHAR(1) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL PRIMARY KEY,
     folded VARCHAR(2) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL
   ) ENGINE=InnoDB"""
FOLDS = {
    "a": "àáâãäåā",
    "c": "çćč",
    "e": "èéêëēę",
    "i": "ìíîïī",
    "n": "ñń",
    "o": "òóôõöøō",
    "u": "ùúûüū",
    "y": "ýÿ",
    "s": "śš",
    "z": "źżž",
    "l": "ł",
    "ae": "æ",
    "oe": "œ",
    "ss": "ß",
}
FOLD_ROWS = ", ".join(
    f"('{letter}', '{base}')" for base, letters in FOLDS.items() for letter in letters
)

DEFAULT_CHANNEL = """
INSERT INTO channels (id, name, language, letters, max_tries, letter_hints, accents, time_zone,
                      first_day)
SELECT 1, 'en', 'en',
       COALESCE((SELECT CHAR_LENGTH(word) FROM words WHERE is_answer
                 GROUP BY CHAR_LENGTH(word) ORDER BY COUNT(*) DESC, CHAR_LENGTH(word) LIMIT 1), 5),
       (SELECT value FROM settings WHERE name = 'max_tries'),
       (SELECT value FROM settings WHERE name = 'letter_hints'),
       'keep',
       (SELECT value FROM settings WHERE name = 'time_zone'),
       -- number 1: as set, else the first published day, else today (then fixed)
       COALESCE(NULLIF((SELECT value FROM settings WHERE name = 'first_day'), ''),
                (SELECT MIN(day) FROM puzzles),
                _wordle_date_in((SELECT value FROM settings WHERE name = 'time_zone')))
"""
SETTINGS_UP = [
    "DELETE FROM settings WHERE name IN ('time_zone', 'first_day', 'max_tries', 'letter_hints')",
    """INSERT IGNORE INTO settings (name, value, description) VALUES
       ('default_channel', 'en', 'the channel of every call and command that names none')""",
]
SETTINGS_DOWN = [
    """INSERT INTO settings (name, value, description)
       SELECT 'time_zone', time_zone,
              'the zone whose calendar day is "today" (UTC, +05:30, or a named zone)'
       FROM channels WHERE id = 1
       UNION ALL SELECT 'first_day', IF(EXISTS (SELECT 1 FROM puzzles), first_day, ''),
              'the day of puzzle number 1 (empty: the first published day)'
       FROM channels WHERE id = 1
       UNION ALL SELECT 'max_tries', max_tries, 'guesses allowed per game (1 to 20)'
       FROM channels WHERE id = 1
       UNION ALL SELECT 'letter_hints', letter_hints,
              'letters a player may have revealed per game (0 to 10)' FROM channels WHERE id = 1""",
    "DELETE FROM settings WHERE name = 'default_channel'",
]

# Every row of today becomes a row of channel 1; the keys gain the channel.
TABLES_UP = [
    "INSERT IGNORE INTO channel_words (channel_id, word_id, is_answer) "
    "SELECT 1, id, is_answer FROM words",
    """ALTER TABLE letters ADD COLUMN channel_id SMALLINT UNSIGNED NOT NULL DEFAULT 1 FIRST,
       DROP PRIMARY KEY, ADD PRIMARY KEY (channel_id, letter)""",
    """ALTER TABLE answer_pool ADD COLUMN channel_id SMALLINT UNSIGNED NOT NULL DEFAULT 1 FIRST,
       DROP PRIMARY KEY, ADD PRIMARY KEY (channel_id, slot),
       DROP INDEX word_id, ADD UNIQUE KEY channel_word (channel_id, word_id),
       ADD KEY word_id (word_id),
       ADD CONSTRAINT answer_pool_channel FOREIGN KEY (channel_id) REFERENCES channels (id)""",
    "ALTER TABLE games DROP FOREIGN KEY games_puzzle",
    """ALTER TABLE puzzles ADD COLUMN channel_id SMALLINT UNSIGNED NOT NULL DEFAULT 1 FIRST,
       DROP PRIMARY KEY, ADD PRIMARY KEY (channel_id, day),
       DROP INDEX word_id, ADD UNIQUE KEY channel_word (channel_id, word_id),
       ADD KEY word_id (word_id),
       ADD CONSTRAINT puzzles_channel FOREIGN KEY (channel_id) REFERENCES channels (id)""",
    """ALTER TABLE games ADD COLUMN channel_id SMALLINT UNSIGNED NOT NULL DEFAULT 1 AFTER player_id,
       DROP INDEX player_day, ADD UNIQUE KEY player_channel_day (player_id, channel_id, day),
       DROP INDEX day, ADD KEY channel_day (channel_id, day),
       ADD CONSTRAINT games_puzzle FOREIGN KEY (channel_id, day)
           REFERENCES puzzles (channel_id, day)""",
    # Which words are answers is said per channel now.
    "ALTER TABLE words DROP INDEX is_answer, DROP COLUMN is_answer",
    # The defaults only served the rows of today: a new row names its channel.
    "ALTER TABLE letters ALTER channel_id DROP DEFAULT",
    "ALTER TABLE answer_pool ALTER channel_id DROP DEFAULT",
    "ALTER TABLE puzzles ALTER channel_id DROP DEFAULT",
    "ALTER TABLE games ALTER channel_id DROP DEFAULT",
]
TABLES_DOWN = [
    "ALTER TABLE games DROP FOREIGN KEY games_puzzle",
    """ALTER TABLE games DROP INDEX player_channel_day, ADD UNIQUE KEY player_day (player_id, day),
       DROP INDEX channel_day, ADD KEY day (day), DROP COLUMN channel_id""",
    """ALTER TABLE puzzles DROP FOREIGN KEY puzzles_channel, DROP PRIMARY KEY,
       ADD PRIMARY KEY (day), DROP INDEX channel_word, DROP INDEX word_id,
       ADD UNIQUE KEY word_id (word_id), DROP COLUMN channel_id""",
    "ALTER TABLE games ADD CONSTRAINT games_puzzle FOREIGN KEY (day) REFERENCES puzzles (day)",
    """ALTER TABLE answer_pool DROP FOREIGN KEY answer_pool_channel, DROP PRIMARY KEY,
       ADD PRIMARY KEY (slot), DROP INDEX channel_word, DROP INDEX word_id,
       ADD UNIQUE KEY word_id (word_id), DROP COLUMN channel_id""",
    "ALTER TABLE letters DROP PRIMARY KEY, ADD PRIMARY KEY (letter), DROP COLUMN channel_id",
    """ALTER TABLE words ADD COLUMN is_answer BOOLEAN NOT NULL DEFAULT FALSE AFTER word,
       ADD KEY is_answer (is_answer)""",
    "UPDATE words w JOIN channel_words c ON c.word_id = w.id AND c.channel_id = 1 "
    "SET w.is_answer = c.is_answer",
    # Words of removed channels only would become words of the one game.
    """DELETE w FROM words w
       WHERE NOT EXISTS (SELECT 1 FROM channel_words c WHERE c.word_id = w.id AND c.channel_id = 1)
         AND NOT EXISTS (SELECT 1 FROM solver_answers s WHERE s.word_id = w.id)
         AND NOT EXISTS (SELECT 1 FROM solver_guesses s WHERE s.word_id = w.id)""",
]
NEW = [
    "_wordle_channel",
    "_wordle_fold",
    "_wordle_channel_change",
    "_wordle_channel_rows",
    "_wordle_settings_rows",
    "_wordle_publish_every_channel",
    "_wordle_title",
    "_wordle_publication",
    "wordle_channel_add",
    "wordle_channel_set",
    "wordle_channel_remove",
    "wordle_channels",
    "wordle_today_on",
    "wordle_puzzle_number_on",
    "wordle_next_puzzle_on",
    "wordle_publish_on",
    "wordle_publish_word_on",
    "wordle_check_on",
    "wordle_status_on",
    "wordle_import_words_on",
    "wordle_play_on",
    "wordle_reveal_letter_on",
    "wordle_game_on",
    "wordle_board_on",
    "wordle_keyboard_on",
    "wordle_share_on",
    "wordle_stats_on",
    "wordle_stats_distribution_on",
]
# Changed objects and the revision whose text a downgrade puts back. The old public names now
# call their ..._on twin with the default channel.
CHANGED = {
    "_wordle_publish": "0006",
    "_wordle_puzzle": "0006",
    "_wordle_guess": "0006",
    "_wordle_game": "0006",
    "_wordle_lookup": "0006",
    "_wordle_solver_pairs": "0006",
    "wordle_setting": "0001",
    "_wordle_quote": "0006",
    "wordle_set_setting": "0006",
    "wordle_settings": "0006",
    "wordle_today": "0006",
    "wordle_puzzle_number": "0006",
    "wordle_next_puzzle_in": "0006",
    "wordle_publish": "0006",
    "wordle_publish_word": "0006",
    "wordle_check": "0006",
    "wordle_status": "0006",
    "wordle_import_words": "0001",
    "wordle_play": "0006",
    "wordle_reveal_letter": "0006",
    "wordle_game": "0006",
    "wordle_board": "0006",
    "wordle_keyboard": "0006",
    "wordle_share": "0006",
    "wordle_stats": "0006",
    "wordle_stats_distribution": "0006",
    "past_puzzles": "0006",
    "puzzle_schedule": "0002",
    "my_games": "0006",
    "my_attempts": "0006",
    "past_games": "0006",
    "past_attempts": "0006",
}
OBJECTS = NEW + list(CHANGED)
# The daily event (installed by `wordle-db schedule --event`, not by migrations) calls
# _wordle_publish: where it exists, it is replaced with the text of this revision.
EVENT = "wordle_daily_publish"

EVERYONE = ["wordle_publisher", "wordle_player", "wordle_reader"]
GRANTS = [
    (
        "EXECUTE",
        "FUNCTION",
        ["wordle_today_on", "wordle_puzzle_number_on", "wordle_next_puzzle_on"],
        EVERYONE,
    ),
    ("EXECUTE", "PROCEDURE", ["wordle_channels"], EVERYONE),
    ("EXECUTE", "PROCEDURE", ["wordle_publish_on", "wordle_status_on"], ["wordle_publisher"]),
    ("EXECUTE", "PROCEDURE", ["wordle_status_on"], ["wordle_reader"]),
    (
        "EXECUTE",
        "PROCEDURE",
        [
            "wordle_play_on",
            "wordle_game_on",
            "wordle_board_on",
            "wordle_keyboard_on",
            "wordle_reveal_letter_on",
            "wordle_share_on",
            "wordle_stats_on",
            "wordle_stats_distribution_on",
        ],
        ["wordle_player"],
    ),
]


def _event_exists() -> bool:
    from alembic import op
    from sqlalchemy import text

    return bool(
        op.get_bind()
        .execute(
            text(
                "SELECT COUNT(*) FROM information_schema.EVENTS "
                "WHERE EVENT_SCHEMA = DATABASE() AND EVENT_NAME = :name"
            ),
            {"name": EVENT},
        )
        .scalar()
    )


def upgrade() -> None:
    run(CHANNELS)
    run(CHANNEL_WORDS)
    run(LETTER_FOLDS)
    run(f"INSERT IGNORE INTO letter_folds (letter, folded) VALUES {FOLD_ROWS}")
    run(DEFAULT_CHANNEL)
    for statement in TABLES_UP:
        run(statement)
    for statement in SETTINGS_UP:
        run(statement)
    objects_up(OBJECTS, revision)
    for privilege, kind, names, roles in GRANTS:
        grant(privilege, kind, names, roles)
    if _event_exists():
        objects_up([EVENT], revision)


def downgrade() -> None:
    from alembic import op

    from wordle_db.errors import WordleError

    others = (
        op.get_bind()
        .exec_driver_sql(
            "SELECT GROUP_CONCAT(name ORDER BY name SEPARATOR ', ') FROM channels WHERE id <> 1"
        )
        .scalar()
    )
    if others:
        raise WordleError(
            f"channels other than en hold data the previous revision cannot keep "
            f"({others}): remove them first with `wordle-db channel remove`"
        )
    if _event_exists():
        objects_up([EVENT], "0002")
    for privilege, kind, names, roles in reversed(GRANTS):
        revoke(privilege, kind, names, roles)
    for name, old in reversed(CHANGED.items()):
        objects_up([name], old)
    objects_down(NEW, revision)
    for statement in SETTINGS_DOWN:
        run(statement)
    for statement in TABLES_DOWN:
        run(statement)
    run("DROP TABLE IF EXISTS channel_words")
    run("DROP TABLE IF EXISTS letter_folds")
    run("DROP TABLE IF EXISTS channels")
