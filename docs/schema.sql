-- The tables of wordle-db at the latest migration, as MariaDB 10.11 shows them (SHOW
-- CREATE TABLE, without AUTO_INCREMENT counters): the data model in one place. The migrations
-- in migrations/versions/ create them; the routines and views are in sql/. Written by
-- `WORDLE_DB_WRITE_SCHEMA=1 ./dev test -k schema_doc`, and checked by that test.

CREATE TABLE `access_version` (
  `id` tinyint(3) unsigned NOT NULL,
  `version` bigint(20) unsigned NOT NULL,
  `skip_name_resolve` tinyint(1) DEFAULT NULL,
  PRIMARY KEY (`id`),
  CONSTRAINT `access_version_one_row` CHECK (`id` = 1)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `account_access` (
  `account` varchar(384) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `node` varchar(300) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `version` bigint(20) unsigned NOT NULL,
  `connection` bigint(20) unsigned NOT NULL,
  `after` bigint(20) unsigned NOT NULL,
  `role` enum('player','admin') CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `login` varchar(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  PRIMARY KEY (`account`,`node`,`version`,`connection`),
  KEY `account_access_version` (`version`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `alembic_version` (
  `version_num` varchar(32) NOT NULL,
  PRIMARY KEY (`version_num`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `answer_pool` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `slot` int(10) unsigned NOT NULL,
  `word_id` int(10) unsigned NOT NULL,
  PRIMARY KEY (`channel_id`,`slot`),
  UNIQUE KEY `channel_word` (`channel_id`,`word_id`),
  KEY `word_id` (`word_id`),
  CONSTRAINT `answer_pool_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`),
  CONSTRAINT `answer_pool_word` FOREIGN KEY (`word_id`) REFERENCES `words` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `attempts` (
  `game_id` int(10) unsigned NOT NULL,
  `attempt` tinyint(3) unsigned NOT NULL,
  `guess` varchar(32) NOT NULL,
  `hint` varchar(32) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `played_at` timestamp(6) NOT NULL DEFAULT current_timestamp(6),
  PRIMARY KEY (`game_id`,`attempt`),
  UNIQUE KEY `game_guess` (`game_id`,`guess`),
  CONSTRAINT `attempts_game` FOREIGN KEY (`game_id`) REFERENCES `games` (`id`),
  CONSTRAINT `attempts_number` CHECK (`attempt` between 1 and 20)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin;

CREATE TABLE `channels` (
  `id` smallint(5) unsigned NOT NULL AUTO_INCREMENT,
  `name` varchar(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `language` varchar(16) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `letters` tinyint(3) unsigned NOT NULL,
  `max_tries` tinyint(3) unsigned NOT NULL,
  `letter_hints` tinyint(3) unsigned NOT NULL,
  `accents` varchar(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `time_zone` varchar(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL,
  `first_day` date NOT NULL,
  `created_at` timestamp(6) NOT NULL DEFAULT current_timestamp(6),
  PRIMARY KEY (`id`),
  UNIQUE KEY `name` (`name`),
  CONSTRAINT `channels_name` CHECK (`name` regexp '^[a-z0-9_-]{1,16}$'),
  CONSTRAINT `channels_language` CHECK (`language` regexp '^(?-i)[a-z]{2,3}(-[a-z0-9]{2,8})?$'),
  CONSTRAINT `channels_letters` CHECK (`letters` between 2 and 32),
  CONSTRAINT `channels_max_tries` CHECK (`max_tries` between 1 and 20),
  CONSTRAINT `channels_letter_hints` CHECK (`letter_hints` <= 10)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `channel_words` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `word_id` int(10) unsigned NOT NULL,
  `is_answer` tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (`channel_id`,`word_id`),
  KEY `word_id` (`word_id`),
  CONSTRAINT `channel_words_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`),
  CONSTRAINT `channel_words_word` FOREIGN KEY (`word_id`) REFERENCES `words` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `games` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `player_id` int(10) unsigned NOT NULL,
  `channel_id` smallint(5) unsigned NOT NULL,
  `day` date NOT NULL,
  `hard` tinyint(1) NOT NULL DEFAULT 0,
  `state` enum('playing','won','lost') NOT NULL DEFAULT 'playing',
  `attempts` tinyint(3) unsigned NOT NULL DEFAULT 0,
  `max_tries` tinyint(3) unsigned NOT NULL,
  `revealed` tinyint(3) unsigned NOT NULL DEFAULT 0,
  `archive` tinyint(1) NOT NULL DEFAULT 0,
  `started_at` timestamp(6) NOT NULL DEFAULT current_timestamp(6),
  `finished_at` timestamp(6) NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `player_channel_day` (`player_id`,`channel_id`,`day`),
  KEY `channel_day` (`channel_id`,`day`),
  KEY `finished` (`player_id`,`channel_id`,`day`,`state`),
  CONSTRAINT `games_player` FOREIGN KEY (`player_id`) REFERENCES `players` (`id`),
  CONSTRAINT `games_puzzle` FOREIGN KEY (`channel_id`, `day`) REFERENCES `puzzles` (`channel_id`, `day`),
  CONSTRAINT `games_attempts` CHECK (`attempts` <= `max_tries`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `leagues` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `name` varchar(40) NOT NULL,
  `creator_id` int(10) unsigned NOT NULL,
  `code_hash` binary(32) NOT NULL,
  `created_at` timestamp(6) NOT NULL DEFAULT current_timestamp(6),
  PRIMARY KEY (`id`),
  UNIQUE KEY `code_hash` (`code_hash`),
  KEY `creator` (`creator_id`,`name`),
  CONSTRAINT `leagues_creator` FOREIGN KEY (`creator_id`) REFERENCES `players` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `league_members` (
  `league_id` int(10) unsigned NOT NULL,
  `player_id` int(10) unsigned NOT NULL,
  `league_name` varchar(40) NOT NULL,
  `nickname` varchar(24) NOT NULL,
  `nickname_key` binary(32) NOT NULL,
  `joined_at` timestamp(6) NOT NULL DEFAULT current_timestamp(6),
  `nickname_weights` binary(32) GENERATED ALWAYS AS (unhex(sha2(weight_string(`nickname` collate utf8mb4_uca1400_ai_ci,0,0,1),256))) STORED,
  PRIMARY KEY (`league_id`,`player_id`),
  UNIQUE KEY `player_league_name` (`player_id`,`league_name`),
  UNIQUE KEY `league_nickname_key` (`league_id`,`nickname_key`),
  UNIQUE KEY `league_nickname_weights` (`league_id`,`nickname_weights`),
  CONSTRAINT `league_members_league` FOREIGN KEY (`league_id`) REFERENCES `leagues` (`id`) ON DELETE CASCADE,
  CONSTRAINT `league_members_player` FOREIGN KEY (`player_id`) REFERENCES `players` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `letters` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `letter` varchar(1) NOT NULL,
  PRIMARY KEY (`channel_id`,`letter`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin;

CREATE TABLE `letter_folds` (
  `letter` varchar(1) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `folded` varchar(2) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  PRIMARY KEY (`letter`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `lookalikes` (
  `ch` varchar(1) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `looks_like` varchar(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  PRIMARY KEY (`ch`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci COMMENT='What a character looks like (wordle_db/lookalikes.py)';

CREATE TABLE `node_accounts` (
  `node` varchar(300) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `user` varchar(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `host` varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `present` tinyint(1) NOT NULL,
  `admin` tinyint(1) NOT NULL,
  `role` enum('player','reader','publisher') CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `connection` bigint(20) unsigned NOT NULL DEFAULT 0,
  `server_run` bigint(20) NOT NULL DEFAULT 0,
  `behind` tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (`node`,`user`,`host`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `passkeys` (
  `credential_id` varbinary(1023) NOT NULL,
  `player_id` int(10) unsigned NOT NULL,
  `public_key` varbinary(1024) NOT NULL,
  `sign_count` int(10) unsigned NOT NULL DEFAULT 0,
  `label` varchar(40) NOT NULL,
  `created_at` datetime(6) NOT NULL,
  `last_used_at` datetime(6) DEFAULT NULL,
  PRIMARY KEY (`credential_id`),
  KEY `player` (`player_id`),
  CONSTRAINT `passkeys_player` FOREIGN KEY (`player_id`) REFERENCES `players` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `passkey_challenges` (
  `challenge_hash` binary(32) NOT NULL,
  `purpose` enum('register','sign in') CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `player_id` int(10) unsigned DEFAULT NULL,
  `expires_at` datetime(6) NOT NULL,
  PRIMARY KEY (`challenge_hash`),
  KEY `expires` (`expires_at`),
  KEY `passkey_challenges_player` (`player_id`),
  CONSTRAINT `passkey_challenges_player` FOREIGN KEY (`player_id`) REFERENCES `players` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `players` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `name` varchar(64) NOT NULL,
  `account` varchar(128) NOT NULL,
  `own` tinyint(1) GENERATED ALWAYS AS (`account` = `name`) STORED,
  `created_at` timestamp(6) NOT NULL DEFAULT current_timestamp(6),
  `session_generation` int(10) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY (`id`),
  UNIQUE KEY `name_own` (`name`,`own`),
  KEY `account` (`account`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin;

CREATE TABLE `player_access` (
  `account` varchar(384) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `name` varchar(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `version` bigint(20) unsigned NOT NULL,
  `player_id` int(10) unsigned NOT NULL,
  `node` varchar(300) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL DEFAULT '',
  `after` bigint(20) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY (`account`,`name`,`version`),
  KEY `player_access_player` (`player_id`),
  KEY `player_access_version` (`version`),
  CONSTRAINT `player_access_player` FOREIGN KEY (`player_id`) REFERENCES `players` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `positions` (
  `n` tinyint(3) unsigned NOT NULL,
  PRIMARY KEY (`n`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `puzzles` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `day` date NOT NULL,
  `word_id` int(10) unsigned NOT NULL,
  `picked` enum('random','editor') NOT NULL,
  `published_at` timestamp(6) NOT NULL DEFAULT current_timestamp(6),
  PRIMARY KEY (`channel_id`,`day`),
  UNIQUE KEY `channel_word` (`channel_id`,`word_id`),
  KEY `word_id` (`word_id`),
  CONSTRAINT `puzzles_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`),
  CONSTRAINT `puzzles_word` FOREIGN KEY (`word_id`) REFERENCES `words` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `revealed_letters` (
  `game_id` int(10) unsigned NOT NULL,
  `position` tinyint(3) unsigned NOT NULL,
  `revealed_at` timestamp(6) NOT NULL DEFAULT current_timestamp(6),
  PRIMARY KEY (`game_id`,`position`),
  CONSTRAINT `revealed_game` FOREIGN KEY (`game_id`) REFERENCES `games` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `server_accounts` (
  `user` varchar(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `host` varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `admin` tinyint(1) NOT NULL,
  `role` enum('player','reader','publisher') CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `seen_at` timestamp(6) NOT NULL,
  PRIMARY KEY (`user`,`host`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `settings` (
  `name` varchar(64) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `value` varchar(255) NOT NULL,
  `description` varchar(255) NOT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_answers` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `answer_no` smallint(5) unsigned NOT NULL,
  `word_id` int(10) unsigned NOT NULL,
  PRIMARY KEY (`channel_id`,`answer_no`),
  UNIQUE KEY `word_id` (`channel_id`,`word_id`),
  KEY `solver_answers_word` (`word_id`),
  CONSTRAINT `solver_answers_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`) ON DELETE CASCADE,
  CONSTRAINT `solver_answers_word` FOREIGN KEY (`word_id`) REFERENCES `words` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_codes` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `guess_no` mediumint(8) unsigned NOT NULL,
  `codes` mediumblob NOT NULL,
  PRIMARY KEY (`channel_id`,`guess_no`),
  CONSTRAINT `solver_codes_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_guesses` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `guess_no` mediumint(8) unsigned NOT NULL,
  `word_id` int(10) unsigned NOT NULL,
  `done` tinyint(1) NOT NULL DEFAULT 0,
  `opening_rank` mediumint(8) unsigned DEFAULT NULL,
  `opening_expected` double DEFAULT NULL,
  `opening_entropy` double DEFAULT NULL,
  `opening_candidate` tinyint(1) DEFAULT NULL,
  `opening_parts` int(10) unsigned DEFAULT NULL,
  `hard_rank` mediumint(8) unsigned DEFAULT NULL,
  PRIMARY KEY (`channel_id`,`guess_no`),
  UNIQUE KEY `word_id` (`channel_id`,`word_id`),
  KEY `done` (`channel_id`,`done`),
  KEY `opening_rank` (`channel_id`,`opening_rank`),
  KEY `hard_rank` (`channel_id`,`hard_rank`),
  KEY `solver_guesses_word` (`word_id`),
  CONSTRAINT `solver_guesses_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`) ON DELETE CASCADE,
  CONSTRAINT `solver_guesses_word` FOREIGN KEY (`word_id`) REFERENCES `words` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_letters` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `answers` tinyint(1) NOT NULL,
  `no` mediumint(8) unsigned NOT NULL,
  `l1` int(10) unsigned NOT NULL,
  `l2` int(10) unsigned NOT NULL,
  `l3` int(10) unsigned NOT NULL,
  `l4` int(10) unsigned NOT NULL,
  `l5` int(10) unsigned NOT NULL,
  `l6` int(10) unsigned NOT NULL,
  `l7` int(10) unsigned NOT NULL,
  `l8` int(10) unsigned NOT NULL,
  `l9` int(10) unsigned NOT NULL,
  `l10` int(10) unsigned NOT NULL,
  `r1` tinyint(1) NOT NULL,
  `r2` tinyint(1) NOT NULL,
  `r3` tinyint(1) NOT NULL,
  `r4` tinyint(1) NOT NULL,
  `r5` tinyint(1) NOT NULL,
  `r6` tinyint(1) NOT NULL,
  `r7` tinyint(1) NOT NULL,
  `r8` tinyint(1) NOT NULL,
  `r9` tinyint(1) NOT NULL,
  `r10` tinyint(1) NOT NULL,
  PRIMARY KEY (`channel_id`,`answers`,`no`),
  CONSTRAINT `solver_letters_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_nodes` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `run_id` int(10) unsigned NOT NULL,
  `node` int(10) unsigned NOT NULL,
  `parent` int(10) unsigned DEFAULT NULL,
  `depth` tinyint(3) unsigned NOT NULL,
  `code` smallint(5) unsigned DEFAULT NULL,
  `guess_no` mediumint(8) unsigned DEFAULT NULL,
  `size` int(10) unsigned NOT NULL,
  `history` varchar(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `expanded` tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (`run_id`,`node`),
  KEY `pending` (`run_id`,`expanded`,`node`),
  KEY `parent` (`run_id`,`parent`),
  KEY `channel` (`channel_id`),
  CONSTRAINT `solver_nodes_run` FOREIGN KEY (`run_id`) REFERENCES `solver_runs` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_node_answers` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `run_id` int(10) unsigned NOT NULL,
  `node` int(10) unsigned NOT NULL,
  `answer_no` smallint(5) unsigned NOT NULL,
  PRIMARY KEY (`run_id`,`node`,`answer_no`),
  KEY `channel` (`channel_id`),
  CONSTRAINT `solver_node_answers_run` FOREIGN KEY (`run_id`) REFERENCES `solver_runs` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_results` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `run_id` int(10) unsigned NOT NULL,
  `answer_no` smallint(5) unsigned NOT NULL,
  `guesses` tinyint(3) unsigned NOT NULL,
  PRIMARY KEY (`run_id`,`answer_no`),
  KEY `channel` (`channel_id`),
  CONSTRAINT `solver_results_run` FOREIGN KEY (`run_id`) REFERENCES `solver_runs` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_runs` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `channel_id` smallint(5) unsigned NOT NULL,
  `hard` tinyint(1) NOT NULL,
  `opener_no` mediumint(8) unsigned NOT NULL,
  `started_at` timestamp(6) NOT NULL DEFAULT current_timestamp(6),
  `finished_at` timestamp(6) NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `channel` (`channel_id`,`id`),
  CONSTRAINT `solver_runs_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_state` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `letters` tinyint(3) unsigned NOT NULL,
  `answers` int(10) unsigned NOT NULL,
  `guesses` int(10) unsigned NOT NULL,
  `prepared_at` timestamp(6) NOT NULL DEFAULT current_timestamp(6),
  `built_at` timestamp(6) NULL DEFAULT NULL,
  PRIMARY KEY (`channel_id`),
  CONSTRAINT `solver_state_channel` FOREIGN KEY (`channel_id`) REFERENCES `channels` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_work` (
  `work` binary(16) NOT NULL,
  `started_at` timestamp(6) NOT NULL DEFAULT current_timestamp(6),
  PRIMARY KEY (`work`),
  KEY `started_at` (`started_at`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_work_candidates` (
  `work` binary(16) NOT NULL,
  `word_id` int(10) unsigned NOT NULL,
  `answer_no` smallint(5) unsigned DEFAULT NULL,
  PRIMARY KEY (`work`,`word_id`),
  KEY `answer_no` (`work`,`answer_no`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_work_considered` (
  `work` binary(16) NOT NULL,
  `guess_no` mediumint(8) unsigned NOT NULL,
  PRIMARY KEY (`work`,`guess_no`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_work_look` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `work` binary(16) NOT NULL,
  `guess_no` mediumint(8) unsigned NOT NULL,
  `code` smallint(5) unsigned NOT NULL,
  `best` double NOT NULL,
  `worst` int(10) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY (`channel_id`,`work`,`guess_no`,`code`),
  KEY `work` (`work`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_work_pairs` (
  `work` binary(16) NOT NULL,
  `n` int(10) unsigned NOT NULL,
  `guess` varchar(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `hint` varchar(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  `pattern` varchar(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT NULL,
  `revealed` varchar(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT NULL,
  PRIMARY KEY (`work`,`n`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_work_parts` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `work` binary(16) NOT NULL,
  `guess_no` mediumint(8) unsigned NOT NULL,
  `answer_no` smallint(5) unsigned NOT NULL,
  `code` smallint(5) unsigned NOT NULL,
  `size` int(10) unsigned NOT NULL,
  PRIMARY KEY (`channel_id`,`work`,`guess_no`,`answer_no`),
  KEY `part` (`channel_id`,`work`,`guess_no`,`code`),
  KEY `work` (`work`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_work_ranking` (
  `work` binary(16) NOT NULL,
  `position` int(10) unsigned NOT NULL,
  `guess_no` mediumint(8) unsigned NOT NULL,
  `expected_left` double NOT NULL,
  `entropy` double NOT NULL,
  `is_candidate` tinyint(1) NOT NULL,
  PRIMARY KEY (`work`,`position`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_work_scores` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `work` binary(16) NOT NULL,
  `guess_no` mediumint(8) unsigned NOT NULL,
  `position` int(10) unsigned NOT NULL,
  `score` double NOT NULL,
  PRIMARY KEY (`channel_id`,`work`,`guess_no`),
  KEY `work` (`work`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `solver_work_words` (
  `channel_id` smallint(5) unsigned NOT NULL,
  `work` binary(16) NOT NULL,
  `word_id` int(10) unsigned NOT NULL,
  `is_answer` tinyint(1) NOT NULL,
  PRIMARY KEY (`channel_id`,`work`,`word_id`),
  KEY `work` (`work`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `transfer_codes` (
  `code_hash` binary(32) NOT NULL,
  `player_id` int(10) unsigned NOT NULL,
  `expires_at` datetime(6) NOT NULL,
  PRIMARY KEY (`code_hash`),
  KEY `player` (`player_id`),
  KEY `expires` (`expires_at`),
  CONSTRAINT `transfer_codes_player` FOREIGN KEY (`player_id`) REFERENCES `players` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `words` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `word` varchar(32) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `word` (`word`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin;
