-- _wordle_one_alphabet(text): internal. Whether `text` keeps to one alphabet where look-alikes
-- lurk: never Latin letters with Cyrillic or Greek ones, nor Cyrillic with Greek (a Cyrillic
-- 'а' in 'Аnn' would make a second Ann on a league board). Other mixes (kana with kanji,
-- letters with digits and signs) pass. Checked where a league name or nickname is made, not
-- where one is looked up: names made before keep working.
-- Reads: nothing.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_one_alphabet(
    p_text MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS BOOLEAN
DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: no letters of look-alike alphabets mixed'
RETURN p_text NOT REGEXP '^(?=.*\\p{Latin})(?=.*[\\p{Cyrillic}\\p{Greek}])|^(?=.*\\p{Cyrillic})(?=.*\\p{Greek})'
