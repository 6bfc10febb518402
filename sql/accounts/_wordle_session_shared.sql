-- _wordle_session_shared(player id, generation): internal. _wordle_session_current with a
-- shared lock on the player's row: refuses a session of any other generation than the
-- player's current one (NULL: not checked), and a new generation (_wordle_session_bump's
-- write) waits for the caller's transaction or is seen by it. For the league changes, which
-- write nothing of the player's row: another player's league change may read the row too (the
-- foreign key check of a league handed on to that player when its creator leaves), and with
-- an exclusive lock the two would wait for each other (each holding its own player and
-- wanting the other's league or player: a deadlock, test_attack_review36).
-- Errors: WD096 that session has ended.
-- Reads: players.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_session_shared(
    IN p_player INT UNSIGNED, IN p_generation INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: refuse an ended session generation, the player shared-locked'
BEGIN
  DECLARE v_generation INT UNSIGNED;
  SELECT session_generation INTO v_generation FROM players WHERE id = p_player LOCK IN SHARE MODE;
  IF p_generation IS NOT NULL AND NOT (p_generation <=> v_generation) THEN
    SIGNAL SQLSTATE 'WD096' SET MESSAGE_TEXT = 'this session has ended (signed out on another device, or signed up since): sign in again';
  END IF;
END
