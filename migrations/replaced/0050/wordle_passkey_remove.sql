-- wordle_passkey_remove(player, generation, id): removes one of the player's passkeys, named by the id
-- wordle_passkeys shows. The last one may go too: the player then plays on wherever it is
-- signed in, and signs up again to add one. Every session of the player ends (a new session
-- generation, _wordle_session_bump): the front end gives the caller's device a new one.
-- `generation`: the session generation of the caller's session (see _wordle_session_current;
-- NULL: not checked).
-- Result: one row (passkeys: how many are left, generation: the new session generation).
-- Errors: WD090 no passkey of the player has that id, WD096 that session has ended, WD038, WD039 (see wordle_play).
-- Reads: settings, server_accounts, players, passkeys.
-- Writes: passkeys, players, transfer_codes, passkey_challenges.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_passkey_remove(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_generation INT UNSIGNED,
    IN p_id MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Remove one of a player''s passkeys'
BEGIN
  DECLARE v_player, v_generation INT UNSIGNED;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_player(p_player, FALSE, v_player);
  CALL _wordle_session_current(v_player, p_generation);
  DELETE FROM passkeys
  WHERE player_id = v_player AND LEFT(SHA2(credential_id, 256), 16) = LOWER(p_id)
    AND CHAR_LENGTH(p_id) = 16;
  IF ROW_COUNT() = 0 THEN
    SIGNAL SQLSTATE 'WD090' SET MESSAGE_TEXT = 'no passkey of yours has that id';
  END IF;
  CALL _wordle_session_bump(v_player, v_generation);
  SELECT _wordle_int(COUNT(*)) AS passkeys, v_generation AS generation
  FROM passkeys WHERE player_id = v_player;
  COMMIT AND NO CHAIN NO RELEASE;
END
