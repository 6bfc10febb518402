-- wordle_transfer_redeem(code): uses up a transfer code (wordle_transfer_code) and returns its
-- player, to play as on this device. Case, spaces and dashes (any Unicode dash: a phone's
-- keyboard may type an en dash) do not matter. A wrong, used or expired code, one with any
-- other character, and one for a player the caller may not use, all get the same WD092; 60
-- random bits and the front end's rate limit leave nothing to guess.
-- Result: one row (player, generation: its session generation, for the new session).
-- Errors: WD092.
-- Reads: transfer_codes, players, settings, server_accounts. Writes: transfer_codes.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_transfer_redeem(
    IN p_code MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Use up a transfer code; returns its player'
BEGIN
  DECLARE v_player, v_check, v_generation INT UNSIGNED;
  DECLARE v_name VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_typed VARCHAR(41) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_code VARCHAR(64) CHARACTER SET ascii;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  SET v_typed = REGEXP_REPLACE(LEFT(p_code, 41), '[\\p{Pd}\\s]', '');
  IF CHAR_LENGTH(p_code) <= 40 AND v_typed REGEXP '^[0-9A-Za-z]*$' THEN  -- ASCII, as v_code
    SET v_code = UPPER(v_typed);
  END IF;
  SELECT t.player_id, p.name, p.session_generation INTO v_player, v_name, v_generation
  FROM transfer_codes t JOIN players p ON p.id = t.player_id
  WHERE t.code_hash = UNHEX(SHA2(v_code, 256)) AND v_code REGEXP '^[2-9A-HJ-NP-Z]{12}$'
    AND t.expires_at >= _wordle_utc_now()
  FOR UPDATE;
  IF v_player IS NOT NULL THEN
    BEGIN
      DECLARE EXIT HANDLER FOR SQLSTATE 'WD039' SET v_check = NULL;
      CALL _wordle_player(v_name, FALSE, v_check);
    END;
  END IF;
  IF v_player IS NULL OR v_check IS NULL OR v_check <> v_player THEN
    SIGNAL SQLSTATE 'WD092' SET MESSAGE_TEXT = 'that transfer code is wrong, used or expired: make a new one on your other device';
  END IF;
  DELETE FROM transfer_codes WHERE player_id = v_player;
  SELECT v_name AS player, v_generation AS generation;
  COMMIT AND NO CHAIN NO RELEASE;
END
