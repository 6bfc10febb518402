-- _wordle_check_guess(channel id, answer, guess, OUT word): internal. The guess, lowered (and folded
-- by the channel's accent rule, _wordle_fold_by), if it may be played against `answer`: the same number of
-- letters (else WD032) and an accepted word of the channel (else WD033). A procedure, not a
-- function: a function called in a statement opens every table it might read on each call.
-- Reads: channels, words, channel_words, positions, letter_folds.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_check_guess(
    IN p_channel SMALLINT UNSIGNED,
    IN p_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    OUT o_word VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: check and lower a guess'
BEGIN
  DECLARE v_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT LOWER(p_guess);
  DECLARE v_known BOOLEAN;
  DECLARE v_accents VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_message VARCHAR(255);
  -- The channel's accent rule and, if it keeps accents, the answer too: one statement.
  SELECT c.accents, EXISTS (SELECT 1 FROM words w
                                     JOIN channel_words cw ON cw.word_id = w.id AND cw.channel_id = c.id
                                     WHERE w.word = v_guess)
    INTO v_accents, v_known
  FROM channels c WHERE c.id = p_channel;
  IF v_accents LIKE 'fold%' THEN
    SET v_guess = _wordle_fold_by(v_guess, v_accents),
        v_known = EXISTS (SELECT 1 FROM words w
                          JOIN channel_words cw ON cw.word_id = w.id AND cw.channel_id = p_channel
                          WHERE w.word = v_guess);
  END IF;
  IF v_guess IS NULL OR CHAR_LENGTH(v_guess) <> CHAR_LENGTH(p_answer) THEN
    SET v_message = CONCAT('a guess must have ', CHAR_LENGTH(p_answer), ' letters');
    SIGNAL SQLSTATE 'WD032' SET MESSAGE_TEXT = v_message;
  END IF;
  IF NOT v_known THEN
    SET v_message = CONCAT(_wordle_quote(v_guess), ' is not an accepted word');
    SIGNAL SQLSTATE 'WD033' SET MESSAGE_TEXT = v_message;
  END IF;
  SET o_word = v_guess;
END
