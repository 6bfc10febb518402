"""Release 0.1.0 as one revision: what the migrations up to 0036 built.

Made by tools/baseline.py from a database those migrations built (docs/migrations.md): the
tables, the rows the migrations put in them, the routines, views and events (their texts as
of this revision, from sql/ or migrations/replaced/), the roles, the owner and the grants. A
database of an older revision is refused by `wordle-db migrate`: upgrade it with release
0.1.0 first.

Revision ID: 0036
Revises:
"""

from __future__ import annotations

from wordle_db.migration import baseline_down, baseline_up

revision = "0036"
down_revision = None
branch_labels = None
depends_on = None

TABLES = [
    (
        "CREATE TABLE `access_version` (\n  `id` tinyint(3) unsigned NOT NULL,\n  `version` "
        "bigint(20) unsigned NOT NULL,\n  PRIMARY KEY (`id`),\n  CONSTRAINT "
        "`access_version_one_row` CHECK (`id` = 1)\n) ENGINE=InnoDB DEFAULT "
        "CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `channels` (\n  `id` smallint(5) unsigned NOT NULL AUTO_INCREMENT,\n  "
        "`name` varchar(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,\n  "
        "`language` varchar(16) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,\n  "
        "`letters` tinyint(3) unsigned NOT NULL,\n  `max_tries` tinyint(3) unsigned NOT "
        "NULL,\n  `letter_hints` tinyint(3) unsigned NOT NULL,\n  `accents` varchar(40) "
        "CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,\n  `time_zone` "
        "varchar(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL,\n  "
        "`first_day` date NOT NULL,\n  `created_at` timestamp(6) NOT NULL DEFAULT "
        "current_timestamp(6),\n  PRIMARY KEY (`id`),\n  UNIQUE KEY `name` (`name`),\n  "
        "CONSTRAINT `channels_name` CHECK (`name` regexp '^[a-z0-9_-]{1,16}$'),\n  "
        "CONSTRAINT `channels_language` CHECK (`language` regexp "
        "'^(?-i)[a-z]{2,3}(-[a-z0-9]{2,8})?$'),\n  CONSTRAINT `channels_letters` CHECK "
        "(`letters` between 2 and 32),\n  CONSTRAINT `channels_max_tries` CHECK "
        "(`max_tries` between 1 and 20),\n  CONSTRAINT `channels_letter_hints` CHECK "
        "(`letter_hints` <= 10)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 "
        "COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `letter_folds` (\n  `letter` varchar(1) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_nopad_bin NOT NULL,\n  `folded` varchar(2) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_nopad_bin NOT NULL,\n  PRIMARY KEY (`letter`)\n) ENGINE=InnoDB "
        "DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `letters` (\n  `channel_id` smallint(5) unsigned NOT NULL,\n  "
        "`letter` varchar(1) NOT NULL,\n  PRIMARY KEY (`channel_id`,`letter`)\n) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin"
    ),
    (
        "CREATE TABLE `players` (\n  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,\n  "
        "`name` varchar(64) NOT NULL,\n  `account` varchar(128) NOT NULL,\n  `own` "
        "tinyint(1) GENERATED ALWAYS AS (`account` = `name`) STORED,\n  `created_at` "
        "timestamp(6) NOT NULL DEFAULT current_timestamp(6),\n  `session_generation` "
        "int(10) unsigned NOT NULL DEFAULT 0,\n  PRIMARY KEY (`id`),\n  UNIQUE KEY "
        "`name_own` (`name`,`own`),\n  KEY `account` (`account`)\n) ENGINE=InnoDB DEFAULT "
        "CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin"
    ),
    (
        "CREATE TABLE `positions` (\n  `n` tinyint(3) unsigned NOT NULL,\n  PRIMARY KEY "
        "(`n`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `server_accounts` (\n  `user` varchar(128) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_nopad_bin NOT NULL,\n  `host` varchar(255) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_nopad_bin NOT NULL,\n  `admin` tinyint(1) NOT NULL,\n  `role` "
        "enum('player','reader','publisher') CHARACTER SET ascii COLLATE ascii_general_ci "
        "DEFAULT NULL,\n  `seen_at` timestamp(6) NOT NULL,\n  PRIMARY KEY (`user`,`host`)\n) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `settings` (\n  `name` varchar(64) CHARACTER SET ascii COLLATE "
        "ascii_general_ci NOT NULL,\n  `value` varchar(255) NOT NULL,\n  `description` "
        "varchar(255) NOT NULL,\n  PRIMARY KEY (`name`)\n) ENGINE=InnoDB DEFAULT "
        "CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_work` (\n  `work` binary(16) NOT NULL,\n  `started_at` "
        "timestamp(6) NOT NULL DEFAULT current_timestamp(6),\n  PRIMARY KEY (`work`),\n  "
        "KEY `started_at` (`started_at`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 "
        "COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_work_candidates` (\n  `work` binary(16) NOT NULL,\n  "
        "`word_id` int(10) unsigned NOT NULL,\n  `answer_no` smallint(5) unsigned DEFAULT "
        "NULL,\n  PRIMARY KEY (`work`,`word_id`),\n  KEY `answer_no` (`work`,`answer_no`)\n) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_work_considered` (\n  `work` binary(16) NOT NULL,\n  "
        "`guess_no` mediumint(8) unsigned NOT NULL,\n  PRIMARY KEY (`work`,`guess_no`)\n) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_work_look` (\n  `channel_id` smallint(5) unsigned NOT NULL,\n "
        " `work` binary(16) NOT NULL,\n  `guess_no` mediumint(8) unsigned NOT NULL,\n  "
        "`code` smallint(5) unsigned NOT NULL,\n  `best` double NOT NULL,\n  `worst` "
        "int(10) unsigned NOT NULL DEFAULT 0,\n  PRIMARY KEY "
        "(`channel_id`,`work`,`guess_no`,`code`),\n  KEY `work` (`work`)\n) ENGINE=InnoDB "
        "DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_work_pairs` (\n  `work` binary(16) NOT NULL,\n  `n` int(10) "
        "unsigned NOT NULL,\n  `guess` varchar(32) CHARACTER SET utf8mb4 COLLATE "
        "utf8mb4_nopad_bin NOT NULL,\n  `hint` varchar(32) CHARACTER SET utf8mb4 COLLATE "
        "utf8mb4_nopad_bin NOT NULL,\n  `pattern` varchar(32) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_nopad_bin DEFAULT NULL,\n  `revealed` varchar(32) CHARACTER SET "
        "utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT NULL,\n  PRIMARY KEY (`work`,`n`)\n) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_work_parts` (\n  `channel_id` smallint(5) unsigned NOT "
        "NULL,\n  `work` binary(16) NOT NULL,\n  `guess_no` mediumint(8) unsigned NOT "
        "NULL,\n  `answer_no` smallint(5) unsigned NOT NULL,\n  `code` smallint(5) unsigned "
        "NOT NULL,\n  `size` int(10) unsigned NOT NULL,\n  PRIMARY KEY "
        "(`channel_id`,`work`,`guess_no`,`answer_no`),\n  KEY `part` "
        "(`channel_id`,`work`,`guess_no`,`code`),\n  KEY `work` (`work`)\n) ENGINE=InnoDB "
        "DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_work_ranking` (\n  `work` binary(16) NOT NULL,\n  `position` "
        "int(10) unsigned NOT NULL,\n  `guess_no` mediumint(8) unsigned NOT NULL,\n  "
        "`expected_left` double NOT NULL,\n  `entropy` double NOT NULL,\n  `is_candidate` "
        "tinyint(1) NOT NULL,\n  PRIMARY KEY (`work`,`position`)\n) ENGINE=InnoDB DEFAULT "
        "CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_work_scores` (\n  `channel_id` smallint(5) unsigned NOT "
        "NULL,\n  `work` binary(16) NOT NULL,\n  `guess_no` mediumint(8) unsigned NOT "
        "NULL,\n  `position` int(10) unsigned NOT NULL,\n  `score` double NOT NULL,\n  "
        "PRIMARY KEY (`channel_id`,`work`,`guess_no`),\n  KEY `work` (`work`)\n) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_work_words` (\n  `channel_id` smallint(5) unsigned NOT "
        "NULL,\n  `work` binary(16) NOT NULL,\n  `word_id` int(10) unsigned NOT NULL,\n  "
        "`is_answer` tinyint(1) NOT NULL,\n  PRIMARY KEY (`channel_id`,`work`,`word_id`),\n "
        " KEY `work` (`work`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 "
        "COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `words` (\n  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,\n  `word` "
        "varchar(32) NOT NULL,\n  PRIMARY KEY (`id`),\n  UNIQUE KEY `word` (`word`)\n) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin"
    ),
    (
        "CREATE TABLE `answer_pool` (\n  `channel_id` smallint(5) unsigned NOT NULL,\n  "
        "`slot` int(10) unsigned NOT NULL,\n  `word_id` int(10) unsigned NOT NULL,\n  "
        "PRIMARY KEY (`channel_id`,`slot`),\n  UNIQUE KEY `channel_word` "
        "(`channel_id`,`word_id`),\n  KEY `word_id` (`word_id`),\n  CONSTRAINT "
        "`answer_pool_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`),\n  "
        "CONSTRAINT `answer_pool_word` FOREIGN KEY (`word_id`) REFERENCES `words` "
        "(`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `channel_words` (\n  `channel_id` smallint(5) unsigned NOT NULL,\n  "
        "`word_id` int(10) unsigned NOT NULL,\n  `is_answer` tinyint(1) NOT NULL DEFAULT "
        "0,\n  PRIMARY KEY (`channel_id`,`word_id`),\n  KEY `word_id` (`word_id`),\n  "
        "CONSTRAINT `channel_words_channel` FOREIGN KEY (`channel_id`) REFERENCES "
        "`channels` (`id`),\n  CONSTRAINT `channel_words_word` FOREIGN KEY (`word_id`) "
        "REFERENCES `words` (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 "
        "COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `leagues` (\n  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,\n  "
        "`name` varchar(40) NOT NULL,\n  `creator_id` int(10) unsigned NOT NULL,\n  "
        "`code_hash` binary(32) NOT NULL,\n  `created_at` timestamp(6) NOT NULL DEFAULT "
        "current_timestamp(6),\n  PRIMARY KEY (`id`),\n  UNIQUE KEY `code_hash` "
        "(`code_hash`),\n  KEY `creator` (`creator_id`,`name`),\n  CONSTRAINT "
        "`leagues_creator` FOREIGN KEY (`creator_id`) REFERENCES `players` (`id`)\n) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `passkey_challenges` (\n  `challenge_hash` binary(32) NOT NULL,\n  "
        "`purpose` enum('register','sign in') CHARACTER SET ascii COLLATE "
        "ascii_general_ci NOT NULL,\n  `player_id` int(10) unsigned DEFAULT NULL,\n  "
        "`expires_at` datetime(6) NOT NULL,\n  PRIMARY KEY (`challenge_hash`),\n  KEY "
        "`expires` (`expires_at`),\n  KEY `passkey_challenges_player` (`player_id`),\n  "
        "CONSTRAINT `passkey_challenges_player` FOREIGN KEY (`player_id`) REFERENCES "
        "`players` (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 "
        "COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `passkeys` (\n  `credential_id` varbinary(1023) NOT NULL,\n  "
        "`player_id` int(10) unsigned NOT NULL,\n  `public_key` varbinary(1024) NOT NULL,\n "
        " `sign_count` int(10) unsigned NOT NULL DEFAULT 0,\n  `label` varchar(40) NOT "
        "NULL,\n  `created_at` datetime(6) NOT NULL,\n  `last_used_at` datetime(6) DEFAULT "
        "NULL,\n  PRIMARY KEY (`credential_id`),\n  KEY `player` (`player_id`),\n  "
        "CONSTRAINT `passkeys_player` FOREIGN KEY (`player_id`) REFERENCES `players` "
        "(`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `player_access` (\n  `account` varchar(384) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_nopad_bin NOT NULL,\n  `name` varchar(64) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_nopad_bin NOT NULL,\n  `version` bigint(20) unsigned NOT NULL,\n  "
        "`player_id` int(10) unsigned NOT NULL,\n  PRIMARY KEY "
        "(`account`,`name`,`version`),\n  KEY `player_access_player` (`player_id`),\n  KEY "
        "`player_access_version` (`version`),\n  CONSTRAINT `player_access_player` FOREIGN "
        "KEY (`player_id`) REFERENCES `players` (`id`)\n) ENGINE=InnoDB DEFAULT "
        "CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `puzzles` (\n  `channel_id` smallint(5) unsigned NOT NULL,\n  `day` "
        "date NOT NULL,\n  `word_id` int(10) unsigned NOT NULL,\n  `picked` "
        "enum('random','editor') NOT NULL,\n  `published_at` timestamp(6) NOT NULL DEFAULT "
        "current_timestamp(6),\n  PRIMARY KEY (`channel_id`,`day`),\n  UNIQUE KEY "
        "`channel_word` (`channel_id`,`word_id`),\n  KEY `word_id` (`word_id`),\n  "
        "CONSTRAINT `puzzles_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` "
        "(`id`),\n  CONSTRAINT `puzzles_word` FOREIGN KEY (`word_id`) REFERENCES `words` "
        "(`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_answers` (\n  `channel_id` smallint(5) unsigned NOT NULL,\n  "
        "`answer_no` smallint(5) unsigned NOT NULL,\n  `word_id` int(10) unsigned NOT "
        "NULL,\n  PRIMARY KEY (`channel_id`,`answer_no`),\n  UNIQUE KEY `word_id` "
        "(`channel_id`,`word_id`),\n  KEY `solver_answers_word` (`word_id`),\n  CONSTRAINT "
        "`solver_answers_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`) "
        "ON DELETE CASCADE,\n  CONSTRAINT `solver_answers_word` FOREIGN KEY (`word_id`) "
        "REFERENCES `words` (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 "
        "COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_codes` (\n  `channel_id` smallint(5) unsigned NOT NULL,\n  "
        "`guess_no` mediumint(8) unsigned NOT NULL,\n  `codes` mediumblob NOT NULL,\n  "
        "PRIMARY KEY (`channel_id`,`guess_no`),\n  CONSTRAINT `solver_codes_channel` "
        "FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`) ON DELETE CASCADE\n) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_guesses` (\n  `channel_id` smallint(5) unsigned NOT NULL,\n  "
        "`guess_no` mediumint(8) unsigned NOT NULL,\n  `word_id` int(10) unsigned NOT "
        "NULL,\n  `done` tinyint(1) NOT NULL DEFAULT 0,\n  `opening_rank` mediumint(8) "
        "unsigned DEFAULT NULL,\n  `opening_expected` double DEFAULT NULL,\n  "
        "`opening_entropy` double DEFAULT NULL,\n  `opening_candidate` tinyint(1) DEFAULT "
        "NULL,\n  `opening_parts` int(10) unsigned DEFAULT NULL,\n  `hard_rank` "
        "mediumint(8) unsigned DEFAULT NULL,\n  PRIMARY KEY (`channel_id`,`guess_no`),\n  "
        "UNIQUE KEY `word_id` (`channel_id`,`word_id`),\n  KEY `done` "
        "(`channel_id`,`done`),\n  KEY `opening_rank` (`channel_id`,`opening_rank`),\n  KEY "
        "`hard_rank` (`channel_id`,`hard_rank`),\n  KEY `solver_guesses_word` "
        "(`word_id`),\n  CONSTRAINT `solver_guesses_channel` FOREIGN KEY (`channel_id`) "
        "REFERENCES `channels` (`id`) ON DELETE CASCADE,\n  CONSTRAINT "
        "`solver_guesses_word` FOREIGN KEY (`word_id`) REFERENCES `words` (`id`)\n) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_letters` (\n  `channel_id` smallint(5) unsigned NOT NULL,\n  "
        "`answers` tinyint(1) NOT NULL,\n  `no` mediumint(8) unsigned NOT NULL,\n  `l1` "
        "int(10) unsigned NOT NULL,\n  `l2` int(10) unsigned NOT NULL,\n  `l3` int(10) "
        "unsigned NOT NULL,\n  `l4` int(10) unsigned NOT NULL,\n  `l5` int(10) unsigned NOT "
        "NULL,\n  `l6` int(10) unsigned NOT NULL,\n  `l7` int(10) unsigned NOT NULL,\n  `l8` "
        "int(10) unsigned NOT NULL,\n  `l9` int(10) unsigned NOT NULL,\n  `l10` int(10) "
        "unsigned NOT NULL,\n  `r1` tinyint(1) NOT NULL,\n  `r2` tinyint(1) NOT NULL,\n  "
        "`r3` tinyint(1) NOT NULL,\n  `r4` tinyint(1) NOT NULL,\n  `r5` tinyint(1) NOT "
        "NULL,\n  `r6` tinyint(1) NOT NULL,\n  `r7` tinyint(1) NOT NULL,\n  `r8` tinyint(1) "
        "NOT NULL,\n  `r9` tinyint(1) NOT NULL,\n  `r10` tinyint(1) NOT NULL,\n  PRIMARY KEY "
        "(`channel_id`,`answers`,`no`),\n  CONSTRAINT `solver_letters_channel` FOREIGN KEY "
        "(`channel_id`) REFERENCES `channels` (`id`) ON DELETE CASCADE\n) ENGINE=InnoDB "
        "DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_runs` (\n  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,\n  "
        "`channel_id` smallint(5) unsigned NOT NULL,\n  `hard` tinyint(1) NOT NULL,\n  "
        "`opener_no` mediumint(8) unsigned NOT NULL,\n  `started_at` timestamp(6) NOT NULL "
        "DEFAULT current_timestamp(6),\n  `finished_at` timestamp(6) NULL DEFAULT NULL,\n  "
        "PRIMARY KEY (`id`),\n  KEY `channel` (`channel_id`,`id`),\n  CONSTRAINT "
        "`solver_runs_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`) ON "
        "DELETE CASCADE\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 "
        "COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_state` (\n  `channel_id` smallint(5) unsigned NOT NULL,\n  "
        "`letters` tinyint(3) unsigned NOT NULL,\n  `answers` int(10) unsigned NOT NULL,\n  "
        "`guesses` int(10) unsigned NOT NULL,\n  `prepared_at` timestamp(6) NOT NULL "
        "DEFAULT current_timestamp(6),\n  `built_at` timestamp(6) NULL DEFAULT NULL,\n  "
        "PRIMARY KEY (`channel_id`),\n  CONSTRAINT `solver_state_channel` FOREIGN KEY "
        "(`channel_id`) REFERENCES `channels` (`id`) ON DELETE CASCADE\n) ENGINE=InnoDB "
        "DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `transfer_codes` (\n  `code_hash` binary(32) NOT NULL,\n  `player_id` "
        "int(10) unsigned NOT NULL,\n  `expires_at` datetime(6) NOT NULL,\n  PRIMARY KEY "
        "(`code_hash`),\n  KEY `player` (`player_id`),\n  KEY `expires` (`expires_at`),\n  "
        "CONSTRAINT `transfer_codes_player` FOREIGN KEY (`player_id`) REFERENCES "
        "`players` (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 "
        "COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `games` (\n  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,\n  "
        "`player_id` int(10) unsigned NOT NULL,\n  `channel_id` smallint(5) unsigned NOT "
        "NULL,\n  `day` date NOT NULL,\n  `hard` tinyint(1) NOT NULL DEFAULT 0,\n  `state` "
        "enum('playing','won','lost') NOT NULL DEFAULT 'playing',\n  `attempts` tinyint(3) "
        "unsigned NOT NULL DEFAULT 0,\n  `max_tries` tinyint(3) unsigned NOT NULL,\n  "
        "`revealed` tinyint(3) unsigned NOT NULL DEFAULT 0,\n  `archive` tinyint(1) NOT "
        "NULL DEFAULT 0,\n  `started_at` timestamp(6) NOT NULL DEFAULT "
        "current_timestamp(6),\n  `finished_at` timestamp(6) NULL DEFAULT NULL,\n  PRIMARY "
        "KEY (`id`),\n  UNIQUE KEY `player_channel_day` (`player_id`,`channel_id`,`day`),\n "
        " KEY `channel_day` (`channel_id`,`day`),\n  KEY `finished` "
        "(`player_id`,`channel_id`,`day`,`state`),\n  CONSTRAINT `games_player` FOREIGN "
        "KEY (`player_id`) REFERENCES `players` (`id`),\n  CONSTRAINT `games_puzzle` "
        "FOREIGN KEY (`channel_id`, `day`) REFERENCES `puzzles` (`channel_id`, `day`),\n  "
        "CONSTRAINT `games_attempts` CHECK (`attempts` <= `max_tries`)\n) ENGINE=InnoDB "
        "DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `league_members` (\n  `league_id` int(10) unsigned NOT NULL,\n  "
        "`player_id` int(10) unsigned NOT NULL,\n  `league_name` varchar(40) NOT NULL,\n  "
        "`nickname` varchar(24) NOT NULL,\n  `joined_at` timestamp(6) NOT NULL DEFAULT "
        "current_timestamp(6),\n  PRIMARY KEY (`league_id`,`player_id`),\n  UNIQUE KEY "
        "`league_nickname` (`league_id`,`nickname`),\n  UNIQUE KEY `player_league_name` "
        "(`player_id`,`league_name`),\n  CONSTRAINT `league_members_league` FOREIGN KEY "
        "(`league_id`) REFERENCES `leagues` (`id`) ON DELETE CASCADE,\n  CONSTRAINT "
        "`league_members_player` FOREIGN KEY (`player_id`) REFERENCES `players` (`id`)\n) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_node_answers` (\n  `channel_id` smallint(5) unsigned NOT "
        "NULL,\n  `run_id` int(10) unsigned NOT NULL,\n  `node` int(10) unsigned NOT NULL,\n "
        " `answer_no` smallint(5) unsigned NOT NULL,\n  PRIMARY KEY "
        "(`run_id`,`node`,`answer_no`),\n  KEY `channel` (`channel_id`),\n  CONSTRAINT "
        "`solver_node_answers_run` FOREIGN KEY (`run_id`) REFERENCES `solver_runs` (`id`) "
        "ON DELETE CASCADE\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 "
        "COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_nodes` (\n  `channel_id` smallint(5) unsigned NOT NULL,\n  "
        "`run_id` int(10) unsigned NOT NULL,\n  `node` int(10) unsigned NOT NULL,\n  "
        "`parent` int(10) unsigned DEFAULT NULL,\n  `depth` tinyint(3) unsigned NOT NULL,\n "
        " `code` smallint(5) unsigned DEFAULT NULL,\n  `guess_no` mediumint(8) unsigned "
        "DEFAULT NULL,\n  `size` int(10) unsigned NOT NULL,\n  `history` varchar(1000) "
        "CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,\n  `expanded` "
        "tinyint(1) NOT NULL DEFAULT 0,\n  PRIMARY KEY (`run_id`,`node`),\n  KEY `pending` "
        "(`run_id`,`expanded`,`node`),\n  KEY `parent` (`run_id`,`parent`),\n  KEY "
        "`channel` (`channel_id`),\n  CONSTRAINT `solver_nodes_run` FOREIGN KEY (`run_id`) "
        "REFERENCES `solver_runs` (`id`) ON DELETE CASCADE\n) ENGINE=InnoDB DEFAULT "
        "CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `solver_results` (\n  `channel_id` smallint(5) unsigned NOT NULL,\n  "
        "`run_id` int(10) unsigned NOT NULL,\n  `answer_no` smallint(5) unsigned NOT "
        "NULL,\n  `guesses` tinyint(3) unsigned NOT NULL,\n  PRIMARY KEY "
        "(`run_id`,`answer_no`),\n  KEY `channel` (`channel_id`),\n  CONSTRAINT "
        "`solver_results_run` FOREIGN KEY (`run_id`) REFERENCES `solver_runs` (`id`) ON "
        "DELETE CASCADE\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 "
        "COLLATE=utf8mb4_unicode_ci"
    ),
    (
        "CREATE TABLE `attempts` (\n  `game_id` int(10) unsigned NOT NULL,\n  `attempt` "
        "tinyint(3) unsigned NOT NULL,\n  `guess` varchar(32) NOT NULL,\n  `hint` "
        "varchar(32) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,\n  `played_at` "
        "timestamp(6) NOT NULL DEFAULT current_timestamp(6),\n  PRIMARY KEY "
        "(`game_id`,`attempt`),\n  UNIQUE KEY `game_guess` (`game_id`,`guess`),\n  "
        "CONSTRAINT `attempts_game` FOREIGN KEY (`game_id`) REFERENCES `games` (`id`),\n  "
        "CONSTRAINT `attempts_number` CHECK (`attempt` between 1 and 20)\n) ENGINE=InnoDB "
        "DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin"
    ),
    (
        "CREATE TABLE `revealed_letters` (\n  `game_id` int(10) unsigned NOT NULL,\n  "
        "`position` tinyint(3) unsigned NOT NULL,\n  `revealed_at` timestamp(6) NOT NULL "
        "DEFAULT current_timestamp(6),\n  PRIMARY KEY (`game_id`,`position`),\n  CONSTRAINT "
        "`revealed_game` FOREIGN KEY (`game_id`) REFERENCES `games` (`id`)\n) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
    ),
]
ROWS = [
    "INSERT INTO `access_version` (`id`, `version`) VALUES ('1', '19')",
    (
        "INSERT INTO `channels` (`id`, `name`, `language`, `letters`, `max_tries`, "
        "`letter_hints`, `accents`, `time_zone`, `first_day`, `created_at`) VALUES ('1', "
        "'en', 'en', '5', '6', '2', 'keep', 'UTC', UTC_DATE(), SYSDATE(6))"
    ),
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ß', 'ss')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('à', 'a')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('á', 'a')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('â', 'a')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ã', 'a')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ä', 'a')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('å', 'a')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('æ', 'ae')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ç', 'c')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('è', 'e')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('é', 'e')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ê', 'e')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ë', 'e')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ì', 'i')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('í', 'i')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('î', 'i')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ï', 'i')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ñ', 'n')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ò', 'o')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ó', 'o')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ô', 'o')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('õ', 'o')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ö', 'o')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ø', 'o')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ù', 'u')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ú', 'u')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('û', 'u')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ü', 'u')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ý', 'y')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ÿ', 'y')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ā', 'a')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ć', 'c')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('č', 'c')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ē', 'e')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ę', 'e')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ī', 'i')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ł', 'l')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ń', 'n')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ō', 'o')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('œ', 'oe')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ś', 's')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('š', 's')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ū', 'u')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ź', 'z')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ż', 'z')",
    "INSERT INTO `letter_folds` (`letter`, `folded`) VALUES ('ž', 'z')",
    "INSERT INTO `positions` (`n`) VALUES ('1')",
    "INSERT INTO `positions` (`n`) VALUES ('10')",
    "INSERT INTO `positions` (`n`) VALUES ('11')",
    "INSERT INTO `positions` (`n`) VALUES ('12')",
    "INSERT INTO `positions` (`n`) VALUES ('13')",
    "INSERT INTO `positions` (`n`) VALUES ('14')",
    "INSERT INTO `positions` (`n`) VALUES ('15')",
    "INSERT INTO `positions` (`n`) VALUES ('16')",
    "INSERT INTO `positions` (`n`) VALUES ('17')",
    "INSERT INTO `positions` (`n`) VALUES ('18')",
    "INSERT INTO `positions` (`n`) VALUES ('19')",
    "INSERT INTO `positions` (`n`) VALUES ('2')",
    "INSERT INTO `positions` (`n`) VALUES ('20')",
    "INSERT INTO `positions` (`n`) VALUES ('21')",
    "INSERT INTO `positions` (`n`) VALUES ('22')",
    "INSERT INTO `positions` (`n`) VALUES ('23')",
    "INSERT INTO `positions` (`n`) VALUES ('24')",
    "INSERT INTO `positions` (`n`) VALUES ('25')",
    "INSERT INTO `positions` (`n`) VALUES ('26')",
    "INSERT INTO `positions` (`n`) VALUES ('27')",
    "INSERT INTO `positions` (`n`) VALUES ('28')",
    "INSERT INTO `positions` (`n`) VALUES ('29')",
    "INSERT INTO `positions` (`n`) VALUES ('3')",
    "INSERT INTO `positions` (`n`) VALUES ('30')",
    "INSERT INTO `positions` (`n`) VALUES ('31')",
    "INSERT INTO `positions` (`n`) VALUES ('32')",
    "INSERT INTO `positions` (`n`) VALUES ('4')",
    "INSERT INTO `positions` (`n`) VALUES ('5')",
    "INSERT INTO `positions` (`n`) VALUES ('6')",
    "INSERT INTO `positions` (`n`) VALUES ('7')",
    "INSERT INTO `positions` (`n`) VALUES ('8')",
    "INSERT INTO `positions` (`n`) VALUES ('9')",
    (
        "INSERT INTO `settings` (`name`, `value`, `description`) VALUES "
        "('default_channel', 'en', 'the channel of every call and command that names "
        "none')"
    ),
    (
        "INSERT INTO `settings` (`name`, `value`, `description`) VALUES ('player_names', "
        "'account', 'account: a wordle_player account plays as its own user name only; "
        "created: also as the players it created (a front end playing for its users); "
        "any: as any name')"
    ),
    (
        "INSERT INTO `settings` (`name`, `value`, `description`) VALUES ('publish_ahead', "
        "'366', 'days ahead of today the publisher role may publish (0 to 3660); "
        "administrators may also publish past days')"
    ),
]
OBJECTS = [
    "wordle_hard_mode_violation",
    "wordle_hint",
    "wordle_next_puzzle_in",
    "wordle_next_puzzle_on",
    "wordle_puzzle_number",
    "wordle_puzzle_number_on",
    "wordle_setting",
    "wordle_today",
    "wordle_today_on",
    "_wordle_date_in",
    "_wordle_fold_by",
    "_wordle_league_text",
    "_wordle_limit",
    "_wordle_login",
    "_wordle_one_alphabet",
    "_wordle_quote",
    "_wordle_random",
    "_wordle_title",
    "_wordle_utc_now",
    "_wordle_view_check",
    "wordle_analysis_on",
    "wordle_board",
    "wordle_board_on",
    "wordle_candidates",
    "wordle_candidates_on",
    "wordle_channel",
    "wordle_channels",
    "wordle_channel_add",
    "wordle_channel_remove",
    "wordle_channel_set",
    "wordle_check",
    "wordle_check_on",
    "wordle_game",
    "wordle_game_on",
    "wordle_guess_on",
    "wordle_hint_rows",
    "wordle_import_begin",
    "wordle_import_words",
    "wordle_import_words_on",
    "wordle_keyboard",
    "wordle_keyboard_on",
    "wordle_leagues",
    "wordle_league_board_on",
    "wordle_league_code",
    "wordle_league_create",
    "wordle_league_join",
    "wordle_league_leave",
    "wordle_league_remove",
    "wordle_league_standings_on",
    "wordle_passkeys",
    "wordle_passkey_add",
    "wordle_passkey_challenge",
    "wordle_passkey_key",
    "wordle_passkey_remove",
    "wordle_passkey_signed_in",
    "wordle_play",
    "wordle_play_on",
    "wordle_publish",
    "wordle_publish_on",
    "wordle_publish_today",
    "wordle_publish_word",
    "wordle_publish_word_on",
    "wordle_reveal_letter",
    "wordle_reveal_letter_on",
    "wordle_session_generation",
    "wordle_settings",
    "wordle_set_setting",
    "wordle_share",
    "wordle_share_on",
    "wordle_sign_out_everywhere",
    "wordle_solver_build",
    "wordle_solver_build_on",
    "wordle_solver_prepare",
    "wordle_solver_prepare_on",
    "wordle_solve_distribution",
    "wordle_solve_report",
    "wordle_solve_start",
    "wordle_solve_start_on",
    "wordle_solve_step",
    "wordle_solve_word",
    "wordle_solve_word_on",
    "wordle_stats",
    "wordle_stats_distribution",
    "wordle_stats_distribution_on",
    "wordle_stats_on",
    "wordle_status",
    "wordle_status_on",
    "wordle_suggest",
    "wordle_suggest_on",
    "wordle_transfer_code",
    "wordle_transfer_redeem",
    "_wordle_access_changed",
    "_wordle_accounts_refresh",
    "_wordle_analysis_best",
    "_wordle_begin",
    "_wordle_caller_role",
    "_wordle_channel",
    "_wordle_channel_change",
    "_wordle_channel_rows",
    "_wordle_check_guess",
    "_wordle_find_puzzle",
    "_wordle_keyboard",
    "_wordle_league",
    "_wordle_league_code",
    "_wordle_league_member",
    "_wordle_league_session",
    "_wordle_lock_player_game",
    "_wordle_lookup",
    "_wordle_look_ahead",
    "_wordle_new_game",
    "_wordle_passkey_challenge_take",
    "_wordle_passkey_player",
    "_wordle_play",
    "_wordle_player",
    "_wordle_publication",
    "_wordle_publish",
    "_wordle_publish_every_channel",
    "_wordle_rank",
    "_wordle_session_bump",
    "_wordle_session_check",
    "_wordle_session_current",
    "_wordle_settings_rows",
    "_wordle_solver_candidates",
    "_wordle_solver_pairs",
    "_wordle_solver_words",
    "_wordle_work_begin",
    "_wordle_work_end",
    "my_attempts",
    "my_games",
    "past_attempts",
    "past_games",
    "past_puzzles",
    "puzzle_schedule",
    "wordle_accounts_refresh",
]
GRANTS = [
    "GRANT ALL PRIVILEGES ON {schema}.* TO `wordle_admin`",
    "GRANT SELECT ON {schema}.`past_puzzles` TO `wordle_publisher`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_channels` TO `wordle_publisher`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_channel` TO `wordle_publisher`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_publish_on` TO `wordle_publisher`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_publish` TO `wordle_publisher`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_status` TO `wordle_publisher`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_status_on` TO `wordle_publisher`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_publish_today` TO `wordle_publisher`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_next_puzzle_on` TO `wordle_publisher`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_next_puzzle_in` TO `wordle_publisher`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_today_on` TO `wordle_publisher`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_puzzle_number` TO `wordle_publisher`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_hint` TO `wordle_publisher`",
    ("GRANT EXECUTE ON FUNCTION {schema}.`wordle_puzzle_number_on` TO `wordle_publisher`"),
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_today` TO `wordle_publisher`",
    "GRANT SELECT ON {schema}.`my_games` TO `wordle_player`",
    "GRANT SELECT ON {schema}.`my_attempts` TO `wordle_player`",
    "GRANT SELECT ON {schema}.`past_puzzles` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_transfer_code` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_game_on` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_channel` TO `wordle_player`",
    ("GRANT EXECUTE ON PROCEDURE {schema}.`wordle_stats_distribution_on` TO `wordle_player`"),
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_channels` TO `wordle_player`",
    ("GRANT EXECUTE ON PROCEDURE {schema}.`wordle_league_standings_on` TO `wordle_player`"),
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_suggest_on` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_guess_on` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_league_board_on` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_candidates` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_stats_on` TO `wordle_player`",
    ("GRANT EXECUTE ON PROCEDURE {schema}.`wordle_sign_out_everywhere` TO `wordle_player`"),
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_suggest` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_reveal_letter_on` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_passkey_remove` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_play` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_league_create` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_solve_word` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_status_on` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_league_remove` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_board_on` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_league_join` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_share` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_solve_word_on` TO `wordle_player`",
    ("GRANT EXECUTE ON PROCEDURE {schema}.`wordle_passkey_challenge` TO `wordle_player`"),
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_game` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_transfer_redeem` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_play_on` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_candidates_on` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_keyboard_on` TO `wordle_player`",
    ("GRANT EXECUTE ON PROCEDURE {schema}.`wordle_session_generation` TO `wordle_player`"),
    ("GRANT EXECUTE ON PROCEDURE {schema}.`wordle_passkey_signed_in` TO `wordle_player`"),
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_board` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_league_leave` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_analysis_on` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_keyboard` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_hint_rows` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_stats` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_passkey_add` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_share_on` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_reveal_letter` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_leagues` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_passkeys` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_league_code` TO `wordle_player`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_passkey_key` TO `wordle_player`",
    ("GRANT EXECUTE ON PROCEDURE {schema}.`wordle_stats_distribution` TO `wordle_player`"),
    ("GRANT EXECUTE ON FUNCTION {schema}.`wordle_hard_mode_violation` TO `wordle_player`"),
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_hint` TO `wordle_player`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_today_on` TO `wordle_player`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_puzzle_number` TO `wordle_player`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_today` TO `wordle_player`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_next_puzzle_in` TO `wordle_player`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_puzzle_number_on` TO `wordle_player`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_next_puzzle_on` TO `wordle_player`",
    "GRANT SELECT ON {schema}.`past_attempts` TO `wordle_reader`",
    "GRANT SELECT ON {schema}.`past_puzzles` TO `wordle_reader`",
    "GRANT SELECT ON {schema}.`past_games` TO `wordle_reader`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_solve_word` TO `wordle_reader`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_suggest` TO `wordle_reader`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_candidates` TO `wordle_reader`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_solve_word_on` TO `wordle_reader`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_status` TO `wordle_reader`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_channel` TO `wordle_reader`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_candidates_on` TO `wordle_reader`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_channels` TO `wordle_reader`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_hint_rows` TO `wordle_reader`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_status_on` TO `wordle_reader`",
    "GRANT EXECUTE ON PROCEDURE {schema}.`wordle_suggest_on` TO `wordle_reader`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_today_on` TO `wordle_reader`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_next_puzzle_on` TO `wordle_reader`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_puzzle_number` TO `wordle_reader`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_today` TO `wordle_reader`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_puzzle_number_on` TO `wordle_reader`",
    ("GRANT EXECUTE ON FUNCTION {schema}.`wordle_hard_mode_violation` TO `wordle_reader`"),
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_hint` TO `wordle_reader`",
    "GRANT EXECUTE ON FUNCTION {schema}.`wordle_next_puzzle_in` TO `wordle_reader`",
    (
        "GRANT SELECT, INSERT, UPDATE, DELETE, CREATE TEMPORARY TABLES, EXECUTE, EVENT ON "
        "{schema}.* TO `wordle_owner`@`localhost`"
    ),
    "GRANT DROP ON {schema}.`solver_codes` TO `wordle_owner`@`localhost`",
]
OWNER_GRANTS = [
    ("GRANT SELECT (`Host`, `User`) ON `mysql`.`global_priv` TO `wordle_owner`@`localhost`"),
    "GRANT SELECT ON `mysql`.`roles_mapping` TO `wordle_owner`@`localhost`",
    (
        "GRANT SELECT (`is_role`, `User`, `Insert_priv`, `Host`) ON `mysql`.`user` TO "
        "`wordle_owner`@`localhost`"
    ),
    (
        "GRANT SELECT (`Host`, `User`, `Insert_priv`, `Db`) ON `mysql`.`db` TO "
        "`wordle_owner`@`localhost`"
    ),
]


def upgrade() -> None:
    baseline_up(TABLES, ROWS, OBJECTS, GRANTS, OWNER_GRANTS, revision)


def downgrade() -> None:
    baseline_down(TABLES, OBJECTS, GRANTS, revision)
