-- _wordle_channel_change(channel id, key, value): internal. Validate and store one setting
-- of a channel: max_tries (1-20), letter_hints (0-10), time_zone (known to the server, not
-- SYSTEM, and never moving today back before a published day: players would find their day
-- in the future; before the first puzzle, a first_day that was today moves to the new zone's
-- today, so that the first puzzle can be published at once), first_day (YYYY-MM-DD; fixed once
-- the channel has a puzzle, so numbers never change), language (a code, lower case). letters and accents are fixed when the channel is created (its words
-- were chosen for them). Runs inside the caller's transaction.
-- Errors: WD011 (the value is refused, with the reason).
-- Reads: channels, puzzles. Writes: channels.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_channel_change(
    IN p_id SMALLINT UNSIGNED, IN p_key MEDIUMTEXT CHARACTER SET utf8mb4,
    IN p_value MEDIUMTEXT CHARACTER SET utf8mb4)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: validate and store a channel setting'
BEGIN
  DECLARE v_value MEDIUMTEXT CHARACTER SET utf8mb4 DEFAULT TRIM(p_value);
  DECLARE v_first DATE DEFAULT (SELECT first_day FROM channels WHERE id = p_id);
  DECLARE v_today DATE DEFAULT (SELECT _wordle_date_in(time_zone) FROM channels WHERE id = p_id);
  DECLARE v_played DATE DEFAULT (SELECT MAX(day) FROM puzzles WHERE channel_id = p_id AND day <= v_today);
  DECLARE v_problem VARCHAR(255);
  -- Conditions, not assignments: a bad date is a warning here, not the server's error.
  IF v_value IS NULL THEN
    SET v_problem = CONCAT(_wordle_quote(LEFT(p_key, 64)), ' needs a value');
  ELSEIF CHAR_LENGTH(v_value) > 64 THEN
    SET v_problem = 'a channel setting''s value is at most 64 characters';
  ELSEIF p_key IN ('letters', 'accents') THEN
    SET v_problem = CONCAT(p_key, ' is chosen when a channel is created (its words were imported for it): add another channel');
  ELSEIF p_key = 'max_tries' AND (v_value NOT REGEXP '^[0-9]{1,2}$' OR CAST(v_value AS UNSIGNED) NOT BETWEEN 1 AND 20) THEN
    SET v_problem = 'max_tries must be a number from 1 to 20';
  ELSEIF p_key = 'letter_hints' AND (v_value NOT REGEXP '^[0-9]{1,2}$' OR CAST(v_value AS UNSIGNED) > 10) THEN
    SET v_problem = 'letter_hints must be a number from 0 to 10';
  ELSEIF p_key = 'time_zone' AND (v_value = 'SYSTEM' OR v_value NOT IN ('UTC', '+00:00')
         AND CONVERT_TZ(UTC_TIMESTAMP(), '+00:00', v_value) IS NULL) THEN
    SET v_problem = CONCAT('time zone ', _wordle_quote(v_value), ' is unknown to the server (use UTC, an offset such as +02:00, or load the zone tables with mariadb-tzinfo-to-sql)');
  ELSEIF p_key = 'time_zone' AND _wordle_date_in(v_value) < v_played THEN
    SET v_problem = CONCAT('in time zone ', _wordle_quote(v_value), ' today would be ', _wordle_date_in(v_value),
                           ', before the published day ', v_played, ': change the zone after that day');
  ELSEIF p_key = 'first_day' AND (v_value NOT REGEXP '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                                  OR DATE(v_value) IS NULL OR DATE(v_value) < '1000-01-01') THEN
    SET v_problem = 'first_day must be a real date written YYYY-MM-DD';
  ELSEIF p_key = 'first_day' AND DATE(v_value) <> v_first
         AND EXISTS (SELECT 1 FROM puzzles WHERE channel_id = p_id) THEN
    SET v_problem = CONCAT('first_day is fixed once a puzzle is published, so that puzzle numbers never change (it is ''', v_first, ''')');
  ELSEIF p_key = 'language' AND v_value NOT REGEXP '^(?-i)[a-z]{2,3}(-[a-z0-9]{2,8})?$' THEN
    SET v_problem = 'language must be a language code such as en, fr or pt-br';
  ELSEIF p_key NOT IN ('max_tries', 'letter_hints', 'time_zone', 'first_day', 'language') THEN
    SET v_problem = CONCAT('unknown channel setting ', _wordle_quote(LEFT(p_key, 64)),
                  ' (known: first_day, language, letter_hints, max_tries, time_zone)');
  END IF;
  IF v_problem IS NOT NULL THEN
    SIGNAL SQLSTATE 'WD011' SET MESSAGE_TEXT = v_problem;
  END IF;
  UPDATE channels
     SET max_tries = IF(p_key = 'max_tries', CAST(v_value AS UNSIGNED), max_tries),
         letter_hints = IF(p_key = 'letter_hints', CAST(v_value AS UNSIGNED), letter_hints),
         time_zone = IF(p_key = 'time_zone', v_value, time_zone),
         first_day = CASE
           WHEN p_key = 'first_day' THEN DATE(v_value)
           WHEN p_key = 'time_zone' AND v_first = v_today
                AND NOT EXISTS (SELECT 1 FROM puzzles WHERE channel_id = p_id)
             THEN _wordle_date_in(v_value)
           ELSE first_day END,
         language = IF(p_key = 'language', v_value, language)
   WHERE id = p_id;
END
