-- wordle_channel_add(name, language, letters, max_tries, letter_hints, accents, time_zone):
-- create a channel, a daily puzzle of its own beside the others (administrators). NULL takes
-- the default: language en, max_tries 6, letter_hints 2, accents 'fold' for fr, it and pt (as
-- their daily games play é as e), 'fold except ñ' for es (ñ is a letter of its own, á is
-- played as a) and 'keep' for the others (German keeps ä ö ü ß), time_zone the default
-- channel's. Number 1 is today in its zone (first_day: change it with wordle_channel_set
-- before the first publication). Its words come with wordle_import_words_on(name, ...). Result:
-- the channel's row of wordle_channels.
-- Errors: WD061 a bad name, length or accent rule, WD062 the name is taken, WD011 a setting.
-- Reads: settings, channels, positions, letter_folds. Writes: channels.
-- revision: 0042
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_channel_add(
    IN p_name MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_language MEDIUMTEXT CHARACTER SET utf8mb4, IN p_letters INT,
    IN p_max_tries INT, IN p_letter_hints INT, IN p_accents MEDIUMTEXT CHARACTER SET utf8mb4,
    IN p_time_zone MEDIUMTEXT CHARACTER SET utf8mb4)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Create a channel (administrators)'
BEGIN
  DECLARE v_id SMALLINT UNSIGNED;
  DECLARE v_message VARCHAR(255);
  DECLARE v_accents MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT
    COALESCE(p_accents, CASE WHEN p_language IN ('fr', 'it', 'pt') THEN 'fold'
                             WHEN p_language = 'es' THEN 'fold except ñ' ELSE 'keep' END);
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  IF p_name IS NULL OR p_name NOT REGEXP '^[a-z0-9_-]{1,16}$' THEN
    SIGNAL SQLSTATE 'WD061' SET MESSAGE_TEXT = 'a channel name is 1 to 16 characters among a-z, 0-9, _ and -';
  END IF;
  IF p_letters IS NULL OR p_letters NOT BETWEEN 2 AND 32 THEN
    SIGNAL SQLSTATE 'WD061' SET MESSAGE_TEXT = 'a channel''s words have 2 to 32 letters';
  END IF;
  IF NOT (v_accents IN ('keep', 'fold') OR (
      CHAR_LENGTH(v_accents) <= 40 AND v_accents REGEXP '^fold except [^ ]+$'
      AND NOT EXISTS (SELECT 1 FROM positions p
                      WHERE p.n <= CHAR_LENGTH(v_accents) - 12
                        AND NOT EXISTS (SELECT 1 FROM letter_folds f
                                        WHERE f.letter = SUBSTRING(v_accents, 12 + p.n, 1))))) THEN
    SIGNAL SQLSTATE 'WD061' SET MESSAGE_TEXT = 'accents must be keep (é is a letter of its own), fold (é is played as e) or fold except and the letters kept (fold except ñ)';
  END IF;
  IF EXISTS (SELECT 1 FROM channels WHERE name = p_name) THEN
    SET v_message = CONCAT('there is already a channel ', p_name);
    SIGNAL SQLSTATE 'WD062' SET MESSAGE_TEXT = v_message;
  END IF;
  INSERT INTO channels (name, language, letters, max_tries, letter_hints, accents, time_zone,
                        first_day)
  SELECT p_name, 'en', p_letters, 6, 2, v_accents, time_zone, '1000-01-01'
  FROM channels
  WHERE name = (SELECT value FROM settings WHERE name = 'default_channel')
  UNION ALL SELECT p_name, 'en', p_letters, 6, 2, v_accents, 'UTC', '1000-01-01'
  LIMIT 1;
  SET v_id = (SELECT id FROM channels WHERE name = p_name);
  IF p_language IS NOT NULL THEN CALL _wordle_channel_change(v_id, 'language', p_language); END IF;
  IF p_max_tries IS NOT NULL THEN CALL _wordle_channel_change(v_id, 'max_tries', p_max_tries); END IF;
  IF p_letter_hints IS NOT NULL THEN CALL _wordle_channel_change(v_id, 'letter_hints', p_letter_hints); END IF;
  IF p_time_zone IS NOT NULL THEN CALL _wordle_channel_change(v_id, 'time_zone', p_time_zone); END IF;
  UPDATE channels SET first_day = _wordle_date_in(time_zone) WHERE id = v_id;
  CALL _wordle_channel_list(p_name, TRUE);
  COMMIT AND NO CHAIN NO RELEASE;
END
