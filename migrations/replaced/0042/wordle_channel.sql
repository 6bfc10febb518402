-- wordle_channel(name): one channel with its settings and counts, as wordle_channels() lists
-- them (NULL: the default channel).
-- Result: one row (name, language, letters, max_tries, letter_hints, accents, time_zone,
-- first_day, today, number, words, answers, answers_left, is_default).
-- Errors: WD060 no such channel.
-- Reads: settings, channels, channel_words, answer_pool.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_channel(
    IN p_name MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'One channel and its settings and counts'
BEGIN
  DECLARE v_id SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_name VARCHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_name, v_id, v_today);
  SET v_name = (SELECT name FROM channels WHERE id = v_id);
  CALL _wordle_channel_rows(v_name);
  COMMIT AND NO CHAIN NO RELEASE;
END
