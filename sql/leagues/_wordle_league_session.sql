-- _wordle_league_session(player id, generation, lock): internal. A league change's check of
-- the caller's session: refuses a session of any other generation than the player's current
-- one (NULL: not checked, for a caller with sessions of its own; a player that does not exist
-- (NULL) has no session to end: its change is refused as a name the caller may not use, or
-- finds nothing). With `lock`, the player's
-- row is share-locked for the rest of the transaction, so that a new generation
-- (_wordle_session_bump's write) waits for the change or the change sees it; without, a plain
-- read, for the refusal before anything of the player is read (which league it is in).
-- The lock is shared and taken after the league's row, never before: a creator leaving reads
-- the heir's row (the foreign key of the league handed on), and a change holding its player's
-- row while waiting for a league, or an exclusive lock on it (_wordle_session_current's), let
-- two changes, or a change and another call of the heir queued for that row, wait for each
-- other (deadlocks found by the reviews of 0036: tests/leagues/test_league_locking.py).
-- Errors: WD096 that session has ended.
-- Reads: players.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_league_session(
    IN p_player INT UNSIGNED, IN p_generation INT UNSIGNED, IN p_lock BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: refuse an ended session generation in a league change'
BEGIN
  DECLARE v_generation INT UNSIGNED;
  IF p_player IS NULL THEN
    SET p_generation = NULL;
  ELSEIF p_lock THEN
    SELECT session_generation INTO v_generation FROM players WHERE id = p_player
    LOCK IN SHARE MODE;
  ELSE  -- a SELECT: `SET v = (SELECT ...)` would share-lock the row (a statement not a SELECT)
    SELECT session_generation INTO v_generation FROM players WHERE id = p_player;
  END IF;
  IF p_generation IS NOT NULL AND NOT (p_generation <=> v_generation) THEN
    SIGNAL SQLSTATE 'WD096' SET MESSAGE_TEXT = 'this session has ended (signed out on another device, or signed up since): sign in again';
  END IF;
END
