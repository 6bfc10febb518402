-- _wordle_game_session(game id, generation): internal. Refuses a move in a game for a session
-- of any other generation than the game's player's current one (NULL: not checked), reading
-- the player's row with a shared lock held to the end of the caller's transaction, so a new
-- generation (_wordle_session_bump, which writes the row) waits for the move or the move sees
-- it: a front end's cached view of the generation cannot let an ended session play.
-- Errors: WD096 that session has ended.
-- Reads: games, players.
-- revision: 0027
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_game_session(
    IN p_game INT UNSIGNED, IN p_generation INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: refuse a move of an ended session generation'
BEGIN
  DECLARE v_generation INT UNSIGNED;
  IF p_generation IS NOT NULL THEN
    SELECT p.session_generation INTO v_generation
    FROM games g JOIN players p ON p.id = g.player_id WHERE g.id = p_game LOCK IN SHARE MODE;
    IF NOT (p_generation <=> v_generation) THEN
      SIGNAL SQLSTATE 'WD096' SET MESSAGE_TEXT = 'this session has ended (signed out on another device, or signed up since): sign in again';
    END IF;
  END IF;
END
