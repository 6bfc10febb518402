-- wordle_puzzle_number_on(channel, day): the puzzle number of a day in a channel (NULL: the
-- default channel). Number 1 is the channel's first_day. Also refuses hostile session
-- settings (_wordle_session_check).
-- Errors: WD060 no such channel.
-- Reads: settings, channels.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_puzzle_number_on(
    p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, p_day DATE)
RETURNS INT
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Puzzle number of a day in a channel'
BEGIN
  DECLARE v_id SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  CALL _wordle_session_check();
  CALL _wordle_channel(p_channel, v_id, v_today);
  RETURN DATEDIFF(p_day, (SELECT first_day FROM channels WHERE id = v_id)) + 1;
END
