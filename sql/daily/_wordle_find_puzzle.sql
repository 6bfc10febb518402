-- _wordle_find_puzzle(channel, day, OUT channel id, OUT day, OUT answer, OUT number, OUT today):
-- internal. The puzzle a guess is played against: the channel's (NULL: the default channel)
-- `day` (NULL: today in the channel's zone, also returned), its answer and its number; a
-- future day is refused (WD030); today is published first if the cron job has not run; a past
-- day without a puzzle is refused (WD031). Leaves a READ COMMITTED transaction open
-- (_wordle_begin): the calling procedure ends it with COMMIT.
-- Reads: settings, channels, puzzles, words (and publishes through _wordle_publish).
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_find_puzzle(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE,
    OUT o_channel SMALLINT UNSIGNED, OUT o_day DATE,
    OUT o_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    OUT o_number INT, OUT o_today DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: resolve the channel and day of a game, its answer and number'
BEGIN
  DECLARE v_published BOOLEAN;
  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, o_channel, o_today);
  SET o_day = COALESCE(p_day, o_today);
  IF o_day > o_today THEN
    SIGNAL SQLSTATE 'WD030' SET MESSAGE_TEXT = 'that day is in the future: its puzzle cannot be played yet';
  END IF;
  find: LOOP
    SELECT MAX(w.word), MAX(DATEDIFF(p.day, c.first_day)) + 1 INTO o_answer, o_number
    FROM puzzles p JOIN words w ON w.id = p.word_id JOIN channels c ON c.id = p.channel_id
    WHERE p.channel_id = o_channel AND p.day = o_day;
    IF o_answer IS NOT NULL OR o_day <> o_today OR v_published IS NOT NULL THEN
      LEAVE find;
    END IF;
    CALL _wordle_publish(o_channel, o_day, NULL, v_published);
    CALL _wordle_begin();
  END LOOP;
  IF o_answer IS NULL THEN
    SIGNAL SQLSTATE 'WD031' SET MESSAGE_TEXT = 'no puzzle was published for that day';
  END IF;
END
