-- _wordle_session_current(player id, generation): internal. Locks the player's row (the lock
-- _wordle_session_bump takes) for the rest of the caller's transaction and refuses a session of
-- any other generation than the player's current one (NULL: not checked, for a caller with
-- sessions of its own). Every call that makes something lasting for a session (a transfer
-- code, a passkey, its removal, a sign-out everywhere) checks here, inside its own
-- transaction: a front end's cached view of the generation cannot let an ended session
-- through, nor can a race with the bump.
-- Errors: WD096 that session has ended.
-- Reads: players.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_session_current(
    IN p_player INT UNSIGNED, IN p_generation INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: lock a player and refuse an ended session generation'
BEGIN
  DECLARE v_generation INT UNSIGNED;
  SELECT session_generation INTO v_generation FROM players WHERE id = p_player FOR UPDATE;
  IF p_generation IS NOT NULL AND NOT (p_generation <=> v_generation) THEN
    SIGNAL SQLSTATE 'WD096' SET MESSAGE_TEXT = 'this session has ended (signed out on another device, or signed up since): sign in again';
  END IF;
END
