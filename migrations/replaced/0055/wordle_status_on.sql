-- wordle_status_on(channel): one row describing a channel (NULL: the default one), never a
-- word: schema revision, the channel, its word counts, answer words never published
-- (answers_left), today's date in its zone and whether its puzzle is published, today's puzzle
-- number, days scheduled ahead, and how long the words last: days_left (from today, days
-- already published plus answers left) and words_until, the last such day.
-- Errors: WD060 no such channel.
-- Reads: alembic_version, settings, channels, channel_words, answer_pool, puzzles.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_status_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Counts and today''s state of a channel, without any word'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_left, v_covered INT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, v_channel, v_today);
  SET v_left = (SELECT COUNT(*) FROM answer_pool WHERE channel_id = v_channel),
      v_covered = (SELECT COUNT(*) FROM puzzles WHERE channel_id = v_channel AND day >= v_today);
  SELECT (SELECT version_num FROM alembic_version LIMIT 1) AS schema_revision,
         c.name AS channel,
         _wordle_int((SELECT COUNT(*) FROM channel_words WHERE channel_id = v_channel)) AS words_allowed,
         _wordle_int((SELECT COUNT(*) FROM channel_words WHERE channel_id = v_channel AND is_answer))
           AS words_answers,
         v_left AS answers_left,
         v_today AS today,
         EXISTS (SELECT 1 FROM puzzles WHERE channel_id = v_channel AND day = v_today) AS today_published,
         DATEDIFF(v_today, COALESCE(c.first_day, v_today)) + 1 AS puzzle_number,
         _wordle_int((SELECT COUNT(*) FROM puzzles WHERE channel_id = v_channel AND day > v_today))
           AS days_scheduled,
         _wordle_int(v_covered + v_left) AS days_left,
         v_today + INTERVAL (v_covered + v_left - 1) DAY AS words_until,
         c.time_zone
  FROM channels c WHERE c.id = v_channel;
  COMMIT AND NO CHAIN NO RELEASE;
END
