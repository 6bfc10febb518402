-- wordle_today(): today's date in the configured time zone (setting time_zone, default UTC),
-- from the real clock, whatever the session's clock or zone (see _wordle_date_in). Also
-- refuses hostile session settings (_wordle_session_check).
-- Error WD010 when the zone is unknown to the server; WD012 (see _wordle_session_check).
-- Reads: settings.
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_today()
RETURNS DATE
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Today in the configured time zone, from the real clock'
BEGIN
  CALL _wordle_session_check();
  RETURN _wordle_date_in((SELECT value FROM settings WHERE name = 'time_zone'));
END
