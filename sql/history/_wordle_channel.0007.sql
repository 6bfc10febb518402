-- _wordle_channel(channel, OUT id, OUT today): internal. The channel a call names (NULL: the
-- setting default_channel) and today's date in its time zone, from the real clock. Every
-- channel-aware routine finds its channel here.
-- Errors: WD060 no such channel, WD010 (the channel's zone is unknown to the server).
-- Reads: settings, channels.
-- revision: 0007
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_channel(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    OUT o_id SMALLINT UNSIGNED, OUT o_today DATE)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: a channel''s id and today in its time zone'
BEGIN
  DECLARE v_zone VARCHAR(64) CHARACTER SET utf8mb4;
  DECLARE v_message VARCHAR(255);
  SELECT id, time_zone INTO o_id, v_zone FROM channels
  WHERE name = COALESCE(p_channel, (SELECT value FROM settings WHERE name = 'default_channel'))
  LIMIT 1;
  IF o_id IS NULL THEN
    SET v_message = CONCAT('there is no channel ', _wordle_quote(LEFT(COALESCE(p_channel,
                             (SELECT value FROM settings WHERE name = 'default_channel')), 40)), ' (known: ',
                           (SELECT GROUP_CONCAT(name ORDER BY name SEPARATOR ', ') FROM channels), ')');
    SIGNAL SQLSTATE 'WD060' SET MESSAGE_TEXT = v_message;
  END IF;
  SET o_today = _wordle_date_in(v_zone);
END
