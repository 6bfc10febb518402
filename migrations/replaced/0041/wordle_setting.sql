-- wordle_setting(name): the value of one installation setting, NULL when there is none. The
-- settings that shape a game (max_tries, letter_hints, time_zone, first_day) belong to each
-- channel: for them it returns the default channel's value.
-- Reads: settings, channels.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_setting(
    p_name VARCHAR(64) CHARACTER SET ascii)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'The value of an installation setting'
RETURN COALESCE(
  (SELECT value FROM settings WHERE name = p_name),
  (SELECT CASE p_name WHEN 'max_tries' THEN max_tries WHEN 'letter_hints' THEN letter_hints
                      WHEN 'time_zone' THEN time_zone WHEN 'first_day' THEN COALESCE(first_day, '') END
   FROM channels
   WHERE name = (SELECT value FROM settings WHERE name = 'default_channel')))
