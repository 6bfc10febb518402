-- wordle_setting(name): the value of one installation setting, NULL when there is none.
-- Reads: settings.
-- revision: 0001
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_setting(
    p_name VARCHAR(64) CHARACTER SET ascii)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'The value of an installation setting'
RETURN (SELECT value FROM settings WHERE name = p_name)
