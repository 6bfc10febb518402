-- _wordle_player(name, create): internal. The id of player `name` (NULL if unknown and not
-- `create`), once the caller may use that name. An account whose role is wordle_player (see
-- mysql.roles_mapping) plays only as its own user name, unless setting player_names is 'any'
-- (a front end playing for its users); wordle_reader and wordle_publisher accounts cannot use
-- player names at all. Other accounts (administrators, the CLI as root) may use any name. A new
-- player records the account that created it.
-- Errors: WD038 bad name, WD039 a name this account may not use.
-- Reads: mysql.roles_mapping, players, settings. Writes: players.
-- revision: 0003
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_player(
    p_name VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, p_create BOOLEAN)
RETURNS INT UNSIGNED
NOT DETERMINISTIC MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: find or create a player the calling account may use'
BEGIN
  DECLARE v_user VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
    DEFAULT SUBSTRING_INDEX(SESSION_USER(), '@', 1);
  DECLARE v_role VARCHAR(128) DEFAULT (
    SELECT MIN(Role) FROM mysql.roles_mapping
    WHERE User = v_user AND Role IN ('wordle_player', 'wordle_reader', 'wordle_publisher')
      AND Admin_option = 'N');  -- who created a role holds it WITH ADMIN OPTION: not a player
  DECLARE v_id INT UNSIGNED;
  DECLARE v_message VARCHAR(255);
  IF p_name IS NULL OR CHAR_LENGTH(p_name) NOT BETWEEN 1 AND 64 OR p_name <> TRIM(p_name)
     OR p_name REGEXP '[[:cntrl:]]' THEN
    SIGNAL SQLSTATE 'WD038' SET MESSAGE_TEXT = 'a player name must be 1 to 64 characters, without control characters or surrounding spaces';
  END IF;
  IF v_role IN ('wordle_reader', 'wordle_publisher') THEN
    SIGNAL SQLSTATE 'WD039' SET MESSAGE_TEXT = 'this account cannot play or read players'' games';
  END IF;
  IF v_role = 'wordle_player' AND p_name <> v_user AND wordle_setting('player_names') <> 'any' THEN
    SET v_message = CONCAT('this account plays as ', QUOTE(v_user), ' only (setting player_names)');
    SIGNAL SQLSTATE 'WD039' SET MESSAGE_TEXT = v_message;
  END IF;
  SET v_id = (SELECT id FROM players WHERE name = p_name);
  IF v_id IS NULL AND p_create THEN
    INSERT INTO players (name, account) VALUES (p_name, v_user)
    ON DUPLICATE KEY UPDATE id = LAST_INSERT_ID(id);
    SET v_id = LAST_INSERT_ID();
  END IF;
  RETURN v_id;
END
