-- _wordle_channel(channel, OUT id, OUT today): internal. The channel a call names (NULL: the
-- setting default_channel) and today's date in its time zone, from the real clock. Every
-- channel-aware routine finds its channel here (on every guess: the clock is read apart, as a
-- function called in a statement that reads tables makes it open more).
-- Errors: WD060 no such channel, WD010 (the channel's zone is unknown to the server).
-- Reads: settings, channels.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_channel(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    OUT o_id SMALLINT UNSIGNED, OUT o_today DATE)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: a channel''s id and today in its time zone'
BEGIN
  DECLARE v_zone VARCHAR(64) CHARACTER SET utf8mb4;
  DECLARE v_message VARCHAR(512);  -- a message is at most 512 characters
  IF p_channel IS NULL THEN
    SELECT MAX(c.id), MAX(c.time_zone) INTO o_id, v_zone  -- none: NULLs
    FROM settings s JOIN channels c ON c.name = s.value WHERE s.name = 'default_channel';
  ELSE
    SELECT MAX(id), MAX(time_zone) INTO o_id, v_zone FROM channels WHERE name = p_channel;
  END IF;
  IF o_id IS NULL THEN
    SET v_message = CONCAT('there is no channel ', _wordle_quote(LEFT(COALESCE(p_channel,
                             (SELECT value FROM settings WHERE name = 'default_channel')), 40)), ' (known: ',
                           _wordle_channel_names(), ')');
    SIGNAL SQLSTATE 'WD060' SET MESSAGE_TEXT = v_message;
  END IF;
  SET o_today = _wordle_date_in(v_zone);
END
