-- wordle_channels(): one row per channel, never a word: name, language, letters, max_tries,
-- letter_hints, accents, time_zone, first_day, today (in its zone), number (today's puzzle
-- number, NULL before the first publication), words (accepted), answers, answers_left (never
-- published), is_default.
-- Reads: settings, channels, channel_words, answer_pool.
-- revision: 0042
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_channels()
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'The channels and their settings and counts'
BEGIN
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel_list(NULL, TRUE);
  COMMIT AND NO CHAIN NO RELEASE;
END
