-- _wordle_guess(channel id, answer, guess): internal. The guess, lowered (and folded in a
-- channel that folds accents), if it may be played against `answer`: the same number of
-- letters (else WD032) and an accepted word of the channel (else WD033).
-- Reads: channels, words, channel_words, positions, letter_folds.
-- revision: 0007
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_guess(
    p_channel SMALLINT UNSIGNED,
    p_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    p_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: check and lower a guess'
BEGIN
  DECLARE v_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT LOWER(p_guess);
  DECLARE v_message VARCHAR(255);
  IF (SELECT accents FROM channels WHERE id = p_channel) = 'fold' THEN
    SET v_guess = _wordle_fold(v_guess);
  END IF;
  IF v_guess IS NULL OR CHAR_LENGTH(v_guess) <> CHAR_LENGTH(p_answer) THEN
    SET v_message = CONCAT('a guess must have ', CHAR_LENGTH(p_answer), ' letters');
    SIGNAL SQLSTATE 'WD032' SET MESSAGE_TEXT = v_message;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM words w JOIN channel_words c ON c.word_id = w.id AND c.channel_id = p_channel
                 WHERE w.word = v_guess) THEN
    SET v_message = CONCAT(_wordle_quote(v_guess), ' is not an accepted word');
    SIGNAL SQLSTATE 'WD033' SET MESSAGE_TEXT = v_message;
  END IF;
  RETURN v_guess;
END
