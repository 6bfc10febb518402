-- _wordle_fold(word): the word with its accents folded (letter_folds: é -> e, œ -> oe,
-- ß -> ss), as a channel with accents = 'fold' plays it. Letters without a fold stay.
-- Reads: positions, letter_folds.
-- revision: 0007
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_fold(
    p_word MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: a word with its accents folded'
RETURN IF(p_word IS NULL OR CHAR_LENGTH(p_word) > (SELECT MAX(n) FROM positions), p_word,
          (SELECT COALESCE(GROUP_CONCAT(COALESCE(f.folded, SUBSTRING(p_word, p.n, 1))
                                        ORDER BY p.n SEPARATOR ''), '')
           FROM positions p
           LEFT JOIN letter_folds f ON f.letter = SUBSTRING(p_word, p.n, 1)
           WHERE p.n <= CHAR_LENGTH(p_word)))
