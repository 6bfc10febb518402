-- wordle_next_puzzle_in(): seconds until the next puzzle day begins in the configured time
-- zone (setting time_zone), from the real clock, whatever the session's clock or zone: what
-- a countdown shows. Real seconds, also across a change of daylight saving time.
-- Errors: WD010 (unknown time zone), WD012 (see _wordle_session_check).
-- Reads: settings.
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_next_puzzle_in()
RETURNS INT
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Seconds until the next puzzle day begins'
BEGIN
  DECLARE zone VARCHAR(255) CHARACTER SET utf8mb4 DEFAULT
    COALESCE((SELECT value FROM settings WHERE name = 'time_zone'), 'UTC');
  DECLARE tomorrow DATETIME DEFAULT _wordle_date_in(zone) + INTERVAL 1 DAY;
  CALL _wordle_session_check();
  -- Both ends in UTC; the real clock read as _wordle_date_in reads it.
  RETURN TIMESTAMPDIFF(SECOND, CONVERT_TZ(SYSDATE(), @@SESSION.time_zone, '+00:00'),
                       IF(zone IN ('UTC', '+00:00'), tomorrow, CONVERT_TZ(tomorrow, zone, '+00:00')));
END
