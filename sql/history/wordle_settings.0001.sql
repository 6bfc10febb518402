-- wordle_settings(): every installation setting as rows (name, value, description).
-- Reads: settings.
-- revision: 0001
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_settings()
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'All installation settings'
SELECT name, value, description FROM settings ORDER BY name
