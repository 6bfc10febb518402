-- _wordle_session_bump(player id, OUT generation): internal. Starts a new session generation
-- for the player: every front-end session (a web cookie) signed for an earlier generation
-- stops working, and the player's pending transfer codes and register challenges are
-- withdrawn (a code made before would carry the player to a device on the new generation).
-- Called on sign-up (the first passkey), on removal of a passkey and on "sign out
-- everywhere", inside the caller's transaction; the player's row stays locked until it ends.
-- Reads: players. Writes: players, transfer_codes, passkey_challenges.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_session_bump(
    IN p_player INT UNSIGNED, OUT o_generation INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: a new session generation for a player'
BEGIN
  UPDATE players SET session_generation = session_generation + 1 WHERE id = p_player;
  SELECT session_generation INTO o_generation FROM players WHERE id = p_player;
  DELETE FROM transfer_codes WHERE player_id = p_player;
  DELETE FROM passkey_challenges WHERE player_id = p_player;
END
