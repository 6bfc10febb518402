-- wordle_today_on(channel): today's date in the channel's time zone (NULL: the default
-- channel), from the real clock, whatever the session's clock or zone (see _wordle_date_in).
-- Also refuses hostile session settings (_wordle_session_check).
-- Errors: WD060 no such channel, WD010 unknown time zone, WD012 (see _wordle_session_check).
-- Reads: settings, channels.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_today_on(
    p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS DATE
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Today in a channel''s time zone, from the real clock'
BEGIN
  DECLARE v_id SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  CALL _wordle_session_check();
  CALL _wordle_channel(p_channel, v_id, v_today);
  RETURN v_today;
END
