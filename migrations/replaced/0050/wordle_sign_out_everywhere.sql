-- wordle_sign_out_everywhere(player, generation): ends every session of the player (a new session
-- generation: see _wordle_session_bump; its pending transfer codes are withdrawn too). The
-- front end gives the device that asked a session of the new generation. The player is
-- created if new. `generation`: the session generation of the caller's session (see
-- _wordle_session_current; NULL: not checked): an ended session cannot end the others.
-- Result: one row (generation: the new one).
-- Errors: WD096 that session has ended, WD038, WD039 (see wordle_play).
-- Reads: settings, server_accounts, players.
-- Writes: players, transfer_codes, passkey_challenges.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_sign_out_everywhere(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_generation INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'End every session of a player'
BEGIN
  DECLARE v_player, v_generation INT UNSIGNED;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_player(p_player, TRUE, v_player);
  CALL _wordle_session_current(v_player, p_generation);
  CALL _wordle_session_bump(v_player, v_generation);
  SELECT v_generation AS generation;
  COMMIT AND NO CHAIN NO RELEASE;
END
