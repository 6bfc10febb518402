-- wordle_set_setting(name, value): change one installation setting after checking the value:
-- player_names (account, created or any), publish_ahead (0-3660 days), default_channel (an
-- existing channel). The settings that shape a game (time_zone, first_day, max_tries,
-- letter_hints) belong to each channel: here they change the default channel's, checked as
-- wordle_channel_set checks them. Nothing is stored unless the value is valid. Error WD011 for
-- an unknown setting or a bad value.
-- Result: the setting's row (name, value, description).
-- A new player_names drops the players' access decisions kept so far (_wordle_access_changed).
-- Reads: settings, channels, puzzles. Writes: settings, channels, access_version,
-- player_access.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_set_setting(
    IN p_name VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci, IN p_value MEDIUMTEXT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Change an installation setting (validated)'
BEGIN
  DECLARE v_value MEDIUMTEXT DEFAULT TRIM(p_value);
  DECLARE v_problem VARCHAR(512);  -- a message is at most 512 characters
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  IF p_name IN ('time_zone', 'first_day', 'max_tries', 'letter_hints') THEN
    CALL _wordle_channel(NULL, v_channel, v_today);
    CALL _wordle_channel_change(v_channel, p_name, p_value);
    CALL _wordle_settings_rows(p_name);
    COMMIT AND NO CHAIN NO RELEASE;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM settings WHERE name = p_name) THEN
      SET v_problem = CONCAT('unknown setting ', _wordle_quote(p_name), ' (known: ',
                             (SELECT GROUP_CONCAT(name ORDER BY name SEPARATOR ', ') FROM settings),
                             ', and the default channel''s first_day, letter_hints, max_tries, time_zone)');
    ELSEIF v_value IS NULL THEN
      SET v_problem = CONCAT(p_name, ' needs a value');
    ELSEIF CHAR_LENGTH(v_value) > 255 THEN
      SET v_problem = 'a setting''s value is at most 255 characters';
    ELSEIF p_name = 'player_names' AND v_value NOT IN ('account', 'created', 'any') THEN
      SET v_problem = 'player_names must be account, created or any';
    ELSEIF p_name = 'publish_ahead' AND (v_value NOT REGEXP '^[0-9]{1,4}$'
                                         OR CAST(v_value AS UNSIGNED) > 3660) THEN
      SET v_problem = 'publish_ahead must be a number of days from 0 to 3660';
    ELSEIF p_name = 'default_channel' AND NOT EXISTS (SELECT 1 FROM channels WHERE name = v_value) THEN
      SET v_problem = CONCAT('there is no channel ', _wordle_quote(v_value), ' (known: ',
                             _wordle_channel_names(), ')');
    END IF;
    IF v_problem IS NOT NULL THEN
      SIGNAL SQLSTATE 'WD011' SET MESSAGE_TEXT = v_problem;
    END IF;
    UPDATE settings SET value = v_value WHERE name = p_name;
    IF p_name = 'player_names' THEN
      CALL _wordle_access_changed();
    END IF;
    CALL _wordle_settings_rows(p_name);
    COMMIT AND NO CHAIN NO RELEASE;
  END IF;
END
