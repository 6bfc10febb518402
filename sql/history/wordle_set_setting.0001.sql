-- wordle_set_setting(name, value): change one installation setting after checking the value:
-- time_zone (UTC, an offset such as +05:30, or a zone the server knows), first_day (a date no
-- later than the first published puzzle, or empty for the first published day), max_tries (1-20), letter_hints (0-10), player_names
-- (account or any). Error WD011 for an unknown setting or a bad value.
-- Result: the setting's row (name, value, description).
-- Reads: settings, puzzles. Writes: settings.
-- revision: 0001
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_set_setting(
    IN p_name VARCHAR(64) CHARACTER SET ascii, IN p_value VARCHAR(255))
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Change an installation setting (validated)'
BEGIN
  DECLARE v_value VARCHAR(255) DEFAULT TRIM(p_value);
  DECLARE v_problem VARCHAR(255);
  IF NOT EXISTS (SELECT 1 FROM settings WHERE name = p_name) THEN
    SET v_problem = CONCAT('unknown setting ', QUOTE(p_name), ' (known: ',
                           (SELECT GROUP_CONCAT(name ORDER BY name SEPARATOR ', ') FROM settings), ')');
  ELSEIF p_name = 'time_zone' THEN
    IF v_value NOT IN ('UTC', '+00:00') AND CONVERT_TZ(UTC_TIMESTAMP(), '+00:00', v_value) IS NULL THEN
      SET v_problem = CONCAT('time zone ', QUOTE(v_value), ' is unknown to the server (use UTC, an offset such as +02:00, or load the zone tables with mariadb-tzinfo-to-sql)');
    END IF;
  ELSEIF p_name = 'first_day' AND v_value <> '' THEN
    IF v_value NOT REGEXP '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
       OR DATE_FORMAT(STR_TO_DATE(v_value, '%Y-%m-%d'), '%Y-%m-%d') <=> v_value IS NOT TRUE THEN
      SET v_problem = 'first_day must be a date written YYYY-MM-DD, or empty';
    ELSEIF EXISTS (SELECT 1 FROM puzzles WHERE day < v_value) THEN
      SET v_problem = CONCAT('first_day cannot be after the first published puzzle (',
                             (SELECT MIN(day) FROM puzzles), ')');
    END IF;
  ELSEIF p_name IN ('max_tries', 'letter_hints') THEN
    IF v_value NOT REGEXP '^[0-9]{1,2}$'
       OR CAST(v_value AS UNSIGNED) NOT BETWEEN IF(p_name = 'max_tries', 1, 0) AND IF(p_name = 'max_tries', 20, 10) THEN
      SET v_problem = CONCAT(p_name, IF(p_name = 'max_tries', ' must be a number from 1 to 20', ' must be a number from 0 to 10'));
    END IF;
  ELSEIF p_name = 'player_names' AND v_value NOT IN ('account', 'any') THEN
    SET v_problem = 'player_names must be account or any';
  END IF;
  IF v_problem IS NOT NULL THEN
    SIGNAL SQLSTATE 'WD011' SET MESSAGE_TEXT = v_problem;
  END IF;
  UPDATE settings SET value = v_value WHERE name = p_name;
  SELECT name, value, description FROM settings WHERE name = p_name;
END
