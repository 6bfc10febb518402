-- _wordle_player(name, create): internal. The id of player `name` (NULL if unknown and not
-- `create`). A name belongs to the database account that first played it (the user part of
-- SESSION_USER()); another account may use it only when setting player_names is 'any'.
-- Errors: WD038 bad name, WD039 the name belongs to another account.
-- Reads: players, settings. Writes: players.
-- revision: 0003
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_player(
    p_name VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, p_create BOOLEAN)
RETURNS INT UNSIGNED
NOT DETERMINISTIC MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: find or create a player owned by the calling account'
BEGIN
  DECLARE v_account VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
    DEFAULT SUBSTRING_INDEX(SESSION_USER(), '@', 1);
  DECLARE v_id INT UNSIGNED;
  DECLARE v_message VARCHAR(255);
  IF p_name IS NULL OR CHAR_LENGTH(p_name) NOT BETWEEN 1 AND 64 OR p_name <> TRIM(p_name)
     OR p_name REGEXP '[[:cntrl:]]' THEN
    SIGNAL SQLSTATE 'WD038' SET MESSAGE_TEXT = 'a player name must be 1 to 64 characters, without control characters or surrounding spaces';
  END IF;
  SET v_id = (SELECT id FROM players WHERE name = p_name);
  IF v_id IS NULL THEN
    IF NOT p_create THEN
      RETURN NULL;
    END IF;
    INSERT INTO players (name, account) VALUES (p_name, v_account)
    ON DUPLICATE KEY UPDATE id = LAST_INSERT_ID(id);
    SET v_id = LAST_INSERT_ID();
  END IF;
  IF (SELECT account FROM players WHERE id = v_id) <> v_account
     AND wordle_setting('player_names') <> 'any' THEN
    SET v_message = CONCAT('player ', QUOTE(p_name), ' belongs to another account');
    SIGNAL SQLSTATE 'WD039' SET MESSAGE_TEXT = v_message;
  END IF;
  RETURN v_id;
END
