-- wordle_set_setting(name, value): change one installation setting after checking the value:
-- time_zone (UTC, an offset such as +05:30, or a zone the server knows), first_day (a real
-- date written YYYY-MM-DD, or empty for the first published day; fixed once a puzzle is
-- published, so that puzzle numbers never change), max_tries (1-20), letter_hints (0-10),
-- player_names (account, created or any), publish_ahead (0-3660 days). Nothing is stored unless the
-- value is valid. Error WD011 for an unknown setting or a bad value.
-- Result: the setting's row (name, value, description).
-- Reads: settings, puzzles. Writes: settings.
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_set_setting(
    IN p_name VARCHAR(64) CHARACTER SET ascii, IN p_value MEDIUMTEXT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Change an installation setting (validated)'
BEGIN
  DECLARE v_value MEDIUMTEXT DEFAULT TRIM(p_value);
  DECLARE v_problem VARCHAR(255);
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  IF NOT EXISTS (SELECT 1 FROM settings WHERE name = p_name) THEN
    SET v_problem = CONCAT('unknown setting ', _wordle_quote(p_name), ' (known: ',
                           (SELECT GROUP_CONCAT(name ORDER BY name SEPARATOR ', ') FROM settings), ')');
  ELSEIF v_value IS NULL THEN
    SET v_problem = CONCAT(p_name, ' needs a value');
  ELSEIF CHAR_LENGTH(v_value) > 255 THEN
    SET v_problem = 'a setting''s value is at most 255 characters';
  ELSEIF p_name = 'time_zone' THEN
    IF v_value NOT IN ('UTC', '+00:00') AND CONVERT_TZ(UTC_TIMESTAMP(), '+00:00', v_value) IS NULL THEN
      SET v_problem = CONCAT('time zone ', _wordle_quote(v_value), ' is unknown to the server (use UTC, an offset such as +02:00, or load the zone tables with mariadb-tzinfo-to-sql)');
    END IF;
  ELSEIF p_name = 'first_day' THEN
    IF v_value <> '' AND (v_value NOT REGEXP '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                          OR DATE(v_value) IS NULL OR DATE(v_value) < '1000-01-01') THEN
      SET v_problem = 'first_day must be a real date written YYYY-MM-DD, or empty';
    ELSEIF v_value <> wordle_setting('first_day') AND EXISTS (SELECT 1 FROM puzzles) THEN
      SET v_problem = CONCAT('first_day is fixed once a puzzle is published, so that puzzle numbers never change (it is ',
                             QUOTE(wordle_setting('first_day')), ')');
    END IF;
  ELSEIF p_name IN ('max_tries', 'letter_hints') THEN
    IF v_value NOT REGEXP '^[0-9]{1,2}$'
       OR CAST(v_value AS UNSIGNED) NOT BETWEEN IF(p_name = 'max_tries', 1, 0) AND IF(p_name = 'max_tries', 20, 10) THEN
      SET v_problem = CONCAT(p_name, IF(p_name = 'max_tries', ' must be a number from 1 to 20', ' must be a number from 0 to 10'));
    END IF;
  ELSEIF p_name = 'player_names' AND v_value NOT IN ('account', 'created', 'any') THEN
    SET v_problem = 'player_names must be account, created or any';
  ELSEIF p_name = 'publish_ahead' AND (v_value NOT REGEXP '^[0-9]{1,4}$'
                                       OR CAST(v_value AS UNSIGNED) > 3660) THEN
    SET v_problem = 'publish_ahead must be a number of days from 0 to 3660';
  END IF;
  IF v_problem IS NOT NULL THEN
    SIGNAL SQLSTATE 'WD011' SET MESSAGE_TEXT = v_problem;
  END IF;
  UPDATE settings SET value = v_value WHERE name = p_name;
  SELECT name, value, description FROM settings WHERE name = p_name;
  COMMIT AND NO CHAIN NO RELEASE;
END
