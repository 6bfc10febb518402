-- wordle_league_code(player, generation, league): a new join code for one of the player's
-- leagues, for its creator only (the old code stops working: a code shared too widely is
-- withdrawn so).
-- Result: one row (league, code).
-- Errors: WD096 that session has ended, WD082 no such league of the player's, WD085 the player
-- did not create it, WD038, WD039 (see wordle_play).
-- Reads: settings, server_accounts, players, leagues, league_members. Writes: leagues.
-- `generation`: the session generation of the caller's session, checked in this transaction
-- (see _wordle_league_session; NULL: not checked, for a front end with sessions of its own; a
-- player that does not exist yet has no session to end).
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_league_code(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_generation INT UNSIGNED,
    IN p_league MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'A new join code for a league (its creator only)'
BEGIN
  DECLARE v_player, v_league INT UNSIGNED;
  DECLARE v_creator BOOLEAN;
  DECLARE v_code CHAR(32) CHARACTER SET ascii;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_player(p_player, FALSE, v_player);
  CALL _wordle_league_session(v_player, p_generation, FALSE);  -- before its leagues are read
  CALL _wordle_league(v_player, p_league, v_league, v_creator);
  IF NOT v_creator THEN
    SIGNAL SQLSTATE 'WD085' SET MESSAGE_TEXT = 'only the league''s creator may do that';
  END IF;
  CALL _wordle_league_code(v_league, v_code);  -- the league's row locked (its new code's hash)
  CALL _wordle_league_session(v_player, p_generation, TRUE);  -- then the player's
  SELECT (SELECT name FROM leagues WHERE id = v_league) AS league, v_code AS code;
  COMMIT AND NO CHAIN NO RELEASE;
END
