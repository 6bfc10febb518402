-- _wordle_settings_rows(name): internal. The rows of wordle_settings: every setting (NULL) or
-- the one named. The default channel's time_zone, first_day, max_tries and letter_hints are
-- listed with the installation settings, as before channels. Runs in the caller's transaction.
-- Reads: settings, channels.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_settings_rows(
    IN p_name VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: installation settings and the default channel''s'
SELECT name, value, description FROM (
  SELECT name, value, description FROM settings
  UNION ALL
  SELECT k.name, wordle_setting(k.name),
         CONCAT(k.description, ' (of the default channel ', c.name, '; see wordle_channel_set)')
  FROM (SELECT 'time_zone' AS name, 'the zone whose calendar day is "today" (UTC, +05:30, or a named zone)' AS description
        UNION ALL SELECT 'first_day', 'the day of puzzle number 1 (empty: the first published day)'
        UNION ALL SELECT 'max_tries', 'guesses allowed per game (1 to 20)'
        UNION ALL SELECT 'letter_hints', 'letters a player may have revealed per game (0 to 10)') k
  JOIN channels c ON c.name = (SELECT value FROM settings WHERE name = 'default_channel')
) s
WHERE p_name IS NULL OR name = p_name
ORDER BY name
