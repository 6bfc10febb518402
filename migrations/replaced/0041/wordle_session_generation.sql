-- wordle_session_generation(player): the player's session generation, for a front end to
-- check the sessions it signed (a web cookie carries the generation it was made for): 0 until
-- the player signs up, then one more on every sign-up, passkey removal and sign-out
-- everywhere (wordle_sign_out_everywhere). A player that does not exist yet has 0. Changes
-- nothing.
-- Result: one row (generation).
-- Errors: WD038, WD039 (see wordle_play).
-- Reads: settings, server_accounts, players.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_session_generation(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'A player''s session generation'
BEGIN
  DECLARE v_player INT UNSIGNED;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_player(p_player, FALSE, v_player);
  SELECT COALESCE((SELECT session_generation FROM players WHERE id = v_player), 0) AS generation;
  COMMIT AND NO CHAIN NO RELEASE;
END
