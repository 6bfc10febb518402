-- wordle_check_on(channel, guess, day): check one guess against the word of a channel's `day`
-- (NULL: today) without recording anything: the stateless game of `wordle-db guess WORD`.
-- Unlimited tries, so it is for administrators; players use wordle_play_on. Today is published
-- first if needed. Result: one row (channel, day, number, guess, hint, solved).
-- Errors: WD030 future day, WD031 no puzzle that day, WD032 wrong length, WD033 not a word of
-- the channel, WD060 no such channel.
-- Reads: settings, channels, puzzles, words, channel_words.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_check_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_guess MEDIUMTEXT, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Hint for a guess against a channel''s day, recording nothing (administrators)'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_day, v_today DATE;
  DECLARE v_answer, v_guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_hint VARCHAR(32);
  DECLARE v_number INT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_find_puzzle(p_channel, p_day, v_channel, v_day, v_answer, v_number, v_today);
  CALL _wordle_check_guess(v_channel, v_answer, p_guess, v_guess);
  SET v_hint = wordle_hint(v_answer, v_guess);
  SELECT c.name AS channel, v_day AS day, v_number AS number,
         v_guess AS guess, v_hint AS hint, v_hint = REPEAT('2', CHAR_LENGTH(v_hint)) AS solved
  FROM channels c WHERE c.id = v_channel;
  COMMIT AND NO CHAIN NO RELEASE;
END
