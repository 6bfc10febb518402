-- wordle_import_begin(): start a word import: creates (or empties) the session's temporary
-- table word_import (line, word, error). Fill it with INSERT, then CALL wordle_import_words.
-- Reads: nothing.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_import_begin()
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Create the temporary table word_import for wordle_import_words'
CREATE OR REPLACE TEMPORARY TABLE word_import (
  line INT UNSIGNED NOT NULL PRIMARY KEY,
  word VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  error VARCHAR(100) CHARACTER SET utf8mb4 NULL
) ENGINE=InnoDB
