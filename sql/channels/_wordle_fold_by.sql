-- _wordle_fold_by(word, accents): the word as a channel with that accent rule plays it:
-- 'keep' leaves it as it is; 'fold' folds every letter that has a fold (letter_folds: é -> e,
-- œ -> oe, ß -> ss); 'fold except ñ' (any letters after "fold except ") folds the others and
-- keeps those, as Spanish daily games keep ñ and fold the acute accents.
-- Reads: positions, letter_folds.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_fold_by(
    p_word MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    p_accents VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: a word folded by a channel''s accent rule'
RETURN IF(p_word IS NULL OR p_accents NOT LIKE 'fold%' OR p_word NOT REGEXP '[^a-z]'
          OR CHAR_LENGTH(p_word) > (SELECT MAX(n) FROM positions), p_word,
          (SELECT COALESCE(GROUP_CONCAT(COALESCE(f.folded, SUBSTRING(p_word, p.n, 1))
                                        ORDER BY p.n SEPARATOR ''), '')
           FROM positions p
           LEFT JOIN letter_folds f ON f.letter = SUBSTRING(p_word, p.n, 1)
                AND LOCATE(f.letter, IF(p_accents LIKE 'fold except %',
                                        SUBSTRING(p_accents, 13), '')) = 0
           WHERE p.n <= CHAR_LENGTH(p_word)))
