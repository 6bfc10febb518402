-- _wordle_title(channel id, day): internal. What a game's day is called in share texts and
-- on boards: 'wordle-db #12', or 'wordle-db fr #12' outside the default channel.
-- Reads: settings, channels.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_title(
    p_channel SMALLINT UNSIGNED, p_day DATE)
RETURNS VARCHAR(64) CHARACTER SET utf8mb4
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the title of a channel''s day'
RETURN (SELECT CONCAT('wordle-db ',
                      IF(name = (SELECT value FROM settings WHERE name = 'default_channel'), '',
                         CONCAT(name, ' ')),
                      '#', DATEDIFF(p_day, COALESCE(first_day, p_day)) + 1)
        FROM channels WHERE id = p_channel)
