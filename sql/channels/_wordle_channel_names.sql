-- _wordle_channel_names(): internal. The channels' names for a message that lists them
-- ("known: en, fr"): at most the first 12 by name, then ", ..." (a message is at most 512
-- characters).
-- Reads: channels.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_channel_names()
RETURNS VARCHAR(255) CHARACTER SET utf8mb4
READS SQL DATA SQL SECURITY INVOKER
COMMENT 'Internal: the channels'' names for a message'
RETURN (SELECT CONCAT(SUBSTRING_INDEX(GROUP_CONCAT(name ORDER BY name SEPARATOR ', '), ', ', 12),
                      IF(COUNT(*) > 12, ', ...', ''))
        FROM channels)
