-- _wordle_guess(answer, guess): internal. The guess, lowered, if it may be played against
-- `answer`: the same number of letters (else WD032) and an accepted word (else WD033).
-- Reads: words.
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_guess(
    p_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    p_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: check and lower a guess'
BEGIN
  DECLARE v_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT LOWER(p_guess);
  DECLARE v_message VARCHAR(255);
  IF v_guess IS NULL OR CHAR_LENGTH(v_guess) <> CHAR_LENGTH(p_answer) THEN
    SET v_message = CONCAT('a guess must have ', CHAR_LENGTH(p_answer), ' letters');
    SIGNAL SQLSTATE 'WD032' SET MESSAGE_TEXT = v_message;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM words WHERE word = v_guess) THEN
    SET v_message = CONCAT(_wordle_quote(v_guess), ' is not an accepted word');
    SIGNAL SQLSTATE 'WD033' SET MESSAGE_TEXT = v_message;
  END IF;
  RETURN v_guess;
END
