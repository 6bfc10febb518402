-- wordle_next_puzzle_on(channel): seconds until the channel's next puzzle day begins in its
-- time zone (NULL: the default channel), from the real clock, whatever the session's clock or
-- zone: what a countdown shows. Real seconds, also across a change of daylight saving time.
-- Errors: WD060 no such channel, WD010 unknown time zone, WD012 (see _wordle_session_check).
-- Reads: settings, channels.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_next_puzzle_on(
    p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS INT
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Seconds until a channel''s next puzzle day begins'
BEGIN
  DECLARE v_id SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_zone VARCHAR(64) CHARACTER SET utf8mb4;
  DECLARE v_tomorrow DATETIME;
  CALL _wordle_session_check();
  CALL _wordle_channel(p_channel, v_id, v_today);
  SET v_zone = (SELECT time_zone FROM channels WHERE id = v_id),
      v_tomorrow = v_today + INTERVAL 1 DAY;
  -- Both ends in UTC; the real clock read as _wordle_date_in reads it.
  RETURN TIMESTAMPDIFF(SECOND, CONVERT_TZ(SYSDATE(), @@SESSION.time_zone, '+00:00'),
                       IF(v_zone IN ('UTC', '+00:00'), v_tomorrow, CONVERT_TZ(v_tomorrow, v_zone, '+00:00')));
END
