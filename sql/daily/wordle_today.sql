-- wordle_today(): today's date in the default channel's time zone: wordle_today_on(NULL).
-- Reads: settings, channels.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_today()
RETURNS DATE
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Today in the default channel''s time zone, from the real clock'
RETURN wordle_today_on(NULL)
